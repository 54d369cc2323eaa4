#!/usr/bin/env bash
# Builds the API pages of the Python and JavaScript packages as static HTML:
#   <target>/docs/python/   pdoc (PyPI) over the installed wheel: the docstrings and the
#                           signatures of chuhan/__init__.pyi
#   <target>/docs/js/       TypeDoc (npm) over the npm package's declarations (chuhan.d.ts)
# where <target> is cargo's target directory (CARGO_TARGET_DIR is honoured); open
# <target>/docs/index.html. It also type-checks two small consumers of the npm package, an ES
# module and a CommonJS one (scripts/docs-js/typecheck), with TypeScript.
#
# It builds what it documents first, which is quick when nothing changed: the x86_64 wheel
# (scripts/build-wheels.sh) and the npm package (scripts/build-wasm.sh). The tools come from
# PyPI (pdoc, in <target>/py-docs) and npm (typedoc and typescript at the versions of
# scripts/docs-js/package-lock.json, `npm ci`).
set -euo pipefail
case "${1:-}" in
  "") ;;
  -h | --help) sed -n '2,/^set -/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
  *) echo "build-docs.sh: takes no arguments, got $1 (--help says what it does)" >&2; exit 2 ;;
esac
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
target_dir=$(cargo metadata --format-version 1 --no-deps | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
target_dir=${target_dir:-$PWD/target}
docs=$target_dir/docs
pkg=${WASM_PKG_DIR:-target/wasm-pkg}
version=$(sed -n '/^\[workspace.package\]/,/^\[/s/^version = "\(.*\)"/\1/p' Cargo.toml)
arch=$(uname -m)

if [ "${CHUHAN_DOCS_NO_BUILD:-}" != 1 ]; then
  scripts/build-wheels.sh --no-sdist "$arch" >/dev/null
  scripts/build-wasm.sh >/dev/null
fi
wheel=$(ls "${WHEELS_DIR:-$target_dir/wheels}/chuhan-$version-"*"_$arch.whl")
pkg=$(cd "$pkg" && pwd)
rm -rf "$docs"
mkdir -p "$docs"

echo "== Python: pdoc over $(basename "$wheel")"
start=$SECONDS
venv=$target_dir/py-docs
if [ ! -x "$venv/bin/pdoc" ]; then
  "$PYTHON" -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "pdoc>=15,<17"
fi
"$venv/bin/pip" install --quiet --disable-pip-version-check --force-reinstall --no-deps "$wheel"
# From an empty directory, so that the installed package is documented, not a source tree.
(cd "$(mktemp -d)" && "$venv/bin/pdoc" --docformat markdown --footer-text "chuhan $version" \
  -o "$docs/python" chuhan)
test -s "$docs/python/chuhan.html"
echo "  $docs/python/chuhan.html ($((SECONDS - start)) s)"

echo "== JavaScript: TypeDoc over $pkg/chuhan.d.ts, and both entry points type-checked"
start=$SECONDS
(cd scripts/docs-js && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
tools=$PWD/scripts/docs-js/node_modules/.bin
check=$(mktemp -d)
trap 'rm -rf "$check"' EXIT
cp scripts/docs-js/typecheck/* "$check/"
mkdir -p "$check/node_modules"
ln -s "$pkg" "$check/node_modules/chuhan"
"$tools/tsc" -p "$check/tsconfig.json"
# The README as the front page, its links into the repository made absolute (TypeDoc would
# report them as missing files; npm's page resolves them against "repository" itself).
repo_url=$(node -p 'require(process.argv[1]).repository.url.replace(/^git\+/, "").replace(/\.git$/, "")' "$pkg/package.json")
sed -E "s#\]\((\.\./[^)]*)\)#](${repo_url}/blob/main/crates/chuhan-wasm/\1)#g" "$pkg/README.md" >"$check/README.md"
"$tools/typedoc" --logLevel Warn --treatWarningsAsErrors --name "chuhan $version" \
  --readme "$check/README.md" --tsconfig "$check/tsconfig.json" --skipErrorChecking \
  --entryPoints "$pkg/chuhan.d.ts" --out "$docs/js"
test -s "$docs/js/index.html"
echo "  $docs/js/index.html ($((SECONDS - start)) s)"

cat >"$docs/index.html" <<EOF
<!doctype html>
<meta charset="utf-8">
<title>chuhan $version: API documentation</title>
<h1>chuhan $version</h1>
<ul>
  <li><a href="python/chuhan.html">Python</a> (the <code>chuhan</code> wheel)</li>
  <li><a href="js/index.html">JavaScript</a> (the <code>chuhan</code> npm package)</li>
</ul>
EOF
echo "wrote $docs/index.html"
