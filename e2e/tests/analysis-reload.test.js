// Bug 3 of issue 20: the analysis was never saved; a reload lost the moves, variations and
// comments. Now each address's analysis is kept in the browser's local storage.

import { test } from "node:test";
import assert from "node:assert/strict";
import { BASE, launch, newPage, screenshot, clickSquare } from "../lib.js";

const mainLine = "#amoves > span.mv";
const tree = (page) => page.evaluate(() => ({
  main: [...document.querySelectorAll("#amoves > span.mv")].map((s) => s.textContent),
  vars: [...document.querySelectorAll("#amoves > span.var")].map((s) => s.textContent),
  comments: [...document.querySelectorAll("#amoves span.comment")].map((s) => s.textContent),
  cur: document.querySelector("#amoves span.mv.cur")?.textContent,
}));

test("an analysis with a variation and a comment survives a reload", async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser);
    await page.goto(`${BASE}/analysis`);
    // 1. C2.5 H8+7, then back one move and 1… H2+3 as a variation, with a comment.
    await clickSquare(page, "#aboard", "h2");
    await clickSquare(page, "#aboard", "e2");
    await page.waitForFunction((sel) => document.querySelectorAll(sel).length === 1, mainLine);
    await clickSquare(page, "#aboard", "h9");
    await clickSquare(page, "#aboard", "g7");
    await page.waitForFunction((sel) => document.querySelectorAll(sel).length === 2, mainLine);
    await page.click("#aback");
    await page.waitForSelector("#aback:not([disabled])");
    await page.waitForFunction(() => document.querySelector("#amoves span.mv.cur")?.dataset.ply === "1");
    await clickSquare(page, "#aboard", "b9");
    await clickSquare(page, "#aboard", "c7");
    await page.waitForSelector("#amoves span.var");
    await page.fill("#acomment", "the other horse");
    await page.waitForFunction(() => /H2\+3/.test(document.querySelector("#amoves span.var")?.textContent || ""));
    const before = await tree(page);
    assert.deepEqual(before.main, ["1. C2.5", "H8+7"]);
    assert.equal(before.vars.length, 1);
    assert.match(before.vars[0], /1… H2\+3.*the other horse/);

    await page.reload();
    await page.waitForFunction(() => /H2\+3/.test(document.querySelector("#amoves span.var")?.textContent || ""));
    const after = await tree(page);
    assert.deepEqual(after, before, "the same tree, comment and current move after the reload");
    assert.equal(await page.inputValue("#acomment"), "the other horse");
    // The board shows the current move's position: Black's horse on c7.
    await page.waitForSelector('#aboard [data-sq="c7"][data-piece="1N"]');
    await screenshot(page, "analysis-reloaded");

    // Another address (a game's "Analyse" link) has its own analysis, not this one.
    await page.goto(`${BASE}/analysis?moves=h2e2`);
    await page.waitForFunction((sel) => document.querySelectorAll(sel).length === 1, mainLine);
    assert.equal(await page.$$eval("#amoves span.var", (v) => v.length), 0);
    assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
  }
});
