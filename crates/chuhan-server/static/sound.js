// Sounds of a game (off unless the user turns them on; the choice is kept in localStorage):
// a move, a capture, check, low time, an offer (draw or takeback) from the other side. Made with the Web Audio API, so there are no sound
// files. Browsers let a page make sound only after a user gesture: the audio context is made
// by the toggle itself, or after a reload with sounds on, by the first click or key press.

const KEY = "chuhan:sound";
let ctx = null;

/// Whether the user turned sounds on.
export function soundOn() {
  try { return localStorage.getItem(KEY) === "on"; } catch { return false; }
}

function unlock() {
  if (ctx || !soundOn()) return;
  const Ctx = window.AudioContext || window.webkitAudioContext;
  if (Ctx) ctx = new Ctx();
}
for (const type of ["pointerdown", "keydown"]) document.addEventListener(type, unlock, { capture: true });

/// Makes `checkbox` show and change whether sounds play.
export function soundToggle(checkbox) {
  checkbox.checked = soundOn();
  checkbox.addEventListener("change", () => {
    try { localStorage.setItem(KEY, checkbox.checked ? "on" : "off"); } catch { /* private mode */ }
    unlock();
  });
}

// Each sound: tones one after the other, [frequency in Hz, seconds, wave].
const TONES = {
  move: [[440, 0.07, "triangle"]],
  capture: [[330, 0.06, "square"], [220, 0.1, "square"]],
  check: [[880, 0.09, "sine"], [660, 0.14, "sine"]],
  low: [[1200, 0.05, "sine"], [1200, 0.05, "sine"]],
  offer: [[523, 0.08, "sine"], [784, 0.12, "sine"]],
};

/// Plays `kind` ("move", "capture", "check", "low" or "offer"), if sounds are on and a gesture
/// allowed them.
export function playSound(kind) {
  if (!ctx || !soundOn() || !TONES[kind]) return;
  let t = ctx.currentTime;
  for (const [freq, secs, wave] of TONES[kind]) {
    const osc = ctx.createOscillator(), gain = ctx.createGain();
    osc.type = wave;
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.15, t);
    gain.gain.exponentialRampToValueAtTime(0.001, t + secs);
    osc.connect(gain).connect(ctx.destination);
    osc.start(t);
    osc.stop(t + secs);
    t += secs + 0.03;
  }
}
