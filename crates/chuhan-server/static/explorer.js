// chuhan serve: the analysis board's explorer panel (a game database given with --games-db):
// the moves played from the position on the board, how often and how they scored for the side
// to move, the opening's name, and the best-known games through it. User data only ever goes
// into the page through textContent and attribute setters.

import { LANG, t } from "/static/i18n.js";
import { $, api } from "/static/util.js";

const pct = (n, total) => (total ? Math.round((100 * n) / total) : 0);

/// The panel; `onMove(mv)` plays a move clicked in it, `onOpen(id)` loads a game on the board.
/// Hidden when the server has no game database.
export function explorerPanel({ onMove, onOpen }) {
  let enabled = null, seq = 0;
  const ready = api("GET", "/api/db").then((v) => { enabled = !!v.enabled; }).catch(() => { enabled = false; });

  function bar(m) {
    const decided = m.wins + m.draws + m.losses;
    const div = document.createElement("div");
    div.className = "wdl";
    div.title = t(m.unknown ? "ex-wdl-title-unknown" : "ex-wdl-title", { wins: m.wins, draws: m.draws, losses: m.losses, unknown: m.unknown });
    if (!decided) {
      // Collections without results (many engine-game dumps): say so instead of an empty bar.
      div.classList.add("none");
      div.textContent = t("ex-unknown");
      return div;
    }
    for (const [cls, n] of [["w", m.wins], ["d", m.draws], ["l", m.losses]]) {
      const s = document.createElement("span");
      s.className = cls;
      s.style.width = `${pct(n, decided)}%`;
      if (pct(n, decided) >= 12) s.textContent = `${pct(n, decided)}%`;
      div.appendChild(s);
    }
    return div;
  }

  function row(m) {
    const tr = document.createElement("tr");
    const mv = document.createElement("td");
    const a = document.createElement("a");
    a.href = "#";
    a.className = "xmove";
    a.dataset.mv = m.move;
    a.textContent = m.text || m.move;
    a.addEventListener("click", (e) => { e.preventDefault(); onMove(m.move); });
    mv.appendChild(a);
    const games = document.createElement("td");
    games.className = "xcount";
    games.textContent = String(m.games);
    const wdl = document.createElement("td");
    wdl.appendChild(bar(m));
    tr.append(mv, games, wdl);
    return tr;
  }

  function gameItem(g) {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = "#";
    a.className = "xgame";
    a.textContent = `${g.red || "?"} – ${g.black || "?"}`;
    a.addEventListener("click", (e) => { e.preventDefault(); onOpen(g.id); });
    li.appendChild(a);
    const rest = [g.result, g.event, g.date, g.next_text ? t("ex-played", { move: g.next_text }) : ""].filter(Boolean).join(" · ");
    li.appendChild(document.createTextNode(` ${rest}`));
    return li;
  }

  /// Shows what the database knows about `fen` (null: the panel is emptied).
  async function show(fen, variant, notation) {
    const mine = ++seq;
    await ready;
    $("explorer").hidden = !enabled;
    if (!enabled || !fen) return;
    try {
      // Opening names in the page's language (en, zh-Hans, zh-Hant, ko, vi).
      const q = new URLSearchParams({ fen, variant, lang: LANG });
      if (notation) q.set("notation", notation);
      const v = await api("GET", `/api/explore?${q}`);
      if (mine !== seq) return;
      $("xmessage").textContent = "";
      $("xopening").textContent = v.opening || "";
      $("xsummary").textContent = v.games ? t("ex-reached", { n: v.games }) : t("ex-none");
      $("xmoves").replaceChildren(...v.moves.map(row));
      $("xgames").replaceChildren(...v.top_games.map(gameItem));
    } catch (err) {
      if (mine !== seq) return;
      $("xmessage").textContent = err.message;
      $("xmoves").replaceChildren();
      $("xgames").replaceChildren();
    }
  }
  return { show };
}
