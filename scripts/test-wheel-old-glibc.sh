#!/usr/bin/env bash
# Installs this machine's manylinux2014 wheel (scripts/build-wheels.sh) on an older system than
# this one and runs the pytest suite there: a Debian root filesystem made by debootstrap into
# <target>/<suite>-root (once: about 2 minutes and 270 MB) and entered with chroot, so it
# needs root and Debian's debootstrap (installed when missing).
#
#   scripts/test-wheel-old-glibc.sh            # Debian 11 "bullseye": glibc 2.31, CPython 3.9
#   scripts/test-wheel-old-glibc.sh SUITE      # another suite the Debian mirror still serves
#
# bullseye is the oldest Debian release the mirror serves here (buster, glibc 2.28, is only on
# the archive, which this machine cannot reach); its CPython 3.9 is the oldest the abi3 wheel
# supports. Not run by .ci/run (the root filesystem costs minutes the first time).
set -euo pipefail
cd "$(dirname "$0")/.."

suite=${1:-bullseye}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
target_dir=$(cargo metadata --format-version 1 --no-deps | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
target_dir=${target_dir:-$PWD/target}
root=$target_dir/$suite-root
version=$(sed -n '/^\[workspace.package\]/,/^\[/s/^version = "\(.*\)"/\1/p' Cargo.toml)
arch=$(uname -m)

wheel=$(ls "${WHEELS_DIR:-$target_dir/wheels}/chuhan-$version-"*"manylinux_2_17_$arch.whl" 2>/dev/null || true)
if [ -z "$wheel" ]; then
  scripts/build-wheels.sh --no-sdist "$arch"
  wheel=$(ls "${WHEELS_DIR:-$target_dir/wheels}/chuhan-$version-"*"manylinux_2_17_$arch.whl")
fi

if [ ! -x "$root/usr/bin/python3" ]; then
  command -v debootstrap >/dev/null 2>&1 || apt-get install -y debootstrap >/dev/null 2>&1 \
    || (apt-get update >/dev/null 2>&1 && apt-get install -y debootstrap >/dev/null)
  echo "making a Debian $suite root filesystem in $root (debootstrap: about 2 minutes, once)"
  rm -rf "$root"
  debootstrap --variant=minbase --include=python3,python3-venv,python3-pip "$suite" "$root" "$mirror" >/dev/null
fi

# The tests and what they read, at the same places relative to each other as in the checkout.
rm -rf "$root/repo"
mkdir -p "$root/repo/crates/chuhan-py" "$root/repo/crates/chuhan" "$root/repo/crates/chuhan-wasm/js"
cp -r crates/chuhan-py/tests crates/chuhan-py/README.md crates/chuhan-py/pyproject.toml "$root/repo/crates/chuhan-py/"
cp -r crates/chuhan/tests "$root/repo/crates/chuhan/"
cp crates/chuhan-wasm/js/package.json "$root/repo/crates/chuhan-wasm/js/"
cp README.md "$root/repo/"
cp "$wheel" "$root/tmp/"
# pytest for the chroot's CPython, fetched here (the chroot has this machine's network but not
# its package-index settings), installed there from files.
rm -rf "$root/tmp/pytest-wheels"
py_version=$(chroot "$root" /usr/bin/python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])')
python3 -m pip download --quiet --disable-pip-version-check --only-binary :all: \
  --python-version "$py_version" -d "$root/tmp/pytest-wheels" pytest tomli exceptiongroup

echo "== $(basename "$wheel") under Debian $suite: $(chroot "$root" /usr/bin/ldd --version | head -n 1)"
env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 chroot "$root" /bin/sh -ec "
  rm -rf /venv
  python3 -m venv /venv
  /venv/bin/pip install --quiet --disable-pip-version-check --no-index --find-links /tmp/pytest-wheels pytest /tmp/$(basename "$wheel")
  cd /repo/crates/chuhan-py/tests
  /venv/bin/python -c 'import platform; print(\"CPython\", platform.python_version(), \"with\", *platform.libc_ver())'
  CHUHAN_EXPECT_MANYLINUX2014=1 /venv/bin/python -m pytest -q -p no:cacheprovider .
"
