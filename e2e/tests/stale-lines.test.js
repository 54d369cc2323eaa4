// Bug 4 of issue 20: stale engine lines. After a move that ends the game the old lines stayed
// ("Red wins…" beside "+M1 …"); while editing the old lines and "thinking…" stayed; after an
// error "— thinking…" stayed.

import { test } from "node:test";
import assert from "node:assert/strict";
import { BASE, launch, newPage, screenshot, clickSquare } from "../lib.js";

// Red to move mates in one (a chariot to the last rank, the other holding rank 8).
const MATE_IN_ONE = "3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1";

const lineCount = (page) => page.$$eval("#alines li", (l) => l.length);
const hintArrows = (page) => page.$$eval('#aboard svg line[marker-end]', (l) => l.length);

test("engine lines go away with the position they belong to", async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser);
    await page.goto(`${BASE}/analysis?${new URLSearchParams({ fen: MATE_IN_ONE })}`);
    await page.waitForFunction(() => document.querySelectorAll("#alines li").length > 0);
    assert.match(await page.textContent("#alines"), /M1/);
    assert.equal(await hintArrows(page), 1, "the best move's arrow");

    // The mating move: the game is over there, so no line and no arrow may stay.
    await clickSquare(page, "#aboard", "b0");
    await clickSquare(page, "#aboard", "b9");
    await page.waitForFunction(() => /Red wins/.test(document.querySelector("#astatus").textContent));
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(await lineCount(page), 0, "no engine lines beside the result");
    assert.equal(await hintArrows(page), 0, "no best-move arrow beside the result");
    assert.doesNotMatch(await page.textContent("#astatus"), /thinking/);
    await screenshot(page, "stale-lines-mate");

    // Back one move: lines again. Then the editor: the lines and "thinking…" go.
    await page.keyboard.press("ArrowLeft");
    await page.waitForFunction(() => document.querySelectorAll("#alines li").length > 0);
    await page.click("#analysis summary");
    await page.click("#aedit");
    assert.equal(await lineCount(page), 0, "no engine lines while editing");
    assert.doesNotMatch(await page.textContent("#astatus"), /thinking/);
    assert.match(await page.textContent("#astatus"), /Editing/);
    assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
  }
});

test("an engine error leaves no 'thinking…' behind", async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser);
    // The engine's searches (not the quick look at the position) fail, as when it is busy.
    await page.route("**/api/analyse", async (route) => {
      const body = route.request().postDataJSON();
      if (body.millis > 0) {
        await route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ error: "the engine is busy (test)" }) });
      } else await route.continue();
    });
    await page.goto(`${BASE}/analysis?moves=h2e2`);
    await page.waitForFunction(() => document.querySelector("#amessage").textContent.includes("busy (test)"));
    assert.match(await page.textContent("#astatus"), /Black to move/);
    assert.doesNotMatch(await page.textContent("#astatus"), /thinking/);
    assert.equal(await lineCount(page), 0);
    await screenshot(page, "stale-lines-error");
  } finally {
    await browser.close();
  }
});
