#!/usr/bin/env bash
# Installs a manylinux2014 wheel (scripts/build-wheels.sh) on an older system than this one and
# runs the pytest suite there, in a Debian root filesystem made by debootstrap into
# <target>/<suite>-<arch>-root (once: about 1 to 2 minutes and 150 to 270 MB). Needs root and
# Debian's debootstrap (and qemu-user-static for aarch64), installed when missing.
#
#   scripts/test-wheel-old-glibc.sh                  # x86_64 under Debian 11 "bullseye"
#                                                    # (glibc 2.31, CPython 3.9), by chroot
#   scripts/test-wheel-old-glibc.sh --arch aarch64   # the aarch64 wheel, the same Debian for
#                                                    # arm64, run by qemu-user (no binfmt
#                                                    # needed: the interpreter is started
#                                                    # under qemu-aarch64-static -L ROOT)
#   scripts/test-wheel-old-glibc.sh [--arch A] SUITE # another suite the mirror still serves
#
# bullseye is the oldest Debian release the mirror serves here (buster, glibc 2.28, is only on
# the archive, which this machine cannot reach); its CPython 3.9 is the oldest the abi3 wheel
# supports. Not run by .ci/run (the root filesystem costs minutes the first time, and the
# aarch64 suite runs emulated).
set -euo pipefail
cd "$(dirname "$0")/.."

arch=$(uname -m)
suite=bullseye
while [ $# -gt 0 ]; do
  case "$1" in
    -h | --help)
      sed -n '2,/^set -/p' "$0" | sed '$d; s/^# \{0,1\}//'
      exit 0
      ;;
    --arch)
      arch=$2
      shift 2
      ;;
    -*)
      echo "test-wheel-old-glibc.sh: unknown option $1 (--help says what it takes)" >&2
      exit 2
      ;;
    *)
      suite=$1
      shift
      ;;
  esac
done
case "$arch" in
  x86_64) deb_arch=amd64 ;;
  aarch64) deb_arch=arm64 ;;
  *)
    echo "test-wheel-old-glibc.sh: --arch x86_64 or aarch64" >&2
    exit 2
    ;;
esac
native=0
[ "$arch" = "$(uname -m)" ] && native=1

mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
target_dir=$(cargo metadata --format-version 1 --no-deps | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
target_dir=${target_dir:-$PWD/target}
root=$target_dir/$suite-$arch-root
version=$(sed -n '/^\[workspace.package\]/,/^\[/s/^version = "\(.*\)"/\1/p' Cargo.toml)

apt_install() {
  apt-get install -y "$@" >/dev/null 2>&1 || (apt-get update >/dev/null 2>&1 && apt-get install -y "$@" >/dev/null)
}

wheel=$(ls "${WHEELS_DIR:-$target_dir/wheels}/chuhan-$version-"*"manylinux_2_17_$arch.whl" 2>/dev/null || true)
if [ -z "$wheel" ]; then
  scripts/build-wheels.sh --no-sdist "$arch"
  wheel=$(ls "${WHEELS_DIR:-$target_dir/wheels}/chuhan-$version-"*"manylinux_2_17_$arch.whl")
fi

if [ ! -x "$root/usr/bin/python3" ]; then
  command -v debootstrap >/dev/null 2>&1 || apt_install debootstrap
  echo "making a Debian $suite $deb_arch root filesystem in $root (debootstrap: 1 to 2 minutes, once)"
  rm -rf "$root"
  if [ "$native" = 1 ]; then
    debootstrap --variant=minbase --include=python3,python3-venv "$suite" "$root" "$mirror" >/dev/null
  else
    # The first stage only (the second would run arm64 programs): then every package it fetched
    # is unpacked, which is all a Python interpreter started under qemu needs.
    debootstrap --foreign --arch="$deb_arch" --variant=minbase --include=python3 "$suite" "$root" "$mirror" >/dev/null
    for deb in "$root"/var/cache/apt/archives/*.deb; do dpkg-deb -x "$deb" "$root"; done
  fi
fi
if [ "$native" = 0 ] && ! command -v qemu-aarch64-static >/dev/null 2>&1; then
  apt_install qemu-user-static
fi

# The checkout's tracked files as they are in the work tree (18 MB): the tests and what they
# read (fixtures, READMEs, docs/api.md), at the same places relative to each other.
rm -rf "$root/repo"
mkdir -p "$root/repo"
git ls-files -z | tar --null -T - -cf - | tar -xf - -C "$root/repo"
# The wheel unpacked and pytest (pure Python wheels, fetched here: the root filesystem has this
# machine's network but not its package-index settings) beside it: a wheel is a zip laid out as
# site-packages, so this is what pip would install, without running pip under emulation.
site=$root/opt/site
rm -rf "$site" "$root/tmp/pytest-wheels"
mkdir -p "$site"
py_version=$(find "$root/usr/lib" -maxdepth 1 -name "python3.*" | sed -n 's|.*/python\(3\.[0-9]*\)$|\1|p' | sort -V | tail -n 1)
python3 -m pip download --quiet --disable-pip-version-check --only-binary :all: \
  --python-version "$py_version" --no-deps -d "$root/tmp/pytest-wheels" \
  pytest iniconfig packaging pluggy pygments tomli exceptiongroup typing_extensions
for w in "$wheel" "$root"/tmp/pytest-wheels/*.whl; do
  python3 -m zipfile -e "$w" "$site"
done

echo "== $(basename "$wheel") under Debian $suite $deb_arch"
script="import platform, sys; print('CPython', platform.python_version(), 'on', platform.machine(), 'with', *platform.libc_ver()); import pytest; sys.exit(pytest.main(['-q', '-p', 'no:cacheprovider', '.']))"
if [ "$native" = 1 ]; then
  env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 PYTHONPATH=/opt/site \
    CHUHAN_EXPECT_MANYLINUX2014=1 chroot "$root" /bin/sh -ec "cd /repo/crates/chuhan-py/tests && python3 -c \"$script\""
else
  # qemu -L: the program's absolute paths (its loader, libraries, /opt/site) are looked up under
  # ROOT first; the tests themselves are read through the host path.
  (cd "$root/repo/crates/chuhan-py/tests" && env -i HOME=/root PATH=/usr/bin:/bin LANG=C.UTF-8 \
    PYTHONPATH=/opt/site CHUHAN_EXPECT_MANYLINUX2014=1 \
    qemu-aarch64-static -L "$root" "$root/usr/bin/python$py_version" -c "$script")
fi
