// Issue 20, bug 5: on a phone (390 × 844) no page may scroll sideways — the lobby was 529 px
// wide and the archive 487 px.

import { test } from "node:test";
import assert from "node:assert/strict";
import { BASE, launch, newPage, screenshot } from "../lib.js";

test("no page is wider than a 390 px phone screen", async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser, { viewport: { width: 390, height: 844 } });
    for (const path of ["/", "/analysis", "/archive", "/ratings"]) {
      await page.goto(`${BASE}${path}`);
      await page.waitForLoadState("networkidle");
      // Every select and field in view, janggi's setup choice included.
      if (path === "/") await page.selectOption('select[name="variant"]', "janggi");
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      await screenshot(page, `phone${path === "/" ? "-lobby" : path.replace("/", "-")}`);
      assert.ok(width <= 390, `${path} is ${width} px wide on a 390 px screen`);
    }
    assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
  }
});
