// PGN: the same games in three notations read alike; written games read back unchanged; the
// master games of ../shared/testdata all replay (skipped when absent).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { chuhan, rulesData, shared } from "./helpers.mjs";

const { Board, readPgn, writePgn } = chuhan;

const parallel = ["bulk_games_uci", "xqdb_traditional", "xqdb_international"].map((n) =>
  readPgn(rulesData(`parallel-notation/${n}.pgn`)),
);

test("the same 15 games in coordinates, Chinese and WXF read as the same moves", () => {
  const [uci, chinese, wxf] = parallel;
  assert.equal(uci.length, 15);
  // Game index 1, ply index 70: the Chinese and WXF files name the rear soldier where the
  // coordinates move the front one, a slip in those files (see crates/chuhan/tests/notation.rs).
  const slip = (moves, i) => (i === 1 ? moves.map((m, j) => (j === 70 ? "slip" : m)) : moves);
  assert.equal(chinese[1].moves[70], "e3e4");
  assert.equal(uci[1].moves[70], "e5e6");
  for (let i = 0; i < 15; i++) {
    assert.ok(uci[i].moves.length > 10);
    assert.deepEqual(slip(chinese[i].moves, i), slip(uci[i].moves, i), `game ${i + 1}`);
    assert.deepEqual(slip(wxf[i].moves, i), slip(uci[i].moves, i), `game ${i + 1}`);
    assert.equal(uci[i].variant, "xiangqi");
    assert.equal(uci[i].headers.Red, chinese[i].headers.Red);
  }
  assert.equal(chinese[0].headers.Event, "Zhongli Cup TV fast game Champion 1997");
});

test("writePgn then readPgn gives the games back, in every xiangqi notation", () => {
  const games = parallel[0];
  for (const notation of [undefined, "chinese", "chinese-traditional", "wxf", "iccs", "uci", "uci1", "algebraic", "lau", "xqdb"]) {
    const text = writePgn(games, notation);
    const back = readPgn(text);
    assert.equal(back.length, games.length, String(notation));
    back.forEach((g, i) => {
      assert.deepEqual(g.moves, games[i].moves, `${notation} game ${i + 1}`);
      assert.equal(g.headers.Event, games[i].headers.Event);
      assert.equal(g.result, games[i].result);
    });
  }
  assert.match(writePgn(games[0]), /^\[Game "Chinese Chess"\]\n\[Event "/);
  assert.match(writePgn(games[0], "wxf"), /\[Format "WXF"\][^]*1\. C2\.5 H8\+7/);
});

test("a game from a board: FEN, result, janggi", () => {
  const b = new Board("3k5/1R7/9/9/9/9/9/9/R8/4K4 w");
  b.push("a1a9");
  const text = writePgn({ fen: b.startFen(), moves: b.history(), result: b.outcome().result, headers: { Event: "mate" } });
  assert.match(text, /\[FEN "3k5\/1R7\/9\/9\/9\/9\/9\/9\/R8\/4K4 w - - 0 1"\]/);
  assert.match(text, /\[Result "1-0"\]/);
  const [g] = readPgn(text);
  assert.deepEqual(g, {
    headers: g.headers,
    variant: "xiangqi",
    fen: "3k5/1R7/9/9/9/9/9/9/R8/4K4 w - - 0 1",
    moves: ["a1a9"],
    result: "1-0",
  });
  assert.equal(g.headers.Event, "mate");

  const j = Board.fromFormations("inner", "outer");
  ["b0c2", "e8e8", "a3a4"].forEach((m) => j.push(m));
  const jt = writePgn({ variant: "janggi", fen: j.startFen(), moves: j.history() });
  assert.match(jt, /\[Variant "janggi"\]/);
  const [jg] = readPgn(jt);
  assert.equal(jg.variant, "janggi");
  assert.deepEqual(jg.moves, ["b0c2", "e8e8", "a3a4"]);
  assert.equal(jg.result, "*");
  // Tags given in headers stand in for missing fields.
  const [h] = readPgn(writePgn({ headers: { Variant: "janggi", Result: "0-1" }, moves: ["b0c2"] }));
  assert.equal(h.variant, "janggi");
  assert.equal(h.result, "0-1");
});

test("a result ends the game: the footer XQ Wizard writes after it is no move", () => {
  const games = readPgn('[Event "a"]\n\n1. h2e2 h9g7 *\n======\n');
  assert.equal(games.length, 1);
  assert.deepEqual(games[0].moves, ["h2e2", "h9g7"]);
  assert.equal(games[0].result, "*");
  const two = readPgn('\ufeff[Event "a"]\n\n1. h2e2 1-0\n====\nwelcome\n\n[Event "b"]\n\n1. b2e2 *\n==\n');
  assert.deepEqual(
    two.map((g) => [g.headers.Event, g.moves.length]),
    [["a", 1], ["b", 1]],
    "a byte order mark makes no empty game, and each footer is skipped",
  );
});

test("the 2,516 master games of ../shared/testdata replay legally", (t) => {
  const files = ["games/Hu_Ronghua_1391_UCI_games.pgn", "games/Liu_Dahua_1125_UCI_games.pgn"].map(shared);
  if (files.some((f) => f === null)) {
    t.skip("../shared/testdata/games is absent");
    return;
  }
  const games = files.flatMap((f) => readPgn(readFileSync(f, "utf8")));
  assert.equal(games.length, 2516);
  let plies = 0;
  const b = new Board();
  for (const g of games) {
    b.setFen(g.fen);
    for (const m of g.moves) b.push(m);
    plies += b.ply;
  }
  assert.equal(plies, 221678);
});

test("readPgn skips the games it cannot read when asked, and throws by default", () => {
  const good = '[Event "one"]\n\n1. h2e2 h9g7 *\n\n';
  const bad = '[Event "two"]\n\n1. h2e2 h2e2 *\n\n';
  const third = '[Event "three"]\n\n1. b2e2 *\n';
  const text = good + bad + third;
  assert.throws(() => readPgn(text), /game 2/);
  assert.throws(() => readPgn(text, { errors: "throw" }), /game 2/);
  const games = readPgn(text, { errors: "skip" });
  assert.deepEqual(games.map((g) => g.headers.Event), ["one", "three"]);
  assert.deepEqual(readPgn(good, null).length, 1);
  assert.throws(() => readPgn(text, { errors: "ignore" }), /options\.errors must be "throw" or "skip", got "ignore"/);
  assert.throws(() => readPgn(text, "skip"), /options must be an object/);
});
