// Issue 42: the seven bugs a new player met, each tested here against what failed before.
//  1. the analysis board scrolled the page after every move (scrollIntoView of the current move);
//  2. switching Xiangqi/Janggi on the analysis board wiped it without asking;
//  3. "Load" replaced the analysis without asking;
//  4. pasted text was ignored once a file had been chosen (the file was loaded again);
//  5. ← worked once after playing with the mouse (a keyboard cursor appeared and took the next);
//  6. screen readers never heard a draw offer or a takeback request;
//  7. bikjang was enforced but never explained.

import { test } from "node:test";
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { BASE, launch, newPage, screenshot, clickSquare, waitForMoves, gameId, friendGame, playMove } from "../lib.js";

const FILE = fileURLToPath(new URL("../fixtures/explorer.pgn", import.meta.url)); // first game: 4 plies
const TEXT = '[Event "Pasted"]\n\n1. C2.5 H8+7 *\n'; // 2 plies

/// Plays `moves` (coordinates) on the analysis board with the mouse, from the tree's position.
async function playOnAnalysis(page, moves) {
  for (const mv of moves) {
    const before = await page.$$eval("#amoves .mv", (m) => m.length);
    // The board takes the position the server sends back for the last move: a piece picked
    // up before that answer is let go of when it comes.
    await page.waitForLoadState("networkidle");
    await clickSquare(page, "#aboard", mv.slice(0, 2));
    await clickSquare(page, "#aboard", mv.slice(2, 4));
    try {
      await page.waitForFunction((n) => document.querySelectorAll("#amoves .mv").length === n + 1, before);
    } catch (e) {
      await screenshot(page, `lost-move-${mv}`);
      const info = await page.evaluate(() => ({ y: scrollY, w: innerWidth, sel: document.querySelector("#aboard svg")?.outerHTML.match(/data-sq="(\w+)"[^>]*class="[^"]*sel/)?.[1], fen: document.querySelector("#afen")?.value }));
      throw new Error(`${mv} did not reach the tree (${JSON.stringify(info)}): ${e.message}`);
    }
  }
}

const treeMoves = (page) => page.$$eval("#amoves .mv", (m) => m.length);
const curPly = (page) => page.$eval("#amoves", (t) => t.querySelector(".mv.cur")?.dataset.ply ?? "0");

/// An analysis page at `width` px with a fresh profile, dialogs recorded and answered by `answer`.
async function analysisPage(browser, width, answer = "dismiss") {
  const page = await newPage(browser, { viewport: { width, height: 800 } });
  page.dialogs = [];
  page.on("dialog", (d) => { page.dialogs.push(d.message()); d[answer](); });
  await page.goto(`${BASE}/analysis`);
  await page.waitForSelector('#aboard [data-sq="h2"]');
  // The engine is not what these tests look at: off, so its lines do not redraw the board
  // between the two clicks of a move on a busy machine.
  await page.uncheck("#aengine");
  return page;
}

test("1. moves played on the analysis board do not scroll the page, at 1280 and 390 px", async () => {
  const browser = await launch();
  try {
    for (const width of [1280, 390]) {
      const page = await analysisPage(browser, width);
      // Enough moves that the tree scrolls on its own at either width.
      const moves = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "b0c2", "a9b9", "a0b0", "c6c5",
        "g3g4", "g6g5", "c3c4", "a6a5", "i3i4", "i6i5"];
      await page.evaluate(() => window.scrollTo(0, 0));
      for (const mv of moves) {
        const y = await page.evaluate(() => window.scrollY);
        await playOnAnalysis(page, [mv]);
        const after = await page.evaluate(() => window.scrollY);
        assert.equal(after, y, `${width} px: the page scrolled from ${y} to ${after} px after ${mv}`);
      }
      assert.equal(await treeMoves(page), moves.length, "every clicked move reached the tree");
      // The current move is in view inside the tree.
      const inView = await page.$eval("#amoves", (t) => {
        const b = t.getBoundingClientRect(), r = t.querySelector(".mv.cur").getBoundingClientRect();
        return r.top >= b.top - 1 && r.bottom <= b.bottom + 1;
      });
      assert.ok(inView, `${width} px: the current move is scrolled into view inside the tree`);
      await screenshot(page, `analysis-no-jump-${width}`);
      assert.deepEqual(page.problems, []);
    }
  } finally {
    await browser.close();
  }
});

test("2. switching the game on the analysis board asks before clearing it", async () => {
  const browser = await launch();
  try {
    const page = await analysisPage(browser, 1280, "dismiss");
    await playOnAnalysis(page, ["h2e2", "h9g7"]);
    await page.selectOption("#avariant", "janggi");
    assert.equal(page.dialogs.length, 1, "asked once");
    assert.match(page.dialogs[0], /Janggi/);
    assert.equal(await page.inputValue("#avariant"), "xiangqi", "declined: the game stays xiangqi");
    assert.equal(await treeMoves(page), 2, "declined: the moves stay");
    // Kept after a reload too (the cleared state was saved at once before).
    await page.reload();
    await page.waitForFunction(() => document.querySelectorAll("#amoves .mv").length === 2);
    // Accepted: janggi, empty.
    page.removeAllListeners("dialog");
    page.on("dialog", (d) => { page.dialogs.push(d.message()); d.accept(); });
    await page.selectOption("#avariant", "janggi");
    await page.waitForFunction(() => document.querySelectorAll("#amoves .mv").length === 0);
    assert.equal(await page.inputValue("#avariant"), "janggi");
    // An empty board switches without a question.
    const asked = page.dialogs.length;
    await page.selectOption("#avariant", "xiangqi");
    assert.equal(page.dialogs.length, asked);
    assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
  }
});

test("3 and 4. Load asks before replacing, and reads pasted text after a file", async () => {
  const browser = await launch();
  try {
    const page = await analysisPage(browser, 1280, "dismiss");
    await playOnAnalysis(page, ["h2e2", "h9g7", "h0g2"]);
    await page.click("#analysis summary");
    // 3: declined, the analysis stays.
    await page.fill("#arecord", TEXT);
    await page.click("#aload");
    await page.waitForFunction(() => true);
    for (let i = 0; i < 100 && page.dialogs.length === 0; i++) await page.waitForTimeout(50);
    assert.equal(page.dialogs.length, 1, "Load asked");
    assert.match(page.dialogs[0], /Replace/);
    assert.equal(await treeMoves(page), 3, "declined: the moves stay");
    // Accepted from here on.
    page.removeAllListeners("dialog");
    page.on("dialog", (d) => { page.dialogs.push(d.message()); d.accept(); });
    // 4: a file, then text typed after it: each Load reads what was given last.
    await page.setInputFiles("#afile", FILE);
    await page.click("#aload");
    await page.waitForFunction(() => document.querySelectorAll("#amoves > span.mv").length === 4);
    await page.fill("#arecord", "");
    await page.fill("#arecord", TEXT);
    await page.click("#aload");
    await page.waitForFunction(() => document.querySelectorAll("#amoves > span.mv").length === 2);
    assert.match(await page.textContent("#aheaders"), /Pasted/);
    // And a file chosen after text is read again.
    await page.setInputFiles("#afile", FILE);
    await page.click("#aload");
    await page.waitForFunction(() => document.querySelectorAll("#amoves > span.mv").length === 4);
    assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
  }
});

test("5. after moves played with the mouse, ← steps back every time and no keyboard cursor shows", async () => {
  const browser = await launch();
  try {
    const page = await analysisPage(browser, 1280);
    await playOnAnalysis(page, ["h2e2", "h9g7", "h0g2"]);
    assert.equal(await curPly(page), "3");
    // Each step waits for the board to be drawn again from the server's answer: that redraw
    // (which hands the focus on to the new drawing) is what used to show the cursor.
    for (const want of ["2", "1", "0"]) {
      await page.keyboard.press("ArrowLeft");
      await page.waitForFunction((w) => (document.querySelector("#amoves .mv.cur")?.dataset.ply ?? "0") === w, want);
      await page.waitForLoadState("networkidle");
    }
    // Read in one go in the page (a handle to the drawing could be replaced by the next one).
    const board = () => page.evaluate(() => {
      const svg = document.querySelector("#aboard svg");
      return { cursors: svg.querySelectorAll("rect.cursor").length, outline: getComputedStyle(svg).outlineStyle };
    });
    const seen = await board();
    assert.equal(seen.cursors, 0, "no keyboard cursor");
    assert.equal(seen.outline, "none", "no focus outline for a mouse player");
    for (const want of ["1", "2"]) {
      await page.keyboard.press("ArrowRight");
      await page.waitForFunction((w) => document.querySelector("#amoves .mv.cur")?.dataset.ply === w, want);
    }
    // A keyboard player still gets the cursor: Tab onto the board shows it, with its outline.
    await page.mouse.click(2, 2);
    let onBoard = false;
    for (let i = 0; i < 60 && !onBoard; i++) {
      await page.keyboard.press("Tab");
      onBoard = await page.evaluate(() => document.activeElement === document.querySelector("#aboard svg"));
    }
    assert.ok(onBoard, "Tab reaches the board");
    await page.waitForSelector("#aboard rect.cursor");
    assert.notEqual((await board()).outline, "none", "the keyboard's outline");
    assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
  }
});

test("6. a draw offer and a takeback request are said in the live region, and can be declined", async () => {
  const browser = await launch();
  try {
    const [red, black] = await friendGame(browser);
    assert.equal(await red.getAttribute("#announce", "aria-live"), "polite");
    await playMove(red, "h2e2", 1, [black]);
    await playMove(black, "h9g7", 2, [red]);
    await black.click("#takeback");
    await red.waitForFunction(() => /Black asks to take back a move/.test(document.querySelector("#announce").textContent));
    // Not said to the one who asked.
    assert.doesNotMatch(await black.textContent("#announce"), /asks to take back/);
    await red.click("#takeback"); // accepted: Black's move is taken back
    await waitForMoves(red, "#moves", 1);
    await black.click("#draw");
    await red.waitForFunction(() => /Black offers a draw/.test(document.querySelector("#announce").textContent));
    await screenshot(red, "offer-announced");
    // Declined (issue 42's "decline for draw offers and takebacks"): Black is told, the game goes on.
    assert.equal(await red.textContent("#decline"), "Decline draw");
    assert.ok(await black.isHidden("#decline"), "no decline button for one's own offer");
    await red.click("#decline");
    await black.waitForFunction(() => /Red declines your draw offer/.test(document.querySelector("#announce").textContent));
    await red.waitForSelector("#decline", { state: "hidden" });
    assert.match(await black.textContent("#draw"), /Offer draw/);
    // The end, said from each player's side, with a way to a new game.
    assert.ok(await red.isHidden("#newgame-box"));
    await black.click("#resign");
    await black.click("#resign-yes");
    await red.waitForFunction(() => /^You won\./.test(document.querySelector("#status").textContent));
    await black.waitForFunction(() => /^You lost\./.test(document.querySelector("#status").textContent));
    for (const p of [red, black]) assert.ok(await p.isVisible("#newgame"), "a New game link at the end");
    // The archive's rows open their game on a click anywhere (issue 42).
    const id = gameId(red);
    await red.goto(`${BASE}/archive`);
    const row = red.locator("#archive-rows tr", { has: red.locator(`a[href="/game/${id}"]`) });
    await Promise.all([red.waitForURL(new RegExp(`/game/${id}$`)), row.locator("td").nth(1).click()]);
    for (const p of [red, black]) assert.deepEqual(p.problems, []);
  } finally {
    await browser.close();
  }
});

test("7. facing generals (bikjang) are explained to the side that must break them", async () => {
  const browser = await launch();
  try {
    const [cho, han] = await friendGame(browser, { variant: "janggi" });
    // The centre soldiers step aside: the generals face each other on the e file.
    await playMove(cho, "e3d3", 1, [han]);
    await playMove(han, "e6d6", 2, [cho]);
    for (const p of [cho, han]) {
      await p.waitForFunction(() => /bikjang/.test(document.querySelector("#status").textContent));
      assert.match(await p.textContent("#status"), /generals face each other \(bikjang\): Cho must break it or pass/);
    }
    // A typed move that does not break it says why.
    await cho.fill("#move-text", "a3a4");
    await cho.press("#move-text", "Enter");
    await cho.waitForFunction(() => /bikjang/.test(document.querySelector("#move-problem").textContent));
    await screenshot(cho, "bikjang-explained");
    // Once broken, the sentence goes.
    await playMove(cho, "e1d1", 3, [han]);
    await cho.waitForFunction(() => !/bikjang/.test(document.querySelector("#status").textContent));
    for (const p of [cho, han]) assert.deepEqual(p.problems, []);
  } finally {
    await browser.close();
  }
});
