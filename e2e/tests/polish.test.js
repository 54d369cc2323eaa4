// Issue 20, bug 11: small things that look broken. A 24-character name wrapped the clock onto
// three lines on a phone; the status read "offers a draw.."; the best-move arrow had a blue
// shaft and a green head; lobby errors came in alert(); the fields of the other opponent type
// stayed in view; the editor's palette was below the fold at 1280×800 and the editor did not
// say what was wrong with the position until Done.

import { test } from "node:test";
import assert from "node:assert/strict";
import { BASE, launch, newPage, screenshot, clickSquare } from "../lib.js";

const visible = (page, sel) => page.$eval(sel, (e) => e.offsetParent !== null && !e.closest("[hidden]"));

test("a long name keeps the clock on one line on a phone; no double period in the status", async () => {
  const browser = await launch();
  try {
    const red = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await red.goto(`${BASE}/`);
    await red.selectOption("#create select[name=mode]", "friend");
    await red.fill("#create input[name=name]", "Abcdefghijklmnopqrstuvwx");
    await red.click("#create button[type=submit]");
    await red.waitForURL(/\/game\/[A-Za-z0-9]+$/);
    const black = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await black.goto(red.url());
    await black.fill("#join-name", "Zyxwvutsrqponmlkjihgfedc");
    await black.click("#join");
    await black.waitForSelector('#board svg[data-flipped="true"]');
    await red.waitForFunction(() => /Zyxwvut/.test(document.querySelector("#clock-top").textContent));
    for (const slot of ["#clock-top", "#clock-bottom"]) {
      const h = await red.$eval(slot, (e) => e.getBoundingClientRect().height);
      assert.ok(h < 50, `${slot} is ${h} px high: one line`);
    }
    assert.ok(await red.evaluate(() => document.documentElement.scrollWidth) <= 390);
    await screenshot(red, "phone-game-long-names");

    // A draw offer before the first moves: one period between the sentences.
    await red.click("#draw");
    await black.waitForFunction(() => /offers a draw/.test(document.querySelector("#status").textContent));
    const status = await black.textContent("#status");
    assert.doesNotMatch(status, /\.\./, status);
    for (const p of [red, black]) assert.deepEqual(p.problems, []);
  } finally {
    await browser.close();
  }
});

test("lobby: errors in the page, only the fields that apply", async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser, { viewport: { width: 1280, height: 800 } });
    const dialogs = [];
    page.on("dialog", (d) => { dialogs.push(d.message()); d.dismiss(); });
    await page.goto(`${BASE}/`);
    await page.selectOption("#create select[name=mode]", "engine");
    assert.ok(await visible(page, "#create input[name=level]"), "the engine's level");
    assert.ok(!(await visible(page, "#create input[name=rated]")), "no rating against the engine");
    await page.selectOption("#create select[name=mode]", "friend");
    assert.ok(!(await visible(page, "#create input[name=level]")), "no engine level in a friend game");
    assert.ok(await visible(page, "#create input[name=rated]"));
    await page.selectOption("#create select[name=clock]", "none");
    assert.ok(!(await visible(page, "#create input[name=minutes]")), "no minutes without a clock");
    // A quick button sets the clock fields.
    await page.click('#quick button[data-tc="3+2"]');
    assert.equal(await page.inputValue("#create input[name=minutes]"), "3");
    assert.equal(await page.inputValue("#create input[name=increment]"), "2");
    assert.ok(await visible(page, "#create input[name=minutes]"));
    assert.ok(!(await visible(page, "#create input[name=period]")), "no byo-yomi period without periods");
    await page.fill("#create input[name=periods]", "3");
    assert.ok(await visible(page, "#create input[name=period]"));
    await page.fill("#create input[name=periods]", "0");
    await screenshot(page, "lobby-1280");

    await page.fill("#create input[name=fen]", "not a fen");
    await page.click("#create button[type=submit]");
    await page.waitForFunction(() => /fen/i.test(document.querySelector("#lobby-message")?.textContent || ""));
    assert.deepEqual(dialogs, [], "no alert()");
    assert.equal(new URL(page.url()).pathname, "/");
    assert.deepEqual(page.problems.filter((p) => !/HTTP 400|status of 400/.test(p)), []);
  } finally {
    await browser.close();
  }
});

test("analysis: one colour for the best-move arrow; the editor in view, checking as it goes", async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser, { viewport: { width: 1280, height: 800 } });
    await page.goto(`${BASE}/analysis`);
    const arrow = await page.waitForFunction(() => {
      const l = document.querySelector("#aboard svg line[marker-end]");
      const m = l && document.getElementById(l.getAttribute("marker-end").match(/#([^)]+)/)[1]);
      return m && [l.getAttribute("stroke"), m.querySelector("path").getAttribute("fill")];
    });
    const [shaft, head] = await arrow.jsonValue();
    assert.equal(shaft, head, "the arrow's shaft and head");

    await page.click("#analysis summary");
    await page.click("#aedit");
    await page.evaluate(() => window.scrollTo(0, 0));
    const box = await page.$eval("#palette", (p) => { const r = p.getBoundingClientRect(); return { top: r.top, bottom: r.bottom }; });
    assert.ok(box.bottom <= 800 && box.top >= 0, `the palette at ${box.top}–${box.bottom} px, in a 800 px window`);
    await screenshot(page, "editor-1280");

    // Taking Black's general off: the editor says so at once.
    await page.click("#palette button[title=Erase]");
    await clickSquare(page, "#aboard", "e9");
    await page.waitForFunction(() => /general/i.test(document.querySelector("#eproblem")?.textContent || ""));
    // Putting it back: the problem goes.
    await page.click('#palette button[title="Black general"]');
    await clickSquare(page, "#aboard", "e9");
    await page.waitForFunction(() => (document.querySelector("#eproblem")?.textContent || "") === "");
    assert.deepEqual(page.problems, [], "a position with a problem is an answer, not a failed request");
  } finally {
    await browser.close();
  }
});
