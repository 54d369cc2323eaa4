// Bug 1 of issue 20: in a friend game the creator could move before anyone joined, and the
// empty seat's clock then ran until it lost on time. No clock may run until each side has made
// its first move (and so until both seats are taken).

import { test } from "node:test";
import assert from "node:assert/strict";
import { BASE, launch, newPage, screenshot, clickSquare, waitForMoves, gameState, gameId } from "../lib.js";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

test("no clock runs before both seats are taken and each side has moved", async () => {
  const browser = await launch();
  try {
    const red = await newPage(browser);
    await red.goto(`${BASE}/`);
    await red.selectOption("#create select[name=mode]", "friend");
    await red.fill("#create input[name=minutes]", "1");
    await red.fill("#create input[name=increment]", "0");
    await red.click("#create button[type=submit]");
    await red.waitForURL(/\/game\/[A-Za-z0-9]+$/);
    const id = gameId(red);

    // Red moves before anyone has joined: the empty seat's clock must stay still.
    await clickSquare(red, "#board", "h2");
    await clickSquare(red, "#board", "e2");
    await waitForMoves(red, "#moves", 1);
    await sleep(2500);
    let s = await gameState(id);
    assert.equal(s.clock.running, null, "no clock runs against the empty seat");
    assert.deepEqual(s.clock.left_ms, [60000, 60000]);
    assert.match(await red.textContent("#status"), /clocks start once each side has made its first move/);
    assert.match(await red.textContent("#clock-top"), /1:00/);

    // The friend joins late and thinks over the first move: still no clock.
    const black = await newPage(browser);
    await black.goto(`${BASE}/game/${id}`);
    await black.click("#join");
    await black.waitForSelector('#board svg[data-flipped="true"]');
    await sleep(1000);
    assert.equal((await gameState(id)).clock.running, null);
    await clickSquare(black, "#board", "h9");
    await clickSquare(black, "#board", "g7");
    await waitForMoves(red, "#moves", 2);

    // Now Red's clock runs, and no one has been charged for a first move.
    s = await gameState(id);
    assert.equal(s.clock.running, 0);
    assert.equal(s.clock.left_ms[1], 60000);
    assert.ok(s.clock.left_ms[0] <= 60000 && s.clock.left_ms[0] > 55000, JSON.stringify(s.clock));
    assert.equal(s.end, null);
    await red.waitForSelector("#clock-bottom.running");
    await screenshot(red, "clock-start-red");
    for (const p of [red, black]) assert.deepEqual(p.problems, []);
  } finally {
    await browser.close();
  }
});
