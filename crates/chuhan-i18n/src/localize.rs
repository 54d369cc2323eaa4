//! Rulings in every language: the rules crate's typed [`Outcome`] worded by `rules.ftl`.
//!
//! The rules crate says what happened (who won, which rule, which moves, which piece was
//! chased); this module only picks the catalog's messages and hands them typed arguments.
//! Every word, its order and its punctuation stay in the catalogs, so a language's grammar
//! (Korean particles, Chinese full-width brackets) is the translator's, not the code's.

use crate::catalog::{try_tr, Domain, TrError};
use crate::lang::Lang;
use chuhan::game::{Chase, EndReason, GameResult, Outcome, Violation};
use chuhan::notation::NotationError;
use chuhan::{FenError, FenErrorKind, Piece, Problem, Role, Side, Variant};
use fluent_bundle::FluentArgs;

/// Things a person reads, in a language.
///
/// ```
/// use chuhan::game::{EndReason, GameResult, Outcome, Violation};
/// use chuhan::{BySide, Side, Variant};
/// use chuhan_i18n::{Lang, Localize};
/// let outcome = Outcome {
///     result: GameResult::Win(Side::Second),
///     reason: EndReason::RepetitionViolation { violation: Violation::PerpetualCheck, times: 3 },
///     ply: 68,
///     moves: Some((31, 34)),
///     points: None,
///     chases: BySide::new(None, None),
/// };
/// assert_eq!(outcome.localize(Variant::Xiangqi, Lang::ZhHans), "黑方胜：红方长将（第31–34回合）");
/// assert_eq!(outcome.result.localize(Variant::Janggi, Lang::Ko), "한 승");
/// ```
pub trait Localize {
    /// The text in `lang`, or an error naming the message the catalog lacks or cannot format.
    fn try_localize(&self, variant: Variant, lang: Lang) -> Result<String, TrError>;

    /// The text in `lang`; in English where `lang`'s catalog falls short, so a person always
    /// reads something.
    fn localize(&self, variant: Variant, lang: Lang) -> String {
        self.try_localize(variant, lang)
            .or_else(|_| self.try_localize(variant, Lang::En))
            .unwrap_or_else(|e| e.to_string())
    }
}

fn variant_key(variant: Variant) -> &'static str {
    match variant {
        Variant::Janggi => "janggi",
        _ => "xiangqi",
    }
}

fn side_key(side: Side) -> &'static str {
    match side {
        Side::First => "first",
        Side::Second => "second",
    }
}

fn role_key(role: Role) -> &'static str {
    role.name()
}

fn rules(lang: Lang, id: &str, args: &FluentArgs) -> Result<String, TrError> {
    try_tr(lang, Domain::Rules, id, Some(args))
}

/// A side's name: Red, 红方, 초, Đen.
impl Localize for Side {
    fn try_localize(&self, variant: Variant, lang: Lang) -> Result<String, TrError> {
        let mut args = FluentArgs::new();
        args.set("variant", variant_key(variant));
        args.set("side", side_key(*self));
        rules(lang, "side-name", &args)
    }
}

/// A piece's name, by its side where the game writes the sides' pieces differently (兵/卒).
impl Localize for Piece {
    fn try_localize(&self, variant: Variant, lang: Lang) -> Result<String, TrError> {
        let mut args = FluentArgs::new();
        args.set("variant", variant_key(variant));
        args.set("side", side_key(self.side));
        args.set("role", role_key(self.role));
        rules(lang, "piece-name", &args)
    }
}

/// The verdict alone: "Black wins", "黑方胜", "한 승", "Hòa".
impl Localize for GameResult {
    fn try_localize(&self, variant: Variant, lang: Lang) -> Result<String, TrError> {
        match *self {
            GameResult::Win(side) => {
                let mut args = FluentArgs::new();
                args.set("variant", variant_key(variant));
                args.set("winner", side.try_localize(variant, lang)?);
                args.set("winner-side", side_key(side));
                rules(lang, "verdict-win", &args)
            }
            GameResult::Draw => rules(lang, "verdict-draw", &FluentArgs::new()),
        }
    }
}

/// The whole ruling: "黑方胜：红方长将（第31–34回合）".
impl Localize for Outcome {
    fn try_localize(&self, variant: Variant, lang: Lang) -> Result<String, TrError> {
        let verdict = self.result.try_localize(variant, lang)?;
        let reason = reason(self, variant, lang)?;
        let mut args = FluentArgs::new();
        args.set("variant", variant_key(variant));
        // The moves are named for repetitions, the only rulings about a stretch of the game.
        let repetition = matches!(
            self.reason,
            EndReason::RepetitionViolation { .. } | EndReason::MutualViolation { .. } | EndReason::Repetition { .. }
        );
        let span = match self.moves.filter(|_| repetition) {
            Some((first, last)) => {
                args.set("first", first);
                args.set("last", last);
                rules(lang, if first == last { "span-one" } else { "span-range" }, &args)?
            }
            None => String::new(),
        };
        let counting = match self.points {
            Some((cho, han)) => {
                args.set("cho", points(cho));
                args.set("han", points(han));
                rules(lang, "counting", &args)?
            }
            None => String::new(),
        };
        args.set("verdict", verdict);
        args.set("reason", reason);
        args.set("span", span);
        args.set("counting", counting);
        rules(lang, "ruling", &args)
    }
}

/// The reason part of a ruling, from `reason-<code>` (`reason-perpetual-check`…).
fn reason(o: &Outcome, variant: Variant, lang: Lang) -> Result<String, TrError> {
    let mut args = FluentArgs::new();
    args.set("variant", variant_key(variant));
    // The loser of a win; the first mover otherwise (only wins name a loser).
    let loser = match o.result {
        GameResult::Win(s) => !s,
        GameResult::Draw => Side::First,
    };
    args.set("loser", loser.try_localize(variant, lang)?);
    args.set("loser-side", side_key(loser));
    args.set("winner", (!loser).try_localize(variant, lang)?);
    args.set("winner-side", side_key(!loser));
    let id = match o.reason {
        EndReason::RepetitionViolation { violation, times } => {
            args.set("times", times);
            match o.chases[loser].filter(|_| violation == Violation::PerpetualChase) {
                Some(chase) => {
                    args.set("chase", chase_words(&chase, variant, lang)?);
                    "reason-perpetual-chase-named".to_string()
                }
                None => format!("reason-{}", violation_code(violation)),
            }
        }
        EndReason::MutualViolation { violation, times } => {
            args.set("times", times);
            match (o.chases.first, o.chases.second) {
                (Some(a), Some(b)) if violation == Violation::PerpetualChase => {
                    args.set("first-name", Side::First.try_localize(variant, lang)?);
                    args.set("second-name", Side::Second.try_localize(variant, lang)?);
                    args.set("first-chase", chase_words(&a, variant, lang)?);
                    args.set("second-chase", chase_words(&b, variant, lang)?);
                    "reason-mutual-perpetual-chase-named".to_string()
                }
                _ => format!("reason-mutual-{}", violation_code(violation)),
            }
        }
        EndReason::Repetition { times } => {
            args.set("times", times);
            "reason-repetition".to_string()
        }
        EndReason::MoveLimit { moves } => {
            args.set("moves", moves);
            "reason-move-limit".to_string()
        }
        EndReason::ThreeChecksBySamePiece => "reason-three-checks".to_string(),
        other => format!("reason-{}", other.code()),
    };
    rules(lang, &id, &args)
}

fn violation_code(v: Violation) -> &'static str {
    match v {
        Violation::PerpetualCheck => "perpetual-check",
        Violation::PerpetualChase => "perpetual-chase",
        _ => "perpetual-mate-threat",
    }
}

/// What a side chased, from the `chase` message: "its chariot chasing the unprotected
/// cannon on d7", "车捉d7的无根炮".
fn chase_words(c: &Chase, variant: Variant, lang: Lang) -> Result<String, TrError> {
    let chaser = Piece { side: !c.target.side, role: c.chaser };
    let mut args = FluentArgs::new();
    args.set("variant", variant_key(variant));
    args.set("chaser", chaser.try_localize(variant, lang)?);
    args.set("chaser-role", role_key(c.chaser));
    args.set("chasers", c.chasers);
    args.set("same-kind", if c.same_kind { "yes" } else { "no" });
    args.set("target", c.target.try_localize(variant, lang)?);
    args.set("target-role", role_key(c.target.role));
    args.set("unprotected", if c.unprotected { "yes" } else { "no" });
    args.set("square", c.square.to_string());
    rules(lang, "chase", &args)
}

/// A janggi count as text: whole or half points ("72", "73.5"), through integer tenths so
/// that no float formatting decides.
fn points(p: f32) -> String {
    let tenths = (p * 10.0).round() as i64;
    let sign = if tenths < 0 { "-" } else { "" };
    let (whole, tenth) = (tenths.abs() / 10, tenths.abs() % 10);
    if tenth == 0 {
        format!("{sign}{whole}")
    } else {
        format!("{sign}{whole}.{tenth}")
    }
}

/// Why a typed move does not read: "炮二平十：没有相符的合法着法". The notation's own words
/// for a text it cannot read ([`NotationError::Syntax`]'s `reason`) are English: the other
/// languages say that the text does not read, without them.
impl Localize for NotationError {
    fn try_localize(&self, variant: Variant, lang: Lang) -> Result<String, TrError> {
        let mut args = FluentArgs::new();
        args.set("variant", variant_key(variant));
        let id = match self {
            NotationError::Syntax { text, reason } => {
                args.set("text", text.as_str());
                args.set("reason", reason.as_str());
                "move-unreadable"
            }
            NotationError::Illegal { text } => {
                args.set("text", text.as_str());
                "move-illegal"
            }
            NotationError::Ambiguous { text, candidates } => {
                args.set("text", text.as_str());
                let moves: Vec<String> = candidates.iter().map(ToString::to_string).collect();
                args.set("moves", moves.join(", "));
                "move-ambiguous"
            }
            NotationError::NoNotation { text, variant } => {
                args.set("text", text.as_str());
                args.set("variant", variant_key(*variant));
                "move-no-notation"
            }
            // A kind the catalogs do not know yet: the rules crate's English.
            _ => return Ok(self.to_string()),
        };
        rules(lang, id, &args)
    }
}

/// Why a setup is not a position (the position editor's words): "红方的帅在 d2，出了九宫".
/// English is the rules crate's own ([`Problem::describe`]).
impl Localize for Problem {
    fn try_localize(&self, variant: Variant, lang: Lang) -> Result<String, TrError> {
        if lang == Lang::En {
            return Ok(self.describe(variant));
        }
        let mut args = FluentArgs::new();
        let side = |args: &mut FluentArgs, side: Side| -> Result<(), TrError> {
            args.set("side", side.try_localize(variant, lang)?);
            args.set("general", Piece { side, role: Role::General }.try_localize(variant, lang)?);
            Ok(())
        };
        let id = match *self {
            Problem::NoGeneral(s) => {
                side(&mut args, s)?;
                "setup-no-general"
            }
            Problem::TooManyOfRole { side: s, role, count } => {
                side(&mut args, s)?;
                args.set("piece", Piece { side: s, role }.try_localize(variant, lang)?);
                args.set("count", count);
                args.set("limit", role.set_count());
                "setup-too-many-of-role"
            }
            Problem::TooManyPieces { side: s, count } => {
                side(&mut args, s)?;
                args.set("count", count);
                "setup-too-many-pieces"
            }
            Problem::OutsidePalace { piece, square } | Problem::Unreachable { piece, square } => {
                side(&mut args, piece.side)?;
                args.set("piece", piece.try_localize(variant, lang)?);
                args.set("square", square.to_string());
                if matches!(self, Problem::OutsidePalace { .. }) {
                    "setup-outside-palace"
                } else {
                    "setup-unreachable"
                }
            }
            Problem::GeneralsFace { file } => {
                args.set("file", char::from(b'a' + file).to_string());
                "setup-generals-face"
            }
            Problem::OppositeCheck(s) => {
                side(&mut args, s)?;
                "setup-opposite-check"
            }
            // A problem the catalogs do not know yet: the rules crate's English.
            _ => return Ok(self.describe(variant)),
        };
        rules(lang, id, &args)
    }
}

/// Why a FEN does not read, and where: "FEN 第 1 段第 3 行：有 10 列，应为 9 列". English is
/// the rules crate's own ([`FenError`]'s `Display`, which the English catalog repeats word for
/// word); a FEN that reads but is no position gives its first problem ([`Problem`]'s words).
impl Localize for FenError {
    fn try_localize(&self, variant: Variant, lang: Lang) -> Result<String, TrError> {
        let mut args = FluentArgs::new();
        let what = match &self.kind {
            FenErrorKind::Position(e) => match e.problems().first() {
                Some(p) => p.try_localize(variant, lang)?,
                None => return Ok(self.to_string()),
            },
            FenErrorKind::Empty => rules(lang, "fen-empty", &args)?,
            FenErrorKind::RankCount(n) | FenErrorKind::FileCount(n) => {
                args.set("count", *n);
                let rank = matches!(self.kind, FenErrorKind::RankCount(_));
                rules(lang, if rank { "fen-rank-count" } else { "fen-file-count" }, &args)?
            }
            FenErrorKind::BadChar(c) => {
                args.set("char", format!("{c:?}"));
                rules(lang, "fen-bad-char", &args)?
            }
            FenErrorKind::BadSide(t)
            | FenErrorKind::ExpectedDash(t)
            | FenErrorKind::BadNumber(t)
            | FenErrorKind::ExtraField(t) => {
                args.set("text", format!("{t:?}"));
                let id = match self.kind {
                    FenErrorKind::BadSide(_) => "fen-bad-side",
                    FenErrorKind::ExpectedDash(_) => "fen-expected-dash",
                    FenErrorKind::BadNumber(_) => "fen-bad-number",
                    _ => "fen-extra-field",
                };
                rules(lang, id, &args)?
            }
            // A kind the catalogs do not know yet: the rules crate's English.
            _ => return Ok(self.to_string()),
        };
        let mut args = FluentArgs::new();
        args.set("field", self.field);
        args.set("what", what);
        match self.rank {
            Some(rank) => {
                args.set("rank", rank);
                rules(lang, "fen-at-rank", &args)
            }
            None => rules(lang, "fen-at-field", &args),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::points;

    #[test]
    fn points_as_text() {
        assert_eq!(points(72.0), "72");
        assert_eq!(points(73.5), "73.5");
        assert_eq!(points(-1.5), "-1.5");
        assert_eq!(points(0.0), "0");
    }
}
