#!/usr/bin/env python3
"""Generate notation fixtures (WXF / SAN / janggi numeric) from pyffish.

Deterministic: fixed SEED, inputs read in file order, output sorted as input.

Inputs (read only):
  crates/chuhan/tests/data/xiangqi-legal.txt
  crates/chuhan/tests/data/janggi-legal.txt
  format: FEN<TAB>space-separated legal moves in chuhan coordinates
  (files a-i from Red's/Cho's left, ranks 0-9 from the first mover's side).

Outputs (in --out, default: directory of this script):
  xiangqi-san.txt               FEN<TAB>move<TAB>wxf<TAB>san      (2000 sampled positions)
  xiangqi-san-tandem-pawns.txt  same format, SYNTHETIC positions with 3-5 soldiers on a
                                file / soldiers doubled on two files (the legal-move
                                fixture has no such xiangqi position)
  janggi-san.txt                FEN<TAB>move<TAB>janggi<TAB>san   (1000 sampled positions)

Every move in our coordinates is converted to pyffish UCI (rank + 1; a janggi pass
`e1e1` becomes `e2e2`), and the sampled position's pyffish legal move list is checked to
be identical to the fixture's list before any notation is produced.

pyffish 0.0.90 signature (positional only, no keywords):
  get_san(variant, fen, uci_move, chess960=False, notation=NOTATION_DEFAULT)
"""
import argparse
import collections
import os
import random
import re
import sys

import pyffish as sf

SEED = 20240611
N_XQ, N_JG = 2000, 1000
N_XQ_TANDEM = 800   # at least 300 required: positions where a tandem piece can move
N_JG_TANDEM = 400
DATA = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "crates", "chuhan", "tests", "data")
FILES = "abcdefghi"


# --------------------------------------------------------------------------- helpers
MOVE_RE = re.compile(r"^([a-i])(\d+)([a-i])(\d+)$")


def split_move(m):
    f1, r1, f2, r2 = MOVE_RE.match(m).groups()
    return f1, int(r1), f2, int(r2)


def ours_to_uci(m):
    """'h2e2' (ranks 0-9) -> 'h3e3' (ranks 1-10)."""
    f1, r1, f2, r2 = split_move(m)
    return f"{f1}{r1 + 1}{f2}{r2 + 1}"


def uci_to_ours(m):
    f1, r1, f2, r2 = split_move(m)
    return f"{f1}{r1 - 1}{f2}{r2 - 1}"


def board(fen):
    """{(file 0-8, rank 0-9): piece char}"""
    b = {}
    for i, row in enumerate(fen.split()[0].split("/")):
        r, f = 9 - i, 0
        num = ""
        for ch in row + " ":
            if ch.isdigit():
                num += ch
                continue
            if num:
                f += int(num)
                num = ""
            if ch != " ":
                b[(f, r)] = ch
                f += 1
    return b


def features(fen, moves):
    """Tandem features for the side to move."""
    b = board(fen)
    white = fen.split()[1] == "w"
    mine = [(sq, ch) for sq, ch in b.items() if ch.isupper() == white]
    files = collections.Counter((ch.lower(), sq[0]) for sq, ch in mine)
    tandem = {k for k, v in files.items() if v >= 2 and k[0] != "k"}
    movers = collections.Counter()
    for m in moves:
        f1, r, _, _ = split_move(m)
        f = FILES.index(f1)
        ch = b.get((f, r), "?").lower()
        if (ch, f) in tandem:
            movers[ch] += 1
    pfiles = sorted((v for (p, _), v in files.items() if p == "p"), reverse=True)
    return {
        "tandem": bool(tandem),
        "tandem_mov": sum(movers.values()) > 0,
        "tandem_types": "".join(sorted(movers)),
        "p3": bool(pfiles) and pfiles[0] >= 3,
        "p2x2": len(pfiles) >= 2 and pfiles[1] >= 2,
    }


def read_fixture(path):
    rows, seen = [], set()
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("#") or not line.strip():
                continue
            fen, mv = line.rstrip("\n").split("\t")
            if fen in seen:
                continue
            seen.add(fen)
            rows.append((fen, mv.split()))
    return rows


def sample(rows, n, n_tandem, rng):
    """Deterministic sample: all rare-soldier positions, then n_tandem positions with a
    movable tandem piece, then a uniform fill from the rest (positions with moves only)."""
    rows = [r for r in rows if r[1]]
    feats = [features(f, m) for f, m in rows]
    idx = list(range(len(rows)))
    rare = [i for i in idx if feats[i]["p3"] or feats[i]["p2x2"]]
    tand = [i for i in idx if feats[i]["tandem_mov"] and i not in set(rare)]
    rng.shuffle(tand)
    chosen = rare[:n] + tand[: max(0, min(n_tandem, n - len(rare)))]
    cs = set(chosen)
    rest = [i for i in idx if i not in cs]
    rng.shuffle(rest)
    chosen += rest[: n - len(chosen)]
    chosen.sort()  # keep file order
    return [rows[i] for i in chosen], [feats[i] for i in chosen]


def check_legal(variant, fen, ours):
    py = sorted(uci_to_ours(m) for m in sf.legal_moves(variant, fen, []))
    if py != sorted(ours):
        raise SystemExit(f"legal move mismatch for {variant} {fen}: {set(py) ^ set(ours)}")


# --------------------------------------------------------------- synthetic soldiers
def attacked_by_red_soldier(f, r, tf, tr):
    return (tf == f and tr == r + 1) or (r >= 5 and tr == r and abs(tf - f) == 1)


def synth_positions(rng, count):
    """Kings + soldiers for the side to move (3-5 on one file, or doubled on 2-3 files),
    a few enemy pieces. Side not to move is never in check (own soldiers/flying general)."""
    layouts = [(3,), (4,), (5,), (2, 2), (3, 2), (2, 2, 1), (2, 3), (2, 2), (3,), (3, 1, 1)]
    out, seen, tries = [], set(), 0
    while len(out) < count and tries < 100000:
        tries += 1
        layout = layouts[len(out) % len(layouts)]
        red = (len(out) // len(layouts)) % 2 == 0
        b = {}
        files = rng.sample(range(9), len(layout))
        ok = True
        for fcount, f in zip(layout, files):
            ranks = sorted(rng.sample(range(5, 10), fcount))
            for r in ranks:
                b[(f, r)] = "P"
        # kings (red frame: own king ranks 0-2, enemy 7-9, files 3-5)
        ok_sq = [(f, r) for f in range(3, 6) for r in range(0, 3)]
        ek_sq = [(f, r) for f in range(3, 6) for r in range(7, 10) if (f, r) not in b]
        if not ek_sq:
            continue
        k = rng.choice(ok_sq)
        ek = rng.choice(ek_sq)
        b[k] = "K"
        b[ek] = "k"
        # enemy extras
        empties = [(f, r) for f in range(9) for r in range(10) if (f, r) not in b]
        for pc in rng.sample("rrhcca", rng.randint(1, 3)):
            sq = rng.choice(empties)
            empties.remove(sq)
            if pc == "a" and not (3 <= sq[0] <= 5 and sq[1] >= 7):
                continue
            b[sq] = pc
        # legality: enemy king not attacked by our soldiers, no flying general
        for (f, r), ch in b.items():
            if ch == "P" and attacked_by_red_soldier(f, r, *ek):
                ok = False
        if k[0] == ek[0] and not any((k[0], r) in b for r in range(k[1] + 1, ek[1])):
            ok = False
        if not ok:
            continue
        if not red:  # mirror to black: rotate 180 degrees and swap colours
            b = {(8 - f, 9 - r): (ch.lower() if ch.isupper() else ch.upper()) for (f, r), ch in b.items()}
        rows = []
        for r in range(9, -1, -1):
            s, e = "", 0
            for f in range(9):
                ch = b.get((f, r))
                if ch is None:
                    e += 1
                else:
                    s += (str(e) if e else "") + ch
                    e = 0
            rows.append(s + (str(e) if e else ""))
        fen = "/".join(rows) + (" w" if red else " b") + " - - 0 1"
        if fen in seen or sf.validate_fen(fen, "xiangqi") != sf.FEN_OK:
            continue
        if not sf.legal_moves("xiangqi", fen, []):
            continue
        seen.add(fen)
        out.append(fen)
    return out


# ----------------------------------------------------------------------------- main
def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=DATA)
    args = ap.parse_args()
    ver = ".".join(map(str, sf.version()))
    info = sf.info().split("\n")[0] if hasattr(sf, "info") else ""
    rng = random.Random(SEED)

    # xiangqi ----------------------------------------------------------------
    rows = read_fixture(f"{DATA}/xiangqi-legal.txt")
    xs, xf = sample(rows, N_XQ, N_XQ_TANDEM, rng)
    stats = collections.Counter()
    with open(f"{args.out}/xiangqi-san.txt", "w", encoding="utf-8") as out:
        out.write(f"# generated by gen_san_fixtures.py with pyffish {ver} ({info}); seed {SEED}; variant xiangqi\n")
        out.write("# format: FEN<TAB>move (chuhan coords: files a-i, ranks 0-9 from Red)<TAB>"
                  "pyffish get_san(NOTATION_XIANGQI_WXF)<TAB>pyffish get_san(NOTATION_SAN) (ranks 1-10)\n")
        out.write(f"# {len(xs)} positions sampled from xiangqi-legal.txt "
                  f"({sum(f['tandem_mov'] for f in xf)} with a movable tandem piece of the side to move); "
                  "one line per legal move, moves in fixture order\n")
        for (fen, moves), ft in zip(xs, xf):
            check_legal("xiangqi", fen, moves)
            stats["tandem_mov"] += ft["tandem_mov"]
            for m in moves:
                u = ours_to_uci(m)
                wxf = sf.get_san("xiangqi", fen, u, False, sf.NOTATION_XIANGQI_WXF)
                san = sf.get_san("xiangqi", fen, u, False, sf.NOTATION_SAN)
                out.write(f"{fen}\t{m}\t{wxf}\t{san}\n")
                stats["xq_lines"] += 1

    synth = synth_positions(random.Random(SEED + 1), 60)
    with open(f"{args.out}/xiangqi-san-tandem-pawns.txt", "w", encoding="utf-8") as out:
        out.write(f"# generated by gen_san_fixtures.py with pyffish {ver} ({info}); seed {SEED + 1}; variant xiangqi\n")
        out.write("# SYNTHETIC positions (not from xiangqi-legal.txt, which has no position with 3+ soldiers on a file "
                  "or soldiers doubled on two files): kings, 3-5 soldiers on a file or 2+ on two files for the side "
                  "to move, a few enemy pieces; validated with pyffish validate_fen, side not to move not in check\n")
        out.write("# format: FEN<TAB>move (chuhan coords)<TAB>WXF<TAB>SAN (ranks 1-10)\n")
        for fen in synth:
            for u in sf.legal_moves("xiangqi", fen, []):
                wxf = sf.get_san("xiangqi", fen, u, False, sf.NOTATION_XIANGQI_WXF)
                san = sf.get_san("xiangqi", fen, u, False, sf.NOTATION_SAN)
                out.write(f"{fen}\t{uci_to_ours(u)}\t{wxf}\t{san}\n")
                stats["synth_lines"] += 1

    # janggi -------------------------------------------------------------------
    rows = read_fixture(f"{DATA}/janggi-legal.txt")
    js, jf = sample(rows, N_JG, N_JG_TANDEM, rng)
    with open(f"{args.out}/janggi-san.txt", "w", encoding="utf-8") as out:
        out.write(f"# generated by gen_san_fixtures.py with pyffish {ver} ({info}); seed {SEED}; variant janggi\n")
        out.write("# format: FEN<TAB>move (chuhan coords, pass = king square twice)<TAB>"
                  "pyffish get_san(NOTATION_JANGGI)<TAB>pyffish get_san(NOTATION_SAN) (ranks 1-10)\n")
        out.write(f"# {len(js)} positions sampled from janggi-legal.txt "
                  f"({sum(f['tandem_mov'] for f in jf)} with a movable tandem piece, "
                  f"{sum(f['p3'] for f in jf)} with 3+ soldiers on a file); one line per legal move\n")
        for (fen, moves), ft in zip(js, jf):
            check_legal("janggi", fen, moves)
            for m in moves:
                u = ours_to_uci(m)
                jn = sf.get_san("janggi", fen, u, False, sf.NOTATION_JANGGI)
                san = sf.get_san("janggi", fen, u, False, sf.NOTATION_SAN)
                out.write(f"{fen}\t{m}\t{jn}\t{san}\n")
                stats["jg_lines"] += 1
    print(dict(stats), "synthetic positions:", len(synth), file=sys.stderr)


if __name__ == "__main__":
    main()
