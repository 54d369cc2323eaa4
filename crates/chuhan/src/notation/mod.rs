//! Move notations: reading text as a move in a position, and writing a move as text.
//!
//! Every notation of the seeds is here: Chinese (traditional and simplified), WXF, coordinates
//! (ICCS, UCCI/UCI, Fairy-Stockfish's UCI), algebraic, Leventhal's, H. T. Lau's and the Xiangqi
//! Database letters, janggi's numeric notation, and the Vietnamese letters (P2-5 M8.7). Writing is canonical; reading is lenient
//! where real records are (character variants, full-width digits, `=` for `.`) and strict where
//! it matters: a description that fits two legal moves is an error naming both.

mod algebraic;
mod chinese;
mod coords;
mod descriptive;
mod janggi;
mod leventhal;
mod vietnamese;
mod wxf;

use crate::mv::Move;
use crate::position::Position;
use crate::variant::Variant;
use std::fmt;
use std::str::FromStr;

/// A move notation.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Notation {
    /// Chinese in simplified characters: 炮二平五 马８进７.
    Chinese,
    /// Chinese in traditional characters: 炮二平五 馬８進７.
    ChineseTraditional,
    /// WXF (System 2): C2.5 H8+7.
    Wxf,
    /// ICCS: `H2-E2`.
    Iccs,
    /// UCCI / UCI with ranks 0–9: `h2e2`.
    Uci,
    /// Fairy-Stockfish's UCI with ranks 1–10: `h3e3`.
    Uci1,
    /// Algebraic (System 3): Che3, Cxc10#.
    Algebraic,
    /// Long algebraic: Ch3-e3.
    Lan,
    /// Leventhal's (System 1): 炮(32)–35.
    Leventhal,
    /// H. T. Lau's English: C2h5 N8f7, fRh3.
    Lau,
    /// The Xiangqi Database letters, WXF style: C2.5 N8+7.
    Xqdb,
    /// Janggi's numeric notation: 79卒78 (Cho's soldier; Han's is 兵).
    Janggi,
    /// Fairy-Stockfish's janggi notation: P79-78.
    JanggiFsf,
    /// Vietnamese (ký hiệu cờ tướng): P2-5 M8.7 X1/1 — Vietnamese piece letters, `.` advances,
    /// `/` retreats, `-` moves sideways. Last in [`Notation::ALL`]: its letters mean other
    /// pieces in WXF (P, C), so text that reads in both is read as WXF by
    /// [`Notation::parse_any`].
    Vietnamese,
    /// Janggi's numeric notation with the pieces in Hangul, as Korean records and sites write
    /// it: 79졸78 (Cho's soldier; Han's is 병), 95초95 for a pass. Read as [`Notation::Janggi`]
    /// (which reads Hangul too).
    JanggiHangul,
}

impl Notation {
    /// Every notation, in the order `--to all` prints them.
    pub const ALL: [Notation; 15] = [
        Notation::Chinese,
        Notation::ChineseTraditional,
        Notation::Wxf,
        Notation::Iccs,
        Notation::Uci,
        Notation::Uci1,
        Notation::Algebraic,
        Notation::Lan,
        Notation::Leventhal,
        Notation::Lau,
        Notation::Xqdb,
        Notation::Janggi,
        Notation::JanggiFsf,
        Notation::Vietnamese,
        Notation::JanggiHangul,
    ];

    /// The name used on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Notation::Chinese => "chinese",
            Notation::ChineseTraditional => "chinese-traditional",
            Notation::Wxf => "wxf",
            Notation::Iccs => "iccs",
            Notation::Uci => "uci",
            Notation::Uci1 => "uci1",
            Notation::Algebraic => "algebraic",
            Notation::Lan => "lan",
            Notation::Leventhal => "leventhal",
            Notation::Lau => "lau",
            Notation::Xqdb => "xqdb",
            Notation::Janggi => "janggi",
            Notation::JanggiFsf => "janggi-fsf",
            Notation::Vietnamese => "vietnamese",
            Notation::JanggiHangul => "janggi-hangul",
        }
    }

    /// Whether the notation is used for `variant`: the descriptive ones (Chinese, WXF,
    /// Leventhal, Lau, XQDB, Vietnamese) describe xiangqi moves, the numeric ones janggi moves;
    /// coordinates and algebraic serve both.
    pub const fn applies_to(self, variant: Variant) -> bool {
        match self {
            Notation::Iccs | Notation::Uci | Notation::Uci1 | Notation::Algebraic | Notation::Lan => true,
            Notation::Janggi | Notation::JanggiFsf | Notation::JanggiHangul => matches!(variant, Variant::Janggi),
            _ => matches!(variant, Variant::Xiangqi),
        }
    }

    /// The notations that apply to `variant`, in the order of [`Notation::ALL`].
    pub fn for_variant(variant: Variant) -> Vec<Notation> {
        Notation::ALL.into_iter().filter(|n| n.applies_to(variant)).collect()
    }

    /// Writes the legal move `m` of `pos`. A notation that does not apply to the position's
    /// game (see [`Notation::applies_to`]) writes coordinates (`h2e2`) instead.
    pub fn format(self, pos: &Position, m: Move) -> String {
        if !self.applies_to(pos.variant()) {
            return coords::format(m, coords::Style::Uci);
        }
        match self {
            Notation::Chinese => chinese::format(pos, m, chinese::Script::Simplified),
            Notation::ChineseTraditional => chinese::format(pos, m, chinese::Script::Traditional),
            Notation::Wxf => wxf::format(pos, m, wxf::Spelling::Wxf),
            Notation::Xqdb => wxf::format(pos, m, wxf::Spelling::Xqdb),
            Notation::Lau => wxf::format(pos, m, wxf::Spelling::Lau),
            Notation::Iccs => coords::format(m, coords::Style::Iccs),
            Notation::Uci => coords::format(m, coords::Style::Uci),
            Notation::Uci1 => coords::format(m, coords::Style::Uci1),
            Notation::Algebraic => algebraic::format(pos, m, false),
            Notation::Lan => algebraic::format(pos, m, true),
            Notation::Leventhal => leventhal::format(pos, m),
            Notation::Janggi => janggi::format(pos, m, janggi::Script::Hanja),
            Notation::JanggiHangul => janggi::format(pos, m, janggi::Script::Hangul),
            Notation::JanggiFsf => janggi::format_fsf(pos, m),
            Notation::Vietnamese => vietnamese::format(pos, m),
        }
    }

    /// Reads `text` as a legal move of `pos`.
    pub fn parse(self, pos: &Position, text: &str) -> Result<Move, NotationError> {
        if !self.applies_to(pos.variant()) {
            return Err(NotationError::syntax(text, format!("{self} notation is not used for {}", pos.variant())));
        }
        match self {
            Notation::Chinese | Notation::ChineseTraditional => chinese::parse(pos, text),
            Notation::Wxf => wxf::parse(pos, text, wxf::Spelling::Wxf),
            Notation::Xqdb => wxf::parse(pos, text, wxf::Spelling::Xqdb),
            Notation::Lau => wxf::parse(pos, text, wxf::Spelling::Lau),
            Notation::Iccs => coords::parse(pos, text, coords::Style::Iccs),
            Notation::Uci => coords::parse(pos, text, coords::Style::Uci),
            Notation::Uci1 => coords::parse(pos, text, coords::Style::Uci1),
            Notation::Algebraic | Notation::Lan => algebraic::parse(pos, text),
            Notation::Leventhal => leventhal::parse(pos, text),
            Notation::Janggi | Notation::JanggiHangul => janggi::parse(pos, text),
            Notation::JanggiFsf => janggi::parse_fsf(pos, text),
            Notation::Vietnamese => vietnamese::parse(pos, text),
        }
    }
}

impl Position {
    /// Plays the move `text` describes, written in whichever notation of the game reads it
    /// ([`Notation::parse_any`]: `炮二平五`, `C2.5`, `h2e2`, janggi's `79卒78`…), and answers
    /// it; on an error the position is unchanged. What Python's and JavaScript's
    /// `push_notation` do, for Rust.
    ///
    /// ```
    /// use chuhan::{Position, Variant};
    /// let mut pos = Position::new(Variant::Xiangqi);
    /// for text in ["炮二平五", "馬8進7", "H2+3"] {
    ///     pos.play_notation(text)?;
    /// }
    /// assert!(pos.play_notation("炮二平十").unwrap_err().to_string().contains("十"));
    /// # Ok::<(), chuhan::notation::NotationError>(())
    /// ```
    pub fn play_notation(&mut self, text: &str) -> Result<Move, NotationError> {
        let m = Notation::parse_any(self, text)?;
        self.play_unchecked(m);
        Ok(m)
    }
}

impl Notation {
    /// Reads `text` as a legal move of `pos` in whichever notation of its game reads it (the
    /// first in the order of [`Notation::ALL`]), for text typed or pasted without saying how
    /// it is written. When none does, the error of a notation that understood the text but
    /// found no legal move, or more than one, says more than "not written in any notation",
    /// so it is the one returned; failing that, [`NotationError::NoNotation`].
    pub fn parse_any(pos: &Position, text: &str) -> Result<Move, NotationError> {
        let mut about_the_move = None;
        for n in Notation::for_variant(pos.variant()) {
            match n.parse(pos, text) {
                Ok(m) => return Ok(m),
                Err(NotationError::Syntax { .. }) => {}
                Err(e) => {
                    about_the_move.get_or_insert(e);
                }
            }
        }
        Err(about_the_move
            .unwrap_or_else(|| NotationError::NoNotation { text: text.to_string(), variant: pos.variant() }))
    }

    /// The notation in which every one of `texts`, played in turn from `pos`, reads as a legal
    /// move; the first that fits in the order of [`Notation::ALL`] (so `uci` before `uci1`).
    pub fn detect(pos: &Position, texts: &[&str]) -> Option<Notation> {
        Notation::for_variant(pos.variant()).into_iter().find(|n| {
            let mut p = pos.clone();
            texts.iter().all(|t| match n.parse(&p, t) {
                Ok(m) => {
                    p.play_unchecked(m);
                    true
                }
                Err(_) => false,
            })
        })
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A notation name that is not known.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown notation {0:?}")]
pub struct ParseNotationError(pub String);

impl FromStr for Notation {
    type Err = ParseNotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Notation::ALL
            .into_iter()
            .find(|n| n.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| ParseNotationError(s.to_string()))
    }
}

/// Why a text could not be read as a move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NotationError {
    /// The text is not written in the notation.
    #[error("{text}: {reason}")]
    Syntax {
        /// The text as given.
        text: String,
        /// What is wrong with it, in words (`十 is not a file (一–九)`).
        reason: String,
    },
    /// The text describes no legal move.
    #[error("{text}: no legal move fits")]
    Illegal {
        /// The text as given.
        text: String,
    },
    /// The text fits more than one legal move.
    #[error("{text}: fits more than one legal move ({})", join_moves(candidates))]
    Ambiguous {
        /// The text as given.
        text: String,
        /// Every legal move it fits.
        candidates: Vec<Move>,
    },
    /// No notation of the game reads the text ([`Notation::parse_any`]).
    #[error("{text}: not a move in any notation of {variant}")]
    NoNotation {
        /// The text as given.
        text: String,
        /// The game whose notations were tried.
        variant: Variant,
    },
}

fn join_moves(moves: &[Move]) -> String {
    moves.iter().map(Move::to_string).collect::<Vec<_>>().join(", ")
}

/// The one legal move a text fits, or an error saying it fits none or several (naming them).
pub(crate) fn the_only(candidates: Vec<Move>, text: &str) -> Result<Move, NotationError> {
    match candidates.as_slice() {
        [m] => Ok(*m),
        [] => Err(NotationError::Illegal { text: text.to_string() }),
        many => Err(NotationError::Ambiguous { text: text.to_string(), candidates: many.to_vec() }),
    }
}

impl NotationError {
    pub(crate) fn syntax(text: &str, reason: impl Into<String>) -> NotationError {
        NotationError::Syntax { text: text.to_string(), reason: reason.into() }
    }
}
