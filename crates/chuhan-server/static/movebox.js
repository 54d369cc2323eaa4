// The move box of the game page and the analysis board: a move typed in any notation of the
// game (炮二平五, C2=5, h2-e2, h2e2, janggi's numbers…) is read by the server
// (POST /api/read-move) and played as a click on the board would play it. Why a text is no
// move is shown beside the box (a live region, so screen readers say it too).

import { api } from "/static/util.js";

/// Wires `form` (an input and a submit button) and `problem` (where errors go). `position()`
/// gives `{variant, fen, relaxed}` to read the move in, or a sentence saying why no move can
/// be played now; `play(mv)` plays the move read (e.g. "h2e2").
export function moveBox(form, problem, position, play) {
  const input = form.querySelector("input");
  const say = (text) => {
    problem.textContent = text;
    if (text) input.setAttribute("aria-invalid", "true"); else input.removeAttribute("aria-invalid");
  };
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const pos = position();
    if (typeof pos === "string") { say(pos); return; }
    try {
      const r = await api("POST", "/api/read-move", { ...pos, text: input.value });
      if (!r.ok) { say(r.problem); return; }
      say("");
      input.value = "";
      play(r.move);
    } catch (err) { say(err.message); }
  });
}
