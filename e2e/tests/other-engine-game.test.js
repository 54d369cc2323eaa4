// Engine games against another engine (`chuhan serve --engine`): chosen in the lobby, named in
// the game's record, and a crash ends the game with the reason. scripts/e2e-web.sh starts the
// server with the fake engine "Fake" (its script: C2.5 as Red) and "Broken" (crashes on go).

import { test } from "node:test";
import assert from "node:assert/strict";
import { BASE, launch, newPage, screenshot, waitForMoves, gameId } from "../lib.js";

/// Starts an engine game against `engine` from the lobby, playing Black.
async function start(page, engine) {
  await page.goto(`${BASE}/`);
  await page.waitForSelector("#engine-field:not([hidden])");
  const options = await page.$$eval("#create select[name=engine] option", (os) => os.map((o) => o.value));
  assert.deepEqual(options, ["chuhan", "Fake", "Broken"]);
  await page.selectOption("#create select[name=engine]", engine);
  // chuhan's levels are not for another engine.
  await page.waitForSelector("#level-field", { state: "hidden" });
  await page.selectOption("#create select[name=side]", "black");
  await page.click("#create button[type=submit]");
  await page.waitForURL(/\/game\/[A-Za-z0-9]+$/);
}

test("an engine game against another engine chosen in the lobby", async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser);
    await start(page, "Fake");
    assert.deepEqual(await waitForMoves(page, "#moves", 1), ["C2.5"]);
    const pgn = await page.evaluate(async (id) => (await fetch(`/api/games/${id}/pgn`)).text(), gameId(page));
    assert.match(pgn, /\[Red "Fake"\]/);
    await screenshot(page, "other-engine-game");

    // The lobby remembers the choice; chuhan's own brings its levels back.
    await page.goto(`${BASE}/`);
    await page.waitForSelector("#engine-field:not([hidden])");
    assert.equal(await page.inputValue("#create select[name=engine]"), "Fake");
    await page.selectOption("#create select[name=engine]", "chuhan");
    await page.waitForSelector("#level-field:not([hidden])");
    assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
  }
});

test("another engine that crashes loses the game, and the page says why", async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser);
    await start(page, "Broken");
    await page.waitForFunction(() => /Broken crashed.*Black wins/.test(document.querySelector("#status").textContent));
    assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
  }
});
