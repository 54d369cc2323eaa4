// Bad input of every kind is a thrown Error with a message in words, never a trap: after each
// one the module still answers.
import { test } from "node:test";
import assert from "node:assert/strict";
import { chuhan } from "./helpers.mjs";

const { Board, Game, readPgn, writePgn, notations } = chuhan;

/** Asserts that `f` throws an Error (not a WebAssembly trap) whose message matches. */
function refuses(f, message) {
  let caught;
  try {
    f();
  } catch (e) {
    caught = e;
  }
  assert.ok(caught, "expected an error");
  assert.ok(caught instanceof Error, `not an Error: ${caught}`);
  assert.ok(!(caught instanceof WebAssembly.RuntimeError), `a trap: ${caught.message}`);
  if (message instanceof RegExp) assert.match(caught.message, message);
  else assert.equal(caught.message, message);
}

/** The module still works: a fresh board lists its moves and plays one. */
function stillWorks() {
  const b = new Board();
  assert.equal(b.legalMoves().length, 44);
  b.push("h2e2");
  assert.equal(b.notation("h9g7", "chinese"), "马８进７");
}

test("bad FEN says what and where", () => {
  refuses(() => new Board("rnbakabnr/9/9 w"), "FEN field 1: 3 ranks, expected 10");
  refuses(() => new Board("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x"), 'FEN field 2: side to move "x": expected w, r or b');
  refuses(() => new Board("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w"), /unexpected character 'X'/);
  refuses(() => new Board(""), "FEN field 1: empty FEN");
  refuses(() => new Board("4k4/9/9/9/9/9/9/9/9/4K4 w"), /generals face each other|face/);
  refuses(() => new Board(null, "chess"), 'unknown variant "chess": expected xiangqi or janggi');
  const b = new Board();
  refuses(() => b.setFen("garbage"), /FEN field 1/);
  assert.equal(b.ply, 0, "a refused setFen leaves the board as it was");
  stillWorks();
});

test("illegal moves give the rules' reason and change nothing", () => {
  const b = new Board();
  b.push("h2e2");
  const fen = b.fen();
  refuses(() => b.push("h9h5"), "illegal move h9h5: the black horse on h9 cannot move to h5");
  refuses(() => b.push("e2e1"), "illegal move e2e1: the red cannon on e2 cannot move: it is black's move");
  refuses(() => b.push("e5e4"), "illegal move e5e4: no piece on e5");
  refuses(() => b.push("e9e9"), "illegal move e9e9: xiangqi has no pass");
  refuses(() => b.pushPass(), "illegal move e9e9: xiangqi has no pass");
  refuses(() => b.notation("a9a5", "chinese"), "illegal move a9a5: the black chariot on a9 cannot move to a5");
  refuses(() => b.push("h2"), 'invalid move "h2": expected two squares such as h2e2');
  refuses(() => b.push("z9z8"), /invalid move "z9z8"/);
  assert.equal(b.fen(), fen);
  assert.equal(b.ply, 1);
  refuses(() => new Board().pop(), "no move to take back");
  // Janggi: a pass in check.
  const j = new Board("4k4/9/9/9/9/9/9/9/4r4/4K4 w", "janggi");
  refuses(() => j.pushPass(), "illegal move e0e0: no pass while in check");
  stillWorks();
});

test("bad notation and unknown names list what is accepted", () => {
  const b = new Board();
  refuses(() => b.parse("zzz"), /^"zzz" is not a move in any notation of xiangqi \(chinese, chinese-traditional, wxf/);
  refuses(() => b.parse("马二进四"), "马二进四: no legal move fits");
  refuses(() => b.pushNotation("炮二平五", "klingon"), /^unknown notation "klingon": expected one of chinese, /);
  refuses(() => b.parse("h2e2", "janggi"), /janggi notation is not used for xiangqi/);
  refuses(() => b.notation("h2e2", "martian"), /unknown notation "martian"/);
  refuses(() => b.notation("h2e2", "janggi"), "janggi notation is not used for xiangqi");
  refuses(() => new Board(null, "janggi").notation("b0c2", "chinese"), "chinese notation is not used for janggi");
  refuses(() => b.setRules("fide"), 'unknown xiangqi rule set "fide": expected axf, cxa or computer');
  refuses(() => new Board(null, "janggi").setRules("axf"), /"axf" is a xiangqi rule set, not a janggi rule set: expected modern, traditional or casual/);
  refuses(() => Board.fromFormations("outer", "sideways"), /unknown janggi formation "sideways"/);
  refuses(() => b.pieceAt("j5"), /j5/);
  refuses(() => notations("go"), /unknown variant "go"/);
  assert.equal(b.ply, 0);
  stillWorks();
});

test("wrong argument types are named", () => {
  const b = new Board();
  refuses(() => b.push(42), "move must be a string, got number");
  refuses(() => b.push(), "move must be a string, got undefined");
  refuses(() => b.push(null), "move must be a string, got null");
  refuses(() => b.push({ from: "h2", to: "e2" }), "move must be a string, got object");
  refuses(() => b.push(["h2e2"]), "move must be a string, got array");
  refuses(() => new Board(7), "fen must be a string, got number");
  refuses(() => new Board(null, 1), "variant must be a string, got number");
  refuses(() => b.notation("h2e2"), "notation must be a string, got undefined");
  refuses(() => b.parse(Symbol("x")), "text must be a string, got symbol");
  refuses(() => b.perft("3"), "depth must be a number, got string");
  refuses(() => b.perft(-1), "depth must be a whole number from 0 to 20, got -1");
  refuses(() => b.perft(2.5), "depth must be a whole number from 0 to 20, got 2.5");
  refuses(() => b.isLegal(12), "move must be a string, got number");
  refuses(() => b.equals("board"), /Board/);
  refuses(() => new Game(null, null, 3), "rules must be a string, got number");
  refuses(() => readPgn(123), "text must be a string, got number");
  refuses(() => writePgn("1. h2e2"), /game 1: a game must be an object .* got string/);
  refuses(() => writePgn({ moves: "h2e2 h9g7" }), "game 1: moves must be an array of strings, got string");
  refuses(() => writePgn({ moves: ["h2e2", 7] }), "game 1: moves[1] must be a string, got number");
  refuses(() => writePgn({ headers: { Event: 1 } }), "game 1: headers.Event must be a string, got number");
  refuses(() => writePgn({ headers: "Event" }), "game 1: headers must be an object of strings, got string");
  stillWorks();
});

test("garbage PGN names the game and the ply", () => {
  refuses(() => readPgn("hello world"), /game 1.*no notation reads the first moves/);
  refuses(() => readPgn('[Event "a"]\n\n1. h2e2 h9g7 *\n\n[Event "b"]\n\n1. h2e2 h9h5 *\n'), /^game 2, ply 2: move "h9h5"/);
  refuses(() => readPgn('[Event "x"]\n[FEN "nonsense"]\n\n1. h2e2 *\n'), /game 1: FEN tag "nonsense"/);
  refuses(() => readPgn('[Event "x"]\n\n1. h2e2 {never closed\n'), /comment that is never closed/);
  refuses(() => readPgn("1. h2e2 ) *"), /'\)' without a variation to close/);
  refuses(() => readPgn("(".repeat(100) + "1. h2e2"), /./);
  refuses(() => writePgn({ moves: ["h2e2", "h9h5"] }), 'game 1: move 2 ("h9h5"): illegal move h9h5: the black horse on h9 cannot move to h5');
  refuses(() => writePgn({ result: "red won" }), /game 1: result "red won": expected 1-0, 0-1, 1\/2-1\/2 or \*/);
  refuses(() => writePgn({ fen: "xx" }), /game 1: FEN field 1/);
  refuses(() => writePgn({ variant: "janggi" }, "wxf"), "game 1: wxf notation is not used for janggi");
  assert.deepEqual(readPgn(""), []);
  stillWorks();
});

test("a game refuses moves once over, and bad sides", () => {
  const g = new Game("3k5/1R7/9/9/9/9/9/9/R8/4K4 w");
  assert.equal(g.push("a1a9").termination, "checkmate");
  refuses(() => g.push("d9e9"), "the game is over (Red wins: Black is checkmated)");
  refuses(() => new Game().resign("white"), 'unknown side "white": expected red, black, first or second');
  refuses(() => new Game().push("h9h5"), /^illegal move h9h5/);
  stillWorks();
});

test("a freed board throws instead of trapping", () => {
  const b = new Board();
  b.free();
  refuses(() => b.fen(), /null pointer passed to rust/);
  refuses(() => b.push("h2e2"), /null pointer passed to rust/);
  stillWorks();
});

test("many errors in a row leave the module usable (no leak of the error path)", () => {
  const b = new Board();
  for (let i = 0; i < 20000; i++) {
    try {
      b.push("a9a0");
    } catch {
      // expected
    }
  }
  stillWorks();
});
