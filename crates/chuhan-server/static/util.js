// Small helpers shared by the page's modules (app.js, analysis.js).

import { has, t } from "/static/i18n.js";

/// The element with this id.
export const $ = (id) => document.getElementById(id);

/// A JSON request to the server; throws an Error with the server's message, `status` and
/// `code` (the error's stable code, when the server gives one). The message is the catalog's
/// `error-CODE` where it has one for the code (a code whose sentence has no variable part),
/// else the server's own sentence (English).
export async function api(method, path, body, signal) {
  const r = await fetch(path, { method, signal, headers: { "content-type": "application/json" }, body: body ? JSON.stringify(body) : undefined });
  const v = await r.json().catch(() => ({ error: `HTTP ${r.status}` }));
  if (!r.ok) {
    const text = typeof v.code === "string" && has(`error-${v.code}`) ? t(`error-${v.code}`) : v.error || `HTTP ${r.status}`;
    throw Object.assign(new Error(text), { status: r.status, code: v.code });
  }
  return v;
}

/// The side to move (0 or 1) and the move number of a FEN (the usual start when there is none):
/// a record that starts with the second side to move numbers its first move "N…".
export function startOf(fen) {
  const f = (fen || "").split(/\s+/);
  return { turn: f[1] === "b" ? 1 : 0, number: Math.max(1, parseInt(f[5], 10) || 1) };
}

/// Scrolls `box` (a list that scrolls on its own) so that `item` is in view, and nothing else:
/// `scrollIntoView` also scrolls every scrolling ancestor, the page included, which moved the
/// analysis board away from under the pointer after every move.
export function scrollWithin(box, item) {
  if (!box || !item) return;
  const b = box.getBoundingClientRect(), r = item.getBoundingClientRect();
  if (r.top < b.top) box.scrollTop -= b.top - r.top;
  else if (r.bottom > b.bottom) box.scrollTop += r.bottom - b.bottom;
}

/// Makes the whole table row `tr` open `href` on a click (its link stays the way for keyboards
/// and screen readers; a click on another link in the row, or with a modifier key to open a
/// new tab, is left to the browser).
export function rowLink(tr, href) {
  tr.classList.add("rowlink");
  tr.addEventListener("click", (e) => {
    if (e.target.closest("a") || e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
    if (window.getSelection && String(window.getSelection())) return; // selecting text, not opening
    location.href = href;
  });
}

/// "red" → "Red" (a word that is no catalog's: an engine's name, a mode the page does not know).
export function capital(s) { return s ? s[0].toUpperCase() + s.slice(1) : s; }
