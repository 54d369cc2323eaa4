// chuhan serve: the analysis board (its own module, so the game pages and this one can change
// apart). A move tree with variations and comments, kept in the browser; the engine looks at
// the current move. User data only ever goes into the page through textContent and attribute
// setters.

import { Board, CHARS, COLORS, boardSettings, parseFen, pieceIcon, pieceStyle, pieceStyleSelect, pieceWords, toFen } from "/static/board.js";
import { LANG, languageNotation, notationName, inPageLanguage, sideName, t } from "/static/i18n.js";
import { moveBox } from "/static/movebox.js";
import * as T from "/static/movetree.js";
import { $, api, scrollWithin, startOf } from "/static/util.js";
import { explorerPanel } from "/static/explorer.js";


const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/// The analysis is kept in this browser's local storage, one per address (`/analysis?…`, so a
/// game's "Analyse" link has its own): a reload finds the moves, variations, comments and the
/// current move again. Local storage rather than a server-side study: nothing to sign up for,
/// nothing kept on the server, and it works at once offline of any account; the PGN export is
/// the way to share. Only the last KEEP addresses are kept.
const SAVE_KEY = `chuhan:analysis:${location.search}`;
const SAVED_INDEX = "chuhan:analysis:index";
const KEEP = 20;

function loadSaved() {
  try {
    const v = JSON.parse(localStorage.getItem(SAVE_KEY));
    return v && v.tree && Array.isArray(v.at) ? v : null;
  } catch { return null; }
}

function fmtScore(sc) {
  if (!sc) return "";
  if (sc.text) return sc.text;
  if (sc.mate !== undefined) return `M${sc.mate}`;
  const v = sc.cp / 100;
  return (v > 0 ? "+" : "") + v.toFixed(2);
}

/// "Deeper" mode asks for these searches in turn (the server keeps its table between them, and
/// allows one search over 3 s at a time), then repeats the last, for at most DEEP_TOTAL ms.
const DEEP_STEPS = [3000, 6000, 12000, 15000];
const DEEP_TOTAL = 180000;

/// Runs the analysis board; the caller has shown its section.
export function analysis() {
  const q = new URLSearchParams(location.search);
  let variant = q.get("variant") === "janggi" ? "janggi" : "xiangqi";
  let fen = q.get("fen") || null;
  // A composed position (pieces on points no game reaches) is read only when asked for.
  let relaxed = q.get("relaxed") === "1";
  let root = T.newRoot(), cur = root;
  for (const mv of (q.get("moves") || "").split(/[\s,]+/).filter(Boolean)) cur = T.addChild(cur, mv, null);
  let headers = [], result = "*", startFen = fen, seq = 0, userFlipped = false, aborter = null;
  const saved = loadSaved();
  if (saved) {
    try {
      const r = T.fromWire(saved.tree);
      ({ variant, fen, relaxed, headers, result } = { ...saved, relaxed: !!saved.relaxed, headers: saved.headers || [], result: saved.result || "*" });
      root = r;
      cur = T.nodeAt(root, saved.at);
      startFen = fen;
    } catch { /* a damaged copy: start from the address */ }
  }
  function save() {
    try {
      localStorage.setItem(SAVE_KEY, JSON.stringify({ variant, fen, relaxed, tree: T.toWire(root), at: T.indexPath(cur), headers, result, review }));
      const index = JSON.parse(localStorage.getItem(SAVED_INDEX) || "[]").filter((k) => k !== SAVE_KEY);
      index.push(SAVE_KEY);
      while (index.length > KEEP) localStorage.removeItem(index.shift());
      localStorage.setItem(SAVED_INDEX, JSON.stringify(index));
    } catch { /* storage full or turned off: the analysis works, unsaved */ }
  }
  // The status of the position on the board, without "thinking…" (what an error leaves).
  let shown = "";
  // The notation remembered from any page, if this variant has it (else the server's default).
  const lists = {};
  const notation = () => {
    // The player's choice, else the one the page's language brings.
    const n = localStorage.getItem("chuhan:notation") || languageNotation(variant);
    return n && (!lists[variant] || lists[variant].includes(n)) ? n : undefined;
  };
  const board = new Board($("aboard"), (mv) => {
    cur = cur.children.find((c) => c.mv === mv) || T.addChild(cur, mv, null);
    update();
  });
  $("avariant").value = variant;

  // The better move of a review's mark is an arrow until the board shows another position.
  let markArrow = false;
  function go(node) {
    if (!node || node === cur) return;
    if (markArrow) { board.arrows = []; markArrow = false; $("abetter").hidden = true; }
    cur = node;
    update();
  }

  /// Plays the first `n` moves of an engine line `pv` from `from` onto the tree: moves already
  /// there are followed, the rest become a variation (or the main line where none goes on).
  function playLine(from, pv, n) {
    let node = from;
    for (const m of pv.slice(0, n)) node = node.children.find((c) => c.mv === m.mv) || T.addChild(node, m.mv, m.text);
    go(node);
  }

  // The explorer: a move clicked there is played as on the board; a game opens in its place.
  const explorer = explorerPanel({
    onMove: (mv) => { cur = cur.children.find((c) => c.mv === mv) || T.addChild(cur, mv, null); update(); },
    onOpen: (id) => openDbGame(id),
  });

  /// Loads game `id` of the server's database, with its headers and result, as a record.
  async function openDbGame(id) {
    try {
      const query = notation() ? `?${new URLSearchParams({ notation: notation() })}` : "";
      const v = await api("GET", `/api/db/games/${encodeURIComponent(id)}${query}`);
      if (root.children.length && !confirm(t("an-confirm-game"))) return;
      variant = v.variant;
      headers = v.headers;
      result = v.result;
      $("avariant").value = variant;
      restart(T.fromWire(v.tree), v.start_fen);
    } catch (err) { $("amessage").textContent = err.message; }
  }

  async function update() {
    const mine = ++seq;
    if (aborter) aborter.abort();
    aborter = new AbortController();
    const signal = aborter.signal;
    renderMoves();
    renderComment();
    const path = T.pathTo(cur);
    const moves = path.map((n) => n.mv);
    const engine = $("aenginename").value || undefined;
    const ask = (millis) => api("POST", "/api/analyse", { variant, fen, moves, millis, multipv: 3, notation: notation(), relaxed, engine: millis ? engine : undefined }, signal);
    try {
      // The position at once, then the engine's lines.
      const quick = await ask(0);
      if (mine !== seq) return;
      quick.moves.forEach((m, i) => { if (path[i]) path[i].text = m.text; });
      startFen = quick.start_fen;
      if (!lists[variant]) {
        lists[variant] = quick.notations;
        if (!quick.notations.includes(quick.notation)) { update(); return; }
      }
      notations(quick);
      draw(quick, null);
      explorer.show(quick.fen, variant, notation());
      renderMoves();
      if ($("aengine").checked && !quick.end) {
        $("astatus").textContent = t("an-thinking", { status: $("astatus").textContent });
        let r = await ask(1500);
        if (mine !== seq) return;
        draw(r, r.lines);
        const started = performance.now();
        for (let step = 0; $("adeep").checked && performance.now() - started < DEEP_TOTAL; step++) {
          const best = r.lines[0];
          if (!best || !best.score || best.score.mate !== undefined || best.depth >= 60) break;
          const millis = DEEP_STEPS[Math.min(step, DEEP_STEPS.length - 1)];
          $("astatus").textContent = t("an-deeper-status", { status: status(r), seconds: millis / 1000 });
          try {
            r = await ask(millis);
          } catch (err) {
            if (err.status !== 503) throw err;
            // Another deep search holds the long slot: wait for it.
            $("astatus").textContent = t("an-busy-status", { status: status(r) });
            await sleep(2000);
            step -= 1;
            if (mine !== seq) return;
            continue;
          }
          if (mine !== seq) return;
          draw(r, r.lines);
        }
      }
    } catch (err) {
      if (err.name === "AbortError" || mine !== seq) return;
      // No "thinking…" and no lines of another position stay after an error.
      $("astatus").textContent = shown;
      clearLines();
      $("amessage").textContent = err.message;
      // A move the server refuses (from an address typed by hand): drop it and what follows.
      const bad = /^move (\d+)/.exec(err.message);
      if (bad && path[Number(bad[1]) - 1]) { cur = T.remove(path[Number(bad[1]) - 1]); update(); }
    }
  }

  /// The engines the server offers (`chuhan serve --engine`): the selector is shown only when
  /// there is a choice, and keeps the last one chosen in this browser.
  async function engines() {
    try {
      const v = await api("GET", "/api/engines");
      if (v.engines.length < 2) return;
      const sel = $("aenginename");
      sel.replaceChildren(...v.engines.map((n) => {
        const o = document.createElement("option");
        o.value = n;
        o.textContent = n === v.default ? t("engine-builtin", { name: n }) : n;
        return o;
      }));
      const kept = localStorage.getItem("chuhan:engine");
      sel.value = v.engines.includes(kept) ? kept : v.default;
      sel.hidden = false;
      if (sel.value !== v.default) update();
    } catch { /* an older server: chuhan's engine only */ }
  }

  /// Takes the engine's lines, arrow and eval bar away: they belong to a position no longer
  /// shown (a move was made, the game ended there, the editor is open).
  function clearLines() {
    $("alines").replaceChildren();
    delete $("alines").dataset.fen;
    $("evalfill").style.height = "50%";
    if (board.hints && board.hints.length) {
      board.hints = [];
      if (board.state) board.render(board.state);
    }
  }

  function status(r) {
    // The ruling in the page's language (`reasons`), else in English (`reason`).
    return r.end ? inPageLanguage(r.end.reasons) || r.end.reason : t(r.check ? "to-move-check" : "to-move", { side: sideName(r.sides[r.turn]) });
  }

  function notations(r) {
    const sel = $("anotation");
    if (sel.options.length !== r.notations.length || sel.options[0].value !== r.notations[0]) {
      sel.replaceChildren(...r.notations.map((n) => { const o = document.createElement("option"); o.value = n; o.textContent = notationName(n); return o; }));
    }
    sel.value = r.notation;
  }

  function draw(r, lines) {
    $("amessage").textContent = "";
    const state = { variant: r.variant, fen: r.fen, moves: r.moves, legal: r.legal, check: r.check, turn: r.turn, you: r.turn, end: r.end, notation: r.notation };
    board.flipped = userFlipped;
    board.hints = lines && lines.length && lines[0].pv.length ? [[lines[0].pv[0].mv.slice(0, 2), lines[0].pv[0].mv.slice(2, 4)]] : [];
    board.render(state);
    if (document.activeElement !== $("afen")) $("afen").value = r.fen;
    $("aplay").href = `/?${new URLSearchParams({ variant: r.variant, fen: r.fen })}`;
    // A position whose game is over has no game to play from it (the server refuses one).
    $("aplay").hidden = !!r.end;
    $("astatus").textContent = shown = status(r);
    $("aopening").textContent = inPageLanguage(r.openings) || r.opening || "";
    if (!lines) clearLines();
    // A finished position: the bar shows the result (the first mover's share).
    if (r.end) $("evalfill").style.height = { "1-0": "100%", "0-1": "0%" }[r.end.result] || "50%";
    // A line is played onto the tree when clicked: the whole line from its score, or up to
    // the move clicked. The lines belong to the node shown now, kept here since `cur` moves on.
    const at = cur;
    const rows = (lines || []).map((l) => {
      const li = document.createElement("li");
      const b = document.createElement("b");
      b.textContent = fmtScore(l.score);
      b.title = t("an-play-line");
      b.addEventListener("click", () => playLine(at, l.pv, l.pv.length));
      li.appendChild(b);
      li.appendChild(document.createTextNode(l.depth == null ? "" : ` d${l.depth}`));
      l.pv.forEach((m, i) => {
        const s = document.createElement("span");
        s.className = "pvmove";
        s.textContent = m.text;
        s.title = t("an-play-line-to");
        s.addEventListener("click", () => playLine(at, l.pv, i + 1));
        li.append(" ", s);
      });
      return li;
    });
    // The list says which position its lines belong to (tests wait on it; a stale list has none).
    if (lines) { $("alines").replaceChildren(...rows); $("alines").dataset.fen = r.fen; }
    if (lines && lines.length && lines[0].score) {
      const sc = lines[0].score;
      const red = sc.mate !== undefined ? (sc.mate > 0 ? 1 : 0) : 1 / (1 + Math.exp(-sc.cp / 400));
      $("evalfill").style.height = `${Math.round(red * 100)}%`;
      $("evalfill").style.background = variant === "janggi" ? "#1f5fa8" : "#c0231b";
    }
  }

  // The evaluation graph: chuhan's score after each move of the main line, each position
  // searched to GRAPH_DEPTH (one depth for all, so that the points compare; a few ms each).
  // `graphLine` is the main line it was drawn for, `graphScores` the scores found so far.
  const GRAPH_DEPTH = 6;
  let graphSeq = 0, graphLine = null, graphScores = [], graphFromReview = false;

  /// The first mover's share for one position, 0 to 1, as the eval bar reads it.
  function share(r) {
    if (r.end) return { "1-0": 1, "0-1": 0 }[r.end.result] ?? 0.5;
    const sc = r.lines[0] && r.lines[0].score;
    if (!sc) return 0.5;
    return sc.mate !== undefined ? (sc.mate > 0 ? 1 : 0) : 1 / (1 + Math.exp(-sc.cp / 400));
  }

  async function graph() {
    const mine = ++graphSeq;
    graphFromReview = false;
    graphLine = [root];
    for (let n = root; n.children.length;) { n = n.children[0]; graphLine.push(n); }
    graphScores = [];
    $("agraph").hidden = false;
    $("agraphbtn").disabled = true;
    try {
      for (let i = 0; i < graphLine.length; i++) {
        const moves = T.pathTo(graphLine[i]).map((n) => n.mv);
        let r = null;
        while (!r) {
          try {
            r = await api("POST", "/api/analyse", { variant, fen, moves, millis: 2000, multipv: 1, depth: GRAPH_DEPTH, relaxed, notation: notation() });
          } catch (err) {
            // The board's own search holds the slots a moment: wait for one.
            if (err.status !== 503) throw err;
            await sleep(300);
          }
          if (mine !== graphSeq) return;
        }
        const sc = r.end ? null : r.lines[0] && r.lines[0].score;
        graphScores.push({ share: share(r), text: r.end ? r.end.result : fmtScore(sc) });
        $("agraphnote").textContent = i + 1 < graphLine.length ? t("an-graph-progress", { done: i + 1, total: graphLine.length })
          : t("an-graph-done", { depth: GRAPH_DEPTH });
        drawGraph();
      }
    } catch (err) {
      if (mine === graphSeq) $("amessage").textContent = err.message;
    } finally {
      if (mine === graphSeq) $("agraphbtn").disabled = false;
    }
  }

  /// Takes the graph away (a new tree, or its main line changed under it).
  function clearGraph() {
    graphSeq += 1;
    graphFromReview = false;
    graphLine = null;
    graphScores = [];
    $("agraph").replaceChildren();
    $("agraph").hidden = true;
    $("agraphnote").textContent = "";
    $("agraphbtn").disabled = false;
  }

  function drawGraph() {
    if (!graphLine) return;
    // Still the main line? A cut, a promotion or a deletion changes it: the graph goes.
    const still = graphLine.every((n, i) => i === 0 ? n === root : n.parent === graphLine[i - 1] && n.parent.children[0] === n);
    if (!still) { clearGraph(); return; }
    const NS = "http://www.w3.org/2000/svg", W = 400, H = 80;
    const el = (name, attrs) => {
      const e = document.createElementNS(NS, name);
      for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
      return e;
    };
    const n = graphLine.length;
    const x = (i) => n > 1 ? 4 + (i * (W - 8)) / (n - 1) : W / 2;
    const y = (v) => 4 + (1 - v) * (H - 8);
    const svg = el("svg", { viewBox: `0 0 ${W} ${H}`, preserveAspectRatio: "none", role: "img", "aria-label": t("an-graph") });
    // The axis: 100% (the first mover wins) at the top, 0% at the bottom, the even line (50%,
    // a score of zero) dashed across, a tick every ten moves.
    svg.appendChild(el("line", { class: "axis", x1: 1, x2: 1, y1: 4, y2: H - 4, stroke: "#776" }));
    svg.appendChild(el("line", { class: "axis", x1: 0, x2: W, y1: H - 4, y2: H - 4, stroke: "#776" }));
    svg.appendChild(el("line", { class: "zero", x1: 0, x2: W, y1: H / 2, y2: H / 2, stroke: "#776", "stroke-dasharray": "4 3" }));
    for (let i = 20; i < n; i += 20) svg.appendChild(el("line", { class: "tick", x1: x(i), x2: x(i), y1: H - 7, y2: H - 1, stroke: "#776" }));
    for (const [v, label] of [[1, "100%"], [0.5, "50%"], [0, "0%"]]) {
      const tip = el("text", { x: 4, y: Math.min(H - 6, Math.max(10, y(v) + 3)), "font-size": 8, fill: "#665", "aria-hidden": "true" });
      tip.textContent = label;
      svg.appendChild(tip);
    }
    const pts = graphScores.map((s, i) => `${x(i).toFixed(1)},${y(s.share).toFixed(1)}`);
    if (pts.length > 1) {
      svg.appendChild(el("polygon", { points: `${x(0)},${H / 2} ${pts.join(" ")} ${x(pts.length - 1)},${H / 2}`, fill: variant === "janggi" ? "#1f5fa855" : "#c0231b40" }));
      svg.appendChild(el("polyline", { points: pts.join(" "), fill: "none", stroke: "#333", "stroke-width": 1.5 }));
    }
    graphScores.forEach((s, i) => {
      const c = el("circle", { cx: x(i), cy: y(s.share), r: 4, fill: "#333", "data-ply": i });
      if (graphLine[i] === cur) c.classList.add("cur");
      const tip = el("title", {});
      tip.textContent = i === 0 ? t("an-graph-start", { score: s.text })
        : t("an-graph-move", { number: Math.ceil(i / 2), move: graphLine[i].text || graphLine[i].mv, score: s.text });
      c.appendChild(tip);
      c.addEventListener("click", () => go(graphLine[i]));
      svg.appendChild(c);
    });
    // A review's marks: coloured points over the line, each with its words.
    if (graphFromReview && review) {
      reviewed().forEach(({ m, node }) => {
        if (!MARKS[m.mark] || m.ply >= graphScores.length) return;
        const [cls, word] = MARKS[m.mark];
        const c = el("circle", { class: `mark ${cls}`, cx: x(m.ply), cy: y(graphScores[m.ply].share), r: 5.5, "data-ply": m.ply, "aria-label": t("an-mark-label", { mark: word, move: m.text }) });
        const tip = el("title", {});
        tip.textContent = t("an-mark-title", { mark: word, sign: m.mark, move: m.text });
        c.appendChild(tip);
        c.addEventListener("click", (e) => { e.stopPropagation(); showMark(m, node); });
        svg.appendChild(c);
      });
    }
    $("agraph").replaceChildren(svg);
  }

  // Game review (issue 43): the server judges every move of the main line. A game of the
  // server's (`?game=ID`, its moves unchanged) is reviewed and saved with the game, so a reload
  // or another visitor sees it at once; any other line is a job of the server's, polled, and
  // its result kept with this analysis in local storage. The marks go on the graph (coloured
  // points) and in a list of buttons (for keyboards and screen readers); a mark goes to the
  // position before its move, with the better move as an arrow and its line in words.
  const MARKS = { "??": ["blunder", t("an-blunder")], "?": ["mistake", t("an-mistake")], "?!": ["inaccuracy", t("an-inaccuracy")] };
  const gameId = q.get("game");
  let review = saved && saved.review ? saved.review : null, reviewSeq = 0, reviewJob = null;

  /// The main line's nodes from the start (index = ply).
  function mainLine() {
    const line = [root];
    for (let n = root; n.children.length;) { n = n.children[0]; line.push(n); }
    return line;
  }
  /// Whether the main line is still the game `gameId` was opened with (moves from the address).
  const gameMoves = (q.get("moves") || "").split(/[\s,]+/).filter(Boolean);
  function isTheGame() {
    const line = mainLine().slice(1).map((n) => n.mv);
    return !!gameId && line.length === gameMoves.length && line.every((m, i) => m === gameMoves[i]);
  }
  /// The review's moves that still match the main line, with their nodes.
  function reviewed() {
    if (!review) return [];
    const line = mainLine();
    const out = [];
    for (const m of review.moves) {
      const node = line[m.ply];
      if (!node || node.mv !== m.move) break;
      out.push({ m, node });
    }
    return out;
  }

  function reviewBusy(busy) {
    $("areviewbtn").disabled = busy;
    $("areviewcancel").hidden = !busy;
    $("areviewbar").hidden = !busy;
  }

  /// Why a review failed: the engine stayed busy (a reason every language words), else the
  /// engine's own words in English, and that the engine stopped in the other languages.
  function failedNote(reason) {
    if (reason === "busy" || reason === "the engine stayed busy") return t("an-review-failed-busy");
    return LANG === "en" && reason ? t("an-review-failed", { reason }) : t("an-review-failed-engine");
  }

  /// Shows a status answer; polls again while the review is queued or running.
  function showStatus(v, mine) {
    if (mine !== reviewSeq) return;
    const going = v.status === "queued" || v.status === "running";
    reviewBusy(going);
    if (v.total) { $("areviewbar").max = v.total; $("areviewbar").value = v.done; }
    $("areviewnote").textContent = {
      queued: t("an-review-queued"),
      running: t("an-review-running", { done: v.done, total: v.total }),
      failed: failedNote(v.reason),
      cancelled: t("an-review-cancelled"),
      none: "",
    }[v.status] || "";
    if (v.status === "done" && v.review) {
      review = v.review;
      save();
      showReview();
    }
    if (going) setTimeout(() => poll(mine), 500);
  }

  function reviewPath() { return reviewJob ? `/api/review/${encodeURIComponent(reviewJob)}` : `/api/games/${encodeURIComponent(gameId)}/review`; }

  async function poll(mine) {
    if (mine !== reviewSeq) return;
    try { showStatus(await api("GET", reviewPath()), mine); } catch (err) { if (mine === reviewSeq) { reviewBusy(false); $("areviewnote").textContent = err.message; } }
  }

  /// Asks the server to review the main line (the game's route for a game of the server's).
  async function startReview() {
    const mine = ++reviewSeq;
    review = null;
    showReview();
    reviewBusy(true);
    $("areviewnote").textContent = t("an-review-asking");
    try {
      let v = null;
      reviewJob = null;
      if (isTheGame()) {
        // A game still going on is reviewed as any line.
        try { v = await api("POST", reviewPath()); } catch (err) { if (err.code !== "game_not_over") throw err; }
      }
      if (!v) {
        const moves = mainLine().slice(1).map((n) => n.mv);
        if (!moves.length) throw new Error(t("an-review-nothing"));
        v = await api("POST", "/api/review", { variant, fen, moves, relaxed });
        reviewJob = v.id;
      }
      showStatus(v, mine);
    } catch (err) {
      if (mine !== reviewSeq) return;
      reviewBusy(false);
      $("areviewnote").textContent = err.message;
    }
  }

  async function cancelReview() {
    const mine = reviewSeq;
    try { showStatus(await api("POST", `${reviewPath()}/cancel`), mine); } catch (err) { $("areviewnote").textContent = err.message; }
  }

  /// Goes to the position of a marked move, with the better move as an arrow and its line.
  function showMark(m, node) {
    // Elsewhere the board is drawn with the arrow once the server has the position: drawn now,
    // the arrow would stand on the position the board still shows.
    const here = node.parent === cur;
    go(node.parent);
    const better = $("abetter");
    better.replaceChildren();
    // The rules' reason (a forbidden repetition) in the page's language, else in English.
    const reason = inPageLanguage(m.reasons) || m.reason;
    if (m.best) {
      board.arrows = [[m.best.slice(0, 2), m.best.slice(2, 4)]];
      markArrow = true;
      if (here && board.state) board.render(board.state);
      const b = document.createElement("b");
      b.textContent = `${t("an-better", { mark: MARKS[m.mark] ? MARKS[m.mark][1] : t("an-move"), move: m.text, lost: Math.round(m.loss * 100) })} `;
      better.append(b);
      const pv = m.line.map((mv, i) => ({ mv, text: m.line_text[i] || mv }));
      pv.forEach((p, i) => {
        const s = document.createElement("button");
        s.type = "button";
        s.className = "pvmove linkish";
        s.textContent = p.text;
        s.title = t("an-play-better-to");
        s.addEventListener("click", () => playLine(node.parent, pv, i + 1));
        better.append(s, " ");
      });
      if (reason) better.append(document.createTextNode(`(${reason})`));
    } else if (reason) better.textContent = reason;
    better.hidden = false;
  }

  /// The accuracies at the top, the marks' list, and the graph from the review's curve.
  function showReview(withGraph = true) {
    const acc = $("aaccuracy"), list = $("amarks");
    const rows = reviewed();
    if (!review || !rows.length) {
      acc.hidden = true;
      acc.replaceChildren();
      list.replaceChildren();
      $("abetter").hidden = true;
      if (graphLine && graphFromReview) clearGraph();
      return;
    }
    const names = (variant === "janggi" ? ["cho", "han"] : ["red", "black"]).map(sideName);
    acc.replaceChildren(...review.sides.map((s, i) => {
      const span = document.createElement("span");
      span.className = `acc side${i}`;
      span.textContent = t("an-accuracy", { side: names[i], accuracy: s.accuracy == null ? "—" : s.accuracy.toFixed(1),
        blunders: s.blunders, mistakes: s.mistakes, inaccuracies: s.inaccuracies });
      return span;
    }));
    acc.hidden = false;
    const start = startOf(startFen);
    list.replaceChildren(...rows.filter(({ m }) => MARKS[m.mark]).map(({ m, node }) => {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.className = `mark ${MARKS[m.mark][0]}`;
      const number = Math.floor((m.ply - 1 + start.turn) / 2) + start.number;
      b.textContent = t("an-mark-item", { number: `${number}${(m.ply - 1 + start.turn) % 2 ? "…" : "."}`, move: m.text, sign: m.mark,
        mark: MARKS[m.mark][1].toLowerCase() });
      b.addEventListener("click", () => showMark(m, node));
      li.append(b);
      return li;
    }));
    // The graph: the first mover's win probability after each reviewed move.
    if (!withGraph) { drawGraph(); return; }
    graphSeq += 1;
    graphFromReview = true;
    graphLine = [root, ...rows.map((r) => r.node)];
    graphScores = review.wins.slice(0, graphLine.length).map((w) => ({ share: w, text: t("an-win-share", { side: names[0], percent: Math.round(w * 100) }) }));
    $("agraph").hidden = false;
    $("agraphnote").textContent = t("an-review-graph", { nodes: review.nodes });
    drawGraph();
  }

  function renderMoves() {
    // The review's graph, unless the engine's graph was asked for since.
    if (review) showReview(graphFromReview || !graphLine); else drawGraph();
    const box = $("amoves");
    box.replaceChildren(...T.renderTree(root, cur, startOf(startFen), go));
    save();
    scrollWithin(box, box.querySelector(".cur"));
    const inVariation = T.variationOf(cur) !== null;
    $("apromote").disabled = !inVariation;
    $("adelete").disabled = !inVariation;
    $("acut").disabled = cur === root;
    $("aback").disabled = cur === root;
    $("astart").disabled = cur === root;
    $("aforward").disabled = !cur.children.length;
    $("aend").disabled = !cur.children.length;
  }

  function renderComment() {
    $("acomment-label").textContent = t(cur === root ? "an-comment-first" : "an-comment");
    $("acomment").value = cur.comment || "";
  }

  /// A new tree (new start, variant or record): the board starts over at its first position.
  function restart(newRoot, newFen) {
    root = newRoot;
    fen = newFen;
    startFen = newFen;
    cur = root;
    review = null;
    clearGraph();
    showHeaders();
    update();
  }

  /// A new start position typed or edited by the user: checked by the server first, so that a
  /// bad FEN is an error beside the box and the moves and comments stay; a good one replaces
  /// them only when the user agrees. Answers whether the position was taken.
  async function setStart(newFen) {
    try {
      await api("POST", "/api/analyse", { variant, fen: newFen, moves: [], millis: 0, relaxed });
    } catch (err) {
      $("amessage").textContent = err.message;
      return false;
    }
    if (root.children.length && !confirm(t("an-confirm-position"))) return false;
    headers = []; result = "*";
    restart(T.newRoot(), newFen);
    return true;
  }

  /// Names every move again in the chosen notation (the server reads the tree and answers it).
  async function renameMoves() {
    try {
      const keep = T.indexPath(cur);
      const v = await api("POST", "/api/tree", { variant, fen, tree: T.toWire(root), notation: notation(), relaxed });
      root = T.fromWire(v.tree);
      cur = T.nodeAt(root, keep);
    } catch (err) { $("amessage").textContent = err.message; }
    update();
  }

  function showHeaders() {
    $("aheaders").textContent = headers.filter(([k]) => ["Event", "Red", "Black", "Date", "Result", "Opening"].includes(k)).map(([k, x]) => t("an-header", { tag: t(`pgn-${k.toLowerCase()}`), value: x })).join(" · ");
  }

  async function exportPgn() {
    try {
      const r = await fetch("/api/tree", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ variant, fen, tree: T.toWire(root), notation: notation(), headers, result, format: "pgn", relaxed }),
      });
      if (!r.ok) { const v = await r.json().catch(() => ({})); throw new Error(v.error || `HTTP ${r.status}`); }
      const url = URL.createObjectURL(await r.blob());
      const a = document.createElement("a");
      a.href = url;
      a.download = "chuhan-analysis.pgn";
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10000);
    } catch (err) { $("amessage").textContent = err.message; }
  }

  // Navigation: buttons and the keyboard (not while typing in a field).
  $("astart").addEventListener("click", () => go(root));
  $("aback").addEventListener("click", () => go(cur.parent));
  $("aforward").addEventListener("click", () => go(cur.children[0]));
  $("aend").addEventListener("click", () => go(T.lineEnd(cur)));
  document.addEventListener("keydown", (e) => {
    if ($("analysis").hidden || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.target.closest && e.target.closest("textarea, select, input:not([type=checkbox])")) return;
    const to = { ArrowLeft: cur.parent, ArrowRight: cur.children[0], Home: root, End: T.lineEnd(cur) }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    go(to);
  });
  $("apromote").addEventListener("click", () => { if (T.promote(cur)) renderMoves(); });
  $("adelete").addEventListener("click", () => {
    const v = T.variationOf(cur);
    if (v) { cur = T.remove(v); update(); }
  });
  $("acut").addEventListener("click", () => { if (cur !== root) { cur = T.remove(cur); update(); } });
  $("areset").addEventListener("click", () => {
    if (!root.children.length || confirm(t("an-confirm-clear"))) restart(T.newRoot(), fen);
  });
  $("acomment").addEventListener("input", (e) => { cur.comment = e.target.value; renderMoves(); });
  $("aexport").addEventListener("click", exportPgn);
  $("agraphbtn").addEventListener("click", graph);
  $("anotation").addEventListener("change", (e) => { localStorage.setItem("chuhan:notation", e.target.value); renameMoves(); });
  pieceStyleSelect($("apieces"), () => { if (board.state) board.render(board.state); if (editing) palette(); });
  boardSettings($("aboard-settings"), () => { if (board.state) board.render(board.state); if (editing) palette(); });
  // A move typed in any notation is played as on the board.
  moveBox($("amove-entry"), $("amove-problem"), () => {
    if (editing) return t("an-close-editor");
    if (!board.state || board.state.end) return t("an-over-here");
    return { variant, fen: board.state.fen, relaxed };
  }, (mv) => board.onMove(mv));

  // The position editor: pick a piece (or the eraser) from the palette, click points.
  let editing = null, checking = null;
  function editorDraw() {
    const f = toFen(editing.pieces, Number($("eturn").value));
    $("afen").value = f;
    board.hints = [];
    board.render({ variant, fen: f, moves: [], legal: [], check: false, turn: 0, you: null, end: null });
    checkEdited(f);
  }
  /// Says what is wrong with the position being edited, as it changes: the server's position
  /// check (`/api/position`, the one Done and "Set position" go through), asked a moment after
  /// the last change.
  function checkEdited(f) {
    clearTimeout(checking);
    checking = setTimeout(async () => {
      try {
        const v = await api("POST", "/api/position", { variant, fen: f, relaxed });
        if (editing && $("afen").value === f) $("eproblem").textContent = !v.ok ? v.problem : v.over ? t("an-no-game-from", { reason: v.over }) : "";
      } catch (err) {
        if (editing && $("afen").value === f) $("eproblem").textContent = err.message;
      }
    }, 150);
  }
  function palette() {
    const buttons = [];
    const western = pieceStyle() === "western";
    for (const side of [0, 1]) {
      for (const role of "KABNRCP") {
        const b = document.createElement("button");
        if (western) b.appendChild(pieceIcon(variant, side, role, "western"));
        else b.textContent = CHARS[variant][side][role];
        b.title = pieceWords(variant, side, role, "editor-piece");
        b.style.color = COLORS[variant][side];
        b.addEventListener("click", () => { editing.pick = [side, role]; mark(b); });
        buttons.push(b);
      }
    }
    const erase = document.createElement("button");
    erase.textContent = "✕";
    erase.title = t("an-erase");
    erase.addEventListener("click", () => { editing.pick = null; mark(erase); });
    buttons.push(erase);
    const mark = (on) => { for (const b of buttons) b.classList.toggle("on", b === on); };
    $("palette").replaceChildren(...buttons);
    mark(erase);
    const [first, second] = variant === "janggi" ? [t("editor-cho"), t("editor-han")] : [t("editor-red"), t("editor-black")];
    $("eturn").options[0].textContent = first;
    $("eturn").options[1].textContent = second;
  }
  $("aedit").addEventListener("click", () => {
    seq += 1; // No answer about the old position may draw over the editor.
    if (aborter) aborter.abort();
    editing = { pieces: parseFen(board.state ? board.state.fen : ""), pick: null };
    clearLines();
    $("astatus").textContent = t("an-editing");
    $("eturn").value = String(board.state ? board.state.turn : 0);
    $("editor").hidden = false;
    palette();
    board.onPoint = (sq) => {
      if (editing.pick) editing.pieces.set(sq, editing.pick); else editing.pieces.delete(sq);
      editorDraw();
    };
    editorDraw();
  });
  $("eturn").addEventListener("change", () => editing && editorDraw());
  $("eclear").addEventListener("click", () => { editing.pieces = new Map(); editorDraw(); });
  $("estart").addEventListener("click", () => {
    const start = variant === "janggi" ? "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1" : "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    editing.pieces = parseFen(start);
    editorDraw();
  });
  $("edone").addEventListener("click", async () => {
    const f = toFen(editing.pieces, Number($("eturn").value));
    // An illegal position keeps the editor open, with the reason beside it.
    if (!(await setStart(f))) return;
    editing = null;
    board.onPoint = null;
    clearTimeout(checking);
    $("eproblem").textContent = "";
    $("editor").hidden = true;
  });
  // What "Load" reads is what was given last: a file chosen, or text typed or pasted (which
  // lets go of the file chosen before it; a file is also let go of once loaded).
  $("arecord").addEventListener("input", () => { $("afile").value = ""; });
  $("aload").addEventListener("click", async () => {
    const file = $("afile").files[0];
    const body = file ? await file.arrayBuffer() : $("arecord").value;
    try {
      const query = notation() ? `?${new URLSearchParams({ notation: notation() })}` : "";
      const r = await fetch(`/api/records${query}`, { method: "POST", body });
      const v = await r.json().catch(() => ({ error: `HTTP ${r.status}` }));
      if (!r.ok) throw new Error(v.error || `HTTP ${r.status}`);
      if (root.children.length && !confirm(t("an-confirm-record"))) return;
      $("afile").value = "";
      variant = v.variant;
      headers = v.headers;
      result = v.result;
      $("avariant").value = variant;
      showHeaders();
      restart(T.fromWire(v.tree), v.start_fen);
    } catch (err) { $("amessage").textContent = err.message; }
  });
  $("arelaxed").checked = relaxed;
  $("arelaxed").addEventListener("change", () => { relaxed = $("arelaxed").checked; update(); });
  $("asetfen").addEventListener("click", () => setStart($("afen").value.trim() || null));
  $("aflip").addEventListener("click", () => { userFlipped = !userFlipped; update(); });
  $("aengine").addEventListener("change", update);
  $("aenginename").addEventListener("change", (e) => { localStorage.setItem("chuhan:engine", e.target.value); update(); });
  engines();
  $("adeep").addEventListener("change", update);
  // Another game clears the board: asked first when there are moves to lose.
  $("avariant").addEventListener("change", (e) => {
    const name = e.target.selectedOptions[0].textContent;
    if (root.children.length && !confirm(t("an-confirm-variant", { variant: name }))) {
      e.target.value = variant;
      return;
    }
    variant = e.target.value; headers = []; result = "*"; restart(T.newRoot(), null);
  });
  showHeaders();
  // A kept analysis: the server names its moves again (the copy keeps only their coordinates).
  // `?dbgame=ID` (the database page's "Open"): that game, unless this address has its analysis.
  if (saved) renameMoves(); else if (q.get("dbgame") && !root.children.length) openDbGame(q.get("dbgame")); else update();
  // From a game's "Analyse": its record's tags (names, date, time control) and result.
  if (!saved && q.get("game")) gameHeaders(q.get("game"));
  // A game's review: the saved one at once, or asked for (`review=1`, the game page's button).
  $("areviewbtn").addEventListener("click", startReview);
  $("areviewcancel").addEventListener("click", cancelReview);
  if (review) showReview();
  if (gameId && isTheGame()) {
    const mine = ++reviewSeq;
    api("GET", reviewPath()).then((v) => {
      if (q.get("review") === "1" && !["done", "queued", "running"].includes(v.status)) startReview();
      else showStatus(v, mine);
    }).catch(() => { /* a game the server no longer has: the board works without it */ });
  } else if (q.get("review") === "1" && !review) startReview();

  async function gameHeaders(id) {
    try {
      const r = await fetch(`/api/games/${encodeURIComponent(id)}/pgn`);
      if (!r.ok) return;
      const rec = await fetch("/api/records", { method: "POST", body: await r.text() });
      const v = await rec.json().catch(() => ({ error: `HTTP ${rec.status}` }));
      if (!rec.ok) throw new Error(v.error || `HTTP ${rec.status}`);
      headers = v.headers;
      result = v.result;
      if (result !== "*" && !headers.some(([k]) => k === "Result")) headers.push(["Result", result]);
      showHeaders();
      save();
    } catch (err) { $("amessage").textContent = err.message; }
  }
}
