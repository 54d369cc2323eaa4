//! The analysis board's move tree on the wire, and its export as PGN.
//!
//! The browser keeps the tree; the server only checks it, names its moves in a notation and
//! writes it as PGN with chuhan-record's writer. On the wire the tree is a flat list of nodes,
//! each naming its parent by index (parents come first, siblings in order, the first child is
//! the main continuation), so that reading it never recurses however deep the variations go;
//! the nesting is then checked against the record readers' own limit.

use crate::error::{bad, ApiError};
use crate::params::{parse_json, pick_notation};
use crate::wire::tree::RawTree;
use crate::wire::{TreeAnswer, TreeRequest};
use axum::body::Bytes;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::Json;
use chuhan::mv::ParseMoveError;
use chuhan::notation::Notation;
use chuhan::{FenError, Move, Position, Variant};
use chuhan_record::tree::{Line, Node, Record, RecordResult};
use std::collections::BTreeMap;

pub use crate::wire::tree::{WireNode, WireTree};

/// The most moves a tree may hold, variations included (a long game with a rich analysis has a
/// few hundred; opening libraries read from XQF have thousands).
pub const MAX_NODES: usize = 20_000;
/// How deeply variations may nest: the same bound as the record readers', so that every record
/// they read can come back.
pub const MAX_DEPTH: usize = chuhan_record::pgn::MAX_DEPTH;
const MAX_HEADERS: usize = 100;
const MAX_HEADER_VALUE: usize = 2000;

/// Why a tree (or a record's tree) was refused. The messages name the node by its index in
/// the wire list, which is what the browser can point at.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum TreeError {
    /// The start position's FEN does not read.
    #[error("fen: {0}")]
    Fen(FenError),
    /// More than [`MAX_NODES`] moves.
    #[error("tree: at most {MAX_NODES} moves")]
    TooManyNodes,
    /// A node names a parent that is not before it in the list (which also rules out cycles).
    #[error("tree: node {node} follows node {parent}, which does not come before it")]
    ParentAfter {
        /// The node's index.
        node: usize,
        /// The parent it names.
        parent: usize,
    },
    /// A node's move is not coordinates.
    #[error("tree: node {node}: {error}")]
    BadMove {
        /// The node's index.
        node: usize,
        /// Why the text is no move.
        error: ParseMoveError,
    },
    /// A node's move is not legal after its parent.
    #[error("tree: node {node}: {mv} is not legal in {fen}")]
    Illegal {
        /// The node's index.
        node: usize,
        /// The move.
        mv: Move,
        /// The position it was tried in.
        fen: String,
    },
    /// Variations nested deeper than [`MAX_DEPTH`].
    #[error("tree: variations nested deeper than {MAX_DEPTH}")]
    TooDeep,
}

/// Reads a tree's moves (the wire type is in `crate::wire::tree`), naming the node whose
/// move does not read.
impl TryFrom<RawTree> for WireTree {
    type Error = TreeError;

    fn try_from(raw: RawTree) -> Result<WireTree, TreeError> {
        let nodes = raw
            .nodes
            .into_iter()
            .enumerate()
            .map(|(node, n)| {
                let mv = n.mv.parse().map_err(|error| TreeError::BadMove { node, error })?;
                Ok(WireNode { parent: n.parent, mv, text: n.text, comment: n.comment, pre: n.pre, nags: n.nags })
            })
            .collect::<Result<_, TreeError>>()?;
        Ok(WireTree { comment: raw.comment, nodes })
    }
}

/// The nodes of a game's tree in wire order, each with its text in `notation`.
pub fn to_wire(game: &Record, notation: Notation) -> Result<WireTree, TreeError> {
    let mut pos = game.start_position().map_err(TreeError::Fen)?;
    let mut nodes = Vec::with_capacity(game.node_count());
    emit(&game.main, None, true, &mut pos, notation, &mut nodes);
    Ok(WireTree { comment: game.main.comment.clone(), nodes })
}

/// Writes `line`, whose first move follows node `parent`: each move, then the variations that
/// are its alternatives (so that it is its parent's first child), then the next move.
fn emit(line: &Line, parent: Option<usize>, main: bool, pos: &mut Position, n: Notation, out: &mut Vec<WireNode>) {
    let mut parent = parent;
    for (i, node) in line.nodes.iter().enumerate() {
        let index = out.len();
        out.push(WireNode {
            parent,
            mv: node.mv,
            text: Some(crate::shown::move_text(n, pos, node.mv)),
            comment: node.comment.clone(),
            pre: if i == 0 && !main { line.comment.clone() } else { None },
            nags: node.nags.clone(),
        });
        for v in &node.variations {
            emit(v, parent, false, pos, n, out);
        }
        pos.play_unchecked(node.mv);
        parent = Some(index);
    }
    for _ in &line.nodes {
        pos.undo();
    }
}

/// The meaning of a wire tree, for comparing two: each move by its path of child indices from
/// the start (0 = main continuation), with its move, comments and NAGs. Records may nest a
/// variation inside a variation's first move, which is one more alternative to the same move:
/// the wire (like XQF) cannot tell the two apart, so trees are compared by this, not by `Line`.
/// (Each node is kept without its parent index and its text, which do not change the meaning.)
pub fn shape(tree: &WireTree) -> BTreeMap<Vec<usize>, WireNode> {
    let mut paths: Vec<Vec<usize>> = Vec::with_capacity(tree.nodes.len());
    let mut counts: Vec<usize> = vec![0; tree.nodes.len() + 1];
    let mut out = BTreeMap::new();
    for n in &tree.nodes {
        let slot = n.parent.map_or(0, |p| p + 1);
        let mut path = n.parent.and_then(|p| paths.get(p).cloned()).unwrap_or_default();
        path.push(counts[slot]);
        counts[slot] += 1;
        out.insert(path.clone(), WireNode { parent: None, text: None, ..n.clone() });
        paths.push(path);
    }
    out
}

/// A wire tree checked against the start: every parent named before its child, every move
/// legal where it is played, variations nested at most [`MAX_DEPTH`] deep.
pub fn from_wire(start: &Position, tree: &WireTree) -> Result<Line, TreeError> {
    if tree.nodes.len() > MAX_NODES {
        return Err(TreeError::TooManyNodes);
    }
    // Slot 0 is the start; node i is slot i + 1.
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); tree.nodes.len() + 1];
    let mut moves = Vec::with_capacity(tree.nodes.len());
    for (i, node) in tree.nodes.iter().enumerate() {
        let slot = match node.parent {
            None => 0,
            Some(p) if p < i => p + 1,
            Some(parent) => return Err(TreeError::ParentAfter { node: i, parent }),
        };
        children[slot].push(i);
        moves.push(node.mv);
    }
    let built = Builder { tree, children, moves };
    let mut pos = start.clone();
    let mut main = if built.children[0].is_empty() { Line::default() } else { built.line(0, 0, &mut pos, 0)? };
    main.comment = tree.comment.clone();
    Ok(main)
}

struct Builder<'a> {
    tree: &'a WireTree,
    children: Vec<Vec<usize>>,
    moves: Vec<Move>,
}

impl Builder<'_> {
    /// The line that starts with child `k` of `slot` and goes on through first children; the
    /// other children of each slot passed become variations of the move played from it.
    /// Recurses once per level of nesting only.
    fn line(&self, slot: usize, k: usize, pos: &mut Position, depth: usize) -> Result<Line, TreeError> {
        let mut line = Line::default();
        let (mut slot, mut k) = (slot, k);
        while let Some(&i) = self.children[slot].get(k) {
            let wire = &self.tree.nodes[i];
            let m = self.moves[i];
            if !pos.is_legal(m) {
                return Err(TreeError::Illegal { node: i, mv: m, fen: pos.to_fen() });
            }
            if line.nodes.is_empty() && depth > 0 {
                line.comment = wire.pre.clone();
            }
            let mut node = Node::new(m);
            node.comment = wire.comment.clone();
            node.nags = wire.nags.clone();
            if k == 0 {
                for j in 1..self.children[slot].len() {
                    if depth + 1 > MAX_DEPTH {
                        return Err(TreeError::TooDeep);
                    }
                    node.variations.push(self.line(slot, j, pos, depth + 1)?);
                }
            }
            pos.play_unchecked(m);
            line.nodes.push(node);
            (slot, k) = (i + 1, 0);
        }
        for _ in &line.nodes {
            pos.undo();
        }
        Ok(line)
    }
}

/// Whether `key` can be a PGN tag name: letters, digits and `_`, starting with a letter.
fn tag_name(key: &str) -> bool {
    !key.is_empty()
        && key.len() <= 64
        && key.starts_with(|c: char| c.is_ascii_alphabetic())
        && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// `POST /api/tree`: checks a tree; answers it with every move's text, or as PGN.
pub async fn tree(body: Bytes) -> Result<Response, ApiError> {
    let req: TreeRequest = parse_json(&body)?;
    let variant = req.variant.unwrap_or(Variant::Xiangqi);
    let notation = pick_notation(req.notation.as_deref(), variant)?;
    let (start, _) = crate::params::start_position(variant, req.fen.as_deref(), req.relaxed)?;
    let main = from_wire(&start, &req.tree).map_err(|e| bad(e.to_string()))?;
    let mut game = Record::new(variant);
    game.start_fen = start.to_fen();
    game.main = main;
    if req.headers.len() > MAX_HEADERS {
        return Err(bad(format!("headers: at most {MAX_HEADERS}")));
    }
    for (k, v) in &req.headers {
        if !tag_name(k) {
            return Err(bad(format!("headers: {k:?} is not a tag name")));
        }
        if v.chars().count() > MAX_HEADER_VALUE {
            return Err(bad(format!("headers: {k} is longer than {MAX_HEADER_VALUE} characters")));
        }
        if !matches!(k.as_str(), "FEN" | "Variant" | "Result" | "Format") {
            game.headers.set(k.as_str(), v.as_str());
        }
    }
    if let Some(r) = &req.result {
        game.outcome = RecordResult::from_text(r).ok_or_else(|| bad(format!("result: {r:?} is not a result")))?;
    }
    match req.format.as_deref().unwrap_or("json") {
        "json" => {
            let wire = to_wire(&game, notation).map_err(|e| bad(e.to_string()))?;
            Ok(Json(TreeAnswer { nodes: wire.nodes.len(), tree: wire, notation: notation.name() }).into_response())
        }
        "pgn" => {
            let mut out = Vec::new();
            chuhan_record::pgn::write_game(&mut out, &game, notation).map_err(|e| bad(format!("PGN: {e}")))?;
            Ok((
                [
                    (header::CONTENT_TYPE, "application/x-chess-pgn; charset=utf-8"),
                    (header::CONTENT_DISPOSITION, "attachment; filename=\"chuhan-analysis.pgn\""),
                ],
                out,
            )
                .into_response())
        }
        other => Err(bad(format!("format: {other:?}: expected json or pgn"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn wire(parent: Option<usize>, mv: &str) -> WireNode {
        WireNode { parent, mv: mv.parse().unwrap(), text: None, comment: None, pre: None, nags: Vec::new() }
    }

    #[test]
    fn a_record_round_trips_through_the_wire() {
        let pgn = "[Event \"x\"]\n\n{start} 1. C2.5 {centre} (1. P7+1 ({odd} 1. H2+3 H8+7) 1... P7+1) \
                   1... H8+7 $1 (1... C8.5 2. R1+1) 2. H2+3 *\n";
        let game = chuhan_record::pgn::read_all(pgn).remove(0).unwrap();
        let w = to_wire(&game, Notation::Wxf).unwrap();
        assert_eq!(w.nodes.len(), game.node_count());
        assert_eq!(w.comment.as_deref(), Some("start"));
        assert_eq!(w.nodes[0].text.as_deref(), Some("C2.5"));
        // Both alternatives to the first move start from the start position.
        assert_eq!(w.nodes.iter().filter(|n| n.parent.is_none()).count(), 3);
        let start = game.start_position().unwrap();
        let mut back = game.clone();
        back.main = from_wire(&start, &w).unwrap();
        let again = to_wire(&back, Notation::Wxf).unwrap();
        assert_eq!(shape(&again), shape(&w));
        // A different comment or move order is a different tree.
        let mut other = again.clone();
        other.nodes[0].comment = None;
        assert_ne!(shape(&other), shape(&w));
    }

    #[test]
    fn bad_trees_are_refused() {
        let start = Position::new(Variant::Xiangqi);
        let tree = |nodes| WireTree { comment: None, nodes };
        let e = from_wire(&start, &tree(vec![wire(Some(0), "h2e2")])).unwrap_err();
        assert_eq!(e, TreeError::ParentAfter { node: 0, parent: 0 });
        let e = from_wire(&start, &tree(vec![wire(None, "h2e2"), wire(Some(0), "h2e2")])).unwrap_err().to_string();
        assert!(e.contains("node 1") && e.contains("not legal"), "{e}");
        let raw = json!({ "nodes": [{ "parent": null, "mv": "h2e2" }, { "parent": 0, "mv": "z9e2" }] });
        let e = serde_json::from_value::<WireTree>(raw).unwrap_err().to_string();
        assert!(e.contains("node 1"), "{e}");
        // Variations nested deeper than allowed: each variation's second move has an
        // alternative, which is a variation one level deeper.
        let mut pos = start.clone();
        let legal = pos.legal_moves();
        let mut nodes = vec![wire(None, &legal[0].to_string()), wire(None, &legal[1].to_string())];
        pos.play_unchecked(legal[1]);
        for _ in 0..MAX_DEPTH + 2 {
            let legal = pos.legal_moves();
            let parent = nodes.len() - 1;
            nodes.push(wire(Some(parent), &legal[0].to_string()));
            nodes.push(wire(Some(parent), &legal[1].to_string()));
            pos.play_unchecked(legal[1]);
        }
        let e = from_wire(&start, &tree(nodes.clone())).unwrap_err();
        assert_eq!(e, TreeError::TooDeep);
        nodes.truncate(2 + 2 * (MAX_DEPTH - 1));
        assert!(from_wire(&start, &tree(nodes)).is_ok());
        let many = (0..=MAX_NODES).map(|i| wire(i.checked_sub(1), ["h0g2", "h9g7", "g2h0", "g7h9"][i % 4])).collect();
        assert_eq!(from_wire(&start, &tree(many)).unwrap_err(), TreeError::TooManyNodes);
    }
}
