// chuhan serve: a player's profile (/@/NAME) — member since, totals, ratings per game and
// speed, the rating history drawn as a line per pool, and the player's games with filters and
// pages (also the archive's "my games"). User data only ever goes into the page through
// textContent and attribute setters.

import { $, api, capital, rowLink } from "/static/util.js";

const SVG = "http://www.w3.org/2000/svg";
/// Games a page of the games list.
const PAGE = 20;

const VARIANTS = { xiangqi: "Xiangqi", janggi: "Janggi" };
const variantName = (v) => VARIANTS[v] || capital(v);
/// A side's name in its game: janggi's first mover is Cho, the second Han.
const sideName = (variant, side) =>
  variant === "janggi" ? { red: "Cho", black: "Han" }[side] || capital(side) : capital(side);
/// A rating as shown: whole points, with "?" while provisional.
const ratingText = (rating, provisional) => `${Math.round(rating)}${provisional ? "?" : ""}`;
const day = (secs) => new Date(secs * 1000).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });
const count = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

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
    svg("title", { id: `${key}-title` }, `${label} rating history`),
    svg("desc", { id: `${key}-desc` },
      `${count(n, "rated game")} from ${day(first.at)} to ${day(last.at)}: ${Math.round(first.rating)} after the first, `
      + `${Math.round(last.rating)} now; lowest ${Math.round(min)}, highest ${Math.round(max)}.`),
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
  if (n > 1) g.append(svg("text", { x: left + plotW / 2, y: base, "text-anchor": "middle", class: "tick" }, "rated games →"));
  if (n > 1) g.append(svg("polyline", { points: points.map((p, i) => `${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(" "), class: "line" }));
  if (n <= 100) {
    points.forEach((p, i) => {
      const dot = svg("circle", { cx: x(i).toFixed(1), cy: y(p.rating).toFixed(1), r: n > 40 ? 2 : 3.5, class: "dot" });
      dot.append(svg("title", {}, `${Math.round(p.rating)} on ${day(p.at)}`));
      g.append(dot);
    });
  }
  const fig = document.createElement("figure");
  fig.className = "rating-graph";
  const cap = document.createElement("figcaption");
  cap.textContent = `${label}: ${Math.round(last.rating)} after ${count(n, "rated game")}`;
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
    variant: select("variant", [["", "any"], ["xiangqi", "Xiangqi"], ["janggi", "Janggi"]]),
    result: select("result", [["", "any"], ["win", "wins"], ["draw", "draws"], ["loss", "losses"]]),
    opponent: Object.assign(document.createElement("input"), { name: "opponent", size: 12, autocomplete: "off" }),
    opening: Object.assign(document.createElement("input"), { name: "opening", size: 14, autocomplete: "off", placeholder: "a name or code" }),
  };
  const go = Object.assign(document.createElement("button"), { type: "submit", textContent: "Filter" });
  form.append(labelled("Game", fields.variant), labelled("Result", fields.result), labelled("Opponent", fields.opponent),
    labelled("Opening", fields.opening), go);
  const message = Object.assign(document.createElement("p"), { className: "message tight" });
  message.setAttribute("aria-live", "polite");
  const pager = Object.assign(document.createElement("p"), { className: "pager" });
  const counter = document.createElement("span");
  counter.setAttribute("aria-live", "polite");
  counter.className = "games-count";
  const prev = Object.assign(document.createElement("button"), { type: "button", textContent: "← Newer", className: "games-prev", hidden: true });
  const next = Object.assign(document.createElement("button"), { type: "button", textContent: "Older →", className: "games-next", hidden: true });
  pager.append(counter, " ", prev, " ", next);
  const table = document.createElement("table");
  table.className = "player-games";
  const head = document.createElement("tr");
  // The columns, most telling first: on a phone the last three are left out.
  const COLUMNS = [["date", "Date"], ["opponent", "Opponent"], ["result", "Result"], ["rating", "Rating"], ["game", "Game"],
    ["side", "Side"], ["opening", "Opening"], ["moves", "Moves"]];
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
    if (g.speed) kind.push(g.speed);
    kind.push(g.mode === "engine" ? "engine" : g.rated ? "rated" : "casual");
    const opponent = g.opponent || (g.mode === "engine" ? "the engine" : "anonymous");
    const outcome = { win: "Won", draw: "Drawn", loss: "Lost" }[g.outcome] || (g.result === "*" ? "In progress" : g.result);
    // "Black wins: Red resigned" says who won, which the outcome already says from this side.
    const reason = (g.reason || "").replace(/^[^:]{1,30} wins: /, "");
    let rating = "—";
    if (g.rating) {
      const d = Math.round(g.rating.after) - Math.round(g.rating.before);
      rating = `${Math.round(g.rating.before)} → ${Math.round(g.rating.after)} (${d > 0 ? "+" : d < 0 ? "−" : "±"}${Math.abs(d)})`;
    }
    tr.dataset.id = g.id;
    const cells = {
      date, opponent: cell(opponent), result: cell(outcome + (reason ? ` · ${reason}` : "")), rating: cell(rating),
      game: cell(kind.join(" · ")), side: cell(sideName(g.variant, g.side)), opening: cell(g.opening || ""),
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
      message.textContent = v.games.length ? "" : v.total > 0 ? "No game on this page." : filtered ? "No game matches." : "No game yet.";
      rows.replaceChildren(...v.games.map(row));
      table.hidden = v.games.length === 0;
      const n = (x) => x.toLocaleString("en");
      counter.textContent = v.games.length
        ? `Games ${n(v.offset + 1)}–${n(v.offset + v.games.length)} of ${n(v.total)}` : `${count(v.total, "game")}`;
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
  document.title = `${name} — chuhan`;
  let p;
  try {
    p = await api("GET", `/api/players/${encodeURIComponent(name)}`);
  } catch (err) {
    if (err.status === 404) {
      $("profile-name").textContent = "No such player";
      $("profile-message").textContent = `There is no player named ${name}.`;
      document.title = "No such player — chuhan";
    } else $("profile-message").textContent = err.message;
    return;
  }
  $("profile-name").textContent = p.name;
  document.title = `${p.name} — chuhan`;
  $("profile-since").textContent = `Member since ${day(p.created)}`;
  const totals = [["games", count(p.games, "game")], ["wins", `${p.wins} won`], ["draws", `${p.draws} drawn`], ["losses", `${p.losses} lost`]];
  $("profile-totals").replaceChildren(...totals.flatMap(([k, text], i) => {
    const s = document.createElement("span");
    s.className = `total ${k}`;
    s.textContent = text;
    return i === 0 ? [s, ": "] : i === totals.length - 1 ? [s] : [s, ", "];
  }));
  const ratings = p.ratings || [];
  $("profile-norating").hidden = ratings.length > 0;
  $("profile-ratings-table").hidden = ratings.length === 0;
  $("profile-ratings").replaceChildren(...ratings.map((r) => {
    const tr = document.createElement("tr");
    const rating = cell(ratingText(r.rating, r.provisional));
    rating.title = `deviation ${Math.round(r.deviation)}${r.provisional ? ": provisional" : ""}`;
    tr.dataset.pool = `${r.variant}/${r.speed}`;
    tr.append(cell(variantName(r.variant)), cell(capital(r.speed)), rating, cell(r.games), cell(r.wins), cell(r.draws), cell(r.losses));
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
    const fig = ratingGraph(`${variantName(variant)} ${speed}`, points, `graph-${i++}`);
    fig.dataset.pool = k;
    graphs.push(fig);
  }
  $("profile-graphs").replaceChildren(...graphs);
  $("profile-body").hidden = false;
  gamesList($("profile-games"), p.name);
}
