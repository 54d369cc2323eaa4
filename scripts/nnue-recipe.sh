#!/usr/bin/env bash
# Makes the engine's networks from nothing (issue 23), in the order the embedded ones were made,
# and plays a quick match of each network against the hand-written evaluation with the same
# search. Each step prints its time.
#
#   scripts/nnue-recipe.sh [WORKDIR]      (default: target/nnue)
#
# Xiangqi takes five rounds: self-play of the hand-written evaluation trains a first network
# (128 wide), whose own self-play trains a second (256 wide); that one's own games fine-tune it
# (a small learning rate, eight epochs) into a third, the third's own games fine-tune it the
# same way into a fourth, and the fourth's own games, searched twice as deep (8,000 nodes a
# move), fine-tune it into the embedded one (round 5). Janggi the same way:
# four seeds of the hand-written evaluation's self-play train a first network (128 wide), whose
# own self-play, added to those positions, trains a second (256 wide); that one's self-play,
# added to everything before, trains a third (256 wide, with weight decay); the third network's
# own games alone fine-tune it, gently (a small learning rate, two epochs), into a fourth; that
# one's own games fine-tune it the same way into the embedded one (round 5).
# BENCHMARKS.md ("NNUE") has the figures and the time each step took on the 2-core machine.
#
# Sizes come from the environment (the defaults make the embedded networks):
#   XQ_GAMES (round 1) XQ_GAMES2 (round 2) XQ_GAMES3 (round 3) XQ_GAMES4 (round 4) XQ_GAMES5 (round 5)
#   JG_GAMES (each janggi round-1 seed) JG_GAMES2 (janggi round 2) JG_GAMES3 (janggi round 3)
#   JG_GAMES4 (janggi round 4) JG_GAMES5 (janggi round 5) NODES THREADS EPOCHS
#   MATCH_GAMES MATCH_NODES
# Data files stay in WORKDIR (not committed); the networks are written to WORKDIR/*.nnue, to be
# copied to crates/chuhan-engine/nets/ when they are to be embedded.
set -euo pipefail
cd "$(dirname "$0")/.."
WORK=${1:-target/nnue}
XQ_GAMES=${XQ_GAMES:-2929}
XQ_GAMES2=${XQ_GAMES2:-14771}
XQ_GAMES3=${XQ_GAMES3:-8031}
XQ_GAMES4=${XQ_GAMES4:-8000}
XQ_GAMES5=${XQ_GAMES5:-4212}
JG_GAMES=${JG_GAMES:-1500}
JG_GAMES2=${JG_GAMES2:-7567}
JG_GAMES3=${JG_GAMES3:-9020}
JG_GAMES4=${JG_GAMES4:-7234}
JG_GAMES5=${JG_GAMES5:-6800}
NODES=${NODES:-4000}
THREADS=${THREADS:-$(nproc)}
EPOCHS=${EPOCHS:-12}
MATCH_GAMES=${MATCH_GAMES:-200}
MATCH_NODES=${MATCH_NODES:-8000}
mkdir -p "$WORK"

step() { local name=$1; shift; local t0=$SECONDS; "$@"; echo "== $name: $((SECONDS - t0)) s"; }

step build cargo build --release -q -p chuhan-engine -p chuhan-train -p chuhan-cli
# A command and its subcommand: used unquoted, so that they split into two words.
GEN="target/release/chuhan-train gen"
TRAIN="target/release/chuhan-train train"
XQ_OPENINGS=crates/chuhan-cli/data/openings-xiangqi.txt
JG_OPENINGS=crates/chuhan-cli/data/openings-janggi.txt

# Xiangqi, round 1: the hand-written evaluation's games train a first network.
step "xiangqi round 1: generate ($XQ_GAMES games, $NODES nodes)" $GEN --variant xiangqi --games "$XQ_GAMES" \
  --nodes "$NODES" --threads "$THREADS" --seed 2 --openings $XQ_OPENINGS --out "$WORK/xiangqi1.data"
step "xiangqi round 1: train (128 wide)" $TRAIN --variant xiangqi --data "$WORK/xiangqi1.data" --hidden 128 \
  --epochs "$EPOCHS" --seed 1 --mirror --out "$WORK/xiangqi1.nnue"
# Round 2: that network's own games (its search scores are the targets) train the embedded one.
step "xiangqi round 2: generate ($XQ_GAMES2 games, $NODES nodes, the round-1 network)" $GEN --variant xiangqi \
  --games "$XQ_GAMES2" --nodes "$NODES" --threads "$THREADS" --seed 3 --openings $XQ_OPENINGS \
  --net "$WORK/xiangqi1.nnue" --out "$WORK/xiangqi2.data"
step "xiangqi round 2: train (256 wide)" $TRAIN --variant xiangqi --data "$WORK/xiangqi2.data" --hidden 256 \
  --epochs "$EPOCHS" --seed 1 --mirror --out "$WORK/xiangqi2.nnue"
# A fine-tuning round: network PREV plays itself (GAMES games from seed SEED, its search scores the
# targets), and those games alone fine-tune it (--init) at a small learning rate for EPOCHS.
# The games are searched to NODES a move unless a tenth argument says how many.
fine_tune_round() {
  local variant=$1 round=$2 games=$3 seed=$4 epochs=$5 openings=$6 prev=$7 data=$8 out=$9 nodes=${10:-$NODES}
  step "$variant round $round: generate ($games games, $nodes nodes, the round-$((round - 1)) network)" $GEN \
    --variant "$variant" --games "$games" --nodes "$nodes" --threads "$THREADS" --seed "$seed" \
    --openings "$openings" --net "$WORK/$prev" --out "$WORK/$data"
  step "$variant round $round: fine-tune round $((round - 1))" $TRAIN --variant "$variant" --data "$WORK/$data" \
    --init "$WORK/$prev" --lr 0.0001 --decay 0.1 --epochs "$epochs" --seed 2 --mirror --out "$WORK/$out"
}
# Round 3: round 2's own games fine-tune it (--init) at janggi round 4's small learning rate,
# but for eight epochs: the held-out loss kept falling to the eighth, and eight beat two at
# 8,000 nodes (BENCHMARKS.md, "Thirty-first session").
fine_tune_round xiangqi 3 "$XQ_GAMES3" 4 8 $XQ_OPENINGS xiangqi2.nnue xiangqi3.data xiangqi3.nnue
# Round 4: round 3's own games fine-tune it the same way (55.1 % against round 3 over 800 games
# at 8,000 nodes; two epochs gave 49.6 % over 400: BENCHMARKS.md, "Thirty-third session").
fine_tune_round xiangqi 4 "$XQ_GAMES4" 5 8 $XQ_OPENINGS xiangqi3.nnue xiangqi4.data xiangqi4.nnue
# Round 5, the embedded network: round 4's own games at 8,000 nodes a move fine-tune it the
# same way (53.2 % against round 4 over 800 games at 8,000 nodes: BENCHMARKS.md, "Forty-fourth
# session").
fine_tune_round xiangqi 5 "$XQ_GAMES5" 6 8 $XQ_OPENINGS xiangqi4.nnue xiangqi5.data xiangqi.nnue 8000

# Janggi, round 1: four seeds of the hand-written evaluation's games, one file (one header).
for seed in 2 3 4 5; do
  step "janggi round 1: generate seed $seed ($JG_GAMES games, $NODES nodes)" $GEN --variant janggi \
    --games "$JG_GAMES" --nodes "$NODES" --threads "$THREADS" --seed $seed --openings $JG_OPENINGS \
    --out "$WORK/janggi$seed.data"
done
(cat "$WORK/janggi2.data"; for seed in 3 4 5; do tail -c +9 "$WORK/janggi$seed.data"; done) > "$WORK/janggi-round1.data"
step "janggi round 1: train (128 wide)" $TRAIN --variant janggi --data "$WORK/janggi-round1.data" --hidden 128 \
  --epochs "$EPOCHS" --seed 2 --mirror --out "$WORK/janggi1.nnue"
# A later janggi round: the previous round's network plays itself (seed SEED, GAMES games); its
# positions, added to all before, train the next network ("$@": extra trainer flags).
janggi_round() {
  local round=$1 games=$2 seed=$3 out=$4; shift 4
  local prev=$((round - 1))
  step "janggi round $round: generate ($games games, $NODES nodes, the round-$prev network)" $GEN --variant janggi \
    --games "$games" --nodes "$NODES" --threads "$THREADS" --seed "$seed" --openings $JG_OPENINGS \
    --net "$WORK/janggi$prev.nnue" --out "$WORK/janggi$seed.data"
  (cat "$WORK/janggi-round$prev.data"; tail -c +9 "$WORK/janggi$seed.data") > "$WORK/janggi-round$round.data"
  step "janggi round $round: train (256 wide${*:+, $*})" $TRAIN --variant janggi --data "$WORK/janggi-round$round.data" \
    --hidden 256 --epochs "$EPOCHS" --seed 2 --mirror "$@" --out "$WORK/$out"
}
janggi_round 2 "$JG_GAMES2" 21 janggi2.nnue
# Round 3, weight decay against the network learning its games by heart (validation loss
# 0.002284 against 0.002321 on round 2's data).
janggi_round 3 "$JG_GAMES3" 22 janggi3.nnue --decay 0.1
# Round 4: round 3's own games fine-tune it (--init). Gently: at --lr 0.0005 and 6 epochs it
# learned the games by heart and lost to round 3 (41 %); at 0.0001 and 2 epochs it beat it by
# 62 % over 400 games at 8,000 nodes.
fine_tune_round janggi 4 "$JG_GAMES4" 23 2 $JG_OPENINGS janggi3.nnue janggi23.data janggi4.nnue
# Round 5, the embedded network: round 4's own games fine-tune it the same way (55.5 % against
# round 4 over 400 games at 8,000 nodes; eight epochs gave 55.0 %, with the training loss
# falling well below the held-out one).
fine_tune_round janggi 5 "$JG_GAMES5" 24 2 $JG_OPENINGS janggi4.nnue janggi24.data janggi.nnue

for v in xiangqi janggi; do
  # The same engine twice: the network (EvalFile, Use NNUE) against the hand-written evaluation.
  step "match $v ($MATCH_GAMES games, $MATCH_NODES nodes a move)" target/release/chuhan match --variant $v \
    --games "$MATCH_GAMES" --nodes "$MATCH_NODES" --concurrency "$THREADS" --resign movecount=4,score=800 \
    --engine "cmd=target/release/chuhan-engine,name=nnue,option.EvalFile=$PWD/$WORK/$v.nnue,option.Use NNUE=true" \
    --engine "cmd=target/release/chuhan-engine,name=classic,option.Use NNUE=false"
done
