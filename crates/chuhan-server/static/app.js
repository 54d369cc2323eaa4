// chuhan serve: the lobby, the game page and the archive. User data only ever goes into
// the page through textContent and attribute setters, never as markup.

import { Board, boardSettings, parseFen, pieceStyleSelect, pieceWords, roleName, toFen } from "/static/board.js";
import { LANG, languageMenu, languageNotation, notationName, inPageLanguage, sideName, t, translatePage } from "/static/i18n.js";
import { moveBox } from "/static/movebox.js";
import { playSound, soundToggle } from "/static/sound.js";
import { analysis } from "/static/analysis.js";
import { database } from "/static/database.js";
import { seeksPanel } from "/static/seeks.js";
import { $, api, rowLink, scrollWithin, startOf } from "/static/util.js";
import { accountHeader, accountPage, authPage, me, profileHref } from "/static/account.js";
import { gamesList, profilePage } from "/static/profile.js";
import { puzzlesPage } from "/static/puzzles.js";

/** A ruling (a game's `end` or `pass_ends`) in the page's language: the server sends it in
 * every language (`reasons`), and in English (`reason`) for older clients. */
const ruling = (end) => inPageLanguage(end.reasons) || end.reason;

const tokenKey = (id) => `chuhan:token:${id}`;

function show(section) {
  for (const s of ["lobby", "game", "archive", "analysis", "ratings", "database", "login", "signup", "account", "profile", "puzzles"]) {
    $(s).hidden = s !== section;
  }
}

function message(text) { $("message").textContent = text || ""; }

/// What the lobby's side choice reads in each game: the colours the board draws (janggi's Cho
/// is blue and Han red, xiangqi's Red red and Black black).
const SIDE_LABELS = {
  xiangqi: ["lobby-side-red", "lobby-side-black"],
  janggi: ["lobby-side-cho", "lobby-side-han"],
};

/// The new-game form's fields kept for the next visit (in localStorage under LOBBY_KEY).
const LOBBY_KEY = "chuhan:lobby";
const LOBBY_FIELDS = ["variant", "mode", "side", "level", "clock", "minutes", "increment", "periods", "period",
  "cho_setup", "han_setup", "rated", "open"];

function lobby() {
  show("lobby");
  const form = $("create");
  const field = (name) => form.elements.namedItem(name);
  const q = new URLSearchParams(location.search);
  // The settings of the last game created in this browser come back (not its position, which
  // only a link brings); a link's own variant wins.
  try {
    const kept = JSON.parse(localStorage.getItem(LOBBY_KEY) || "{}");
    for (const name of LOBBY_FIELDS) {
      const el = field(name);
      if (!el || kept[name] === undefined) continue;
      if (el.type === "checkbox") el.checked = !!kept[name];
      else if (el.tagName !== "SELECT" || [...el.options].some((o) => o.value === kept[name])) el.value = kept[name];
    }
  } catch { /* nothing kept, or private mode */ }
  if (q.get("fen")) field("fen").value = q.get("fen");
  if (q.get("variant") === "janggi" || q.get("variant") === "xiangqi") field("variant").value = q.get("variant");
  const lobbyMessage = (text) => { $("lobby-message").textContent = text || ""; };
  // Only the fields that apply to the choices made are in view.
  const update = () => {
    const janggi = field("variant").value === "janggi", friend = field("mode").value === "friend";
    const [first, second] = SIDE_LABELS[janggi ? "janggi" : "xiangqi"];
    field("side").options[0].textContent = t(first);
    field("side").options[1].textContent = t(second);
    $("setups").hidden = !janggi || !!field("fen").value.trim();
    // In a friend game each player sets up their own formation (the friend when joining).
    const mine = field("side").value === "red" ? "cho-setup" : "han-setup";
    $("cho-setup").hidden = friend && mine !== "cho-setup";
    $("han-setup").hidden = friend && mine !== "han-setup";
    $("friend-setup").hidden = !friend;
    // chuhan's own engine has levels; another (`chuhan serve --engine`) plays at its strength.
    $("engine-field").hidden = friend || field("engine").options.length < 2;
    $("level-field").hidden = friend || field("engine").value !== "chuhan";
    $("rated-field").hidden = !friend;
    $("open-field").hidden = !friend;
    for (const l of form.querySelectorAll(".fischer-field")) l.hidden = field("clock").value !== "fischer";
    if (!(Number(field("periods").value) > 0)) field("period").closest("label").hidden = true;
  };
  for (const name of ["variant", "mode", "side", "clock", "engine"]) field(name).addEventListener("change", update);
  // The engines the server offers for engine games; the choice is kept in this browser.
  api("GET", "/api/engines").then((v) => {
    if (v.engines.length < 2) return;
    field("engine").replaceChildren(...v.engines.map((n) => {
      const o = document.createElement("option");
      o.value = n;
      o.textContent = n === v.default ? t("engine-builtin", { name: n }) : n;
      return o;
    }));
    const kept = localStorage.getItem("chuhan:game-engine");
    field("engine").value = v.engines.includes(kept) ? kept : v.default;
    update();
  }).catch(() => { /* chuhan's engine only */ });
  field("fen").addEventListener("input", update);
  field("periods").addEventListener("input", update);
  // Quick time controls: minutes+increment, the CXA rule, or none.
  for (const b of $("quick").querySelectorAll("button")) {
    b.addEventListener("click", () => {
      const tc = b.dataset.tc;
      if (tc === "cxa" || tc === "none") field("clock").value = tc;
      else {
        const [m, inc] = tc.split("+");
        field("clock").value = "fischer";
        field("minutes").value = m;
        field("increment").value = inc;
        field("periods").value = "0";
      }
      for (const x of $("quick").querySelectorAll("button")) x.classList.toggle("on", x === b);
      update();
    });
  }
  update();
  // Logged in, a game is played under the account's name: no name to type. Rated games move
  // ratings only between two accounts, which the rated box says either way.
  let account = null;
  me().then((who) => {
    account = who;
    // The server refuses a rated game to a guest: the box says why instead.
    field("rated").disabled = !who;
    if (!who) { field("rated").checked = false; return; }
    $("name-field").hidden = true;
    const link = document.createElement("a");
    link.href = profileHref(who.name);
    link.textContent = who.name;
    // The name's place in the sentence is the catalog's: its text around a marker.
    const [before, after] = t("lobby-playing-as", { name: "\u0000" }).split("\u0000");
    $("account-name").replaceChildren(before, link, after ?? "");
    $("account-name").hidden = false;
    $("rated-note").textContent = t("lobby-rated-note-account");
    $("seeks-note").textContent = t("seeks-note-account", { name: who.name });
  });
  seeksPanel({ tokenKey, name: () => (account ? "" : field("name").value.trim()) });
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    lobbyMessage("");
    const f = new FormData(e.target);
    const friend = f.get("mode") === "friend";
    // A friend game sends only the creator's formation; the friend chooses the other.
    const setups = friend
      ? (f.get("side") === "red" ? { cho_setup: f.get("cho_setup") } : { han_setup: f.get("han_setup") })
      : { cho_setup: f.get("cho_setup"), han_setup: f.get("han_setup") };
    try {
      const clock = f.get("clock");
      const g = await api("POST", "/api/games", {
        variant: f.get("variant"), mode: f.get("mode"), side: f.get("side"),
        ...(friend ? {} : { level: Number(f.get("level")), engine: f.get("engine") }),
        ...(clock !== "fischer" ? { clock } : {
          base_secs: Math.round(Number(f.get("minutes")) * 60), increment_secs: Number(f.get("increment")),
          periods: Number(f.get("periods")), period_secs: Number(f.get("periods")) > 0 ? Number(f.get("period")) : 0,
        }),
        ...(f.get("fen").trim() ? { fen: f.get("fen").trim() } : f.get("variant") === "janggi" ? setups : {}),
        ...(f.get("name").trim() && !account ? { name: f.get("name").trim() } : {}),
        rated: f.get("rated") === "on" && friend,
        ...(friend ? { open: f.get("open") === "on" } : {}),
      });
      if (f.get("name").trim() && !account) localStorage.setItem("chuhan:name", f.get("name").trim());
      const keep = {};
      for (const name of LOBBY_FIELDS) {
        const el = field(name);
        if (el) keep[name] = el.type === "checkbox" ? el.checked : el.value;
      }
      localStorage.setItem(LOBBY_KEY, JSON.stringify(keep));
      if (!friend) localStorage.setItem("chuhan:game-engine", f.get("engine"));
      localStorage.setItem(tokenKey(g.id), g.token);
      location.href = g.url;
    } catch (err) { lobbyMessage(err.message); }
  });
}

/// A clock's time: H:MM:SS, M:SS, and tenths under ten seconds (0:09.4).
function fmtClock(ms) {
  if (ms > 0 && ms < 10000) return `0:0${Math.floor(ms / 1000)}.${Math.floor((ms % 1000) / 100)}`;
  const s = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
  const mm = String(m).padStart(h ? 2 : 1, "0"), ss = String(sec).padStart(2, "0");
  return h ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}


/// The janggi counting of an ended or ending game, in words: "Cho 72 points; Han 72 + 1.5 = 73.5
/// points" (Han's 1.5 points for moving second decide a tie).
function countingWords(points) {
  if (!points) return "";
  const [cho, han] = points;
  return t("counting", { cho, han: han - 1.5, total: han });
}

/// Who wins by a PGN result, in a game's side names.
function winnerWords(result, sides) {
  return result === "1-0" ? t("side-wins", { side: sideName(sides[0]) })
    : result === "0-1" ? t("side-wins", { side: sideName(sides[1]) }) : t("a-draw");
}

/// The position after the first `plies` of `moves` from `startFen`, as FEN: enough to draw the
/// board when looking back at a move (the server checked the moves when they were played).
function fenAfter(startFen, moves, plies) {
  const pieces = parseFen(startFen);
  for (const m of moves.slice(0, plies)) {
    const from = m.mv.slice(0, 2), to = m.mv.slice(2, 4);
    if (from === to) continue; // a janggi pass
    pieces.set(to, pieces.get(from));
    pieces.delete(from);
  }
  return toFen(pieces, (startOf(startFen).turn + plies) % 2);
}

/// The last of `s.moves` in words, for the live region: "Red cannon h2 to e2 (炮二平五), takes
/// black horse. Check!".
function moveWords(s) {
  const n = s.moves.length, m = s.moves[n - 1];
  const mover = sideName(s.sides[(startOf(s.start_fen).turn + n - 1) % 2]);
  if (m.pass) return t("said-passes", { side: mover });
  const before = parseFen(fenAfter(s.start_fen, s.moves, n - 1));
  const from = m.mv.slice(0, 2), to = m.mv.slice(2, 4), piece = before.get(from), taken = before.get(to);
  const args = { side: mover, piece: piece ? roleName(piece[1]) : t("said-piece"), from, to, move: m.text };
  const words = taken ? t("said-move-takes", { ...args, taken: pieceWords(s.variant, taken[0], taken[1]) }) : t("said-move", args);
  return s.check && !s.end ? t("said-check", { words }) : words;
}

async function gamePage(id) {
  show("game");
  // `view`: the number of plies of the position shown when looking back, null for the live one.
  let state = null, received = 0, socket = null, flipped = false, retry = 500, view = null;
  // Whether the language's notation for the game's variant has been asked for (once).
  let askedNotation = false;
  // What was last said and sounded: the moves and the end seen (null before the first state,
  // so that opening a game announces nothing), and whether low time was already sounded.
  let heard = null, lowSounded = false;
  // Logged in, a seat taken here is the account's, under its name: no name field.
  // `loginToJoin`: the server refused this guest the seat (a rated game needs an account).
  let account = null, loginToJoin = false;
  me().then((who) => { account = who; if (state) render(); });
  const back = new URLSearchParams({ next: location.pathname });
  $("join-login-link").href = `/login?${back}`;
  $("join-signup-link").href = `/signup?${back}`;
  const board = new Board($("board"), (mv) => send({ type: "move", move: mv }));
  board.premoves = true;
  $("pgn").href = `/api/games/${encodeURIComponent(id)}/pgn`;
  const send = (obj) => {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(obj));
    else message(t("game-reconnecting"));
  };

  function connect() {
    const token = localStorage.getItem(tokenKey(id));
    const params = new URLSearchParams();
    // The player's choice, else the one the page's language brings (when the game has it).
    const notation = localStorage.getItem("chuhan:notation") || languageNotation(state ? state.variant : undefined);
    if (notation) params.set("notation", notation);
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    // The seat's token goes as a subprotocol, never in the address (which proxies log).
    const protocols = token ? ["chuhan", `token.${token}`] : ["chuhan"];
    socket = new WebSocket(`${proto}//${location.host}/api/games/${encodeURIComponent(id)}/ws?${params}`, protocols);
    socket.onopen = () => { retry = 500; };
    socket.onmessage = (e) => {
      let v;
      try { v = JSON.parse(e.data); } catch { return; }
      if (v.type === "error") { message(v.message); return; }
      if (v.type === "state") {
        message(""); const old = state; state = v; received = performance.now(); playPremove(old); render(); tell(old);
        // Both players agreed to a rematch while this page was open: go to it, seated.
        const r = v.rematch;
        if (old && !old.rematch.game && r.game && r.token) {
          localStorage.setItem(tokenKey(r.game), r.token);
          location.href = `/game/${encodeURIComponent(r.game)}`;
        }
      }
    };
    // Reconnects after the end too: a rematch offer and the chat still come over it.
    socket.onclose = () => {
      socket = null;
      setTimeout(connect, retry = Math.min(retry * 2, 10000));
    };
  }

  /// Shows the position after `plies` moves (null or the last: the live game). Looking back
  /// draws that position with no legal moves; the game itself goes on untouched.
  function setView(plies) {
    if (!state) return;
    const n = state.moves.length;
    view = plies === null || plies >= n ? null : Math.max(0, plies);
    render();
  }

  /// The premove queued on the board, once it is this player's turn: played if legal now,
  /// else dropped with a word why. Any end, or a takeback, drops it.
  function playPremove(old) {
    const s = state, mv = board.premove;
    if (!mv) return;
    if (s.end || s.you === null || (old && s.moves.length < old.moves.length)) { board.premove = null; return; }
    if (s.turn !== s.you) return;
    board.premove = null;
    if (s.legal.includes(mv)) send({ type: "move", move: mv });
    else message(t("game-premove-dropped", { move: mv }));
  }

  /// Says a new move, check or the end in the live region, and sounds it if sounds are on.
  function tell(old) {
    const s = state, n = s.moves.length, end = !!s.end;
    if (heard === null || !old) { heard = { n, end }; return; }
    const said = [];
    if (n === heard.n + 1 && n > 0) {
      said.push(moveWords(s));
      const m = s.moves[n - 1];
      const captured = !m.pass && parseFen(old.fen).has(m.mv.slice(2, 4)) && old.moves.length === n - 1;
      playSound(s.check ? "check" : captured ? "capture" : "move");
    } else if (n < heard.n) {
      said.push(t("said-taken-back", { side: sideName(s.sides[s.turn]) }));
    }
    if (end && !heard.end) said.push(t("said-game-over", { reason: ruling(s.end) }));
    // An offer by the other side is said and sounded (one's own is not: it was just made).
    let offered = false;
    for (const [key, id] of [["draw_offer", "offers-draw"], ["takeback_offer", "asks-takeback"]]) {
      if (!end && s[key] !== null && s[key] !== old[key] && s[key] !== s.you) {
        said.push(t(id, { side: sideName(s.sides[s[key]]) }));
        offered = true;
      }
    }
    if (offered && n === heard.n) playSound("offer");
    // One's own offer gone with no move, takeback or end: the other side declined it.
    for (const [key, id] of [["draw_offer", "said-declines-draw"], ["takeback_offer", "said-declines-takeback"]]) {
      if (!end && n === heard.n && s.you !== null && old[key] === s.you && s[key] === null) {
        said.push(t(id, { side: sideName(s.sides[1 - s.you]) }));
      }
    }
    heard = { n, end };
    if (said.length) $("announce").textContent = said.join(" ");
  }

  function drawBoard(s) {
    if (view === null) { board.render(s); return; }
    board.selected = null;
    board.render({
      ...s, fen: fenAfter(s.start_fen, s.moves, view), moves: s.moves.slice(0, view), legal: [],
      check: false, turn: (startOf(s.start_fen).turn + view) % 2, you: null,
    });
  }

  /// The rematch of a finished friend game: ask, agree, or follow the link to it.
  function renderRematch(s) {
    const r = s.rematch;
    const players = s.mode === "friend" && s.seats.every(Boolean);
    $("rematch-box").hidden = !(s.end && players && (s.you !== null || r.game));
    $("rematch").hidden = s.you === null || !!r.game;
    const mine = r.offered_by === s.you, theirs = r.offered_by !== null && !mine;
    $("rematch").textContent = t(theirs ? "game-accept-rematch" : "game-rematch");
    $("rematch").disabled = mine;
    $("rematch-status").textContent = r.game ? "" : mine ? t("game-rematch-offered")
      : theirs ? t("game-rematch-wanted", { side: sideName(s.sides[r.offered_by]) }) : "";
    $("rematch-link").hidden = !r.game;
    if (r.game) $("rematch-link").href = `/game/${encodeURIComponent(r.game)}`;
  }

  /// The chat of a friend game (none against the engine), unless this browser hides it.
  function renderChat(s) {
    $("chat-box").hidden = s.mode !== "friend";
    const hidden = localStorage.getItem("chuhan:chat-hidden") === "1";
    $("chat-hide").checked = hidden;
    $("chat-lines").hidden = hidden;
    $("chat-form").hidden = hidden;
    const list = $("chat-lines");
    if (hidden || list.childElementCount === s.chat.length && list.dataset.last === String(s.chat.at(-1)?.at)) return;
    list.replaceChildren(...s.chat.map((l) => {
      const li = document.createElement("li");
      const who = document.createElement("b");
      who.textContent = l.author;
      if (l.side !== null) who.className = `side-${l.side}`;
      li.append(who, t("chat-colon"), l.text);
      return li;
    }));
    list.dataset.last = String(s.chat.at(-1)?.at);
    list.scrollTop = list.scrollHeight;
  }

  function render() {
    const s = state;
    if (view !== null && view >= s.moves.length) view = null;
    board.flipped = board.userFlipped ? flipped : s.you === 1;
    drawBoard(s);
    const names = s.sides;
    // Sentences, joined with one period each.
    const parts = [];
    if (s.end) {
      // A player reads the result from their side first.
      if (s.you !== null) {
        const won = { "1-0": 0, "0-1": 1 }[s.end.result];
        parts.push(t(won === undefined ? "end-draw" : won === s.you ? "end-you-won" : "end-you-lost"));
      }
      // The server's ruling in the page's language, with the counting in words.
      if (s.end.points) parts.push(t("end-counting", { reason: ruling(s.end).replace(/[;；].*$/, ""), counting: countingWords(s.end.points) }));
      else parts.push(ruling(s.end));
      const rc = s.rating_change;
      if (rc) {
        const each = [0, 1].map((i) => t("end-rating", { name: s.names[i], before: String(rc.before[i]), after: String(rc.after[i]) }));
        parts.push(t("end-ratings", { list: each.join(t("list-comma")) }));
      }
    } else {
      const side = sideName(names[s.turn]);
      const who = s.you === s.turn ? "-you" : s.you === null ? "-watching" : "";
      parts.push(t(`status-to-move${s.check ? "-check" : ""}${who}`, { side }));
      // Janggi's bikjang leaves only the moves that break it, and a pass: say why.
      if (s.bikjang) parts.push(t("status-bikjang", { side }));
      if (s.draw_offer !== null) parts.push(t("offers-draw", { side: sideName(names[s.draw_offer]) }));
      if (s.takeback_offer !== null) parts.push(t("asks-takeback", { side: sideName(names[s.takeback_offer]) }));
      if (s.clock && s.moves.length < 2) parts.push(t("status-clocks-start"));
    }
    // Each part a sentence: the catalogs end theirs; the server's reason gets the page's stop.
    $("status").textContent = parts.map((p) => (/[.!?。！？]$/.test(p) ? p : t("sentence", { text: p }))).join(t("sentence-gap"));
    $("viewing").hidden = view === null;
    $("viewing").textContent = view === null ? ""
      : view === 0 ? t("game-viewing-start") : t("game-viewing-move", { move: view, total: s.moves.length });
    const playing = s.you !== null && !s.end;
    $("resign").hidden = !playing;
    $("newgame-box").hidden = !s.end;
    renderRematch(s);
    renderChat(s);
    if (!playing) $("resign-confirm").hidden = true;
    $("move-entry").hidden = !playing;
    // The opening in the page's language where the server names it so, else its two names.
    $("opening").textContent = inPageLanguage(s.openings) || s.opening || "";
    $("draw").hidden = !playing || s.mode === "engine";
    $("draw").textContent = t(s.draw_offer !== null && s.draw_offer !== s.you ? "game-accept-draw" : "game-offer-draw");
    $("takeback").hidden = !playing || s.moves.length === 0;
    $("takeback").textContent = t(s.takeback_offer !== null && s.takeback_offer !== s.you ? "game-accept-takeback" : "game-takeback");
    // The other side's offers can be declined (a move declines them too, as before).
    const theirs = (o) => o !== null && o !== s.you;
    $("decline").hidden = !playing || !(theirs(s.draw_offer) || theirs(s.takeback_offer));
    $("decline").textContent = t(theirs(s.draw_offer) && theirs(s.takeback_offer) ? "game-decline-both"
      : theirs(s.draw_offer) ? "game-decline-draw" : "game-decline-takeback");
    $("pass").hidden = !playing || s.variant !== "janggi";
    if ($("pass").hidden || s.you !== s.turn) $("pass-confirm").hidden = true;
    const open = s.seats.some((x) => !x);
    const joinable = s.you === null && s.mode === "friend" && open && !s.end;
    // A rated game takes only accounts: a guest is shown the way to log in instead of the seat.
    const needsLogin = loginToJoin || s.rated_asked;
    $("join").hidden = !joinable || (needsLogin && !account);
    $("join-login").hidden = !joinable || !needsLogin || !!account;
    $("join-name").hidden = $("join").hidden || !!account;
    $("join-setup-label").hidden = $("join").hidden || !s.formation_open;
    if (!$("join-name").value) $("join-name").value = localStorage.getItem("chuhan:name") || "";
    $("share-box").hidden = !(s.you !== null && s.mode === "friend" && open);
    $("share").value = location.href;
    const sel = $("notation");
    if (sel.options.length !== s.notations.length) {
      sel.replaceChildren(...s.notations.map((n) => { const o = document.createElement("option"); o.value = n; o.textContent = notationName(n); return o; }));
    }
    sel.value = s.notation;
    // The language's notation for this game, once its variant is known (the address asked for
    // the language's xiangqi one), unless the player chose one.
    const wanted = languageNotation(s.variant);
    if (!localStorage.getItem("chuhan:notation") && !askedNotation && wanted && wanted !== s.notation && s.notations.includes(wanted)) {
      askedNotation = true;
      send({ type: "notation", notation: wanted });
    }
    // The analysis board gets the moves at once and the game's record (names, result, date)
    // from its PGN.
    const q = new URLSearchParams({ variant: s.variant, fen: s.start_fen, moves: s.moves.map((m) => m.mv).join(" "), game: s.id });
    $("analyse").href = `/analysis?${q}`;
    // A finished game is reviewed on the analysis board, which asks the server and shows it.
    $("review-box").hidden = !s.end || !s.moves.length;
    q.set("review", "1");
    $("review").href = `/analysis?${q}`;
    const list = $("moves");
    // Numbered from the start FEN's move number; when the second side moves first, its move
    // goes in its own column after "…".
    const start = startOf(s.start_fen);
    list.start = start.number;
    const items = [];
    let li = null;
    s.moves.forEach((m, k) => {
      const second = (k + start.turn) % 2 === 1;
      if (!second || !li) {
        li = document.createElement("li");
        items.push(li);
        if (second) { const skip = document.createElement("i"); skip.className = "skip"; skip.textContent = "…"; li.appendChild(skip); }
      }
      const sp = document.createElement("span");
      sp.textContent = m.text;
      sp.className = "mv" + (view === k + 1 ? " cur" : "");
      sp.addEventListener("click", () => setView(k + 1));
      li.appendChild(sp);
    });
    list.replaceChildren(...items);
    if (view === null) list.scrollTop = list.scrollHeight;
    else scrollWithin(list, list.querySelector(".cur"));
    tick();
  }

  /// One clock: the player in a line of its own that shortens with "…", the time in its box.
  function showClock(e, who, time, extra, classes) {
    const parts = [["who", who], ["time", time], ["extra", extra]].map(([c, t]) => {
      const sp = document.createElement("span"); sp.className = c; sp.textContent = t; return sp;
    });
    if (!extra) parts.pop();
    if (!time) parts.splice(1, 1);
    parts[0].title = who;
    e.replaceChildren(...parts);
    e.className = "clock" + classes;
  }

  function tick() {
    if (!state) return;
    const c = state.clock, bottom = board.flipped ? 1 : 0;
    for (const [slot, side] of [["clock-bottom", bottom], ["clock-top", 1 - bottom]]) {
      const e = $(slot);
      const player = state.names && state.names[side], rating = state.ratings && state.ratings[side];
      const sideWords = state.engine_side === side ? t("clock-engine", { side: sideName(state.sides[side]) }) : sideName(state.sides[side]);
      const playerWords = player && rating !== null && rating !== undefined ? t("name-rating", { name: player, rating: String(rating) }) : player;
      const name = playerWords ? t("clock-who", { side: sideWords, player: playerWords }) : sideWords;
      if (!c) { showClock(e, name, "", "", ""); continue; }
      if (c.rule === "cxa") {
        // The game's time, and what is left of this move's limit; past it, an overrun is used.
        const running = c.running === side && !state.end, spent = running ? performance.now() - received : 0;
        const left = c.left_ms[side] - spent, move = c.move_left_ms[side] - spent;
        const spare = c.periods[side] - (move < 0 && c.move_left_ms[side] > 0 ? 1 : 0);
        showClock(e, name, fmtClock(left), ` ${t("clock-cxa", { move: fmtClock(Math.max(0, move)), overruns: Math.max(0, spare) })}`,
          (running ? " running" : "") + (left < 10000 || (move < 10000 && spare === 0) ? " low" : ""));
        continue;
      }
      let left = c.left_ms[side];
      const running = c.running === side && !state.end;
      if (running) left -= performance.now() - received;
      let p = c.periods[side], over = c.overtime[side];
      if (running && c.period_ms > 0) {
        // Roll into byo-yomi and through its periods as the server does.
        if (!over && left <= 0 && p > 0) { left += c.period_ms; over = true; }
        while (over && left <= 0 && p > 1) { left += c.period_ms; p -= 1; }
      }
      const byo = p > 0 ? (over ? ` (${p}×)` : ` +${p}×${c.period_ms / 1000}s`) : "";
      showClock(e, name, fmtClock(left), byo, (running ? " running" : "") + (left < 10000 ? " low" : ""));
      // Low time sounds once when the player's own clock goes under ten seconds (again in a
      // new byo-yomi period).
      if (running && side === state.you) {
        const low = left < 10000;
        if (low && !lowSounded) playSound("low");
        lowSounded = low;
      }
    }
  }

  $("flip").addEventListener("click", () => { board.userFlipped = true; flipped = !board.flipped; if (state) render(); });
  // Resigning is asked about in the page (no browser dialog), as a pass that ends the game is.
  $("resign").addEventListener("click", () => { $("resign-confirm").hidden = false; $("resign-no").focus(); });
  $("resign-yes").addEventListener("click", () => { $("resign-confirm").hidden = true; send({ type: "resign" }); });
  $("resign-no").addEventListener("click", () => { $("resign-confirm").hidden = true; });
  $("takeback").addEventListener("click", () => send({ type: "takeback" }));
  $("draw").addEventListener("click", () => send({ type: "draw" }));
  $("rematch").addEventListener("click", () => send({ type: "rematch" }));
  $("chat-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const text = $("chat-text").value.trim();
    if (!text) return;
    send({ type: "chat", text });
    $("chat-text").value = "";
  });
  $("chat-hide").addEventListener("change", (e) => {
    localStorage.setItem("chuhan:chat-hidden", e.target.checked ? "1" : "0");
    if (state) renderChat(state);
  });
  $("decline").addEventListener("click", () => send({ type: "decline" }));
  // A pass that would end the game (after the opponent's pass, or into bikjang) is asked about
  // first, with the counting that decides it.
  $("pass").addEventListener("click", () => {
    const end = state && state.pass_ends;
    if (!end) { send({ type: "pass" }); return; }
    // The reason without its "Han wins:" and "; counting …", which the counting says better.
    const why = end.points ? ruling(end).replace(/^[^:：]*[:：] ?/, "").replace(/[;；].*$/, "") : ruling(end);
    $("pass-text").textContent = end.points
      ? t("pass-ends-counting", { reason: why, counting: countingWords(end.points), winner: winnerWords(end.result, state.sides) })
      : t("pass-ends", { reason: why });
    $("pass-confirm").hidden = false;
    $("pass-no").focus();
  });
  $("pass-yes").addEventListener("click", () => { $("pass-confirm").hidden = true; send({ type: "pass" }); });
  $("pass-no").addEventListener("click", () => { $("pass-confirm").hidden = true; });
  // Looking back: ← → Home End (not while typing in a field).
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && !$("pass-confirm").hidden) { $("pass-confirm").hidden = true; return; }
    if (e.key === "Escape" && !$("resign-confirm").hidden) { $("resign-confirm").hidden = true; return; }
    if (!state || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.target.closest && e.target.closest("textarea, select, input")) return;
    const n = state.moves.length, at = view === null ? n : view;
    const to = { ArrowLeft: Math.max(0, at - 1), ArrowRight: at + 1, Home: 0, End: null }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    setView(to);
  });
  $("notation").addEventListener("change", (e) => {
    localStorage.setItem("chuhan:notation", e.target.value);
    $("pgn").href = `/api/games/${encodeURIComponent(id)}/pgn?notation=${encodeURIComponent(e.target.value)}`;
    send({ type: "notation", notation: e.target.value });
  });
  $("join").addEventListener("click", async () => {
    try {
      const name = account ? "" : $("join-name").value.trim();
      const body = { ...(name ? { name } : {}), ...(!$("join-setup-label").hidden ? { setup: $("join-setup").value } : {}) };
      const j = await api("POST", `/api/games/${encodeURIComponent(id)}/join`, body);
      if (name) localStorage.setItem("chuhan:name", name);
      localStorage.setItem(tokenKey(id), j.token);
      if (socket) { socket.onclose = null; socket.close(); }
      connect();
    } catch (err) {
      if (err.code === "login_required") { loginToJoin = true; message(""); render(); return; }
      message(err.message);
    }
  });
  pieceStyleSelect($("pieces"), () => { if (state) render(); });
  boardSettings($("board-settings"), () => { if (state) render(); });
  soundToggle($("sound"));
  moveBox($("move-entry"), $("move-problem"), () => {
    if (!state || state.you === null || state.end) return t("game-only-players");
    if (state.you !== state.turn) return t("game-not-your-turn", { side: sideName(state.sides[state.turn]) });
    return { variant: state.variant, fen: state.fen };
  }, (mv) => send({ type: "move", move: mv }));
  setInterval(tick, 100);
  connect();
}

/// The best-rated accounts at one game and speed; the choice is kept in the address.
async function ratings() {
  show("ratings");
  const q = new URLSearchParams(location.search);
  const variant = $("rvariant"), speed = $("rspeed");
  variant.value = q.get("variant") === "janggi" ? "janggi" : "xiangqi";
  // Rapid unless asked: the lobby's usual clock (10 minutes + 5 s) is rapid.
  speed.value = ["bullet", "blitz", "rapid", "classical"].includes(q.get("speed")) ? q.get("speed") : "rapid";
  const load = async () => {
    history.replaceState(null, "", `/ratings?${new URLSearchParams({ variant: variant.value, speed: speed.value })}`);
    $("ratings-message").textContent = "";
    try {
      const { players } = await api("GET", `/api/ratings?${new URLSearchParams({ variant: variant.value, speed: speed.value })}`);
      $("ratings-rows").replaceChildren(...players.map((p, i) => {
        const tr = document.createElement("tr");
        const cell = (v) => { const td = document.createElement("td"); td.textContent = String(v); tr.appendChild(td); return td; };
        cell(i + 1);
        const link = document.createElement("a");
        link.href = profileHref(p.name);
        link.textContent = p.name;
        cell("").appendChild(link);
        cell(`${Math.round(p.rating)}${p.provisional ? "?" : ""}`);
        for (const v of [p.games, p.wins, p.draws, p.losses]) cell(v);
        rowLink(tr, link.href);
        return tr;
      }));
      $("ratings-empty").hidden = players.length > 0;
      $("ratings-table").hidden = players.length === 0;
    } catch (err) { $("ratings-message").textContent = err.message; }
  };
  variant.onchange = load;
  speed.onchange = load;
  load();
}

/// The archive: logged in, the player's own games first (`?all` shows everyone's); a guest, or
/// `?all`, sees the latest finished games of the server.
async function archive() {
  show("archive");
  const who = await me();
  const all = new URLSearchParams(location.search).has("all");
  if (who) {
    const sw = $("archive-switch");
    const link = (text, href) => { const a = document.createElement("a"); a.href = href; a.textContent = text; return a; };
    const here = (text) => { const b = document.createElement("b"); b.textContent = text; b.setAttribute("aria-current", "page"); return b; };
    sw.replaceChildren(all ? link(t("archive-mine"), "/archive") : here(t("archive-mine")), " · ",
      all ? here(t("archive-all")) : link(t("archive-all"), "/archive?all"));
    sw.hidden = false;
    if (!all) {
      $("archive-title").textContent = t("archive-mine");
      $("archive-all").hidden = true;
      $("archive-mine").hidden = false;
      gamesList($("archive-mine"), who.name);
      return;
    }
    $("archive-title").textContent = t("archive-all-finished");
  }
  try {
    const { games } = await api("GET", "/api/archive");
    const rows = games.map((g) => {
      const tr = document.createElement("tr");
      const cell = (text) => { const td = document.createElement("td"); td.textContent = text; tr.appendChild(td); return td; };
      const link = document.createElement("a");
      link.href = `/game/${encodeURIComponent(g.id)}`;
      link.textContent = new Date(g.created * 1000).toLocaleString(LANG);
      cell("").appendChild(link);
      cell(g.variant === "janggi" || g.variant === "xiangqi" ? t(`variant-${g.variant}`) : g.variant);
      const mode = g.mode === "engine" || g.mode === "friend" ? t(`archive-mode-${g.mode}`) : g.mode;
      cell(g.names && (g.names[0] || g.names[1]) ? t("archive-players", { mode, red: g.names[0] || "?", black: g.names[1] || "?" }) : mode);
      cell(String(Math.ceil(g.plies / 2)));
      // The ruling in the page's language where the server kept it in every language.
      cell(`${g.result} — ${inPageLanguage(g.reasons) || g.reason}`);
      const pgn = document.createElement("a");
      pgn.href = `/api/games/${encodeURIComponent(g.id)}/pgn`;
      pgn.textContent = "PGN";
      cell("").appendChild(pgn);
      rowLink(tr, link.href);
      return tr;
    });
    $("archive-rows").replaceChildren(...rows);
  } catch (err) { $("archive-message").textContent = err.message; }
}


translatePage();
languageMenu($("lang-menu"));
accountHeader();
const path = location.pathname;
const m = path.match(/^\/game\/([A-Za-z0-9]+)$/);
const player = path.match(/^\/@\/([^/]+)$/);
if (m) gamePage(m[1]);
else if (player) {
  show("profile");
  let name;
  try { name = decodeURIComponent(player[1]); } catch { name = player[1]; }
  profilePage(name);
}
else if (path === "/login" || path === "/signup") { show(path.slice(1)); authPage(path.slice(1)); }
else if (path === "/account") { show("account"); accountPage(); }
else if (path === "/archive") archive();
else if (path === "/ratings") ratings();
else if (path === "/analysis") { show("analysis"); analysis(); }
else if (path === "/database") { show("database"); database(); }
else if (path === "/puzzles") { show("puzzles"); puzzlesPage(); }
else lobby();
