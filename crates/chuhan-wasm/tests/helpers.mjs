// Shared by the Node tests: where the built package and the test data are.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
/** The repository root. */
export const root = path.resolve(here, "../../..");
/** The package scripts/build-wasm.sh wrote (CHUHAN_WASM_PKG overrides). */
export const pkgDir = process.env.CHUHAN_WASM_PKG ?? path.join(root, "target/wasm-pkg");
if (!existsSync(path.join(pkgDir, "chuhan.js"))) {
  throw new Error(`${pkgDir}/chuhan.js is missing: run scripts/build-wasm.sh (or scripts/test-wasm.sh)`);
}
/** The package, loaded as users load it. */
export const chuhan = await import(path.join(pkgDir, "chuhan.js"));

/** A file of the rules crate's test data. */
export function rulesData(name) {
  return readFileSync(path.join(root, "crates/chuhan/tests/data", name), "utf8");
}

/** A file of ../shared/testdata (beside the repository, or /work/shared), or null when absent. */
export function shared(rel) {
  for (const base of [path.join(root, "../shared/testdata"), "/work/shared/testdata"]) {
    const p = path.join(base, rel);
    if (existsSync(p)) return p;
  }
  return null;
}

/** The first `count` positions of a legal-move fixture: {fen, moves (sorted)}. */
export function fixture(variant, count) {
  return rulesData(`${variant}-legal.txt`)
    .split("\n")
    .filter((l) => l && !l.startsWith("#"))
    .slice(0, count)
    .map((l) => {
      const [fen, moves = ""] = l.split("\t");
      return { fen, moves: moves.trim() ? moves.trim().split(" ").sort() : [] };
    });
}
