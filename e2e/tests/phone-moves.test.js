// Issue 42: on a phone (390 × 844) the move list is in view during play, right under the board
// and the status line, without scrolling the page; it scrolls on its own to the last move.

import { test } from "node:test";
import assert from "node:assert/strict";
import { launch, screenshot, friendGame, playMove } from "../lib.js";

test("a phone player sees the last move without scrolling", async () => {
  const browser = await launch();
  try {
    const phone = { viewport: { width: 390, height: 844 } };
    const [red, black] = await friendGame(browser, { page: phone });
    const moves = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "b0c2", "a9b9", "a0b0", "c6c5"];
    for (const [i, mv] of moves.entries()) {
      await playMove(i % 2 === 0 ? red : black, mv, i + 1, [red]);
    }
    const seen = await red.evaluate(() => {
      const spans = document.querySelectorAll("#moves li span.mv");
      const last = spans[spans.length - 1].getBoundingClientRect();
      const list = document.querySelector("#moves").getBoundingClientRect();
      return { scrollY, bottom: last.bottom, top: last.top, listTop: list.top, listBottom: list.bottom, height: innerHeight };
    });
    await screenshot(red, "phone-moves");
    assert.equal(seen.scrollY, 0, "the page did not scroll");
    assert.ok(seen.bottom <= seen.height, `the last move ends at ${seen.bottom} px, below the ${seen.height} px screen`);
    assert.ok(seen.top >= seen.listTop - 1 && seen.bottom <= seen.listBottom + 1, "the last move is in view inside the list");
    assert.ok(await red.evaluate(() => document.documentElement.scrollWidth) <= 390, "nothing wider than the phone");
    for (const p of [red, black]) assert.deepEqual(p.problems, []);
  } finally {
    await browser.close();
  }
});
