#!/usr/bin/env python3
"""Score positions with a UCI engine, for the tuner's --scores.

Reads the positions the tuner lists with --positions-out ("variant FEN" per line), has a UCI
engine search each one for a fixed number of nodes, and writes "variant FEN<TAB>centipawns for
the side to move" per line. A mate scores +-10000. Lines already in OUTPUT are kept and not
scored again, so an interrupted run can be resumed.

  target/release/chuhan-train tune --xiangqi games/*.pgn --iterations 0 --every 3 \\
      --positions-out positions.txt
  scripts/label-positions.py --engine /path/to/fairy-stockfish positions.txt scores.txt
  target/release/chuhan-train tune --xiangqi games/*.pgn --scores scores.txt --write weights.rs

The engine is any UCI engine that knows the variants by UCI_Variant and reads these FENs
(Fairy-Stockfish does); it is not part of this project. Only FENs are sent, never moves, so
engines that count ranks from 1 need no translation.
"""

import argparse
import os
import subprocess
import sys
import time
from multiprocessing import Pool

MATE = 10000


class Engine:
    def __init__(self, command):
        try:
            self.proc = subprocess.Popen(
                command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1
            )
        except OSError as e:
            sys.exit(f"error: cannot start the engine {command[0]!r}: {e}")
        self.variant = None
        self.send("uci")
        self.wait_for("uciok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")

    def wait_for(self, word):
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"the engine quit while we waited for {word!r}")
            if line.split()[:1] == [word]:
                return line

    def score(self, variant, fen, nodes):
        if variant != self.variant:
            self.send(f"setoption name UCI_Variant value {variant}")
            self.variant = variant
        self.send(f"position fen {fen}")
        self.send(f"go nodes {nodes}")
        score = None
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"the engine quit on {variant} {fen}")
            words = line.split()
            if words[:1] == ["bestmove"]:
                return score
            if words[:1] == ["info"] and "score" in words:
                i = words.index("score")
                kind, value = words[i + 1], int(words[i + 2])
                score = value if kind == "cp" else (MATE if value > 0 else -MATE)


_engine = None


def work(args):
    command, nodes, lines = args
    global _engine
    if _engine is None:
        _engine = Engine(command)
    out = []
    for line in lines:
        variant, fen = line.split(" ", 1)
        score = _engine.score(variant, fen, nodes)
        if score is not None:
            out.append(f"{line}\t{score}")
    return out


def main():
    parser = argparse.ArgumentParser(description="Score the tuner's positions with a UCI engine.")
    parser.add_argument("--engine", required=True, help="the engine's command (a path; arguments after spaces)")
    parser.add_argument("--nodes", type=int, default=5000, help="nodes per position (default 5000)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="engines run at once")
    parser.add_argument("positions", help='the tuner\'s --positions-out file ("variant FEN" per line)')
    parser.add_argument("output", help="where the scores go (appended to; existing lines are kept)")
    a = parser.parse_args()
    try:
        with open(a.positions) as f:
            wanted = [l.rstrip("\n") for l in f if l.strip()]
    except OSError as e:
        sys.exit(f"error: {e}")
    for n, line in enumerate(wanted, 1):
        if line.split(" ", 1)[0] not in ("xiangqi", "janggi") or " " not in line:
            sys.exit(f'error: {a.positions}, line {n}: expected "xiangqi FEN" or "janggi FEN", got {line[:40]!r}')
    done = set()
    if os.path.exists(a.output):
        with open(a.output) as f:
            done = {l.split("\t", 1)[0] for l in f if "\t" in l}
    todo = [l for l in dict.fromkeys(wanted) if l not in done]
    command = a.engine.split()
    try:
        Engine(command).send("quit")  # fail here, with a clear message, not inside a worker
    except (RuntimeError, BrokenPipeError) as e:
        sys.exit(f"error: the engine {a.engine!r} does not speak UCI: {e}")
    chunks = [(command, a.nodes, todo[i : i + 200]) for i in range(0, len(todo), 200)]
    start, scored = time.time(), 0
    print(f"{len(todo)} positions to score ({len(done)} already scored)", file=sys.stderr)
    with open(a.output, "a") as out, Pool(a.workers) as pool:
        for lines in pool.imap_unordered(work, chunks):
            out.write("".join(l + "\n" for l in lines))
            out.flush()
            scored += len(lines)
            rate = scored / max(time.time() - start, 1e-9)
            left = (len(todo) - scored) / max(rate, 1e-9)
            print(f"\r{scored}/{len(todo)} scored, {rate:.0f}/s, {left / 60:.1f} min left ", end="", file=sys.stderr)
    print(file=sys.stderr)


if __name__ == "__main__":
    main()
