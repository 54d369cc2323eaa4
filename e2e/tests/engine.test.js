// A person plays against the engine: a move by clicking, the engine's reply, a move by
// dragging.

import { test } from "node:test";
import assert from "node:assert/strict";
import {
  BASE, launch, newPage, screenshot, clickSquare, dragSquare, waitForMoves, gameState, gameId, boardDrawn,
} from "../lib.js";

test("a person plays the engine by clicking, then by dragging", async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser);
    await page.goto(`${BASE}/`);
    await page.selectOption("#create select[name=mode]", "engine");
    await page.fill("#create input[name=level]", "1");
    await screenshot(page, "lobby");
    await page.click("#create button[type=submit]");
    await page.waitForURL(/\/game\/[A-Za-z0-9]+$/);
    const id = gameId(page);
    await page.waitForSelector('#board [data-sq="h2"][data-piece="0C"]');
    const drawn = await boardDrawn(page, "#board");
    assert.equal(drawn.pieces, 32, "32 pieces at the start");
    assert.equal(drawn.river, 2, "楚河 and 漢界 written on the river");
    assert.match(drawn.glyphs, /帥.*將|將.*帥/, "generals drawn with Chinese characters");
    assert.match(await page.textContent("#status"), /Red to move \(you\)/);

    // Click the cannon: it is selected and its targets are shown; click e2.
    await clickSquare(page, "#board", "h2");
    await page.waitForSelector('#board .target[data-sq="e2"]');
    const targets = await page.$$eval("#board .target", (t) => t.map((c) => c.dataset.sq).sort());
    const legal = (await gameState(id)).legal.filter((m) => m.startsWith("h2")).map((m) => m.slice(2)).sort();
    assert.deepEqual(targets, legal, "the targets shown are the cannon's legal moves");
    await screenshot(page, "engine-selected");
    await clickSquare(page, "#board", "e2");

    // The engine replies; the move list grows to two moves, in Chinese notation.
    const moves = await waitForMoves(page, "#moves", 2);
    assert.equal(moves[0], "C2.5");
    await page.waitForSelector('#board [data-sq="e2"][data-piece="0C"]');
    let s = await gameState(id);
    assert.equal(s.moves.length, 2);
    assert.equal(s.moves[0].mv, "h2e2");
    assert.equal(s.turn, 0, "Red to move after the engine's reply");

    // A second move by drag and drop: a horse if it can go out, else any legal move.
    const drag = ["b0c2", "h0g2"].find((m) => s.legal.includes(m)) || s.legal[0];
    await dragSquare(page, "#board", drag.slice(0, 2), drag.slice(2, 4));
    await waitForMoves(page, "#moves", 4);
    s = await gameState(id);
    assert.equal(s.moves[2].mv, drag, "the dragged move was played");
    await page.waitForSelector(`#board [data-sq="${drag.slice(2, 4)}"][data-piece^="0"]`);
    await screenshot(page, "engine-after-drag");

    // Usable on a phone: the board fits the width of a small screen.
    await page.setViewportSize({ width: 390, height: 844 });
    const width = await page.$eval("#board svg", (svg) => svg.getBoundingClientRect().width);
    assert.ok(width <= 390 && width > 300, `board ${width}px wide on a 390px screen`);
    await screenshot(page, "engine-phone");
    assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
  }
});
