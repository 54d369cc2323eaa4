#!/usr/bin/env bash
# Regenerates the puzzle set `chuhan serve` ships (crates/chuhan-server/puzzles/puzzles.jsonl),
# as the committed one was made (BENCHMARKS.md, "Puzzles"; its xiangqi95 source was searched in
# two runs, games 1–1,604 and then 1,605–2,001, which gives the same puzzles as one run):
#   scripts/make-puzzles.sh WORKDIR      (about two hours on two cores)
# - xiangqi: the 2,516 master games of ../shared/testdata/games, then games of the engine
#   against itself at 300 nodes a move (6 random plies after each built-in opening), seeds 91,
#   93, 95 and 97;
# - janggi: games of the engine against itself the same way, seeds 92 and 94.
# The two games of a self-play pair are the same game (the same engine at fixed nodes, the same
# opening and random plies, colours swapped): only one of each is searched.
# Every puzzle is verified by a deeper search as it is found (`chuhan puzzles generate
# --verify-nodes`, the same check as `chuhan puzzles verify`).
# Every step is skipped when it has finished before, so a stopped run goes on with the next one
# (a step stopped half-way starts again; a position already stored is stored once).
set -euo pipefail
out=${1:?usage: scripts/make-puzzles.sh WORKDIR}
cd "$(dirname "$0")/.."
mkdir -p "$out"
cargo build --release -p chuhan-cli
chuhan=$PWD/target/release/chuhan
selfplay() { # variant seed games name
  [ -s "$out/$4.pgn" ] && return
  "$chuhan" match --variant "$1" \
    --engine cmd="$chuhan",arg=engine,name=a --engine cmd="$chuhan",arg=engine,name=b \
    --games "$3" --nodes 300 --random-plies 6 --seed "$2" --pgnout "$out/$4-all.pgn" > "$out/$4.log"
  python3 - "$out/$4-all.pgn" "$out/$4.pgn" <<'PY'
import re, sys
games = re.split(r'\n(?=\[Event )', open(sys.argv[1], encoding='utf-8').read().strip())
seen, kept = set(), []
for g in games:
    fen = re.search(r'\[FEN "([^"]*)"\]', g)
    moves = ' '.join(re.sub(r'\{[^}]*\}', '', g.split('\n\n', 1)[-1]).split())
    if (fen and fen.group(1), moves) not in seen:
        seen.add((fen and fen.group(1), moves)); kept.append(g)
open(sys.argv[2], 'w', encoding='utf-8').write('\n\n'.join(kept) + '\n')
PY
}
selfplay xiangqi 91 1000 xiangqi91
selfplay janggi 92 1000 janggi92
selfplay xiangqi 93 2000 xiangqi93
selfplay janggi 94 2000 janggi94
selfplay xiangqi 95 4000 xiangqi95
selfplay xiangqi 97 1000 xiangqi97
# One database a source (they can run at once), then one list: a position found in two sources
# (the id is a hash of the position) is kept once, the first found.
step() { # name files...
  local name=$1; shift
  [ -e "$out/$name.done" ] && return
  "$chuhan" puzzles generate --db "$out/$name.sqlite3" --threads 2 --from "$@"
  touch "$out/$name.done"
}
step masters ../shared/testdata/games/Hu_Ronghua_1391_UCI_games.pgn ../shared/testdata/games/Liu_Dahua_1125_UCI_games.pgn
sources="masters"
for name in xiangqi91 janggi92 xiangqi93 janggi94 xiangqi95 xiangqi97; do
  step "$name" "$out/$name.pgn"
  sources="$sources $name"
done
for name in $sources; do "$chuhan" puzzles list --db "$out/$name.sqlite3" --json; done |
  python3 -c 'import json, sys
seen = set()
for line in sys.stdin:
    if json.loads(line)["id"] not in seen:
        seen.add(json.loads(line)["id"]); sys.stdout.write(line)' > crates/chuhan-server/puzzles/puzzles.jsonl
wc -l crates/chuhan-server/puzzles/puzzles.jsonl
