#!/usr/bin/env bash
# Builds the Python wheel (crates/chuhan-py) with maturin, installs it into a fresh virtual
# environment under target/, and runs the pytest suite against the installed wheel.
#
#   scripts/test-python.sh            # maturin and pytest from PyPI when missing
#   PYTHON=python3.12 scripts/test-python.sh
#
# The shared record samples (../shared/testdata, or $CHUHAN_SHARED) are used when present;
# the tests that need them skip otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
TOOLS=target/py-tools
VENV=target/py-test

# maturin in a venv of its own (kept between runs: only the wheel's venv must be fresh).
if [ ! -x "$TOOLS/bin/maturin" ]; then
  "$PYTHON" -m venv "$TOOLS"
  "$TOOLS/bin/pip" install --quiet --disable-pip-version-check "maturin>=1.16,<2"
fi

rm -f target/wheels/chuhan-*.whl
"$TOOLS/bin/maturin" build --release --quiet -m crates/chuhan-py/Cargo.toml --interpreter "$PYTHON" \
  --out target/wheels

rm -rf "$VENV"
"$PYTHON" -m venv "$VENV"
"$VENV/bin/pip" install --quiet --disable-pip-version-check pytest target/wheels/chuhan-*.whl
# Run from the tests' directory, never the package source: the installed wheel is what is tested.
cd crates/chuhan-py/tests
"../../../$VENV/bin/python" -m pytest -q -p no:cacheprovider "$@" .
