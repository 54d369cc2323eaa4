#!/usr/bin/env bash
# Regenerates the puzzle set `chuhan serve` ships (crates/chuhan-server/puzzles/puzzles.jsonl),
# as the committed one was made (BENCHMARKS.md, "Puzzles"):
#   scripts/make-puzzles.sh WORKDIR      (about an hour on two cores)
# - xiangqi: the 2,516 master games of ../shared/testdata/games, then 1,000 games of the engine
#   against itself at 300 nodes a move (6 random plies after each built-in opening);
# - janggi: 1,000 games of the engine against itself, the same way.
# Every step is skipped when its output exists, so a stopped run goes on where it stopped
# (`chuhan puzzles generate` itself skips games already searched only for a database's own games;
# here each file is searched whole, and a position already stored is stored once).
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
db="$out/puzzles.sqlite3"
step() { # name files...
  local name=$1; shift
  [ -e "$out/$name.done" ] && return
  "$chuhan" puzzles generate --db "$db" --threads 2 --from "$@"
  touch "$out/$name.done"
}
step masters ../shared/testdata/games/Hu_Ronghua_1391_UCI_games.pgn ../shared/testdata/games/Liu_Dahua_1125_UCI_games.pgn
step janggi "$out/janggi-300.pgn"
step xiangqi "$out/xiangqi-300.pgn"
"$chuhan" puzzles list --db "$db" --json > crates/chuhan-server/puzzles/puzzles.jsonl
wc -l crates/chuhan-server/puzzles/puzzles.jsonl
