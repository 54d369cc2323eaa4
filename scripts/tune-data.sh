#!/usr/bin/env bash
# Rebuilds the data the evaluation's weights were tuned on, then tunes them (examples/tune.rs).
#   scripts/tune-data.sh OUTDIR        (takes hours on two cores; run it outside the test suite)
# (The session that made the committed weights used the xiangqi budgets 6000-10000 of the first
# round only.)
# 1. Self-play, chuhan against itself with the built-in openings at several node budgets (a
#    deterministic engine replays the same game from the same opening and budget), games
#    adjudicated at 1500 cp for 4 moves each; janggi 96 games per budget, xiangqi 328.
# 2. The 2,516 master games of ../shared/testdata carry no results: each is judged from its last
#    position by a 30,000-node search (>= 200 cp wins, <= 100 cp draws, between left out).
# 3. Texel tuning of both games' weights, written to crates/chuhan-engine/src/eval/weights.rs.
set -euo pipefail
out=${1:?usage: scripts/tune-data.sh OUTDIR}
cd "$(dirname "$0")/.."
mkdir -p "$out"
cargo build --release -p chuhan-cli -p chuhan-engine --example tune
bin=target/release/chuhan
cp "$bin" "$out/chuhan"   # the engine that plays the games stays fixed while you rebuild
for v in janggi xiangqi; do
  games=$([ $v = janggi ] && echo 96 || echo 328)
  for n in 6000 8000 10000 13000 16000 20000; do
    [ -s "$out/$v-$n.pgn" ] && continue
    "$out/chuhan" match --engine cmd="$out/chuhan",arg=engine,name=a --engine cmd="$out/chuhan",arg=engine,name=b \
      --variant $v --games "$games" --nodes $n --pgnout "$out/$v-$n.pgn" \
      --resign movecount=4,score=1500 --draw movenumber=80,movecount=12,score=8 > "$out/$v-$n.log" 2>&1
  done
done
target/release/examples/tune --xiangqi ../shared/testdata/games/*_UCI_games.pgn --iterations 0 \
  --adjudicate-nodes 30000 --label-out "$out/master-labelled.pgn"
# Two steps, as the committed weights were made: xiangqi on the judged master games first, then
# on those and the self-play games together (that session used the xiangqi budgets 6000, 8000 and
# 10000 only: the run was cut short); janggi on its self-play games.
target/release/examples/tune --xiangqi "$out/master-labelled.pgn" --janggi "$out"/janggi-*.pgn \
  --iterations 600 --write crates/chuhan-engine/src/eval/weights.rs
cargo build --release -p chuhan-engine --example tune
target/release/examples/tune --xiangqi "$out/master-labelled.pgn" "$out"/xiangqi-{6000,8000,10000}.pgn \
  --iterations 300 --write crates/chuhan-engine/src/eval/weights.rs
# Second round: self-play by the engine with these weights (other node budgets, so other games),
# then both games refitted on everything.
cargo build --release -p chuhan-cli -p chuhan-engine --example tune
cp target/release/chuhan "$out/chuhan2"
for v in janggi xiangqi; do
  games=$([ $v = janggi ] && echo 96 || echo 328)
  budgets=$([ $v = janggi ] && echo "7000 9000 11000" || echo "7000 9000")
  for n in $budgets; do
    [ -s "$out/$v-$n.pgn" ] && continue
    "$out/chuhan2" match --engine cmd="$out/chuhan2",arg=engine,name=a --engine cmd="$out/chuhan2",arg=engine,name=b \
      --variant $v --games "$games" --nodes $n --pgnout "$out/$v-$n.pgn" \
      --resign movecount=4,score=1500 --draw movenumber=80,movecount=12,score=8 > "$out/$v-$n.log" 2>&1
  done
done
target/release/examples/tune --xiangqi "$out/master-labelled.pgn" "$out"/xiangqi-{6000,7000,8000,9000,10000}.pgn \
  --janggi "$out"/janggi-{6000,7000,8000,9000,10000,11000,13000,16000,20000}.pgn \
  --iterations 300 --write crates/chuhan-engine/src/eval/weights.rs
# Third round: the same again with the second round's weights (janggi 7500 and 9500, xiangqi 7500).
cargo build --release -p chuhan-cli -p chuhan-engine --example tune
cp target/release/chuhan "$out/chuhan3"
for spec in janggi:7500 janggi:9500 xiangqi:7500; do
  v=${spec%%:*}; n=${spec##*:}
  games=$([ $v = janggi ] && echo 96 || echo 328)
  [ -s "$out/$v-$n.pgn" ] && continue
  "$out/chuhan3" match --engine cmd="$out/chuhan3",arg=engine,name=a --engine cmd="$out/chuhan3",arg=engine,name=b \
    --variant $v --games "$games" --nodes $n --pgnout "$out/$v-$n.pgn" \
    --resign movecount=4,score=1500 --draw movenumber=80,movecount=12,score=8 > "$out/$v-$n.log" 2>&1
done
target/release/examples/tune --xiangqi "$out/master-labelled.pgn" "$out"/xiangqi-{6000,7000,7500,8000,9000,10000}.pgn \
  --janggi "$out"/janggi-*.pgn --iterations 300 --write crates/chuhan-engine/src/eval/weights.rs
