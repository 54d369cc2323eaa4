// Issue 20, "what players expect": the board by keyboard (Tab, arrow keys, Enter), moves typed
// in any notation (errors beside the box), moves, check and the end said in a live region,
// resigning asked in the page, and the opening's name on the game page.

import { test } from "node:test";
import assert from "node:assert/strict";
import { BASE, launch, newPage, screenshot, waitForMoves, gameId } from "../lib.js";

/// A friend game: Red's page and Black's, both seated.
async function friendGame(browser, options) {
  const red = await newPage(browser, options);
  const dialogs = [];
  red.on("dialog", (d) => { dialogs.push(d.message()); d.dismiss(); });
  await red.goto(`${BASE}/`);
  await red.selectOption("#create select[name=mode]", "friend");
  await red.selectOption("#create select[name=clock]", "none");
  await red.click("#create button[type=submit]");
  await red.waitForURL(/\/game\/[A-Za-z0-9]+$/);
  const black = await newPage(browser, options);
  black.on("dialog", (d) => { dialogs.push(d.message()); d.dismiss(); });
  await black.goto(red.url());
  await black.click("#join");
  await black.waitForSelector('#board svg[data-flipped="true"]');
  return { red, black, dialogs };
}

/// Types `text` in the game page's move box and plays it.
async function typeMove(page, text, box = "#move-text") {
  await page.fill(box, text);
  await page.press(box, "Enter");
}

test("the board by keyboard, moves typed in any notation, said aloud; resigning asked in the page", async () => {
  const browser = await launch();
  try {
    const { red, black, dialogs } = await friendGame(browser);

    // Tab reaches the board; the cursor starts on Red's general (e0).
    for (let i = 0; i < 40; i++) {
      await red.keyboard.press("Tab");
      if (await red.evaluate(() => document.activeElement && document.activeElement.matches("#board svg"))) break;
    }
    assert.ok(await red.evaluate(() => document.activeElement.matches("#board svg")), "Tab reaches the board");
    await red.waitForSelector('#board .cursor[data-sq="e0"]');
    // To h2, pick the cannon up, to e2, put it down: C2.5.
    for (const k of ["ArrowRight", "ArrowRight", "ArrowRight", "ArrowUp", "ArrowUp"]) await red.keyboard.press(k);
    await red.waitForSelector('#board .cursor[data-sq="h2"]');
    assert.match(await red.getAttribute("#board svg", "aria-label"), /h2: red cannon/);
    await red.keyboard.press("Enter");
    for (const k of ["ArrowLeft", "ArrowLeft", "ArrowLeft"]) await red.keyboard.press(k);
    // Arrow keys on the board move the cursor, not back through the moves.
    assert.equal(await red.isHidden("#viewing"), true);
    await red.keyboard.press(" ");
    assert.deepEqual(await waitForMoves(black, "#moves", 1), ["C2.5"]);
    // The board keeps the focus after the move.
    assert.ok(await red.evaluate(() => document.activeElement.matches("#board svg")));
    await black.waitForFunction(() => /Red cannon h2 to e2 \(C2\.5\)/.test(document.querySelector("#announce").textContent));
    assert.equal(await black.getAttribute("#announce", "aria-live"), "polite");

    // Black types Chinese with Arabic numbers; Red WXF; Black ICCS; Red UCI.
    await typeMove(black, "马8进7");
    await waitForMoves(red, "#moves", 2);
    // A move that is not legal, and text that is no move: why, beside the box; nothing played.
    await typeMove(red, "炮二进九");
    await red.waitForFunction(() => /炮二进九: no legal move fits/.test(document.querySelector("#move-problem").textContent));
    await typeMove(red, "zzz");
    await red.waitForFunction(() => /zzz: not a move in any notation/.test(document.querySelector("#move-problem").textContent));
    assert.equal(await red.getAttribute("#move-text", "aria-invalid"), "true");
    // Not one's turn: said before asking.
    await typeMove(black, "b9-c7");
    await black.waitForFunction(() => /not yours/.test(document.querySelector("#move-problem").textContent));
    await typeMove(red, "H2+3");
    await waitForMoves(red, "#moves", 3);
    assert.equal(await red.textContent("#move-problem"), "");
    await typeMove(black, "b9-c7");
    await waitForMoves(red, "#moves", 4);
    await typeMove(red, "e2e6");
    assert.deepEqual(await waitForMoves(black, "#moves", 5), ["C2.5", "H8+7", "H2+3", "H2+3", "C5+4"]);
    await black.waitForFunction(() => /Red cannon e2 to e6 \(C5\+4\), takes black soldier/.test(document.querySelector("#announce").textContent));

    // The opening, named as the analysis board names it (the same server code).
    const moves = ["h2e2", "h9g7", "h0g2", "b9c7", "e2e6"];
    const r = await fetch(`${BASE}/api/analyse`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ moves, millis: 0 }) });
    const { opening, openings } = await r.json();
    assert.ok(opening, "the line has an opening name");
    // The page shows its language's name (English here; `opening` has the English and Chinese).
    assert.ok(opening.startsWith(openings.en), `${opening} / ${openings.en}`);
    await red.waitForFunction((o) => document.querySelector("#opening").textContent === o, openings.en);
    await screenshot(red, "game-typed-moves");

    // Resigning: asked in the page; "Keep playing" keeps playing, "Resign" resigns.
    await black.click("#resign");
    await black.waitForSelector("#resign-confirm:not([hidden])");
    assert.ok(await black.evaluate(() => document.activeElement.id === "resign-no"));
    await screenshot(black, "game-resign-confirm");
    await black.click("#resign-no");
    assert.equal(await black.isHidden("#resign-confirm"), true);
    await black.click("#resign");
    await black.click("#resign-yes");
    await red.waitForFunction(() => /Game over: .*resign/i.test(document.querySelector("#announce").textContent));
    assert.equal(await red.isHidden("#move-entry"), true, "no move box after the end");
    assert.deepEqual(dialogs, [], "no browser dialogs");
    for (const p of [red, black]) assert.deepEqual(p.problems, []);
    assert.ok(gameId(red));
  } finally {
    await browser.close();
  }
});

test("the analysis board takes typed moves and the keyboard", async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser, { viewport: { width: 1280, height: 800 } });
    await page.goto(`${BASE}/analysis`);
    await page.waitForSelector("#aboard svg");
    await typeMove(page, "C2.5", "#amove-text");
    await page.waitForFunction(() => document.querySelectorAll("#amoves .mv").length === 1);
    // The move list shows the move at once; the position comes from the server a moment later,
    // and the next typed move is read in it: wait for Black to move.
    await page.waitForFunction(() => / b /.test(document.querySelector("#afen").value));
    await typeMove(page, "h2e2", "#amove-text");
    await page.waitForFunction(() => /h2e2: /.test(document.querySelector("#amove-problem").textContent));
    await typeMove(page, "h9g7", "#amove-text");
    await page.waitForFunction(() => document.querySelectorAll("#amoves .mv").length === 2);
    assert.equal(await page.textContent("#amove-problem"), "");
    // The board by keyboard: focus it, from Red's general to the horse on b0, up to c2.
    // Tab from the last link of the header (a guest's Sign up) reaches the board.
    await page.focus("#account-box a:last-child");
    await page.keyboard.press("Tab");
    await page.waitForSelector('#aboard .cursor[data-sq="e0"]');
    await page.keyboard.press("ArrowLeft"); // now d0
    await page.waitForSelector('#aboard .cursor[data-sq="d0"]');
    for (const k of ["ArrowLeft", "ArrowLeft", "Enter", "ArrowRight", "ArrowUp", "ArrowUp", "Enter"]) await page.keyboard.press(k);
    await page.waitForFunction(() => document.querySelectorAll("#amoves .mv").length === 3);
    assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
  }
});
