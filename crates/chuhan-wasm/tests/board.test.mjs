// Board: every method, both games, checked against the rules crate's own test data.
import { test } from "node:test";
import assert from "node:assert/strict";
import { chuhan, rulesData, fixture } from "./helpers.mjs";

const { Board, notations, version } = chuhan;
const XIANGQI_START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
const JANGGI_START = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1";

test("a new board is the start position of its variant", () => {
  const b = new Board();
  assert.equal(b.fen(), XIANGQI_START);
  assert.equal(b.variant, "xiangqi");
  assert.equal(b.turn, "red");
  assert.equal(b.ply, 0);
  assert.equal(b.rules, "axf");
  assert.equal(String(b), XIANGQI_START);
  const j = new Board(null, "janggi");
  assert.equal(j.fen(), JANGGI_START);
  assert.equal(j.turn, "cho");
  assert.equal(j.rules, "modern");
  assert.equal(new Board(undefined, "janggi").fen(), JANGGI_START);
  assert.match(version(), /^\d+\.\d+\.\d+/);
});

test("push, pop, moves and the FEN after them", () => {
  const b = new Board();
  b.push("h2e2");
  b.push("h9g7");
  assert.deepEqual(b.history(), ["h2e2", "h9g7"]);
  assert.equal(b.ply, 2);
  assert.equal(b.turn, "red");
  assert.equal(b.fen(), "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2");
  assert.equal(b.startFen(), XIANGQI_START);
  assert.equal(b.pop(), "h9g7");
  assert.equal(b.pop(), "h2e2");
  assert.equal(b.fen(), XIANGQI_START);
  b.push("H2-E2"); // ICCS spelling of coordinates
  assert.deepEqual(b.history(), ["h2e2"]);
});

test("perft of the start positions equals the Rust tests' counts", () => {
  const cases = JSON.parse(rulesData("perft.json"));
  let checked = 0;
  for (const c of cases) {
    const b = new Board(c.fen, c.variant);
    // Depths whose counts stay under 100,000 keep this test quick.
    c.perft.forEach((n, i) => {
      if (n < 100_000) {
        assert.equal(b.perft(i + 1), n, `${c.variant} ${c.fen} depth ${i + 1}`);
        checked++;
      }
    });
    assert.equal(b.perft(0), 1);
  }
  assert.ok(checked >= 40, `only ${checked} counts checked`);
  assert.equal(new Board().perft(3), 79666);
  assert.equal(new Board(null, "janggi").perft(2), cases.find((c) => c.variant === "janggi").perft[1]);
});

test("legal moves of fixture positions equal the fixture (Fairy-Stockfish's lists)", () => {
  for (const variant of ["xiangqi", "janggi"]) {
    const positions = fixture(variant, 500);
    assert.equal(positions.length, 500);
    const b = new Board(null, variant);
    for (const p of positions) {
      b.setFen(p.fen);
      assert.deepEqual(b.legalMoves().sort(), p.moves, `${variant} ${p.fen}`);
      // A new board agrees with the reused one, and every listed move is legal.
      const fresh = new Board(p.fen, variant);
      assert.equal(fresh.legalMoves().length, p.moves.length);
      for (const m of p.moves.slice(0, 3)) assert.ok(fresh.isLegal(m), `${m} in ${p.fen}`);
      fresh.free();
    }
  }
});

test("notation: every notation written and read back", () => {
  const b = new Board();
  assert.equal(b.notation("h2e2", "chinese"), "炮二平五");
  assert.equal(b.notation("h2e2", "chinese-traditional"), "炮二平五");
  assert.equal(b.notation("h0g2", "chinese-traditional"), "傌二進三");
  assert.equal(b.notation("h2e2", "wxf"), "C2.5");
  assert.equal(b.notation("h2e2", "iccs"), "H2-E2");
  assert.equal(b.notation("h2e2", "uci1"), "h3e3");
  for (const n of notations("xiangqi")) {
    for (const m of b.legalMoves()) {
      const text = b.notation(m, n);
      assert.equal(b.parse(text, n), m, `${n}: ${text}`);
    }
  }
  const j = new Board(null, "janggi");
  assert.deepEqual(notations("janggi"), ["iccs", "uci", "uci1", "algebraic", "lan", "janggi", "janggi-fsf", "janggi-hangul"]);
  for (const n of notations("janggi")) {
    for (const m of j.legalMoves()) assert.equal(j.parse(j.notation(m, n), n), m, `${n} ${m}`);
  }
  assert.deepEqual(notations(), notations("xiangqi"));
});

test("parse and pushNotation detect the notation", () => {
  const b = new Board();
  for (const text of ["炮二平五", "炮二平五", "C2.5", "h2e2", "H2-E2", "Che3"]) assert.equal(b.parse(text), "h2e2", text);
  assert.equal(b.pushNotation("炮二平五"), "h2e2");
  assert.equal(b.pushNotation("马８进７"), "h9g7");
  assert.equal(b.pushNotation("H2+3", "wxf"), "h0g2");
  assert.deepEqual(b.history(), ["h2e2", "h9g7", "h0g2"]);
  assert.deepEqual(b.moves(), b.history(), "moves() is the deprecated name of history()");
});

test("check, mate and the outcome in words", () => {
  const b = new Board("3k5/1R7/9/9/9/9/9/9/R8/4K4 w");
  assert.equal(b.outcome(), null);
  b.push("a1a9");
  assert.equal(b.isCheck(), true);
  assert.deepEqual(b.legalMoves(), []);
  assert.deepEqual(b.outcome(), {
    result: "1-0",
    termination: "checkmate",
    description: "Red wins: Black is checkmated",
    verdict: "red wins",
    winner: "red",
    ply: 1,
    rules: "axf",
    points: null,
    reason: "checkmate", // deprecated: termination
    pgn: "1-0", // deprecated: result
  });
  b.pop();
  assert.equal(b.isCheck(), false);
  assert.equal(b.outcome(), null);
});

test("janggi: formations, passes, bikjang and counting", () => {
  const b = Board.fromFormations("outer", "left");
  assert.equal(b.variant, "janggi");
  assert.equal(b.fen(), "rnba1anbr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RBNA1ANBR w - - 0 1");
  assert.equal(b.pieceAt("b0"), "B");
  assert.equal(b.pieceAt("e8"), "k");
  assert.equal(b.pieceAt("e5"), null);
  assert.ok(b.legalMoves().includes("e1e1"), "the pass is a legal move");
  assert.equal(b.pushPass(), "e1e1");
  assert.equal(b.pushPass(), "e8e8");
  const o = b.outcome();
  assert.equal(o.termination, "double-pass");
  assert.equal(o.verdict, "han wins");
  assert.equal(o.result, "0-1");
  assert.deepEqual(o.points, [72, 73.5]);
  assert.equal(o.description, "Han wins: both sides passed; counting 72 to 73.5");
  b.setRules("casual");
  assert.equal(b.rules, "casual");
  assert.equal(b.outcome().verdict, "draw");
  assert.equal(b.outcome().result, "1/2-1/2");
  assert.throws(() => b.pushPass(), { message: "illegal move e1e1: the game is over by a pass" });
});

test("copy and equals", () => {
  const a = new Board();
  const c = a.copy();
  c.push("h2e2");
  assert.equal(a.ply, 0, "the copy is independent");
  assert.equal(a.equals(c), false);
  a.push("h2e2");
  assert.equal(a.equals(c), true);
  assert.equal(new Board().equals(new Board(null, "janggi")), false);
  // Same pieces reached by different move orders are equal; histories are not compared.
  const x = new Board();
  ["h2e2", "h9g7", "b0c2"].forEach((m) => x.push(m));
  const y = new Board();
  ["b0c2", "h9g7", "h2e2"].forEach((m) => y.push(m));
  assert.equal(x.equals(y), true);
});

test("setFen replaces the position and keeps the rules", () => {
  const b = new Board();
  b.setRules("cxa");
  b.push("h2e2");
  b.setFen("3k5/9/9/9/9/9/9/9/9/4K4 b");
  assert.equal(b.ply, 0);
  assert.equal(b.turn, "black");
  assert.equal(b.rules, "cxa");
  assert.equal(b.startFen(), "3k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1");
});

test("a board's outcome is the ending at its current position (python-chess), a game's the first", () => {
  // The same case as crates/chuhan-py/tests/test_api.py: a threefold repetition at ply 8, then
  // six more moves.
  const shuffle = ["h0g2", "h9g7", "g2h0", "g7h9"];
  const b = new Board();
  const g = new chuhan.Game();
  for (const m of [...shuffle, ...shuffle]) {
    b.push(m);
    g.push(m);
  }
  assert.equal(b.outcome().termination, "repetition");
  assert.equal(b.outcome().ply, 8);
  assert.equal(b.outcome().result, "1/2-1/2");
  for (const m of ["b0c2", "b9c7", "h2e2", "h7e7", "a0b0", "a9b9"]) b.push(m);
  assert.equal(b.outcome(), null, "played on past the repetition: no ending here");
  assert.equal(g.outcome().ply, 8, "the game stopped at its first ending");
  assert.throws(() => g.push("b0c2"), /over/);
  // Back to the ending: reported again.
  for (let i = 0; i < 6; i++) b.pop();
  assert.equal(b.outcome().ply, 8);
});
