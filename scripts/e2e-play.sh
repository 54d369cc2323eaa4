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

tmux new-session -d -s "$session" -x 80 -y 24 "$chuhan play --vs human --tc none"
wait_for "楚 河" 10
tmux send-keys -t "$session" '炮二平五' Enter
wait_for "1. 炮二平五" 5
tmux send-keys -t "$session" 'H8+7' Enter
wait_for "马８进７" 5
tmux send-keys -t "$session" '炮二平十' Enter
wait_for "十 is not a file" 5
tmux send-keys -t "$session" Escape C-u
wait_for "Took back 1 move" 5
tmux send-keys -t "$session" C-q
sleep 0.5
tmux kill-session -t "$session" 2>/dev/null || true

# Against the engine: it answers.
tmux new-session -d -s "$session" -x 80 -y 24 "$chuhan play --level 1 --tc 5m"
wait_for "楚 河" 10
tmux send-keys -t "$session" 'h2e2' Enter
wait_for "Black played" 20
tmux send-keys -t "$session" C-q
sleep 0.5
tmux kill-session -t "$session" 2>/dev/null || true
echo "e2e-play: 2 passed, 0 failed"
