#!/usr/bin/env bash
# Builds the Python wheel for this machine's architecture as it is released (manylinux2014,
# stripped: scripts/build-wheels.sh, which also checks its tag and glibc symbols), installs it
# into a fresh virtual environment and runs the pytest suite against the installed wheel.
#
#   scripts/test-python.sh            # maturin, ziglang and pytest from PyPI when missing
#   PYTHON=python3.12 scripts/test-python.sh
#
# The shared record samples (../shared/testdata, or $CHUHAN_SHARED) are used when present;
# the tests that need them skip otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
target_dir=$(cargo metadata --format-version 1 --no-deps | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
target_dir=${target_dir:-$PWD/target}
VENV=$target_dir/py-test
version=$(sed -n '/^\[workspace.package\]/,/^\[/s/^version = "\(.*\)"/\1/p' Cargo.toml)
arch=$(uname -m)

# The wheel, checked (tag, architecture, glibc symbols), and the sdist, checked for its contents.
PYTHON=$PYTHON scripts/build-wheels.sh "$arch"
wheel=$(ls "${WHEELS_DIR:-$target_dir/wheels}/chuhan-$version-"*"_$arch.whl")

rm -rf "$VENV"
"$PYTHON" -m venv "$VENV"
"$VENV/bin/pip" install --quiet --disable-pip-version-check pytest "$wheel"
# Run from the tests' directory, never the package source: the installed wheel is what is tested.
cd crates/chuhan-py/tests
CHUHAN_EXPECT_MANYLINUX2014=1 "$VENV/bin/python" -m pytest -q -p no:cacheprovider "$@" .
