// Issue 20, bug 7: a janggi pass that ends the game was not explained. A pass after the
// opponent's pass ended the game by counting at once, with no question and no words on the
// counting, and the pass read "95楚95" in the move list. Now the pass is written in words, a
// pass that ends the game is confirmed in the page (not with confirm()), and the end shows
// each side's points with Han's 1.5 bonus.

import { test } from "node:test";
import assert from "node:assert/strict";
import { BASE, launch, newPage, screenshot, waitForMoves, gameState, gameId } from "../lib.js";

test("a janggi pass that ends the game is confirmed and the counting shown", async () => {
  const browser = await launch();
  try {
    const cho = await newPage(browser);
    const dialogs = [];
    cho.on("dialog", (d) => { dialogs.push(d.message()); d.dismiss(); });
    await cho.goto(`${BASE}/`);
    await cho.selectOption("#create select[name=variant]", "janggi");
    await cho.selectOption("#create select[name=mode]", "friend");
    await cho.click("#create button[type=submit]");
    await cho.waitForURL(/\/game\/[A-Za-z0-9]+$/);
    const id = gameId(cho);

    const han = await newPage(browser);
    han.on("dialog", (d) => { dialogs.push(d.message()); d.dismiss(); });
    await han.goto(`${BASE}/game/${id}`);
    await han.click("#join");
    await han.waitForSelector('#board svg[data-flipped="true"]');

    // Cho passes: the move list says so in words, not as the general's point twice.
    await cho.click("#pass");
    const [text] = await waitForMoves(han, "#moves", 1);
    assert.equal(text, "한수쉼", "a pass in the Korean numeric notation");
    assert.doesNotMatch(text, /95/);
    await han.selectOption("#notation", "janggi-fsf");
    await han.waitForFunction(() => document.querySelector("#moves li span").textContent === "Pass");

    // Han's pass would end the game: the page asks first, and says why and how it counts.
    await han.click("#pass");
    await han.waitForSelector("#pass-confirm:not([hidden])");
    const ask = await han.textContent("#pass-confirm");
    assert.match(ask, /ends the game/i);
    assert.match(ask, /Cho 72/, ask);
    assert.match(ask, /Han 72 \+ 1\.5 = 73\.5/, ask);
    assert.match(ask, /Han wins/, ask);
    await screenshot(han, "janggi-pass-confirm");
    // Cancelled: nothing happens.
    await han.click("#pass-no");
    await han.waitForSelector("#pass-confirm", { state: "hidden" });
    assert.equal((await gameState(id)).moves.length, 1);
    assert.equal((await gameState(id)).end, null);

    // Confirmed: the game ends by counting, and both pages show the points.
    await han.click("#pass");
    await han.click("#pass-yes");
    for (const p of [han, cho]) {
      await p.waitForFunction(() => /both sides passed/.test(document.querySelector("#status").textContent));
      const status = await p.textContent("#status");
      assert.match(status, /Cho 72 points/, status);
      assert.match(status, /Han 72 \+ 1\.5 = 73\.5/, status);
    }
    const s = await gameState(id);
    assert.equal(s.end.result, "0-1");
    assert.deepEqual(s.end.points, [72, 73.5]);
    await screenshot(han, "janggi-pass-end");
    // The analysis board writes the passes in words too.
    await han.click("#analyse");
    await han.waitForURL(/\/analysis/);
    await han.waitForFunction(() => [...document.querySelectorAll("#amoves .mv")].map((m) => m.textContent).join(" ").includes("Pass"));
    assert.deepEqual(dialogs, [], "no browser dialogs");
    for (const p of [cho, han]) assert.deepEqual(p.problems, []);
  } finally {
    await browser.close();
  }
});
