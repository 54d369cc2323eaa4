// Issue 20, "what players expect": sounds (off until turned on, made with Web Audio only after
// a user gesture, the choice kept), and the board's size and theme, kept and used on every
// page with a board.

import { test } from "node:test";
import assert from "node:assert/strict";
import { BASE, launch, newPage, screenshot, clickSquare, waitForMoves } from "../lib.js";

// Counts audio contexts made and tones started, by wrapping the browser's own Web Audio.
const COUNT_AUDIO = () => {
  window.__audio = { contexts: 0, tones: 0 };
  const Real = window.AudioContext;
  window.AudioContext = class extends Real { constructor(...a) { super(...a); window.__audio.contexts += 1; } };
  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (...a) { window.__audio.tones += 1; return start.apply(this, a); };
};

test("sounds: off by default, on by the toggle, kept after a reload", async () => {
  const browser = await launch();
  try {
    const red = await newPage(browser);
    await red.context().addInitScript(COUNT_AUDIO);
    await red.goto(`${BASE}/`);
    await red.selectOption("#create select[name=mode]", "friend");
    await red.click("#create button[type=submit]");
    await red.waitForURL(/\/game\/[A-Za-z0-9]+$/);
    const black = await newPage(browser);
    await black.goto(red.url());
    await black.click("#join");
    await black.waitForSelector('#board svg[data-flipped="true"]');

    assert.equal(await red.isChecked("#sound"), false, "off by default");
    await clickSquare(red, "#board", "h2");
    await clickSquare(red, "#board", "e2");
    await clickSquare(black, "#board", "h9");
    await clickSquare(black, "#board", "g7");
    await waitForMoves(red, "#moves", 2);
    assert.deepEqual(await red.evaluate(() => window.__audio), { contexts: 0, tones: 0 }, "no sound while off");

    await red.check("#sound");
    assert.equal(await red.evaluate(() => window.__audio.contexts), 1, "the toggle (a gesture) makes the context");
    await clickSquare(red, "#board", "h0");
    await clickSquare(red, "#board", "g2");
    await red.waitForFunction(() => window.__audio.tones === 1, null, { timeout: 5000 }); // a move: one tone
    await clickSquare(black, "#board", "i9");
    await clickSquare(black, "#board", "h9");
    await red.waitForFunction(() => window.__audio.tones === 2);
    await clickSquare(red, "#board", "e2");
    await clickSquare(red, "#board", "e6"); // takes a soldier: two tones
    await red.waitForFunction(() => window.__audio.tones === 4);

    // After a reload the toggle is still on, but no context is made before a gesture.
    await red.reload();
    await red.waitForSelector("#board svg");
    assert.equal(await red.isChecked("#sound"), true, "kept in localStorage");
    assert.equal(await red.evaluate(() => window.__audio.contexts), 0, "no audio before a gesture");
    await red.click("#status");
    assert.equal(await red.evaluate(() => window.__audio.contexts), 1, "a click allows it");
    for (const p of [red, black]) assert.deepEqual(p.problems, []);
  } finally {
    await browser.close();
  }
});

test("sounds for check and low time", async () => {
  const browser = await launch();
  try {
    const red = await newPage(browser);
    await red.context().addInitScript(COUNT_AUDIO);
    await red.goto(`${BASE}/`);
    // Twelve seconds each, from a position where Red checks at once (rook e1 to d1).
    const url = await red.evaluate(async () => {
      const r = await fetch("/api/games", {
        method: "POST", headers: { "content-type": "application/json" },
        body: JSON.stringify({ mode: "friend", fen: "3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1", base_secs: 12, increment_secs: 0 }),
      });
      const g = await r.json();
      localStorage.setItem(`chuhan:token:${g.id}`, g.token);
      localStorage.setItem("chuhan:sound", "on");
      return g.url;
    });
    await red.goto(`${BASE}${url}`);
    const black = await newPage(browser);
    await black.goto(red.url());
    await black.click("#join");
    await black.waitForSelector('#board svg[data-flipped="true"]');
    await red.click("#status"); // a gesture: sounds may play
    await clickSquare(red, "#board", "e1");
    await clickSquare(red, "#board", "d1");
    await red.waitForFunction(() => window.__audio.tones === 2); // check: two tones
    await clickSquare(black, "#board", "d9");
    await clickSquare(black, "#board", "e9");
    await red.waitForFunction(() => window.__audio.tones === 3); // a move: one
    // Red's clock runs from 12 s; under 10 s, two short beeps, once.
    await red.waitForSelector("#clock-bottom.low");
    await red.waitForFunction(() => window.__audio.tones === 5);
    await red.waitForTimeout(500);
    assert.equal(await red.evaluate(() => window.__audio.tones), 5, "low time sounds once");
    for (const p of [red, black]) assert.deepEqual(p.problems, []);
  } finally {
    await browser.close();
  }
});

test("board theme and size: kept, and used on the game page and the analysis board", async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser, { viewport: { width: 1280, height: 800 } });
    await page.goto(`${BASE}/`);
    await page.click("#create button[type=submit]");
    await page.waitForURL(/\/game\/[A-Za-z0-9]+$/);
    await page.waitForSelector('#board svg[data-theme="wood"]');
    const width = () => page.$eval("#board svg", (e) => e.getBoundingClientRect().width);
    assert.ok(await width() > 500, "medium by default");
    await page.selectOption("#board-settings select.theme", "plain");
    await page.waitForSelector('#board svg[data-theme="plain"]');
    assert.equal(await page.$eval("#board svg rect", (e) => e.getAttribute("fill")), "#ffffff");
    await page.selectOption("#board-settings select.size", "small");
    assert.ok(await width() <= 360, `small: ${await width()} px`);
    await screenshot(page, "game-plain-small");
    await page.selectOption("#board-settings select.size", "large");
    assert.ok(await width() > 600, `large: ${await width()} px`);

    // Another page with a board: the same choices.
    await page.goto(`${BASE}/analysis`);
    await page.waitForSelector('#aboard svg[data-theme="plain"]');
    assert.equal(await page.inputValue("#aboard-settings select.theme"), "plain");
    assert.equal(await page.inputValue("#aboard-settings select.size"), "large");
    await screenshot(page, "analysis-plain-large");
    await page.selectOption("#aboard-settings select.theme", "wood");
    await page.waitForSelector('#aboard svg[data-theme="wood"]');

    // A large board still fits a phone.
    const phone = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await phone.goto(`${BASE}/analysis`);
    await phone.evaluate(() => localStorage.setItem("chuhan:board-size", "large"));
    await phone.reload();
    await phone.waitForSelector("#aboard svg");
    assert.ok(await phone.evaluate(() => document.documentElement.scrollWidth) <= 390);
    for (const p of [page, phone]) assert.deepEqual(p.problems, []);
  } finally {
    await browser.close();
  }
});
