#!/usr/bin/env bash
# Builds the npm package of crates/chuhan-wasm into target/wasm-pkg/: the WebAssembly module
# (size profile wasm-release), wasm-bindgen's ES-module glue and .d.ts (--target web, which
# browsers load without a bundler), the hand-written entry point chuhan.js (which also loads
# the module under Node 20+), package.json, README and licences.
#
# Installs what it needs when missing: the wasm32-unknown-unknown target (rustup) and the
# wasm-bindgen CLI at exactly the version crates/chuhan-wasm/Cargo.toml pins (the glue and
# the crate must agree).
set -euo pipefail
cd "$(dirname "$0")/.."

wb_version=$(sed -n 's/^wasm-bindgen = "=\([0-9.]*\)".*/\1/p' crates/chuhan-wasm/Cargo.toml)
pkg_version=$(sed -n '/^\[workspace.package\]/,/^\[/s/^version = "\(.*\)"/\1/p' Cargo.toml)
out=target/wasm-pkg

if command -v rustup >/dev/null 2>&1; then
  rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || rustup target add wasm32-unknown-unknown
fi

# The CLI: on PATH or in cargo's bin directory, at the pinned version; else installed there.
# (Not --locked: the registry mirror lacks a version its lock file pins.)
wasm_bindgen=$(command -v wasm-bindgen || echo "${CARGO_HOME:-$HOME/.cargo}/bin/wasm-bindgen")
if [ "$("$wasm_bindgen" --version 2>/dev/null || true)" != "wasm-bindgen $wb_version" ]; then
  echo "installing wasm-bindgen-cli $wb_version"
  # Without default features: no TLS stack (rustls and ring), which only the CLI's test runner
  # needs for downloads; the bindings need none of it, and the install takes half the time.
  cargo install wasm-bindgen-cli --version "$wb_version" --no-default-features --force
  wasm_bindgen="${CARGO_HOME:-$HOME/.cargo}/bin/wasm-bindgen"
fi

cargo build --target wasm32-unknown-unknown -p chuhan-wasm --profile wasm-release
# Where cargo wrote it: CARGO_TARGET_DIR or build.target-dir may move the target directory, and
# reading ./target then would package a stale module (or none).
target_dir=$(cargo metadata --format-version 1 --no-deps | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
wasm="${target_dir:-target}/wasm32-unknown-unknown/wasm-release/chuhan_wasm.wasm"

rm -rf "$out"
"$wasm_bindgen" --target web --remove-name-section --remove-producers-section \
  --out-dir "$out" --out-name chuhan_core "$wasm"
# Parameters that may be left out are `Option<JsValue>` typed `T | null` in Rust; wasm-bindgen
# writes them `name: T | null`, which TypeScript would require: mark them optional (they are
# always the trailing ones).
sed -i -E 's/([A-Za-z_]+): ([^,()]*\| null)([,)])/\1?: \2\3/g' "$out/chuhan_core.d.ts"
cp crates/chuhan-wasm/js/chuhan.js crates/chuhan-wasm/js/chuhan.d.ts "$out/"
sed "s/@VERSION@/$pkg_version/" crates/chuhan-wasm/js/package.json >"$out/package.json"
cp crates/chuhan-wasm/README.md LICENSE-MIT LICENSE-APACHE "$out/"

wasm="$out/chuhan_core_bg.wasm"
echo "wrote $out: $(wc -c <"$wasm") bytes of WebAssembly, $(gzip -9c "$wasm" | wc -c) gzipped"
