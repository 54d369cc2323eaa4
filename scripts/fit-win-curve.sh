#!/usr/bin/env bash
# Refits the review's win-probability curves (crates/chuhan-engine/src/review/curve.rs) as the
# committed ones were fitted: BENCHMARKS.md, "The review's win-probability curve".
#   scripts/fit-win-curve.sh OUTDIR      (about 15 minutes on two cores)
# - xiangqi: the 2,516 master games of ../shared/testdata (results judged from their last
#   positions, as they carry none);
# - janggi: 320 games of the engine against itself at 2,000 nodes a move from the built-in
#   openings and 4 random plies (each opening's pair of games is the same game: winfit keeps one).
# Each prints k per centipawn and its error; copy k into curve.rs with the figures.
set -euo pipefail
out=${1:?usage: scripts/fit-win-curve.sh OUTDIR}
cd "$(dirname "$0")/.."
mkdir -p "$out"
cargo build --release -p chuhan-cli -p chuhan-train
chuhan=target/release/chuhan
[ -s "$out/janggi-selfplay.pgn" ] || "$chuhan" match --variant janggi \
  --engine cmd="$chuhan",arg=engine,name=a --engine cmd="$chuhan",arg=engine,name=b \
  --games 320 --nodes 2000 --random-plies 4 --seed 43 --resign movecount=4,score=1500 \
  --pgnout "$out/janggi-selfplay.pgn" > "$out/janggi-match.log"
target/release/chuhan-train winfit ../shared/testdata/games/*_UCI_games.pgn --threads 2 \
  --samples-out "$out/xiangqi-samples.tsv" | tee "$out/xiangqi-fit.txt"
target/release/chuhan-train winfit "$out/janggi-selfplay.pgn" --threads 2 \
  --samples-out "$out/janggi-samples.tsv" | tee "$out/janggi-fit.txt"
