// chuhan serve: the lobby, the game page and the archive. User data only ever goes into
// the page through textContent and attribute setters, never as markup.

import { Board, pieceStyleSelect } from "/static/board.js";
import { analysis } from "/static/analysis.js";
import { database } from "/static/database.js";
import { $, api, capital, startOf } from "/static/util.js";

const tokenKey = (id) => `chuhan:token:${id}`;

function show(section) {
  for (const s of ["lobby", "game", "archive", "analysis", "ratings", "database"]) $(s).hidden = s !== section;
}

function message(text) { $("message").textContent = text || ""; }

function lobby() {
  show("lobby");
  const q = new URLSearchParams(location.search);
  if (q.get("fen")) document.querySelector("#create input[name=fen]").value = q.get("fen");
  if (q.get("variant") === "janggi") document.querySelector("#create select[name=variant]").value = "janggi";
  const variant = document.querySelector("#create select[name=variant]");
  const setups = () => { $("setups").hidden = variant.value !== "janggi"; };
  variant.addEventListener("change", setups);
  setups();
  $("create").addEventListener("submit", async (e) => {
    e.preventDefault();
    const f = new FormData(e.target);
    try {
      const clock = f.get("clock");
      const g = await api("POST", "/api/games", {
        variant: f.get("variant"), mode: f.get("mode"), level: Number(f.get("level")), side: f.get("side"),
        ...(clock !== "fischer" ? { clock } : {
          base_secs: Math.round(Number(f.get("minutes")) * 60), increment_secs: Number(f.get("increment")),
          periods: Number(f.get("periods")), period_secs: Number(f.get("periods")) > 0 ? Number(f.get("period")) : 0,
        }),
        ...(f.get("fen").trim() ? { fen: f.get("fen").trim() }
          : f.get("variant") === "janggi" ? { cho_setup: f.get("cho_setup"), han_setup: f.get("han_setup") } : {}),
        ...(f.get("name").trim() ? { name: f.get("name").trim() } : {}),
        rated: f.get("rated") === "on" && f.get("mode") === "friend",
      });
      if (f.get("name").trim()) localStorage.setItem("chuhan:name", f.get("name").trim());
      localStorage.setItem(tokenKey(g.id), g.token);
      location.href = g.url;
    } catch (err) { alert(err.message); }
  });
}

function fmtClock(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
  const mm = String(m).padStart(h ? 2 : 1, "0"), ss = String(sec).padStart(2, "0");
  return h ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}


async function gamePage(id) {
  show("game");
  let state = null, received = 0, socket = null, flipped = false, retry = 500;
  const board = new Board($("board"), (mv) => send({ type: "move", move: mv }));
  $("pgn").href = `/api/games/${encodeURIComponent(id)}/pgn`;
  const send = (obj) => {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(obj));
    else message("Not connected: reconnecting…");
  };

  function connect() {
    const token = localStorage.getItem(tokenKey(id));
    const params = new URLSearchParams();
    if (token) params.set("token", token);
    const notation = localStorage.getItem("chuhan:notation");
    if (notation) params.set("notation", notation);
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    socket = new WebSocket(`${proto}//${location.host}/api/games/${encodeURIComponent(id)}/ws?${params}`);
    socket.onopen = () => { retry = 500; };
    socket.onmessage = (e) => {
      let v;
      try { v = JSON.parse(e.data); } catch { return; }
      if (v.type === "error") { message(v.message); return; }
      if (v.type === "state") { message(""); state = v; received = performance.now(); render(); }
    };
    socket.onclose = () => {
      socket = null;
      if (!(state && state.end)) setTimeout(connect, retry = Math.min(retry * 2, 10000));
    };
  }

  function render() {
    const s = state;
    board.flipped = board.userFlipped ? flipped : s.you === 1;
    board.render(s);
    const names = s.sides;
    let status;
    if (s.end) {
      status = s.end.reason;
      const rc = s.rating_change;
      if (rc) status += ". Ratings: " + [0, 1].map((i) => `${s.names[i]} ${rc.before[i]} → ${rc.after[i]}`).join(", ");
    }
    else {
      status = `${capital(names[s.turn])} to move`;
      if (s.check) status += " — check!";
      if (s.you === s.turn) status += " (you)";
      if (s.you === null) status += " (you are watching)";
      if (s.draw_offer !== null) status += `. ${capital(names[s.draw_offer])} offers a draw.`;
      if (s.takeback_offer !== null) status += `. ${capital(names[s.takeback_offer])} asks to take back a move.`;
      if (s.clock && s.moves.length < 2) status += ". The clocks start once each side has made its first move.";
    }
    $("status").textContent = status;
    const playing = s.you !== null && !s.end;
    $("resign").hidden = !playing;
    $("draw").hidden = !playing || s.mode === "engine";
    $("draw").textContent = s.draw_offer !== null && s.draw_offer !== s.you ? "Accept draw" : "Offer draw";
    $("takeback").hidden = !playing || s.moves.length === 0;
    $("takeback").textContent = s.takeback_offer !== null && s.takeback_offer !== s.you ? "Accept takeback" : "Takeback";
    $("pass").hidden = !playing || s.variant !== "janggi";
    const open = s.seats.some((x) => !x);
    $("join").hidden = !(s.you === null && s.mode === "friend" && open && !s.end);
    $("join-name").hidden = $("join").hidden;
    if (!$("join-name").value) $("join-name").value = localStorage.getItem("chuhan:name") || "";
    $("share-box").hidden = !(s.you !== null && s.mode === "friend" && open);
    $("share").value = location.href;
    const sel = $("notation");
    if (sel.options.length !== s.notations.length) {
      sel.replaceChildren(...s.notations.map((n) => { const o = document.createElement("option"); o.value = n; o.textContent = n; return o; }));
    }
    sel.value = s.notation;
    const q = new URLSearchParams({ variant: s.variant, fen: s.start_fen, moves: s.moves.map((m) => m.mv).join(" ") });
    $("analyse").href = `/analysis?${q}`;
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
      const sp = document.createElement("span"); sp.textContent = m.text; li.appendChild(sp);
    });
    list.replaceChildren(...items);
    list.scrollTop = list.scrollHeight;
    tick();
  }

  function tick() {
    if (!state) return;
    const c = state.clock, bottom = board.flipped ? 1 : 0;
    for (const [slot, side] of [["clock-bottom", bottom], ["clock-top", 1 - bottom]]) {
      const e = $(slot);
      const player = state.names && state.names[side], rating = state.ratings && state.ratings[side];
      const name = capital(state.sides[side]) + (state.engine_side === side ? " (engine)" : "")
        + (player ? ` ${player}` + (rating !== null && rating !== undefined ? ` (${rating})` : "") : "");
      if (!c) { e.textContent = name; e.className = "clock"; continue; }
      if (c.rule === "cxa") {
        // The game's time, and what is left of this move's limit; past it, an overrun is used.
        const running = c.running === side && !state.end, spent = running ? performance.now() - received : 0;
        const left = c.left_ms[side] - spent, move = c.move_left_ms[side] - spent;
        const spare = c.periods[side] - (move < 0 && c.move_left_ms[side] > 0 ? 1 : 0);
        e.textContent = `${name}  ${fmtClock(left)}  move ${fmtClock(Math.max(0, move))}, ${Math.max(0, spare)} overruns left`;
        e.className = "clock" + (running ? " running" : "") + (left < 10000 || (move < 10000 && spare === 0) ? " low" : "");
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
      e.textContent = `${name}  ${fmtClock(left)}${byo}`;
      e.className = "clock" + (running ? " running" : "") + (left < 10000 ? " low" : "");
    }
  }

  $("flip").addEventListener("click", () => { board.userFlipped = true; flipped = !board.flipped; if (state) render(); });
  $("resign").addEventListener("click", () => { if (confirm("Resign this game?")) send({ type: "resign" }); });
  $("takeback").addEventListener("click", () => send({ type: "takeback" }));
  $("draw").addEventListener("click", () => send({ type: "draw" }));
  $("pass").addEventListener("click", () => send({ type: "pass" }));
  $("notation").addEventListener("change", (e) => {
    localStorage.setItem("chuhan:notation", e.target.value);
    $("pgn").href = `/api/games/${encodeURIComponent(id)}/pgn?notation=${encodeURIComponent(e.target.value)}`;
    send({ type: "notation", notation: e.target.value });
  });
  $("join").addEventListener("click", async () => {
    try {
      const name = $("join-name").value.trim();
      const j = await api("POST", `/api/games/${encodeURIComponent(id)}/join`, name ? { name } : undefined);
      if (name) localStorage.setItem("chuhan:name", name);
      localStorage.setItem(tokenKey(id), j.token);
      if (socket) { socket.onclose = null; socket.close(); }
      connect();
    } catch (err) { message(err.message); }
  });
  pieceStyleSelect($("pieces"), () => { if (state) render(); });
  setInterval(tick, 200);
  connect();
}

async function ratings() {
  show("ratings");
  const sel = $("rvariant");
  sel.value = new URLSearchParams(location.search).get("variant") === "janggi" ? "janggi" : "xiangqi";
  sel.onchange = () => { history.replaceState(null, "", `/ratings?variant=${sel.value}`); ratings(); };
  try {
    const { players } = await api("GET", `/api/ratings?variant=${sel.value}`);
    $("ratings-rows").replaceChildren(...players.map((p, i) => {
      const tr = document.createElement("tr");
      for (const v of [i + 1, p.name, p.rating, p.games, p.wins, p.draws, p.losses]) {
        const td = document.createElement("td"); td.textContent = String(v); tr.appendChild(td);
      }
      return tr;
    }));
  } catch (err) { alert(err.message); }
}

async function archive() {
  show("archive");
  try {
    const { games } = await api("GET", "/api/archive");
    const rows = games.map((g) => {
      const tr = document.createElement("tr");
      const cell = (text) => { const td = document.createElement("td"); td.textContent = text; tr.appendChild(td); return td; };
      const link = document.createElement("a");
      link.href = `/game/${encodeURIComponent(g.id)}`;
      link.textContent = new Date(g.created * 1000).toLocaleString();
      cell("").appendChild(link);
      cell(g.variant);
      cell(g.names && (g.names[0] || g.names[1]) ? `${g.mode}: ${g.names[0] || "?"} – ${g.names[1] || "?"}` : g.mode);
      cell(String(Math.ceil(g.plies / 2)));
      cell(`${g.result} — ${g.reason}`);
      const pgn = document.createElement("a");
      pgn.href = `/api/games/${encodeURIComponent(g.id)}/pgn`;
      pgn.textContent = "PGN";
      cell("").appendChild(pgn);
      return tr;
    });
    $("archive-rows").replaceChildren(...rows);
  } catch (err) { alert(err.message); }
}


const path = location.pathname;
const m = path.match(/^\/game\/([A-Za-z0-9]+)$/);
if (m) gamePage(m[1]);
else if (path === "/archive") archive();
else if (path === "/ratings") ratings();
else if (path === "/analysis") { show("analysis"); analysis(); }
else if (path === "/database") { show("database"); database(); }
else lobby();
