#!/usr/bin/env bash
# Builds the npm package of crates/chuhan-wasm into target/wasm-pkg/ (or $WASM_PKG_DIR): the
# WebAssembly module (size profile wasm-release) and, beside it,
#  - the ES module: wasm-bindgen's glue and .d.ts (--target web, which browsers load without a
#    bundler) and the hand-written entry point chuhan.js (which also loads the module under
#    Node 20+);
#  - the CommonJS entry for `require("chuhan")` in Node: wasm-bindgen's --target nodejs glue in
#    cjs/ (it reads the same chuhan_core_bg.wasm from disk, synchronously) and the hand-written
#    chuhan.cjs, with chuhan.d.cts for its types;
#  - package.json (its "exports" send `import` and `require` to the two), README and licences.
#
# Installs what it needs when missing: the wasm32-unknown-unknown target (rustup) and the
# wasm-bindgen CLI at exactly the version crates/chuhan-wasm/Cargo.toml pins (the glue and the
# crate must agree). crates.io has no prebuilt CLI, so it is compiled once, into a cache
# directory ($CHUHAN_TOOLS_DIR, default ~/.cache/chuhan), and found there afterwards.
set -euo pipefail
cd "$(dirname "$0")/.."

wb_version=$(sed -n 's/^wasm-bindgen = "=\([0-9.]*\)".*/\1/p' crates/chuhan-wasm/Cargo.toml)
pkg_version=$(sed -n '/^\[workspace.package\]/,/^\[/s/^version = "\(.*\)"/\1/p' Cargo.toml)
out=${WASM_PKG_DIR:-target/wasm-pkg}
tools_dir=${CHUHAN_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/chuhan}
wb_root=$tools_dir/wasm-bindgen-cli-$wb_version

if command -v rustup >/dev/null 2>&1; then
  rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || rustup target add wasm32-unknown-unknown
fi

# The CLI at the pinned version: the cached one, one on PATH, or one in cargo's bin directory;
# else compiled into the cache (without default features: no TLS stack, which only the CLI's
# test runner needs for downloads; the install takes half the time). Not --locked: the
# registry mirror lacks a version its lock file pins.
wasm_bindgen=
for candidate in "$wb_root/bin/wasm-bindgen" "$(command -v wasm-bindgen || true)" "${CARGO_HOME:-$HOME/.cargo}/bin/wasm-bindgen"; do
  if [ -n "$candidate" ] && [ "$("$candidate" --version 2>/dev/null || true)" = "wasm-bindgen $wb_version" ]; then
    wasm_bindgen=$candidate
    break
  fi
done
if [ -z "$wasm_bindgen" ]; then
  echo "installing wasm-bindgen-cli $wb_version into $wb_root (compiled from crates.io: 3 to 10 minutes on two cores, once)"
  start=$SECONDS
  cargo install wasm-bindgen-cli --version "$wb_version" --no-default-features --force --quiet --root "$wb_root"
  wasm_bindgen=$wb_root/bin/wasm-bindgen
  echo "installed wasm-bindgen-cli $wb_version in $((SECONDS - start)) s: $wasm_bindgen"
fi

# Build, and take the module's path from cargo's own report of what it built (CARGO_TARGET_DIR
# or build.target-dir may move the target directory: reading ./target then would package a
# stale module, or none).
start=$(date +%s)
messages=$(cargo build --target wasm32-unknown-unknown -p chuhan-wasm --profile wasm-release \
  --message-format json-render-diagnostics)
wasm=$(printf '%s\n' "$messages" | grep '"reason":"compiler-artifact"' | grep -o '"[^"]*/chuhan_wasm\.wasm"' \
  | tr -d '"' | tail -n 1)
if [ -z "$wasm" ] || [ ! -f "$wasm" ]; then
  echo "build-wasm.sh: cargo reported no chuhan_wasm.wasm" >&2
  exit 1
fi
target_dir=$(cargo metadata --format-version 1 --no-deps | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
case "$wasm" in
  "$target_dir"/*) ;;
  *)
    echo "build-wasm.sh: $wasm is outside cargo's target directory $target_dir" >&2
    exit 1
    ;;
esac
# Never a stale module: it must be newer than every source file cargo says it was built from
# (its dep-info file beside it), and cargo has just reported it fresh or rebuilt it.
dep_info=${wasm%.wasm}.d
if [ ! -f "$dep_info" ]; then
  echo "build-wasm.sh: $dep_info is missing: cannot tell whether $wasm is up to date" >&2
  exit 1
fi
newer=$(sed -n '1s/^[^:]*: //p' "$dep_info" | tr ' ' '\n' | grep -v '^$' | while read -r src; do
  if [ -e "$src" ] && [ "$src" -nt "$wasm" ]; then echo "$src"; fi
done | head -n 3)
if [ -n "$newer" ]; then
  echo "build-wasm.sh: $wasm is older than its sources ($(echo "$newer" | tr '\n' ' ')): stale, not packaged" >&2
  exit 1
fi
echo "module: $wasm (cargo: $(($(date +%s) - start)) s)"

rm -rf "$out"
mkdir -p "$out"
"$wasm_bindgen" --target web --remove-name-section --remove-producers-section \
  --out-dir "$out" --out-name chuhan_core "$wasm"

# The CommonJS build: the same module with Node's synchronous loader. Its .wasm is the same file
# byte for byte (checked), so only the glue is kept, pointed at the one beside chuhan.js.
cjs_tmp=$(mktemp -d)
trap 'rm -rf "$cjs_tmp"' EXIT
"$wasm_bindgen" --target nodejs --remove-name-section --remove-producers-section \
  --out-dir "$cjs_tmp" --out-name chuhan_core "$wasm"
if ! cmp -s "$cjs_tmp/chuhan_core_bg.wasm" "$out/chuhan_core_bg.wasm"; then
  echo "build-wasm.sh: wasm-bindgen's nodejs and web modules differ: the CommonJS glue cannot share the web one" >&2
  exit 1
fi
mkdir -p "$out/cjs"
cp "$cjs_tmp/chuhan_core.js" "$cjs_tmp/chuhan_core.d.ts" "$out/cjs/"
if [ -d "$cjs_tmp/snippets" ]; then cp -r "$cjs_tmp/snippets" "$out/cjs/"; fi
# shellcheck disable=SC2016 # the backquotes and ${__dirname} are JavaScript's
grep -q '^const wasmPath = `${__dirname}/chuhan_core_bg.wasm`;$' "$out/cjs/chuhan_core.js" || {
  echo "build-wasm.sh: the nodejs glue no longer reads \`\${__dirname}/chuhan_core_bg.wasm\`: update the patch below" >&2
  exit 1
}
# shellcheck disable=SC2016 # the backquotes and ${__dirname} are JavaScript's
sed -i 's|^const wasmPath = `${__dirname}/chuhan_core_bg.wasm`;$|const wasmPath = require("node:path").join(__dirname, "..", "chuhan_core_bg.wasm");|' \
  "$out/cjs/chuhan_core.js"
# cjs/ holds CommonJS files in a package of "type": "module".
printf '{\n  "type": "commonjs"\n}\n' >"$out/cjs/package.json"
# wasm-bindgen writes `inline_js` snippets as ES modules even for --target nodejs, where the glue
# require()s them (which Node 20 before 20.19 refuses): turn each `export function f` into a
# CommonJS export.
find "$out/cjs/snippets" -name '*.js' 2>/dev/null | while read -r snippet; do
  if grep -E '^\s*export ' "$snippet" | grep -qvE '^export function [A-Za-z_$][A-Za-z0-9_$]*\('; then
    echo "build-wasm.sh: $snippet exports something other than functions: teach build-wasm.sh to convert it" >&2
    exit 1
  fi
  names=$(sed -n 's/^export function \([A-Za-z_$][A-Za-z0-9_$]*\)(.*/\1/p' "$snippet")
  sed -i 's/^export function /function /' "$snippet"
  for name in $names; do echo "exports.$name = $name;" >>"$snippet"; done
done

# Parameters that may be left out are `Option<JsValue>` typed `T | null` in Rust; wasm-bindgen
# writes them `name: T | null`, which TypeScript would require: mark them optional (they are
# always the trailing ones).
sed -i -E 's/([A-Za-z_]+): ([^,()]*\| null)([,)])/\1?: \2\3/g' "$out/chuhan_core.d.ts" "$out/cjs/chuhan_core.d.ts"
cp crates/chuhan-wasm/js/chuhan.js crates/chuhan-wasm/js/chuhan.cjs crates/chuhan-wasm/js/chuhan.d.ts "$out/"
# The CommonJS entry's types: chuhan.d.ts's declarations, from the CommonJS glue's.
sed 's|"\./chuhan_core\.js"|"./cjs/chuhan_core.js"|g' crates/chuhan-wasm/js/chuhan.d.ts >"$out/chuhan.d.cts"
sed "s/@VERSION@/$pkg_version/" crates/chuhan-wasm/js/package.json >"$out/package.json"
cp crates/chuhan-wasm/README.md LICENSE-MIT LICENSE-APACHE "$out/"

wasm="$out/chuhan_core_bg.wasm"
echo "wrote $out: $(wc -c <"$wasm") bytes of WebAssembly, $(gzip -9c "$wasm" | wc -c) gzipped"
