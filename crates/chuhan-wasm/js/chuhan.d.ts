// Types of the chuhan npm package: the generated declarations of the WebAssembly module,
// without its loader (chuhan.js loads it on import).
export { Board, Game, notations, readPgn, writePgn, version } from "./chuhan_core.js";
export type { Outcome, PgnGame, PgnGameInput } from "./chuhan_core.js";
