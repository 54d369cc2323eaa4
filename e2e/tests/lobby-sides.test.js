// Issue 20, bug 8: the lobby offered "Red / Cho" and "Black / Han" although Cho is drawn blue
// and Han red, and the player invited to a janggi game could not choose their own formation.

import { test } from "node:test";
import assert from "node:assert/strict";
import { BASE, launch, newPage, screenshot, gameState, gameId } from "../lib.js";

const sides = (page) => page.$$eval("#create select[name=side] option", (os) => os.map((o) => o.textContent));

test("the lobby names the sides as the board draws them; the friend chooses a formation", async () => {
  const browser = await launch();
  try {
    const cho = await newPage(browser);
    await cho.goto(`${BASE}/`);
    let [first, second] = await sides(cho);
    assert.match(first, /^Red/);
    assert.match(second, /^Black/);
    assert.doesNotMatch(first + second, /Cho|Han/, "xiangqi has no Cho and Han");
    await cho.selectOption("#create select[name=variant]", "janggi");
    [first, second] = await sides(cho);
    assert.match(first, /Cho.*blue/, first);
    assert.match(second, /Han.*red/, second);
    assert.doesNotMatch(first + second, /Red|Black/, "Cho is not red, Han is not black");

    // A friend game: the creator chooses only its own formation.
    await cho.selectOption("#create select[name=mode]", "friend");
    await cho.waitForSelector("#create select[name=han_setup]", { state: "hidden" });
    await cho.selectOption("#create select[name=cho_setup]", "outer");
    await screenshot(cho, "lobby-janggi-friend");
    await cho.click("#create button[type=submit]");
    await cho.waitForURL(/\/game\/[A-Za-z0-9]+$/);
    const id = gameId(cho);

    // The friend sets up Han's formation when joining.
    const han = await newPage(browser);
    await han.goto(`${BASE}/game/${id}`);
    await han.waitForSelector("#join-setup", { state: "visible" });
    await han.selectOption("#join-setup", "left");
    await han.click("#join");
    await han.waitForSelector('#board svg[data-flipped="true"]');
    const ranks = (await gameState(id)).fen.split(" ")[0].split("/");
    assert.equal(ranks[9], "RBNA1ANBR", "Cho's outer formation");
    assert.equal(ranks[0], "rnba1anbr", "Han's left formation (象馬象馬 from Han's left)");
    await han.waitForSelector('#board [data-sq="h9"][data-piece="1B"]');
    await cho.waitForSelector('#board [data-sq="h9"][data-piece="1B"]');
    assert.ok(!(await cho.isVisible("#join-setup")), "no formation choice for a seated player");
    for (const p of [cho, han]) assert.deepEqual(p.problems, []);
  } finally {
    await browser.close();
  }
});
