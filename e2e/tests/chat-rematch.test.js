// Issue 42, around a game: the two players chat (shown as text, never markup; one player hides
// it), then a rematch is asked and accepted, and both pages go to the new game with the colours
// swapped. At 390 px (a phone) and 1280 px.

import { test } from "node:test";
import assert from "node:assert/strict";
import { launch, friendGame, playMove, gameId, screenshot } from "../lib.js";

for (const width of [390, 1280]) {
  test(`chat and rematch between two players at ${width} px`, async () => {
    const browser = await launch();
    try {
      const page = { viewport: { width, height: 900 } };
      const [red, black] = await friendGame(browser, { page });
      // Chat: a line with markup in it arrives as text on the other page.
      await red.waitForSelector("#chat-box:not([hidden])");
      await red.fill("#chat-text", "good luck <b>friend</b>");
      await red.press("#chat-text", "Enter");
      await black.waitForFunction(() => document.querySelector("#chat-lines li")?.textContent.includes("good luck"));
      const line = await black.$eval("#chat-lines li", (li) => ({ text: li.textContent, bold: li.querySelectorAll("b").length }));
      assert.match(line.text, /: good luck <b>friend<\/b>$/);
      assert.equal(line.bold, 1, "only the author's name is bold; the line's markup is text");
      assert.equal(await red.inputValue("#chat-text"), "", "the field is emptied once sent");
      // Black hides the chat: the lines go, and the choice stays after a reload.
      await black.check("#chat-hide");
      assert.ok(await black.$eval("#chat-lines", (l) => l.hidden));
      await black.reload();
      await black.waitForSelector("#chat-box:not([hidden])");
      assert.ok(await black.isChecked("#chat-hide"));
      assert.ok(await black.$eval("#chat-lines", (l) => l.hidden));
      await black.uncheck("#chat-hide");
      await black.waitForFunction(() => document.querySelectorAll("#chat-lines li").length === 1);

      // Both sides move, then Black resigns: a rematch is offered and accepted.
      await playMove(red, "h2e2", 1, [black]);
      await playMove(black, "h9g7", 2, [red]);
      const old = gameId(red);
      black.once("dialog", (d) => d.accept());
      await black.click("#resign");
      if (await black.isVisible("#resign-yes")) await black.click("#resign-yes");
      await red.waitForSelector("#rematch-box:not([hidden])");
      assert.equal(await red.textContent("#rematch"), "Rematch");
      await red.click("#rematch");
      await red.waitForFunction(() => document.querySelector("#rematch").disabled);
      await black.waitForFunction(() => document.querySelector("#rematch")?.textContent === "Accept rematch");
      assert.match(await black.textContent("#rematch-status"), /wants a rematch/);
      await black.click("#rematch");
      await Promise.all([
        red.waitForURL((u) => /\/game\//.test(u.pathname) && !u.pathname.endsWith(old)),
        black.waitForURL((u) => /\/game\//.test(u.pathname) && !u.pathname.endsWith(old)),
      ]);
      assert.equal(gameId(red), gameId(black), "both in the same new game");
      // Colours swapped: the old Black now moves first with Red's pieces, the board unturned.
      await black.waitForSelector('#board svg[data-flipped="false"]');
      await red.waitForSelector('#board svg[data-flipped="true"]');
      await playMove(black, "b2e2", 1, [red]);
      assert.equal(await red.$eval("#chat-lines", (l) => l.children.length), 0, "a new game, a new chat");
      await screenshot(black, `rematch-${width}`);
      const scroll = await red.evaluate(() => document.documentElement.scrollWidth - innerWidth);
      assert.ok(scroll <= 0, `no sideways scroll at ${width} px (${scroll} px)`);
    } finally {
      await browser.close();
    }
  });
}
