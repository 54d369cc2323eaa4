// The README's first program runs and prints what the README says it prints.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { root, pkgDir } from "./helpers.mjs";

test("the README's first program prints the README's output", () => {
  const readme = readFileSync(path.join(root, "crates/chuhan-wasm/README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## A first program"));
  const program = section.match(/```js\n([^]*?)```/)[1];
  const expected = section.match(/```text\n([^]*?)```/)[1];
  assert.equal(program.trim().split("\n").length, 10, "ten lines");
  const runnable = program.replace('from "chuhan"', `from ${JSON.stringify(pathToFileURL(path.join(pkgDir, "chuhan.js")).href)}`);
  assert.notEqual(runnable, program);
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", runnable], { encoding: "utf8" });
  assert.equal(out, expected);
});

test("the workspace README shows the same first program", () => {
  const readme = readFileSync(path.join(root, "crates/chuhan-wasm/README.md"), "utf8");
  const program = readme.slice(readme.indexOf("## A first program")).match(/```js\n([^]*?)```/)[1];
  const workspace = readFileSync(path.join(root, "README.md"), "utf8");
  assert.ok(workspace.includes("```js\n" + program + "```"), "README.md's JavaScript block differs: copy it over");
});
