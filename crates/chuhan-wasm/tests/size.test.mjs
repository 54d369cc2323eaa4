// The WebAssembly module stays at most a third of ffish.wasm's size (Fairy-Stockfish's npm
// package, 0.7.10: 921,975 bytes raw, 311,699 gzipped by Node's zlib at level 9, as measured
// here; GNU gzip -9 gives 308,818 and ours about 4 % less too), each measured the same way.
// Between 2026-11-23 and 11-27 the module grew from 149 KB to 273 KB gzipped unnoticed (the PGN
// reader's UTF-16 decoder linked encoding_rs's GBK and Big5 tables); this catches the next one.
// The figures and how they were reached: BENCHMARKS.md, "the WebAssembly module".
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import path from "node:path";
import { pkgDir } from "./helpers.mjs";

const FFISH_RAW = 921_975;
const FFISH_GZIPPED = 311_699; // zlib.gzipSync(ffish.wasm, { level: 9 }), as below

test("the .wasm is at most a third of ffish.wasm, raw and gzipped", () => {
  const wasm = readFileSync(path.join(pkgDir, "chuhan_core_bg.wasm"));
  const gzipped = gzipSync(wasm, { level: 9 }).length;
  assert.ok(wasm.length <= FFISH_RAW / 3, `${wasm.length} bytes raw, more than a third of ffish's ${FFISH_RAW}`);
  assert.ok(gzipped <= FFISH_GZIPPED / 3, `${gzipped} bytes gzipped, more than a third of ffish's ${FFISH_GZIPPED}`);
});
