// The CommonJS entry point of the chuhan npm package, for `require("chuhan")` in Node 20+
// (package.json's "exports" sends `require` here and `import` to chuhan.js). It loads
// wasm-bindgen's --target nodejs glue in cjs/, which reads chuhan_core_bg.wasm from beside this
// file synchronously: the API is ready when require() returns. It exports the same names as
// chuhan.js (crates/chuhan-wasm/tests/package.test.mjs checks). Node only: browsers and
// bundlers take the ES module.
"use strict";
module.exports = require("./cjs/chuhan_core.js");
