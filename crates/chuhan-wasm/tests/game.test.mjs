// Game: endings under each rule set, checked against the rules crate's repetition cases.
import { test } from "node:test";
import assert from "node:assert/strict";
import { chuhan, rulesData } from "./helpers.mjs";

const { Game } = chuhan;

test("Fairy-Stockfish's chase and check cases rule as in the Rust tests", () => {
  const cases = JSON.parse(rulesData("chase-cases.json"));
  // The cases the Rust tests document as ruled differently (crates/chuhan/tests/repetition.rs):
  // none since issue 22, so every case must rule as expected.
  const differences = new Map();
  assert.equal(cases.length, 33);
  cases.forEach((c, i) => {
    const g = new Game(c.fen);
    for (const m of c.moves) {
      if (g.outcome()) break;
      g.push(m);
    }
    const o = g.outcome();
    const verdict = o ? o.verdict : "undecided";
    assert.equal(verdict, differences.get(i) ?? c.expected, `case ${i} ${c.fen} ${c.moves.join(" ")}`);
    if (o && o.termination !== "checkmate") assert.match(o.description, /repeated|occurred|moves/);
  });
});

test("rule sets: names, defaults and the one that judged", () => {
  assert.equal(new Game().rules, "axf");
  assert.equal(new Game(null, null, "cxa").rules, "cxa");
  assert.equal(new Game(null, null, "computer").rules, "computer");
  assert.equal(new Game(null, "janggi").rules, "modern");
  for (const r of ["modern", "traditional", "casual"]) assert.equal(new Game(null, "janggi", r).rules, r);
});

test("a perpetual check loses under every rule set", () => {
  // Red's chariot checks from d1 and e1 in turn while the black general steps between d9 and e9.
  for (const rules of ["axf", "cxa", "computer"]) {
    const g = new Game("3k5/9/9/9/9/9/9/9/4R4/5K3 w", null, rules);
    const cycle = ["e1d1", "d9e9", "d1e1", "e9d9"];
    let o = null;
    for (let i = 0; i < 12 && !o; i++) o = g.push(cycle[i % 4]);
    assert.ok(o, rules);
    assert.equal(o.verdict, "black wins", rules);
    assert.equal(o.termination, "perpetual-check", rules);
    assert.equal(o.rules, rules);
    assert.equal(o.result, "0-1");
    assert.equal(o.pgn, "0-1", "deprecated: result");
    assert.equal(o.reason, "perpetual-check", "deprecated: termination");
    assert.deepEqual(g.legalMoves(), [], "no moves once over");
  }
});

test("resignation, agreement and time", () => {
  const a = new Game();
  a.push("h2e2");
  a.resign("black");
  assert.deepEqual(
    [a.outcome().verdict, a.outcome().termination, a.outcome().description],
    ["red wins", "resignation", "Red wins: Black resigned"],
  );
  const b = new Game(null, "janggi");
  b.agreeDraw();
  assert.equal(b.outcome().verdict, "draw");
  assert.equal(b.outcome().result, "1/2-1/2");
  assert.equal(b.outcome().termination, "agreement");
  const c = new Game(null, "janggi");
  c.loseOnTime("han");
  assert.equal(c.outcome().winner, "cho");
  assert.equal(c.outcome().termination, "time");
});

test("a game's moves, notation and board", () => {
  const g = new Game(null, null, "cxa");
  assert.equal(g.pushNotation("炮二平五"), "h2e2");
  assert.equal(g.push("h9g7"), null);
  assert.deepEqual(g.history(), ["h2e2", "h9g7"]);
  assert.deepEqual(g.moves(), g.history(), "moves() is the deprecated name of history()");
  assert.equal(g.ply, 2);
  assert.equal(g.turn, "red");
  assert.equal(g.variant, "xiangqi");
  const b = g.board();
  assert.equal(b.fen(), g.fen());
  assert.equal(b.rules, "cxa");
  assert.equal(b.startFen(), new chuhan.Board().fen());
  assert.deepEqual(b.history(), ["h2e2", "h9g7"]);
  b.push("h0g2");
  assert.equal(g.ply, 2, "the board is a copy");
  assert.equal(g.legalMoves().length, new chuhan.Board(g.fen()).legalMoves().length);
});

test("janggi: a standing bikjang is counted under modern rules and drawn under traditional", () => {
  // Generals on the same file with nothing between (a chariot each, so that the position is
  // not dead): Cho passes, leaving the bikjang.
  for (const [rules, result] of [["modern", "han wins"], ["traditional", "draw"]]) {
    const g = new Game("4k4/r8/9/9/9/9/9/9/R8/4K4 w", "janggi", rules);
    const o = g.push("e0e0");
    assert.ok(o, rules);
    assert.equal(o.termination, "bikjang");
    assert.equal(o.verdict, result);
  }
});
