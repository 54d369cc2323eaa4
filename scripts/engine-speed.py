#!/usr/bin/env python3
"""Nodes, time and nodes per second of a UCI xiangqi engine searching to a fixed depth.

Any engine that speaks UCI with xiangqi FENs (chuhan-engine, Pikafish, Pikafish-HCE) searches
the six xiangqi positions of chuhan-engine's `bench` to DEPTH, one thread, 16 MB hash, a new
game before each. The nodes are the engine's last `info ... nodes` before `bestmove`; the time
is the wall time from `go` to `bestmove` as this script sees it. Used for BENCHMARKS.md,
"Network speed (issue 45)":

    scripts/engine-speed.py 12 target/release/chuhan-engine
    scripts/engine-speed.py 16 /path/to/pikafish
    scripts/engine-speed.py 12 target/release/chuhan-engine --option "Use NNUE=false"
"""

import argparse
import subprocess
import sys
import time

# chuhan-engine's bench positions, xiangqi ones (crates/chuhan-engine/src/protocol.rs, `bench`).
FENS = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
    "r2akab1r/3n5/4b3n/p1p1pRp1p/9/2P3P2/P3P3c/N2C3C1/4A4/1RBAK1B2 w - - 0 1",
    "3k5/9/9/9/9/9/9/9/4K4/3AR4 w - - 0 1",
    "2bak4/4a4/4b4/9/2p6/9/9/4B4/4A4/3AK1C2 w - - 0 1",
]


class Engine:
    def __init__(self, command):
        self.proc = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def until(self, prefix):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                sys.exit(f"the engine stopped before answering {prefix!r}")
            lines.append(line)
            if line.startswith(prefix):
                return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("depth", type=int, help="the depth of every search")
    parser.add_argument("engine", help="the engine's program")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a UCI option to set before the searches (repeatable)")
    args = parser.parse_args()
    if args.depth < 1:
        parser.error("the depth must be at least 1")

    engine = Engine([args.engine])
    engine.send("uci")
    engine.until("uciok")
    for option in args.option + ["Threads=1", "Hash=16"]:
        name, sep, value = option.partition("=")
        if not sep:
            parser.error(f"--option {option!r}: expected NAME=VALUE")
        engine.send(f"setoption name {name} value {value}")
    total_nodes, total_time = 0, 0.0
    for fen in FENS:
        engine.send("ucinewgame")
        engine.send("isready")
        engine.until("readyok")
        engine.send("position fen " + fen)
        start = time.perf_counter()
        engine.send(f"go depth {args.depth}")
        lines = engine.until("bestmove")
        elapsed = time.perf_counter() - start
        nodes = 0
        for line in lines:
            words = line.split()
            if "nodes" in words:
                nodes = int(words[words.index("nodes") + 1])
        total_nodes += nodes
        total_time += elapsed
        print(f"{nodes:>12,} nodes {elapsed * 1000:9.0f} ms  {fen}")
    engine.send("quit")
    print(f"total {total_nodes:,} nodes in {total_time:.2f} s: {total_nodes / total_time / 1000:.0f} k nodes/s")


if __name__ == "__main__":
    main()
