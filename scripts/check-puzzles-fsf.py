#!/usr/bin/env python3
"""Check puzzles against Fairy-Stockfish: is each puzzle's first move the one best move, clearly?

    python3 scripts/check-puzzles-fsf.py --engine /work/ref/fsf/fairy-stockfish \\
        --puzzles puzzles.jsonl --sample 200 --depth 16 --seed 1

Puzzles are JSON Lines, one object a line:
    {"id": "p1", "variant": "xiangqi", "fen": "...", "solution": ["h2e2", ...], "themes": [], "rating": 1500}
The solver is the side to move in `fen`; solution[0] is its first move in chuhan's coordinates
(files a-i, ranks 0-9 from the first mover's side; a janggi pass is the general's point twice,
"e1e1"). Fairy-Stockfish (a separate program, GPL, built outside this tree with
`make build largeboards=yes`; give its path with --engine) searches each sampled puzzle with
MultiPV 2. A puzzle passes when
  - FSF's best move is solution[0], and
  - the second best line is clearly worse: the solver's win probability after the best line minus
    after the second is at least --margin (0.20, the gap of a blunder in `chuhan review`), or the
    best line mates and the second does not.
Win probability is `chuhan review`'s curve (crates/chuhan-engine/src/review/curve.rs, read from
the source): 1 / (1 + e^(-k * cp)) with the variant's fitted k, a mate worth 1 or 0. FSF's
centipawns are not chuhan's (--cp-scale multiplies them before the curve; 1 by default).
A puzzle whose position has a single legal move, whose FEN FSF rejects, or whose solution[0] is
not legal fails with that reason.

Prints sampled, passed, the share, and every failure with FSF's two best moves and their
scores; --json prints the same as one JSON object. Exit status 0 whatever the share (the report
is the result); 2 for bad input.
"""
import argparse
import json
import os
import random
import sys
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fsf_common import Fsf, BLUNDER, fmt_score, fsf_fen, to_fsf, win_probability  # noqa: E402

try:
    import pyffish
except ImportError:  # optional: FEN and legality checks before the search
    pyffish = None


def load(path):
    puzzles = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line:
                continue
            try:
                p = json.loads(line)
            except json.JSONDecodeError as e:
                sys.exit(f"{path}:{n}: not JSON: {e}")
            for key in ("fen", "solution"):
                if key not in p:
                    sys.exit(f"{path}:{n}: no {key!r}")
            if not p["solution"]:
                sys.exit(f"{path}:{n}: empty solution")
            p.setdefault("id", f"line {n}")
            p.setdefault("variant", "xiangqi")
            if p["variant"] not in ("xiangqi", "janggi"):
                sys.exit(f"{path}:{n}: variant {p['variant']!r}: expected xiangqi or janggi")
            puzzles.append(p)
    return puzzles


def check(fsf, p, a):
    """One puzzle's verdict: a dict with pass, reason, best and second."""
    v, fen, first = p["variant"], fsf_fen(p["fen"]), p["solution"][0]
    out = {"id": p["id"], "variant": v, "solution": first, "pass": False, "reason": None,
           "best": None, "second": None}
    if pyffish is not None:
        if pyffish.validate_fen(fen, v) != 1:
            out["reason"] = "FEN rejected by pyffish"
            return out
        if to_fsf(first) not in pyffish.legal_moves(v, fen, []):
            out["reason"] = f"solution[0] {first} is not legal"
            return out
    fsf.new_game()
    best, lines, depth = fsf.analyse(v, fen, multipv=2, depth=a.depth, movetime=a.movetime)
    out["depth"] = depth
    if best is None or not lines:
        out["reason"] = "no legal move"
        return out

    def line(i):
        mv, sc = lines[i]
        return {"move": mv, "score": fmt_score(sc), "win": round(win_probability(sc, v, a.cp_scale), 4)}

    out["best"] = line(0)
    if len(lines) > 1:
        out["second"] = line(1)
    if lines[0][0] != first:
        out["reason"] = f"FSF prefers {lines[0][0]}"
        return out
    if len(lines) < 2:
        out["reason"] = "a single legal move"
        return out
    (_, s1), (_, s2) = lines[0], lines[1]
    mate1 = s1[0] == "mate" and s1[1] > 0
    mate2 = s2[0] == "mate" and s2[1] > 0
    gap = win_probability(s1, v, a.cp_scale) - win_probability(s2, v, a.cp_scale)
    out["gap"] = round(gap, 4)
    if mate1 and not mate2:
        out["pass"] = True
    elif gap >= a.margin:
        out["pass"] = True
    elif mate1 and mate2:
        out["reason"] = f"the second move {lines[1][0]} mates too"
    else:
        out["reason"] = f"second best {lines[1][0]} is only {gap:.3f} worse (< {a.margin})"
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0], epilog=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", required=True, help="the Fairy-Stockfish binary (built with largeboards=yes)")
    ap.add_argument("--puzzles", required=True, help="puzzles as JSON Lines")
    ap.add_argument("--sample", type=int, default=200, help="puzzles drawn at random (all when fewer; 0: all) [200]")
    ap.add_argument("--seed", type=int, default=1, help="the sample's seed [1]")
    lim = ap.add_mutually_exclusive_group()
    lim.add_argument("--depth", type=int, help="search depth per puzzle [16 when no limit is given]")
    lim.add_argument("--movetime", type=int, metavar="MS", help="search time per puzzle, milliseconds")
    ap.add_argument("--margin", type=float, default=BLUNDER,
                    help=f"how much win probability the second best must lose [{BLUNDER}, chuhan's blunder]")
    ap.add_argument("--cp-scale", type=float, default=1.0,
                    help="multiply FSF's centipawns by this before chuhan's curve [1]")
    ap.add_argument("--threads", type=int, default=1, help="FSF search threads [1]")
    ap.add_argument("--hash", type=int, default=64, help="FSF hash, MiB [64]")
    ap.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    a = ap.parse_args()
    if a.depth is None and a.movetime is None:
        a.depth = 16

    puzzles = load(a.puzzles)
    if a.sample and a.sample < len(puzzles):
        puzzles = random.Random(a.seed).sample(puzzles, a.sample)
    fsf = Fsf(a.engine, threads=a.threads, hash_mb=a.hash)
    t0 = time.time()
    results = [check(fsf, p, a) for p in puzzles]
    fsf.quit()
    passed = sum(r["pass"] for r in results)
    report = {
        "engine": fsf.id, "puzzles": a.puzzles, "limit": f"depth {a.depth}" if a.depth else f"{a.movetime} ms",
        "margin": a.margin, "cp_scale": a.cp_scale, "seed": a.seed,
        "sampled": len(results), "passed": passed,
        "share": round(passed / len(results), 4) if results else None,
        "seconds": round(time.time() - t0, 1),
        "failures": [r for r in results if not r["pass"]],
    }
    if a.json:
        print(json.dumps(report, indent=1))
        return
    print(f"{report['engine']}, {report['limit']}, margin {a.margin}, cp scale {a.cp_scale}")
    share = f"{100 * passed / len(results):.1f} %" if results else "-"
    print(f"sampled {len(results)}, passed {passed} ({share}), {report['seconds']} s")
    if report["failures"]:
        print("failures:")
        for r in report["failures"]:
            b, s = r["best"], r["second"]
            desc = lambda x: f"{x['move']} {x['score']} ({x['win']:.3f})" if x else "-"
            print(f"  {r['id']} [{r['variant']}] solution {r['solution']}: {r['reason']}; "
                  f"best {desc(b)}, second {desc(s)}")


if __name__ == "__main__":
    main()
