// chuhan serve: the database page (/database, a game database given with --games-db): search
// the games by player, event, dates, result and opening, open one on the analysis board, and
// import a collection when the server allows uploads. User data only ever goes into the page
// through textContent and attribute setters.

import { $, api, rowLink } from "/static/util.js";
import { LANG, t } from "/static/i18n.js";

function cell(text) {
  const td = document.createElement("td");
  td.textContent = text == null ? "" : String(text);
  return td;
}

function resultRow(g) {
  const tr = document.createElement("tr");
  tr.append(cell(g.date), cell(g.red), cell(g.black), cell(g.result), cell(g.event), cell(g.opening), cell(Math.ceil(g.plies / 2)));
  const open = document.createElement("td");
  const a = document.createElement("a");
  a.href = `/analysis?${new URLSearchParams({ dbgame: g.id })}`;
  a.textContent = t("db-open");
  a.className = "dbopen";
  open.appendChild(a);
  tr.appendChild(open);
  rowLink(tr, a.href);
  return tr;
}

/// Runs the database page; the caller has shown its section.
export async function database() {
  let info;
  try {
    info = await api("GET", "/api/db");
  } catch (err) {
    $("dbstatus").textContent = err.message;
    return;
  }
  if (!info.enabled) {
    $("dbstatus").textContent = t("db-none");
    $("dbsearch").hidden = true;
    return;
  }
  const count = (n) => t("db-count", { n });
  $("dbstatus").textContent = count(info.games);
  $("dbupload").hidden = !info.uploads;

  // Pages of PAGE games: the search's total, and Newer / Older to move between them.
  const PAGE = 50;
  let offset = 0;
  async function search() {
    const q = new URLSearchParams();
    for (const [k, v] of new FormData($("dbsearch"))) if (String(v).trim()) q.set(k, String(v).trim());
    q.set("limit", String(PAGE));
    q.set("lang", LANG); // opening names in the page's language
    if (offset) q.set("offset", String(offset));
    try {
      const v = await api("GET", `/api/db/search?${q}`);
      $("dbmessage").textContent = v.games.length ? "" : t("db-no-match");
      $("dbrows").replaceChildren(...v.games.map(resultRow));
      $("dbpage").textContent = v.games.length
        ? t("db-page", { first: v.offset + 1, last: v.offset + v.games.length, total: v.total }) : "";
      $("dbprev").hidden = v.offset === 0;
      $("dbnext").hidden = v.offset + v.games.length >= v.total;
    } catch (err) {
      $("dbmessage").textContent = err.message;
      $("dbrows").replaceChildren();
      $("dbpage").textContent = "";
      $("dbprev").hidden = $("dbnext").hidden = true;
    }
  }
  $("dbsearch").addEventListener("submit", (e) => { e.preventDefault(); offset = 0; search(); });
  $("dbprev").addEventListener("click", () => { offset = Math.max(0, offset - PAGE); search(); });
  $("dbnext").addEventListener("click", () => { offset += PAGE; search(); });

  $("dbimport").addEventListener("click", async () => {
    const file = $("dbfile").files[0];
    if (!file) { $("dbreport").textContent = t("db-choose-file"); return; }
    if (file.size > info.max_upload) { $("dbreport").textContent = t("db-too-large", { file: file.name, mib: info.max_upload / 1048576 }); return; }
    $("dbreport").textContent = t("db-importing", { file: file.name });
    try {
      const r = await fetch(`/api/db/import?${new URLSearchParams({ name: file.name })}`, { method: "POST", body: await file.arrayBuffer() });
      const v = await r.json().catch(() => ({ error: `HTTP ${r.status}` }));
      if (!r.ok) throw new Error(v.error || `HTTP ${r.status}`);
      $("dbreport").textContent = t("db-imported", { file: v.file, imported: v.imported, duplicates: v.duplicates, bad: v.bad });
      $("dberrors").replaceChildren(...v.errors.map((e) => { const li = document.createElement("li"); li.textContent = e; return li; }));
      const now = await api("GET", "/api/db");
      $("dbstatus").textContent = count(now.games);
      search();
    } catch (err) { $("dbreport").textContent = err.message; }
  });
  search();
}
