// Janggi against the engine in the browser: the setup choice, the CXA clock, a move, a
// takeback, Western icons, a pass, and the end of the game with its reason in words.

import { test } from "node:test";
import assert from "node:assert/strict";
import { BASE, launch, newPage, screenshot, clickSquare, waitForMoves, gameState, gameId, boardDrawn } from "../lib.js";

test("janggi with chosen setups, the CXA clock, a pass, Western icons and resignation", async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser);
    page.on("dialog", (d) => d.dismiss()); // none expected: resigning is asked in the page
    await page.goto(`${BASE}/`);
    await page.selectOption("#create select[name=variant]", "janggi");
    await page.waitForSelector("#setups:not([hidden])");
    await page.selectOption("#create select[name=cho_setup]", "outer");
    await page.selectOption("#create select[name=han_setup]", "left");
    await page.selectOption("#create select[name=mode]", "engine");
    await page.fill("#create input[name=level]", "1");
    await page.selectOption("#create select[name=clock]", "cxa");
    await page.click("#create button[type=submit]");
    await page.waitForURL(/\/game\/[A-Za-z0-9]+$/);
    const id = gameId(page);
    await page.waitForSelector('#board [data-sq="e1"]');

    // The chosen formations: Cho outer (象馬馬象 from the left), Han left (象馬象馬 as Han sees it).
    let s = await gameState(id);
    assert.equal(s.variant, "janggi");
    const ranks = s.fen.split(" ")[0].split("/");
    assert.equal(ranks[9], "RBNA1ANBR", `Cho's back rank in ${s.fen}`);
    assert.notEqual(ranks[0], "rnba1abnr", "Han's formation is not the default inner one");
    const drawn = await boardDrawn(page, "#board");
    assert.equal(drawn.pieces, 32);
    assert.match(drawn.glyphs, /楚/, "Cho's general drawn as 楚");
    assert.match(drawn.glyphs, /卒/, "Cho's soldiers drawn as 卒");
    assert.match(drawn.glyphs, /兵/, "Han's soldiers drawn as 兵");
    // Octagonal pieces in three sizes, as janggi sets are made.
    const outlines = await page.$$eval("#board g.pt > polygon", (ps) => ps.map((p) => p.getBBox().width));
    assert.equal(outlines.length, 32, "every janggi piece is an octagon");
    assert.equal(new Set(outlines.map((w) => Math.round(w))).size, 3, `three sizes: ${outlines}`);
    await screenshot(page, "janggi-start");

    // The CXA clock: 20 minutes a game, a minute a move, three overruns.
    assert.equal(s.clock.rule, "cxa");
    await page.waitForFunction(() => /20:00.*move 1:00, 3 overruns left/.test(document.querySelector("#clock-bottom").textContent));

    // A move by clicking: a soldier steps sideways (legal in janggi from the start).
    const move = ["a3b3", "i3h3"].find((m) => s.legal.includes(m));
    assert.ok(move, `a sideways soldier move among ${s.legal.join(" ")}`);
    const play = async () => {
      await clickSquare(page, "#board", move.slice(0, 2));
      await clickSquare(page, "#board", move.slice(2, 4));
      await waitForMoves(page, "#moves", 2);
    };
    await play();

    // Takeback against the engine: both plies go, back to the start.
    await page.click("#takeback");
    await page.waitForFunction(() => document.querySelectorAll("#moves li span").length === 0);
    assert.equal((await gameState(id)).moves.length, 0);
    await play();

    // Western icons: no Chinese characters on the pieces any more, still 32 of them.
    await page.selectOption("#pieces", "western");
    const western = await boardDrawn(page, "#board");
    assert.equal(western.pieces, 32);
    assert.doesNotMatch(western.glyphs, /[楚漢車包馬象士卒兵]/, "Western icons instead of characters");
    await screenshot(page, "janggi-western");

    // A pass: the general "moves" to its own point. The engine answers with a move, or passes
    // too, which ends the game by counting.
    await page.click("#pass");
    await waitForMoves(page, "#moves", 4);
    s = await gameState(id);
    assert.equal(s.moves[2].mv, "e1e1", "Cho's pass is written as the general's point twice");
    await screenshot(page, "janggi-after-pass");
    if (s.end) {
      assert.match(s.end.reason, /pass/i, "two passes end the game");
    } else {
      // Resignation ends the game with its reason in words.
      await page.click("#resign");
      await page.click("#resign-yes"); // asked in the page
      await page.waitForFunction(() => /resign/i.test(document.querySelector("#status").textContent));
      s = await gameState(id);
      assert.ok(s.end, "the game has ended");
      assert.match(s.end.reason, /resign/i);
    }
    assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
  }
});
