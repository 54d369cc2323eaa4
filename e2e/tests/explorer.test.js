// The game database in the browser (`chuhan serve --games-db`): scripts/e2e-web.sh imports the
// four games of e2e/fixtures/explorer.pgn. The explorer panel on the analysis board (click a
// move, the counts follow; open a game with its names and result), and the database page
// (search, open, import).

import { test } from "node:test";
import assert from "node:assert/strict";
import { BASE, launch, newPage, screenshot } from "../lib.js";

const FIXTURE = new URL("../fixtures/explorer.pgn", import.meta.url).pathname;

const firstRow = (page) => page.$$eval("#xmoves tr", (rows) => rows.map((r) => [...r.querySelectorAll("td")].slice(0, 2).map((td) => td.textContent)));

test("the explorer panel follows the moves clicked in it and opens its games", async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser);
    page.on("dialog", (d) => d.accept());
    await page.goto(`${BASE}/analysis`);
    await page.waitForSelector("#explorer:not([hidden])");
    await page.waitForFunction(() => /^4 games/.test(document.querySelector("#xsummary").textContent));
    assert.deepEqual(await firstRow(page), [["C2.5", "3"], ["P7+1", "1"]]);
    // The bars: 1 won, 1 drawn, 1 lost of the central cannon's three games.
    const widths = await page.$$eval("#xmoves tr:first-child .wdl span", (s) => s.map((x) => x.style.width));
    assert.deepEqual(widths, ["33%", "33%", "33%"]);
    // Click the central cannon: it is played on the board, and the counts are the new position's.
    await page.click('#xmoves a[data-mv="h2e2"]');
    await page.waitForFunction(() => /^3 games/.test(document.querySelector("#xsummary").textContent));
    assert.deepEqual(await firstRow(page), [["H8+7", "2"], ["C8.5", "1"]]);
    await page.waitForFunction(() => document.querySelector("#amoves span.mv.cur")?.textContent.includes("C2.5"));
    assert.match(await page.textContent("#aopening"), /\S/, "the opening is named");
    await page.click('#xmoves a[data-mv="h9g7"]');
    await page.waitForFunction(() => /^2 games/.test(document.querySelector("#xsummary").textContent));
    await screenshot(page, "explorer");
    // A best-known game opens on the board with its players and result.
    const games = await page.$$eval("#xgames a.xgame", (a) => a.map((x) => x.textContent));
    assert.equal(games.length, 2);
    await page.click("#xgames a.xgame >> text=Alpha – Beta");
    await page.waitForFunction(() => /Red: Alpha/.test(document.querySelector("#aheaders").textContent));
    assert.match(await page.textContent("#aheaders"), /Black: Beta.*Result: 1-0/);
    await page.waitForFunction(() => document.querySelectorAll("#amoves > span.mv").length === 4);
    assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
  }
});

test("the database page searches, opens a game and imports a collection", async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser);
    await page.goto(`${BASE}/database`);
    await page.waitForFunction(() => /^4 games in the database/.test(document.querySelector("#dbstatus").textContent));
    await page.waitForFunction(() => document.querySelectorAll("#dbrows tr").length === 4);
    assert.equal(await page.textContent("#dbpage"), "Games 1–4 of 4");
    assert.ok(await page.isHidden("#dbnext") && await page.isHidden("#dbprev"), "one page: no paging buttons");
    await page.fill('#dbsearch input[name="player"]', "Alpha");
    await page.click("#dbgo");
    await page.waitForFunction(() => document.querySelectorAll("#dbrows tr").length === 2);
    assert.equal(await page.textContent("#dbpage"), "Games 1–2 of 2");
    await page.selectOption('#dbsearch select[name="result"]', "0-1");
    await page.click("#dbgo");
    await page.waitForFunction(() => document.querySelectorAll("#dbrows tr").length === 1);
    assert.match(await page.textContent("#dbrows tr"), /Gamma.*Alpha.*0-1.*Test Cup/);
    // Import the same collection: every game is already there.
    await page.setInputFiles("#dbfile", FIXTURE);
    await page.click("#dbimport");
    await page.waitForFunction(() => /explorer\.pgn: 0 imported, 4 already there, 0 could not be read/.test(document.querySelector("#dbreport").textContent));
    await screenshot(page, "database");
    // Open the game on the analysis board: a click anywhere on its row (issue 42), the row's
    // "Open" link staying for keyboards.
    assert.equal(await page.$$eval("#dbrows a.dbopen", (a) => a.length), 1);
    await Promise.all([page.waitForURL(/\/analysis\?dbgame=/), page.click("#dbrows tr td:nth-child(2)")]);
    await page.waitForFunction(() => /Red: Gamma/.test(document.querySelector("#aheaders").textContent));
    assert.match(await page.textContent("#aheaders"), /Black: Alpha.*Result: 0-1/);
    assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
  }
});
