// Shared helpers of the end-to-end tests: launching Debian's Chromium through playwright-core,
// finding a board point on screen, reading the move list, saving screenshots.
//
// The server is started by scripts/e2e-web.sh, which passes its address in CHUHAN_URL and the
// screenshot folder in E2E_SCREENSHOTS.

import { chromium } from "playwright-core";
import { mkdirSync } from "node:fs";
import { join } from "node:path";

export const BASE = (process.env.CHUHAN_URL || "http://127.0.0.1:8080").replace(/\/$/, "");
const SHOTS = process.env.E2E_SCREENSHOTS || new URL("../target/e2e-screenshots", import.meta.url).pathname;
/// How long to wait for the page (and the engine) before failing: the machine may be busy.
export const WAIT = 20000;

/// Headless Chromium from Debian (`apt-get install chromium`), not a Playwright download.
/// `launch` gives every browser a fresh temporary profile, deleted on close.
export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
    ],
  });
}

/// Whether `url` is the question every page asks, who is logged in: a guest is told 401, which
/// is no problem.
function askedWho(url) {
  try { return new URL(url).pathname === "/api/account/me"; } catch { return false; }
}

/// A new page in a new context (its own cookies and localStorage, so its own seat tokens);
/// script errors and failed requests are collected in `page.problems`.
export async function newPage(browser, options = {}) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 }, ...options });
  const page = await context.newPage();
  page.setDefaultTimeout(WAIT);
  page.problems = [];
  page.on("pageerror", (e) => page.problems.push(`script error: ${e.message}`));
  // Console errors include resources the page itself does not fetch, such as /favicon.ico.
  page.on("console", (m) => {
    if (m.type() === "error" && !(/status of 401/.test(m.text()) && askedWho(m.location().url))) {
      page.problems.push(`console: ${m.text()} (${m.location().url})`);
    }
  });
  page.on("response", (r) => {
    if (r.status() >= 400 && !(r.status() === 401 && askedWho(r.url()))) page.problems.push(`HTTP ${r.status()} ${r.url()}`);
  });
  return page;
}

export async function screenshot(page, name) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/// The screen coordinates of point `sq` (e.g. "h2") on the board inside `container`. The
/// geometry is board.js's: a 380×420 viewBox, 30 margin, 40 between lines.
export async function pointOf(page, container, sq) {
  await page.waitForSelector(`${container} svg`);
  return page.evaluate(([container, sq]) => {
    const svg = document.querySelector(`${container} svg`);
    let f = "abcdefghi".indexOf(sq[0]), r = Number(sq.slice(1));
    if (svg.dataset.flipped === "true") { f = 8 - f; r = 9 - r; }
    const at = () => {
      const box = svg.getBoundingClientRect();
      return { x: box.left + ((30 + f * 40) / 380) * box.width, y: box.top + ((30 + (9 - r) * 40) / 420) * box.height };
    };
    // A point off the screen (the page scrolled down to a button below) is brought into view
    // first, as a hand would scroll; a point in view never scrolls the page.
    let p = at();
    if (p.x < 0 || p.y < 0 || p.x > innerWidth || p.y > innerHeight) {
      svg.scrollIntoView({ block: "center", inline: "center" });
      p = at();
    }
    return p;
  }, [container, sq]);
}

export async function clickSquare(page, container, sq) {
  const p = await pointOf(page, container, sq);
  await page.mouse.click(p.x, p.y);
}

/// Drags the piece on `from` to `to` in small steps, as a hand would.
export async function dragSquare(page, container, from, to) {
  const a = await pointOf(page, container, from), b = await pointOf(page, container, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 5 });
  await page.mouse.move(b.x, b.y, { steps: 5 });
  await page.mouse.up();
}

/// The moves shown in a move list (`#moves` or `#amoves`), in order.
export async function moveTexts(page, list) {
  return page.$$eval(`${list} li span`, (spans) => spans.map((s) => s.textContent));
}

/// Waits until the move list holds `n` moves (or more with `atLeast`).
export async function waitForMoves(page, list, n, atLeast = false) {
  await page.waitForFunction(
    ([list, n, atLeast]) => {
      const c = document.querySelectorAll(`${list} li span`).length;
      return atLeast ? c >= n : c === n;
    },
    [list, n, atLeast],
  );
  return moveTexts(page, list);
}

/// The game as the server sees it (what a watcher gets).
export async function gameState(id) {
  const r = await fetch(`${BASE}/api/games/${id}`);
  if (!r.ok) throw new Error(`GET /api/games/${id}: HTTP ${r.status}`);
  return r.json();
}

export function gameId(page) {
  const m = new URL(page.url()).pathname.match(/^\/game\/([A-Za-z0-9]+)$/);
  if (!m) throw new Error(`not a game page: ${page.url()}`);
  return m[1];
}

/// Checks that a page drew the board: 32 pieces on points and the river in Chinese.
export async function boardDrawn(page, container) {
  return page.evaluate((container) => {
    const svg = document.querySelector(`${container} svg`);
    const pieces = [...svg.querySelectorAll("g.pt")];
    const texts = [...svg.querySelectorAll("text")].map((t) => t.textContent);
    return { pieces: pieces.length, river: texts.filter((t) => /楚|漢/.test(t)).length, glyphs: pieces.map((g) => g.textContent).join("") };
  }, container);
}

/// A friend game in two browser contexts: the first page creates it (a `variant`, and `page`
/// options such as a phone's viewport, may be given), the second joins it from its link.
/// Answers both pages, each in its own context, the joiner's board turned round.
export async function friendGame(browser, { variant = "xiangqi", page = {} } = {}) {
  const first = await newPage(browser, page);
  await first.goto(`${BASE}/`);
  await first.selectOption("#create select[name=variant]", variant);
  await first.selectOption("#create select[name=mode]", "friend");
  await first.click("#create button[type=submit]");
  await first.waitForURL(/\/game\/[A-Za-z0-9]+$/);
  const id = gameId(first);
  const second = await newPage(browser, page);
  await second.goto(`${BASE}/game/${id}`);
  await second.click("#join");
  await second.waitForSelector('#board svg[data-flipped="true"]');
  await first.waitForSelector("#share-box", { state: "hidden" });
  return [first, second];
}

/// Plays `mv` (coordinates) on the game page `page` with two clicks, and waits until it and
/// every page of `others` show `plies` moves.
export async function playMove(page, mv, plies, others = []) {
  await clickSquare(page, "#board", mv.slice(0, 2));
  await clickSquare(page, "#board", mv.slice(2, 4));
  for (const p of [page, ...others]) await waitForMoves(p, "#moves", plies);
}

/// The password the tests' accounts are made with.
export const PASSWORD = "correct horse 7";

/// Signs up `name` on `page` through the header's Sign up link on the page `from`, and waits to
/// be back there, logged in (the header shows the name).
export async function signUp(page, name, from = "/") {
  await page.goto(`${BASE}${from}`);
  await page.click("#header-signup");
  await page.waitForURL(/\/signup(\?|$)/);
  await page.fill("#signup-name", name);
  await page.fill("#signup-password", PASSWORD);
  await page.fill("#signup-password2", PASSWORD);
  await page.click("#signup-form button[type=submit]");
  await page.waitForURL((u) => u.pathname === from.split("?")[0]);
  await page.waitForFunction((n) => document.querySelector("#header-name")?.textContent === n, name);
}
