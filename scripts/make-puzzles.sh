#!/usr/bin/env bash
# Regenerates the puzzle set `chuhan serve` ships (crates/chuhan-server/puzzles/puzzles.jsonl),
# as the committed one was made (BENCHMARKS.md, "Puzzles"):
#   scripts/make-puzzles.sh WORKDIR      (about an hour on two cores)
# - xiangqi: the 2,516 master games of ../shared/testdata/games, then 1,000 games of the engine
#   against itself at 300 nodes a move (6 random plies after each built-in opening);
# - janggi: 1,000 games of the engine against itself, the same way.
# The two games of each self-play pair share their opening and random plies, and so most of
# their puzzles: half the search of those files finds positions already stored (searching one
# game of each pair would halve it; the committed set was made as written here).
# Every step is skipped when it has finished before, so a stopped run goes on with the next one
# (a step stopped half-way starts again; a position already stored is stored once).
set -euo pipefail
out=${1:?usage: scripts/make-puzzles.sh WORKDIR}
cd "$(dirname "$0")/.."
mkdir -p "$out"
cargo build --release -p chuhan-cli
chuhan=$PWD/target/release/chuhan
selfplay() { # variant seed file
  [ -s "$3" ] || "$chuhan" match --variant "$1" \
    --engine cmd="$chuhan",arg=engine,name=a --engine cmd="$chuhan",arg=engine,name=b \
    --games 1000 --nodes 300 --random-plies 6 --seed "$2" --pgnout "$3" > "$3.log"
}
selfplay janggi 92 "$out/janggi-300.pgn"
selfplay xiangqi 91 "$out/xiangqi-300.pgn"
# One database a source (they can run at once), then one list: a position found in two sources
# (the id is a hash of the position) is kept once, the first found.
step() { # name files...
  local name=$1; shift
  [ -e "$out/$name.done" ] && return
  "$chuhan" puzzles generate --db "$out/$name.sqlite3" --threads 2 --from "$@"
  touch "$out/$name.done"
}
step masters ../shared/testdata/games/Hu_Ronghua_1391_UCI_games.pgn ../shared/testdata/games/Liu_Dahua_1125_UCI_games.pgn
step janggi "$out/janggi-300.pgn"
step xiangqi "$out/xiangqi-300.pgn"
for name in masters janggi xiangqi; do "$chuhan" puzzles list --db "$out/$name.sqlite3" --json; done |
  python3 -c 'import json, sys
seen = set()
for line in sys.stdin:
    if json.loads(line)["id"] not in seen:
        seen.add(json.loads(line)["id"]); sys.stdout.write(line)' > crates/chuhan-server/puzzles/puzzles.jsonl
wc -l crates/chuhan-server/puzzles/puzzles.jsonl
