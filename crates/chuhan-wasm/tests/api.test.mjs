// The one API: docs/api.md's JavaScript column walked name by name on sample values, and the
// outcome's fields meaning what the Python package's mean (crates/chuhan-py/tests/test_api.py).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { chuhan, pkgDir, root } from "./helpers.mjs";

const NAME = /^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*(\(\))?$/;
const MATE_FEN = "3k5/1R7/9/9/9/9/9/9/R8/4K4 w";

/** docs/api.md's table: [concept, rust, python, javascript] per row. */
function tableRows() {
  return readFileSync(path.join(root, "docs/api.md"), "utf8")
    .split("\n")
    .filter((l) => l.startsWith("| ") && !l.startsWith("| concept") && !l.startsWith("| ---"))
    .map((l) => {
      const cells = l.trim().replace(/^\||\|$/g, "").split("|").map((c) => c.trim());
      assert.equal(cells.length, 4, l);
      return cells;
    });
}

/** The names of a cell: its backticked tokens that are dotted names (not quoted values). */
function names(cell) {
  return [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]).filter((t) => NAME.test(t));
}

function samples() {
  const board = new chuhan.Board(MATE_FEN);
  board.push("a1a9");
  const record = chuhan.readPgn(chuhan.writePgn({ moves: ["h2e2"], headers: { Event: "api" } }))[0];
  return { chuhan, board, game: new chuhan.Game(), move: "h2e2", outcome: board.outcome(), record };
}

test("every JavaScript name of docs/api.md exists", () => {
  const env = samples();
  let checked = 0;
  for (const [concept, , , js] of tableRows()) {
    for (const name of names(js)) {
      const call = name.endsWith("()");
      const [first, ...rest] = name.replace(/\(\)$/, "").split(".");
      assert.ok(first in env, `${concept}: ${name} starts at an unknown sample ${first}`);
      let value = env[first];
      for (const attr of rest) {
        assert.ok(value != null && attr in Object(value), `${concept}: ${name}: no ${attr}`);
        value = value[attr];
      }
      if (call) assert.equal(typeof value, "function", `${concept}: ${name} is not a method`);
      checked++;
    }
  }
  assert.ok(checked >= 25, `${checked} names checked`);
});

test("the sample means what the table says, as in Python", () => {
  const { outcome: o, board } = samples();
  assert.equal(o.result, "1-0");
  assert.equal(o.termination, "checkmate");
  assert.equal(o.description, "Red wins: Black is checkmated");
  assert.equal(o.verdict, "red wins");
  assert.equal(o.winner, "red");
  assert.deepEqual([o.ply, o.rules, o.points], [1, "axf", null]);
  assert.deepEqual(board.history(), ["a1a9"]);
  assert.equal(board.pieceAt("e0"), "K");
  assert.ok(new chuhan.Board().legalMoves().includes("h2e2"));
});

test("the types declare the new names and deprecate the old ones", () => {
  const dts = readFileSync(path.join(pkgDir, "chuhan_core.d.ts"), "utf8");
  assert.match(dts, /termination: string;/);
  assert.match(dts, /verdict: string;/);
  assert.match(dts, /@deprecated The code, now `termination`[^]*reason: string;/);
  assert.match(dts, /@deprecated The PGN result, now `result`[^]*pgn: string;/);
  assert.match(dts, /history\(\): string\[\];/);
  assert.match(dts, /@deprecated Use `history\(\)`[^]*?\*\/\s*moves\(\): string\[\];/);
});
