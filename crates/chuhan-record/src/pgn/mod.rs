//! PGN for xiangqi: a streaming reader that hands out one game at a time, and a writer.
//!
//! Reading follows what real files hold: the tags of the Chinese Chess PGN convention
//! (`[Game "Chinese Chess"]`, `Format` = `Chinese`, `WXF` or `ICCS`, `FEN`, `RedTeam`...), moves
//! in any notation chuhan knows (named by the `Format` tag, or detected per game from its first
//! moves), `{}` and `;` comments, nested `()` variations, NAGs and `!`/`?` suffixes, move numbers
//! (`1.`, `1...`, full-width `１．`), and results. Files may be UTF-8, GBK or Big5: the
//! encoding is guessed once per file from the first game that is not plain UTF-8. A file that
//! starts with a UTF-16 byte order mark is decoded as UTF-16; a UTF-8 one is skipped.
//!
//! A result token (`1-0`, `0-1`, `1/2-1/2`, `*`) outside variations ends the game's movetext:
//! what follows it up to the next tag line is not read. XQ Wizard and xqbase exports end each
//! file with a footer there (a `======` rule, a greeting, a web address).
//!
//! The reader never holds more than one game's bytes: games are split on tag lines that
//! follow movetext, with comment braces tracked across lines. A game is at most
//! [`MAX_GAME_BYTES`]; a longer one (or a file with no line ends, such as `/dev/zero`) is an
//! error, and the reader stops there.

mod input;
mod lex;
mod write;

pub use write::{date, game_text, write_game, write_movetext};

use crate::encoding::{detect, TextEncoding};
use crate::tree::{Line, Node, Record, RecordResult};
use chuhan::notation::{Notation, NotationError};
use chuhan::{FenError, Position, Variant};
use lex::{Lexer, Tok};
use std::io::{BufRead, Read};

/// How deeply variations may nest: deeper input is refused rather than recursed into.
pub const MAX_DEPTH: usize = 64;

/// The most bytes one game may take in a file (tags, movetext, the text after it): 16 MiB.
/// The longest real games with all their commentary are a few hundred KiB; the bound is there
/// so that a file that is no PGN (a disk image, `/dev/zero`, a line that never ends) is refused
/// after reading this much, rather than held in memory until it runs out.
pub const MAX_GAME_BYTES: usize = 16 << 20;

/// Where a PGN problem is and what it is.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}game {game}{}{}: {kind}", file.as_ref().map(|f| format!("{f}: ")).unwrap_or_default(),
        ply.map(|p| format!(", ply {p}")).unwrap_or_default(),
        if *in_variation { " (in a variation)" } else { "" })]
pub struct PgnError {
    /// The file, if the reader was given its name.
    pub file: Option<String>,
    /// The game's number in the file, from 1.
    pub game: usize,
    /// The ply the problem is at, from 1 (counted from the start position, variations too).
    pub ply: Option<usize>,
    /// Whether the ply is in a variation rather than the main line.
    pub in_variation: bool,
    /// What went wrong.
    pub kind: PgnErrorKind,
}

/// What went wrong in a PGN game. The text that failed is kept as it stood in the file (a tag
/// value, a move word), since it did not read as anything typed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PgnErrorKind {
    /// The input could not be read: its kind, and the operating system's words.
    #[error("read error: {message}")]
    Io {
        /// What kind of failure it was.
        kind: std::io::ErrorKind,
        /// The error as the operating system put it.
        message: String,
    },
    /// The `FEN` tag is not a position of the game's variant.
    #[error("FEN tag {fen:?}: {source}")]
    Fen {
        /// The tag's value.
        fen: String,
        /// Why it does not read.
        source: FenError,
    },
    /// The `Variant` tag names no game chuhan plays.
    #[error("Variant tag {0:?}: expected xiangqi or janggi")]
    Variant(String),
    /// A move word that the game's notation cannot read, or that is not legal.
    #[error("move {text:?}: {source}")]
    Move {
        /// The word as written.
        text: String,
        /// Why it is refused, from the notation (an illegal move carries the rules' reason).
        source: NotationError,
    },
    /// The first moves read in no notation, so none could be chosen for the game.
    #[error("move {text:?}: no notation reads the first moves of this game")]
    NoNotation {
        /// The first move word.
        text: String,
    },
    /// A `)` with no `(` open.
    #[error("')' without a variation to close")]
    UnbalancedClose,
    /// A `(` before the first move of a line: a variation must be an alternative to a move.
    #[error("a variation before any move")]
    VariationWithoutMove,
    /// Variations nested deeper than [`MAX_DEPTH`]: refused rather than recursed into.
    #[error("variations nested deeper than {MAX_DEPTH}")]
    TooDeep,
    /// A `{` comment still open at the end of the game.
    #[error("a comment that is never closed")]
    UnterminatedComment,
    /// A `[...]` line that is not `[Name "value"]`.
    #[error("bad tag {0:?}")]
    BadTag(String),
    /// The game runs past [`MAX_GAME_BYTES`] without the next game's tags: the input is no PGN
    /// (or holds a line that never ends), and the reader stops here.
    #[error("the game is longer than {} MiB, the most one game may be; the rest of the input is not read", MAX_GAME_BYTES >> 20)]
    TooLong,
}

/// Decodes the bytes of a game that are not UTF-8, given the file's legacy encoding if known.
type Decoder = fn(&[u8], &mut Option<TextEncoding>) -> String;

/// A file's games that are not UTF-8 are in its legacy encoding, guessed once from the first.
fn decode_legacy(raw: &[u8], legacy: &mut Option<TextEncoding>) -> String {
    legacy.get_or_insert_with(|| detect(raw)).decode(raw)
}

/// For text that is UTF-8 by construction (a `&str`, split on line ends), where this is never
/// called: a reader built with it does not link the GBK and Big5 tables, which would double the
/// WebAssembly package.
fn decode_utf8(raw: &[u8], _: &mut Option<TextEncoding>) -> String {
    String::from_utf8_lossy(raw).into_owned()
}

/// How a read error is put into words: the operating system's words for a file.
type IoWords = fn(&std::io::Error) -> String;

fn io_words(e: &std::io::Error) -> String {
    e.to_string()
}

/// For text in memory, which never fails to read: a reader built with it does not link the
/// standard library's words for every I/O error (a kilobyte of the WebAssembly package).
fn no_io_words(_: &std::io::Error) -> String {
    "the text could not be read".to_string()
}

/// Reads games one at a time from a PGN file.
pub struct PgnReader<R> {
    input: input::Input<R>,
    file: Option<String>,
    /// The file's legacy encoding once a game has needed one.
    legacy: Option<TextEncoding>,
    /// How a game that is not UTF-8 is decoded.
    decode: Decoder,
    /// How a read error is worded.
    io_words: IoWords,
    /// A tag line read ahead: the first line of the next game.
    pending: Vec<u8>,
    games: usize,
    done: bool,
}

impl<R: BufRead> PgnReader<R> {
    /// A reader over `input`.
    pub fn new(input: R) -> PgnReader<R> {
        PgnReader::with_decoder(input, decode_legacy, io_words)
    }

    fn with_decoder(input: R, decode: Decoder, io_words: IoWords) -> PgnReader<R> {
        PgnReader {
            input: input::Input::new(input),
            file: None,
            legacy: None,
            decode,
            io_words,
            pending: Vec::new(),
            games: 0,
            done: false,
        }
    }

    /// Names the file in errors.
    pub fn with_name(mut self, name: impl Into<String>) -> PgnReader<R> {
        self.file = Some(name.into());
        self
    }

    /// Bytes consumed so far (for progress bars).
    pub fn bytes_read(&self) -> u64 {
        self.input.raw_read()
    }

    /// The number of games handed out so far.
    pub fn games_read(&self) -> usize {
        self.games
    }

    /// The raw bytes of the next game, or `None` at the end of input; an error (after which
    /// the reader is done) if reading fails or the game is longer than [`MAX_GAME_BYTES`].
    fn next_raw(&mut self) -> Result<Option<Vec<u8>>, PgnErrorKind> {
        if self.done {
            return Ok(None);
        }
        let mut buf = std::mem::take(&mut self.pending);
        let mut seen_moves = false;
        let mut in_comment = false;
        // After a result token the text is a footer, not movetext: its braces open nothing.
        let mut after_result = false;
        let mut line = Vec::new();
        loop {
            line.clear();
            // One byte past the bound is enough to know the game is too long: a line is never
            // read whole when it has no end.
            let room = (MAX_GAME_BYTES - buf.len().min(MAX_GAME_BYTES)) as u64 + 1;
            let n = (&mut self.input).take(room).read_until(b'\n', &mut line).map_err(|e| {
                self.done = true;
                PgnErrorKind::Io { kind: e.kind(), message: (self.io_words)(&e) }
            })?;
            if n == 0 {
                self.done = true;
                break;
            }
            if buf.len() + line.len() > MAX_GAME_BYTES {
                self.done = true;
                return Err(PgnErrorKind::TooLong);
            }
            let scan = scan_line(&line, in_comment && !after_result);
            if scan.is_tag && seen_moves {
                self.pending = line.clone();
                break;
            }
            if !scan.is_tag && scan.has_content {
                seen_moves = true;
            }
            in_comment = scan.in_comment_after;
            after_result |= !in_comment && ends_with_result(&line);
            buf.extend_from_slice(&line);
        }
        if buf.iter().all(u8::is_ascii_whitespace) {
            return Ok(None);
        }
        Ok(Some(buf))
    }

    /// The next game: `None` at the end, `Some(Err)` for a game that could not be read (the
    /// reader goes on with the next one).
    pub fn next_game(&mut self) -> Option<Result<Record, PgnError>> {
        let raw = match self.next_raw() {
            Ok(Some(raw)) => raw,
            Ok(None) => return None,
            Err(kind) => {
                self.games += 1;
                return Some(Err(self.error(None, false, kind)));
            }
        };
        self.games += 1;
        let text = match std::str::from_utf8(&raw) {
            Ok(s) => std::borrow::Cow::Borrowed(s.strip_prefix('\u{feff}').unwrap_or(s)),
            Err(_) => std::borrow::Cow::Owned((self.decode)(&raw, &mut self.legacy)),
        };
        Some(parse_game(&text).map_err(|(ply, in_variation, kind)| self.error(ply, in_variation, kind)))
    }

    fn error(&self, ply: Option<usize>, in_variation: bool, kind: PgnErrorKind) -> PgnError {
        PgnError { file: self.file.clone(), game: self.games, ply, in_variation, kind }
    }
}

impl<R: BufRead> Iterator for PgnReader<R> {
    type Item = Result<Record, PgnError>;
    fn next(&mut self) -> Option<Self::Item> {
        self.next_game()
    }
}

/// Whether the last word of a raw line is a result token (`1-0`, `0-1`, `1/2-1/2`, `*`): the
/// movetext has ended, and what follows up to the next tag line is a footer.
fn ends_with_result(line: &[u8]) -> bool {
    let line = line.trim_ascii_end();
    let start = line.iter().rposition(u8::is_ascii_whitespace).map_or(0, |i| i + 1);
    matches!(&line[start..], b"1-0" | b"0-1" | b"1/2-1/2" | b"*")
}

struct LineScan {
    is_tag: bool,
    has_content: bool,
    in_comment_after: bool,
}

/// Looks at one raw line: is it a tag line, does it hold movetext, does it leave a `{` comment
/// open. Lines in GBK or Big5 are walked two bytes at a time after a lead byte, since their
/// second bytes may look like `{` or `}`.
fn scan_line(line: &[u8], mut in_comment: bool) -> LineScan {
    let dbcs = std::str::from_utf8(line).is_err();
    let first = line.iter().position(|b| !b.is_ascii_whitespace());
    let is_tag = !in_comment && first.is_some_and(|i| line[i] == b'[');
    let mut has_content = false;
    if !is_tag {
        let mut i = 0;
        while i < line.len() {
            let b = line[i];
            if in_comment {
                if b == b'}' {
                    in_comment = false;
                }
            } else if b == b'{' {
                in_comment = true;
                has_content = true;
            } else if b == b';' {
                break;
            } else if !b.is_ascii_whitespace() {
                has_content = true;
            }
            i += if dbcs && b >= 0x81 { 2 } else { 1 };
        }
        has_content |= in_comment;
    }
    LineScan { is_tag, has_content, in_comment_after: in_comment }
}

type Failure = (Option<usize>, bool, PgnErrorKind);

/// Reads one game's text (tags and movetext).
pub(crate) fn parse_game(text: &str) -> Result<Record, Failure> {
    let toks = Lexer::new(text).collect::<Result<Vec<Tok<'_>>, PgnErrorKind>>().map_err(|k| (None, false, k))?;
    let mut game = Record::new(Variant::Xiangqi);
    for t in &toks {
        if let Tok::Tag(k, v) = t {
            game.headers.set(*k, v.clone());
        }
    }
    if let Some(v) = game.headers.get("Variant") {
        game.variant = match v.parse::<Variant>() {
            Ok(v) => v,
            Err(_) if v.eq_ignore_ascii_case("chinese chess") => Variant::Xiangqi,
            Err(_) => return Err((None, false, PgnErrorKind::Variant(v.to_string()))),
        };
    }
    let mut pos = match game.headers.get("FEN") {
        Some(fen) if !fen.trim().is_empty() => crate::composed_position(game.variant, fen)
            .map_err(|e| (None, false, PgnErrorKind::Fen { fen: fen.to_string(), source: e }))?,
        _ => Position::new(game.variant),
    };
    game.start_fen = pos.to_fen();
    if let Some(r) = game.headers.get("Result").and_then(RecordResult::from_text) {
        game.outcome = r;
    }

    let first_moves: Vec<&str> = first_mainline_moves(&toks, 4);
    let notation = choose_notation(&pos, game.headers.get("Format"), &first_moves).ok_or_else(|| {
        (Some(1), false, PgnErrorKind::NoNotation { text: first_moves.first().copied().unwrap_or("").to_string() })
    })?;

    let mut i = 0;
    let mut outcome = None;
    game.main = build_line(&toks, &mut i, &mut pos, notation, 0, &mut outcome)?;
    if let Some(o) = outcome {
        if o != RecordResult::Unknown || game.outcome == RecordResult::Unknown {
            game.outcome = o;
        }
    }
    Ok(game)
}

fn first_mainline_moves<'a>(toks: &[Tok<'a>], n: usize) -> Vec<&'a str> {
    let mut depth = 0usize;
    let mut out = Vec::new();
    for t in toks {
        match t {
            Tok::Open => depth += 1,
            Tok::Close => depth = depth.saturating_sub(1),
            Tok::Move(m) if depth == 0 => {
                out.push(*m);
                if out.len() == n {
                    break;
                }
            }
            _ => {}
        }
    }
    out
}

/// The notation named by the `Format` tag if it reads the first move, else the one detected
/// from the first moves (fewer if a later one is bad, so that its error is reported in place).
fn choose_notation(pos: &Position, format: Option<&str>, first: &[&str]) -> Option<Notation> {
    if first.is_empty() {
        return Some(Notation::Chinese);
    }
    if let Some(n) = format.and_then(|f| f.trim().parse::<Notation>().ok()) {
        if n.parse(pos, first[0]).is_ok() {
            return Some(n);
        }
    }
    (1..=first.len()).rev().find_map(|k| Notation::detect(pos, &first[..k]))
}

fn build_line(
    toks: &[Tok<'_>],
    i: &mut usize,
    pos: &mut Position,
    notation: Notation,
    depth: usize,
    outcome: &mut Option<RecordResult>,
) -> Result<Line, Failure> {
    let mut line = Line::default();
    let start_len = pos.history().len();
    let result = (|| {
        while *i < toks.len() {
            let tok = &toks[*i];
            *i += 1;
            match tok {
                Tok::Tag(..) => {}
                Tok::Comment(c) => {
                    let c = c.trim();
                    if c.is_empty() {
                        continue;
                    }
                    // Windows line ends inside comments become '\n', as every format writes them.
                    let c = c.replace("\r\n", "\n");
                    let c = c.as_str();
                    let slot = match line.nodes.last_mut() {
                        Some(n) => &mut n.comment,
                        None => &mut line.comment,
                    };
                    match slot {
                        Some(s) => {
                            s.push('\n');
                            s.push_str(c);
                        }
                        None => *slot = Some(c.to_string()),
                    }
                }
                Tok::Nag(n) => {
                    if let Some(node) = line.nodes.last_mut() {
                        node.nags.push(*n);
                    }
                }
                Tok::Move(text) => {
                    let ply = pos.history().len() + 1;
                    let mv = notation.parse(pos, text).map_err(|e| {
                        (Some(ply), depth > 0, PgnErrorKind::Move { text: text.to_string(), source: e })
                    })?;
                    pos.play_unchecked(mv);
                    line.nodes.push(Node::new(mv));
                }
                Tok::Open => {
                    if depth + 1 > MAX_DEPTH {
                        return Err((Some(pos.history().len()), true, PgnErrorKind::TooDeep));
                    }
                    let Some(last) = line.nodes.last().map(|n| n.mv) else {
                        return Err((Some(pos.history().len() + 1), depth > 0, PgnErrorKind::VariationWithoutMove));
                    };
                    pos.undo();
                    let var = build_line(toks, i, pos, notation, depth + 1, outcome);
                    pos.play_unchecked(last);
                    let var = var?;
                    if let Some(node) = line.nodes.last_mut() {
                        node.variations.push(var);
                    }
                }
                Tok::Close => {
                    if depth == 0 {
                        return Err((Some(pos.history().len()), false, PgnErrorKind::UnbalancedClose));
                    }
                    return Ok(());
                }
                Tok::Result(r) => {
                    if depth == 0 {
                        *outcome = Some(*r);
                    }
                }
            }
        }
        Ok(())
    })();
    while pos.history().len() > start_len {
        pos.undo();
    }
    result.map(|()| line)
}

/// Reads every game of a PGN text (for tests and small inputs; use [`PgnReader`] for files).
pub fn read_all(text: &str) -> Vec<Result<Record, PgnError>> {
    PgnReader::with_decoder(text.as_bytes(), decode_utf8, no_io_words).collect()
}
