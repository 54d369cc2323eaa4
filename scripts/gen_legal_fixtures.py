#!/usr/bin/env python3
"""Generate legal-move fixtures for xiangqi and janggi with pyffish (Fairy-Stockfish).

Output: xiangqi-legal.txt and janggi-legal.txt in the output directory (default:
crates/chuhan/tests/data, where the test suite reads them). Needs `pip install pyffish`. Each data line is

    FEN<TAB>legal moves

* FEN is exactly what ``pyffish.get_fen(variant, startfen, moves_so_far)`` writes
  (board, side to move 'w'/'b', '-', '-', half-move clock, full-move number).
* The legal moves are ``pyffish.legal_moves(variant, fen, [])`` -- computed with NO
  move history, so every line is self-contained -- converted to our coordinates
  (files a-i, ranks 0-9 counted from the first mover's side: pyffish rank r -> r-1),
  sorted as strings, separated by single spaces. A janggi pass, which pyffish spells
  as the general "moving" to its own square (e.g. ``e2e2``), thus becomes ``e1e1``.
  No legal moves (checkmate / stalemate) -> the second field is empty.
* Lines starting with '#' are comments (header).

Positions are distinct by (board, side to move). Generation is deterministic
(``random.Random(SEED)`` per variant, candidate lists sorted before sampling).

Sources of positions:
  xiangqi: random playouts from the start with several policies (uniform,
           capture-biased for deep endgames, check-seeking), master-game openings from
           ../shared/testdata/games (moves a0..i9) followed by random play, and the
           master-game positions themselves.
  janggi:  all 16 setups (Cho x Han horse/elephant orders), same policies plus
           pass-heavy and bikjang-seeking playouts.

Usage: python3 gen_legal_fixtures.py [--target N] [--outdir DIR] [--jobs 2]
"""
import argparse
import collections
import glob
import os
import random
import re
import sys
import time

import pyffish as sf

SEED = 20240611
MAX_PLIES = 300
BRANCH_CHECK = 0.4
SPARSE_PLIES = 50
MOVE_RE = re.compile(r"^([a-i])(10|[1-9])([a-i])(10|[1-9])$")
# The master games live in ../shared beside the repository (see the README there).
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GAMES_GLOB = os.path.join(os.path.dirname(REPO), "shared", "testdata", "games", "*_UCI_games.pgn")

# Janggi back ranks as pyffish/Fairy-Stockfish writes them (n = horse, b = elephant),
# from file a to file i. Cho (first mover, uppercase, bottom) and Han (lowercase, top)
# choose independently -> 16 start positions.
JANGGI_BACK_RANKS = ["RNBA1ABNR", "RBNA1ANBR", "RNBA1ANBR", "RBNA1ABNR"]


def janggi_setup_fens():
    fens = []
    for cho in JANGGI_BACK_RANKS:
        for han in JANGGI_BACK_RANKS:
            fens.append(han.lower() + "/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/"
                        + cho + " w - - 0 1")
    return fens


def pyffish_version():
    try:
        from importlib.metadata import version
        return version("pyffish")
    except Exception:  # pragma: no cover
        return ".".join(map(str, sf.version()))


def to_ours(m):
    """pyffish UCI (ranks 1-10) -> ours (ranks 0-9). Pass e2e2 -> e1e1."""
    g = MOVE_RE.match(m)
    if not g:
        raise ValueError("unexpected move spelling from pyffish: %r" % m)
    return "%s%d%s%d" % (g.group(1), int(g.group(2)) - 1, g.group(3), int(g.group(4)) - 1)


def from_ours(m):
    """ours (ranks 0-9) -> pyffish UCI (ranks 1-10)."""
    g = re.match(r"^([a-i])(\d)([a-i])(\d)$", m)
    return "%s%d%s%d" % (g.group(1), int(g.group(2)) + 1, g.group(3), int(g.group(4)) + 1)


def parse_board(fen):
    """FEN board -> dict {(file 0-8, rank 0-9 from first mover's side): piece char}."""
    board = {}
    rows = fen.split()[0].split("/")
    for i, row in enumerate(rows):
        rank = len(rows) - 1 - i
        f = 0
        num = ""
        for ch in row:
            if ch.isdigit():
                num += ch
                continue
            if num:
                f += int(num)
                num = ""
            board[(f, rank)] = ch
            f += 1
    return board


def sq(s):
    return (ord(s[0]) - 97, int(s[1:]) - 1)


def split_move(m):
    g = MOVE_RE.match(m)
    return sq(g.group(1) + g.group(2)), sq(g.group(3) + g.group(4))


def is_pass(m):
    a, b = split_move(m)
    return a == b


def is_capture(board, m):
    a, b = split_move(m)
    return a != b and b in board


def generals_face(board):
    """Both generals on one file with nothing between them (janggi bikjang)."""
    ks = [s for s, p in board.items() if p == "K"]
    kb = [s for s, p in board.items() if p == "k"]
    if not ks or not kb or ks[0][0] != kb[0][0]:
        return False
    f = ks[0][0]
    lo, hi = sorted((ks[0][1], kb[0][1]))
    return not any((f, r) in board for r in range(lo + 1, hi))


def after(board, m):
    a, b = split_move(m)
    if a == b:
        return board
    nb = dict(board)
    nb[b] = nb.pop(a)
    return nb


# --- cheap, approximate "does side attack the enemy general" test (only used to pick
# --- candidate moves; whether a recorded position is in check is always pyffish's word)
PALACE_DIAG = {  # janggi palace diagonal neighbours
    (3, 0): [(4, 1)], (5, 0): [(4, 1)], (3, 2): [(4, 1)], (5, 2): [(4, 1)],
    (4, 1): [(3, 0), (5, 0), (3, 2), (5, 2)],
    (3, 7): [(4, 8)], (5, 7): [(4, 8)], (3, 9): [(4, 8)], (5, 9): [(4, 8)],
    (4, 8): [(3, 7), (5, 7), (3, 9), (5, 9)],
}


def _on(f, r):
    return 0 <= f < 9 and 0 <= r < 10


def attacks_general(board, white, janggi):
    """Approximate: does the side (white=uppercase) attack the enemy general?"""
    kt = "k" if white else "K"
    ks = [s for s, p in board.items() if p == kt]
    if not ks:
        return False
    kf, kr = ks[0]
    own = str.isupper if white else str.islower
    fwd = 1 if white else -1
    for (f, r), p in board.items():
        if not own(p):
            continue
        t = p.upper()
        df, dr = kf - f, kr - r
        if t in "RC":
            if df == 0 or dr == 0:
                step = ((df > 0) - (df < 0), (dr > 0) - (dr < 0))
                between = []
                x, y = f + step[0], r + step[1]
                while (x, y) != (kf, kr):
                    if (x, y) in board:
                        between.append(board[(x, y)])
                    x, y = x + step[0], y + step[1]
                if t == "R" and not between:
                    return True
                if t == "C" and len(between) == 1 and not (janggi and between[0].upper() == "C"):
                    return True
            if janggi and abs(df) == abs(dr) and abs(df) in (1, 2) and (f, r) in PALACE_DIAG:
                mid = ((f + kf) // 2, (r + kr) // 2)
                if abs(df) == 1 and (kf, kr) in PALACE_DIAG.get((f, r), []) and t == "R":
                    return True
                if abs(df) == 2 and mid in (((4, 1), (4, 8))):
                    if t == "R" and mid not in board:
                        return True
                    if t == "C" and mid in board and board[mid].upper() != "C":
                        return True
        elif t == "N":
            if (abs(df), abs(dr)) in ((1, 2), (2, 1)):
                leg = (f + (df // 2 if abs(df) == 2 else 0), r + (dr // 2 if abs(dr) == 2 else 0))
                if leg not in board:
                    return True
        elif t == "B" and janggi:
            if (abs(df), abs(dr)) in ((2, 3), (3, 2)):
                sx, sy = (df > 0) - (df < 0), (dr > 0) - (dr < 0)
                if abs(df) == 2:
                    legs = [(f, r + sy), (f + sx, r + 2 * sy)]
                else:
                    legs = [(f + sx, r), (f + 2 * sx, r + sy)]
                if not any(l in board for l in legs):
                    return True
        elif t == "P":
            if (df, dr) == (0, fwd) or (abs(df) == 1 and dr == 0 and (janggi or (r >= 5 if white else r <= 4))):
                return True
            if janggi and abs(df) == 1 and dr == fwd and (kf, kr) in PALACE_DIAG.get((f, r), []):
                return True
    return False


def checking_moves(board, moves, white, janggi):
    return [m for m in moves if not is_pass(m) and attacks_general(after(board, m), white, janggi)]


class Collector:
    def __init__(self, variant, rng):
        self.v = variant
        self.rng = rng
        self.lines = []
        self.seen = set()
        self.cat = collections.Counter()
        self.calls = 0

    def key(self, fen):
        return " ".join(fen.split()[:2])

    def record(self, fen, source, last_move=None):
        """Record fen if new. Returns (legal pyffish moves, in_check)."""
        k = self.key(fen)
        legal = sf.legal_moves(self.v, fen, [])
        in_check = sf.gives_check(self.v, fen, [])
        self.calls += 2
        if k in self.seen:
            return legal, in_check
        self.seen.add(k)
        ours = sorted(to_ours(m) for m in legal)
        self.lines.append(fen + "\t" + " ".join(ours))
        board = parse_board(fen)
        c = self.cat
        c["source:" + source] += 1
        if in_check:
            c["in check"] += 1
        if not legal:
            c["checkmate (no moves, in check)" if in_check else "stalemate (no moves, not in check)"] += 1
        n = len(board)
        if n <= 6:
            c["<=6 pieces"] += 1
        elif n <= 12:
            c["7-12 pieces"] += 1
        if self.v == "janggi":
            if generals_face(board):
                c["bikjang (generals face on open file)"] += 1
            if last_move is not None and is_pass(last_move):
                c["after a pass"] += 1
            if any(is_pass(m) for m in legal):
                c["pass among legal moves"] += 1
        return legal, in_check

    def done(self, target):
        return len(self.lines) >= target


def choose(col, fen, legal, policy, state):
    rng = col.rng
    v = col.v
    ms = sorted(legal)
    board = parse_board(fen)
    p = policy
    # janggi: passes
    if v == "janggi":
        passes = [m for m in ms if is_pass(m)]
        nonpass = [m for m in ms if not is_pass(m)]
        if passes and rng.random() < p.get("pass", 0.02):
            return passes[0]
        if nonpass and rng.random() < p.get("bikjang", 0.0):
            bk = [m for m in nonpass if generals_face(after(board, m))]
            if bk:
                return rng.choice(bk)
        if nonpass:
            ms = nonpass
    white = fen.split()[1] == "w"
    checks = checking_moves(board, ms, white, v == "janggi")
    rng.shuffle(checks)
    # look for a mate among a few checks (the mated position is then recorded)
    for m in checks[: p.get("mate_tries", 2)]:
        col.calls += 1
        if not sf.legal_moves(v, fen, [m]) and rng.random() < 0.9:
            return m
    if checks and rng.random() < p.get("check", 0.0):
        return checks[0]
    if rng.random() < p.get("capture", 0.0):
        caps = [m for m in ms if is_capture(board, m)]
        if caps:
            return rng.choice(caps)
    return rng.choice(ms)


def playout(col, startfen, prefix, policy, source, target, record_from=0):
    """Play from startfen + prefix with the policy; record every position reached
    (from ply record_from on). fen = get_fen(variant, startfen, moves_so_far)."""
    v = col.v
    moves = list(prefix)
    prev_bikjang = False
    sparse_since = None
    while len(moves) <= MAX_PLIES and not col.done(target):
        fen = sf.get_fen(v, startfen, moves)
        col.calls += 1
        last = moves[-1] if moves else None
        if len(moves) >= record_from:
            legal, _ = col.record(fen, source, last)
        else:
            legal = sf.legal_moves(v, fen, [])
            col.calls += 1
        if not legal:
            break
        if v == "janggi" and last is not None and is_pass(last):
            # the game is over with history: two passes in a row, or a pass in bikjang
            if (len(moves) >= 2 and is_pass(moves[-2])) or prev_bikjang:
                break
        board = parse_board(fen)
        if len(board) <= 8:
            # do not wander for ever in sparse endgames
            sparse_since = len(moves) if sparse_since is None else sparse_since
            if len(moves) - sparse_since > SPARSE_PLIES:
                break
        prev_bikjang = v == "janggi" and generals_face(board)
        if len(moves) >= record_from and col.rng.random() < BRANCH_CHECK:
            # side branch: also record the position after a checking move (not followed);
            # several in sparse endgames, where some of them are mates
            checks = checking_moves(board, sorted(legal), fen.split()[1] == "w", v == "janggi")
            col.rng.shuffle(checks)
            for m in checks[: (3 if len(board) <= 12 else 1)]:
                col.record(sf.get_fen(v, startfen, moves + [m]), "check branch", m)
                col.calls += 1
        moves.append(choose(col, fen, legal, policy, None))
    return moves


def load_master_games():
    games = []
    for path in sorted(glob.glob(GAMES_GLOB)):
        text = open(path, encoding="utf-8", errors="replace").read()
        for block in text.split("[Event ")[1:]:
            body = "\n".join(l for l in block.splitlines() if not l.startswith("["))
            mv = re.findall(r"\b[a-i]\d[a-i]\d\b", body)
            if mv:
                games.append([from_ours(m) for m in mv])
    return games


POLICIES = {
    "uniform": {},
    "capture-biased": {"capture": 0.85},
    "capture+check": {"capture": 0.7, "check": 0.5, "mate_tries": 2},
    "check-seeking": {"check": 0.7, "capture": 0.3, "mate_tries": 4},
    # janggi only
    "pass-heavy": {"pass": 0.25, "capture": 0.4},
    "bikjang-seeking": {"bikjang": 0.5, "capture": 0.6, "pass": 0.05},
}


def gen_xiangqi(target, seed):
    v = "xiangqi"
    rng = random.Random(seed)
    col = Collector(v, rng)
    start = sf.start_fen(v)
    col.record(start, "start")
    games = load_master_games()
    rng.shuffle(games)
    schedule = ["uniform", "capture-biased", "capture+check", "check-seeking",
                "master-branch", "capture+check", "master-game"]
    g = 0
    gi = 0
    while not col.done(target):
        kind = schedule[g % len(schedule)]
        g += 1
        if kind == "master-game":
            # the real game itself (all plies)
            game = games[gi % len(games)]
            gi += 1
            moves = []
            for m in game:
                fen = sf.get_fen(v, start, moves)
                col.record(fen, "master-game", moves[-1] if moves else None)
                if col.done(target):
                    break
                moves.append(m)
            continue
        if kind == "master-branch":
            game = games[gi % len(games)]
            gi += 1
            k = rng.randint(2, min(40, len(game)))
            pol = rng.choice(["uniform", "capture-biased", "capture+check"])
            playout(col, start, game[:k], POLICIES[pol], "master-opening+" + pol, target,
                    record_from=k)
            continue
        # random opening prefix of 0-8 uniform plies, then the policy
        pre = []
        for _ in range(rng.randint(0, 8)):
            ms = sf.legal_moves(v, start, pre)
            if not ms:
                break
            pre.append(rng.choice(sorted(ms)))
        playout(col, start, pre, POLICIES[kind], kind, target)
    return col


def gen_janggi(target, seed):
    v = "janggi"
    rng = random.Random(seed)
    col = Collector(v, rng)
    setups = janggi_setup_fens()
    for f in setups:
        col.record(f, "setup start")
    # every first move and reply-pass from every setup (positions after a pass)
    for f in setups:
        for m in sorted(sf.legal_moves(v, f, [])):
            col.record(sf.get_fen(v, f, [m]), "setup first move", m)
    schedule = ["uniform", "capture-biased", "capture+check", "check-seeking",
                "pass-heavy", "bikjang-seeking", "capture+check", "bikjang-seeking"]
    g = 0
    while not col.done(target):
        kind = schedule[g % len(schedule)]
        start = setups[g % len(setups)]
        g += 1
        pre = []
        for _ in range(rng.randint(0, 8)):
            ms = sorted(m for m in sf.legal_moves(v, start, pre) if not is_pass(m))
            if not ms:
                break
            pre.append(rng.choice(ms))
        playout(col, start, pre, POLICIES[kind], kind, target)
    return col


def write(col, path, seed, elapsed):
    ver = pyffish_version()
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        fh.write("# generated by gen_legal_fixtures.py with pyffish %s (%s); seed %d; variant %s\n"
                 % (ver, sf.info().split(" by ")[0], seed, col.v))
        fh.write("# format: FEN<TAB>sorted legal moves, files a-i, ranks 0-9 from the first mover's side"
                 " (pyffish rank - 1)%s; empty field = no legal moves\n"
                 % ("; pass = general to its own square (pyffish e2e2 -> e1e1)" if col.v == "janggi" else ""))
        fh.write("# legal moves = pyffish.legal_moves(variant, fen, []) (no history); %d positions\n"
                 % len(col.lines))
        for line in col.lines:
            fh.write(line + "\n")


def run_variant(args):
    variant, target, outdir, seed = args
    t = time.time()
    col = gen_xiangqi(target, seed) if variant == "xiangqi" else gen_janggi(target, seed)
    elapsed = time.time() - t
    path = os.path.join(outdir, "%s-legal.txt" % variant)
    write(col, path, seed, elapsed)
    n_check = col.cat["in check"]
    report = ["== %s: %d positions -> %s (%.0fs, %d pyffish calls)" % (variant, len(col.lines), path, elapsed, col.calls)]
    for k in sorted(col.cat):
        report.append("   %-45s %6d  (%.1f%%)" % (k, col.cat[k], 100.0 * col.cat[k] / len(col.lines)))
    return "\n".join(report)


def verify(path, variant):
    """Re-check every line against pyffish (FEN round trip, moves)."""
    bad = 0
    n = 0
    for line in open(path, encoding="utf-8"):
        if line.startswith("#"):
            continue
        n += 1
        fen, moves = line.rstrip("\n").split("\t")
        f = fen.split()
        assert len(f) == 6 and f[1] in ("w", "b") and f[2] == "-" and f[3] == "-", fen
        assert f[4].isdigit() and f[5].isdigit(), fen
        if sf.get_fen(variant, fen, []) != fen:
            bad += 1
        exp = " ".join(sorted(to_ours(m) for m in sf.legal_moves(variant, fen, [])))
        if exp != moves:
            bad += 1
    return n, bad


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--target", type=int, default=21000)
    ap.add_argument("--outdir", default=os.path.join(REPO, "crates", "chuhan", "tests", "data"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--verify", action="store_true", help="re-check the written files")
    a = ap.parse_args()
    jobs = [("xiangqi", a.target, a.outdir, SEED), ("janggi", a.target, a.outdir, SEED)]
    if a.jobs > 1:
        import multiprocessing
        with multiprocessing.Pool(min(a.jobs, 2)) as pool:
            reports = pool.map(run_variant, jobs)
    else:
        reports = [run_variant(j) for j in jobs]
    for r in reports:
        print(r)
    if a.verify:
        for v in ("xiangqi", "janggi"):
            n, bad = verify(os.path.join(a.outdir, "%s-legal.txt" % v), v)
            print("verify %s: %d lines, %d mismatches" % (v, n, bad))


if __name__ == "__main__":
    main()
