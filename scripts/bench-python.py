#!/usr/bin/env python3
"""chuhan's Python package against pyffish and cchess (both from PyPI), same run, same machine.

Two workloads, each done the way the library is meant to be used:

(a) the legal moves of the first 2,000 xiangqi positions of crates/chuhan/tests/data/xiangqi-legal.txt
    (from a FEN, every legal move as that library hands them out):
      chuhan   len(chuhan.Board(fen).legal_moves)            (a list of Move objects)
      pyffish  pyffish.legal_moves("xiangqi", fen, [])         (a list of str)
      cchess   [m for m in ChessBoard(fen).create_moves() if not board.is_checked_move(*m)]
(b) replaying the 2,516 master games of ../shared/testdata/games (221,678 plies), every move
    checked for legality as it is played:
      chuhan   board = chuhan.Board(); board.push("h2e2") ...  (coordinates, parsed by chuhan)
      pyffish  pyffish.get_fen("xiangqi", start, moves)        (one call a game; Fairy-Stockfish
                                                                checks each move against its legal
                                                                moves; ranks 1-10, converted beforehand)
      cchess   board.move_iccs("h2e2"); board.next_turn() ...  (as cchess.Game does)

Reading the PGN files into lists of coordinates is done once, untimed, for all three. The
answers are compared (the same move sets; the same final positions), so a fast wrong answer
cannot pass.

    python3 -m venv target/py-bench
    target/py-bench/bin/pip install pyffish==0.0.90 cchess==1.25.5 target/wheels/chuhan-*.whl
    target/py-bench/bin/python scripts/bench-python.py [--shared ../shared/testdata] [--repeat N]
"""

import argparse
import glob
import os
import pathlib
import platform
import re
import sys
import time

import chuhan

REPO = pathlib.Path(__file__).resolve().parents[1]


def positions(limit=2000):
    out = []
    with open(REPO / "crates/chuhan/tests/data/xiangqi-legal.txt", encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            fen, _, moves = line.rstrip("\n").partition("\t")
            out.append((fen, sorted(moves.split())))
            if len(out) == limit:
                break
    return out


def games(shared):
    files = sorted(glob.glob(os.path.join(shared, "games", "*_UCI_games.pgn")))
    if not files:
        sys.exit(f"no master games under {shared}/games: pass --shared")
    move = re.compile(r"\b([a-i][0-9][a-i][0-9])\b")
    out = []
    for path in files:
        text = open(path, encoding="utf-8").read()
        for block in re.split(r"\n(?=\[Event )", text):
            body = "\n".join(l for l in block.splitlines() if not l.startswith("["))
            moves = move.findall(body)
            if moves:
                out.append(moves)
    return out


def best_of(fn, repeat):
    best = float("inf")
    result = None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - start)
    return best, result


def rank1(m):
    """chuhan's ranks 0-9 to Fairy-Stockfish's 1-10."""
    return f"{m[0]}{int(m[1]) + 1}{m[2]}{int(m[3]) + 1}"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--shared", default=str(REPO.parent / "shared" / "testdata"))
    ap.add_argument("--repeat", type=int, default=5, help="runs of each timing; the best is kept")
    ap.add_argument("--skip-cchess-replay", action="store_true", help="cchess's replay takes minutes")
    args = ap.parse_args()

    import pyffish
    import cchess
    from importlib.metadata import version

    print(f"python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores")
    print(f"chuhan {version('chuhan')}, pyffish {version('pyffish')}, cchess {version('cchess')}")

    pos = positions()
    fens = [f for f, _ in pos]
    n = len(fens)

    def chuhan_legal():
        return [len(chuhan.Board(f).legal_moves) for f in fens]

    def chuhan_legal_text():
        return [[m.uci() for m in chuhan.Board(f).legal_moves] for f in fens]

    def ffish_legal():
        return [pyffish.legal_moves("xiangqi", f, []) for f in fens]

    def cchess_legal():
        out = []
        for f in fens:
            b = cchess.ChessBoard(f)
            out.append([m for m in b.create_moves() if not b.is_checked_move(*m)])
        return out

    # The answers first: every library's moves of every position.
    ours = chuhan_legal_text()
    assert [sorted(m) for m in ours] == [e for _, e in pos], "chuhan differs from the fixture"
    theirs = ffish_legal()
    assert [sorted(rank1(m) for m in o) for o in ours] == [sorted(t) for t in theirs], "pyffish differs"
    cc = cchess_legal()
    cc_agree = sum(len(c) == len(o) for c, o in zip(cc, ours))
    print(f"(a) move counts agree: pyffish {n}/{n}, cchess {cc_agree}/{n}")

    results = {}
    for name, fn, rep in [
        ("chuhan", chuhan_legal, args.repeat),
        ("chuhan (uci strings)", chuhan_legal_text, args.repeat),
        ("pyffish", ffish_legal, args.repeat),
        ("cchess", cchess_legal, 1),
    ]:
        t, _ = best_of(fn, rep)
        results[name] = t
        print(f"(a) legal moves of {n} positions  {name:<22} {t * 1000:9.1f} ms  {t / n * 1e6:8.2f} µs/position")
    print(
        f"(a) chuhan is {results['pyffish'] / results['chuhan']:.1f}x pyffish, "
        f"{results['cchess'] / results['chuhan']:.0f}x cchess"
    )

    gs = games(args.shared)
    plies = sum(len(g) for g in gs)
    gs1 = [[rank1(m) for m in g] for g in gs]
    start_fen = chuhan.Board().fen()

    def chuhan_replay():
        fens = []
        for g in gs:
            b = chuhan.Board()
            for m in g:
                b.push(m)
            fens.append(b.fen())
        return fens

    def ffish_replay():
        return [pyffish.get_fen("xiangqi", start_fen, g) for g in gs1]

    def cchess_replay():
        fens = []
        for g in gs:
            b = cchess.ChessBoard(cchess.FULL_INIT_FEN)
            for m in g:
                if b.move_iccs(m) is None:
                    raise ValueError(m)
                b.next_turn()
            fens.append(b.to_fen())
        return fens

    replay = {}
    for name, fn, rep in [("chuhan", chuhan_replay, args.repeat), ("pyffish", ffish_replay, max(1, args.repeat // 2))] + (
        [] if args.skip_cchess_replay else [("cchess", cchess_replay, 1)]
    ):
        t, out = best_of(fn, rep)
        replay[name] = (t, out)
        print(f"(b) replay {len(gs)} games, {plies} plies  {name:<8} {t:8.3f} s  {t / plies * 1e6:8.2f} µs/ply")
    board_side = lambda f: " ".join(f.split()[:2])  # noqa: E731
    assert [board_side(f) for f in replay["chuhan"][1]] == [board_side(f) for f in replay["pyffish"][1]], "final positions differ"
    if "cchess" in replay:
        same = sum(board_side(a) == board_side(b) for a, b in zip(replay["chuhan"][1], replay["cchess"][1]))
        print(f"(b) final positions agree: pyffish {len(gs)}/{len(gs)}, cchess {same}/{len(gs)}")
    t0 = replay["chuhan"][0]
    line = f"(b) chuhan is {replay['pyffish'][0] / t0:.1f}x pyffish"
    if "cchess" in replay:
        line += f", {replay['cchess'][0] / t0:.0f}x cchess"
    print(line)


if __name__ == "__main__":
    main()
