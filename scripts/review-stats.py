#!/usr/bin/env python3
"""What `chuhan review --json` found over many games, to choose the marks' thresholds.

    chuhan review GAMES.pgn --threads 2 --json > review.json
    python3 scripts/review-stats.py review.json

Prints the share of moves with each mark; the search's noise — the drop of win probability
after the engine's own move (its loss is set to 0, so that drop is what the search's
inconsistency alone costs: a threshold near it marks good moves); and how many moves each set
of thresholds would mark.
"""

import json
import sys


def percentile(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


def main():
    games = json.load(open(sys.argv[1], encoding="utf-8"))
    moves = [m for g in games for m in g["moves"]]
    free = [m for m in moves if not m["forced"]]
    print(f"{len(games)} games, {len(moves)} moves ({len(moves) - len(free)} forced)")
    for mark in ["??", "?", "?!"]:
        n = sum(m["mark"] == mark for m in moves)
        print(f"  {mark:>2}: {n} ({100 * n / max(1, len(moves)):.2f} % of moves, {n / max(1, len(games)):.2f} a game)")
    own = [m["win_before"] - m["win_after"] for m in free if m["best"] == m["move"]]
    print(f"the engine's own move ({len(own)} moves, {100 * len(own) / max(1, len(free)):.1f} %): drop of win probability")
    for q in [0.5, 0.75, 0.9, 0.95, 0.99]:
        print(f"  {int(q * 100)}th percentile: {100 * percentile(own, q):.2f} points")
    for t in [0.05, 0.10, 0.15]:
        n = sum(d >= t for d in own)
        print(f"  at least {int(t * 100)} points: {100 * n / max(1, len(own)):.2f} % of them")
    others = [m["loss"] for m in free if m["best"] != m["move"]]
    print(f"other moves ({len(others)}): loss percentiles 50/90/99: "
          + ", ".join(f"{100 * percentile(others, q):.1f}" for q in [0.5, 0.9, 0.99]))
    for name, (b, k, i) in {"lichess (0.15/0.10/0.05)": (0.15, 0.10, 0.05),
                            "wider (0.20/0.12/0.07)": (0.20, 0.12, 0.07)}.items():
        counts = [sum(1 for m in free if m["loss"] >= lo and (hi is None or m["loss"] < hi))
                  for lo, hi in [(b, None), (k, b), (i, k)]]
        print(f"  {name}: ?? {counts[0]}, ? {counts[1]}, ?! {counts[2]} "
              f"({sum(counts) / max(1, len(games)):.1f} marks a game)")


if __name__ == "__main__":
    main()
