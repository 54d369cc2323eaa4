// The analysis board replays an uploaded XQF record: SAMPLE.XQF from xqbase, 75 moves.

import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { BASE, launch, newPage, screenshot, boardDrawn } from "../lib.js";

// ../shared/testdata beside the repository (the samples are not copied into it: LGPL).
const SAMPLE = process.env.SAMPLE_XQF
  || new URL("../../../shared/testdata/records/xqbase/SAMPLE.XQF", import.meta.url).pathname;

test("an uploaded XQF record is replayed on the analysis board", { skip: !existsSync(SAMPLE) && `${SAMPLE} is absent` }, async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser);
    await page.goto(`${BASE}/analysis`);
    await page.waitForSelector('#aboard [data-sq="h2"]');
    await page.click("#analysis summary");
    await page.setInputFiles("#afile", SAMPLE);
    await page.click("#aload");
    // The move tree: the main line's 75 moves (outside any variation).
    const mainLine = "#amoves > span.mv";
    await page.waitForFunction((sel) => document.querySelectorAll(sel).length === 75, mainLine);
    const moves = await page.$$eval(mainLine, (spans) => spans.map((s) => s.textContent));
    assert.ok(moves.every((m) => m.length >= 4), "every move written out");
    // A loaded record starts at its first position; End goes to its last move.
    await page.click("#aend");
    await page.waitForFunction(() => document.querySelector("#amoves span.mv.cur")?.dataset.ply === "75");
    assert.match(await page.textContent("#aheaders"), /\S/, "the record's headers are shown");
    // The board shows the final position: fewer pieces than at the start.
    const drawn = await boardDrawn(page, "#aboard");
    assert.ok(drawn.pieces < 32 && drawn.pieces > 2, `${drawn.pieces} pieces after 75 moves`);
    // The engine looks at the final position and shows its lines.
    await page.waitForSelector("#alines li");
    await screenshot(page, "analysis-xqf");
    // The evaluation bar stands beside the board, as tall as it.
    const [bar, board] = await page.evaluate(() =>
      ["#evalbar", "#aboard svg"].map((s) => document.querySelector(s).getBoundingClientRect().height));
    assert.ok(Math.abs(bar - board) < 0.05 * board, `evaluation bar ${bar}px high beside a board of ${board}px`);
    // Back steps through the replay.
    await page.click("#aback");
    await page.waitForFunction(() => document.querySelector("#amoves span.mv.cur")?.dataset.ply === "74");
    assert.equal(await page.$$eval(mainLine, (spans) => spans.length), 75, "going back keeps the moves");
    await screenshot(page, "analysis-xqf-back");
    assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
  }
});
