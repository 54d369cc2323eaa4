// Player accounts in the browser (docs/accounts.md): signing up, logging out and in, a wrong
// password refused in the page, a rated friend game between two accounts moving both ratings
// and listed on both profiles, a cross-site POST refused even with the cookie, a profile of no
// one, the settings page, and no sideways scroll on a 390 px phone.

import { test } from "node:test";
import assert from "node:assert/strict";
import { BASE, PASSWORD, launch, newPage, screenshot, gameId, playMove, signUp, WAIT } from "../lib.js";

/// A suffix that keeps this run's names apart from any earlier run's on the same server.
const TAG = Math.random().toString(36).slice(2, 7);
const PHONE = { viewport: { width: 390, height: 844 } };
const DESKTOP = { viewport: { width: 1280, height: 800 } };

/// Problems other than the answers a test asked for (a wrong password's 401, a 404 profile).
const unexpected = (page, allowed) => page.problems.filter((p) => !allowed.some((re) => re.test(p)));

async function noSidewaysScroll(page, what) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  const view = page.viewportSize().width;
  assert.ok(width <= view, `${what} is ${width} px wide on a ${view} px screen`);
}

/// The profile's rating of `variant` as a number and its shown text, once it is no longer the
/// starting 1500 (the profile is read again until then).
async function changedRating(page, name, variant) {
  const deadline = Date.now() + WAIT;
  for (;;) {
    await page.goto(`${BASE}/@/${encodeURIComponent(name)}`);
    await page.waitForSelector("#profile-body:not([hidden])");
    const rows = await page.$$eval("#profile-ratings tr", (trs) => trs.map((tr) => ({
      pool: tr.dataset.pool, cells: [...tr.children].map((td) => td.textContent),
    })));
    const row = rows.find((r) => r.pool.startsWith(`${variant}/`));
    if (row && Math.round(parseFloat(row.cells[2])) !== 1500) return { value: parseFloat(row.cells[2]), text: row.cells[2], row };
    if (Date.now() > deadline) throw new Error(`${name}'s ${variant} rating did not change: ${JSON.stringify(rows)}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

for (const [label, size] of [["390 px", PHONE], ["1280 px", DESKTOP]]) {
  test(`sign up, log out, log in; a wrong password is refused in the page (${label})`, async () => {
    const browser = await launch();
    try {
      const page = await newPage(browser, size);
      const name = `ann${size.viewport.width}_${TAG}`;
      // A guest's header: Log in and Sign up, each bringing back to this page.
      await page.goto(`${BASE}/archive`);
      await page.waitForSelector("#header-login");
      assert.equal(await page.getAttribute("#header-signup", "href"), "/signup?next=%2Farchive");

      await page.click("#header-signup");
      await page.waitForURL(/\/signup\?next=%2Farchive$/);
      assert.equal(await page.getAttribute("#signup-name", "autocomplete"), "username");
      assert.equal(await page.getAttribute("#signup-password", "autocomplete"), "new-password");
      assert.equal(await page.getAttribute("#signup-message", "aria-live"), "polite");
      assert.match(await page.textContent("#signup-name-hint"), /2 to 20 characters: letters of any script/);
      await noSidewaysScroll(page, "the sign-up page");
      await screenshot(page, `signup-${size.viewport.width}`);
      // A name the server refuses: its sentence is shown, the page stays.
      await page.fill("#signup-name", "a");
      await page.fill("#signup-password", PASSWORD);
      await page.fill("#signup-password2", PASSWORD);
      await page.$eval("#signup-name", (e) => e.removeAttribute("minlength"));
      await page.click("#signup-form button[type=submit]");
      await page.waitForFunction(() => document.querySelector("#signup-message").textContent.trim() !== "");
      assert.match(new URL(page.url()).pathname, /^\/signup$/);

      await page.fill("#signup-name", name);
      await page.click("#signup-form button[type=submit]");
      await page.waitForURL(/\/archive$/);
      await page.waitForSelector("#header-name");
      assert.equal(await page.textContent("#header-name"), name);
      assert.equal(await page.getAttribute("#header-name", "href"), `/@/${name}`);
      // Logged in, the archive opens on the player's own games, with a way to all games.
      await page.waitForFunction(() => document.querySelector("#archive-title").textContent === "My games");
      assert.ok(await page.isVisible('#archive-switch a[href="/archive?all"]'));

      // Log out: the header is a guest's again, and the server agrees.
      await page.click("#header-logout");
      await page.waitForSelector("#header-login");
      assert.equal((await page.context().request.get(`${BASE}/api/account/me`)).status(), 401);

      // A wrong password: refused, the server's sentence in the live region, still on /login.
      await page.click("#header-login");
      await page.waitForURL(/\/login\?next=%2Farchive$/);
      assert.equal(await page.getAttribute("#login-name", "autocomplete"), "username");
      assert.equal(await page.getAttribute("#login-password", "autocomplete"), "current-password");
      assert.equal(await page.getAttribute("#login-message", "aria-live"), "polite");
      await page.fill("#login-name", name);
      await page.fill("#login-password", "not the password");
      await page.click("#login-form button[type=submit]");
      await page.waitForFunction(() => /wrong name or password/.test(document.querySelector("#login-message").textContent));
      assert.equal(new URL(page.url()).pathname, "/login");
      await noSidewaysScroll(page, "the log-in page");
      await screenshot(page, `login-refused-${size.viewport.width}`);

      // The right one: back where the player came from, logged in (the name in another case).
      await page.fill("#login-name", name.toUpperCase());
      await page.fill("#login-password", PASSWORD);
      await page.click("#login-form button[type=submit]");
      await page.waitForURL(/\/archive$/);
      await page.waitForSelector("#header-name");
      assert.equal(await page.textContent("#header-name"), name);

      // A `next` to another site is not followed: logging in from such a link goes home.
      await page.click("#header-logout");
      await page.waitForSelector("#header-login");
      await page.goto(`${BASE}/login?next=${encodeURIComponent("//evil.example/x")}`);
      await page.fill("#login-name", name);
      await page.fill("#login-password", PASSWORD);
      await page.click("#login-form button[type=submit]");
      await page.waitForURL(`${BASE}/`);
      await page.waitForSelector("#header-name");
      // The lobby plays under the account's name: no name to type.
      await page.waitForSelector("#account-name:not([hidden])");
      assert.ok(await page.isHidden("#name-field"));
      assert.match(await page.textContent("#account-name"), new RegExp(`Playing as ${name}`));
      await noSidewaysScroll(page, "the lobby");

      assert.deepEqual(unexpected(page, [/HTTP 40[01] .*\/api\/account\/(login|signup)/, /status of 40[01]/]), []);
    } finally {
      await browser.close();
    }
  });
}

test("two accounts play a rated friend game; both profiles show the new ratings and the game", async () => {
  const browser = await launch();
  try {
    // Red on a desktop, Black on a phone; Black's name is Korean (any script is a name).
    const red = await newPage(browser, DESKTOP), black = await newPage(browser, PHONE);
    const redName = `red_${TAG}`, blackName = `김철수_${TAG}`;
    await signUp(red, redName);
    await signUp(black, blackName);

    await red.selectOption("#create select[name=variant]", "xiangqi");
    await red.selectOption("#create select[name=mode]", "friend");
    assert.match(await red.textContent("#rated-note"), /account/);
    await red.check("#create input[name=rated]");
    await red.click("#create button[type=submit]");
    await red.waitForURL(/\/game\/[A-Za-z0-9]+$/);
    const id = gameId(red);

    // A guest is shown the way to log in, back to the game, in place of the rated game's seat
    // (the state says it was created rated: no click to be refused first).
    const guest = await newPage(browser, PHONE);
    await guest.goto(`${BASE}/game/${id}`);
    await guest.waitForSelector("#join-login:not([hidden])");
    assert.ok(await guest.isHidden("#join"));
    assert.equal(await guest.getAttribute("#join-login-link", "href"), `/login?next=%2Fgame%2F${id}`);
    await guest.close();

    // Logged in, the joiner has no name to type: the seat is the account's.
    await black.goto(`${BASE}/game/${id}`);
    await black.waitForSelector("#join:not([hidden])");
    await black.waitForSelector("#header-name");
    assert.ok(await black.isHidden("#join-name"), "no name field for an account");
    await black.click("#join");
    await black.waitForSelector('#board svg[data-flipped="true"]');
    await red.waitForSelector("#share-box", { state: "hidden" });
    await red.waitForFunction((n) => document.querySelector("#clock-top").textContent.includes(n), blackName);

    // Both sides move, then Red resigns: a rated game with a result.
    await playMove(red, "h2e2", 1, [black]);
    await playMove(black, "h9g7", 2, [red]);
    await red.click("#resign");
    await red.click("#resign-yes");
    await red.waitForFunction(() => /^You lost\./.test(document.querySelector("#status").textContent));
    await black.waitForFunction(() => /^You won\./.test(document.querySelector("#status").textContent));

    // The profiles: the winner up, the loser down, both still provisional after one game.
    const lost = await changedRating(red, redName, "xiangqi");
    const won = await changedRating(black, blackName, "xiangqi");
    assert.ok(lost.value < 1500, `${redName} lost: ${lost.text}`);
    assert.ok(won.value > 1500, `${blackName} won: ${won.text}`);
    assert.match(lost.text, /^\d+\?$/, "provisional, shown with ?");
    assert.deepEqual(won.row.cells.slice(3), ["1", "1", "0", "0"]);
    assert.deepEqual(lost.row.cells.slice(3), ["1", "0", "0", "1"]);

    const sides = [[red, redName, "Lost", "−", "1 game: 0 won, 0 drawn, 1 lost"], [black, blackName, "Won", "+", "1 game: 1 won, 0 drawn, 0 lost"]];
    for (const [page, name, outcome, sign, totals] of sides) {
      assert.equal(await page.textContent("#profile-name"), name);
      assert.match(await page.textContent("#profile-since"), /^Member since /);
      assert.equal(await page.textContent("#profile-totals"), totals);
      // A rating graph for the pool, labelled for screen readers.
      const graph = await page.$eval("#profile-graphs svg", (svg) => ({
        role: svg.getAttribute("role"),
        title: svg.querySelector("title").textContent,
        desc: svg.querySelector("desc").textContent,
        labels: [...svg.querySelectorAll("text")].map((t) => t.textContent),
      }));
      assert.equal(graph.role, "img");
      assert.match(graph.title, /^Xiangqi \w+ rating history$/);
      assert.match(graph.desc, /1 rated game/);
      assert.ok(graph.labels.some((t) => /^\d{3,4}$/.test(t)), `rating labels on the axis: ${graph.labels}`);
      // The game in the player's list, the result from the player's side.
      const row = page.locator(`.player-games tr[data-id="${id}"]`);
      await row.waitFor();
      const cells = await row.evaluate((tr) => Object.fromEntries([...tr.children].map((td) => [td.className.split(" ")[0], td.textContent])));
      const all = JSON.stringify(cells);
      assert.match(cells["col-result"], new RegExp(`^${outcome} · Red resigned$`), all);
      assert.match(cells["col-rating"], new RegExp(`^1500 → \\d+ \\(\\${sign}\\d+\\)$`), all);
      assert.match(cells["col-game"], /^Xiangqi · \w+ · rated$/, all);
      assert.equal(cells["col-opponent"], name === redName ? blackName : redName, all);
      assert.match(await page.textContent(".games-count"), /Games 1–1 of 1/);
      await screenshot(page, `profile-${page === red ? "red-1280" : "black-390"}`);
      await noSidewaysScroll(page, `${name}'s profile`);
      // The whole row opens the game.
      await Promise.all([page.waitForURL(new RegExp(`/game/${id}$`)), row.locator("td.col-opponent").click()]);
    }

    // The archive of the logged-in player lists the game among "my games"; a filter that
    // excludes it leaves none.
    await black.goto(`${BASE}/archive`);
    await black.locator(`.player-games tr[data-id="${id}"]`).waitFor();
    await black.selectOption(".games-filter select[name=result]", "loss");
    await black.waitForFunction(() => /No game matches/.test(document.querySelector("#archive-mine").textContent));
    assert.match(new URL(black.url()).search, /result=loss/);
    await black.click('#archive-switch a[href="/archive?all"]');
    await black.waitForURL(/\/archive\?all$/);
    await black.locator(`#archive-rows a[href="/game/${id}"]`).waitFor();

    for (const p of [red, black]) assert.deepEqual(p.problems, []);
  } finally {
    await browser.close();
  }
});

test("a POST from another site is refused even with the session cookie", async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser, DESKTOP);
    await signUp(page, `eve_${TAG}`);
    const request = page.context().request;
    const r = await request.post(`${BASE}/api/account/logout`, { headers: { Origin: "http://evil.example" } });
    assert.equal(r.status(), 403);
    assert.equal((await r.json()).code, "cross_origin");
    const p = await request.post(`${BASE}/api/account/password`, {
      headers: { Origin: "http://evil.example" }, data: { password: PASSWORD, new_password: "taken over 123" },
    });
    assert.equal(p.status(), 403);
    assert.equal((await p.json()).code, "cross_origin");
    // Still logged in, with the same password.
    assert.equal((await request.get(`${BASE}/api/account/me`)).status(), 200);
    await page.reload();
    await page.waitForSelector("#header-name");
    assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
  }
});

test("the profile of no one says so", async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser, PHONE);
    await page.goto(`${BASE}/@/nobody_${TAG}`);
    await page.waitForFunction(() => /no such player/i.test(document.querySelector("#profile").textContent));
    assert.match(await page.textContent("#profile-name"), /No such player/);
    assert.ok(await page.isHidden("#profile-body"));
    await noSidewaysScroll(page, "the profile of no one");
    assert.deepEqual(unexpected(page, [/HTTP 404 .*\/api\/players\//, /status of 404/]), []);
  } finally {
    await browser.close();
  }
});

test("settings: change the password, then delete the account after a confirm step", async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser, PHONE);
    const name = `del_${TAG}`;
    await signUp(page, name);
    await page.click("#header-settings");
    await page.waitForURL(/\/account$/);
    await page.waitForSelector("#account-in:not([hidden])");
    await noSidewaysScroll(page, "the settings page");
    await screenshot(page, "account-390");

    // The wrong current password is refused in the page.
    await page.fill("#password-old", "not it at all");
    await page.fill("#password-new", "a new password 1");
    await page.fill("#password-new2", "a new password 1");
    await page.click("#password-form button[type=submit]");
    await page.waitForFunction(() => document.querySelector("#password-message").textContent.trim() !== "");
    assert.doesNotMatch(await page.textContent("#password-message"), /changed/);
    await page.fill("#password-old", PASSWORD);
    await page.fill("#password-new", "a new password 1");
    await page.fill("#password-new2", "a new password 1");
    await page.click("#password-form button[type=submit]");
    await page.waitForFunction(() => /Password changed/.test(document.querySelector("#password-message").textContent));
    // This session goes on; the new password logs in.
    assert.equal((await page.context().request.get(`${BASE}/api/account/me`)).status(), 200);

    // Deleting asks first; "Keep my account" keeps it.
    await page.fill("#delete-password", "a new password 1");
    await page.click("#delete-ask");
    await page.waitForSelector("#delete-confirm:not([hidden])");
    assert.match(await page.textContent("#delete-text"), new RegExp(name));
    await page.click("#delete-no");
    assert.ok(await page.isHidden("#delete-confirm"));
    assert.equal((await page.context().request.get(`${BASE}/api/players/${name}`)).status(), 200);
    await page.click("#delete-ask");
    await page.click("#delete-yes");
    await page.waitForURL(`${BASE}/`);
    await page.waitForSelector("#header-login");
    await page.goto(`${BASE}/@/${name}`);
    await page.waitForFunction(() => /no such player/i.test(document.querySelector("#profile").textContent));
    assert.deepEqual(unexpected(page, [/HTTP 40[14] /, /status of 40[14]/]), []);
  } finally {
    await browser.close();
  }
});
