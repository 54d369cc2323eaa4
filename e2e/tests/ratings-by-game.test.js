// Bug 9 of issue 20: one rating pool for both games, so a janggi result moved the xiangqi
// rating. Each game now has its own ratings, and each speed (docs/accounts.md): a rated janggi
// game between two accounts moves their janggi ratings at its speed only.

import { test } from "node:test";
import assert from "node:assert/strict";
import { BASE, launch, newPage, screenshot, gameId, playMove, signUp } from "../lib.js";

const rows = (page) => page.$$eval("#ratings-rows tr", (trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));
const TAG = Math.random().toString(36).slice(2, 7);

test("a rated janggi game moves janggi ratings only", async () => {
  const browser = await launch();
  try {
    // A rated janggi game between two accounts (the lobby's 10+5: rapid); Han resigns once
    // both sides have moved (a game ended before that is aborted, not rated).
    const kim = `Kim_${TAG}`, lee = `Lee_${TAG}`;
    const cho = await newPage(browser);
    cho.on("dialog", (d) => d.dismiss()); // none expected: resigning is asked in the page
    await signUp(cho, kim);
    await cho.selectOption("#create select[name=variant]", "janggi");
    await cho.selectOption("#create select[name=mode]", "friend");
    await cho.check("#create input[name=rated]");
    await cho.click("#create button[type=submit]");
    await cho.waitForURL(/\/game\/[A-Za-z0-9]+$/);
    const id = gameId(cho);
    const han = await newPage(browser);
    han.on("dialog", (d) => d.dismiss());
    await signUp(han, lee, `/game/${id}`);
    await han.click("#join");
    await han.waitForSelector("#resign:not([hidden])");
    await playMove(cho, "a3b3", 1, [han]);
    await playMove(han, "a6b6", 2, [cho]);
    await han.click("#resign");
    await han.click("#resign-yes"); // asked in the page
    await han.waitForFunction(() => /Cho wins/.test(document.querySelector("#status").textContent));

    // The xiangqi table does not know them; the janggi table at their speed does, each name
    // a link to the profile.
    const page = await newPage(browser);
    await page.goto(`${BASE}/ratings?variant=xiangqi&speed=rapid`);
    await page.waitForLoadState("networkidle");
    assert.ok(!(await rows(page)).some((r) => r[1] === kim || r[1] === lee), "no janggi player in the xiangqi ratings");
    await page.selectOption("#rvariant", "janggi");
    await page.waitForFunction((n) => [...document.querySelectorAll("#ratings-rows tr")].some((tr) => tr.textContent.includes(n)), lee);
    const janggi = (await rows(page)).filter((r) => r[1] === kim || r[1] === lee);
    assert.deepEqual(janggi.map((r) => [r[1], r[3], r[4], r[6]]), [[kim, "1", "1", "0"], [lee, "1", "0", "1"]]);
    assert.ok(parseFloat(janggi[0][2]) > 1500 && parseFloat(janggi[1][2]) < 1500, JSON.stringify(janggi));
    assert.match(janggi[0][2], /\?$/, "provisional after one game");
    assert.match(page.url(), /variant=janggi&speed=rapid/);
    assert.equal(await page.getAttribute(`#ratings-rows a[href="/@/${kim}"]`, "href"), `/@/${kim}`);
    await page.selectOption("#rspeed", "blitz");
    await page.waitForSelector("#ratings-empty:not([hidden])");
    await screenshot(page, "ratings-janggi");
    for (const p of [cho, han, page]) assert.deepEqual(p.problems, []);
  } finally {
    await browser.close();
  }
});
