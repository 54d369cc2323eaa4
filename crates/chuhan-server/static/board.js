// The SVG board: pieces on the intersections, river, palaces; click-click moves.
// Everything is built with DOM calls and textContent: no markup from data.

import { t } from "/static/i18n.js";

const NS = "http://www.w3.org/2000/svg";
const CELL = 40, MARGIN = 30;
const W = MARGIN * 2 + CELL * 8, H = MARGIN * 2 + CELL * 9;

export const CHARS = {
  xiangqi: [
    { K: "帥", A: "仕", B: "相", N: "傌", R: "俥", C: "炮", P: "兵" },
    { K: "將", A: "士", B: "象", N: "馬", R: "車", C: "砲", P: "卒" },
  ],
  janggi: [
    { K: "楚", A: "士", B: "象", N: "馬", R: "車", C: "包", P: "卒" },
    { K: "漢", A: "士", B: "象", N: "馬", R: "車", C: "包", P: "兵" },
  ],
};
/// A piece's name in words, for screen readers: its role ("K", "A", … "P") as the catalog names it.
export const roleName = (role) => ("KABNRCP".includes(role) && role.length === 1 ? t(`role-${role}`) : role);

/// A side's piece in words ("red cannon"; `id` "editor-piece": "Red cannon", a name of its own):
/// `side` 0 or 1 of `variant`.
export function pieceWords(variant, side, role, id = "piece-words") {
  const name = (variant === "janggi" ? ["cho", "han"] : ["red", "black"])[side];
  return t(id, { side: name, role: roleName(role) });
}
export const COLORS = { xiangqi: ["#c0231b", "#111"], janggi: ["#1f5fa8", "#c0231b"] };

/// How big a piece is drawn: janggi pieces come in three sizes (the generals largest, advisors
/// and soldiers smallest), xiangqi pieces in one.
export function pieceRadius(variant, role) {
  if (variant !== "janggi") return 17;
  return role === "K" ? 19 : role === "A" || role === "P" ? 13.5 : 16.5;
}

/// The piece's outline: a disc in xiangqi, an octagon in janggi, as the sets are made.
export function pieceShape(parent, variant, role, x, y, attrs) {
  const r = pieceRadius(variant, role);
  if (variant !== "janggi") return el("circle", { cx: x, cy: y, r, ...attrs }, parent);
  const points = [];
  for (let k = 0; k < 8; k++) {
    const a = Math.PI / 8 + (k * Math.PI) / 4;
    points.push(`${(x + r * Math.cos(a)).toFixed(2)},${(y + r * Math.sin(a)).toFixed(2)}`);
  }
  return el("polygon", { points: points.join(" "), ...attrs }, parent);
}

const STYLE_KEY = "chuhan:pieces";
const THEME_KEY = "chuhan:theme", SIZE_KEY = "chuhan:board-size";

/// The board's colours: wood (the default), and plain, a white board with black lines and
/// strong piece colours for poor eyesight or bright light.
export const THEMES = {
  wood: { bg: "#e8c98a", line: "#5b3a1a", face: "#fbf1dc", last: "#7fb3ff" },
  plain: { bg: "#ffffff", line: "#000000", face: "#ffffff", last: "#ffd400" },
};
/// The board's widest, in CSS pixels, for each size (the page's width still limits it).
export const SIZES = { small: 360, medium: 600, large: 820 };

function stored(key, choices, fallback) {
  try { const v = localStorage.getItem(key); return v in choices ? v : fallback; } catch { return fallback; }
}

/// The board theme, as the user last chose ("wood" by default).
export function boardTheme() { return stored(THEME_KEY, THEMES, "wood"); }

/// The board size, as the user last chose ("medium" by default).
export function boardSize() { return stored(SIZE_KEY, SIZES, "medium"); }

/// Sets the page's board width from the remembered size: every board's wrapper reads
/// --board-max (style.css).
export function applyBoardSize() {
  document.documentElement.style.setProperty("--board-max", `${SIZES[boardSize()]}px`);
}

/// Fills `container` with the board size and theme choices; a change is remembered and
/// `onChange` redraws the board.
export function boardSettings(container, onChange) {
  const select = (label, key, choices, current) => {
    const l = document.createElement("label");
    l.textContent = `${label} `;
    choices = choices.map(([value, id]) => [value, t(id)]);
    const sel = document.createElement("select");
    sel.className = key === THEME_KEY ? "theme" : "size";
    for (const [value, text] of choices) {
      const o = document.createElement("option");
      o.value = value; o.textContent = text;
      sel.appendChild(o);
    }
    sel.value = current;
    sel.addEventListener("change", () => {
      try { localStorage.setItem(key, sel.value); } catch { /* private mode: this page only */ }
      applyBoardSize();
      onChange();
    });
    l.appendChild(sel);
    return l;
  };
  container.replaceChildren(
    select(t("board-theme"), THEME_KEY, [["wood", "board-wood"], ["plain", "board-plain"]], boardTheme()), " ",
    select(t("board-size"), SIZE_KEY, [["small", "board-small"], ["medium", "board-medium"], ["large", "board-large"]], boardSize()),
  );
}
applyBoardSize();

/// "chinese" (characters) or "western" (pictograms), as the user last chose.
export function pieceStyle() {
  try { return localStorage.getItem(STYLE_KEY) === "western" ? "western" : "chinese"; } catch { return "chinese"; }
}

/// Makes `select` (options chinese/western) show and change the remembered piece style.
export function pieceStyleSelect(select, onChange) {
  select.value = pieceStyle();
  select.addEventListener("change", () => {
    try { localStorage.setItem(STYLE_KEY, select.value); } catch { /* private mode: this page only */ }
    onChange();
  });
}

// Western pictograms, drawn for this board (no image assets): shapes in a box about ±11 around
// the piece's centre, filled with the side's colour; `bg` draws details in the piece's face.
const GLYPHS = {
  // The general: a crown.
  K: (g, c, bg) => {
    el("path", { d: "M-10 5 L-10 -7 L-5 -1 L0 -10 L5 -1 L10 -7 L10 5 Z", fill: c }, g);
    el("rect", { x: -10, y: 7, width: 20, height: 3, fill: c }, g);
    el("circle", { cx: 0, cy: 0, r: 2, fill: bg }, g);
  },
  // The advisor: a shield with the diagonal cross of its palace moves.
  A: (g, c, bg) => {
    el("path", { d: "M0 -11 L9 -7 V0 C9 6 4 9 0 11 C-4 9 -9 6 -9 0 V-7 Z", fill: c }, g);
    el("path", { d: "M-4 -5 L4 4 M4 -5 L-4 4", stroke: bg, "stroke-width": 2.2, "stroke-linecap": "round" }, g);
  },
  // The elephant: a head with ears, trunk and tusks.
  B: (g, c, bg) => {
    el("ellipse", { cx: -7, cy: -3, rx: 4.5, ry: 6.5, fill: c, opacity: 0.75 }, g);
    el("ellipse", { cx: 7, cy: -3, rx: 4.5, ry: 6.5, fill: c, opacity: 0.75 }, g);
    el("circle", { cx: 0, cy: -4, r: 6, fill: c }, g);
    el("path", { d: "M0 0 Q-1 8 4 10", stroke: c, "stroke-width": 4, fill: "none", "stroke-linecap": "round" }, g);
    el("circle", { cx: -2.5, cy: -6, r: 1.2, fill: bg }, g);
    el("circle", { cx: 2.5, cy: -6, r: 1.2, fill: bg }, g);
  },
  // The horse: a head in profile.
  N: (g, c, bg) => {
    el("path", { d: "M-7 10 H8 C9 1 7 -5 2 -8 L1 -11 L-2 -8 C-6 -7 -10 -2 -10 1 L-8 4 L-3 1 C-3 4 -6 6 -7 10 Z", fill: c }, g);
    el("circle", { cx: -2, cy: -4, r: 1.4, fill: bg }, g);
  },
  // The chariot: a tower with battlements, as the rook of Western chess.
  R: (g, c) => {
    el("path", { d: "M-9 10 H9 V7 H6 V-3 H9 V-10 H5 V-7 H2 V-10 H-2 V-7 H-5 V-10 H-9 V-3 H-6 V7 H-9 Z", fill: c }, g);
  },
  // The cannon: a barrel on a wheel.
  C: (g, c, bg) => {
    el("rect", { x: -11, y: -4, width: 20, height: 7, rx: 2, fill: c, transform: "rotate(-25)" }, g);
    el("circle", { cx: 7, cy: -6, r: 2, fill: c }, g);
    el("circle", { cx: -1, cy: 5, r: 5, fill: c }, g);
    el("circle", { cx: -1, cy: 5, r: 2, fill: bg }, g);
  },
  // The soldier: a pawn.
  P: (g, c) => {
    el("circle", { cx: 0, cy: -6, r: 4.5, fill: c }, g);
    el("path", { d: "M-4 -1 H4 L6 6 H8 V10 H-8 V6 H-6 Z", fill: c }, g);
  },
};

/// Draws the face of a piece centred on (x, y) into `parent`: its character, or its pictogram.
export function drawPiece(parent, variant, side, role, x, y, style) {
  const color = pieceColor(variant, side);
  const glyph = GLYPHS[role];
  if (style === "western" && glyph) {
    const g = el("g", { transform: `translate(${x} ${y})`, "data-piece": `${side}${role}` }, parent);
    glyph(g, color, THEMES[boardTheme()].face);
    return;
  }
  const size = Math.round(20 * pieceRadius(variant, role) / 17);
  const t = el("text", { x, y: y + size * 0.35, "text-anchor": "middle", "font-size": size, fill: color, "font-weight": "bold" }, parent);
  t.textContent = (CHARS[variant] || CHARS.xiangqi)[side][role] || role;
}

/// A side's colour in the board's theme: the plain theme draws black pieces in pure black.
function pieceColor(variant, side) {
  const c = (COLORS[variant] || COLORS.xiangqi)[side];
  return boardTheme() === "plain" && c === "#111" ? "#000" : c;
}

/// A small stand-alone SVG of a piece (for the position editor's palette).
export function pieceIcon(variant, side, role, style) {
  const svg = el("svg", { viewBox: "-20 -20 40 40", width: 28, height: 28, "aria-hidden": "true" });
  pieceShape(svg, variant, role, 0, 0, { fill: THEMES[boardTheme()].face, stroke: pieceColor(variant, side), "stroke-width": 2 });
  drawPiece(svg, variant, side, role, 0, 0, style);
  return svg;
}

function el(name, attrs, parent) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (parent) parent.appendChild(e);
  return e;
}

/// The FEN of a map of pieces (as `parseFen` gives) with `turn` (0 or 1) to move.
export function toFen(pieces, turn) {
  const rows = [];
  for (let r = 9; r >= 0; r--) {
    let row = "", empty = 0;
    for (let f = 0; f < 9; f++) {
      const p = pieces.get("abcdefghi"[f] + r);
      if (!p) { empty += 1; continue; }
      if (empty) row += empty;
      empty = 0;
      row += p[0] === 0 ? p[1] : p[1].toLowerCase();
    }
    if (empty) row += empty;
    rows.push(row);
  }
  return `${rows.join("/")} ${turn ? "b" : "w"} - - 0 1`;
}

/// Pieces of a FEN: a map from square name (e.g. "h2") to [side, role letter].
export function parseFen(fen) {
  const pieces = new Map();
  const rows = fen.split(" ")[0].split("/");
  rows.forEach((row, i) => {
    const rank = 9 - i;
    let file = 0;
    for (const c of row) {
      if (c >= "0" && c <= "9") { file += Number(c); continue; }
      const side = c === c.toUpperCase() ? 0 : 1;
      pieces.set("abcdefghi"[file] + rank, [side, c.toUpperCase()]);
      file += 1;
    }
  });
  return pieces;
}

/// The labels of the board's edges in a notation: `files[f]` under file f from Red's/Cho's
/// side, `top[f]` above it from Black's (when that side counts its own files), `ranks[r]` beside
/// rank r. Xiangqi's Chinese, WXF and Vietnamese count files from each player's right (Red in Chinese
/// numerals); janggi numbers columns from the left and rows from the top (the tenth 0);
/// coordinate notations name files a–i and ranks from 0 or, 1-based, from 1.
export function edgeLabels(variant, notation) {
  const files = [...Array(9).keys()], ranks = [...Array(10).keys()];
  if (variant === "janggi") return { files: files.map((f) => String(f + 1)), top: null, ranks: ranks.map((r) => String((10 - r) % 10)) };
  if (notation === "chinese" || notation === "chinese-traditional" || notation === "wxf" || notation === "vietnamese") {
    const red = notation === "wxf" || notation === "vietnamese" ? files.map((f) => String(9 - f)) : files.map((f) => "九八七六五四三二一"[f]);
    return { files: red, top: files.map((f) => String(f + 1)), ranks: null };
  }
  const one = notation === "uci1" || notation === "algebraic" || notation === "lan";
  return { files: files.map((f) => "abcdefghi"[f]), top: null, ranks: ranks.map((r) => String(r + (one ? 1 : 0))) };
}

export class Board {
  constructor(container, onMove) {
    this.container = container;
    this.onMove = onMove;
    this.flipped = false;
    this.selected = null;
    this.state = null;
    this.drag = null;
    this.arrows = [];
    // A move queued while the opponent thinks (the game page turns this on): `premove` is its
    // coordinates; the page plays it when the turn comes, if it is legal then.
    this.premoves = false;
    this.premove = null;
  }

  /// The SVG coordinates of a pointer event.
  coords(svg, e) {
    const ctm = svg.getScreenCTM();
    if (!ctm) return null;
    const p = svg.createSVGPoint();
    p.x = e.clientX; p.y = e.clientY;
    return p.matrixTransform(ctm.inverse());
  }

  /// The point under SVG coordinates, or null off the board.
  squareAt(c) {
    if (!c) return null;
    let f = Math.round((c.x - MARGIN) / CELL), r = 9 - Math.round((c.y - MARGIN) / CELL);
    if (f < 0 || f > 8 || r < 0 || r > 9) return null;
    if (this.flipped) { f = 8 - f; r = 9 - r; }
    return this.square(f, r);
  }

  down(svg, e) {
    this.cursor = null; // the mouse's turn: the keyboard cursor goes until the next Tab
    const c = this.coords(svg, e), sq = this.squareAt(c);
    if (!sq) return;
    if (e.button === 2) { this.drag = { arrow: sq }; return; }
    if (e.button !== 0) return;
    const s = this.state, p = this.pieces.get(sq);
    const mine = s && s.you !== null && s.you === s.turn && !s.end && p && p[0] === s.you;
    this.drag = { from: sq, start: c, moved: false, draggable: mine };
    if (mine && svg.setPointerCapture) svg.setPointerCapture(e.pointerId);
  }

  move(svg, e) {
    const d = this.drag;
    if (!d || !d.draggable) return;
    const c = this.coords(svg, e);
    if (!c) return;
    const dx = c.x - d.start.x, dy = c.y - d.start.y;
    if (!d.moved && Math.hypot(dx, dy) < 6) return;
    d.moved = true;
    const g = this.pieceAt.get(d.from);
    if (g) { g.setAttribute("transform", `translate(${dx} ${dy})`); svg.appendChild(g); }
  }

  up(svg, e) {
    const d = this.drag;
    this.drag = null;
    if (!d) return;
    const sq = this.squareAt(this.coords(svg, e));
    if (d.arrow) {
      if (sq && sq !== d.arrow) {
        const i = this.arrows.findIndex(([a, b]) => a === d.arrow && b === sq);
        if (i >= 0) this.arrows.splice(i, 1); else this.arrows.push([d.arrow, sq]);
      }
      this.render(this.state);
      return;
    }
    this.arrows = [];
    if (this.onPoint) { if (sq) this.onPoint(sq); return; }
    if (!d.moved) { if (sq) this.click(sq, this.pieces); else this.render(this.state); return; }
    const s = this.state;
    this.selected = null;
    if (sq && s.legal.includes(d.from + sq)) {
      this.dropped = d.from + sq; // already where the hand put it: not slid there again
      this.onMove(d.from + sq);
    }
    this.render(s);
  }

  point(sq) {
    let f = "abcdefghi".indexOf(sq[0]), r = Number(sq.slice(1));
    if (this.flipped) { f = 8 - f; r = 9 - r; }
    return [MARGIN + f * CELL, MARGIN + (9 - r) * CELL];
  }

  square(f, r) { return "abcdefghi"[f] + r; }

  render(state) {
    this.state = state;
    const v = state.variant;
    // data-flipped, data-sq and data-piece are hooks for the end-to-end tests (e2e/).
    // The board takes the keyboard focus (Tab): arrow keys move a cursor over the points,
    // Enter or Space picks a piece up and puts it down (keydown below).
    const theme = THEMES[boardTheme()], ink = theme.line;
    const svg = el("svg", {
      viewBox: `0 0 ${W} ${H}`, role: "application", tabindex: 0, "aria-roledescription": t("board-role", { variant: v }),
      "aria-label": this.describe(state), "data-flipped": this.flipped, "data-theme": boardTheme(),
    });
    el("rect", { x: 0, y: 0, width: W, height: H, fill: theme.bg }, svg);
    const lines = el("g", { stroke: ink, "stroke-width": theme === THEMES.plain ? 1.6 : 1.2, fill: "none" }, svg);
    const x0 = MARGIN, y0 = MARGIN, x1 = MARGIN + 8 * CELL, y1 = MARGIN + 9 * CELL;
    for (let r = 0; r < 10; r++) el("line", { x1: x0, y1: y0 + r * CELL, x2: x1, y2: y0 + r * CELL }, lines);
    for (let f = 0; f < 9; f++) {
      const x = x0 + f * CELL;
      if (v === "xiangqi" && f > 0 && f < 8) {
        el("line", { x1: x, y1: y0, x2: x, y2: y0 + 4 * CELL }, lines);
        el("line", { x1: x, y1: y0 + 5 * CELL, x2: x, y2: y1 }, lines);
      } else {
        el("line", { x1: x, y1: y0, x2: x, y2: y1 }, lines);
      }
    }
    for (const top of [0, 7]) {
      const ya = y0 + top * CELL, yb = ya + 2 * CELL, xa = x0 + 3 * CELL, xb = x0 + 5 * CELL;
      el("line", { x1: xa, y1: ya, x2: xb, y2: yb }, lines);
      el("line", { x1: xb, y1: ya, x2: xa, y2: yb }, lines);
    }
    el("rect", { x: x0 - 4, y: y0 - 4, width: 8 * CELL + 8, height: 9 * CELL + 8, stroke: ink, "stroke-width": 2, fill: "none" }, svg);
    if (v === "xiangqi") {
      const ty = y0 + 4.5 * CELL + 7;
      const [left, right] = this.flipped ? ["漢 界", "楚 河"] : ["楚 河", "漢 界"];
      for (const [x, t] of [[x0 + 2 * CELL, left], [x0 + 6 * CELL, right]]) {
        const text = el("text", { x, y: ty, "text-anchor": "middle", "font-size": 20, fill: ink }, svg);
        text.textContent = t;
      }
    }
    // Coordinates on the edges, in the notation the moves are written in.
    const labels = edgeLabels(v, state.notation);
    const label = (x, y, t, anchor) => {
      const e = el("text", { x, y, "text-anchor": anchor, "font-size": 9, fill: ink, class: "coord" }, svg);
      e.textContent = t;
    };
    for (let f = 0; f < 9; f++) {
      const [x] = this.point(this.square(f, 0));
      label(x, this.flipped ? 9 : H - 2, labels.files[f], "middle");
      if (labels.top) label(x, this.flipped ? H - 2 : 9, labels.top[f], "middle");
    }
    if (labels.ranks) {
      for (let r = 0; r < 10; r++) {
        const [, y] = this.point(this.square(0, r));
        label(2, y + 3, labels.ranks[r], "start");
      }
    }
    // Last move.
    const last = state.moves.length ? state.moves[state.moves.length - 1].mv : null;
    if (last) {
      for (const sq of [last.slice(0, 2), last.slice(2, 4)]) {
        const [x, y] = this.point(sq);
        el("rect", { x: x - 19, y: y - 19, width: 38, height: 38, fill: theme.last, opacity: 0.45 }, svg);
      }
    }
    // A queued premove: its two points in blue.
    if (this.premove) {
      svg.dataset.premove = this.premove;
      for (const sq of [this.premove.slice(0, 2), this.premove.slice(2, 4)]) {
        const [x, y] = this.point(sq);
        el("rect", { class: "premove", x: x - 19, y: y - 19, width: 38, height: 38, fill: "#36c", opacity: 0.35 }, svg);
      }
    }
    const pieces = parseFen(state.fen);
    const style = pieceStyle();
    // Legal targets of the selected piece.
    const targets = new Set();
    if (this.selected) {
      for (const m of state.legal) if (m.startsWith(this.selected) && m.slice(2) !== this.selected) targets.add(m.slice(2));
    }
    const groups = new Map();
    for (const [sq, [side, role]] of pieces) {
      const [x, y] = this.point(sq);
      const g = el("g", { class: "pt", "data-sq": sq, "data-piece": `${side}${role}` }, svg);
      groups.set(sq, g);
      const checked = state.check && role === "K" && side === state.turn;
      pieceShape(g, v, role, x, y, { fill: theme.face, stroke: checked ? "#f00" : pieceColor(v, side), "stroke-width": checked ? 4 : 2 });
      if (sq === this.selected) el("circle", { cx: x, cy: y, r: 19, fill: "none", stroke: "#2a8", "stroke-width": 3 }, g);
      drawPiece(g, v, side, role, x, y, style);
    }
    for (const sq of targets) {
      const [x, y] = this.point(sq);
      el("circle", { class: "target", "data-sq": sq, cx: x, cy: y, r: pieces.has(sq) ? 19 : 6, fill: pieces.has(sq) ? "none" : "#2a8", stroke: "#2a8", "stroke-width": 3, opacity: 0.8 }, svg);
    }
    // The engine's best move (blue) and arrows drawn with the right mouse button (green, until
    // the next left click): each arrow's head in its shaft's colour.
    const defs = el("defs", {}, svg);
    const arrow = (a, b, color, opacity) => {
      const id = `arrowhead-${color.slice(1)}`;
      if (!defs.querySelector(`#${id}`)) {
        const head = el("marker", { id, viewBox: "0 0 10 10", refX: 5, refY: 5, markerWidth: 4, markerHeight: 4, orient: "auto-start-reverse" }, defs);
        el("path", { d: "M 0 0 L 10 5 L 0 10 z", fill: color }, head);
      }
      const [xa, ya] = this.point(a), [xb, yb] = this.point(b);
      el("line", { x1: xa, y1: ya, x2: xb, y2: yb, stroke: color, "stroke-width": 6, opacity, "marker-end": `url(#${id})` }, svg);
    };
    for (const [a, b] of this.hints || []) arrow(a, b, "#36c", 0.6);
    for (const [a, b] of this.arrows) arrow(a, b, "#2a6", 0.7);
    if (this.cursor) {
      const [x, y] = this.point(this.cursor);
      el("rect", { class: "cursor", "data-sq": this.cursor, x: x - 20, y: y - 20, width: 40, height: 40, rx: 6, fill: "none", stroke: "#e0f", "stroke-width": 3 }, svg);
    }
    this.pieceAt = groups;
    this.pieces = pieces;
    svg.addEventListener("keydown", (e) => this.key(e));
    svg.addEventListener("focus", () => {
      // Only a keyboard's focus shows the cursor: a click focuses the board too. Nor does the
      // focus handed on to the new drawing below: after a key such as ← (a step back through
      // the moves) the browser calls any focus given by a script keyboard focus, and the cursor
      // would then take the next ← for itself.
      if (this.refocusing || this.cursor || !svg.matches(":focus-visible")) return;
      // The cursor starts on the selected piece, or the general of the side below.
      let start = this.selected;
      for (const [sq, [side, role]] of pieces) if (!start && role === "K" && side === (this.flipped ? 1 : 0)) start = sq;
      this.cursor = start || "e0";
      this.render(this.state);
    });
    svg.addEventListener("pointerdown", (e) => this.down(svg, e));
    svg.addEventListener("pointermove", (e) => this.move(svg, e));
    svg.addEventListener("pointerup", (e) => this.up(svg, e));
    svg.addEventListener("pointercancel", () => { this.drag = null; this.render(this.state); });
    svg.addEventListener("contextmenu", (e) => e.preventDefault());
    const focused = this.container.contains(document.activeElement);
    this.container.replaceChildren(svg);
    if (this.cursor) svg.dataset.cursor = "";
    if (focused) {
      this.refocusing = true;
      svg.focus({ preventScroll: true });
      this.refocusing = false;
    }
    // A move just played (one more than last drawn) slides from its point, unless dropped there.
    const slide = last && this.drawn !== undefined && state.moves.length === this.drawn + 1
      && last.slice(0, 2) !== last.slice(2, 4) && last !== this.dropped && state.fen !== this.drawnFen;
    this.drawn = state.moves.length;
    this.drawnFen = state.fen;
    if (last === this.dropped) this.dropped = null;
    const g = slide && groups.get(last.slice(2, 4));
    if (g && typeof requestAnimationFrame === "function") {
      const [xa, ya] = this.point(last.slice(0, 2)), [xb, yb] = this.point(last.slice(2, 4));
      g.style.transform = `translate(${xa - xb}px, ${ya - yb}px)`;
      svg.appendChild(g); // above the other pieces while it moves
      requestAnimationFrame(() => requestAnimationFrame(() => {
        g.style.transition = "transform .18s ease-out";
        g.style.transform = "";
      }));
    }
  }

  /// The board in words for a screen reader: whose turn, and the point under the cursor.
  describe(state) {
    const side = (state.variant === "janggi" ? ["cho", "han"] : ["red", "black"])[state.turn];
    if (!this.cursor) return t("board-label", { variant: state.variant, side: t(`side-${side}`) });
    const what = this.pointWords(this.cursor, state);
    return this.selected ? t("board-point-holding", { sq: this.cursor, what, from: this.selected })
      : t("board-point", { sq: this.cursor, what });
  }

  /// "red cannon", or "empty", for the piece on `sq`.
  pointWords(sq, state) {
    const p = parseFen(state.fen).get(sq);
    if (!p) return t("board-empty");
    return pieceWords(state.variant, p[0], p[1]);
  }

  /// The keyboard: arrow keys move the cursor as the board is seen (flipped or not), Enter or
  /// Space picks up the piece under it or puts the one held down there, Escape lets go.
  key(e) {
    // Without the cursor (the board was clicked, not reached by Tab) the keys stay the page's:
    // ← → still look back through the moves after a click on the board.
    if (e.altKey || e.ctrlKey || e.metaKey || !this.state || !this.cursor) return;
    const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    const sq = this.cursor;
    if (steps[e.key]) {
      let [df, dr] = steps[e.key];
      if (this.flipped) { df = -df; dr = -dr; }
      const f = Math.min(8, Math.max(0, "abcdefghi".indexOf(sq[0]) + df)), r = Math.min(9, Math.max(0, Number(sq.slice(1)) + dr));
      this.cursor = this.square(f, r);
      this.render(this.state);
    } else if (e.key === "Enter" || e.key === " ") {
      this.cursor = sq;
      if (this.onPoint) this.onPoint(sq); else this.click(sq, this.pieces);
    } else if (e.key === "Escape" && (this.selected || this.premove)) {
      this.selected = null;
      this.premove = null;
      this.render(this.state);
    } else {
      return;
    }
    // The page's own keys (← → to look back at moves) do not act on keys meant for the board.
    e.preventDefault();
    e.stopPropagation();
  }

  /// A click while the opponent is to move: picks one of one's pieces and a point for it (a
  /// premove, not checked until the turn comes); any click with a premove queued cancels it.
  queue(sq, pieces) {
    const s = this.state, p = pieces.get(sq);
    if (this.premove) {
      this.premove = null;
      this.selected = null;
    } else if (this.selected && this.selected !== sq && !(p && p[0] === s.you)) {
      this.premove = this.selected + sq;
      this.selected = null;
    } else {
      this.selected = p && p[0] === s.you && this.selected !== sq ? sq : null;
    }
    this.render(s);
  }

  click(sq, pieces) {
    const s = this.state;
    if (this.premoves && s && s.you !== null && !s.end && s.you !== s.turn) { this.queue(sq, pieces); return; }
    if (!s || s.you === null || s.you !== s.turn || s.end) { this.selected = null; return; }
    const p = pieces.get(sq);
    if (this.selected && this.selected !== sq && s.legal.includes(this.selected + sq)) {
      const mv = this.selected + sq;
      this.selected = null;
      this.onMove(mv);
      this.render(s);
      return;
    }
    this.selected = p && p[0] === s.you && this.selected !== sq ? sq : null;
    this.render(s);
  }
}
