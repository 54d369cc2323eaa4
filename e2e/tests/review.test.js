// Issue 20, bug 10: a game could not be stepped through (the move list was not clickable, no
// ←/→), "Analyse" lost the names and the result, and the PGN had no Date, TimeControl or the
// engine's name and level.

import { test } from "node:test";
import assert from "node:assert/strict";
import { BASE, launch, newPage, screenshot, clickSquare, waitForMoves, gameState, gameId } from "../lib.js";

const at = (page, sq) => page.$eval(`#board [data-sq="${sq}"]`, (g) => g.dataset.piece).catch(() => null);

test("the move list steps through the game, during and after it; Analyse and the PGN keep its facts", async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser);
    page.on("dialog", (d) => d.dismiss()); // none expected: resigning is asked in the page
    await page.goto(`${BASE}/`);
    await page.selectOption("#create select[name=mode]", "engine");
    await page.fill("#create input[name=level]", "1");
    await page.fill("#create input[name=name]", "Reviewer");
    await page.click("#create button[type=submit]");
    await page.waitForURL(/\/game\/[A-Za-z0-9]+$/);
    const id = gameId(page);
    await clickSquare(page, "#board", "h2");
    await clickSquare(page, "#board", "e2");
    await waitForMoves(page, "#moves", 2);
    // Coordinates on the edges in the notation chosen: WXF (English's) numbers Red's files from
    // its right, Black's from its own.
    const coords = () => page.$$eval("#board svg text.coord", (t) => t.map((e) => e.textContent).join(" "));
    assert.match(await coords(), /^9 1 8 2 .* 1 9$/);
    await page.selectOption("#notation", "uci");
    await page.waitForFunction(() => /^h2e2$/.test(document.querySelector("#moves li span").textContent));
    assert.match(await coords(), /^a b c d e f g h i 0 1 2 3 4 5 6 7 8 9$/);

    // During the game: a click on the first move shows the position after it.
    await page.click("#moves li span >> nth=0");
    await page.waitForFunction(() => document.querySelector('#board [data-sq="e2"]')?.dataset.piece === "0C");
    assert.equal(await page.$$eval("#moves li span.cur", (s) => s.length), 1, "the move shown is marked");
    // ← goes back to the start: the cannon on h2 again; the live game is untouched.
    await page.keyboard.press("ArrowLeft");
    await page.waitForFunction(() => document.querySelector('#board [data-sq="h2"]')?.dataset.piece === "0C");
    assert.equal(await at(page, "e2"), null);
    assert.equal((await gameState(id)).moves.length, 2, "viewing the past plays nothing");
    // No piece can be picked up in a past position.
    await clickSquare(page, "#board", "h0");
    assert.equal(await page.$$eval("#board .target", (t) => t.length), 0, "no move from a past position");
    await screenshot(page, "review-past");
    // → and End come forward again, to the live position.
    await page.keyboard.press("ArrowRight");
    await page.waitForFunction(() => document.querySelector('#board [data-sq="e2"]')?.dataset.piece === "0C");
    await page.keyboard.press("End");
    await page.waitForFunction(() => document.querySelectorAll("#moves li span.cur").length === 0);
    const live = (await gameState(id)).fen;
    assert.ok(live.length > 0);

    // After the game: resign, then step through again with Home and the list.
    await page.click("#resign");
    await page.click("#resign-yes"); // asked in the page
    await page.waitForFunction(() => /resign/i.test(document.querySelector("#status").textContent));
    await page.keyboard.press("Home");
    await page.waitForFunction(() => document.querySelector('#board [data-sq="h2"]')?.dataset.piece === "0C");
    await page.click("#moves li span >> nth=1");
    await page.waitForFunction(() => document.querySelector('#board [data-sq="e2"]')?.dataset.piece === "0C");

    // The PGN: date, time control, the engine's name and level.
    const pgn = await (await fetch(`${BASE}/api/games/${id}/pgn`)).text();
    assert.match(pgn, /\[Date "\d{4}\.\d\d\.\d\d"\]/, pgn);
    assert.match(pgn, /\[TimeControl "600\+5"\]/, pgn);
    assert.match(pgn, /\[Red "Reviewer"\]/, pgn);
    assert.match(pgn, /\[Black "chuhan [^"]*level 1[^"]*"\]/, pgn);
    assert.match(pgn, /\[Result "0-1"\]/, pgn);

    // Analyse: the names and the result go along.
    await page.click("#analyse");
    await page.waitForURL(/\/analysis/);
    await page.waitForFunction(() => /Reviewer/.test(document.querySelector("#aheaders").textContent));
    const headers = await page.textContent("#aheaders");
    assert.match(headers, /Red: Reviewer/, headers);
    assert.match(headers, /Black: chuhan .*level 1/, headers);
    assert.match(headers, /Result: 0-1/, headers);
    await page.waitForFunction(() => document.querySelectorAll("#amoves .mv").length === 2);
    assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
  }
});
