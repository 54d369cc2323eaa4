// chuhan serve: the analysis board (its own module, so the game pages and this one can change
// apart). User data only ever goes into the page through textContent and attribute setters.

import { Board, CHARS, COLORS, parseFen, toFen } from "/static/board.js";

const $ = (id) => document.getElementById(id);

/// A JSON request to the server; throws an Error with the server's message on failure.
async function api(method, path, body) {
  const r = await fetch(path, { method, headers: { "content-type": "application/json" }, body: body ? JSON.stringify(body) : undefined });
  const v = await r.json().catch(() => ({ error: `HTTP ${r.status}` }));
  if (!r.ok) throw new Error(v.error || `HTTP ${r.status}`);
  return v;
}

function capital(s) { return s ? s[0].toUpperCase() + s.slice(1) : s; }

function fmtScore(sc) {
  if (!sc) return "";
  if (sc.mate !== undefined) return `M${sc.mate}`;
  const v = sc.cp / 100;
  return (v > 0 ? "+" : "") + v.toFixed(2);
}

/// Runs the analysis board; the caller has shown its section.
export function analysis() {
  const q = new URLSearchParams(location.search);
  let variant = q.get("variant") === "janggi" ? "janggi" : "xiangqi";
  let fen = q.get("fen") || null;
  let moves = (q.get("moves") || "").split(/[\s,]+/).filter(Boolean);
  let seq = 0, userFlipped = false;
  const board = new Board($("aboard"), (mv) => { moves.push(mv); update(); });
  $("avariant").value = variant;

  async function update() {
    const mine = ++seq;
    const engine = $("aengine").checked;
    const notation = localStorage.getItem("chuhan:notation") || undefined;
    const ask = (millis) => api("POST", "/api/analyse", { variant, fen, moves, millis, multipv: 3, notation });
    try {
      // The position at once, then the engine's lines.
      const quick = await ask(0);
      if (mine !== seq) return;
      draw(quick, null);
      if (engine && !quick.end) {
        $("astatus").textContent += " — thinking…";
        const full = await ask(1500);
        if (mine === seq) draw(full, full.lines);
      }
    } catch (err) {
      if (mine !== seq) return;
      $("amessage").textContent = err.message;
      if (err.message.startsWith("move")) { moves.pop(); }
    }
  }

  function draw(r, lines) {
    $("amessage").textContent = "";
    const state = { variant: r.variant, fen: r.fen, moves: r.moves, legal: r.legal, check: r.check, turn: r.turn, you: r.turn, end: r.end };
    board.flipped = userFlipped;
    board.hints = lines && lines.length && lines[0].pv.length ? [[lines[0].pv[0].mv.slice(0, 2), lines[0].pv[0].mv.slice(2, 4)]] : [];
    board.render(state);
    if (document.activeElement !== $("afen")) $("afen").value = r.fen;
    $("aplay").href = `/?${new URLSearchParams({ variant: r.variant, fen: r.fen })}`;
    $("astatus").textContent = r.end ? r.end.reason : `${capital(r.sides[r.turn])} to move${r.check ? " — check!" : ""}`;
    const list = $("amoves");
    const items = [];
    for (let i = 0; i < r.moves.length; i += 2) {
      const li = document.createElement("li");
      for (const m of r.moves.slice(i, i + 2)) { const sp = document.createElement("span"); sp.textContent = m.text; li.appendChild(sp); }
      items.push(li);
    }
    list.replaceChildren(...items);
    const rows = (lines || []).map((l) => {
      const li = document.createElement("li");
      const b = document.createElement("b");
      b.textContent = fmtScore(l.score);
      li.appendChild(b);
      li.appendChild(document.createTextNode(` d${l.depth} ` + l.pv.map((m) => m.text).join(" ")));
      return li;
    });
    $("alines").replaceChildren(...rows);
    if (lines && lines.length) {
      const sc = lines[0].score;
      const red = sc.mate !== undefined ? (sc.mate > 0 ? 1 : 0) : 1 / (1 + Math.exp(-sc.cp / 400));
      $("evalfill").style.height = `${Math.round(red * 100)}%`;
      $("evalfill").style.background = variant === "janggi" ? "#1f5fa8" : "#c0231b";
    }
  }

  // The position editor: pick a piece (or the eraser) from the palette, click points.
  let editing = null;
  function editorDraw() {
    const f = toFen(editing.pieces, Number($("eturn").value));
    $("afen").value = f;
    board.hints = [];
    board.render({ variant, fen: f, moves: [], legal: [], check: false, turn: 0, you: null, end: null });
  }
  function palette() {
    const buttons = [];
    for (const side of [0, 1]) {
      for (const role of "KABNRCP") {
        const b = document.createElement("button");
        b.textContent = CHARS[variant][side][role];
        b.style.color = COLORS[variant][side];
        b.addEventListener("click", () => { editing.pick = [side, role]; mark(b); });
        buttons.push(b);
      }
    }
    const erase = document.createElement("button");
    erase.textContent = "✕";
    erase.title = "Erase";
    erase.addEventListener("click", () => { editing.pick = null; mark(erase); });
    buttons.push(erase);
    const mark = (on) => { for (const b of buttons) b.classList.toggle("on", b === on); };
    $("palette").replaceChildren(...buttons);
    mark(erase);
  }
  $("aedit").addEventListener("click", () => {
    editing = { pieces: parseFen(board.state ? board.state.fen : ""), pick: null };
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
  $("edone").addEventListener("click", () => {
    fen = toFen(editing.pieces, Number($("eturn").value));
    moves = [];
    editing = null;
    board.onPoint = null;
    $("editor").hidden = true;
    update();
  });
  $("aload").addEventListener("click", async () => {
    const file = $("afile").files[0];
    const body = file ? await file.arrayBuffer() : $("arecord").value;
    try {
      const r = await fetch("/api/records", { method: "POST", body });
      const v = await r.json().catch(() => ({ error: `HTTP ${r.status}` }));
      if (!r.ok) throw new Error(v.error || `HTTP ${r.status}`);
      variant = v.variant; fen = v.start_fen; moves = v.moves;
      $("avariant").value = variant;
      $("aheaders").textContent = v.headers.filter(([k]) => ["Event", "Red", "Black", "Date", "Result"].includes(k)).map(([k, x]) => `${k}: ${x}`).join(" · ");
      update();
    } catch (err) { $("amessage").textContent = err.message; }
  });
  $("asetfen").addEventListener("click", () => { fen = $("afen").value.trim() || null; moves = []; update(); });
  $("aback").addEventListener("click", () => { if (moves.length) { moves.pop(); update(); } });
  $("areset").addEventListener("click", () => { moves = []; update(); });
  $("aflip").addEventListener("click", () => { userFlipped = !userFlipped; update(); });
  $("aengine").addEventListener("change", update);
  $("avariant").addEventListener("change", (e) => { variant = e.target.value; fen = null; moves = []; update(); });
  update();
}
