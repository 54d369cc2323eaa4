#!/usr/bin/env python3
"""How far `chuhan review`'s marks agree with Fairy-Stockfish's judgement of the same moves.

    python3 scripts/review-agreement-fsf.py --engine /work/ref/fsf/fairy-stockfish \\
        --chuhan target/release/chuhan \\
        --pgn ../shared/testdata/games/Liu_Dahua_1125_UCI_games.pgn --games 50 --depth 10

Takes the first --games games of --pgn (after --skip), reviews them with
`chuhan review --json` (its default 20,000 nodes a position unless --nodes; run beside the FSF
searches, one thread each), and searches every position of the same games with Fairy-Stockfish
(a separate program, GPL, built outside this tree with `make build largeboards=yes`; its path is
--engine) to a fixed depth, MultiPV 1. FSF's loss of a move is computed as chuhan's review
computes its own (crates/chuhan-engine/src/review/mod.rs): the mover's win probability before the
move (FSF's score of the position) minus after it (FSF's score of the next position, negated),
at least 0; 0 for a forced move and for the move FSF itself plays; a move that leaves the
opponent no legal move is worth 1. Win probability is chuhan's curve, read from
crates/chuhan-engine/src/review/curve.rs (1 / (1 + e^(-k * cp)), mates 1 or 0); FSF's centipawns
can be rescaled first with --cp-scale (they are not chuhan's centipawns: the report prints the
median ratio of the two engines' scores of the same positions). FSF's marks use chuhan's
thresholds (mark.rs: 0.20 ??, 0.15 ?, 0.10 ?!). Repetition rulings, which chuhan marks ?? with
a reason, have no FSF counterpart and are counted apart.

Reports:
  recall     of the moves FSF's loss makes blunders (>= 0.20), the share chuhan marks ?? or ?
  precision  of chuhan's ?? (repetition rulings left out), the share FSF's loss marks ?? or ?
             (and, strictly, ??; and leaving out the ?? whose score after the move is one of the
             search's rule scores, |cp| >= 10,000, with no ruling in the game)
  top-N      each game's N biggest FSF losses (N = --top, 3): the share chuhan marks at all,
             and ?? or ?
  noise      each engine's own choices (loss 0 by definition): the share whose win probability
             still dropped by a mark's threshold between its two searches
  the table of chuhan's mark against FSF's mark, the mean losses and their correlation.
--json prints the report as one JSON object; --details FILE writes every move with both losses.
--review-json FILE reads a saved `chuhan review --json` of the same games instead of running it
(--save-review FILE keeps the one this run makes).
"""
import argparse
import json
import math
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fsf_common import (Fsf, BLUNDER, MISTAKE, INACCURACY, mark_of, negate, fmt_score,  # noqa: E402
                        fsf_fen, to_fsf, win_probability)

try:
    import pyffish
except ImportError:
    sys.exit("needs pyffish (pip install pyffish): it says which moves are legal and forced")

START = {
    "xiangqi": "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
}


def read_games(path):
    """The PGN's games as text blocks, each from its first tag to the next game's."""
    text = open(path, encoding="utf-8-sig").read()
    blocks = re.split(r"\n\s*\n(?=\[)", text.strip())
    return [b.strip() + "\n" for b in blocks if b.strip()]


def run_chuhan(chuhan, pgn_text, nodes, threads):
    with tempfile.NamedTemporaryFile("w", suffix=".pgn", delete=False, encoding="utf-8") as f:
        f.write("\n".join(pgn_text))
        tmp = f.name
    cmd = [chuhan, "review", tmp, "--json", "--threads", str(threads)]
    if nodes:
        cmd += ["--nodes", str(nodes)]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return proc, tmp, cmd


def fsf_game(fsf, variant, fen, moves, depth):
    """FSF's score (mover's view) and best move at every position of the game: lists of
    len(moves) + 1, score None where the side to move has no legal move."""
    fsf.new_game()
    scores, bests, legal_counts = [], [], []
    for i in range(len(moves) + 1):
        done = [to_fsf(m) for m in moves[:i]]
        legal = pyffish.legal_moves(variant, fen, done)
        legal_counts.append(len(legal))
        if i < len(moves) and to_fsf(moves[i]) not in legal:
            raise ValueError(f"ply {i + 1} ({moves[i]}) is not legal for pyffish")
        if not legal:
            scores.append(None)
            bests.append(None)
            continue
        best, lines, _ = fsf.analyse(variant, fen, moves[:i], multipv=1, depth=depth)
        scores.append(lines[0][1] if lines else None)
        bests.append(best)
    return scores, bests, legal_counts


def fsf_losses(variant, moves, scores, bests, legal_counts, cp_scale):
    out = []
    for i, mv in enumerate(moves):
        before = scores[i]
        wb = win_probability(before, variant, cp_scale) if before is not None else 0.5
        if legal_counts[i + 1] == 0:
            wa = 1.0  # the opponent has no legal move: the mover has won
        elif scores[i + 1] is None:
            wa = 0.5
        else:
            wa = win_probability(negate(scores[i + 1]), variant, cp_scale)
        forced = legal_counts[i] == 1
        loss = 0.0 if forced or bests[i] == mv else max(0.0, wb - wa)
        out.append({"loss": loss, "win_before": wb, "win_after": wa, "best": bests[i], "forced": forced,
                    "drop": wb - wa})
    return out


def pearson(xs, ys):
    if len(xs) < 2:
        return None
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    sx = math.sqrt(sum((x - mx) ** 2 for x in xs))
    sy = math.sqrt(sum((y - my) ** 2 for y in ys))
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / (sx * sy) if sx and sy else None


def share(n, d):
    return round(n / d, 4) if d else None


def pct(x):
    return "-" if x is None else f"{100 * x:.1f} %"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0], epilog=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", required=True, help="the Fairy-Stockfish binary (built with largeboards=yes)")
    ap.add_argument("--chuhan", help="the chuhan binary (with `review`); not needed with --review-json; `none`: FSF only (fills --fsf-cache)")
    ap.add_argument("--pgn", required=True, help="games as PGN with coordinate moves, ranks 0-9 (h2e2), as ../shared/testdata/games/*_UCI_games.pgn")
    ap.add_argument("--games", type=int, default=50, help="games taken from the start of --pgn [50]")
    ap.add_argument("--skip", type=int, default=0, help="games skipped first [0]")
    ap.add_argument("--depth", type=int, default=10, help="FSF's depth per position [10]")
    ap.add_argument("--nodes", type=int, help="chuhan review's nodes per position [its default, 20000]")
    ap.add_argument("--chuhan-threads", type=int, default=1, help="games chuhan reviews at once [1]")
    ap.add_argument("--hash", type=int, default=64, help="FSF hash, MiB [64]")
    ap.add_argument("--cp-scale", type=float, default=1.0, help="multiply FSF's centipawns by this before the curve [1]")
    ap.add_argument("--top", type=int, default=3, help="the biggest FSF losses per game checked [3]")
    ap.add_argument("--review-json", help="a saved `chuhan review --json` of the same games (skips running chuhan)")
    ap.add_argument("--save-review", help="write chuhan's review JSON here")
    ap.add_argument("--fsf-cache", help="FSF's scores as JSON: read when the file exists and matches these games and "
                    "depth, else written after the searches (reruns against another chuhan setting skip FSF)")
    ap.add_argument("--details", help="write every move (both engines' losses and marks) here as JSON")
    ap.add_argument("--json", action="store_true", help="print the report as one JSON object")
    a = ap.parse_args()

    blocks = read_games(a.pgn)[a.skip:a.skip + a.games]
    if not blocks:
        sys.exit(f"{a.pgn}: no games after skipping {a.skip}")
    t0 = time.time()
    proc = tmp = None
    if a.review_json:
        review = json.load(open(a.review_json, encoding="utf-8"))
    elif a.chuhan == "none":
        review = None  # FSF only: fill --fsf-cache and stop
    else:
        if not a.chuhan:
            sys.exit("--chuhan PATH (or --review-json FILE) is needed")
        proc, tmp, cmd = run_chuhan(os.path.abspath(a.chuhan), blocks, a.nodes, a.chuhan_threads)
        print("running: " + " ".join(cmd), file=sys.stderr)

    # The moves: parsed from the PGN here (coordinates), checked against chuhan's afterwards.
    games = []
    for b in blocks:
        fen = re.search(r'^\[FEN "([^"]+)"\]', b, re.M)
        var = re.search(r'^\[Variant "([^"]+)"\]', b, re.M)
        variant = (var.group(1).lower() if var else "xiangqi")
        body = "\n".join(l for l in b.splitlines() if not l.startswith("["))
        body = re.sub(r"\{[^}]*\}", " ", body)
        moves = re.findall(r"\b([a-i](?:10|\d)[a-i](?:10|\d))\b", body)
        if not moves:
            sys.exit(f"{a.pgn}: a game with no coordinate moves (h2e2): only coordinate PGNs are read here")
        games.append({"variant": variant, "fen": fsf_fen(fen.group(1)) if fen else START.get(variant), "moves": moves})
    if any(g["fen"] is None for g in games):
        sys.exit("a janggi game without a FEN tag: its setup is unknown")

    cache = None
    if a.fsf_cache and os.path.exists(a.fsf_cache):
        cache = json.load(open(a.fsf_cache, encoding="utf-8"))
        # A cache of more games serves their first ones.
        cache["games"] = cache["games"][:len(games)]
        if cache.get("depth") != a.depth or [c["moves"] for c in cache["games"]] != [g["moves"] for g in games]:
            sys.exit(f"{a.fsf_cache}: made for other games or another depth")
    fsf_id, positions, fsf_seconds = None, 0, 0.0
    if cache:
        fsf_id, fsf_seconds = cache["fsf"], None
        for g, c in zip(games, cache["games"]):
            g["scores"] = [tuple(s) if s else None for s in c["scores"]]
            g["bests"], g["legal"] = c["bests"], c["legal"]
            positions += len(g["moves"]) + 1
    else:
        fsf = Fsf(a.engine, threads=1, hash_mb=a.hash)
        fsf_id = fsf.id
        t_fsf = time.time()
        for n, g in enumerate(games, 1):
            try:
                g["scores"], g["bests"], g["legal"] = fsf_game(fsf, g["variant"], g["fen"], g["moves"], a.depth)
            except ValueError as e:
                sys.exit(f"game {a.skip + n}: {e}")
            positions += len(g["moves"]) + 1
            print(f"FSF: game {n}/{len(games)}, {positions} positions, {time.time() - t_fsf:.0f} s", file=sys.stderr)
        fsf_seconds = time.time() - t_fsf
        fsf.quit()
        if a.fsf_cache:
            with open(a.fsf_cache, "w", encoding="utf-8") as f:
                json.dump({"fsf": fsf_id, "depth": a.depth, "seconds": round(fsf_seconds, 1),
                           "games": [{k: g[k] for k in ("variant", "fen", "moves", "scores", "bests", "legal")}
                                     for g in games]}, f)

    if proc is not None:
        out, err = proc.communicate()
        os.unlink(tmp)
        if proc.returncode != 0:
            sys.exit(f"chuhan review failed ({proc.returncode}): {err[-2000:]}")
        review = json.loads(out)
        if a.save_review:
            with open(a.save_review, "w", encoding="utf-8") as f:
                f.write(out)
    total_seconds = time.time() - t0
    if review is None:
        print(f"FSF searched {positions} positions in {fsf_seconds:.0f} s; no chuhan review (--chuhan none)")
        return
    review = review[:len(games)]  # a saved review of more games serves their first ones
    if len(review) != len(games):
        sys.exit(f"chuhan reviewed {len(review)} games, expected {len(games)}")

    rows = []
    for n, (g, r) in enumerate(zip(games, review), 1):
        cm = r["moves"]
        if [m["move"] for m in cm] != g["moves"]:
            sys.exit(f"game {a.skip + n}: chuhan's moves differ from the PGN's as read here")
        fl = fsf_losses(g["variant"], g["moves"], g["scores"], g["bests"], g["legal"], a.cp_scale)
        for i, (c, f) in enumerate(zip(cm, fl)):
            rows.append({
                "game": a.skip + n, "ply": c["ply"], "move": c["move"],
                "chuhan_mark": c["mark"], "chuhan_loss": c["loss"], "chuhan_best": c["best"],
                "ruling": c.get("reason"), "chuhan_eval": c.get("eval_before"),
                "chuhan_eval_after": c.get("eval_after"),
                "fsf_mark": mark_of(f["loss"]), "fsf_loss": round(f["loss"], 4), "fsf_best": f["best"],
                "fsf_eval": fmt_score(g["scores"][i]), "forced": f["forced"],
                "_fsf_score": g["scores"][i], "_fsf_drop": f["drop"],
                "_chuhan_drop": c["win_before"] - c["win_after"],
            })

    bad = {"??", "?"}
    fsf_blunders = [x for x in rows if x["fsf_loss"] >= BLUNDER]
    fsf_mistakes = [x for x in rows if x["fsf_loss"] >= MISTAKE]
    ch_blunders = [x for x in rows if x["chuhan_mark"] == "??" and not x["ruling"]]
    rulings = [x for x in rows if x["ruling"]]
    # chuhan's search scores a game it sees decided by the rules (a repetition) as +-DECISIVE
    # (20,000) less the plies: a ?? whose score after the move is such a score, with no ruling in
    # the game, rests on the search's view of a repetition alone.
    def rule_score(e):
        return bool(e) and e.get("cp") is not None and abs(e["cp"]) >= 10000
    ch_rule = [x for x in ch_blunders if rule_score(x["chuhan_eval_after"])]
    ch_plain = [x for x in ch_blunders if not rule_score(x["chuhan_eval_after"])]
    top_rows = []
    for gno in sorted({x["game"] for x in rows}):
        gr = sorted((x for x in rows if x["game"] == gno and x["fsf_loss"] > 0), key=lambda x: -x["fsf_loss"])
        top_rows += gr[:a.top]
    marks = ["??", "?", "?!", None]
    table = {str(cmk): {str(fmk): sum(1 for x in rows if x["chuhan_mark"] == cmk and x["fsf_mark"] == fmk)
                        for fmk in marks} for cmk in marks}
    # How FSF's centipawns compare with chuhan's on the same positions (mover's view, both cp,
    # same sign, chuhan's between 30 and 1000).
    ratios = []
    for x in rows:
        ce, fs = x["chuhan_eval"], x["_fsf_score"]
        if ce and ce.get("cp") is not None and fs and fs[0] == "cp":
            c, f = ce["cp"], fs[1]
            if 30 <= abs(c) <= 1000 and c * f > 0:
                ratios.append(f / c)
    free = [x for x in rows if not x["forced"]]
    # Each engine's noise: how much its own choice (its loss set to 0) dropped anyway between its
    # two searches; a threshold near it marks good moves.
    own_fsf = [x["_fsf_drop"] for x in free if x["fsf_best"] == x["move"]]
    own_ch = [x["_chuhan_drop"] for x in free if x["chuhan_best"] == x["move"] and not x["ruling"]]
    noise = {name: {"moves": len(xs), **{str(t): share(sum(d >= t for d in xs), len(xs))
                                         for t in (BLUNDER, MISTAKE, INACCURACY)}}
             for name, xs in (("fsf", own_fsf), ("chuhan", own_ch))}
    report = {
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "pgn": a.pgn, "games": len(games), "skip": a.skip, "moves": len(rows), "forced": len(rows) - len(free),
        "fsf": fsf_id, "fsf_depth": a.depth, "chuhan_nodes": a.nodes or 20000, "cp_scale": a.cp_scale,
        "thresholds": {"??": BLUNDER, "?": MISTAKE, "?!": INACCURACY},
        "fsf_blunders": len(fsf_blunders),
        "recall": share(sum(x["chuhan_mark"] in bad for x in fsf_blunders), len(fsf_blunders)),
        "recall_blunder_only": share(sum(x["chuhan_mark"] == "??" for x in fsf_blunders), len(fsf_blunders)),
        "recall_any_mark": share(sum(x["chuhan_mark"] is not None for x in fsf_blunders), len(fsf_blunders)),
        "fsf_mistakes_or_worse": len(fsf_mistakes),
        "recall_mistakes": share(sum(x["chuhan_mark"] in bad for x in fsf_mistakes), len(fsf_mistakes)),
        "chuhan_blunders": len(ch_blunders), "chuhan_rulings": len(rulings),
        "precision": share(sum(x["fsf_mark"] in bad for x in ch_blunders), len(ch_blunders)),
        "precision_strict": share(sum(x["fsf_mark"] == "??" for x in ch_blunders), len(ch_blunders)),
        "chuhan_blunders_on_rule_score": len(ch_rule),
        "chuhan_blunders_on_rule_score_fsf_marked": sum(x["fsf_mark"] is not None for x in ch_rule),
        "precision_without_rule_scores": share(sum(x["fsf_mark"] in bad for x in ch_plain), len(ch_plain)),
        "precision_any_fsf_mark": share(sum(x["fsf_mark"] is not None for x in ch_blunders), len(ch_blunders)),
        "top": a.top, "top_moves": len(top_rows),
        "top_marked": share(sum(x["chuhan_mark"] is not None for x in top_rows), len(top_rows)),
        "top_marked_bad": share(sum(x["chuhan_mark"] in bad for x in top_rows), len(top_rows)),
        "marks_table": table,
        "mean_loss": {"chuhan": round(statistics.fmean(x["chuhan_loss"] for x in free), 4) if free else None,
                      "fsf": round(statistics.fmean(x["fsf_loss"] for x in free), 4) if free else None},
        "loss_correlation": (lambda r: round(r, 3) if r is not None else None)(
            pearson([x["chuhan_loss"] for x in free], [x["fsf_loss"] for x in free])),
        "best_move_agreement": share(sum(x["chuhan_best"] == x["fsf_best"] for x in free), len(free)),
        "own_move_noise": noise,
        "fsf_cp_over_chuhan_cp_median": round(statistics.median(ratios), 3) if ratios else None,
        "cp_ratio_positions": len(ratios),
        "positions_searched_by_fsf": positions, "fsf_from_cache": bool(cache), "fsf_seconds": round(fsf_seconds, 1) if fsf_seconds is not None else None,
        "total_seconds": round(total_seconds, 1),
    }
    if a.details:
        with open(a.details, "w", encoding="utf-8") as f:
            json.dump([{k: v for k, v in x.items() if not k.startswith("_")} for x in rows], f, indent=0)
    if a.json:
        print(json.dumps(report, indent=1))
        return
    R = report
    print(f"{R['games']} games ({R['pgn']}, from game {a.skip + 1}), {R['moves']} moves, {R['forced']} forced")
    print(f"FSF: {R['fsf']}, depth {a.depth}, cp scale {a.cp_scale}; chuhan review: {R['chuhan_nodes']} nodes")
    print(f"thresholds: ?? {BLUNDER}, ? {MISTAKE}, ?! {INACCURACY}")
    print(f"recall: of {R['fsf_blunders']} FSF blunders (loss >= {BLUNDER}), chuhan marks ??/? {pct(R['recall'])}"
          f" (?? {pct(R['recall_blunder_only'])}, any mark {pct(R['recall_any_mark'])})")
    print(f"        of {R['fsf_mistakes_or_worse']} FSF losses >= {MISTAKE}, chuhan marks ??/? {pct(R['recall_mistakes'])}")
    print(f"precision: of {R['chuhan_blunders']} chuhan ?? ({R['chuhan_rulings']} repetition rulings apart), "
          f"FSF's loss is ??/? {pct(R['precision'])} (?? {pct(R['precision_strict'])}, any mark {pct(R['precision_any_fsf_mark'])})")
    print(f"           {R['chuhan_blunders_on_rule_score']} of chuhan's ?? have a rule score (|cp| >= 10000) after the move "
          f"(FSF marks {R['chuhan_blunders_on_rule_score_fsf_marked']}); without them FSF's loss is ??/? "
          f"{pct(R['precision_without_rule_scores'])}")
    print(f"top {a.top} FSF losses per game ({R['top_moves']} moves): chuhan marks {pct(R['top_marked'])}, "
          f"??/? {pct(R['top_marked_bad'])}")
    print(f"mean loss of unforced moves: chuhan {R['mean_loss']['chuhan']}, FSF {R['mean_loss']['fsf']}; "
          f"correlation {R['loss_correlation']}; same best move {pct(R['best_move_agreement'])}")
    for name in ("fsf", "chuhan"):
        z = noise[name]
        print(f"noise: {name}'s own moves ({z['moves']}) still dropped >= {BLUNDER}: {pct(z[str(BLUNDER)])}, "
              f">= {MISTAKE}: {pct(z[str(MISTAKE)])}, >= {INACCURACY}: {pct(z[str(INACCURACY)])}")
    print(f"FSF cp / chuhan cp, median over {R['cp_ratio_positions']} positions: {R['fsf_cp_over_chuhan_cp_median']}")
    print("marks (rows chuhan, columns FSF):")
    print("        " + "".join(f"{str(m):>7}" for m in marks))
    for cmk in marks:
        print(f"  {str(cmk):>5} " + "".join(f"{table[str(cmk)][str(fmk)]:>7}" for fmk in marks))
    print(f"FSF: {positions} positions, " + (f"read from {a.fsf_cache}" if cache else f"searched in {R['fsf_seconds']} s")
          + f"; this run {R['total_seconds']} s")


if __name__ == "__main__":
    main()
