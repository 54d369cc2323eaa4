// Issue 42: premoves. While the opponent thinks, a player picks a piece and a point: the move is
// queued (shown in blue) and played as soon as the turn comes, if legal then; a click cancels it.

import { test } from "node:test";
import assert from "node:assert/strict";
import { launch, screenshot, clickSquare, waitForMoves, friendGame, playMove } from "../lib.js";

test("a queued move is played when the turn comes, and a click cancels one", async () => {
  const browser = await launch();
  try {
    const [red, black] = await friendGame(browser);
    await playMove(red, "h2e2", 1, [black]);
    // Black to move: Red queues its horse.
    await clickSquare(red, "#board", "h0");
    await clickSquare(red, "#board", "g2");
    await red.waitForSelector('#board svg[data-premove="h0g2"]');
    assert.equal(await red.$$eval("#board rect.premove", (r) => r.length), 2);
    await screenshot(red, "premove-queued");
    await clickSquare(black, "#board", "h9");
    await clickSquare(black, "#board", "g7");
    // Red's move follows at once, with no click.
    const moves = await waitForMoves(black, "#moves", 3);
    assert.equal(moves.length, 3);
    await red.waitForFunction(() => !document.querySelector("#board svg").dataset.premove);
    // Queued, then cancelled with a click: Black's move is not answered.
    await clickSquare(red, "#board", "b0");
    await clickSquare(red, "#board", "c2");
    await red.waitForSelector('#board svg[data-premove="b0c2"]');
    await clickSquare(red, "#board", "e5");
    await red.waitForFunction(() => !document.querySelector("#board svg").dataset.premove);
    await clickSquare(black, "#board", "i9");
    await clickSquare(black, "#board", "h9");
    await waitForMoves(red, "#moves", 4);
    await red.waitForTimeout(1000);
    assert.equal((await waitForMoves(red, "#moves", 4)).length, 4, "the cancelled move was not played");
    for (const p of [red, black]) assert.deepEqual(p.problems, []);
  } finally {
    await browser.close();
  }
});
