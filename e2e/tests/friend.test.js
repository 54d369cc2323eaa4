// A friend game between two browser contexts, live both ways, and a third context that watches
// and cannot move.

import { test } from "node:test";
import assert from "node:assert/strict";
import { BASE, launch, newPage, screenshot, clickSquare, waitForMoves, gameState, gameId } from "../lib.js";

test("two friends play in two browser contexts; a watcher cannot move", async () => {
  const browser = await launch();
  try {
    // Context 1 creates the game and gets the link to share.
    const red = await newPage(browser);
    await red.goto(`${BASE}/`);
    await red.selectOption("#create select[name=mode]", "friend");
    await red.click("#create button[type=submit]");
    await red.waitForURL(/\/game\/[A-Za-z0-9]+$/);
    const id = gameId(red);
    await red.waitForSelector("#share-box:not([hidden])");
    const link = await red.inputValue("#share");
    assert.equal(new URL(link).pathname, `/game/${id}`);

    // Context 2 opens the link, sees the Join button, joins as Black (its board turned round).
    const black = await newPage(browser);
    await black.goto(link);
    await black.waitForSelector("#join:not([hidden])");
    assert.match(await black.textContent("#status"), /watching/);
    await black.click("#join");
    await black.waitForSelector("#join", { state: "hidden" });
    await black.waitForSelector('#board svg[data-flipped="true"]');
    await red.waitForSelector("#share-box", { state: "hidden" });

    // Red moves by clicking; Black sees it without reloading.
    await clickSquare(red, "#board", "h2");
    await clickSquare(red, "#board", "e2");
    assert.deepEqual(await waitForMoves(black, "#moves", 1), ["C2.5"]);
    await black.waitForSelector('#board [data-sq="e2"][data-piece="0C"]');
    assert.match(await black.textContent("#status"), /Black to move \(you\)/);

    // Black moves on its turned board; Red sees it live.
    await clickSquare(black, "#board", "h9");
    await black.waitForSelector('#board .target[data-sq="g7"]');
    await clickSquare(black, "#board", "g7");
    assert.deepEqual(await waitForMoves(red, "#moves", 2), ["C2.5", "H8+7"]);
    await red.waitForSelector('#board [data-sq="g7"][data-piece="1N"]');

    // Context 3 watches: no Join button (both seats taken), no selection, no move.
    const watcher = await newPage(browser);
    await watcher.goto(link);
    await waitForMoves(watcher, "#moves", 2);
    assert.match(await watcher.textContent("#status"), /Red to move \(you are watching\)/);
    assert.equal(await watcher.isHidden("#join"), true);
    assert.equal(await watcher.isHidden("#resign"), true);
    await clickSquare(watcher, "#board", "b0");
    assert.equal(await watcher.$$eval("#board .target", (t) => t.length), 0, "no targets for a watcher");
    await clickSquare(watcher, "#board", "c2");
    await new Promise((r) => setTimeout(r, 500));
    assert.equal((await gameState(id)).moves.length, 2, "the watcher's clicks moved nothing");
    await screenshot(watcher, "friend-watcher");

    // Black may not move on Red's turn either.
    await clickSquare(black, "#board", "b9");
    assert.equal(await black.$$eval("#board .target", (t) => t.length), 0, "no targets out of turn");

    // Red plays on; Black and the watcher both see it live.
    await clickSquare(red, "#board", "b0");
    await clickSquare(red, "#board", "c2");
    await waitForMoves(black, "#moves", 3);
    assert.equal((await waitForMoves(watcher, "#moves", 3))[2], "H8+7");
    await screenshot(red, "friend-red");
    await screenshot(black, "friend-black");
    for (const p of [red, black, watcher]) assert.deepEqual(p.problems, []);
  } finally {
    await browser.close();
  }
});
