// Issue 44: the web app in English, 简体中文, 繁體中文, 한국어 and Tiếng Việt. Every catalog has
// exactly the English catalog's ids; every page in every language (chosen by the browser's
// Accept-Language) shows no English word the language's catalog translates, asks for no missing
// id, and does not scroll sideways on a 390 px phone; the language menu switches the language and
// the choice outlives a reload.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { FluentBundle, FluentResource } from "../../crates/chuhan-server/static/vendor/fluent-bundle.js";
import { BASE, clickSquare, friendGame, gameId, launch, newPage, playMove, screenshot, signUp, waitForMoves } from "../lib.js";

const LOCALES = new URL("../../crates/chuhan-server/static/locales/", import.meta.url);
/// Each language and the browser locale that asks for it.
const LANGS = { en: "en-US", "zh-Hans": "zh-CN", "zh-Hant": "zh-TW", ko: "ko-KR", vi: "vi-VN" };

function catalog(tag) {
  const text = readFileSync(new URL(`${tag}.ftl`, LOCALES), "utf8");
  const resource = new FluentResource(text);
  const bundle = new FluentBundle(tag, { useIsolating: false });
  const errors = bundle.addResource(resource);
  // Each message's source, for its variables.
  const sources = new Map();
  let id = null;
  for (const line of text.split("\n")) {
    const m = /^([a-zA-Z][\w-]*) =/.exec(line);
    if (m) id = m[1];
    else if (!/^\s/.test(line)) id = null;
    if (id) sources.set(id, (sources.get(id) || "") + line + "\n");
  }
  return { tag, bundle, errors, ids: resource.body.map((m) => m.id), sources };
}

const variables = (source) => new Set([...(source || "").matchAll(/\$([a-zA-Z][\w-]*)/g)].map((m) => m[1]));

/// A message with neither variables nor selectors, as it reads; null for any other.
function plain(c, id) {
  if (variables(c.sources.get(id)).size) return null;
  const m = c.bundle.getMessage(id);
  return m && m.value !== null ? c.bundle.formatPattern(m.value, {}, []) : null;
}

test("every catalog has exactly the English catalog's ids, parses, and uses only its variables", () => {
  const en = catalog("en");
  assert.deepEqual(en.errors, []);
  assert.ok(en.ids.length > 300, `${en.ids.length} ids`);
  assert.equal(new Set(en.ids).size, en.ids.length, "an id twice in en.ftl");
  for (const tag of Object.keys(LANGS).filter((t) => t !== "en")) {
    const c = catalog(tag);
    assert.deepEqual(c.errors.map((e) => e.message), [], `${tag}.ftl does not parse`);
    assert.equal(new Set(c.ids).size, c.ids.length, `an id twice in ${tag}.ftl`);
    assert.deepEqual(en.ids.filter((id) => !c.ids.includes(id)), [], `missing from ${tag}.ftl`);
    assert.deepEqual(c.ids.filter((id) => !en.ids.includes(id)), [], `extra in ${tag}.ftl`);
    for (const id of c.ids) {
      const known = variables(en.sources.get(id));
      for (const v of variables(c.sources.get(id))) assert.ok(known.has(v), `${tag}.ftl ${id}: $${v} is not English's`);
    }
    // Translated, not copied: at most a few messages read as in English (names of notations,
    // numbers, PGN).
    const same = en.ids.filter((id) => plain(en, id) !== null && plain(en, id) === plain(c, id));
    assert.ok(same.length < 40, `${tag}.ftl has ${same.length} English messages: ${same.join(", ")}`);
  }
});

/// The English texts a page in `tag` must not show: the plain English messages its catalog
/// words otherwise (and that are no message of its own).
function englishLeft(tag) {
  const en = catalog("en"), c = catalog(tag);
  const own = new Set(c.ids.map((id) => plain(c, id)).filter(Boolean).map((v) => v.trim().toLowerCase()));
  const out = new Set();
  for (const id of en.ids) {
    const e = plain(en, id);
    if (e === null || e === plain(c, id)) continue;
    const key = e.trim().toLowerCase();
    // Single characters and punctuation ("：", "·") say nothing of a language.
    if (key.length > 1 && /\p{L}/u.test(key) && !own.has(key)) out.add(key);
  }
  return [...out];
}

/// What the page shows in English from `english`: visible text nodes, the aria-label, title and
/// placeholder of visible elements, the style sheet's generated text, and the page's title.
async function findEnglish(page, english) {
  return page.evaluate((english) => {
    const set = new Set(english);
    const found = [];
    const seen = (e) => e && (e.checkVisibility ? e.checkVisibility() : e.offsetParent !== null);
    const check = (text, where) => {
      const key = (text || "").trim().toLowerCase();
      if (key && set.has(key)) found.push(`${where}: "${text.trim()}"`);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const parent = n.parentElement;
      // The games' own words (an event named "Open") are data, not the page's.
      if (parent && parent.tagName === "TD" && parent.closest("#dbrows, #archive-rows, .player-games")) continue;
      if (parent && parent.closest("option") ? seen(parent.closest("select")) : seen(parent)) {
        check(n.textContent, `text in <${parent.tagName.toLowerCase()}${parent.id ? `#${parent.id}` : ""}>`);
      }
    }
    for (const e of document.body.querySelectorAll("[aria-label], [title], [placeholder]")) {
      if (!seen(e)) continue;
      for (const a of ["aria-label", "title", "placeholder"]) if (e.hasAttribute(a)) check(e.getAttribute(a), `${a} of #${e.id || e.tagName}`);
    }
    // Words the style sheet writes (`content:`) before or after a visible element.
    for (const e of document.body.querySelectorAll("*")) {
      if (!seen(e)) continue;
      for (const pseudo of ["::before", "::after"]) {
        const c = getComputedStyle(e, pseudo).content;
        if (c && c.startsWith('"')) check(c.slice(1, -1), `${pseudo} of #${e.id || e.tagName}`);
      }
    }
    check(document.title, "the page's title");
    return found;
  }, english);
}

/// A new friend game of `variant` (its id and the creator's seat token).
async function newGame(variant) {
  const r = await fetch(`${BASE}/api/games`, {
    method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ variant, mode: "friend", side: "red", base_secs: 600, increment_secs: 5 }),
  });
  assert.equal(r.status, 200, await r.clone().text());
  return r.json();
}

/// Every page of the app as a guest: the lobby, a game (watched, and played from the creator's
/// seat), analysis, the archive, ratings, the database, the puzzles, log-in, sign-up, account
/// settings and a profile; then, logged in, the lobby, the settings, the archive's "my games"
/// and the player's own profile. Each is `[path, seat]`: a seat token to play the game with.
async function guestPages() {
  const [watched, played] = [await newGame("janggi"), await newGame("xiangqi")];
  return [["/"], [`/game/${watched.id}`], [`/game/${played.id}`, played], ["/analysis"], ["/analysis?variant=janggi"],
    ["/archive"], ["/ratings"], ["/database"], ["/puzzles"], ["/login"], ["/signup"], ["/account"], ["/@/nobody-here"]];
}

for (const [tag, locale] of Object.entries(LANGS)) {
  test(`every page in ${tag}: no English left, no missing message, no sideways scroll at 390 px`, async () => {
    const english = tag === "en" ? [] : englishLeft(tag);
    if (tag !== "en") assert.ok(english.length > 200, `${english.length} English texts to look for`);
    const browser = await launch();
    try {
      const page = await newPage(browser, { locale });
      const problems = [];
      const check = async (path, seat) => {
        await page.setViewportSize({ width: 1200, height: 900 });
        if (seat) await page.evaluate(([id, token]) => localStorage.setItem(`chuhan:token:${id}`, token), [seat.id, seat.token]);
        await page.goto(`${BASE}${path}`);
        await page.waitForLoadState("networkidle");
        await page.waitForSelector("#account-box a");
        assert.equal(await page.getAttribute("html", "lang"), tag, path);
        // The lobby with janggi's formations in view, the longest of its forms.
        if (path === "/") await page.selectOption('select[name="variant"]', "janggi");
        for (const f of await findEnglish(page, english)) problems.push(`${path}: ${f}`);
        const missing = await page.evaluate(() => window.i18nMissing);
        assert.deepEqual(missing, [], `${path} asked for messages no catalog has`);
        await page.setViewportSize({ width: 390, height: 844 });
        const { width, inner } = await page.evaluate(() => ({ width: document.scrollingElement.scrollWidth, inner: innerWidth }));
        if (width > inner) problems.push(`${path}: ${width} px wide on a ${inner} px screen`);
        if (path === "/" || path === "/analysis" || seat) await screenshot(page, `i18n-${tag}${path.replace(/\W+/g, "-")}`);
      };
      for (const [path, seat] of await guestPages()) await check(path, seat);
      // Logged in: the header's and the settings' words, and the player's own pages.
      const name = `i18n-${tag}-${Date.now() % 100000}`;
      await signUp(page, name);
      for (const path of ["/", "/account", "/archive", `/@/${name}`, "/puzzles"]) await check(path);
      assert.deepEqual(problems, []);
      // The only failures allowed: the unknown profile's 404 and a guest's 401s.
      assert.deepEqual(page.problems.filter((p) => !/HTTP 404 .*\/api\/players\/nobody-here/.test(p)
        && !/status of 404/.test(p)), []);
    } finally {
      await browser.close();
    }
  });
}

test("Accept-Language picks the language; the menu switches it and the choice survives a reload", async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser, { locale: "ko-KR" });
    await page.goto(`${BASE}/`);
    assert.equal(await page.getAttribute("html", "lang"), "ko");
    // The page's words are put in by its script once the catalog is read, after the load.
    const words = (sel, text) => page.waitForFunction(([s, t]) => document.querySelector(s).textContent === t, [sel, text]);
    await words('nav a[href="/"]', "새 대국");
    assert.equal(await page.inputValue("#lang-menu"), "ko");
    // Each language in its own name.
    const names = await page.$$eval("#lang-menu option", (os) => os.map((o) => o.textContent));
    assert.deepEqual(names, ["English", "简体中文", "繁體中文", "한국어", "Tiếng Việt"]);
    await Promise.all([page.waitForEvent("load"), page.selectOption("#lang-menu", "vi")]);
    assert.equal(await page.getAttribute("html", "lang"), "vi");
    await words('nav a[href="/"]', "Ván mới");
    await page.goto(`${BASE}/analysis`);
    assert.equal(await page.getAttribute("html", "lang"), "vi", "the cookie wins over Accept-Language");
    await words("#aflip", "Xoay bàn cờ");
    const cookie = (await page.context().cookies()).find((c) => c.name === "lang");
    assert.equal(cookie && cookie.value, "vi");
    assert.equal(cookie.sameSite, "Lax");
    await page.reload();
    assert.equal(await page.getAttribute("html", "lang"), "vi");
    // Vietnamese brings its own notation: the menu names it, the move list writes P2-5.
    await page.waitForFunction(() => document.querySelector("#anotation").value === "vietnamese");
    assert.equal(await page.$eval("#anotation", (s) => s.selectedOptions[0].textContent), "Ký hiệu Việt Nam");
    await clickSquare(page, "#aboard", "h2");
    await clickSquare(page, "#aboard", "e2");
    await page.waitForFunction(() => /P2-5/.test(document.querySelector("#amoves").textContent));
    // Traditional Chinese brings traditional Chinese notation: the analysis board's menu shows it.
    await page.selectOption("#lang-menu", "zh-Hant");
    await page.waitForFunction(() => document.documentElement.lang === "zh-Hant");
    await page.waitForFunction(() => document.querySelector("#anotation").value === "chinese-traditional");
    assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
  }
});

test("Korean pages write janggi in its numbers with the pieces in Hangul, xiangqi in WXF", async () => {
  const browser = await launch();
  try {
    const cho = await newPage(browser, { locale: "ko-KR" });
    await cho.goto(`${BASE}/`);
    await cho.selectOption("#create select[name=variant]", "janggi");
    await cho.selectOption("#create select[name=mode]", "friend");
    await cho.click("#create button[type=submit]");
    await cho.waitForURL(/\/game\/[A-Za-z0-9]+$/);
    const han = await newPage(browser, { locale: "ko-KR" });
    await han.goto(`${BASE}/game/${gameId(cho)}`);
    await han.click("#join");
    await han.waitForSelector('#board svg[data-flipped="true"]');
    // The page asked for the language's xiangqi notation, then for its janggi one.
    await cho.waitForFunction(() => document.querySelector("#notation").value === "janggi-hangul");
    assert.equal(await cho.$eval("#notation", (s) => s.selectedOptions[0].textContent), "장기 숫자 기보 (한글)");
    await clickSquare(cho, "#board", "i3");
    await clickSquare(cho, "#board", "h3");
    assert.deepEqual(await waitForMoves(han, "#moves", 1), ["79졸78"]);
    assert.deepEqual(await waitForMoves(cho, "#moves", 1), ["79졸78"]);
    // The analysis board of a xiangqi game: WXF.
    await cho.goto(`${BASE}/analysis`);
    await cho.waitForFunction(() => document.querySelector("#anotation").value === "wxf");
    assert.deepEqual(cho.problems, []);
    assert.deepEqual(han.problems, []);
  } finally {
    await browser.close();
  }
});

test("the archive shows a game's ruling in the page's language", async () => {
  const browser = await launch();
  try {
    const [red, black] = await friendGame(browser, { page: { locale: "zh-CN" } });
    await playMove(red, "h2e2", 1, [black]);
    await playMove(black, "h9g7", 2, [red]);
    await black.click("#resign");
    await black.click("#resign-yes");
    await red.waitForFunction(() => /认输/.test(document.querySelector("#status").textContent));
    await red.goto(`${BASE}/archive`);
    await red.waitForSelector("#archive-rows tr");
    const row = await red.textContent("#archive-rows tr");
    assert.match(row, /1-0 — 红方胜：黑方认输/, row);
    assert.doesNotMatch(row, /resign/i, row);
    assert.deepEqual(red.problems, []);
  } finally {
    await browser.close();
  }
});

test("the language menu is reached and used from the keyboard, at 1280 px and at 390 px", async () => {
  for (const width of [1280, 390]) {
    const browser = await launch();
    try {
      const page = await newPage(browser, { viewport: { width, height: 900 } });
      await page.goto(`${BASE}/`);
      await page.waitForSelector("#account-box a");
      let reached = false;
      for (let i = 0; i < 60 && !reached; i++) {
        await page.keyboard.press("Tab");
        reached = await page.evaluate(() => document.activeElement && document.activeElement.id === "lang-menu");
      }
      assert.ok(reached, `Tab reaches the language menu at ${width} px`);
      assert.ok(await page.isVisible("#lang-menu"), `the menu is in view at ${width} px`);
      // The next language down the list (English → 简体中文): chosen, the page comes back in it.
      await Promise.all([page.waitForEvent("load"), page.keyboard.press("ArrowDown")]);
      await page.waitForFunction(() => document.documentElement.lang === "zh-Hans");
      await page.waitForFunction(() => document.querySelector('nav a[href="/"]').textContent === "新对局");
      const { scroll, inner } = await page.evaluate(() => ({ scroll: document.scrollingElement.scrollWidth, inner: innerWidth }));
      assert.ok(scroll <= inner, `${scroll} px wide on a ${inner} px screen`);
      assert.deepEqual(page.problems, []);
    } finally {
      await browser.close();
    }
  }
});
