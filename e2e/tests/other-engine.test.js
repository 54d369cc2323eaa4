// The analysis board with another engine (`chuhan serve --engine`): scripts/e2e-web.sh starts
// the server with the scripted fake engine of chuhan-cli's tests as "Fake" (fixed lines at the
// start: depth 17, +0.77, C2.5 H8+7) and one that crashes on `go` as "Broken".

import { test } from "node:test";
import assert from "node:assert/strict";
import { BASE, launch, newPage, screenshot } from "../lib.js";

test("the analysis board's lines come from the engine chosen in its selector", async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser);
    await page.goto(`${BASE}/analysis`);
    await page.waitForSelector('#aboard [data-sq="h2"]');
    // Chuhan's own engine is the default; the selector lists the configured ones.
    await page.waitForSelector("#aenginename:not([hidden])");
    const options = await page.$$eval("#aenginename option", (os) => os.map((o) => o.value));
    assert.deepEqual(options, ["chuhan", "Fake", "Broken"]);
    assert.equal(await page.inputValue("#aenginename"), "chuhan");
    await page.selectOption("#aenginename", "Fake");
    await page.waitForFunction(() => /d17/.test(document.querySelector("#alines li")?.textContent || ""));
    const first = await page.textContent("#alines li");
    assert.match(first, /^\+0\.77 d17 C2\.5 H8\+7$/);
    await screenshot(page, "analysis-other-engine");
    // A broken engine: its failure is said, and no lines of another engine stay.
    await page.selectOption("#aenginename", "Broken");
    await page.waitForFunction(() => /Broken crashed/.test(document.querySelector("#amessage").textContent));
    assert.equal(await page.$$eval("#alines li", (li) => li.length), 0);
    // The choice is kept for the next visit.
    await page.selectOption("#aenginename", "Fake");
    await page.waitForFunction(() => /d17/.test(document.querySelector("#alines li")?.textContent || ""));
    await page.reload();
    await page.waitForFunction(() => /d17/.test(document.querySelector("#alines li")?.textContent || ""));
    assert.equal(await page.inputValue("#aenginename"), "Fake");
    // The crash's 502 was expected; nothing else failed.
    assert.deepEqual(page.problems.filter((p) => !/502/.test(p)), []);
  } finally {
    await browser.close();
  }
});
