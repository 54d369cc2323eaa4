// The entry point of the chuhan npm package: loads the WebAssembly module, then re-exports
// the API. Written by hand (not generated) so that one `import { Board } from "chuhan"`
// works everywhere without a bundler:
//  - under Node (20+), the .wasm file is read from beside this file (Node's fetch cannot read
//    file: URLs, which is what wasm-bindgen's own loader would try);
//  - in browsers and other runtimes, it is fetched from beside this file.
// Top-level await makes importers wait until the module is ready, so no init call is needed.
// Those who want to load the module themselves (a bundler, a custom URL) import
// "./chuhan_core.js" and call its default export or initSync.
import init, { initSync } from "./chuhan_core.js";

const wasmUrl = new URL("./chuhan_core_bg.wasm", import.meta.url);
if (wasmUrl.protocol === "file:" && typeof process === "object" && process.versions && process.versions.node) {
  const { readFileSync } = await import("node:fs");
  initSync({ module: readFileSync(wasmUrl) });
} else {
  await init({ module_or_path: wasmUrl });
}

export { Board, Game, notations, readPgn, writePgn, version } from "./chuhan_core.js";
