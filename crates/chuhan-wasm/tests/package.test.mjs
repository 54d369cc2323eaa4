// The npm package as a user installs it: `npm pack`'s tarball installed into a fresh project,
// then loaded both ways, `import` (the ES module) and `require` (the CommonJS entry), in Node.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chuhan, root, pkgDir } from "./helpers.mjs";

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const meta = JSON.parse(readFileSync(path.join(pkgDir, "package.json"), "utf8"));

/** Packs the package and installs the tarball into a new project; returns the project's path. */
function installed(t) {
  const dir = mkdtempSync(path.join(tmpdir(), "chuhan-npm-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const packed = JSON.parse(
    execFileSync(npm, ["pack", "--json", "--pack-destination", dir, pkgDir], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }),
  )[0];
  const project = path.join(dir, "project");
  mkdirSync(project);
  writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "user", private: true }));
  // A tarball with no dependencies: nothing is fetched.
  execFileSync(npm, ["install", "--offline", "--no-audit", "--no-fund", "--ignore-scripts", path.join(dir, packed.filename)], {
    cwd: project,
    stdio: ["ignore", "pipe", "pipe"],
  });
  return { project, files: packed.files.map((f) => f.path).sort() };
}

function node(cwd, args) {
  return execFileSync(process.execPath, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

const PROGRAM = (b) => `const b = new ${b}.Board(); b.pushNotation("炮二平五"); let e = ""; try { b.push("h9h5"); } catch (x) { e = x.message; }
  console.log(JSON.stringify({ n: b.legalMoves().length, fen: b.fen(), e, names: Object.keys(${b}).sort(), version: ${b}.version() }));`;

test("the packed tarball installs and loads with require() and import alike", (t) => {
  const { project, files } = installed(t);
  for (const f of ["chuhan.js", "chuhan.cjs", "chuhan.d.ts", "chuhan.d.cts", "chuhan_core.js", "chuhan_core_bg.wasm", "cjs/chuhan_core.js", "cjs/package.json", "package.json", "LICENSE-MIT", "LICENSE-APACHE", "README.md"]) {
    assert.ok(files.includes(f), `${f} is in the tarball (${files.join(", ")})`);
  }
  assert.equal(files.filter((f) => f.endsWith(".wasm")).length, 1, "one WebAssembly module, shared by both entries");

  const viaRequire = JSON.parse(node(project, ["-e", `const chuhan = require("chuhan");\n${PROGRAM("chuhan")}`]));
  const viaImport = JSON.parse(node(project, ["--input-type=module", "-e", `import * as chuhan from "chuhan";\n${PROGRAM("chuhan")}`]));
  const here = new chuhan.Board();
  here.pushNotation("炮二平五");
  assert.equal(viaRequire.n, here.legalMoves().length);
  assert.equal(viaRequire.fen, here.fen());
  assert.match(viaRequire.e, /^illegal move h9h5: /);
  assert.deepEqual(viaRequire, viaImport, "the CommonJS entry exports what the ES module does, and behaves the same");
  assert.equal(viaRequire.version, meta.version);

  // The README's two lines, each as the first line of a program of its module system.
  const readme = readFileSync(path.join(root, "crates/chuhan-wasm/README.md"), "utf8");
  const block = readme.slice(readme.indexOf("Both module systems load it")).match(/```js\n([^]*?)```/)[1];
  const [importLine, requireLine] = block.trim().split("\n");
  assert.match(importLine, /^import \{ Board \} from "chuhan";/);
  assert.match(requireLine, /^const \{ Board \} = require\("chuhan"\);/);
  const use = `\nconsole.log(new Board().legalMoves().length);`;
  assert.equal(node(project, ["--input-type=module", "-e", importLine + use]).trim(), "44");
  assert.equal(node(project, ["--input-type=commonjs", "-e", requireLine + use]).trim(), "44");

  // A CommonJS program that loads it the other way too: a dynamic import from CommonJS.
  const dyn = node(project, ["-e", `import("chuhan").then((c) => console.log(new c.Board().legalMoves().length))`]);
  assert.equal(dyn.trim(), "44");
});

test("the CommonJS entry also loads as a file path, without npm's resolution", () => {
  const out = node(pkgDir, ["-e", `const c = require(${JSON.stringify(path.join(pkgDir, "chuhan.cjs"))}); console.log(new c.Board().legalMoves().length)`]);
  assert.equal(out.trim(), "44");
});

test("package.json sends import and require to their entries, each with its types", () => {
  const dot = meta.exports["."];
  assert.deepEqual(dot.import, { types: "./chuhan.d.ts", default: "./chuhan.js" });
  assert.deepEqual(dot.require, { types: "./chuhan.d.cts", default: "./chuhan.cjs" });
  assert.equal(meta.main, "./chuhan.cjs");
  const cts = readFileSync(path.join(pkgDir, "chuhan.d.cts"), "utf8");
  assert.ok(cts.includes('"./cjs/chuhan_core.js"') && !cts.includes('"./chuhan_core.js"'), "chuhan.d.cts points at the CommonJS glue's types");
});

test("package.json names the repository, homepage and issues, the same as the Python package's", () => {
  const pyproject = readFileSync(path.join(root, "crates/chuhan-py/pyproject.toml"), "utf8");
  const url = (key) => pyproject.match(new RegExp(`^${key} = "([^"]+)"`, "m"))[1];
  assert.equal(meta.repository.url, `git+${url("Repository")}.git`);
  assert.equal(meta.repository.directory, "crates/chuhan-wasm");
  assert.equal(meta.bugs.url, url("Issues"));
  assert.ok(meta.homepage.startsWith(url("Homepage")), meta.homepage);
  assert.equal(meta.license, "MIT OR Apache-2.0");
});
