#!/usr/bin/env bash
# End-to-end check of `chuhan serve` in a real browser: builds chuhan, starts `chuhan serve` on a
# free loopback port with a fresh data directory, runs the Playwright tests of e2e/ in headless
# Chromium (Debian's /usr/bin/chromium, or $CHROMIUM) with node's test runner, stops the server.
# Screenshots go to target/e2e-screenshots/. Usage: scripts/e2e-web.sh [CHUHAN]; E2E_TESTS="tests/a.test.js
# tests/b.test.js" runs only those files (paths under e2e/).
# Needs: node >= 20, `npm ci` in e2e/ (done here when node_modules is missing), chromium and a
# CJK font (Debian: apt-get install chromium fonts-wqy-zenhei).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
chuhan=${1:-}
if [ -z "$chuhan" ]; then
  cargo build --release -p chuhan-cli
  chuhan=target/release/chuhan
fi
[ -d e2e/node_modules/playwright-core ] || (cd e2e && npm ci --no-audit --no-fund)

data=$(mktemp -d)
log="$data/serve.log"
# Two other engines for the analysis board (e2e/tests/other-engine.test.js): the scripted fake of
# chuhan-cli's tests (python3) with fixed lines at the start position, and one that crashes.
fake="cmd=python3,arg=$root/crates/chuhan-cli/tests/fake_engine.py"
# The puzzle page's tests (e2e/tests/puzzles.test.js) have a set of their own: a puzzle for each.
# A game database of four games for the explorer and the database page (e2e/tests/explorer.test.js).
"$chuhan" db import --games-db "$data/games.sqlite3" e2e/fixtures/explorer.pgn >/dev/null
# Every browser test comes from 127.0.0.1 to this one server: the language tests alone load
# each page in five languages, which passes the default 1,200 requests a minute per address
# (the limit itself is tested in crates/chuhan-server/tests/ratings_and_limits.rs).
"$chuhan" serve --addr 127.0.0.1:0 --store "$data/db/games.sqlite3" --games-db "$data/games.sqlite3" --games-db-uploads \
  --rate-limit 20000 --review-nodes 300 --puzzles e2e/fixtures/puzzles.jsonl \
  --engine "$fake --name Fake --mode script --script h2e2 --info depth+17+multipv+1+score+cp+77+pv+h2e2+h9g7,name=Fake" \
  --engine "$fake --mode crash,name=Broken" \
  >"$log" 2>&1 &
pid=$!
cleanup() { kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -rf "$data"; }
trap cleanup EXIT

# Port 0: the server picks a free port and prints the address it got.
url=""
for _ in $(seq 1 100); do
  url=$(grep -o 'http://127\.0\.0\.1:[0-9]*' "$log" | head -n 1 || true)
  [ -n "$url" ] && break
  kill -0 "$pid" 2>/dev/null || { cat "$log"; echo "e2e-web: the server did not start"; exit 1; }
  sleep 0.1
done
[ -n "$url" ] || { cat "$log"; echo "e2e-web: no address from the server in 10 s"; exit 1; }
echo "e2e-web: chuhan serve at $url"

rm -rf target/e2e-screenshots
mkdir -p target/e2e-screenshots
status=0
(cd e2e && CHUHAN_URL="$url" E2E_SCREENSHOTS="$root/target/e2e-screenshots" \
  node --test --test-concurrency=1 ${E2E_TESTS:-tests/}) || status=$?
if [ "$status" -ne 0 ]; then
  echo "e2e-web: the server's log:"
  cat "$log"
fi
echo "e2e-web: screenshots in target/e2e-screenshots/"
exit "$status"
