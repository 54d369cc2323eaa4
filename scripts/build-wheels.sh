#!/usr/bin/env bash
# Builds the Python package's release artifacts (crates/chuhan-py): manylinux2014 wheels for
# x86_64 and aarch64 Linux (one abi3 wheel each, CPython 3.9+, glibc 2.17+, the extension
# stripped) and the sdist, then checks each wheel: its tag, its architecture, and that no
# symbol needs a glibc newer than 2.17 (auditwheel, from PyPI).
#
#   scripts/build-wheels.sh                    # both wheels and the sdist
#   scripts/build-wheels.sh x86_64             # only the named architectures (x86_64, aarch64)
#   scripts/build-wheels.sh --no-sdist x86_64
#   scripts/build-wheels.sh --test             # then install the x86_64 wheel and the sdist
#                                              # in fresh virtual environments and use them
#                                              # (pip compiles the sdist: 3 to 7 minutes)
#
# The wheels are linked by zig (`maturin --zig`, the `ziglang` package from PyPI) against the
# glibc 2.17 symbols of manylinux2014, so the build needs no old-distribution container. The
# tools (maturin, ziglang, auditwheel) live in a virtual environment of their own,
# <target>/py-tools. The artifacts go to <target>/wheels/ (or $WHEELS_DIR), where <target> is
# cargo's target directory (CARGO_TARGET_DIR and build.target-dir are honoured); the last lines
# printed list them. Each architecture is a full release build: about 3 to 4 minutes each on
# two cores.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
sdist=1
test=0
arches=()
for arg in "$@"; do
  case "$arg" in
    --no-sdist) sdist=0 ;;
    --test) test=1 ;;
    x86_64 | aarch64) arches+=("$arg") ;;
    -h | --help)
      sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'
      exit 0
      ;;
    *)
      echo "build-wheels.sh: unknown argument $arg (x86_64, aarch64, --no-sdist, --test)" >&2
      exit 2
      ;;
  esac
done
[ ${#arches[@]} -gt 0 ] || arches=(x86_64 aarch64)

# cargo's real target directory: maturin builds there too.
target_dir=$(cargo metadata --format-version 1 --no-deps | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
target_dir=${target_dir:-$PWD/target}
out=${WHEELS_DIR:-$target_dir/wheels}
tools=$target_dir/py-tools
mkdir -p "$out"
out=$(cd "$out" && pwd)

if [ ! -x "$tools/bin/maturin" ] || [ ! -x "$tools/bin/auditwheel" ] || ! "$tools/bin/python" -c 'import ziglang' 2>/dev/null; then
  echo "installing maturin, ziglang and auditwheel from PyPI into $tools"
  "$PYTHON" -m venv "$tools"
  "$tools/bin/pip" install --quiet --disable-pip-version-check "maturin>=1.16,<2" "ziglang>=0.13,<1" "auditwheel>=6,<7"
fi
export PATH="$tools/bin:$PATH"

version=$(sed -n '/^\[workspace.package\]/,/^\[/s/^version = "\(.*\)"/\1/p' Cargo.toml)
built=()

for arch in "${arches[@]}"; do
  triple=$arch-unknown-linux-gnu
  if command -v rustup >/dev/null 2>&1; then
    rustup target add "$triple" >/dev/null 2>&1 || rustup target add "$triple"
  fi
  rm -f "$out/chuhan-$version-"*"_$arch.whl"
  echo "== the $arch wheel (maturin --zig, manylinux2014)"
  start=$SECONDS
  maturin build --release --strip --zig --compatibility manylinux2014 --target "$triple" \
    -m crates/chuhan-py/Cargo.toml --out "$out" --quiet
  wheel=$(ls "$out/chuhan-$version-"*"_$arch.whl")
  echo "built in $((SECONDS - start)) s: $wheel"

  # The tag says manylinux2014 (manylinux_2_17), the extension is for $arch, and auditwheel
  # finds no symbol that needs a newer glibc (it names the policy the wheel meets).
  case "$wheel" in
    *manylinux_2_17_"$arch"*) ;;
    *)
      echo "$wheel: not tagged manylinux_2_17 (manylinux2014)" >&2
      exit 1
      ;;
  esac
  report=$(auditwheel show "$wheel")
  echo "  ${report//$'\n'/$'\n'  }"
  if ! echo "$report" | tr '\n' ' ' | grep -q 'consistent with the following platform tag: *"manylinux_2_17_'"$arch"'"'; then
    echo "$wheel: auditwheel does not place it under manylinux_2_17_$arch" >&2
    exit 1
  fi
  so_report=$("$tools/bin/python" - "$wheel" "$arch" <<'EOF'
import re, subprocess, sys, tempfile, zipfile
wheel, arch = sys.argv[1], sys.argv[2]
machine = {"x86_64": 62, "aarch64": 183}[arch]  # ELF e_machine: EM_X86_64, EM_AARCH64
with zipfile.ZipFile(wheel) as z:
    [name] = [n for n in z.namelist() if n.endswith(".so")]
    data = z.read(name)
assert data[:4] == b"\x7fELF", name
got = int.from_bytes(data[18:20], "little")
if got != machine:
    sys.exit(f"{name}: ELF machine {got}, expected {machine} ({arch})")
# Symbol versions: every GLIBC_x.y the extension asks for, the newest last.
versions = sorted({tuple(map(int, v.split("."))) for v in re.findall(rb"GLIBC_(\d+\.\d+(?:\.\d+)?)", data)
                   for v in [v.decode()]})
newest = ".".join(map(str, versions[-1])) if versions else "none"
if versions and versions[-1] > (2, 17):
    sys.exit(f"{name}: needs GLIBC_{newest}, newer than manylinux2014's 2.17")
# Stripped: no .symtab section (only the dynamic symbols remain).
with tempfile.NamedTemporaryFile(suffix=".so") as f:
    f.write(data)
    f.flush()
    sections = subprocess.run(["readelf", "-S", "-W", f.name], capture_output=True, text=True).stdout \
        if subprocess.run(["which", "readelf"], capture_output=True).returncode == 0 else ""
if sections and ".symtab" in sections:
    sys.exit(f"{name}: not stripped (.symtab present)")
print(f"{name}: {arch}, {len(data):,} bytes, newest glibc symbol GLIBC_{newest}"
      + (", stripped" if sections else ""))
EOF
  )
  echo "  $so_report"
  built+=("$wheel")
done

if [ "$sdist" = 1 ]; then
  echo "== the sdist (maturin sdist)"
  rm -f "$out/chuhan-$version.tar.gz"
  if ! log=$(maturin sdist -m crates/chuhan-py/Cargo.toml --out "$out" 2>&1); then
    echo "$log" >&2
    exit 1
  fi
  # What pip needs to build it, and the metadata PyPI shows; no test data (the crates' tests
  # stay in the repository).
  "$tools/bin/python" - "$out/chuhan-$version.tar.gz" <<'PY'
import os, sys, tarfile
path = sys.argv[1]
with tarfile.open(path) as t:
    names = {n.split("/", 1)[1] for n in t.getnames() if "/" in n}
    pkg_info = t.extractfile(t.getmember(t.getnames()[0].split("/")[0] + "/PKG-INFO")).read().decode()
need = {"PKG-INFO", "pyproject.toml", "Cargo.toml", "Cargo.lock", "README.md", "LICENSE-MIT", "LICENSE-APACHE",
        "python/chuhan/__init__.py", "python/chuhan/__init__.pyi", "python/chuhan/py.typed",
        "crates/chuhan-py/Cargo.toml", "crates/chuhan-py/src/lib.rs"}
need |= {f"crates/{c}/{f}" for c in ("chuhan", "chuhan-record", "chuhan-engine", "chuhan-db") for f in ("Cargo.toml", "src/lib.rs")}
missing = sorted(need - names)
assert not missing, f"{path} lacks {missing}"
for field in ("License-Expression: MIT OR Apache-2.0", "Requires-Python: >=3.9", "Project-URL: Repository, ",
              "Project-URL: Issues, ", "Project-URL: Documentation, ", "Description-Content-Type: text/markdown"):
    assert field in pkg_info, f"{path}: PKG-INFO lacks {field!r}"
assert not [n for n in names if "/tests/data/" in n], "test data in the sdist"
size = os.path.getsize(path)
assert size < 3_000_000, f"{path}: {size} bytes, more than expected"
print(f"  {os.path.basename(path)}: {len(names)} files, {size:,} bytes; builds with Cargo.lock, metadata complete")
PY
  built+=("$out/chuhan-$version.tar.gz")
fi

# Install what was built in fresh virtual environments and use it: each wheel this machine can
# run, and the sdist (pip builds it from source: Rust and a C compiler needed, a few minutes).
smoke='import chuhan
b = chuhan.Board()
for text in ["炮二平五", "馬8進7", "H2+3"]:
    b.push_notation(text)
assert [m.uci() for m in b.move_stack] == ["h2e2", "h9g7", "h0g2"], b.move_stack
best = chuhan.Engine().analyse(b, depth=4)
print("  chuhan", chuhan.__version__, "imports, plays and searches:", b.fen(), best.score, best.pv[0])'
if [ "$test" = 1 ]; then
  here=$(uname -m)
  for artifact in "${built[@]}"; do
    case "$artifact" in
      *"_$here.whl" | *.tar.gz) ;;
      *) continue ;;
    esac
    venv=$(mktemp -d "${TMPDIR:-/tmp}/chuhan-wheel-test.XXXXXX")
    echo "== pip install $(basename "$artifact") in a fresh venv ($venv)"
    start=$SECONDS
    "$PYTHON" -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "$artifact"
    (cd "$venv" && "$venv/bin/python" -c "$smoke")
    echo "  installed and used in $((SECONDS - start)) s"
    rm -rf "$venv"
  done
fi

echo "== wrote to $out:"
for artifact in "${built[@]}"; do
  echo "  $(basename "$artifact")  $(wc -c <"$artifact") bytes"
done
