// chuhan's npm package against ffish (Fairy-Stockfish's) on the same work, in one Node run:
//   1. legal moves of 2,000 fixture positions (the first 1,000 of each of
//      crates/chuhan/tests/data/{xiangqi,janggi}-legal.txt): set up a board from the FEN,
//      list its legal moves as an array of coordinate strings, free the board;
//   2. replaying the 2,516 master games of ../shared/testdata/games (221,678 plies): a board
//      from the start, every move pushed (each checked for legality), the board freed.
// Both libraries' answers are checked against the fixture and each other before timing.
// Each library reuses one board per variant (setFen; ffish's reset() for a new game), since
// ffish's constructor costs milliseconds.
// ffish's legalMoves() returns one string, split here so both produce the same array; its
// moves use ranks 1-10 (converted before timing).
//
// Setup, once:  scripts/build-wasm.sh
//               mkdir -p target/bench-js && cd target/bench-js && npm init -y >/dev/null &&
//               npm install --no-audit --no-fund ffish@0.7.10
// Run:          node scripts/bench-js.mjs [rounds]      (default 5 rounds; median reported)
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { createRequire } from "node:module";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const pkg = path.join(root, "target/wasm-pkg");
const ffishDir = path.join(root, "target/bench-js/node_modules/ffish");
if (!existsSync(path.join(pkg, "chuhan.js"))) throw new Error("run scripts/build-wasm.sh first");
if (!existsSync(ffishDir)) throw new Error("install ffish@0.7.10 under target/bench-js (see the top of this file)");
const shared = [path.join(root, "../shared/testdata"), "/work/shared/testdata"].find(existsSync);
if (!shared) throw new Error("../shared/testdata (the master games) is absent");

const chuhan = await import(path.join(pkg, "chuhan.js"));
// ffish 0.7.10 is an Emscripten module object that is ready once its runtime has started. Its
// loader fetches the .wasm whenever a global fetch exists, which Node's cannot do for a file
// path: hide fetch while it loads, so that it reads the file instead.
const savedFetch = globalThis.fetch;
globalThis.fetch = undefined;
const ffish = createRequire(import.meta.url)(path.join(ffishDir, "ffish.js"));
globalThis.fetch = savedFetch;
await new Promise((ready) => (ffish.calledRun ? ready() : (ffish.onRuntimeInitialized = ready)));
const rounds = Number(process.argv[2] ?? 5);

// ---- the data ----
function fixture(variant, count) {
  const lines = readFileSync(path.join(root, `crates/chuhan/tests/data/${variant}-legal.txt`), "utf8").split("\n");
  return lines
    .filter((l) => l && !l.startsWith("#"))
    .slice(0, count)
    .map((l) => {
      const [fen, moves = ""] = l.split("\t");
      return { variant, fen, moves: moves.trim() ? moves.trim().split(" ").sort() : [] };
    });
}
const positions = [...fixture("xiangqi", 1000), ...fixture("janggi", 1000)];

const gamesDir = path.join(shared, "games");
const pgnText = readdirSync(gamesDir)
  .filter((f) => f.endsWith("_UCI_games.pgn"))
  .sort()
  .map((f) => readFileSync(path.join(gamesDir, f), "utf8"))
  .join("\n");
const games = chuhan.readPgn(pgnText).map((g) => g.moves);
const to1 = (m) => m[0] + (Number(m[1]) + 1) + m[2] + (Number(m[3]) + 1);
const games1 = games.map((g) => g.map(to1));
const plies = games.reduce((n, g) => n + g.length, 0);

// ---- the work ----
// Both libraries reuse one board per variant, set to each FEN in turn: ffish's Board
// constructor takes milliseconds (it sets up the variant), chuhan's microseconds.
const chuhanBoards = { xiangqi: new chuhan.Board(null, "xiangqi"), janggi: new chuhan.Board(null, "janggi") };
function legalChuhan() {
  let n = 0;
  for (const p of positions) {
    const b = chuhanBoards[p.variant];
    b.setFen(p.fen);
    n += b.legalMoves().length;
  }
  return n;
}
const ffishBoards = { xiangqi: new ffish.Board("xiangqi"), janggi: new ffish.Board("janggi") };
function legalFfish() {
  let n = 0;
  for (const p of positions) {
    const b = ffishBoards[p.variant];
    b.setFen(p.fen);
    const s = b.legalMoves();
    n += s ? s.split(" ").length : 0;
  }
  return n;
}
const XIANGQI_START = chuhanBoards.xiangqi.fen();
function replayChuhan() {
  let n = 0;
  const b = chuhanBoards.xiangqi;
  for (const g of games) {
    b.setFen(XIANGQI_START);
    for (const m of g) b.push(m);
    n += b.ply;
  }
  return n;
}
function replayFfish() {
  let n = 0;
  const b = ffishBoards.xiangqi;
  for (const g of games1) {
    b.reset();
    for (const m of g) if (!b.push(m)) throw new Error(`ffish refused ${m}`);
    n += b.gamePly();
  }
  return n;
}

// ---- the answers agree ----
let expected = 0;
for (const p of positions) {
  expected += p.moves.length;
  const b = new chuhan.Board(p.fen, p.variant);
  const ours = b.legalMoves().sort();
  b.free();
  const f = ffishBoards[p.variant];
  f.setFen(p.fen);
  const s = f.legalMoves();
  const theirs = (s ? s.split(" ") : []).map((m) => m.replace(/^([a-i])(\d+)([a-i])(\d+)$/, (_, a, r, c, t) => a + (r - 1) + c + (t - 1))).sort();
  if (ours.join(" ") !== p.moves.join(" ")) throw new Error(`chuhan differs from the fixture on ${p.fen}`);
  if (theirs.join(" ") !== p.moves.join(" ")) throw new Error(`ffish differs from the fixture on ${p.fen}`);
}
if (legalChuhan() !== expected || legalFfish() !== expected) throw new Error("move counts differ");
if (replayChuhan() !== plies || replayFfish() !== plies) throw new Error("replayed ply counts differ");

// ---- timing: rounds interleaved, median ----
function time(f) {
  const t0 = performance.now();
  f();
  return performance.now() - t0;
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const work = { legalChuhan, legalFfish, replayChuhan, replayFfish };
const ms = Object.fromEntries(Object.keys(work).map((k) => [k, []]));
for (let r = 0; r < rounds; r++) for (const [k, f] of Object.entries(work)) ms[k].push(time(f));
const m = Object.fromEntries(Object.entries(ms).map(([k, v]) => [k, median(v)]));

const size = (file) => {
  const bytes = readFileSync(file);
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};
const ours = size(path.join(pkg, "chuhan_core_bg.wasm"));
const theirs = size(path.join(ffishDir, "ffish.wasm"));
const ffishVersion = JSON.parse(readFileSync(path.join(ffishDir, "package.json"), "utf8")).version;
const ourVersion = JSON.parse(readFileSync(path.join(pkg, "package.json"), "utf8")).version;

const f1 = (x) => x.toFixed(1);
console.log(`node ${process.version}, chuhan ${ourVersion}, ffish ${ffishVersion}; ${rounds} rounds, median`);
console.log(`legal moves, ${positions.length} positions (${expected} moves):`);
console.log(`  chuhan ${f1(m.legalChuhan)} ms   ffish ${f1(m.legalFfish)} ms   chuhan ${(m.legalFfish / m.legalChuhan).toFixed(2)}x as fast`);
console.log(`replay, ${games.length} games (${plies} plies):`);
console.log(`  chuhan ${f1(m.replayChuhan)} ms   ffish ${f1(m.replayFfish)} ms   chuhan ${(m.replayFfish / m.replayChuhan).toFixed(2)}x as fast`);
console.log(`  (${f1((m.replayChuhan * 1e6) / plies)} ns and ${f1((m.replayFfish * 1e6) / plies)} ns a ply)`);
console.log(`.wasm: chuhan ${ours.raw} bytes, ${ours.gzip} gzipped; ffish ${theirs.raw} bytes, ${theirs.gzip} gzipped`);
console.log(`  chuhan gzipped = ${((100 * ours.gzip) / theirs.raw).toFixed(1)} % of ffish's raw, ${((100 * ours.gzip) / theirs.gzip).toFixed(1)} % of ffish's gzipped`);
