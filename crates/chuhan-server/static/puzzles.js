// The puzzle page (/puzzles): a position, the solver to move; the solver plays the solution's
// moves (click, drag or keyboard, as on every board), the opponent's replies come by
// themselves. The whole solution comes with the puzzle (docs/puzzles.md), so the moves are
// checked here; the attempt is sent once, at the first wrong move or when it is solved, and
// both ratings come back. A guest's rating lives in localStorage; an account's on the server.

import { Board, parseFen, toFen } from "/static/board.js";
import { $, api } from "/static/util.js";
import { has, sideName, t } from "/static/i18n.js";

const GUEST_KEY = "chuhan:puzzle-rating";
const BEST_KEY = "chuhan:puzzle-streak-best";
const FILTER_KEY = "chuhan:puzzle-filters";
/// How long the opponent "thinks" before its reply, and the pace of "Show solution".
const REPLY_MS = 500;

const SIDES = { xiangqi: ["red", "black"], janggi: ["cho", "han"] };
const sideOf = (variant, side) => sideName(SIDES[variant][side]);

let board = null;
let puzzle = null;
let ply = 0;
let fen = "";
let moves = [];
let over = false; // solved, or failed and not to be played on
let sent = false; // the attempt went to the server
let failedAt = null; // the ply of the first wrong move
let busy = 0; // a generation counter: a timer of an old puzzle does nothing
let account = null; // { rating } when logged in
const seen = [];
let streak = { on: false, count: 0, last: 0 };

function guestRating() {
  try {
    const r = JSON.parse(localStorage.getItem(GUEST_KEY));
    if (r && Number.isFinite(r.rating) && Number.isFinite(r.deviation) && Number.isFinite(r.volatility)) return r;
  } catch { /* none kept */ }
  return null;
}

function bestStreak() { return Number(localStorage.getItem(BEST_KEY)) || 0; }

function side() { return puzzle.fen.split(/\s+/)[1] === "b" ? 1 : 0; }

function status(text, kind) {
  const s = $("pstatus");
  s.textContent = text;
  s.className = `status${kind ? ` ${kind}` : ""}`;
}

function showRating() {
  const r = account ? account.rating : guestRating()?.rating;
  $("prating").textContent = r == null ? "" : t(account ? "pz-rating-account" : "pz-rating-guest", { rating: String(Math.round(r)) });
}

function showStreak() {
  const el = $("pstreakinfo");
  el.hidden = !streak.on;
  el.textContent = t("pz-streak-info", { count: streak.count, best: bestStreak() });
}

/// The board's state at the current point: moves allowed only while it is the solver's turn.
function draw() {
  const step = puzzle.steps[Math.min(ply, puzzle.steps.length - 1)];
  const you = side();
  const turn = ply % 2 === 0 ? you : 1 - you;
  const mine = !over && turn === you && moves.length === ply;
  const legal = mine ? step.legal : [];
  board.render({
    variant: puzzle.variant, fen, moves: moves.map((mv) => ({ mv })), legal,
    check: moves.length === ply ? step.check : false, turn, you, end: over ? "over" : null, notation: "iccs",
  });
  const pass = legal.find((m) => m.slice(0, 2) === m.slice(2, 4));
  $("ppass").hidden = !pass;
  $("ppass").dataset.move = pass || "";
}

/// The position after `mv` from `f`, for a wrong move (not in the puzzle's steps).
function after(f, mv) {
  const pieces = parseFen(f);
  const from = mv.slice(0, 2), to = mv.slice(2, 4);
  const turn = f.split(/\s+/)[1] === "b" ? 1 : 0;
  if (from !== to) {
    const p = pieces.get(from);
    pieces.delete(from);
    if (p) pieces.set(to, p);
  }
  return toFen(pieces, 1 - turn);
}

async function send(solved) {
  if (sent) return;
  sent = true;
  const body = { solved };
  if (!account) { const g = guestRating(); if (g) body.rating = g; }
  try {
    const r = await api("POST", `/api/puzzles/${encodeURIComponent(puzzle.id)}/attempt`, body);
    if (r.account) account = { rating: r.player.rating };
    else localStorage.setItem(GUEST_KEY, JSON.stringify({ rating: r.player.rating, deviation: r.player.deviation, volatility: r.player.volatility }));
    const res = $("presult");
    const sign = (v) => (v > 0 ? `+${v}` : v < 0 ? `−${-v}` : "±0");
    const part = (id, rating, change, cls) => {
      const s = document.createElement("span");
      s.className = cls;
      s.dataset.change = String(change);
      s.textContent = t(id, { rating: String(Math.round(rating)), change: sign(Math.round(change)) });
      return s;
    };
    const mine = part("pz-your-rating", r.player.rating, r.player.change, r.player.change >= 0 ? "up player" : "down player");
    mine.id = "pplayer";
    const theirs = part("pz-puzzle-rating", r.puzzle.rating, r.puzzle.change, "puzzle");
    theirs.id = "ppuzzle";
    const note = document.createElement("span");
    note.className = "note";
    note.textContent = r.counted ? "" : ` ${t("pz-tried-before")}`;
    res.replaceChildren(mine, document.createTextNode(" · "), theirs, note);
    showRating();
  } catch (err) { $("pmessage").textContent = err.message; }
}

function solved() {
  over = true;
  $("pboard").classList.add("solved");
  status(t(failedAt === null ? "pz-solved" : "pz-solution-shown"), failedAt === null ? "ok" : "");
  $("psolution").hidden = true;
  if (failedAt === null) {
    send(true);
    if (streak.on) {
      streak.count += 1;
      streak.last = puzzle.set_rating;
      if (streak.count > bestStreak()) localStorage.setItem(BEST_KEY, String(streak.count));
      showStreak();
    }
  }
  draw();
}

/// The opponent's reply after a pause, then the solver's turn again.
function reply(gen) {
  setTimeout(() => {
    if (gen !== busy) return;
    const mv = puzzle.solution[ply];
    moves.push(mv);
    fen = puzzle.steps[ply + 1].fen;
    ply += 1;
    status(t("pz-good-next", { side: sideOf(puzzle.variant, side()) }), "ok");
    draw();
  }, REPLY_MS);
}

function played(mv) {
  if (over || moves.length !== ply) return;
  const step = puzzle.steps[ply];
  if (step.accept.includes(mv)) {
    // The solution's move, or another mate at its last move.
    moves.push(mv);
    fen = mv === puzzle.solution[ply] ? puzzle.steps[ply + 1].fen : after(fen, mv);
    ply += 1;
    if (ply >= puzzle.solution.length) { solved(); return; }
    status(t("pz-good-move"), "ok");
    draw();
    reply(busy);
    return;
  }
  // Wrong: shown on the board, marked, and the attempt failed.
  moves.push(mv);
  fen = after(fen, mv);
  failedAt = failedAt === null ? ply : failedAt;
  $("pboard").classList.add("wrong");
  $("pboard").dataset.wrong = mv;
  status(t("pz-wrong", { move: mv }), "wrong");
  $("psolution").hidden = false;
  over = true;
  draw();
  send(false);
  if (streak.on) {
    status(t("pz-wrong-streak", { move: mv, count: streak.count }), "wrong");
    streak.count = 0;
    streak.last = 0;
    showStreak();
  }
}

/// Plays the rest of the solution from where it went wrong, a move at a time.
function showSolution() {
  const gen = ++busy;
  $("psolution").hidden = true;
  $("pboard").classList.remove("wrong");
  moves = moves.slice(0, ply);
  fen = puzzle.steps[ply].fen;
  over = true;
  status(t("pz-the-solution"), "");
  draw();
  const step = () => {
    if (gen !== busy) return;
    if (ply >= puzzle.solution.length) { solved(); return; }
    moves.push(puzzle.solution[ply]);
    fen = puzzle.steps[ply + 1].fen;
    ply += 1;
    draw();
    setTimeout(step, REPLY_MS);
  };
  setTimeout(step, REPLY_MS);
}

function filters() {
  return { variant: $("pvariant").value, theme: $("ptheme").value };
}

async function next() {
  const gen = ++busy;
  $("pmessage").textContent = "";
  const f = filters();
  localStorage.setItem(FILTER_KEY, JSON.stringify(f));
  const q = new URLSearchParams();
  if (f.variant) q.set("variant", f.variant);
  if (f.theme) q.set("theme", f.theme);
  if (streak.on) q.set("above", String(streak.last));
  else {
    const r = account ? account.rating : guestRating()?.rating;
    q.set("near", String(Math.round(r ?? 1500)));
  }
  if (seen.length) q.set("exclude", seen.slice(-200).join(","));
  let p;
  try {
    p = await api("GET", `/api/puzzles/next?${q}`);
  } catch (err) {
    if (gen !== busy) return;
    if (err.code === "no_puzzle" && seen.length && !streak.on) {
      // Every puzzle of these filters seen: start over.
      seen.length = 0;
      next();
      return;
    }
    $("pmessage").textContent = streak.on && err.code === "no_puzzle"
      ? t("pz-no-harder", { count: streak.count }) : err.message;
    return;
  }
  if (gen !== busy) return;
  start(p);
}

function start(p) {
  puzzle = p;
  seen.push(p.id);
  ply = 0;
  fen = p.steps[0].fen;
  moves = [];
  over = false;
  sent = false;
  failedAt = null;
  $("pboard").classList.remove("wrong", "solved");
  delete $("pboard").dataset.wrong;
  $("pboard").dataset.puzzle = p.id;
  $("psolution").hidden = true;
  $("presult").replaceChildren();
  board.flipped = side() === 1;
  // The themes by their codes, in this language (the server's English name for a code the
  // catalog does not know).
  const names = p.themes.map((c, i) => (has(`theme-${c}`) ? t(`theme-${c}`) : p.theme_names[i])).join(t("list-comma"));
  const info = [t("pz-info", { id: String(p.id) }), t(p.variant === "janggi" ? "variant-janggi" : "variant-xiangqi"),
    t("pz-info-rating", { rating: String(Math.round(p.rating)) })];
  if (names) info.push(names);
  if (p.source) info.push(p.source);
  $("pinfo").textContent = info.join(" · ");
  status(t("pz-find-best", { side: sideOf(p.variant, side()) }), "");
  draw();
}

export async function puzzlesPage() {
  board = new Board($("pboard"), (mv) => queueMicrotask(() => played(mv)));
  try {
    const f = JSON.parse(localStorage.getItem(FILTER_KEY)) || {};
    if (f.variant) $("pvariant").value = f.variant;
    if (f.theme) $("ptheme").value = f.theme;
  } catch { /* defaults */ }
  // New filters, or a new streak: every puzzle of them may come again.
  const refilter = () => { seen.length = 0; streak.count = 0; streak.last = 0; showStreak(); next(); };
  $("pvariant").addEventListener("change", refilter);
  $("ptheme").addEventListener("change", refilter);
  $("pstreak").addEventListener("change", () => {
    seen.length = 0;
    streak = { on: $("pstreak").checked, count: 0, last: 0 };
    showStreak();
    next();
  });
  $("pnext").addEventListener("click", () => {
    // In a streak, skipping a puzzle unsolved ends the streak.
    if (streak.on && !over) { streak.count = 0; streak.last = 0; showStreak(); }
    next();
  });
  $("psolution").addEventListener("click", showSolution);
  $("pflip").addEventListener("click", () => { board.flipped = !board.flipped; if (puzzle) draw(); });
  $("ppass").addEventListener("click", () => { const mv = $("ppass").dataset.move; if (mv) played(mv); });
  try {
    const me = await api("GET", "/api/puzzles/rating");
    if (me.account) account = { rating: me.rating };
  } catch { /* a guest */ }
  showRating();
  next();
}
