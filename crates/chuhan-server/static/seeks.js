// chuhan serve: the lobby's open challenges — friend games whose creator offered them to
// anyone (GET /api/seeks), asked for again every few seconds while the lobby is shown. A
// challenge is taken through the game's ordinary join. User data only ever goes into the page
// through textContent.

import { $, api, capital } from "/static/util.js";
import { me } from "/static/account.js";

/// How often the list is asked for again, in ms: a seek taken or withdrawn goes within this.
const POLL_MS = 2000;

/// PGN's TimeControl as the lobby's buttons write it: `600+5` → "10+5", `-` → "no clock".
function control(tc) {
  if (tc === "-") return "no clock";
  if (tc === "cxa") return "CXA rule";
  let m = /^(\d+)\+(\d+)$/.exec(tc);
  if (m) return `${Number(m[1]) / 60}+${m[2]}`;
  m = /^byoyomi:(\d+)\+(\d+)x(\d+)$/.exec(tc);
  if (m) return `${Number(m[1]) / 60} min, ${m[2]}×${m[3]} s byo-yomi`;
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
      const who = s.name ? `${s.name}${s.rating !== null ? ` (${s.rating})` : ""}` : "anonymous";
      tr.append(
        cell(s.variant === "janggi" ? "Janggi" : "Xiangqi"),
        cell(control(s.time_control) + (s.rated ? ", rated" : "")),
        cell(who),
        cell(capital(s.side_name)),
      );
      const td = document.createElement("td");
      tr.appendChild(td);
      // A rated challenge takes only an account: a guest is shown the way to log in.
      if (s.rated && !account && !localStorage.getItem(tokenKey(s.id))) {
        const a = document.createElement("a");
        a.href = `/login?${new URLSearchParams({ next: s.url })}`;
        a.textContent = "Log in to accept";
        td.appendChild(a);
        return tr;
      }
      const b = document.createElement("button");
      b.type = "button";
      const mine = localStorage.getItem(tokenKey(s.id));
      b.textContent = mine ? "Withdraw" : "Accept";
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
