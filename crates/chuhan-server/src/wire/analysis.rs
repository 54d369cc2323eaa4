//! The analysis board's requests and answers: the engine's lines, the engines, the position
//! editor's check, a typed move read, records brought to the board and its move tree.

use super::{Flag, WireTree};
use chuhan::{Move, Variant};
use serde::{Deserialize, Serialize};

/// The body of `POST /api/analyse` (written by `static/analysis.js`).
#[derive(Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct AnalyseRequest {
    pub(crate) variant: Option<Variant>,
    /// The start; the variant's standard start if absent.
    pub(crate) fen: Option<String>,
    /// Moves from the start, as coordinates (`h2e2`).
    pub(crate) moves: Vec<Move>,
    /// How long the engine looks, in milliseconds (0: no search, only the position); above
    /// the usual 3 s (up to 15 s) only one such search runs at a time.
    pub(crate) millis: Option<u64>,
    pub(crate) multipv: Option<usize>,
    pub(crate) notation: Option<String>,
    /// Accept a composed position (see `params::start_position`).
    #[serde(default)]
    pub(crate) relaxed: bool,
    /// Which engine: `chuhan` (the default) or a name given with `--engine`.
    pub(crate) engine: Option<String>,
    /// Stop at this depth (1 to 20), still within `millis`: the evaluation graph asks every
    /// position of a game at one small depth, so that its scores compare.
    pub(crate) depth: Option<u32>,
}

/// The answer to `POST /api/analyse`: the position after the moves, the moves in the notation,
/// and the engine's best lines with their scores for the eval bar. Read by
/// `static/analysis.js` (the board, the lines, the eval bar and graph).
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct Analysed {
    pub(crate) variant: &'static str,
    pub(crate) start_fen: String,
    pub(crate) fen: String,
    pub(crate) turn: usize,
    pub(crate) check: bool,
    /// The sides' names in this game, first mover first.
    pub(crate) sides: [&'static str; 2],
    pub(crate) moves: Vec<LineMove>,
    /// None once the game is over.
    pub(crate) legal: Vec<Move>,
    /// How the game ended, `null` while it goes on (no `points`: the board shows the reason).
    pub(crate) end: Option<AnalysedEnd>,
    pub(crate) lines: Vec<AnalysisLine>,
    pub(crate) notation: &'static str,
    pub(crate) notations: Vec<&'static str>,
    /// What a composed position was accepted with, in words.
    pub(crate) relaxed: Vec<String>,
    pub(crate) engine: String,
    pub(crate) opening: Option<String>,
    /// The opening's name in each language, by tag (empty when it has none).
    pub(crate) openings: super::game::Reasons,
}

/// The end of an [`Analysed`] game: the PGN result and the reason in words.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct AnalysedEnd {
    pub(crate) result: &'static str,
    /// In English, for clients older than `reasons`.
    pub(crate) reason: String,
    /// The ruling in each language, by tag.
    pub(crate) reasons: super::game::Reasons,
}

/// A move of a line: coordinates and its text in the notation asked for.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct LineMove {
    pub(crate) mv: Move,
    pub(crate) text: String,
}

/// One of the engine's lines in an [`Analysed`].
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct AnalysisLine {
    /// `null` when another engine did not say.
    pub(crate) depth: Option<i64>,
    /// `null` when another engine did not say.
    pub(crate) score: Option<AnalysisScore>,
    /// Positions searched for this line so far; `null` when another engine did not say.
    pub(crate) nodes: Option<u64>,
    pub(crate) pv: Vec<LineMove>,
}

/// A line's score for the eval bar, from Red's (Cho's) side: mate in moves (positive when Red
/// mates) or centipawns, with the engine's text for it (`-M3`, `+0.35`).
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
#[serde(untagged)]
pub enum AnalysisScore {
    /// `{"mate": 3, "text": "+M3"}`.
    Mate {
        /// Moves to mate.
        mate: i32,
        /// The score as the engine writes it.
        text: String,
    },
    /// `{"cp": 35, "text": "+0.35"}`.
    Centipawns {
        /// Centipawns.
        cp: Option<i32>,
        /// The score as the engine writes it.
        text: String,
    },
}

/// The answer to `GET /api/engines`: the engines the analysis board (`static/analysis.js`) and
/// the new-game form (`static/app.js`) may choose, chuhan's own first.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct Engines {
    pub(crate) engines: Vec<String>,
    pub(crate) default: &'static str,
}

/// The body of `POST /api/position` (written by `static/analysis.js`'s position editor).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckRequest {
    /// `xiangqi` (the default) or `janggi`.
    #[serde(default)]
    pub(crate) variant: Option<Variant>,
    pub(crate) fen: String,
    /// Accept a composed position (pieces on points no game reaches).
    #[serde(default)]
    pub(crate) relaxed: bool,
}

/// The answer to `POST /api/position`, read by `static/analysis.js`'s position editor.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
#[serde(untagged)]
pub enum PositionCheck {
    /// `{"ok": true, "accepted": [...], "over": null}`.
    Sound {
        /// Always `true`.
        ok: Flag<true>,
        /// What a composed position was accepted with, in words.
        accepted: Vec<String>,
        /// The ruling in words when the game is already over in this position.
        over: Option<String>,
    },
    /// `{"ok": false, "problem": "..."}`.
    Problem {
        /// Always `false`.
        ok: Flag<false>,
        /// What is wrong, in words.
        problem: String,
    },
}

/// The body of `POST /api/read-move` (written by `static/movebox.js`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReadRequest {
    /// `xiangqi` (the default) or `janggi`.
    #[serde(default)]
    pub(crate) variant: Option<Variant>,
    /// The position the move is played from.
    pub(crate) fen: String,
    /// The move as typed.
    pub(crate) text: String,
    /// Accept a composed position (pieces on points no game reaches).
    #[serde(default)]
    pub(crate) relaxed: bool,
    /// The notation the answer's `text` is written in (the game's default without it).
    #[serde(default)]
    pub(crate) notation: Option<String>,
}

/// The answer to `POST /api/read-move`, read by `static/movebox.js`.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
#[serde(untagged)]
pub enum ReadMove {
    /// `{"ok": true, "move": "h2e2", "text": "炮二平五"}`.
    Read {
        /// Always `true`.
        ok: Flag<true>,
        /// The move, as coordinates.
        #[serde(rename = "move")]
        mv: String,
        /// The move in the notation asked for.
        text: String,
    },
    /// `{"ok": false, "problem": "..."}`.
    Unread {
        /// Always `false`.
        ok: Flag<false>,
        /// Why the text is no move here, in words.
        problem: String,
    },
}

/// A record as the analysis board (`static/analysis.js`) loads it: the answer to
/// `POST /api/records` (a record sent) and `GET /api/db/games/{id}` (a database game, with its
/// `id`): its start, headers, result, main line and tree.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The database game's id; left out for a record sent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) id: Option<i64>,
    /// `pgn`, `xqf`, `dhtmlxq`… or `database`.
    pub(crate) format: String,
    pub(crate) variant: &'static str,
    pub(crate) start_fen: String,
    pub(crate) moves: Vec<Move>,
    pub(crate) result: String,
    /// The PGN tags in order, each `[name, value]`.
    pub(crate) headers: Vec<[String; 2]>,
    pub(crate) tree: WireTree,
    pub(crate) notation: &'static str,
}

/// The body of `POST /api/tree` (written by `static/analysis.js`).
#[derive(Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct TreeRequest {
    pub(crate) variant: Option<Variant>,
    /// The start; the variant's standard start if absent.
    pub(crate) fen: Option<String>,
    pub(crate) tree: WireTree,
    pub(crate) notation: Option<String>,
    /// PGN tags to write (`FEN`, `Variant`, `Result` and `Format` come from the other fields).
    pub(crate) headers: Vec<(String, String)>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub(crate) result: Option<String>,
    /// `json` (the tree checked, with the moves' text) or `pgn` (a PGN file to download).
    pub(crate) format: Option<String>,
    /// Accept a composed position (see `params::start_position`).
    #[serde(default)]
    pub(crate) relaxed: bool,
}

/// The answer to `POST /api/tree` as JSON: the tree checked, every move with its text
/// (`static/analysis.js` redraws its move list from it).
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct TreeAnswer {
    pub(crate) tree: WireTree,
    /// How many moves it holds.
    pub(crate) nodes: usize,
    pub(crate) notation: &'static str,
}
