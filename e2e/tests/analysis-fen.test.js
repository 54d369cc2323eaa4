// Issue 20, bug 2: a bad position must not wipe the analysis. "Set position" with a garbage FEN
// (and "Done" in the editor with an illegal position) used to delete the move tree without
// asking, after which every move was refused with the FEN error.

import { test } from "node:test";
import assert from "node:assert/strict";
import { BASE, launch, newPage, screenshot, clickSquare } from "../lib.js";

test("a bad FEN leaves the moves alone; a good one replaces them only when confirmed", async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser);
    await page.goto(`${BASE}/analysis?moves=h2e2,h9g7`);
    const mainLine = "#amoves > span.mv";
    await page.waitForFunction((sel) => document.querySelectorAll(sel).length === 2, mainLine);
    await page.click("#analysis summary");

    // A garbage FEN: an error beside the box, the two moves still there.
    await page.fill("#afen", "this is not a position");
    await page.click("#asetfen");
    await page.waitForFunction(() => document.querySelector("#amessage").textContent.includes("FEN"));
    assert.equal(await page.$$eval(mainLine, (s) => s.length), 2, "the moves survive a bad FEN");
    // The board still takes moves: Red's horse h0-g2 goes onto the tree as the third move.
    await clickSquare(page, "#aboard", "h0");
    await clickSquare(page, "#aboard", "g2");
    await page.waitForFunction((sel) => document.querySelectorAll(sel).length === 3, mainLine);
    await screenshot(page, "analysis-bad-fen-kept");

    // The editor: an illegal position (no red general) keeps the editor open with the reason.
    await page.click("#aedit");
    await page.click("#eclear");
    await page.click("#edone");
    await page.waitForFunction(() => /general/i.test(document.querySelector("#amessage").textContent));
    assert.equal(await page.isHidden("#editor"), false, "the editor stays open");
    assert.equal(await page.$$eval(mainLine, (s) => s.length), 3, "the moves survive an illegal edit");
    await page.click("#estart");

    // A good FEN over a tree asks first: declined, nothing changes; accepted, a new tree.
    const fen = "3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1";
    await page.fill("#afen", fen);
    page.once("dialog", (d) => d.dismiss());
    await page.click("#asetfen");
    await page.waitForTimeout(500);
    assert.equal(await page.$$eval(mainLine, (s) => s.length), 3, "declining keeps the tree");
    page.once("dialog", (d) => d.accept());
    await page.click("#asetfen");
    await page.waitForFunction((sel) => document.querySelectorAll(sel).length === 0, mainLine);
    await page.waitForFunction((f) => document.querySelector("#afen").value === f, fen);

    // The only failed requests are the two refusals this test asked for.
    const refused = page.problems.filter((p) => /^HTTP 400 .*\/api\/analyse/.test(p) || /status of 400/.test(p));
    assert.deepEqual(page.problems.filter((p) => !refused.includes(p)), []);
    assert.equal(refused.filter((p) => p.startsWith("HTTP")).length, 2);
  } finally {
    await browser.close();
  }
});
