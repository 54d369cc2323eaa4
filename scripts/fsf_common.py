"""Shared helpers of the scripts that check chuhan against Fairy-Stockfish (scripts/*-fsf.py).

Fairy-Stockfish is GPL: it is never built, downloaded or vendored here. It is run as a separate
program whose path the caller gives (built outside this tree, `make build largeboards=yes`), and
spoken to over UCI. This module holds only our side of the conversation:

- coordinates: chuhan writes ranks 0-9 from the first mover's side ("h2e2"; a janggi pass is the
  general's point twice, "e1e1"); Fairy-Stockfish's UCI writes ranks 1-10 ("h3e3", pass "e2e2").
  `to_fsf` / `from_fsf` add or take away one on every rank number.
- the win-probability curve and the mark thresholds of `chuhan review`, read from the Rust sources
  (crates/chuhan-engine/src/review/curve.rs and mark.rs) so they cannot drift apart.
- `Fsf`: a UCI session with the engine that answers MultiPV lines with their scores.
"""
import math
import os
import re
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CURVE_RS = os.path.join(ROOT, "crates/chuhan-engine/src/review/curve.rs")
MARK_RS = os.path.join(ROOT, "crates/chuhan-engine/src/review/mark.rs")


def _rust_const(path, name):
    text = open(path, encoding="utf-8").read()
    m = re.search(r"pub const %s: f64 = ([0-9.eE+-]+);" % re.escape(name), text)
    if not m:
        raise SystemExit(f"{path}: no `pub const {name}: f64` found (the review's constants moved?)")
    return float(m.group(1))


SCALES = {"xiangqi": _rust_const(CURVE_RS, "XIANGQI_SCALE"), "janggi": _rust_const(CURVE_RS, "JANGGI_SCALE")}
BLUNDER = _rust_const(MARK_RS, "BLUNDER")
MISTAKE = _rust_const(MARK_RS, "MISTAKE")
INACCURACY = _rust_const(MARK_RS, "INACCURACY")


def mark_of(loss):
    """The mark `chuhan review` gives a loss (Mark::from_loss): "??", "?", "?!" or None."""
    if loss >= BLUNDER:
        return "??"
    if loss >= MISTAKE:
        return "?"
    if loss >= INACCURACY:
        return "?!"
    return None


def win_probability(score, variant, cp_scale=1.0):
    """chuhan's curve (curve.rs, `win_probability`) for a score of the side to move:
    ("mate", n) is 1 when n > 0 (it mates), 0 when n <= 0 (it is mated; FSF says "mate 0" for a
    side with no move); ("cp", c) is 1 / (1 + e^(-k * c * cp_scale)) with k the variant's scale."""
    kind, v = score
    if kind == "mate":
        return 1.0 if v > 0 else 0.0
    return 1.0 / (1.0 + math.exp(-SCALES[variant] * v * cp_scale))


def negate(score):
    """The same score seen by the other side."""
    kind, v = score
    if kind == "mate":
        # "mate 0" (no move, lost) becomes a mate the other side has given: worth 1 to it.
        return ("mate", 1 if v == 0 else -v)
    return ("cp", -v)


def fmt_score(score):
    if score is None:
        return "-"
    kind, v = score
    return f"#{v}" if kind == "mate" else f"{v:+d}"


def fsf_fen(fen):
    """A chuhan FEN as Fairy-Stockfish reads it: chuhan also writes the first mover as `r` and
    lets every field after the board be left out (then: first mover to move, no capture, move 1)."""
    f = fen.split()
    if len(f) < 2:
        f.append("w")
    if f[1] == "r":
        f[1] = "w"
    f += ["-", "-", "0", "1"][len(f) - 2:]
    return " ".join(f[:6])


def _shift(move, d):
    return re.sub(r"\d+", lambda x: str(int(x.group(0)) + d), move)


def to_fsf(move):
    """chuhan coordinates (ranks 0-9) to Fairy-Stockfish's UCI (ranks 1-10): h2e2 -> h3e3."""
    return _shift(move, 1)


def from_fsf(move):
    """Fairy-Stockfish's UCI (ranks 1-10) to chuhan coordinates (ranks 0-9): h3e3 -> h2e2."""
    return _shift(move, -1)


class Fsf:
    """A Fairy-Stockfish process spoken to over UCI."""

    def __init__(self, path, threads=1, hash_mb=64):
        path = os.path.abspath(path)
        if not os.access(path, os.X_OK):
            raise SystemExit(f"{path}: not an executable (give the Fairy-Stockfish binary with --engine)")
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.variant = None
        self.multipv = None
        self.send("uci")
        self.id = ""
        for line in self._lines_until("uciok"):
            if line.startswith("id name "):
                self.id = line[len("id name "):]
        self.send(f"setoption name Threads value {threads}")
        self.send(f"setoption name Hash value {hash_mb}")
        self.ready()

    def send(self, s):
        self.p.stdin.write(s + "\n")
        self.p.stdin.flush()

    def _lines_until(self, token):
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise SystemExit("Fairy-Stockfish exited")
            line = line.strip()
            yield line
            if line.split(" ", 1)[0] == token:
                return

    def ready(self):
        self.send("isready")
        for _ in self._lines_until("readyok"):
            pass

    def set_variant(self, variant):
        if variant != self.variant:
            self.send(f"setoption name UCI_Variant value {variant}")
            self.variant = variant
            self.ready()

    def new_game(self):
        self.send("ucinewgame")
        self.ready()

    def analyse(self, variant, fen, moves=(), multipv=1, depth=None, movetime=None):
        """Search `fen` after `moves` (chuhan coordinates). Answers (bestmove, lines, depth):
        bestmove in chuhan coordinates (None when there is no legal move), lines a list of
        (move, score) best first, up to `multipv` of them, each score (kind, value) for the side to
        move ("cp" or "mate"), from the last complete iteration's report of that line."""
        self.set_variant(variant)
        if multipv != self.multipv:
            self.send(f"setoption name MultiPV value {multipv}")
            self.multipv = multipv
        pos = f"position fen {fsf_fen(fen)}"
        if moves:
            pos += " moves " + " ".join(to_fsf(m) for m in moves)
        self.send(pos)
        self.send(f"go depth {depth}" if depth else f"go movetime {movetime}")
        latest = {}  # multipv index -> (depth, move, score, bound)
        best = None
        for line in self._lines_until("bestmove"):
            t = line.split()
            if not t:
                continue
            if t[0] == "bestmove":
                best = None if len(t) < 2 or t[1] in ("(none)", "0000") else from_fsf(t[1])
                break
            if t[0] != "info" or "score" not in t:
                continue
            i = t.index("score")
            score = (t[i + 1], int(t[i + 2]))
            bound = len(t) > i + 3 and t[i + 3] in ("lowerbound", "upperbound")
            k = int(t[t.index("multipv") + 1]) if "multipv" in t else 1
            d = int(t[t.index("depth") + 1]) if "depth" in t else 0
            mv = from_fsf(t[t.index("pv") + 1]) if "pv" in t and t.index("pv") + 1 < len(t) else None
            old = latest.get(k)
            # Keep the deepest exact report of each line; a bound replaces only a bound.
            if old is None or (d, not bound) >= (old[0], not old[3]):
                latest[k] = (d, mv, score, bound)
        lines = [(latest[k][1], latest[k][2]) for k in sorted(latest) if latest[k][1] is not None]
        if not lines and best is None and 1 in latest:
            lines = [(None, latest[1][2])]  # no legal move: "mate 0"
        d = max((v[0] for v in latest.values()), default=0)
        return best, lines[:multipv], d

    def quit(self):
        try:
            self.send("quit")
            self.p.wait(5)
        except (OSError, subprocess.TimeoutExpired):
            self.p.kill()
