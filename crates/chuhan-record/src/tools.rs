//! What `chuhan record check`, `chuhan record convert` and `chuhan bench records` need: read
//! every game of many files in any format, count good and bad ones with errors that say where,
//! write games in another format, and time the PGN reader.

use crate::tree::Record;
use crate::{cbf, cbr, dhtmlxq, encoding, pgn, xqf, PgnReader};
use chuhan::notation::Notation;
use std::fs::File;
use std::io::{self, BufReader, Read, Write};
use std::path::Path;
use std::str::FromStr;
use std::time::Instant;

/// A record format: what [`Format::sniff`] finds and what [`write_game`] writes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// PGN, the Chinese Chess convention ([`crate::pgn`]): many games a file.
    Pgn,
    /// XQStudio's binary files ([`crate::xqf`]): one game a file.
    Xqf,
    /// The UBB blocks of web pages ([`crate::dhtmlxq`]): any number of games in a text.
    DhtmlXq,
    /// A CCBridge record (one game): read only.
    Cbr,
    /// A CCBridge library (many games): read only.
    Cbl,
    /// A CCBridge XML record (one game, [`crate::cbf`]): read only.
    Cbf,
}

/// A format name other than pgn, xqf, dhtmlxq, cbr, cbl or cbf; the name as given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown record format {0:?}: expected pgn, xqf, dhtmlxq, cbr, cbl or cbf")]
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
            "cbf" => Ok(Format::Cbf),
            _ => Err(ParseFormatError(s.to_string())),
        }
    }
}

impl Format {
    /// The format's name as `FromStr` reads it: `pgn`, `xqf`, `dhtmlxq`, `cbr`, `cbl` or `cbf`.
    pub const fn name(self) -> &'static str {
        match self {
            Format::Pgn => "pgn",
            Format::Xqf => "xqf",
            Format::DhtmlXq => "dhtmlxq",
            Format::Cbr => "cbr",
            Format::Cbl => "cbl",
            Format::Cbf => "cbf",
        }
    }

    /// The format of a record from its first bytes and, when there is one, its file name: the
    /// one place the workspace guesses a format, so that `chuhan record`, `chuhan play --load`
    /// and the server's analysis board agree.
    ///
    /// XQF, CBR and CBL by their signatures (`XQ`, `CCBridge Record`, `CCBridgeLibrary`);
    /// CBF by its XML root `<ChineseChessRecord` in the first KiB; DhtmlXQ if `head` holds a `[DhtmlXQ` tag (the block or one of its fields; the tags are
    /// ASCII, so this works in GBK and UTF-8 alike); else CBR, CBL or CBF by the extension
    /// (`.cbr`, `.cbl`, `.cbf`: a damaged file then gives that format's error rather than a PGN reading of
    /// binary bytes); PGN otherwise. The first 64 KiB ([`SNIFF_LEN`]) are enough.
    pub fn sniff(head: &[u8], file_name: Option<&Path>) -> Format {
        if head.starts_with(b"XQ") {
            return Format::Xqf;
        }
        if head.starts_with(cbr::RECORD_MAGIC) {
            return Format::Cbr;
        }
        if head.starts_with(cbr::LIBRARY_MAGIC) {
            return Format::Cbl;
        }
        if cbf::sniff(head) {
            return Format::Cbf;
        }
        if head.windows(8).any(|w| w == b"[DhtmlXQ") {
            return Format::DhtmlXq;
        }
        let extension = file_name.and_then(|p| p.extension()).and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
        match extension.as_deref() {
            Some("cbr") => Format::Cbr,
            Some("cbl") => Format::Cbl,
            Some("cbf") => Format::Cbf,
            _ => Format::Pgn,
        }
    }

    /// The format of the file at `path`: [`Format::sniff`] of its first [`SNIFF_LEN`] bytes and
    /// its name.
    pub fn of_file(path: &Path) -> io::Result<Format> {
        let mut head = Vec::new();
        File::open(path)?.take(SNIFF_LEN as u64).read_to_end(&mut head)?;
        Ok(Format::sniff(&head, Some(path)))
    }
}

impl std::fmt::Display for Format {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// How many bytes of a file [`Format::sniff`] looks at.
pub const SNIFF_LEN: usize = 1 << 16;

/// The largest file of a format read whole (XQF, CBR, CBL, CBF, DhtmlXQ) that chuhan reads:
/// 128 MiB. An XQF, CBR or CBF game is a few KiB; a CBL library takes about 5 KiB a game (the
/// samples: 93 games in 472 KiB), so this admits some 25,000 games, more than any library
/// CCBridge users pass around. A larger file is refused before it is held in memory. (PGN is
/// streamed, with a bound per game instead: [`pgn::MAX_GAME_BYTES`].)
pub const MAX_FILE_BYTES: u64 = 128 << 20;

/// The bytes of a record file read whole, refused (an error of kind `InvalidData` that says
/// why) when it holds more than [`MAX_FILE_BYTES`]: reading stops one byte past the bound, so
/// a device that never ends (`/dev/zero`) or a file that grows is refused too.
pub fn read_whole(path: &Path) -> io::Result<Vec<u8>> {
    let mut data = Vec::new();
    File::open(path)?.take(MAX_FILE_BYTES + 1).read_to_end(&mut data)?;
    if data.len() as u64 > MAX_FILE_BYTES {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("the file is larger than {} MiB, the most chuhan reads of a record file", MAX_FILE_BYTES >> 20),
        ));
    }
    Ok(data)
}

/// Why the first game of a record held in memory could not be read ([`read_first`]), in the
/// words of its format's reader.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReadError {
    /// The PGN reader's error (boxed: it is the largest).
    #[error("PGN: {0}")]
    Pgn(Box<crate::PgnError>),
    /// The XQF reader's error.
    #[error("XQF: {0}")]
    Xqf(xqf::XqfError),
    /// The DhtmlXQ reader's error.
    #[error("DhtmlXQ: {0}")]
    DhtmlXq(dhtmlxq::DhtmlXqError),
    /// The CBR or CBL reader's error for one game.
    #[error("CCBridge: {0}")]
    Cbr(cbr::CbrError),
    /// The CBF reader's error.
    #[error("CBF: {0}")]
    Cbf(cbf::CbfError),
    /// A CBL library whose header or index could not be read (no game of it can be).
    #[error("CCBridge library: {0}")]
    Library(cbr::CbrError),
    /// The file could not be opened or read.
    #[error("{message}")]
    Io {
        /// What kind of failure it was.
        kind: io::ErrorKind,
        /// The error as the operating system put it.
        message: String,
    },
    /// Nothing that reads as a game (an empty PGN text, an empty library).
    #[error("no game found: expected PGN, DhtmlXQ, XQF, CBR, CBL or CBF")]
    NoGame,
}

/// The first game of a record held in memory (an upload, a paste), in the format
/// [`Format::sniff`] finds, with that format. Text formats may be UTF-8, GBK or Big5.
pub fn read_first(data: &[u8], file_name: Option<&Path>) -> Result<(Record, Format), ReadError> {
    let format = Format::sniff(&data[..data.len().min(SNIFF_LEN)], file_name);
    let game = match format {
        Format::Pgn => {
            let (text, _) = encoding::decode_auto(data);
            match pgn::read_all(&text).into_iter().next() {
                Some(g) => g.map_err(|e| ReadError::Pgn(Box::new(e)))?,
                None => return Err(ReadError::NoGame),
            }
        }
        Format::Xqf => xqf::read(data).map_err(ReadError::Xqf)?,
        Format::DhtmlXq => dhtmlxq::read(&encoding::decode_auto(data).0).map_err(ReadError::DhtmlXq)?,
        Format::Cbr => cbr::read(data).map_err(ReadError::Cbr)?,
        Format::Cbl => match cbr::read_library(data).map_err(ReadError::Library)?.games.into_iter().next() {
            Some(g) => g.map_err(ReadError::Cbr)?,
            None => return Err(ReadError::NoGame),
        },
        Format::Cbf => cbf::read(data).map_err(ReadError::Cbf)?,
    };
    Ok((game, format))
}

/// A game that could not be read: the file, then where in it and why (the game's number, the
/// ply and the move text where there is one), e.g. `a.pgn: game 2, ply 3: move "h0h5": ...`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordError {
    /// The file as it was named.
    pub file: String,
    /// The game's number in the file, from 1; 0 when the file could not be read at all.
    pub game: usize,
    /// The format reader's error, typed, for callers that act on the kind of failure.
    pub error: ReadError,
}

impl std::fmt::Display for RecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use ReadError as R;
        write!(f, "{}: ", self.file)?;
        let game = self.game;
        match &self.error {
            R::Pgn(e) => {
                // The PGN error names the game and the ply itself; the file is named above.
                let mut e = (**e).clone();
                e.file = None;
                write!(f, "{e}")
            }
            R::Xqf(xqf::XqfError::Tree(t))
            | R::DhtmlXq(dhtmlxq::DhtmlXqError::Tree(t))
            | R::Cbr(cbr::CbrError::Tree(t))
            | R::Cbf(cbf::CbfError::Tree(t)) => {
                write!(f, "game {game}, {t}")
            }
            R::Xqf(e) => write!(f, "game {game}: {e}"),
            R::DhtmlXq(e) => write!(f, "game {game}: {e}"),
            R::Cbr(e) => write!(f, "game {game}: {e}"),
            R::Cbf(e) => write!(f, "game {game}: {e}"),
            R::Library(e) => write!(f, "library: {e}"),
            R::Io { message, .. } => f.write_str(message),
            R::NoGame => write!(f, "{}", self.error),
        }
    }
}

impl std::error::Error for RecordError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// Counts of a run over files.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    /// Files looked at.
    pub files: usize,
    /// Games found, good and bad.
    pub games: usize,
    /// Games read with every move legal.
    pub good: usize,
    /// Games that could not be read.
    pub bad: usize,
    /// Plies of the main lines of the good games.
    pub plies: usize,
    /// Bytes of the files read.
    pub bytes: u64,
    /// Why each bad game is bad, in order.
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
    /// The file being read.
    pub file: &'a Path,
    /// Bytes of it read so far.
    pub bytes_done: u64,
    /// Its size.
    pub bytes_total: u64,
    /// Games of it handed out so far.
    pub games: usize,
}

/// Reads every game of `path` (in the format its content shows) and hands each to `f`, with
/// progress after each. PGN is streamed (a game of more than [`pgn::MAX_GAME_BYTES`] is an
/// error, and the rest of the file is not read); XQF, DhtmlXQ, CBR, CBL and CBF files are read
/// whole, up to [`MAX_FILE_BYTES`] ([`read_whole`]). A
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
    let err = |game: usize, error: ReadError| RecordError { file: name.clone(), game, error };
    match Format::of_file(path)? {
        Format::Pgn => {
            let mut reader = PgnReader::new(BufReader::with_capacity(1 << 16, File::open(path)?));
            while let Some(g) = reader.next_game() {
                f(g.map_err(|e| err(e.game, ReadError::Pgn(Box::new(e)))));
                progress(Progress {
                    file: path,
                    bytes_done: reader.bytes_read(),
                    bytes_total: total,
                    games: reader.games_read(),
                });
            }
        }
        Format::Xqf => {
            let data = read_whole(path)?;
            f(xqf::read(&data).map_err(|e| err(1, ReadError::Xqf(e))));
            progress(Progress { file: path, bytes_done: total, bytes_total: total, games: 1 });
        }
        Format::DhtmlXq => {
            let data = read_whole(path)?;
            let (text, _) = encoding::decode_auto(&data);
            for (i, g) in dhtmlxq::read_all(&text).into_iter().enumerate() {
                f(g.map_err(|e| err(i + 1, ReadError::DhtmlXq(e))));
                progress(Progress { file: path, bytes_done: total, bytes_total: total, games: i + 1 });
            }
        }
        Format::Cbr => {
            let data = read_whole(path)?;
            f(cbr::read(&data).map_err(|e| err(1, ReadError::Cbr(e))));
            progress(Progress { file: path, bytes_done: total, bytes_total: total, games: 1 });
        }
        Format::Cbf => {
            let data = read_whole(path)?;
            f(cbf::read(&data).map_err(|e| err(1, ReadError::Cbf(e))));
            progress(Progress { file: path, bytes_done: total, bytes_total: total, games: 1 });
        }
        Format::Cbl => {
            let data = read_whole(path)?;
            match cbr::read_library(&data) {
                Err(e) => {
                    f(Err(err(1, ReadError::Library(e))));
                    progress(Progress { file: path, bytes_done: total, bytes_total: total, games: 1 });
                }
                Ok(lib) => {
                    for (i, g) in lib.games.into_iter().enumerate() {
                        f(g.map_err(|e| err(i + 1, ReadError::Cbr(e))));
                        progress(Progress { file: path, bytes_done: total, bytes_total: total, games: i + 1 });
                    }
                }
            }
        }
    }
    Ok(total)
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
            Err(e) => results.record(&Err(RecordError {
                file: p.display().to_string(),
                game: 0,
                error: ReadError::Io { kind: e.kind(), message: e.to_string() },
            })),
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
#[non_exhaustive]
pub enum ConvertError {
    /// Reading an input or writing the output failed.
    #[error("{0}")]
    Io(#[from] io::Error),
    /// The XQF writer refused the game (janggi, or a start position it cannot hold).
    #[error("{0}")]
    Xqf(#[from] xqf::XqfError),
    /// The DhtmlXQ writer refused the game.
    #[error("{0}")]
    DhtmlXq(#[from] dhtmlxq::DhtmlXqError),
    /// XQF was asked for while this many good games were read (not one).
    #[error("XQF holds one game a file; {0} games were read (convert them one file at a time)")]
    XqfOneGame(usize),
    /// A format chuhan reads but does not write.
    #[error("{0}: CBR, CBL and CBF are read only; convert to pgn, xqf or dhtmlxq")]
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
        Format::Cbr | Format::Cbl | Format::Cbf => return Err(ConvertError::ReadOnly(format)),
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
    if matches!(format, Format::Cbr | Format::Cbl | Format::Cbf) {
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
    /// What was read.
    pub summary: Summary,
    /// How long it took, in seconds.
    pub seconds: f64,
}

impl Bench {
    /// Games read per second.
    pub fn games_per_second(&self) -> f64 {
        self.summary.games as f64 / self.seconds
    }

    /// Megabytes (10^6 bytes) read per second.
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
