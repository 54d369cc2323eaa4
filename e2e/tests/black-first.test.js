// Bug 6 of issue 20: a game from a FEN with Black to move. Black's first move was written in
// Red's column without "…", and the FEN's move number was ignored.

import { test } from "node:test";
import assert from "node:assert/strict";
import { BASE, launch, newPage, screenshot, clickSquare, waitForMoves } from "../lib.js";

const FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 5";

test("Black moving first is numbered from the FEN, after '…'", async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser);
    await page.goto(`${BASE}/?${new URLSearchParams({ fen: FEN })}`);
    await page.selectOption("#create select[name=mode]", "friend");
    await page.selectOption("#create select[name=side]", "black");
    await page.click("#create button[type=submit]");
    await page.waitForURL(/\/game\/[A-Za-z0-9]+$/);
    await page.waitForSelector('#board svg[data-flipped="true"]');
    await clickSquare(page, "#board", "h9");
    await clickSquare(page, "#board", "g7");
    assert.deepEqual(await waitForMoves(page, "#moves", 1), ["H8+7"]);

    // One row, numbered 5, with the Red column left empty ("…") and Black's move beside it.
    const rows = await page.$$eval("#moves li", (lis) => lis.map((li) => [...li.children].map((c) => `${c.tagName}:${c.textContent}`)));
    assert.deepEqual(rows, [["I:…", "SPAN:H8+7"]]);
    assert.equal(await page.$eval("#moves", (ol) => ol.start), 5);
    await screenshot(page, "black-first-game");

    // The analysis board opened from the game numbers it the same way.
    await page.click("#analyse");
    await page.waitForURL(/\/analysis/);
    await page.waitForFunction(() => document.querySelectorAll("#amoves span.mv").length === 1);
    assert.match(await page.textContent("#amoves"), /5… H8\+7/);
    assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
  }
});
