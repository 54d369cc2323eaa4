// Issue 44: a game's ruling in the page's language. The server sends it in every language
// (`end.reasons`); a page in 简体中文 shows the Chinese one, and none of the English words.

import { test } from "node:test";
import assert from "node:assert/strict";
import { friendGame, launch, playMove, screenshot } from "../lib.js";

test("a resigned game's ruling reads in Chinese on a zh-Hans page", async () => {
  const browser = await launch();
  try {
    const [red, black] = await friendGame(browser, { page: { locale: "zh-CN" } });
    for (const p of [red, black]) assert.equal(await p.getAttribute("html", "lang"), "zh-Hans");
    await playMove(red, "h2e2", 1, [black]);
    await playMove(black, "h9g7", 2, [red]);
    await black.click("#resign");
    await black.click("#resign-yes");
    for (const p of [red, black]) {
      await p.waitForFunction(() => /黑方认输/.test(document.querySelector("#status").textContent));
      const status = await p.textContent("#status");
      assert.match(status, /红方胜：黑方认输/, status);
      assert.doesNotMatch(status, /resigned|wins|Red|Black/, status);
    }
    await screenshot(red, "ruling-zh-Hans");
    for (const p of [red, black]) assert.deepEqual(p.problems, []);
  } finally {
    await browser.close();
  }
});
