// Issue 43: game review. A short friend game is played to its end, "Review" on the game page
// takes the player to the analysis board, which asks the server, shows its progress, then the
// accuracies and the marks on the graph; a mark shows the better move as an arrow and its line;
// a reload (or another visitor) sees the saved review at once. At 390 and 1280 px, without
// sideways scrolling. (scripts/e2e-web.sh gives the server --review-nodes 300, so that a debug
// build reviews quickly.)

import { test } from "node:test";
import assert from "node:assert/strict";
import { BASE, launch, newPage, screenshot, friendGame, playMove, gameId } from "../lib.js";

// Red's cannon takes a soldier where Black's horse takes it back: a marked move.
const LINE = ["h2e2", "h9g7", "e2e6", "g7e6"];

const noSideways = (page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

for (const width of [390, 1280]) {
  test(`a finished game is reviewed: progress, accuracies, marks, the better move; saved (${width} px)`, async () => {
    const browser = await launch();
    try {
      const viewport = { width, height: width < 500 ? 844 : 900 };
      const [red, black] = await friendGame(browser, { page: { viewport } });
      const id = gameId(red);
      for (let i = 0; i < LINE.length; i++) await playMove(i % 2 ? black : red, LINE[i], i + 1, [i % 2 ? red : black]);
      assert.equal(await red.isHidden("#review-box"), true, "no Review during the game");
      await red.click("#resign");
      await red.click("#resign-yes");
      await red.waitForSelector("#review-box:not([hidden])");
      await screenshot(red, `review-game-end-${width}`);
      await red.click("#review");
      await red.waitForURL(/\/analysis\?.*review=1/);
      // The progress (the bar and its words) while it runs, then the result.
      await red.waitForFunction(() => /Reviewing|Waiting|Asking/.test(document.querySelector("#areviewnote").textContent) || !document.querySelector("#aaccuracy").hidden);
      await red.waitForSelector("#aaccuracy:not([hidden])");
      assert.equal(await red.isHidden("#areviewcancel"), true, "no Cancel once done");
      const acc = await red.textContent("#aaccuracy");
      assert.match(acc, /Red: accuracy \d+(\.\d)?%/);
      assert.match(acc, /Black: accuracy \d+(\.\d)?%/);
      // The graph: a zero line, an axis, and the marks as coloured points with their words.
      await red.waitForSelector("#agraph svg line.zero", { state: "attached" });
      assert.ok(await red.$("#agraph svg line.axis"));
      const points = await red.$$eval("#agraph circle.mark", (cs) => cs.map((c) => [c.getAttribute("class"), c.getAttribute("aria-label")]));
      assert.ok(points.length >= 1, "a marked move on the graph");
      assert.ok(points.every(([cls, label]) => /mark (blunder|mistake|inaccuracy)/.test(cls) && /^(Blunder|Mistake|Inaccuracy): /.test(label)), JSON.stringify(points));
      const marks = await red.$$eval("#amarks button", (bs) => bs.map((b) => b.textContent));
      assert.ok(marks.some((t) => /^2\. .*\?\??( |$)/.test(t) || /^2\. .*(blunder|mistake)/.test(t)), JSON.stringify(marks));
      await screenshot(red, `review-done-${width}`);
      assert.ok(await noSideways(red), "no sideways scroll");

      // A mark: the position before the move, the better move as an arrow, its line in words.
      await red.click("#amarks button >> nth=0");
      await red.waitForSelector('#aboard line[stroke="#2a6"]');
      await red.waitForSelector("#abetter:not([hidden])");
      assert.match(await red.textContent("#abetter"), /Better:/);
      assert.ok(await red.$$eval("#abetter .pvmove", (s) => s.length) >= 1, "the better line, playable");
      // The mover's piece still on its square: the board shows the position before the move
      // (waited for: the board is drawn again after the click, later than the words on a busy
      // machine).
      await red.waitForSelector('#aboard [data-sq="e2"][data-piece="0C"]', { timeout: 10_000 });
      await screenshot(red, `review-mark-${width}`);
      assert.ok(await noSideways(red), "no sideways scroll with the better line shown");

      // Another visitor (a fresh browser context) sees the saved review at once.
      const other = await newPage(browser, { viewport });
      await other.goto(`${BASE}/analysis?${new URLSearchParams({ variant: "xiangqi", moves: LINE.join(" "), game: id })}`);
      await other.waitForSelector("#aaccuracy:not([hidden])");
      assert.equal(await other.textContent("#aaccuracy"), acc);
      assert.ok(await other.$("#agraph circle.mark"));
      // And a reload of the reviewing page.
      await red.reload();
      await red.waitForSelector("#aaccuracy:not([hidden])");
      assert.equal(await red.textContent("#aaccuracy"), acc);
      for (const p of [red, black, other]) assert.deepEqual(p.problems, [], "no script errors or failed requests");
    } finally {
      await browser.close();
    }
  });
}

test("the analysis board reviews any line it holds, and keeps the review with the analysis", async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await page.goto(`${BASE}/analysis?${new URLSearchParams({ variant: "xiangqi", moves: LINE.join(" ") })}`);
    await page.waitForFunction(() => document.querySelectorAll("#amoves .mv").length >= 4);
    await page.click("#areviewbtn");
    await page.waitForSelector("#aaccuracy:not([hidden])");
    assert.ok(await page.$("#agraph circle.mark"));
    // Kept with this analysis: a reload shows it without asking again.
    await page.reload();
    await page.waitForSelector("#aaccuracy:not([hidden])");
    assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
  }
});
