// Issue 42: the lobby remembers the last settings (in this browser): the game, the opponent,
// the side and the clock of the last game created come back on the next visit; a link's own
// variant (`/?variant=xiangqi`) still wins.

import { test } from "node:test";
import assert from "node:assert/strict";
import { BASE, launch, newPage } from "../lib.js";

test("the new-game form comes back as it was last sent", async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser);
    await page.goto(`${BASE}/`);
    await page.selectOption("#create select[name=variant]", "janggi");
    await page.selectOption("#create select[name=mode]", "friend");
    await page.selectOption("#create select[name=side]", "black");
    await page.click('#quick button[data-tc="5+3"]');
    await page.click("#create button[type=submit]");
    await page.waitForURL(/\/game\/[A-Za-z0-9]+$/);
    await page.goto(`${BASE}/`);
    // The page's script fills the form once its catalog is read, which may be after the load.
    await page.waitForFunction(() => document.getElementById("create").elements.variant.value === "janggi");
    const form = await page.evaluate(() => {
      const f = document.getElementById("create").elements;
      return { variant: f.variant.value, mode: f.mode.value, side: f.side.value, clock: f.clock.value,
        minutes: f.minutes.value, increment: f.increment.value };
    });
    assert.deepEqual(form, { variant: "janggi", mode: "friend", side: "black", clock: "fischer", minutes: "5", increment: "3" });
    // A guest plays no rated game (the server refuses one): the box says why instead.
    await page.waitForSelector("#header-login");
    assert.ok(await page.isDisabled("#create input[name=rated]"));
    assert.match(await page.textContent("#rated-note"), /log in or sign up/);
    // The fields that apply show: a friend game's, not the engine's level.
    assert.ok(await page.isHidden("#level-field"));
    await page.goto(`${BASE}/?variant=xiangqi`);
    assert.equal(await page.inputValue("#create select[name=variant]"), "xiangqi");
    assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
  }
});
