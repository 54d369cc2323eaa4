// Bug 9 of issue 20: one rating pool for both games, so a janggi result moved the xiangqi
// rating. Each game now has its own ratings.

import { test } from "node:test";
import assert from "node:assert/strict";
import { BASE, launch, newPage, screenshot, gameId } from "../lib.js";

const rows = (page) => page.$$eval("#ratings-rows tr", (trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));

test("a rated janggi game moves janggi ratings only", async () => {
  const browser = await launch();
  try {
    // A rated janggi game between two named friends; Han resigns.
    const cho = await newPage(browser);
    cho.on("dialog", (d) => d.dismiss()); // none expected: resigning is asked in the page
    await cho.goto(`${BASE}/`);
    await cho.selectOption("#create select[name=variant]", "janggi");
    await cho.selectOption("#create select[name=mode]", "friend");
    await cho.fill("#create input[name=name]", "Janggi Kim");
    await cho.check("#create input[name=rated]");
    await cho.click("#create button[type=submit]");
    await cho.waitForURL(/\/game\/[A-Za-z0-9]+$/);
    const id = gameId(cho);
    const han = await newPage(browser);
    han.on("dialog", (d) => d.dismiss()); // none expected: resigning is asked in the page
    await han.goto(`${BASE}/game/${id}`);
    await han.fill("#join-name", "Janggi Lee");
    await han.click("#join");
    await han.waitForSelector("#resign:not([hidden])");
    await han.click("#resign");
    await han.click("#resign-yes"); // asked in the page
    await han.waitForFunction(() => /Cho wins/.test(document.querySelector("#status").textContent));

    // The xiangqi table does not know them; the janggi table does.
    const page = await newPage(browser);
    await page.goto(`${BASE}/ratings`);
    await new Promise((r) => setTimeout(r, 1000));
    assert.ok(!(await rows(page)).some((r) => /Janggi/.test(r[1])), "no janggi player in the xiangqi ratings");
    await page.selectOption("#rvariant", "janggi");
    await page.waitForFunction(() => document.querySelectorAll("#ratings-rows tr").length >= 2);
    const janggi = (await rows(page)).filter((r) => /Janggi/.test(r[1])).map((r) => [r[1], r[2], r[3]]);
    assert.deepEqual(janggi, [["Janggi Kim", "1516", "1"], ["Janggi Lee", "1484", "1"]]);
    assert.match(page.url(), /variant=janggi/);
    await screenshot(page, "ratings-janggi");
    for (const p of [cho, han, page]) assert.deepEqual(p.problems, []);
  } finally {
    await browser.close();
  }
});
