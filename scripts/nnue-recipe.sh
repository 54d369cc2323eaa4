#!/usr/bin/env bash
# Makes the engine's networks from nothing (issue 23): generate self-play data with the
# hand-written evaluation, train one network per game, quantize, and play a quick match of the
# network against the hand-written evaluation with the same search. Each step prints its time.
#
#   scripts/nnue-recipe.sh [WORKDIR]      (default: target/nnue)
#
# Sizes come from the environment (the defaults are the run recorded in BENCHMARKS.md, "NNUE"):
#   XQ_GAMES JG_GAMES NODES THREADS SEED EPOCHS MATCH_GAMES MATCH_TC
# Data files stay in WORKDIR (not committed); the networks are written to WORKDIR/*.nnue, to be
# copied to crates/chuhan-engine/nets/ when they are to be embedded.
set -euo pipefail
cd "$(dirname "$0")/.."
WORK=${1:-target/nnue}
XQ_GAMES=${XQ_GAMES:-2929}
JG_GAMES=${JG_GAMES:-1500}
NODES=${NODES:-4000}
THREADS=${THREADS:-1}
SEED=${SEED:-2}
EPOCHS=${EPOCHS:-12}
MATCH_GAMES=${MATCH_GAMES:-100}
MATCH_TC=${MATCH_TC:-1+0.05}
mkdir -p "$WORK"

step() { local name=$1; shift; local t0=$SECONDS; "$@"; echo "== $name: $((SECONDS - t0)) s"; }

step build cargo build --release -q -p chuhan-engine --examples --bin chuhan-engine -p chuhan-cli
GEN=target/release/examples/nnue_gen
TRAIN=target/release/examples/nnue_train
step "generate xiangqi ($XQ_GAMES games, $NODES nodes)" nice -n 10 $GEN --variant xiangqi --games "$XQ_GAMES" \
  --nodes "$NODES" --threads "$THREADS" --seed "$SEED" --openings crates/chuhan-cli/data/openings-xiangqi.txt \
  --out "$WORK/xiangqi.data"
step "generate janggi ($JG_GAMES games, $NODES nodes)" nice -n 10 $GEN --variant janggi --games "$JG_GAMES" \
  --nodes "$NODES" --threads "$THREADS" --seed "$SEED" --openings crates/chuhan-cli/data/openings-janggi.txt \
  --out "$WORK/janggi.data"
for v in xiangqi janggi; do
  step "train $v ($EPOCHS epochs)" nice -n 10 $TRAIN --variant $v --data "$WORK/$v.data" --epochs "$EPOCHS" \
    --seed "$SEED" --mirror --out "$WORK/$v.nnue"
done
for v in xiangqi janggi; do
  # The same engine twice: the network (EvalFile, Use NNUE) against the hand-written evaluation.
  step "match $v ($MATCH_GAMES games, $MATCH_TC)" nice -n 10 target/release/chuhan match --variant $v \
    --games "$MATCH_GAMES" --tc "$MATCH_TC" \
    --engine "cmd=target/release/chuhan-engine,name=nnue,option.EvalFile=$PWD/$WORK/$v.nnue,option.Use NNUE=true" \
    --engine "cmd=target/release/chuhan-engine,name=classic,option.Use NNUE=false" \
    || echo "(match failed: see chuhan match --help for this build's flags)"
done
