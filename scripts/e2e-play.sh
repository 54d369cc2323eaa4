#!/usr/bin/env bash
# End-to-end check of `chuhan play` in a real terminal: tmux runs it at 80×24, keys are sent
# with send-keys and the screen is read with capture-pane. Usage: scripts/e2e-play.sh [CHUHAN]
set -euo pipefail
chuhan=${1:-target/release/chuhan}
session="chuhan-e2e-$$"
fail() { echo "e2e-play: $*"; tmux capture-pane -t "$session" -p || true; tmux kill-session -t "$session" 2>/dev/null || true; exit 1; }
screen() { tmux capture-pane -t "$session" -p; }
wait_for() { # text, seconds
  for _ in $(seq 1 $(( $2 * 10 ))); do screen | grep -qF "$1" && return 0; sleep 0.1; done
  fail "expected \"$1\" on screen"
}

# In English the move list is WXF; moves are read in any notation.
tmux new-session -d -s "$session" -x 80 -y 24 "$chuhan play --lang en --vs human --tc none"
wait_for "楚 河" 10
tmux send-keys -t "$session" '炮二平五' Enter
wait_for "1. C2.5" 5
tmux send-keys -t "$session" 'h9g7' Enter
wait_for "H8+7" 5
tmux send-keys -t "$session" 'C2.0' Enter
wait_for "0 is not a number 1–9" 5
tmux send-keys -t "$session" Escape C-u
wait_for "Took back 1 move" 5
tmux send-keys -t "$session" C-q
sleep 0.5
tmux kill-session -t "$session" 2>/dev/null || true

# In Chinese the move list is Chinese.
tmux new-session -d -s "$session" -x 80 -y 24 "$chuhan play --lang zh-Hans --vs human --tc none"
wait_for "楚 河" 10
tmux send-keys -t "$session" 'C2.5' Enter
wait_for "1. 炮二平五" 5
tmux send-keys -t "$session" C-q
sleep 0.5
tmux kill-session -t "$session" 2>/dev/null || true

# Against the engine: it answers.
tmux new-session -d -s "$session" -x 80 -y 24 "$chuhan play --lang en --level 1 --tc 5m"
wait_for "楚 河" 10
tmux send-keys -t "$session" 'h2e2' Enter
wait_for "Black played" 20
tmux send-keys -t "$session" C-q
sleep 0.5
tmux kill-session -t "$session" 2>/dev/null || true
echo "e2e-play: 3 passed, 0 failed"
