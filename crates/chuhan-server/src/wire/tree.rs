//! The analysis board's move tree on the wire: a flat list of nodes, each naming its parent by
//! index (parents first, siblings in order, the first child the main continuation). Written by
//! `static/movetree.js` (`toWire`) and read back by it (`fromWire`) from the answers of
//! `POST /api/tree`, `POST /api/records` and `GET /api/db/games/{id}`; checked and turned into
//! a record by `crate::tree`.

use chuhan::Move;
use serde::{Deserialize, Serialize};

/// One move of the tree.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct WireNode {
    /// The index of the node this move follows in the list; `None`: the start position.
    pub parent: Option<usize>,
    /// The move, as coordinates (`h2e2`).
    pub mv: Move,
    /// The move in the notation asked for: written by the server, ignored when read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// The comment after the move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
    /// The comment before the move, kept for the first move of a variation (PGN's `( {..} 1. ..)`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pre: Option<String>,
    /// Numeric annotation glyphs.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nags: Vec<u8>,
}

/// A whole tree: the comment before the first move and the moves.
///
/// Read through a raw form with the moves as text (`RawTree`; `crate::tree` turns it into
/// this), so that a move that does not read is refused with its node's index (serde alone
/// would say only where in the JSON text it was).
#[derive(Serialize, Deserialize, Debug, Clone, Default, PartialEq, Eq)]
#[serde(try_from = "RawTree")]
pub struct WireTree {
    /// The comment before the first move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
    /// The moves, parents first.
    pub nodes: Vec<WireNode>,
}

/// A [`WireTree`] as read, moves still text.
#[derive(Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct RawTree {
    pub(crate) comment: Option<String>,
    pub(crate) nodes: Vec<RawNode>,
}

/// A [`WireNode`] as read, its move still text.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawNode {
    pub(crate) parent: Option<usize>,
    pub(crate) mv: String,
    #[serde(default)]
    pub(crate) text: Option<String>,
    #[serde(default)]
    pub(crate) comment: Option<String>,
    #[serde(default)]
    pub(crate) pre: Option<String>,
    #[serde(default)]
    pub(crate) nags: Vec<u8>,
}
