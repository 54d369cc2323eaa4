//! Game records: `read_games` over files of any format, the `Record` tree, and the writers.
//!
//! Reading goes through chuhan-record's readers: PGN streams one game at a time (a 100 MB
//! collection is never held whole), the binary and block formats are read whole as their
//! readers need. Every move is checked as it is read; a bad game's error names the file, the
//! game and the ply, in the words `chuhan record check` prints.
//!
//! A tree built or changed from Python is checked again before it is written ([`check_tree`]):
//! the writers take a record's moves as legal.

use crate::board::{notation_arg, PyBoard};
use crate::errors;
use crate::moves::{move_arg, PyMove};
use chuhan::{Move, Position};
use chuhan_record::tools::{self, Format, ReadError, RecordError, MAX_FILE_BYTES, SNIFF_LEN};
use chuhan_record::tree::{Line, Node};
use chuhan_record::{cbr, dhtmlxq, encoding, xqf, PgnReader, Record, RecordResult};
use pyo3::exceptions::{PyFileNotFoundError, PyIsADirectoryError, PyOSError, PyPermissionError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString};
use std::io::{BufRead, BufReader, Cursor, Read};
use std::path::{Path, PathBuf};

/// How deep variations may nest in a tree built from Python: deeper trees are refused
/// rather than recursed into (a stack overflow would abort the interpreter).
const MAX_DEPTH: usize = 64;

/// An I/O error as the `OSError` subclass Python code expects, naming the file.
fn os_error(e: &std::io::Error, path: &Path) -> PyErr {
    // Python's own wording: `[Errno 2] No such file or directory: 'x.pgn'` (Rust's message
    // without its " (os error 2)" suffix).
    let text = e.to_string();
    let text = text.split(" (os error").next().unwrap_or(&text).to_string();
    let args = (e.raw_os_error().unwrap_or(0), text, path.display().to_string());
    match e.kind() {
        std::io::ErrorKind::NotFound => PyFileNotFoundError::new_err(args),
        std::io::ErrorKind::PermissionDenied => PyPermissionError::new_err(args),
        std::io::ErrorKind::IsADirectory => PyIsADirectoryError::new_err(args),
        _ => PyOSError::new_err(args),
    }
}

/// A Python file object as a Rust reader: `read(n)` called with the GIL taken back for each
/// chunk, so that a PGN file object streams like a path does. Text files (`read` returning
/// `str`) are encoded as UTF-8.
struct PyFileReader {
    file: Py<PyAny>,
    pending: Vec<u8>,
    at: usize,
}

/// The next chunk of a Python file object (empty at its end).
fn read_chunk(file: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    let data = file.call_method1("read", (1usize << 16,))?;
    if let Ok(b) = data.cast::<PyBytes>() {
        Ok(b.as_bytes().to_vec())
    } else if let Ok(s) = data.cast::<PyString>() {
        Ok(s.to_cow()?.into_owned().into_bytes())
    } else {
        Err(PyTypeError::new_err("read() of the file object returned neither bytes nor str"))
    }
}

impl Read for PyFileReader {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.at == self.pending.len() {
            // An exception of the file's `read` while streaming becomes the PGN reader's I/O
            // error, and so a `RecordError` naming the game.
            let chunk = Python::attach(|py| read_chunk(self.file.bind(py)))
                .map_err(|e| std::io::Error::other(e.to_string()))?;
            self.pending = chunk;
            self.at = 0;
        }
        let n = buf.len().min(self.pending.len() - self.at);
        buf[..n].copy_from_slice(&self.pending[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// Where the games come from: a PGN stream, or the games of a file read whole.
enum Source {
    Pgn(PgnReader<Box<dyn BufRead + Send + Sync>>),
    List(std::vec::IntoIter<Result<Record, RecordError>>),
}

/// The games of a whole file's bytes in `format` (every format but streamed PGN).
fn games_of(data: &[u8], format: Format, name: &str) -> Vec<Result<Record, RecordError>> {
    let err = |game: usize, error: ReadError| RecordError { file: name.to_string(), game, error };
    match format {
        Format::Pgn => {
            let (text, _) = encoding::decode_auto(data);
            chuhan_record::pgn::read_all(&text)
                .into_iter()
                .map(|g| g.map_err(|e| err(e.game, ReadError::Pgn(Box::new(e)))))
                .collect()
        }
        Format::Xqf => vec![xqf::read(data).map_err(|e| err(1, ReadError::Xqf(e)))],
        Format::DhtmlXq => {
            let (text, _) = encoding::decode_auto(data);
            let games: Vec<_> = dhtmlxq::read_all(&text)
                .into_iter()
                .enumerate()
                .map(|(i, g)| g.map_err(|e| err(i + 1, ReadError::DhtmlXq(e))))
                .collect();
            if games.is_empty() {
                vec![Err(err(1, ReadError::NoGame))]
            } else {
                games
            }
        }
        Format::Cbr => vec![cbr::read(data).map_err(|e| err(1, ReadError::Cbr(e)))],
        Format::Cbl => match cbr::read_library(data) {
            Err(e) => vec![Err(err(1, ReadError::Library(e)))],
            Ok(lib) => {
                lib.games.into_iter().enumerate().map(|(i, g)| g.map_err(|e| err(i + 1, ReadError::Cbr(e)))).collect()
            }
        },
        Format::Cbf => vec![chuhan_record::cbf::read(data).map_err(|e| err(1, ReadError::Cbf(e)))],
    }
}

/// The games of a record file or stream, one at a time (`for record in chuhan.read_games(...)`).
///
/// With `errors="raise"` (the default) a game that cannot be read raises `RecordError` when
/// it is reached; the iterator can be resumed after it, with the next game. With
/// `errors="skip"` such games are left out.
#[pyclass(name = "GameReader", module = "chuhan")]
pub struct PyGameReader {
    source: Source,
    name: String,
    skip: bool,
}

#[pymethods]
impl PyGameReader {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<PyRecord>> {
        loop {
            let next = match &mut self.source {
                Source::Pgn(r) => {
                    let name = &self.name;
                    py.detach(|| {
                        r.next_game().map(|g| {
                            g.map_err(|e| RecordError {
                                file: name.clone(),
                                game: e.game,
                                error: ReadError::Pgn(Box::new(e)),
                            })
                        })
                    })
                }
                Source::List(games) => games.next(),
            };
            match next {
                None => return Ok(None),
                Some(Ok(rec)) => return Ok(Some(PyRecord { rec })),
                Some(Err(_)) if self.skip => continue,
                Some(Err(e)) => return Err(errors::record(e)),
            }
        }
    }
}

/// The games of `source`: a path (`str` or `os.PathLike`) or a file object (binary, or text
/// read as UTF-8). The format is found from the content (`format` may name it: `pgn`, `xqf`,
/// `dhtmlxq`, `cbr`, `cbl`); text may be UTF-8, GBK or Big5. PGN is read one game at a time,
/// from a path or a file object alike.
#[pyfunction]
#[pyo3(signature = (source, *, format=None, errors="raise"))]
pub fn read_games(source: &Bound<'_, PyAny>, format: Option<&str>, errors: &str) -> PyResult<PyGameReader> {
    let skip = match errors {
        "raise" => false,
        "skip" => true,
        other => return Err(errors::value(format!("errors={other:?}: expected 'raise' or 'skip'"))),
    };
    let format = format.map(|f| f.parse::<Format>().map_err(errors::value)).transpose()?;
    if source.hasattr("read")? {
        let name = match source.getattr("name") {
            Ok(n) => n.str()?.to_cow()?.into_owned(),
            Err(_) => "<stream>".to_string(),
        };
        // The head (enough to sniff the format) first; a PGN streams on from there, the other
        // formats are read whole as their readers need.
        // The file's own exceptions (and a TypeError for an object that is no file) propagate.
        let mut head = Vec::new();
        let mut ended = false;
        while head.len() < SNIFF_LEN && !ended {
            let chunk = read_chunk(source)?;
            ended = chunk.is_empty();
            head.extend_from_slice(&chunk);
        }
        let format = format.unwrap_or_else(|| Format::sniff(&head, Some(Path::new(&name))));
        let source = match format {
            Format::Pgn if !ended => {
                let rest = PyFileReader { file: source.clone().unbind(), pending: Vec::new(), at: 0 };
                Source::Pgn(PgnReader::new(Box::new(BufReader::new(Cursor::new(head).chain(rest)))))
            }
            Format::Pgn => Source::Pgn(PgnReader::new(Box::new(Cursor::new(head)))),
            f => {
                while !ended {
                    let chunk = read_chunk(source)?;
                    ended = chunk.is_empty();
                    head.extend_from_slice(&chunk);
                    // As for a path (tools::read_whole): a stream without end is refused.
                    if head.len() as u64 > MAX_FILE_BYTES {
                        return Err(errors::value(format!(
                            "{name}: the file is larger than {} MiB, the most chuhan reads of a record file",
                            MAX_FILE_BYTES >> 20
                        )));
                    }
                }
                Source::List(games_of(&head, f, &name).into_iter())
            }
        };
        return Ok(PyGameReader { source, name, skip });
    }
    let path: PathBuf = source.extract().map_err(|_| {
        let kind = source.get_type().name().map(|n| n.to_string()).unwrap_or_default();
        PyTypeError::new_err(format!("expected a path or a binary file object, got {kind}"))
    })?;
    let name = path.display().to_string();
    let file = std::fs::File::open(&path).map_err(|e| os_error(&e, &path))?;
    if path.is_dir() {
        // Python's own `IsADirectoryError(21, 'Is a directory', path)`: errno EISDIR, not 0.
        const EISDIR: i32 = 21;
        return Err(os_error(&std::io::Error::from_raw_os_error(EISDIR), &path));
    }
    let format = match format {
        Some(f) => f,
        None => Format::of_file(&path).map_err(|e| os_error(&e, &path))?,
    };
    let source = match format {
        Format::Pgn => Source::Pgn(PgnReader::new(Box::new(BufReader::with_capacity(1 << 16, file)))),
        f => {
            let data = tools::read_whole(&path).map_err(|e| os_error(&e, &path))?;
            Source::List(games_of(&data, f, &name).into_iter())
        }
    };
    Ok(PyGameReader { source, name, skip })
}

/// The first game of `source` (see `read_games`), or `None` if it holds none.
#[pyfunction]
#[pyo3(signature = (source, *, format=None))]
pub fn read_game(py: Python<'_>, source: &Bound<'_, PyAny>, format: Option<&str>) -> PyResult<Option<PyRecord>> {
    read_games(source, format, "raise")?.__next__(py)
}

/// How deep the variations of `line` nest (0: none).
fn depth_of(line: &Line) -> usize {
    line.nodes.iter().map(node_depth).max().unwrap_or(0)
}

fn node_depth(node: &Node) -> usize {
    node.variations.iter().map(|v| 1 + depth_of(v)).max().unwrap_or(0)
}

/// Checks every move of `line` from `pos` (restored afterwards); the error names the ply.
fn check_line(line: &Line, pos: &mut Position, ply: usize) -> Result<(), String> {
    let mut played = 0;
    let mut result = Ok(());
    for (i, node) in line.nodes.iter().enumerate() {
        for v in &node.variations {
            if let Err(e) = check_line(v, pos, ply + i) {
                result = Err(e);
                break;
            }
        }
        if result.is_err() {
            break;
        }
        if let Err(e) = pos.play(node.mv) {
            result = Err(format!("ply {}: {e}", ply + i + 1));
            break;
        }
        played += 1;
    }
    for _ in 0..played {
        pos.undo();
    }
    result
}

/// Checks a record before it is written: its start FEN and every move of its tree.
pub fn check_tree(rec: &Record) -> PyResult<()> {
    let mut pos = rec.start_position().map_err(errors::fen)?;
    if depth_of(&rec.main) > MAX_DEPTH {
        return Err(errors::record(format!("variations nested deeper than {MAX_DEPTH}")));
    }
    check_line(&rec.main, &mut pos, 0).map_err(errors::record)
}

/// One move of a line, with its comment, NAGs and the variations that replace it.
#[pyclass(name = "Node", module = "chuhan", frozen)]
#[derive(Clone)]
pub struct PyNode {
    node: Node,
}

#[pymethods]
impl PyNode {
    /// A node: `move`, the `comment` after it, NAGs (`$1` = 1...) and `variations`
    /// (lines that start from the position before the move).
    #[new]
    #[pyo3(signature = (r#move, comment=None, nags=Vec::new(), variations=Vec::new()))]
    fn new(
        #[pyo3(from_py_with = move_arg)] r#move: Move,
        comment: Option<String>,
        nags: Vec<u8>,
        variations: Vec<PyRef<'_, PyLine>>,
    ) -> PyResult<PyNode> {
        let variations: Vec<Line> = variations.iter().map(|l| l.line.clone()).collect();
        if variations.iter().any(|v| depth_of(v) >= MAX_DEPTH) {
            return Err(errors::value(format!("variations nested deeper than {MAX_DEPTH}")));
        }
        Ok(PyNode { node: Node { mv: r#move, nags, comment, variations } })
    }

    /// The move.
    #[getter]
    fn r#move(&self) -> PyMove {
        PyMove(self.node.mv)
    }

    /// The comment after the move, or `None`.
    #[getter]
    fn comment(&self) -> Option<String> {
        self.node.comment.clone()
    }

    /// Numeric annotation glyphs, in order.
    #[getter]
    fn nags(&self) -> Vec<u32> {
        self.node.nags.iter().map(|&n| u32::from(n)).collect()
    }

    /// Alternatives to this move, each from the position before it.
    #[getter]
    fn variations(&self) -> Vec<PyLine> {
        self.node.variations.iter().map(|l| PyLine { line: l.clone() }).collect()
    }

    fn __repr__(&self) -> String {
        format!("<Node {} ({} variations)>", self.node.mv, self.node.variations.len())
    }
}

/// A sequence of moves from one position, with a comment before the first.
#[pyclass(name = "Line", module = "chuhan", frozen)]
#[derive(Clone)]
pub struct PyLine {
    line: Line,
}

#[pymethods]
impl PyLine {
    /// A line of `nodes` (`Node`s, or `Move`s/coordinates for bare moves).
    #[new]
    #[pyo3(signature = (nodes=Vec::new(), comment=None))]
    fn new(nodes: Vec<Bound<'_, PyAny>>, comment: Option<String>) -> PyResult<PyLine> {
        let mut out = Vec::with_capacity(nodes.len());
        for n in nodes {
            match n.cast::<PyNode>() {
                Ok(node) => out.push(node.get().node.clone()),
                Err(_) => out.push(Node::new(move_arg(&n)?)),
            }
        }
        Ok(PyLine { line: Line { comment, nodes: out } })
    }

    /// The comment before the first move (the main line's: the game's opening comment).
    #[getter]
    fn comment(&self) -> Option<String> {
        self.line.comment.clone()
    }

    /// The nodes in order.
    #[getter]
    fn nodes(&self) -> Vec<PyNode> {
        self.line.nodes.iter().map(|n| PyNode { node: n.clone() }).collect()
    }

    /// The moves in order.
    #[getter]
    fn moves(&self) -> Vec<PyMove> {
        self.line.nodes.iter().map(|n| PyMove(n.mv)).collect()
    }

    fn __len__(&self) -> usize {
        self.line.nodes.len()
    }

    fn __repr__(&self) -> String {
        format!("<Line of {} moves>", self.line.nodes.len())
    }
}

/// A game record: headers, start position, the main line with comments and variations, and
/// the result — what a file says about one game.
#[pyclass(name = "Record", module = "chuhan")]
#[derive(Clone)]
pub struct PyRecord {
    pub rec: Record,
}

#[pymethods]
impl PyRecord {
    /// A record of `board`'s moves from its start (or an empty one of `variant`), with
    /// `headers` and `result` (`1-0`, `0-1`, `1/2-1/2`, `*`, or words such as 红胜).
    #[new]
    #[pyo3(signature = (board=None, *, variant="xiangqi", headers=None, result="*"))]
    fn new(
        board: Option<PyRef<'_, PyBoard>>,
        variant: &str,
        headers: Option<&Bound<'_, PyDict>>,
        result: &str,
    ) -> PyResult<PyRecord> {
        let rec = match &board {
            Some(b) => {
                let mut r = Record::new(b.start.variant());
                r.start_fen = b.start.to_fen();
                r.main.nodes = b.pos.history().iter().map(|p| Node::new(p.mv)).collect();
                r
            }
            None => Record::new(crate::board::variant_arg(variant)?),
        };
        let mut me = PyRecord { rec };
        if let Some(h) = headers {
            me.set_headers(h)?;
        }
        me.set_result(result)?;
        Ok(me)
    }

    /// `"xiangqi"` or `"janggi"`.
    #[getter]
    fn variant(&self) -> &'static str {
        self.rec.variant.name()
    }

    /// The headers (tags) as a new dict, in the order read; assign a dict to replace them.
    #[getter]
    fn headers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (k, v) in self.rec.headers.iter() {
            d.set_item(k, v)?;
        }
        Ok(d)
    }

    #[setter]
    fn set_headers(&mut self, headers: &Bound<'_, PyDict>) -> PyResult<()> {
        let mut h = chuhan_record::Headers::new();
        for (k, v) in headers.iter() {
            h.set(k.extract::<String>()?, v.extract::<String>()?);
        }
        self.rec.headers = h;
        Ok(())
    }

    /// The start position's FEN.
    #[getter]
    fn start_fen(&self) -> String {
        self.rec.start_fen.clone()
    }

    /// The result: `1-0`, `0-1`, `1/2-1/2` or `*`.
    #[getter]
    fn result(&self) -> &'static str {
        self.rec.outcome.pgn()
    }

    #[setter]
    fn set_result(&mut self, result: &str) -> PyResult<()> {
        self.rec.outcome = RecordResult::from_text(result)
            .ok_or_else(|| errors::value(format!("result {result:?}: expected 1-0, 0-1, 1/2-1/2 or *")))?;
        Ok(())
    }

    /// The main line (a copy; assign a `Line` to replace it).
    #[getter]
    fn main(&self) -> PyLine {
        PyLine { line: self.rec.main.clone() }
    }

    #[setter]
    fn set_main(&mut self, line: PyRef<'_, PyLine>) {
        self.rec.main = line.line.clone();
    }

    /// The moves of the main line.
    fn mainline_moves(&self) -> Vec<PyMove> {
        self.rec.main.nodes.iter().map(|n| PyMove(n.mv)).collect()
    }

    /// The start position as a `Board`.
    fn board(&self) -> PyResult<PyBoard> {
        Ok(PyBoard::from_position(self.rec.start_position().map_err(errors::fen)?))
    }

    /// The position after the main line, with its moves on the move stack.
    fn end(&self) -> PyResult<PyBoard> {
        let mut b = self.board()?;
        for (i, n) in self.rec.main.nodes.iter().enumerate() {
            b.pos.play(n.mv).map_err(|e| errors::illegal(format!("ply {}: {e}", i + 1)))?;
        }
        Ok(b)
    }

    /// Every move of the tree, variations included.
    fn node_count(&self) -> usize {
        self.rec.node_count()
    }

    /// The record as PGN (`notation`: Chinese by default for xiangqi).
    #[pyo3(signature = (notation=None))]
    fn pgn(&self, notation: Option<&str>) -> PyResult<String> {
        write_pgn(self, notation)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyRecord>().is_ok_and(|o| o.borrow().rec == self.rec)
    }

    fn __repr__(&self) -> String {
        let h = |k: &str| self.rec.headers.get(k).unwrap_or("?").to_string();
        format!(
            "<Record {} {} vs {} {}, {} plies>",
            self.rec.variant.name(),
            h("Red"),
            h("Black"),
            self.rec.outcome.pgn(),
            self.rec.ply_count()
        )
    }
}

/// The record as PGN text (UTF-8), moves in `notation` (Chinese for xiangqi, janggi's numeric
/// notation for janggi by default).
#[pyfunction]
#[pyo3(signature = (record, notation=None))]
pub fn write_pgn(record: &PyRecord, notation: Option<&str>) -> PyResult<String> {
    let n = notation_arg(notation, record.rec.variant)?;
    check_tree(&record.rec)?;
    let mut out = Vec::new();
    chuhan_record::pgn::write_game(&mut out, &record.rec, n).map_err(errors::record)?;
    String::from_utf8(out).map_err(errors::record)
}

/// The record as an XQF file's bytes (version 0x0A; xiangqi only).
#[pyfunction]
pub fn write_xqf<'py>(py: Python<'py>, record: &PyRecord) -> PyResult<Bound<'py, PyBytes>> {
    check_tree(&record.rec)?;
    let data = xqf::write(&record.rec).map_err(errors::record)?;
    Ok(PyBytes::new(py, &data))
}

/// The record as a `[DhtmlXQ]` block (xiangqi only).
#[pyfunction]
pub fn write_dhtmlxq(record: &PyRecord) -> PyResult<String> {
    check_tree(&record.rec)?;
    dhtmlxq::write(&record.rec).map_err(errors::record)
}
