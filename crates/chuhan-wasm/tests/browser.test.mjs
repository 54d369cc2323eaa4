// The package loads in a browser without a bundler: a page imports chuhan.js from a plain HTTP
// server and uses it, in headless Chromium (skipped when no Chromium is installed; $CHROMIUM
// names another binary).
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { execFile } from "node:child_process";
import path from "node:path";
import { pkgDir } from "./helpers.mjs";

const chromium = [process.env.CHROMIUM, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => p && existsSync(p));

const PAGE = `<!doctype html>
<meta charset="utf-8">
<pre id="out">loading</pre>
<script type="module">
  import { Board } from "./chuhan.js";
  const b = new Board();
  let text = b.legalMoves().length + " " + b.notation("h2e2", "chinese");
  try { b.push("h9h5"); } catch (e) { text += " | " + e.message; }
  document.getElementById("out").textContent = text;
</script>`;

const TYPES = { ".js": "text/javascript", ".wasm": "application/wasm", ".html": "text/html" };

test("a page imports chuhan.js and uses it in headless Chromium", { skip: !chromium && "no Chromium" }, async () => {
  const server = createServer((req, res) => {
    const rel = decodeURIComponent(new URL(req.url, "http://x").pathname);
    if (rel === "/index.html") {
      res.writeHead(200, { "content-type": "text/html" }).end(PAGE);
      return;
    }
    const file = path.join(pkgDir, path.normalize(rel));
    if (!file.startsWith(pkgDir) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream" }).end(readFileSync(file));
  });
  await new Promise((ready) => server.listen(0, "127.0.0.1", ready));
  const url = `http://127.0.0.1:${server.address().port}/index.html`;
  try {
    const dom = await new Promise((resolve, reject) =>
      execFile(
        chromium,
        ["--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=10000", "--dump-dom", url],
        { timeout: 60_000 },
        (err, stdout) => (err ? reject(err) : resolve(stdout)),
      ),
    );
    assert.match(dom, /<pre id="out">44 炮二平五 \| illegal move h9h5: the black horse on h9 cannot move: it is red's move<\/pre>/);
  } finally {
    server.close();
  }
});
