//! The command line's fixed choices as clap `ValueEnum`s: `--help` lists them, a typo is refused
//! by clap with the list of what is accepted, and the shells' completions know them. Each maps
//! onto the library's own type where there is one.

use clap::ValueEnum;

/// A side, in either game's words (`--side`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
#[value(rename_all = "lower")]
pub enum SideChoice {
    /// The first mover: Red in xiangqi, Cho in janggi.
    #[value(alias = "first", alias = "cho")]
    Red,
    /// The second mover: Black in xiangqi, Han in janggi.
    #[value(alias = "second", alias = "han")]
    Black,
}

impl From<SideChoice> for chuhan::Side {
    fn from(s: SideChoice) -> chuhan::Side {
        match s {
            SideChoice::Red => chuhan::Side::First,
            SideChoice::Black => chuhan::Side::Second,
        }
    }
}

/// Who plays against you in `chuhan play` (`--vs`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Vs {
    /// chuhan's engine at the chosen level.
    #[value(alias = "computer")]
    Engine,
    /// A friend at the same keyboard.
    #[value(alias = "friend")]
    Human,
    /// Nobody: the engine plays both sides and you watch.
    Watch,
}

/// How pieces are drawn in the terminal (`--pieces`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum PieceStyle {
    /// Chinese characters (帥, 車, 炮 …).
    #[value(alias = "cjk")]
    Chinese,
    /// Latin letters (K, R, C …), for terminals without CJK fonts.
    #[value(alias = "latin")]
    Letters,
}

/// A record format that `chuhan record convert` writes (`--to`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum WriteFormat {
    /// PGN, in the notation chosen with `--notation`.
    Pgn,
    /// XQStudio's binary XQF (one game only).
    Xqf,
    /// DhtmlXQ's text, as web pages embed it.
    #[value(alias = "ubb")]
    Dhtmlxq,
}

impl From<WriteFormat> for chuhan_record::Format {
    fn from(f: WriteFormat) -> chuhan_record::Format {
        match f {
            WriteFormat::Pgn => chuhan_record::Format::Pgn,
            WriteFormat::Xqf => chuhan_record::Format::Xqf,
            WriteFormat::Dhtmlxq => chuhan_record::Format::DhtmlXq,
        }
    }
}
