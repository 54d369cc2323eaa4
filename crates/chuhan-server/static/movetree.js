// The analysis board's move tree: every node is a move with the position after it; its first
// child is the main continuation, the others are variations. The server checks trees and
// writes them as PGN (POST /api/tree); on the wire a tree is a flat list of nodes, each naming
// its parent's index, so neither side ever recurses over a deep tree.
// User text (comments) is only ever put into the page with textContent.

/// An empty tree: the start position, with the comment before the first move.
export function newRoot() {
  return { parent: null, children: [], comment: "" };
}

/// Adds move `mv` after `parent` (as its main continuation if it has none yet).
export function addChild(parent, mv, text) {
  const n = { parent, mv, text: text || null, comment: "", pre: "", nags: [], children: [] };
  parent.children.push(n);
  return n;
}

/// The nodes from the first move to `node`.
export function pathTo(node) {
  const path = [];
  for (let n = node; n.parent; n = n.parent) path.push(n);
  return path.reverse();
}

/// The child indices that lead from the root to `node`.
export function indexPath(node) {
  return pathTo(node).map((n) => n.parent.children.indexOf(n));
}

/// The node at `indices` from `root`, as far as they lead.
export function nodeAt(root, indices) {
  let n = root;
  for (const i of indices) { if (!n.children[i]) break; n = n.children[i]; }
  return n;
}

/// The end of the line that goes on from `node` through first children.
export function lineEnd(node) {
  let n = node;
  while (n.children.length) n = n.children[0];
  return n;
}

/// The first move of the variation `node` is in (the nearest node, itself or above, that is
/// not its parent's first child), or null on the main line.
export function variationOf(node) {
  for (let n = node; n.parent; n = n.parent) if (n.parent.children[0] !== n) return n;
  return null;
}

/// Promotes the variation `node` is in one level: its first move becomes the main continuation
/// where it branches, and the line that was there becomes its first variation.
export function promote(node) {
  const v = variationOf(node);
  if (!v) return false;
  const sibs = v.parent.children;
  sibs.splice(sibs.indexOf(v), 1);
  sibs.unshift(v);
  return true;
}

/// Removes `node` and everything after it; returns its parent.
export function remove(node) {
  const sibs = node.parent.children;
  sibs.splice(sibs.indexOf(node), 1);
  return node.parent;
}

/// The tree of a server answer (`{comment, nodes: [{parent, mv, text, comment, pre, nags}]}`).
export function fromWire(tree) {
  const root = newRoot();
  root.comment = tree.comment || "";
  const made = [];
  for (const w of tree.nodes || []) {
    const parent = w.parent === null || w.parent === undefined ? root : made[w.parent];
    if (!parent) throw new Error("the tree names a parent after its child");
    const n = addChild(parent, w.mv, w.text);
    n.comment = w.comment || "";
    n.pre = w.pre || "";
    n.nags = w.nags || [];
    made.push(n);
  }
  return root;
}

/// The tree as the server reads it: nodes in depth-first order, first children first.
export function toWire(root) {
  const nodes = [];
  const stack = root.children.map((n) => [n, null]).reverse();
  while (stack.length) {
    const [n, parent] = stack.pop();
    const i = nodes.length;
    const w = { parent, mv: n.mv };
    if (n.comment) w.comment = n.comment;
    if (n.pre) w.pre = n.pre;
    if (n.nags.length) w.nags = n.nags;
    nodes.push(w);
    for (let k = n.children.length - 1; k >= 0; k--) stack.push([n.children[k], i]);
  }
  const tree = { nodes };
  if (root.comment) tree.comment = root.comment;
  return tree;
}

const NAGS = { 1: "!", 2: "?", 3: "!!", 4: "??", 5: "!?", 6: "?!" };

/// The move list as DOM nodes: the main line with its variations in parentheses (nested), each
/// move a clickable span. `start` is `{turn, number}` of the start position.
export function renderTree(root, cur, start, onPick) {
  const out = [];
  if (root.comment) out.push(commentSpan(root.comment));
  line(root, 0, 0, out, start, cur, onPick);
  return out;
}

function commentSpan(text) {
  const c = document.createElement("span");
  c.className = "comment";
  c.textContent = text;
  return c;
}

/// Appends the line that starts with child `k` of `parent` (at `ply` plies from the start).
function line(parent, k, ply, out, start, cur, onPick) {
  let p = parent, idx = k, needNumber = true;
  while (p.children[idx]) {
    const n = p.children[idx];
    if (n.pre && p === parent && idx === k) out.push(commentSpan(n.pre));
    const half = ply + start.turn, number = start.number + Math.floor(half / 2);
    const prefix = half % 2 === 0 ? `${number}. ` : needNumber ? `${number}… ` : "";
    const span = document.createElement("span");
    span.className = n === cur ? "mv cur" : "mv";
    span.dataset.ply = String(ply + 1);
    span.textContent = prefix + (n.text || n.mv) + n.nags.map((g) => NAGS[g] || ` $${g}`).join("");
    span.addEventListener("click", () => onPick(n));
    out.push(span);
    needNumber = false;
    if (n.comment) { out.push(commentSpan(n.comment)); needNumber = true; }
    if (idx === 0 && p.children.length > 1) {
      for (let j = 1; j < p.children.length; j++) {
        const v = document.createElement("span");
        v.className = "var";
        const inner = [];
        line(p, j, ply, inner, start, cur, onPick);
        v.append("(", ...inner, ")");
        out.push(v);
      }
      needNumber = true;
    }
    p = n; idx = 0; ply += 1;
  }
}
