// Issue 39, point 1: a position whose game is already over (here the move-count rule spent)
// leads nowhere. The analysis board hides "Play from this position" for it, and the lobby
// refuses a game from it with the ruling in words (it used to start an engine that was asked
// again forever). Keyboard only, on a phone and on a desktop.

import { test } from "node:test";
import assert from "node:assert/strict";
import { BASE, launch, newPage, screenshot } from "../lib.js";

const SPENT = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 120 1";

for (const [width, height] of [[390, 844], [1280, 800]]) {
  test(`a game over from its start is not offered to play, at ${width} px`, async () => {
    const browser = await launch();
    try {
      const page = await newPage(browser, { viewport: { width, height } });
      await page.goto(`${BASE}/analysis`);
      await page.waitForSelector("#aboard svg");
      await page.waitForFunction(() => /\/\?/.test(document.querySelector("#aplay").href));
      assert.equal(await page.$eval("#aplay", (a) => a.hidden), false, "the start position can be played");
      // The FEN typed into its box and set with Enter on the button, by keyboard.
      await page.focus("#analysis summary");
      await page.keyboard.press("Enter");
      await page.focus("#afen");
      await page.keyboard.press("ControlOrMeta+A");
      await page.keyboard.type(SPENT);
      await page.focus("#asetfen");
      await page.keyboard.press("Enter");
      await page.waitForFunction((f) => document.querySelector("#afen").value === f, SPENT);
      await page.waitForFunction(() => document.querySelector("#aplay").hidden);
      await screenshot(page, `game-over-start-analysis-${width}`);

      // The lobby with that position (where the link led): the game is refused, and says why.
      await page.goto(`${BASE}/?${new URLSearchParams({ variant: "xiangqi", fen: SPENT })}`);
      await page.focus("#create button[type=submit]");
      await page.keyboard.press("Enter");
      await page.waitForFunction(() => /already over/.test(document.querySelector("#lobby-message").textContent));
      const said = await page.textContent("#lobby-message");
      assert.match(said, /60 moves/, said);
      assert.match(page.url(), /\/\?/, "still on the lobby: no game was made");
      await screenshot(page, `game-over-start-lobby-${width}`);
      // The one failed request is the refusal itself.
      assert.deepEqual(page.problems.filter((p) => !/HTTP 400 .*\/api\/games$/.test(p) && !/status of 400/.test(p)), []);
    } finally {
      await browser.close();
    }
  });
}
