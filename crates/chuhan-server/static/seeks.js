// chuhan serve: the lobby's open challenges — friend games whose creator offered them to
// anyone (GET /api/seeks), asked for again every few seconds while the lobby is shown. A
// challenge is taken through the game's ordinary join. User data only ever goes into the page
// through textContent.

import { $, api } from "/static/util.js";
import { sideName, t } from "/static/i18n.js";
import { me } from "/static/account.js";

/// How often the list is asked for again, in ms: a seek taken or withdrawn goes within this.
const POLL_MS = 2000;

/// PGN's TimeControl as the lobby's buttons write it: `600+5` → "10+5", `-` → "no clock".
function control(tc) {
  if (tc === "-") return t("tc-none");
  if (tc === "cxa") return t("tc-cxa");
  let m = /^(\d+)\+(\d+)$/.exec(tc);
  if (m) return `${Number(m[1]) / 60}+${m[2]}`;
  m = /^byoyomi:(\d+)\+(\d+)x(\d+)$/.exec(tc);
  if (m) return t("tc-byoyomi", { minutes: Number(m[1]) / 60, periods: Number(m[2]), seconds: Number(m[3]) });
  return tc;
}

/// Runs the lobby's list of open challenges. `tokenKey(id)` names where a seat's token is
/// kept; `name()` is the name typed in the lobby's form (a taker plays under it).
export function seeksPanel({ tokenKey, name }) {
  const say = (text) => { $("seeks-message").textContent = text || ""; };

  async function refresh() {
    if ($("lobby").hidden) return;
    try {
      const [v, who] = await Promise.all([api("GET", "/api/seeks"), me()]);
      render(v.seeks, who);
    } catch (err) { say(err.message); }
  }

  function cell(text) {
    const td = document.createElement("td");
    td.textContent = text;
    return td;
  }

  function render(seeks, account) {
    const rows = seeks.map((s) => {
      const tr = document.createElement("tr");
      tr.dataset.id = s.id;
      const who = s.name ? (s.rating !== null ? t("name-rating", { name: s.name, rating: String(s.rating) }) : s.name) : t("seek-anonymous");
      tr.append(
        cell(t(s.variant === "janggi" ? "variant-janggi" : "variant-xiangqi")),
        cell(s.rated ? t("seek-rated", { clock: control(s.time_control) }) : control(s.time_control)),
        cell(who),
        cell(sideName(s.side_name)),
      );
      const td = document.createElement("td");
      tr.appendChild(td);
      // A rated challenge takes only an account: a guest is shown the way to log in.
      if (s.rated && !account && !localStorage.getItem(tokenKey(s.id))) {
        const a = document.createElement("a");
        a.href = `/login?${new URLSearchParams({ next: s.url })}`;
        a.textContent = t("seek-login");
        td.appendChild(a);
        return tr;
      }
      const b = document.createElement("button");
      b.type = "button";
      const mine = localStorage.getItem(tokenKey(s.id));
      b.textContent = t(mine ? "seek-withdraw" : "seek-accept");
      b.addEventListener("click", () => (mine ? withdraw(s, mine) : accept(s)));
      td.appendChild(b);
      return tr;
    });
    $("seeks").replaceChildren(...rows);
    $("seeks-empty").hidden = rows.length > 0;
  }

  async function accept(s) {
    say("");
    const n = name();
    try {
      const j = await api("POST", `/api/games/${encodeURIComponent(s.id)}/join`, n ? { name: n } : {});
      localStorage.setItem(tokenKey(s.id), j.token);
      if (n) localStorage.setItem("chuhan:name", n);
      location.href = s.url;
    } catch (err) {
      // Taken by someone else a moment before, or the same name as the creator's.
      say(err.message);
      refresh();
    }
  }

  async function withdraw(s, token) {
    try {
      await api("POST", `/api/games/${encodeURIComponent(s.id)}/seek`, { token, open: false });
    } catch (err) { say(err.message); }
    refresh();
  }

  refresh();
  setInterval(refresh, POLL_MS);
}
