#!/usr/bin/env python3
"""Builds chuhan's default match openings.

xiangqi: the first PLIES plies of the master games in ../shared/testdata/games (Hu Ronghua and
Liu Dahua, from wukong-xiangqi, MIT licence), kept when masters chose the same line at least
MIN_COUNT times (a line strong players repeat is taken as sound and roughly balanced), de-duplicated,
most frequent first.

janggi: the 16 start positions of the four South Korean formations for each side, each alone
and after two common quiet first moves of Cho (a soldier stepping towards the centre).

Usage: python3 scripts/make_openings.py [GAMES_DIR] [OUT_DIR]
Every line is replayed by chuhan's own rules in the test `shipped_openings_replay`.
"""
import collections
import glob
import os
import re
import sys

PLIES = 8
MIN_COUNT = 3

here = os.path.dirname(os.path.abspath(__file__))
games_dir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "..", "shared", "testdata", "games")
out_dir = sys.argv[2] if len(sys.argv) > 2 else os.path.join(here, "..", "crates", "chuhan-cli", "data")

MOVE = re.compile(r"^[a-i][0-9][a-i][0-9]$")


def games(path):
    """Yields the coordinate moves of each game of a PGN file (tags skipped)."""
    moves = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line.startswith("["):
                if moves:
                    yield moves
                    moves = []
                continue
            moves.extend(w for w in line.split() if MOVE.match(w))
    if moves:
        yield moves


def xiangqi():
    counts = collections.Counter()
    files = sorted(glob.glob(os.path.join(games_dir, "*_UCI_games.pgn")))
    if not files:
        sys.exit(f"no *_UCI_games.pgn in {games_dir}")
    for path in files:
        for g in games(path):
            if len(g) >= PLIES:
                counts[" ".join(g[:PLIES])] += 1
    lines = sorted((l for l, c in counts.items() if c >= MIN_COUNT), key=lambda l: (-counts[l], l))
    header = [
        "# chuhan default xiangqi openings: one line of coordinate moves (ranks 0-9) per opening.",
        f"# The first {PLIES} plies of master games repeated at least {MIN_COUNT} times, most frequent first,",
        "# from the Hu Ronghua and Liu Dahua game collections of wukong-xiangqi (MIT licence,",
        "# https://github.com/maksimKorzh/wukong-xiangqi). Made by scripts/make_openings.py.",
    ]
    return header + lines


FORMATIONS = {"outer": "RBNA1ANBR", "inner": "RNBA1ABNR", "left": "RBNA1ABNR", "right": "RNBA1ANBR"}
JANGGI_FIRST_MOVES = ["", "c3d3", "g3f3"]


def janggi():
    header = [
        "# chuhan default janggi openings: FEN [moves ...] per line.",
        "# The 16 pairings of the four formations (outer, inner, left and right elephant) for Cho",
        "# and Han, each alone and after Cho's c3d3 or g3f3. Made by scripts/make_openings.py.",
    ]
    out = []
    for cho_name, cho in FORMATIONS.items():
        for han_name, han in FORMATIONS.items():
            # Han's left is file i: written from file a, its back rank is reversed.
            fen = f"{han[::-1].lower()}/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/{cho} w - - 0 1"
            for m in JANGGI_FIRST_MOVES:
                out.append(fen + (f" moves {m}" if m else ""))
    return header + out


def write(name, lines):
    path = os.path.join(out_dir, name)
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    print(f"{path}: {sum(1 for l in lines if not l.startswith('#'))} openings")


write("openings-xiangqi.txt", xiangqi())
write("openings-janggi.txt", janggi())
