//! First-child/next-sibling move trees, the shape XQF stores and DhtmlXQ's branches describe,
//! and their conversion to and from [`Line`]s with every move checked against the rules.
//!
//! The siblings of a move are its alternatives, so they become its variations. Going back, a
//! variation's own first-move variations are flattened into the sibling chain after it (they
//! are alternatives at the same point), so trees read from these formats come back unchanged.

use crate::tree::{Line, Node};
use chuhan::{IllegalMove, Move, Position, Role, Square};

/// The role of each of the 16 slots of a side in the piece tables of XQF and DhtmlXQ (both
/// list a side's pieces in this order: chariot, horse, elephant, advisor, general, then back
/// along the rank, the two cannons and the five soldiers); one table for both formats.
pub(crate) const SLOTS: [Role; 16] = [
    Role::Chariot,
    Role::Horse,
    Role::Elephant,
    Role::Advisor,
    Role::General,
    Role::Advisor,
    Role::Elephant,
    Role::Horse,
    Role::Chariot,
    Role::Cannon,
    Role::Cannon,
    Role::Soldier,
    Role::Soldier,
    Role::Soldier,
    Role::Soldier,
    Role::Soldier,
];

/// How deeply variations may nest before a record is refused.
pub const MAX_DEPTH: usize = 64;

#[derive(Clone, Debug, Default)]
pub(crate) struct RawNode {
    /// The move; `None` for the root.
    pub mv: Option<(Square, Square)>,
    pub comment: Option<String>,
    pub child: Option<usize>,
    pub sibling: Option<usize>,
}

/// A tree whose node 0 is the root (the start position); indices of children and siblings are
/// always greater than their node's, so walking it always ends.
#[derive(Clone, Debug)]
pub(crate) struct RawTree {
    pub nodes: Vec<RawNode>,
}

/// What is wrong with one move record of a binary record file (XQF, CBR): both formats store
/// a game as a stream of fixed records with optional comments, and go wrong the same ways.
/// Offsets are from the start of the file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveRecordError {
    /// The data ends inside a move record.
    #[error("the data ends inside move record {record} (byte {offset})")]
    Truncated {
        /// The move record's number (0 is the opening record).
        record: usize,
        /// Where it starts.
        offset: usize,
    },
    /// A square byte (after decryption, in XQF) that is not on the board.
    #[error("move record {record} (byte {offset}): square byte {value} is off the board")]
    BadSquare {
        /// The move record's number.
        record: usize,
        /// The byte's offset.
        offset: usize,
        /// The byte.
        value: u8,
    },
    /// A comment length that is negative or runs past the end of the data.
    #[error("move record {record} (byte {offset}): comment length {len} runs past the end of the data")]
    BadCommentLength {
        /// The move record's number.
        record: usize,
        /// Where the record starts.
        offset: usize,
        /// The length as decoded.
        len: i64,
    },
}

/// Why the move tree of a binary or web record (XQF, DhtmlXQ, CBR) could not be replayed: these
/// formats store squares, not checked moves, so every move is played by the rules as it is read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TreeError {
    /// A move that is not legal where it stands.
    #[error("ply {ply}{}: {error} (in {fen})", if *in_variation { " (in a variation)" } else { "" })]
    Illegal {
        /// The ply of the move, from 1 (counted from the start position, variations too).
        ply: usize,
        /// Whether the move is in a variation rather than the main line.
        in_variation: bool,
        /// The move and why the rules refuse it.
        error: IllegalMove,
        /// The position the move was tried in, so that the message can be checked by hand.
        fen: String,
    },
    /// Variations nested deeper than 64 levels: refused rather than recursed into (a hostile file
    /// could otherwise exhaust the stack).
    #[error("variations nested deeper than {MAX_DEPTH}")]
    TooDeep,
}

impl RawTree {
    pub(crate) fn new(root_comment: Option<String>) -> RawTree {
        RawTree { nodes: vec![RawNode { comment: root_comment, ..RawNode::default() }] }
    }

    /// The main line with its variations, checked from `pos` (left as it was).
    pub(crate) fn to_line(&self, pos: &mut Position) -> Result<Line, TreeError> {
        let mut line = match self.nodes[0].child {
            Some(first) => self.line(first, pos, 0, true)?,
            None => Line::default(),
        };
        line.comment = self.nodes[0].comment.clone();
        Ok(line)
    }

    fn line(&self, first: usize, pos: &mut Position, depth: usize, first_siblings: bool) -> Result<Line, TreeError> {
        let start = pos.history().len();
        let result = (|| {
            let mut line = Line::default();
            let mut cur = Some(first);
            let mut is_first = true;
            while let Some(i) = cur {
                let raw = &self.nodes[i];
                let Some((from, to)) = raw.mv else { break };
                let mv = Move::new(from, to);
                if let Err(error) = pos.check_move(mv) {
                    let ply = pos.history().len() + 1;
                    return Err(TreeError::Illegal { ply, in_variation: depth > 0, error, fen: pos.to_fen() });
                }
                let mut node = Node::new(mv);
                node.comment = raw.comment.clone();
                if !is_first || first_siblings {
                    let mut s = raw.sibling;
                    while let Some(si) = s {
                        if depth + 1 > MAX_DEPTH {
                            return Err(TreeError::TooDeep);
                        }
                        node.variations.push(self.line(si, pos, depth + 1, false)?);
                        s = self.nodes[si].sibling;
                    }
                }
                pos.play_unchecked(mv);
                line.nodes.push(node);
                cur = raw.child;
                is_first = false;
            }
            Ok(line)
        })();
        while pos.history().len() > start {
            pos.undo();
        }
        result
    }

    /// The tree of `line` (a game's main line): its comment on the root.
    pub(crate) fn from_line(line: &Line) -> RawTree {
        let mut tree = RawTree::new(line.comment.clone());
        let first = tree.push_line(line);
        tree.nodes[0].child = first;
        tree
    }

    fn push_line(&mut self, line: &Line) -> Option<usize> {
        let mut first = None;
        let mut prev: Option<usize> = None;
        for node in &line.nodes {
            let idx = self.nodes.len();
            self.nodes.push(RawNode {
                mv: Some((node.mv.from, node.mv.to)),
                comment: node.comment.clone(),
                child: None,
                sibling: None,
            });
            match prev {
                Some(p) => self.nodes[p].child = Some(idx),
                None => first = Some(idx),
            }
            let mut last = idx;
            for v in &node.variations {
                if let Some(vi) = self.push_line(v) {
                    self.nodes[last].sibling = Some(vi);
                    last = vi;
                    while let Some(s) = self.nodes[last].sibling {
                        last = s;
                    }
                }
            }
            prev = Some(idx);
        }
        first
    }

    /// The nodes in pre-order (node, its child's subtree, then its sibling's subtree), the order
    /// XQF stores them in.
    pub(crate) fn preorder(&self) -> Vec<usize> {
        let mut out = Vec::with_capacity(self.nodes.len());
        let mut stack = vec![0];
        while let Some(i) = stack.pop() {
            out.push(i);
            if let Some(s) = self.nodes[i].sibling {
                stack.push(s);
            }
            if let Some(c) = self.nodes[i].child {
                stack.push(c);
            }
        }
        out
    }
}
