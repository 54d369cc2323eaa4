// Issue 20: open challenges in the lobby. A friend game created "open to anyone" is listed in
// every lobby while its creator waits on the game's page; another player accepts it from the
// lobby and plays it; it goes from the list when taken, and when its creator leaves.

import { test } from "node:test";
import assert from "node:assert/strict";
import { BASE, launch, newPage, screenshot, gameId } from "../lib.js";

/// Creates an open friend game as `name` on `page`, on the side `side`; answers its id.
async function seek(page, name, side) {
  await page.goto(`${BASE}/`);
  await page.selectOption("#create select[name=mode]", "friend");
  await page.selectOption("#create select[name=side]", side);
  await page.fill("#create input[name=name]", name);
  await page.click("#create button[data-tc='5+3']");
  await page.check("#create input[name=open]");
  await page.click("#create button[type=submit]");
  await page.waitForURL(/\/game\/[A-Za-z0-9]+$/);
  await page.waitForSelector("#share-box:not([hidden])");
  return gameId(page);
}

const row = (id) => `#seeks tr[data-id="${id}"]`;

test("an open challenge is listed in the lobby, accepted there, and gone once taken", async () => {
  const browser = await launch();
  try {
    const lobby = await newPage(browser);
    await lobby.goto(`${BASE}/`);
    const creator = await newPage(browser);
    const id = await seek(creator, "Ada", "black");

    // The lobby opened before the challenge sees it come (no reload).
    await lobby.waitForSelector(row(id));
    const cells = await lobby.$$eval(`${row(id)} td`, (td) => td.map((x) => x.textContent));
    assert.deepEqual(cells.slice(0, 4), ["Xiangqi", "5+3", "Ada", "Red"]);
    assert.equal(cells[4], "Accept");
    await screenshot(lobby, "seeks-lobby");

    // Accepted from the lobby under a name: the taker plays Red on the game's page.
    await lobby.fill("#create input[name=name]", "Bo");
    await lobby.click(`${row(id)} button`);
    await lobby.waitForURL(new RegExp(`/game/${id}$`));
    await lobby.waitForFunction(() => /Red to move \(you\)/.test(document.querySelector("#status").textContent));
    await creator.waitForSelector("#share-box", { state: "hidden" });

    // Taken: no lobby lists it any more.
    const other = await newPage(browser);
    await other.goto(`${BASE}/`);
    await other.waitForSelector("#seeks-empty:not([hidden])");
    assert.equal(await other.$$eval(row(id), (r) => r.length), 0);
    for (const p of [lobby, creator, other]) assert.deepEqual(p.problems, []);
  } finally {
    await browser.close();
  }
});

test("an open challenge goes from the lobby when its creator leaves", async () => {
  const browser = await launch();
  try {
    const creator = await newPage(browser);
    const id = await seek(creator, "Cy", "red");
    const lobby = await newPage(browser);
    await lobby.goto(`${BASE}/`);
    await lobby.waitForSelector(row(id));
    // A private friend game (not open) is never listed.
    const friend = await newPage(browser);
    await friend.goto(`${BASE}/`);
    await friend.selectOption("#create select[name=mode]", "friend");
    await friend.click("#create button[type=submit]");
    await friend.waitForURL(/\/game\/[A-Za-z0-9]+$/);
    const privateId = gameId(friend);
    await creator.close();
    await lobby.waitForSelector(row(id), { state: "detached" });
    assert.equal(await lobby.$$eval(row(privateId), (r) => r.length), 0);
    assert.deepEqual(lobby.problems, []);
  } finally {
    await browser.close();
  }
});
