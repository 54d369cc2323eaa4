// chuhan serve: a player's profile (/@/NAME) — member since, totals, ratings per game and
// speed, the rating history drawn as a line per pool, and the player's games with filters and
// pages (also the archive's "my games"). User data only ever goes into the page through
// textContent and attribute setters.

import { $, api, capital, rowLink } from "/static/util.js";
import { inPageLanguage, LANG, t } from "/static/i18n.js";

const SVG = "http://www.w3.org/2000/svg";
/// Games a page of the games list.
const PAGE = 20;

const variantName = (v) => (v === "xiangqi" || v === "janggi" ? t(`variant-${v}`) : capital(v));
const speedName = (s) => (["bullet", "blitz", "rapid", "classical"].includes(s) ? t(`speed-${s}`) : capital(s));
/// A side's name in its game: janggi's first mover is Cho, the second Han.
const sideName = (variant, side) =>
  t(`side-${variant === "janggi" ? { red: "cho", black: "han" }[side] : side}`);
/// A rating as shown: whole points, with "?" while provisional.
const ratingText = (rating, provisional) => `${Math.round(rating)}${provisional ? "?" : ""}`;
const day = (secs) => new Date(secs * 1000).toLocaleDateString(LANG, { year: "numeric", month: "short", day: "numeric" });

function cell(text) {
  const td = document.createElement("td");
  td.textContent = text == null ? "" : String(text);
  return td;
}

function svg(tag, attrs = {}, text) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

/// A round step for the rating axis: at most five lines between `lo` and `hi`.
function axisStep(lo, hi) {
  for (const step of [25, 50, 100, 200, 250, 500, 1000]) if ((hi - lo) / step <= 4) return step;
  return 2000;
}

/// One pool's rating history (`points`: `{at, rating}`, oldest first) as an SVG line graph:
/// ratings up the side, the dates of the first and last games along the bottom, a point a
/// game spaced evenly, and a title and description for screen readers. `key` makes its ids.
export function ratingGraph(label, points, key) {
  const W = 480, H = 200, left = 46, right = 14, top = 12, bottom = 30;
  const ratings = points.map((p) => p.rating);
  const min = Math.min(...ratings), max = Math.max(...ratings);
  let step = axisStep(min - 20, max + 20);
  let lo = Math.floor((min - 20) / step) * step, hi = Math.ceil((max + 20) / step) * step;
  step = axisStep(lo, hi);
  lo = Math.floor(lo / step) * step;
  hi = Math.ceil(hi / step) * step;
  const plotW = W - left - right, plotH = H - top - bottom, n = points.length;
  const x = (i) => left + (n === 1 ? plotW / 2 : (i * plotW) / (n - 1));
  const y = (r) => top + ((hi - r) / (hi - lo)) * plotH;

  const g = svg("svg", {
    viewBox: `0 0 ${W} ${H}`, role: "img", "aria-labelledby": `${key}-title`, "aria-describedby": `${key}-desc`,
  });
  const first = points[0], last = points[n - 1];
  g.append(
    svg("title", { id: `${key}-title` }, t("pf-graph-title", { pool: label })),
    svg("desc", { id: `${key}-desc` }, t("pf-graph-desc", {
      n, from: day(first.at), to: day(last.at), first: String(Math.round(first.rating)), last: String(Math.round(last.rating)),
      min: String(Math.round(min)), max: String(Math.round(max)),
    })),
  );
  // The rating axis: a line and a label at each step.
  for (let r = lo; r <= hi; r += step) {
    g.append(
      svg("line", { x1: left, x2: W - right, y1: y(r), y2: y(r), class: "grid" }),
      svg("text", { x: left - 6, y: y(r) + 4, "text-anchor": "end", class: "tick" }, String(r)),
    );
  }
  g.append(
    svg("line", { x1: left, x2: left, y1: top, y2: top + plotH, class: "axis" }),
    svg("line", { x1: left, x2: W - right, y1: top + plotH, y2: top + plotH, class: "axis" }),
  );
  // The dates along the bottom: the first game's and the last one's.
  const base = top + plotH + 18;
  if (n === 1) g.append(svg("text", { x: x(0), y: base, "text-anchor": "middle", class: "tick" }, day(first.at)));
  else {
    g.append(
      svg("text", { x: left, y: base, "text-anchor": "start", class: "tick" }, day(first.at)),
      svg("text", { x: W - right, y: base, "text-anchor": "end", class: "tick" }, day(last.at)),
    );
  }
  // What runs along the bottom: the rated games, oldest first, one step each.
  if (n > 1) g.append(svg("text", { x: left + plotW / 2, y: base, "text-anchor": "middle", class: "tick" }, t("pf-graph-axis")));
  if (n > 1) g.append(svg("polyline", { points: points.map((p, i) => `${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(" "), class: "line" }));
  if (n <= 100) {
    points.forEach((p, i) => {
      const dot = svg("circle", { cx: x(i).toFixed(1), cy: y(p.rating).toFixed(1), r: n > 40 ? 2 : 3.5, class: "dot" });
      dot.append(svg("title", {}, t("pf-graph-point", { rating: String(Math.round(p.rating)), day: day(p.at) })));
      g.append(dot);
    });
  }
  const fig = document.createElement("figure");
  fig.className = "rating-graph";
  const cap = document.createElement("figcaption");
  cap.textContent = t("pf-graph-caption", { pool: label, rating: String(Math.round(last.rating)), n });
  fig.append(cap, g);
  return fig;
}

/// A select of `options` (`[value, text]`) named `name`.
function select(name, options) {
  const s = document.createElement("select");
  s.name = name;
  for (const [value, text] of options) {
    const o = document.createElement("option");
    o.value = value;
    o.textContent = text;
    s.append(o);
  }
  return s;
}

function labelled(text, control) {
  const l = document.createElement("label");
  l.append(`${text} `, control);
  return l;
}

/// The games of the player `name` (GET /api/players/NAME/games) in `box`: filters by game,
/// result, opponent and opening, pages of PAGE with the total and Newer / Older, each row
/// opening its game, the result from the player's side. The filters and page are kept in the
/// address's query (with `keep`, the query's other fields, left as they are).
export function gamesList(box, name, keep = {}) {
  const form = document.createElement("form");
  form.className = "games-filter";
  const fields = {
    variant: select("variant", [["", t("db-any")], ["xiangqi", t("variant-xiangqi")], ["janggi", t("variant-janggi")]]),
    result: select("result", [["", t("db-any")], ["win", t("pf-wins")], ["draw", t("pf-draws")], ["loss", t("pf-losses")]]),
    opponent: Object.assign(document.createElement("input"), { name: "opponent", size: 12, autocomplete: "off" }),
    opening: Object.assign(document.createElement("input"), { name: "opening", size: 14, autocomplete: "off", placeholder: t("db-opening-ph") }),
  };
  const go = Object.assign(document.createElement("button"), { type: "submit", textContent: t("pf-filter") });
  form.append(labelled(t("lobby-game"), fields.variant), labelled(t("col-result"), fields.result),
    labelled(t("lobby-opponent"), fields.opponent), labelled(t("col-opening"), fields.opening), go);
  const message = Object.assign(document.createElement("p"), { className: "message tight" });
  message.setAttribute("aria-live", "polite");
  const pager = Object.assign(document.createElement("p"), { className: "pager" });
  const counter = document.createElement("span");
  counter.setAttribute("aria-live", "polite");
  counter.className = "games-count";
  const prev = Object.assign(document.createElement("button"), { type: "button", textContent: t("db-newer"), className: "games-prev", hidden: true });
  const next = Object.assign(document.createElement("button"), { type: "button", textContent: t("db-older"), className: "games-next", hidden: true });
  pager.append(counter, " ", prev, " ", next);
  const table = document.createElement("table");
  table.className = "player-games";
  const head = document.createElement("tr");
  // The columns, most telling first: on a phone the last three are left out.
  const COLUMNS = [["date", t("col-date")], ["opponent", t("lobby-opponent")], ["result", t("col-result")],
    ["rating", t("col-rating")], ["game", t("col-game")], ["side", t("col-side")], ["opening", t("col-opening")],
    ["moves", t("col-moves")]];
  for (const [c, h] of COLUMNS) {
    const th = document.createElement("th");
    th.textContent = h;
    th.className = `col-${c}`;
    head.append(th);
  }
  const thead = document.createElement("thead");
  thead.append(head);
  const rows = document.createElement("tbody");
  table.append(thead, rows);
  // A list wider than the screen scrolls inside itself, not the page.
  const scroller = Object.assign(document.createElement("div"), { className: "table-scroll" });
  scroller.append(table);
  box.replaceChildren(form, message, pager, scroller);

  const q = new URLSearchParams(location.search);
  for (const [k, f] of Object.entries(fields)) {
    const v = q.get(k) || "";
    if (f.tagName !== "SELECT" || [...f.options].some((o) => o.value === v)) f.value = v;
  }
  let offset = Math.max(0, parseInt(q.get("offset"), 10) || 0);
  let asking = 0;

  function row(g) {
    const tr = document.createElement("tr");
    const href = `/game/${encodeURIComponent(g.id)}`;
    const link = document.createElement("a");
    link.href = href;
    link.textContent = day(g.created);
    const date = cell("");
    date.append(link);
    const kind = [variantName(g.variant)];
    if (g.speed) kind.push(speedName(g.speed).toLowerCase());
    kind.push(t(g.mode === "engine" ? "pf-kind-engine" : g.rated ? "pf-kind-rated" : "pf-kind-casual"));
    const opponent = g.opponent || t(g.mode === "engine" ? "pf-the-engine" : "seek-anonymous");
    const outcome = { win: t("col-won"), draw: t("col-drawn"), loss: t("col-lost") }[g.outcome]
      || (g.result === "*" ? t("pf-in-progress") : g.result);
    // "Black wins: Red resigned" (黑方胜：红方认输) says who won, which the outcome already says
    // from this side: the ruling after its verdict, in the page's language where it was kept.
    // (Every language's ruling is "verdict: reason"; the English alone may be a forfeit's words.)
    const ruling = inPageLanguage(g.reasons);
    const reason = ruling ? ruling.replace(/^[^:：]{1,30}[:：]\s*/, "") : (g.reason || "").replace(/^[^:]{1,30} wins: /, "");
    let rating = "—";
    if (g.rating) {
      const d = Math.round(g.rating.after) - Math.round(g.rating.before);
      rating = `${Math.round(g.rating.before)} → ${Math.round(g.rating.after)} (${d > 0 ? "+" : d < 0 ? "−" : "±"}${Math.abs(d)})`;
    }
    tr.dataset.id = g.id;
    const cells = {
      date, opponent: cell(opponent), result: cell(outcome + (reason ? ` · ${reason}` : "")), rating: cell(rating),
      game: cell(kind.join(" · ")), side: cell(sideName(g.variant, g.side)), opening: cell(inPageLanguage(g.openings) || g.opening || ""),
      moves: cell(Math.ceil((g.plies || 0) / 2)),
    };
    for (const [c] of COLUMNS) {
      cells[c].className = `col-${c}`;
      tr.append(cells[c]);
    }
    if (g.outcome) cells.result.classList.add(g.outcome);
    rowLink(tr, href);
    return tr;
  }

  async function load() {
    const ask = new URLSearchParams();
    for (const [k, f] of Object.entries(fields)) if (f.value.trim()) ask.set(k, f.value.trim());
    if (offset) ask.set("offset", String(offset));
    // The address keeps the filters and the page, for a reload or a link.
    const shown = new URLSearchParams(keep);
    for (const [k, v] of ask) shown.set(k, v);
    const query = shown.toString();
    history.replaceState(null, "", `${location.pathname}${query ? `?${query}` : ""}`);
    ask.set("limit", String(PAGE));
    const mine = ++asking;
    try {
      const v = await api("GET", `/api/players/${encodeURIComponent(name)}/games?${ask}`);
      if (mine !== asking) return;
      const filtered = Object.values(fields).some((f) => f.value.trim());
      message.textContent = v.games.length ? "" : t(v.total > 0 ? "pf-none-on-page" : filtered ? "db-no-match" : "pf-no-game");
      rows.replaceChildren(...v.games.map(row));
      table.hidden = v.games.length === 0;
            counter.textContent = v.games.length
        ? t("db-page", { first: v.offset + 1, last: v.offset + v.games.length, total: v.total }) : t("pf-total-games", { n: v.total });
      prev.hidden = v.offset === 0;
      next.hidden = v.offset + v.games.length >= v.total;
    } catch (err) {
      if (mine !== asking) return;
      message.textContent = err.message;
      rows.replaceChildren();
      counter.textContent = "";
      prev.hidden = next.hidden = true;
    }
  }
  form.addEventListener("submit", (e) => { e.preventDefault(); offset = 0; load(); });
  for (const f of [fields.variant, fields.result]) f.addEventListener("change", () => { offset = 0; load(); });
  prev.addEventListener("click", () => { offset = Math.max(0, offset - PAGE); load(); });
  next.addEventListener("click", () => { offset += PAGE; load(); });
  load();
}

/// The profile page of `name`; the caller has shown its section.
export async function profilePage(name) {
  $("profile-name").textContent = name;
  document.title = t("pf-page-title", { name });
  let p;
  try {
    p = await api("GET", `/api/players/${encodeURIComponent(name)}`);
  } catch (err) {
    if (err.status === 404) {
      $("profile-name").textContent = t("pf-no-such");
      $("profile-message").textContent = t("pf-no-such-named", { name });
      document.title = t("pf-page-title", { name: t("pf-no-such") });
    } else $("profile-message").textContent = err.message;
    return;
  }
  $("profile-name").textContent = p.name;
  document.title = t("pf-page-title", { name: p.name });
  $("profile-since").textContent = t("pf-since", { day: day(p.created) });
  const totals = [["games", t("pf-total-games", { n: p.games })], ["wins", t("pf-total-won", { n: p.wins })],
    ["draws", t("pf-total-drawn", { n: p.draws })], ["losses", t("pf-total-lost", { n: p.losses })]];
  $("profile-totals").replaceChildren(...totals.flatMap(([k, text], i) => {
    const s = document.createElement("span");
    s.className = `total ${k}`;
    s.textContent = text;
    return i === 0 ? [s, t("pf-totals-colon")] : i === totals.length - 1 ? [s] : [s, t("pf-totals-comma")];
  }));
  const ratings = p.ratings || [];
  $("profile-norating").hidden = ratings.length > 0;
  $("profile-ratings-table").hidden = ratings.length === 0;
  $("profile-ratings").replaceChildren(...ratings.map((r) => {
    const tr = document.createElement("tr");
    const rating = cell(ratingText(r.rating, r.provisional));
    rating.title = t(r.provisional ? "pf-deviation-provisional" : "pf-deviation", { deviation: Math.round(r.deviation) });
    tr.dataset.pool = `${r.variant}/${r.speed}`;
    tr.append(cell(variantName(r.variant)), cell(speedName(r.speed)), rating, cell(r.games), cell(r.wins), cell(r.draws), cell(r.losses));
    return tr;
  }));
  // A graph per pool, in the order of the ratings table (then any other pool of the history).
  const pools = new Map();
  for (const r of ratings) pools.set(`${r.variant}/${r.speed}`, []);
  for (const h of p.history || []) {
    const k = `${h.variant}/${h.speed}`;
    if (!pools.has(k)) pools.set(k, []);
    pools.get(k).push(h);
  }
  const graphs = [];
  let i = 0;
  for (const [k, points] of pools) {
    if (!points.length) continue;
    const [variant, speed] = k.split("/");
    const fig = ratingGraph(t("pf-pool", { variant: variantName(variant), speed: speedName(speed) }), points, `graph-${i++}`);
    fig.dataset.pool = k;
    graphs.push(fig);
  }
  $("profile-graphs").replaceChildren(...graphs);
  $("profile-body").hidden = false;
  gamesList($("profile-games"), p.name);
}
