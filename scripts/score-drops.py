#!/usr/bin/env python3
"""List the moves after which an engine's own score fell sharply, in games it lost.

Reads a PGN written by `chuhan match --pgnout` (each engine move carries a comment such as
`{+1.24/12 0.331s}`: its score in pawns for itself, the depth and the time). For every game the
named engine lost, prints the first of its moves whose score fell by more than the threshold
by its next move, with the moves from the start as a UCI `position startpos moves ...` line —
the position to study (what did the engine miss?). Games that began from a FEN are skipped.

With `--turning`, reads the opponent's scores instead: in each lost game, the first of the
engine's moves after which the opponent's own score rose by `--jump` or more to `--level` or
more, kept only when the engine still thought itself no worse than `--still` and the opponent
had been at `--before` or less: a turning point the engine did not see, rather than a lost game
going on (docs/search-techniques.md, "Where chuhan's moves go wrong"). Opponent moves made at
depth 1 (forced or instant) carry no judgement and are skipped.

    python3 scripts/score-drops.py games.pgn --engine chuhan [--drop 2.5]
    python3 scripts/score-drops.py games.pgn --engine chuhan --turning [--jump 0.8 --level 1.4]
"""

import argparse
import re
import sys

MOVE = re.compile(r"([a-i]\d[a-i]\d)(\s*\{[^}]*\})?")
SCORE = re.compile(r"\{([+-]?\d+(?:\.\d+)?|[+-]M\d+)/(\d+)")


def pawns(text):
    """A comment's score in pawns; a mate counts as ±100."""
    if "M" in text:
        return 100.0 if text.startswith("+") else -100.0
    return float(text)


def games(pgn):
    """(tags, movetext) for each game of the file."""
    for chunk in re.split(r"\n(?=\[Event )", pgn):
        if "[" not in chunk:
            continue
        tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', chunk))
        head, _, body = chunk.partition("\n\n")
        yield tags, body


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("pgn", help="a PGN file from chuhan match --pgnout")
    ap.add_argument("--engine", required=True, help="the engine's name as in the Red/Black tags")
    ap.add_argument("--drop", type=float, default=2.5, help="pawns the score must fall by (default 2.5)")
    ap.add_argument("--turning", action="store_true",
                    help="find the moves after which the opponent's score rose instead (see above)")
    ap.add_argument("--jump", type=float, default=0.8, help="--turning: the opponent's rise in pawns (0.8)")
    ap.add_argument("--level", type=float, default=1.4, help="--turning: the opponent's score after it (1.4)")
    ap.add_argument("--still", type=float, default=-0.5, help="--turning: our least score at the move (-0.5)")
    ap.add_argument("--before", type=float, default=1.2, help="--turning: the opponent's most score before it (1.2)")
    args = ap.parse_args()
    try:
        with open(args.pgn, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        sys.exit(f"score-drops: cannot read {args.pgn}: {e.strerror}")

    lost = found = 0
    for tags, body in games(text):
        if "FEN" in tags:
            continue
        if tags.get("Red") == args.engine:
            side, losing = 0, "0-1"
        elif tags.get("Black") == args.engine:
            side, losing = 1, "1-0"
        else:
            continue
        if tags.get("Result") != losing:
            continue
        lost += 1
        plies = MOVE.findall(body)
        # Each ply's (score in pawns, depth) from its comment, or None.
        scores = [(pawns(m.group(1)), int(m.group(2))) if (m := SCORE.search(c or "")) else None
                  for _, c in plies]
        if args.turning:
            found += turning_point(args, tags, plies, scores, side)
            continue
        ours = [(i, *s) for i, s in enumerate(scores) if i % 2 == side and s]
        for (i, before, depth), (_, after, _) in zip(ours, ours[1:]):
            if before - after > args.drop:
                found += 1
                moves = " ".join(m for m, _ in plies[:i])
                print(f"round {tags.get('Round', '?')}: {plies[i][0]} scored {before:+.2f}/{depth}, "
                      f"then {after:+.2f}")
                print(f"  position startpos moves {moves}")
                break
    if args.turning:
        print(f"{found} of {args.engine}'s {lost} lost games have a turning point", file=sys.stderr)
    else:
        print(f"{found} of {args.engine}'s {lost} lost games have a drop of more than {args.drop} pawns",
              file=sys.stderr)


def turning_point(args, tags, plies, scores, side):
    """Prints the game's turning point (see the module's documentation); 1 if it has one."""
    for i in range(1, len(plies) - 1):
        if i % 2 != side or not all((scores[i - 1], scores[i], scores[i + 1])):
            continue
        (theirs_before, d0), (ours, depth), (theirs_after, d1) = scores[i - 1], scores[i], scores[i + 1]
        if d0 <= 1 or d1 <= 1 or theirs_after - theirs_before < args.jump or theirs_after < args.level:
            continue
        # The first such move decides: a game already lost by then is not a turning point.
        if ours < args.still or theirs_before > args.before:
            return 0
        moves = " ".join(m for m, _ in plies[:i])
        print(f"round {tags.get('Round', '?')}: {plies[i][0]} scored {ours:+.2f}/{depth}; "
              f"the opponent {theirs_before:+.2f}, then {theirs_after:+.2f}")
        print(f"  position startpos moves {moves}")
        return 1
    return 0


if __name__ == "__main__":
    main()
