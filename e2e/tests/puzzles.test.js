// The puzzle page (/puzzles), on the set of e2e/fixtures/puzzles.jsonl (scripts/e2e-web.sh
// starts the server with --puzzles): a puzzle solved and one failed (the wrong move shown,
// then the solution), a janggi puzzle whose reply comes by itself, a streak that ends at a
// wrong move, and the page on a phone. Each test has its own browser context, so its own
// guest rating in localStorage, starting at 1500.

import { test } from "node:test";
import assert from "node:assert/strict";
import { BASE, clickSquare, launch, newPage, screenshot, signUp } from "../lib.js";

/// Opens /puzzles and picks filters; waits for the puzzle `id` on the board.
async function open(page, { variant = "", theme = "", streak = false }, id) {
  await page.goto(`${BASE}/puzzles`);
  await page.waitForSelector("#pboard svg");
  if (variant) await page.selectOption("#pvariant", variant);
  if (theme) await page.selectOption("#ptheme", theme);
  if (streak) await page.check("#pstreak");
  // Each filter asks for a puzzle: the last answer is the one to play (an earlier one may show
  // the same puzzle first, then be replaced by it).
  await page.waitForLoadState("networkidle");
  await page.waitForSelector(`#pboard[data-puzzle="${id}"] svg`);
}

async function play(page, mv) {
  await clickSquare(page, "#pboard", mv.slice(0, 2));
  await clickSquare(page, "#pboard", mv.slice(2, 4));
}

async function statusIs(page, re) {
  await page.waitForFunction((src) => new RegExp(src).test(document.querySelector("#pstatus").textContent), re.source);
}

/// The rating changes shown after the attempt: the player's and the puzzle's.
async function changes(page) {
  await page.waitForSelector("#pplayer");
  return page.evaluate(() => ({
    player: Number(document.querySelector("#pplayer").dataset.change),
    puzzle: Number(document.querySelector("#ppuzzle").dataset.change),
    text: document.querySelector("#presult").textContent,
  }));
}

test("a puzzle solved raises the player's rating and lowers the puzzle's", async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser);
    await open(page, { theme: "flying-general" }, "e2e-solve");
    assert.match(await page.textContent("#pinfo"), /Flying general/);
    await play(page, "f6d6");
    await statusIs(page, /^Solved!/);
    const c = await changes(page);
    assert.ok(c.player > 0 && c.puzzle < 0, JSON.stringify(c));
    assert.match(c.text, /Your rating: 1\d{3} \(\+\d+\)/);
    // The guest's rating is kept in the browser, and shown.
    const kept = await page.evaluate(() => JSON.parse(localStorage.getItem("chuhan:puzzle-rating")));
    assert.ok(kept.rating > 1500, JSON.stringify(kept));
    assert.match(await page.textContent("#prating"), /Your puzzle rating/);
    await screenshot(page, "puzzle-solved");
    assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
  }
});

test("a puzzle solved by keyboard: Tab to the board, arrow keys, Enter", async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser);
    await open(page, { theme: "flying-general" }, "e2e-solve");
    // Tab from the header's last link reaches the board; the cursor starts on Red's general (e1).
    await page.focus("#account-box a:last-child");
    await page.keyboard.press("Tab");
    await page.waitForSelector('#pboard .cursor[data-sq="e1"]');
    for (const k of ["ArrowRight", "ArrowUp", "ArrowUp", "ArrowUp", "ArrowUp", "ArrowUp", "Enter"]) await page.keyboard.press(k);
    for (const k of ["ArrowLeft", "ArrowLeft", "Enter"]) await page.keyboard.press(k);
    await statusIs(page, /^Solved!/);
    assert.ok((await changes(page)).player > 0);
    assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
  }
});

test("a logged-in player's puzzle rating is the account's, kept by the server", async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser);
    await signUp(page, `puzz${Date.now() % 1000000}`, "/puzzles");
    await open(page, { theme: "flying-general" }, "e2e-solve");
    await page.waitForFunction(() => /^Your puzzle rating: 1500$/.test(document.querySelector("#prating").textContent));
    await play(page, "f6d6");
    await statusIs(page, /^Solved!/);
    const c = await changes(page);
    assert.ok(c.player > 0, JSON.stringify(c));
    // Nothing kept in the browser: the server has it, and says so after a reload.
    assert.equal(await page.evaluate(() => localStorage.getItem("chuhan:puzzle-rating")), null);
    await page.reload();
    await page.waitForFunction(() => /^Your puzzle rating: 1[5-9]\d\d$/.test(document.querySelector("#prating").textContent)
      && !document.querySelector("#prating").textContent.endsWith("1500"));
    assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
  }
});

test("a wrong move is shown, then the solution, and the rating goes down", async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser);
    await open(page, { variant: "xiangqi", theme: "mate-in-2" }, "e2e-fail");
    await play(page, "b0b9"); // a check, but not the quiet d2d8
    await statusIs(page, /^Wrong move: b0b9/);
    assert.equal(await page.getAttribute("#pboard", "data-wrong"), "b0b9");
    assert.ok(await page.$("#pboard.wrong"));
    // The wrong move is on the board: the chariot stands on b9.
    assert.equal(await page.getAttribute('#pboard [data-sq="b9"]', "data-piece"), "0R");
    const c = await changes(page);
    assert.ok(c.player < 0 && c.puzzle > 0, JSON.stringify(c));
    await screenshot(page, "puzzle-wrong");
    await page.click("#psolution");
    await statusIs(page, /^Solution shown/);
    // The solution played out: the chariots on d8 and b9, the general driven to f9.
    assert.equal(await page.getAttribute('#pboard [data-sq="d8"]', "data-piece"), "0R");
    assert.equal(await page.getAttribute('#pboard [data-sq="b9"]', "data-piece"), "0R");
    assert.equal(await page.getAttribute('#pboard [data-sq="f9"]', "data-piece"), "1K");
    assert.equal(await page.$('#pboard [data-sq="b0"].pt'), null);
    assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
  }
});

test("a janggi puzzle: the opponent's reply comes by itself", async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser);
    await open(page, { variant: "janggi" }, "e2e-janggi");
    assert.match(await page.textContent("#pinfo"), /Janggi/);
    await play(page, "d4d9");
    // Han's general steps to f8 on its own, then it is Cho's move again.
    await page.waitForSelector('#pboard [data-sq="f8"][data-piece="1K"]');
    await statusIs(page, /Cho to move/);
    await play(page, "b8d7");
    await statusIs(page, /^Solved!/);
    const c = await changes(page);
    assert.ok(c.player > 0, JSON.stringify(c));
    await screenshot(page, "puzzle-janggi");
    assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
  }
});

test("a streak rises in rating and ends at the first wrong move; the best is kept", async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser);
    await open(page, { variant: "xiangqi", theme: "mate-in-1", streak: true }, "e2e-streak-1");
    await play(page, "e5d5");
    await statusIs(page, /^Solved!/);
    assert.match(await page.textContent("#pstreakinfo"), /Streak: 1 · best 1/);
    await page.click("#pnext");
    await page.waitForSelector('#pboard[data-puzzle="e2e-streak-2"] svg');
    await play(page, "d4d9"); // not the mate
    await statusIs(page, /Streak over: 1 solved/);
    assert.match(await page.textContent("#pstreakinfo"), /Streak: 0 · best 1/);
    assert.equal(await page.evaluate(() => localStorage.getItem("chuhan:puzzle-streak-best")), "1");
    await screenshot(page, "puzzle-streak-over");
    assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
  }
});

test("the puzzle page fits a 390 px phone and a 1280 px screen", async () => {
  const browser = await launch();
  try {
    for (const width of [390, 1280]) {
      const page = await newPage(browser, { viewport: { width, height: 844 } });
      await open(page, { variant: "janggi" }, "e2e-janggi");
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(scroll <= width, `/puzzles is ${scroll} px wide on a ${width} px screen`);
      const board = await page.evaluate(() => document.querySelector("#pboard svg").getBoundingClientRect().width);
      assert.ok(board > 300 && board <= width, `the board is ${board} px wide`);
      assert.ok(await page.isVisible('header a[href="/puzzles"]'));
      await screenshot(page, `puzzles-${width}`);
      assert.deepEqual(page.problems, []);
    }
  } finally {
    await browser.close();
  }
});
