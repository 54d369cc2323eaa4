// Issue 20: the engine's lines on the analysis board are clickable (a line, or a move within it,
// is played onto the move tree), and the evaluation graph of the main line goes to a move when
// one of its points is clicked.

import { test } from "node:test";
import assert from "node:assert/strict";
import { BASE, launch, newPage, screenshot } from "../lib.js";

const curPly = (page) => page.$eval("#amoves span.mv.cur", (s) => Number(s.dataset.ply)).catch(() => 0);
/// The engine has finished with the position shown (lines drawn, no "thinking…").
const settled = (page) => page.waitForFunction(() =>
  document.querySelectorAll("#alines li").length > 0 && !/thinking/.test(document.querySelector("#astatus").textContent));

test("a click on an engine line plays it onto the move tree", async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser);
    await page.goto(`${BASE}/analysis?moves=h2e2`);
    await settled(page);
    const fen1 = await page.$eval("#alines", (e) => e.dataset.fen);
    assert.ok(fen1, "the lines name their position");
    const line1 = await page.$$eval("#alines li:nth-child(1) .pvmove", (s) => s.map((x) => x.textContent));
    assert.ok(line1.length >= 2, `a line of two moves or more: ${line1}`);
    // The second move of the best line: both its moves are played, the board is after them.
    await page.click("#alines li:nth-child(1) .pvmove:nth-of-type(2)");
    await page.waitForFunction(() => document.querySelector("#amoves span.mv.cur")?.dataset.ply === "3");
    const main = await page.$$eval("#amoves > span.mv", (s) => s.map((x) => x.textContent));
    assert.equal(main.length, 3);
    assert.ok(main[1].endsWith(line1[0]) && main[2].endsWith(line1[1]), `${main} after ${line1}`);

    // Back to the first move: the second-best line's first move is another move than the one
    // played, so a click on its score plays the whole line as a variation; the main line stays.
    await page.click("#aback");
    await page.click("#aback");
    await page.waitForFunction(() => document.querySelector("#amoves span.mv.cur")?.dataset.ply === "1");
    // The lines of this position again (not the ones left from the position two moves on),
    // and among them one that starts with another move than the one played: a search's order
    // of the lines may differ from the first search's.
    await page.waitForFunction((f) => document.querySelector("#alines").dataset.fen === f
      && document.querySelectorAll("#alines li").length > 1
      && !/thinking/.test(document.querySelector("#astatus").textContent), fen1);
    const lines = await page.$$eval("#alines li", (ls) => ls.map((l) => [...l.querySelectorAll(".pvmove")].map((x) => x.textContent)));
    const k = lines.findIndex((l) => l[0] !== line1[0]);
    assert.ok(k >= 0, `a line that starts with another move than ${line1[0]}: ${JSON.stringify(lines)}`);
    const line2 = lines[k];
    await page.click(`#alines li:nth-child(${k + 1}) b`);
    await page.waitForFunction((n) => Number(document.querySelector("#amoves span.mv.cur")?.dataset.ply) === n, 1 + line2.length);
    assert.equal(await page.$$eval("#amoves > span.mv", (s) => s.length), 3, "the main line is untouched");
    const variation = await page.$$eval("#amoves > span.var span.mv", (s) => s.map((x) => x.textContent));
    assert.equal(variation.length, line2.length);
    assert.ok(variation[0].endsWith(line2[0]), `${variation} from ${line2}`);
    assert.equal(await curPly(page), 1 + line2.length);
    await screenshot(page, "engine-lines-played");
    assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
  }
});

test("the evaluation graph has a point per position of the main line and goes to a move", async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser);
    // A blunder on move 3: the cannon takes the central soldier where Black's horse on g7
    // takes it back. The graph must show Red's fall.
    await page.goto(`${BASE}/analysis?moves=h2e2,h9g7,e2e6`);
    await page.waitForSelector("#amoves span.mv.cur");
    await page.click("#agraphbtn");
    await page.waitForFunction(() => /depth/.test(document.querySelector("#agraphnote").textContent));
    const points = await page.$$eval("#agraph circle", (c) => c.map((x) => ({ ply: Number(x.dataset.ply), y: Number(x.getAttribute("cy")), title: x.textContent })));
    assert.deepEqual(points.map((p) => p.ply), [0, 1, 2, 3]);
    assert.ok(points.every((p) => /[+-]\d|M\d|0\.00/.test(p.title)), JSON.stringify(points));
    assert.ok(points[3].y > points[2].y + 5, `Red lower after the blunder: ${JSON.stringify(points)}`);
    // The last move is shown (the address's moves): its point is marked.
    assert.equal(await page.$eval("#agraph circle.cur", (c) => c.dataset.ply), "3");
    await page.click('#agraph circle[data-ply="1"]');
    await page.waitForFunction(() => document.querySelector("#amoves span.mv.cur")?.dataset.ply === "1");
    assert.equal(await page.$eval("#agraph circle.cur", (c) => c.dataset.ply), "1");
    await page.click('#agraph circle[data-ply="0"]');
    await page.waitForFunction(() => !document.querySelector("#amoves span.mv.cur"));
    await screenshot(page, "engine-graph");
    // Cutting the main line takes the graph away (its points would lead nowhere).
    await page.click('#agraph circle[data-ply="2"]');
    await page.waitForFunction(() => document.querySelector("#amoves span.mv.cur")?.dataset.ply === "2");
    await page.click("#acut");
    await page.waitForFunction(() => document.querySelectorAll("#agraph circle").length === 0);
    assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
  }
});
