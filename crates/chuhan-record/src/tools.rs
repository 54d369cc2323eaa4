//! What `chuhan record check`, `chuhan record convert` and `chuhan bench records` need: read
//! every game of many files in any format, count good and bad ones with errors that say where,
//! write games in another format, and time the PGN reader.

use crate::tree::Record;
use crate::{cbr, dhtmlxq, encoding, pgn, xqf, PgnReader};
use chuhan::notation::Notation;
use std::fs::File;
use std::io::{self, BufReader, Read, Write};
use std::path::Path;
use std::str::FromStr;
use std::time::Instant;

/// A record format.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    Pgn,
    Xqf,
    DhtmlXq,
    /// A CCBridge record (one game): read only.
    Cbr,
    /// A CCBridge library (many games): read only.
    Cbl,
}

/// A format name other than pgn, xqf, dhtmlxq, cbr or cbl.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown record format {0:?}: expected pgn, xqf, dhtmlxq, cbr or cbl")]
pub struct ParseFormatError(pub String);

impl FromStr for Format {
    type Err = ParseFormatError;
    fn from_str(s: &str) -> Result<Format, ParseFormatError> {
        match s.to_ascii_lowercase().as_str() {
            "pgn" => Ok(Format::Pgn),
            "xqf" => Ok(Format::Xqf),
            "dhtmlxq" | "ubb" => Ok(Format::DhtmlXq),
            "cbr" => Ok(Format::Cbr),
            "cbl" => Ok(Format::Cbl),
            _ => Err(ParseFormatError(s.to_string())),
        }
    }
}

impl Format {
    /// The format of a file: XQF, CBR and CBL by their signatures, DhtmlXQ if its start holds
    /// a `[DhtmlXQ]` block; else CBR or CBL by the extension (`.cbr`, `.cbl`: a damaged file
    /// then gives that format's error rather than a PGN reading of binary bytes); PGN otherwise.
    pub fn sniff(path: &Path) -> io::Result<Format> {
        let mut head = Vec::new();
        File::open(path)?.take(1 << 16).read_to_end(&mut head)?;
        if head.starts_with(b"XQ") {
            return Ok(Format::Xqf);
        }
        if head.starts_with(cbr::RECORD_MAGIC) {
            return Ok(Format::Cbr);
        }
        if head.starts_with(cbr::LIBRARY_MAGIC) {
            return Ok(Format::Cbl);
        }
        if head.windows(9).any(|w| w == b"[DhtmlXQ]") {
            return Ok(Format::DhtmlXq);
        }
        match path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).as_deref() {
            Some("cbr") => Ok(Format::Cbr),
            Some("cbl") => Ok(Format::Cbl),
            _ => Ok(Format::Pgn),
        }
    }
}

/// A game that could not be read: the file, then where in it and why (the game's number, the
/// ply and the move text where there is one).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}: {message}")]
pub struct RecordError {
    pub file: String,
    pub game: usize,
    pub message: String,
}

/// Counts of a run over files.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    pub files: usize,
    pub games: usize,
    pub good: usize,
    pub bad: usize,
    /// Plies of the main lines of the good games.
    pub plies: usize,
    pub bytes: u64,
    pub errors: Vec<RecordError>,
}

impl Summary {
    /// The last line `chuhan record check` prints.
    pub fn line(&self) -> String {
        format!("{} games read: {} good, {} bad", self.games, self.good, self.bad)
    }

    fn record(&mut self, r: &Result<Record, RecordError>) {
        self.games += 1;
        match r {
            Ok(g) => {
                self.good += 1;
                self.plies += g.ply_count();
            }
            Err(e) => {
                self.bad += 1;
                self.errors.push(e.clone());
            }
        }
    }
}

/// Where a run is, for a progress bar: bytes done of this file and its size.
#[derive(Debug, Clone, Copy)]
pub struct Progress<'a> {
    pub file: &'a Path,
    pub bytes_done: u64,
    pub bytes_total: u64,
    pub games: usize,
}

/// Reads every game of `path` (in the format its content shows) and hands each to `f`, with
/// progress after each. PGN is streamed; XQF, DhtmlXQ, CBR and CBL files are read whole. A
/// broken game in a CBL library is an error for that game only; a library whose header cannot
/// be read is one error (game 1).
/// Returns the bytes read; an error only if the file cannot be opened or read at all.
pub fn for_each_game(
    path: &Path,
    mut f: impl FnMut(Result<Record, RecordError>),
    mut progress: impl FnMut(Progress<'_>),
) -> io::Result<u64> {
    let name = path.display().to_string();
    let total = std::fs::metadata(path)?.len();
    let err = |game: usize, message: String| RecordError { file: name.clone(), game, message };
    match Format::sniff(path)? {
        Format::Pgn => {
            let mut reader = PgnReader::new(BufReader::with_capacity(1 << 16, File::open(path)?));
            while let Some(g) = reader.next_game() {
                f(g.map_err(|e| err(e.game, PgnErrorNoFile(e).to_string())));
                progress(Progress {
                    file: path,
                    bytes_done: reader.bytes_read(),
                    bytes_total: total,
                    games: reader.games_read(),
                });
            }
        }
        Format::Xqf => {
            let data = std::fs::read(path)?;
            f(xqf::read(&data).map_err(|e| match e {
                xqf::XqfError::Tree(t) => err(1, format!("game 1, {t}")),
                e => err(1, format!("game 1: {e}")),
            }));
            progress(Progress { file: path, bytes_done: total, bytes_total: total, games: 1 });
        }
        Format::DhtmlXq => {
            let data = std::fs::read(path)?;
            let (text, _) = encoding::decode_auto(&data);
            for (i, g) in dhtmlxq::read_all(&text).into_iter().enumerate() {
                f(g.map_err(|e| match e {
                    dhtmlxq::DhtmlXqError::Tree(t) => err(i + 1, format!("game {}, {t}", i + 1)),
                    e => err(i + 1, format!("game {}: {e}", i + 1)),
                }));
                progress(Progress { file: path, bytes_done: total, bytes_total: total, games: i + 1 });
            }
        }
        Format::Cbr => {
            let data = std::fs::read(path)?;
            f(cbr::read(&data).map_err(|e| cbr_error(&err, 1, e)));
            progress(Progress { file: path, bytes_done: total, bytes_total: total, games: 1 });
        }
        Format::Cbl => {
            let data = std::fs::read(path)?;
            match cbr::read_library(&data) {
                Err(e) => {
                    f(Err(err(1, format!("library: {e}"))));
                    progress(Progress { file: path, bytes_done: total, bytes_total: total, games: 1 });
                }
                Ok(lib) => {
                    for (i, g) in lib.games.into_iter().enumerate() {
                        f(g.map_err(|e| cbr_error(&err, i + 1, e)));
                        progress(Progress { file: path, bytes_done: total, bytes_total: total, games: i + 1 });
                    }
                }
            }
        }
    }
    Ok(total)
}

/// A CBR error as a [`RecordError`] of game `game`.
fn cbr_error(err: &impl Fn(usize, String) -> RecordError, game: usize, e: cbr::CbrError) -> RecordError {
    match e {
        cbr::CbrError::Tree(t) => err(game, format!("game {game}, {t}")),
        e => err(game, format!("game {game}: {e}")),
    }
}

/// A PGN error shown without its file name (the [`RecordError`] carries it).
struct PgnErrorNoFile(crate::PgnError);

impl std::fmt::Display for PgnErrorNoFile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut e = self.0.clone();
        e.file = None;
        write!(f, "{e}")
    }
}

/// Validates every game of `paths`. A file that cannot be opened counts as one bad game.
pub fn check<P: AsRef<Path>>(paths: &[P], mut progress: impl FnMut(Progress<'_>)) -> Summary {
    let mut s = Summary::default();
    for p in paths {
        let p = p.as_ref();
        s.files += 1;
        let mut results = Summary::default();
        match for_each_game(p, |g| results.record(&g), &mut progress) {
            Ok(bytes) => s.bytes += bytes,
            Err(e) => {
                results.record(&Err(RecordError { file: p.display().to_string(), game: 0, message: e.to_string() }))
            }
        }
        s.games += results.games;
        s.good += results.good;
        s.bad += results.bad;
        s.plies += results.plies;
        s.errors.extend(results.errors);
    }
    s
}

/// Why a game could not be written.
#[derive(Debug, thiserror::Error)]
pub enum ConvertError {
    #[error("{0}")]
    Io(#[from] io::Error),
    #[error("{0}")]
    Xqf(#[from] xqf::XqfError),
    #[error("{0}")]
    DhtmlXq(#[from] dhtmlxq::DhtmlXqError),
    #[error("XQF holds one game a file; {0} games were read (convert them one file at a time)")]
    XqfOneGame(usize),
    #[error("{0:?}: CBR and CBL are read only; convert to pgn, xqf or dhtmlxq")]
    ReadOnly(Format),
}

/// `game` in `format`; `notation` applies to PGN.
pub fn write_game(game: &Record, format: Format, notation: Notation) -> Result<Vec<u8>, ConvertError> {
    Ok(match format {
        Format::Pgn => {
            let mut out = Vec::new();
            pgn::write_game(&mut out, game, notation)?;
            out
        }
        Format::Xqf => xqf::write(game)?,
        Format::DhtmlXq => dhtmlxq::write(game)?.into_bytes(),
        Format::Cbr | Format::Cbl => return Err(ConvertError::ReadOnly(format)),
    })
}

/// Converts every good game of `paths` to `format`, written to `out` one after another (XQF:
/// only when there is exactly one game; CBR and CBL are read only). Bad games are skipped and
/// listed in the summary.
pub fn convert<P: AsRef<Path>, W: Write>(
    paths: &[P],
    format: Format,
    notation: Notation,
    out: &mut W,
) -> Result<Summary, ConvertError> {
    if matches!(format, Format::Cbr | Format::Cbl) {
        return Err(ConvertError::ReadOnly(format));
    }
    let mut s = Summary::default();
    let mut xqf_game = None;
    let mut failure = None;
    for p in paths {
        s.files += 1;
        s.bytes += for_each_game(
            p.as_ref(),
            |g| {
                s.record(&g);
                let Ok(g) = g else { return };
                if failure.is_some() {
                    return;
                }
                if format == Format::Xqf {
                    xqf_game = Some(g);
                    return;
                }
                if let Err(e) = write_game(&g, format, notation).and_then(|b| Ok(out.write_all(&b)?)) {
                    failure = Some(e);
                }
            },
            |_| {},
        )?;
    }
    if let Some(e) = failure {
        return Err(e);
    }
    if format == Format::Xqf {
        match (s.good, xqf_game) {
            (1, Some(g)) => out.write_all(&xqf::write(&g)?)?,
            (n, _) => return Err(ConvertError::XqfOneGame(n)),
        }
    }
    Ok(s)
}

/// The PGN reader's speed over some files.
#[derive(Debug, Clone)]
pub struct Bench {
    pub summary: Summary,
    pub seconds: f64,
}

impl Bench {
    pub fn games_per_second(&self) -> f64 {
        self.summary.games as f64 / self.seconds
    }

    pub fn megabytes_per_second(&self) -> f64 {
        self.summary.bytes as f64 / 1e6 / self.seconds
    }

    /// One line for the command: games, plies, bytes, time, games/s, MB/s.
    pub fn line(&self) -> String {
        format!(
            "{} games ({} good), {} plies, {:.2} MB in {:.3} s: {:.0} games/s, {:.2} MB/s",
            self.summary.games,
            self.summary.good,
            self.summary.plies,
            self.summary.bytes as f64 / 1e6,
            self.seconds,
            self.games_per_second(),
            self.megabytes_per_second()
        )
    }
}

/// Parses and replays (checks every move of) every game of `paths`, timing it all; the files
/// are streamed from disk as `check` does.
pub fn bench<P: AsRef<Path>>(paths: &[P]) -> Bench {
    let start = Instant::now();
    let summary = check(paths, |_| {});
    Bench { summary, seconds: start.elapsed().as_secs_f64().max(1e-9) }
}
