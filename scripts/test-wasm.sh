#!/usr/bin/env bash
# Builds the npm package (scripts/build-wasm.sh) and runs its tests under Node's own test
# runner: crates/chuhan-wasm/tests/*.test.mjs load target/wasm-pkg/chuhan.js as users do.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build-wasm.sh
node --test crates/chuhan-wasm/tests/
