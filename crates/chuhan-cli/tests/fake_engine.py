#!/usr/bin/env python3
"""A scripted fake engine for the tests of `chuhan match`: UCI or UCCI, misbehaving on demand.

Usage: fake_engine.py [--proto uci|ucci] [--mode MODE] [--chuhan PATH] [--variant V]
                      [--script m1 m2 ...] [--after N] [--log FILE] [--name NAME] [--coords uci|uci1]
                      [--info WORDS]...

With --info, each WORDS (words joined by `+`, as `--engine arg=` splits at spaces) is sent as an
`info` line before `bestmove`, instead of the usual one (fixed analysis lines for the web app's
tests).

Modes (what the engine answers to `go`):
  first    the first legal move listed by `chuhan moves` (needs --chuhan)
  random   a random legal move (seeded by the position, so games are reproducible)
  script   the move of --script at the index of the current ply (moves after the FEN)
  illegal  a well-formed move that is illegal (a0a9 or i0i9)
  garbage  `bestmove xyzzy`
  timeout  never answers `go`
  crash    exits without a word on `go`
  resign   `bestmove (none)` (UCI) or `nobestmove` (UCCI)
With --after N, the misbehaving modes play like `first` for their first N moves.
"""
import argparse
import random
import subprocess
import sys
import time

START = {
    "xiangqi": "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "janggi": "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1",
}

p = argparse.ArgumentParser()
p.add_argument("--proto", default="uci")
p.add_argument("--mode", default="first")
p.add_argument("--chuhan")
p.add_argument("--variant", default="xiangqi")
p.add_argument("--script", nargs="*", default=[])
p.add_argument("--after", type=int, default=0)
p.add_argument("--log")
p.add_argument("--name", default="Fake")
p.add_argument("--coords", default="uci")
p.add_argument("--info", action="append", default=[])
a = p.parse_args()

log = open(a.log, "a", encoding="utf-8") if a.log else None
fen, moves = START[a.variant], []
played = 0


def out(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def to_engine(m):
    """chuhan's ranks 0-9 to this engine's coordinates."""
    if a.coords != "uci1":
        return m
    return f"{m[0]}{int(m[1]) + 1}{m[2]}{int(m[3]) + 1}"


def from_engine(m):
    if a.coords != "uci1":
        return m
    import re

    f1, r1, f2, r2 = re.fullmatch(r"([a-i])(\d+)([a-i])(\d+)", m).groups()
    return f"{f1}{int(r1) - 1}{f2}{int(r2) - 1}"


def legal_moves():
    cmd = [a.chuhan, "moves", "--variant", a.variant, "--fen", fen]
    if moves:
        cmd += ["--moves"] + moves
    return subprocess.run(cmd, capture_output=True, text=True, check=True).stdout.split()


def answer():
    global played
    mode = a.mode if played >= a.after else "first"
    played += 1
    if mode == "script":
        script = a.script
        return script[len(moves)] if len(moves) < len(script) else None
    if mode in ("first", "random"):
        legal = legal_moves()
        if not legal:
            return None
        if mode == "first":
            return legal[0]
        return random.Random(fen + " ".join(moves)).choice(legal)
    if mode == "illegal":
        return "a0a9" if fen.split()[1] == "w" and len(moves) % 2 == 0 else "i9i0"
    if mode == "garbage":
        return "xyzzy"
    if mode == "timeout":
        time.sleep(3600)
    if mode == "crash":
        sys.exit(3)
    return None


for line in sys.stdin:
    line = line.strip()
    if log:
        log.write(line + "\n")
        log.flush()
    words = line.split()
    if not words:
        continue
    cmd = words[0]
    if cmd == "uci":
        out(f"id name {a.name}")
        out("option name UCI_Variant type combo default xiangqi var xiangqi var janggi")
        out("option name Hash type spin default 16 min 1 max 1024")
        out("option name MultiPV type spin default 1 min 1 max 5")
        out("uciok")
    elif cmd == "ucci":
        out(f"id name {a.name}")
        out("option usemillisec type check default false")
        out("ucciok")
    elif cmd == "isready":
        out("readyok")
    elif cmd == "position":
        rest = line[len("position "):]
        head, _, tail = rest.partition(" moves ")
        if head.startswith("startpos"):
            fen = START[a.variant]
        else:
            fen = head[len("fen "):].strip()
        moves = [from_engine(m) for m in tail.split()] if tail else []
    elif cmd == "go":
        m = answer()
        if m is None:
            out("bestmove (none)" if a.proto == "uci" else "nobestmove")
        elif m == "xyzzy":
            out("bestmove xyzzy")
        else:
            if a.info:
                for info in a.info:
                    out("info " + info.replace("+", " "))
            else:
                out("info depth 1 score " + ("cp 12" if a.proto == "uci" else "12") + " pv " + to_engine(m))
            out("bestmove " + to_engine(m))
    elif cmd == "quit":
        if a.proto == "ucci":
            out("bye")
        break
