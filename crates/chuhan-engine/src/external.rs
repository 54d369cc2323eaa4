//! Other engines as subprocesses speaking UCI or UCCI (Pikafish, Fairy-Stockfish, ElephantEye):
//! the one runner behind `chuhan match`, `chuhan play --engine` and the web app's `--engine`.
//!
//! An engine's standard output is read on its own thread and handed over line by line through
//! a channel, so every wait has a deadline: an engine that hangs is found out and killed, never
//! waited on forever. Errors say which engine and what it did, because they end up as the
//! reason a game was lost.

use crate::Score;
use chuhan::{Game, Move, Square, Variant};
use std::fmt;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::str::FromStr;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// The engine protocol.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// UCI as Pikafish, Fairy-Stockfish and chuhan-engine speak it.
    Uci,
    /// UCCI 3.0 (ElephantEye and the engines of the xqbase tools).
    Ucci,
}

/// How an engine writes squares in moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coords {
    /// Ranks 0–9 (`h2e2`): UCCI, Pikafish, chuhan-engine.
    Zero,
    /// Ranks 1–10 (`h3e3`): Fairy-Stockfish's UCI.
    One,
}

/// The units of UCCI's `go time ... increment ...`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UcciTime {
    /// Milliseconds, as ElephantEye 3.x reads them (its timer compares the value with elapsed
    /// milliseconds) and as engines announcing `option usemillisec` expect once it is set.
    Millis,
    /// Seconds, as the UCCI documents before 3.0 specified.
    Seconds,
}

/// A `--engine` argument that cannot be read; the text says which part and why.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("--engine {spec:?}: {why}")]
pub struct SpecError {
    /// The argument as given.
    pub spec: String,
    /// What is wrong with it.
    pub why: String,
}

/// One `--engine` argument: how to start an engine and talk to it.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineSpec {
    /// What users see (`name=`; the command's file name by default).
    pub name: String,
    /// The program to run.
    pub cmd: String,
    /// Its arguments (`arg=`, split at spaces).
    pub args: Vec<String>,
    /// The directory to run it in (`dir=`; engines that look for their network files there).
    pub dir: Option<String>,
    /// UCI or UCCI.
    pub proto: Protocol,
    /// `None`: ranks 0–9 unless the engine calls itself Fairy-Stockfish.
    pub coords: Option<Coords>,
    /// The units of UCCI's clock times.
    pub ucci_time: UcciTime,
    /// `option.NAME=VALUE`, sent in this order after the handshake.
    pub options: Vec<(String, String)>,
}

impl FromStr for EngineSpec {
    type Err = SpecError;

    /// `cmd=PATH[,name=N][,proto=uci|ucci][,coords=uci|uci1][,arg=A]...[,dir=D]
    /// [,time=ms|s][,option.NAME=VALUE]...`; a bare first item is taken as the command.
    fn from_str(s: &str) -> Result<EngineSpec, SpecError> {
        let fail = |why: String| SpecError { spec: s.to_string(), why };
        let mut spec = EngineSpec {
            name: String::new(),
            cmd: String::new(),
            args: Vec::new(),
            dir: None,
            proto: Protocol::Uci,
            coords: None,
            ucci_time: UcciTime::Millis,
            options: Vec::new(),
        };
        for (i, part) in s.split(',').enumerate() {
            let (key, value) = match part.split_once('=') {
                Some(kv) => kv,
                None if i == 0 => ("cmd", part),
                None => return Err(fail(format!("{part:?} is not key=value"))),
            };
            match key.trim() {
                "cmd" => spec.cmd = value.to_string(),
                "name" => spec.name = value.to_string(),
                "arg" | "args" => spec.args.extend(value.split_whitespace().map(String::from)),
                "dir" => spec.dir = Some(value.to_string()),
                "proto" | "protocol" => {
                    spec.proto = match value.to_ascii_lowercase().as_str() {
                        "uci" => Protocol::Uci,
                        "ucci" => Protocol::Ucci,
                        _ => return Err(fail(format!("proto={value:?}, expected uci or ucci"))),
                    }
                }
                "coords" | "dialect" => {
                    spec.coords = Some(match value.to_ascii_lowercase().as_str() {
                        "uci" | "uci0" | "ucci" => Coords::Zero,
                        "uci1" | "fairy" => Coords::One,
                        _ => {
                            return Err(fail(format!(
                                "coords={value:?}, expected uci (ranks 0–9) or uci1 (ranks 1–10)"
                            )))
                        }
                    })
                }
                "time" => {
                    spec.ucci_time = match value {
                        "ms" => UcciTime::Millis,
                        "s" => UcciTime::Seconds,
                        _ => return Err(fail(format!("time={value:?}, expected ms or s"))),
                    }
                }
                k if k.starts_with("option.") => {
                    spec.options.push((k["option.".len()..].to_string(), value.to_string()))
                }
                k => {
                    return Err(fail(format!(
                        "unknown key {k:?} (cmd, name, proto, coords, arg, dir, time, option.NAME)"
                    )))
                }
            }
        }
        if spec.cmd.is_empty() {
            return Err(fail("no cmd=PATH".to_string()));
        }
        if spec.name.is_empty() {
            spec.name = std::path::Path::new(&spec.cmd)
                .file_name()
                .map(|f| f.to_string_lossy().into_owned())
                .unwrap_or_else(|| spec.cmd.clone());
        }
        Ok(spec)
    }
}

/// What went wrong with an engine; the text becomes the reason for a lost game.
#[derive(Debug, Clone, PartialEq)]
pub enum EngineError {
    /// The process could not be started.
    Spawn(String),
    /// The process ended (or closed its output).
    Crashed(String),
    /// No answer in time.
    Timeout(String),
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Spawn(s) | EngineError::Crashed(s) | EngineError::Timeout(s) => f.write_str(s),
        }
    }
}

impl std::error::Error for EngineError {}

/// An engine's score from its last `info` line, from the mover's view.
/// The answer to `go`.
#[derive(Clone, Debug)]
pub struct GoReply {
    /// The move text after `bestmove`, or `None` for `nobestmove`, `bestmove (none)` and the like.
    pub bestmove: Option<String>,
    /// From `go` to `bestmove`.
    pub elapsed: Duration,
    /// The score of the last `info` line that had one.
    pub score: Option<Score>,
    /// The depth of the last `info` line that had one.
    pub depth: Option<u32>,
    /// The newest line of each MultiPV rank (index 0 is rank 1), as the engine wrote it.
    pub lines: Vec<Option<InfoLine>>,
}

/// One `info` line with a principal variation, for analysis.
#[derive(Clone, Debug, PartialEq)]
pub struct InfoLine {
    /// The MultiPV rank, from 1 (1 when the engine does not say).
    pub multipv: usize,
    /// The depth, if given.
    pub depth: Option<u32>,
    /// The score from the mover's view, if given.
    pub score: Option<Score>,
    /// Positions searched so far (`nodes`), if given.
    pub nodes: Option<u64>,
    /// The moves after `pv`, as the engine wrote them (read them with [`Engine::parse_move`]).
    pub pv: Vec<String>,
}

/// A running engine.
pub struct Engine {
    /// How it was started.
    pub spec: EngineSpec,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// `id name`, if the engine sent one.
    pub id_name: Option<String>,
    /// How it writes squares.
    pub coords: Coords,
    /// Option names the engine announced, lower case.
    announced: Vec<String>,
}

impl Engine {
    /// Starts the engine, runs the handshake, sets the options (and `UCI_Variant` when the
    /// engine offers it) and waits for `readyok`.
    pub fn start(spec: &EngineSpec, variant: Variant, timeout: Duration) -> Result<Engine, EngineError> {
        let mut cmd = Command::new(&spec.cmd);
        cmd.args(&spec.args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::null());
        // Its own process group: Ctrl-C in the terminal stops the match, which then ends the
        // engines itself, instead of killing them mid-game and faulting them for it.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
        if let Some(dir) = &spec.dir {
            cmd.current_dir(dir);
        }
        let mut child =
            cmd.spawn().map_err(|e| EngineError::Spawn(format!("{}: cannot start {:?}: {e}", spec.name, spec.cmd)))?;
        let stdin = child.stdin.take().ok_or_else(|| EngineError::Spawn(format!("{}: no stdin", spec.name)))?;
        let stdout = child.stdout.take().ok_or_else(|| EngineError::Spawn(format!("{}: no stdout", spec.name)))?;
        let (tx, lines) = mpsc::channel();
        thread::Builder::new()
            .name(format!("engine {}", spec.name))
            .spawn(move || {
                // Lines that are not UTF-8 are garbage, but readable garbage: keep them lossily.
                let mut reader = BufReader::new(stdout);
                let mut buf = Vec::new();
                loop {
                    buf.clear();
                    match reader.read_until(b'\n', &mut buf) {
                        Ok(0) | Err(_) => break,
                        Ok(_) => {
                            let line = String::from_utf8_lossy(&buf).trim_end_matches(['\r', '\n']).to_string();
                            if tx.send(line).is_err() {
                                break;
                            }
                        }
                    }
                }
            })
            .map_err(|e| EngineError::Spawn(format!("{}: cannot start a reader thread: {e}", spec.name)))?;
        let mut engine = Engine {
            spec: spec.clone(),
            child,
            stdin,
            lines,
            id_name: None,
            coords: spec.coords.unwrap_or(Coords::Zero),
            announced: Vec::new(),
        };
        engine.handshake(variant, timeout)?;
        Ok(engine)
    }

    fn handshake(&mut self, variant: Variant, timeout: Duration) -> Result<(), EngineError> {
        let (hello, ok) = match self.spec.proto {
            Protocol::Uci => ("uci", "uciok"),
            Protocol::Ucci => ("ucci", "ucciok"),
        };
        self.send(hello)?;
        let deadline = Instant::now() + timeout;
        loop {
            let line = self.recv(deadline, &format!("{ok} after {hello}"))?;
            let line = line.trim();
            if line == ok {
                break;
            }
            if let Some(name) = line.strip_prefix("id name ") {
                self.id_name = Some(name.trim().to_string());
            } else if let Some(rest) = line.strip_prefix("option ") {
                let rest = rest.strip_prefix("name ").unwrap_or(rest);
                let name = rest.split(" type ").next().unwrap_or(rest).trim().to_ascii_lowercase();
                self.announced.push(name);
            }
        }
        if self.spec.coords.is_none()
            && self.id_name.as_deref().is_some_and(|n| n.to_ascii_lowercase().contains("fairy-stockfish"))
        {
            self.coords = Coords::One;
        }
        match self.spec.proto {
            Protocol::Uci => {
                if self.announced.iter().any(|o| o == "uci_variant") {
                    self.send(&format!("setoption name UCI_Variant value {}", variant.name()))?;
                }
                for (name, value) in self.spec.options.clone() {
                    self.send(&format!("setoption name {name} value {value}"))?;
                }
            }
            Protocol::Ucci => {
                if self.announced.iter().any(|o| o == "usemillisec") && self.spec.ucci_time == UcciTime::Millis {
                    self.send("setoption usemillisec true")?;
                }
                for (name, value) in self.spec.options.clone() {
                    self.send(&format!("setoption {name} {value}"))?;
                }
            }
        }
        self.sync(timeout)
    }

    /// `isready` … `readyok`.
    pub fn sync(&mut self, timeout: Duration) -> Result<(), EngineError> {
        self.send("isready")?;
        let deadline = Instant::now() + timeout;
        while self.recv(deadline, "readyok after isready")?.trim() != "readyok" {}
        Ok(())
    }

    /// Tells the engine a new game starts.
    pub fn new_game(&mut self, timeout: Duration) -> Result<(), EngineError> {
        if self.spec.proto == Protocol::Uci {
            self.send("ucinewgame")?;
        } else if self.announced.iter().any(|o| o == "newgame") {
            self.send("setoption newgame")?;
        }
        self.sync(timeout)
    }

    /// Writes a move as this engine reads it.
    pub fn format_move(&self, m: Move) -> String {
        match self.coords {
            Coords::Zero => m.to_string(),
            Coords::One => m.to_uci_1_based(),
        }
    }

    /// Reads a move as this engine writes it; `None` if it is not two squares.
    pub fn parse_move(&self, text: &str) -> Option<Move> {
        parse_coords(text, self.coords)
    }

    /// The engine's `bestmove` (as [`GoReply::bestmove`] holds it) read and checked against
    /// `game`'s rules: an error sentence naming the engine when it gave no move, one that
    /// cannot be read, or an illegal one (what a player or a site shows when the engine loses).
    pub fn checked_move(&self, bestmove: Option<&str>, game: &Game) -> Result<Move, String> {
        let name = &self.spec.name;
        let text = bestmove.ok_or_else(|| format!("{name} gave up (no move)"))?;
        let m = self.parse_move(text).ok_or_else(|| format!("{name} sent a move that cannot be read: {text:?}"))?;
        game.clone().play(m).map_err(|e| format!("{name} played an illegal move, {text}: {e}"))?;
        Ok(m)
    }

    /// `position startpos|fen F moves ...` for the game's start and moves (UCCI has no startpos).
    pub fn position_command(&self, game: &Game) -> String {
        let start = game.start();
        let fen = start.to_fen();
        let mut cmd = if self.spec.proto == Protocol::Uci && fen == start.variant().start_fen() {
            "position startpos".to_string()
        } else {
            format!("position fen {fen}")
        };
        let moves: Vec<String> = game.moves().map(|m| self.format_move(m)).collect();
        if !moves.is_empty() {
            cmd.push_str(" moves ");
            cmd.push_str(&moves.join(" "));
        }
        cmd
    }

    /// `go` for a fixed time to think, in milliseconds.
    pub fn movetime_command(&self, ms: u64) -> String {
        match self.spec.proto {
            Protocol::Uci => format!("go movetime {ms}"),
            // UCCI 3.0 has no movetime: a whole "period" of one move is the same thing.
            Protocol::Ucci => {
                let t = if self.spec.ucci_time == UcciTime::Seconds { (ms / 1000).max(1) } else { ms };
                format!("go time {t} movestogo 1")
            }
        }
    }

    /// Asks for `n` lines at once where the engine offers MultiPV; returns whether it does.
    pub fn set_multipv(&mut self, n: usize) -> Result<bool, EngineError> {
        if !self.announced.iter().any(|o| o == "multipv") {
            return Ok(false);
        }
        match self.spec.proto {
            Protocol::Uci => self.send(&format!("setoption name MultiPV value {n}"))?,
            Protocol::Ucci => self.send(&format!("setoption multipv {n}"))?,
        }
        Ok(true)
    }

    /// Sends `position` and `go`, and waits until `deadline` for `bestmove`.
    pub fn go(&mut self, position: &str, go: &str, deadline: Duration) -> Result<GoReply, EngineError> {
        self.send(position)?;
        let start = Instant::now();
        self.send(go)?;
        let until = start + deadline;
        let mut score = None;
        let mut depth = None;
        let mut lines: Vec<Option<InfoLine>> = Vec::new();
        loop {
            let line = self.recv(until, "bestmove")?;
            let mut words = line.split_whitespace();
            match words.next() {
                Some("bestmove") => {
                    let elapsed = start.elapsed();
                    let mv = words.next();
                    let bestmove = match mv {
                        None | Some("(none)") | Some("0000") | Some("none") | Some("resign") => None,
                        Some(m) => Some(m.to_string()),
                    };
                    return Ok(GoReply { bestmove, elapsed, score, depth, lines });
                }
                Some("nobestmove") => {
                    return Ok(GoReply { bestmove: None, elapsed: start.elapsed(), score, depth, lines })
                }
                Some("info") => {
                    let info = parse_info_line(&line, self.spec.proto);
                    score = info.score.or(score);
                    depth = info.depth.or(depth);
                    if !info.pv.is_empty() && info.multipv <= 64 {
                        if lines.len() < info.multipv {
                            lines.resize(info.multipv, None);
                        }
                        let rank = info.multipv - 1;
                        lines[rank] = Some(info);
                    }
                }
                _ => {}
            }
        }
    }

    fn send(&mut self, line: &str) -> Result<(), EngineError> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| EngineError::Crashed(format!("{} crashed (cannot write {line:?}: {e})", self.spec.name)))
    }

    fn recv(&mut self, deadline: Instant, waiting_for: &str) -> Result<String, EngineError> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => {
                Err(EngineError::Timeout(format!("{} did not answer (waiting for {waiting_for})", self.spec.name)))
            }
            Err(RecvTimeoutError::Disconnected) => {
                let status = self.child.try_wait().ok().flatten().map(|s| format!(", {s}")).unwrap_or_default();
                Err(EngineError::Crashed(format!(
                    "{} crashed (its output ended while waiting for {waiting_for}{status})",
                    self.spec.name
                )))
            }
        }
    }

    /// Whether the engine announced the option `name` in its handshake (any case).
    pub fn announces(&self, name: &str) -> bool {
        self.announced.iter().any(|o| o.eq_ignore_ascii_case(name))
    }

    /// Asks the engine to quit, then makes sure it is gone.
    pub fn quit(mut self) {
        let _ = self.send("quit");
        let until = Instant::now() + Duration::from_millis(500);
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(10));
        }
        // Drop kills it.
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// Reads `h2e2` (ranks 0–9) or `h3e3`/`a10a9` (ranks 1–10).
pub fn parse_coords(text: &str, coords: Coords) -> Option<Move> {
    let t = text.trim();
    let bytes = t.as_bytes();
    if !t.is_ascii() {
        return None;
    }
    let square = |i: usize| -> Option<(Square, usize)> {
        let file = bytes.get(i)?.checked_sub(b'a').filter(|f| *f < 9)?;
        let mut j = i + 1;
        while j < bytes.len() && bytes[j].is_ascii_digit() {
            j += 1;
        }
        let rank: u8 = t.get(i + 1..j)?.parse().ok()?;
        let rank = match coords {
            Coords::Zero => rank,
            Coords::One => rank.checked_sub(1)?,
        };
        Some((Square::new(file, rank)?, j))
    };
    let (from, i) = square(0)?;
    let (to, j) = square(i)?;
    (j == bytes.len()).then_some(Move::new(from, to))
}

/// The score and depth of an `info` line. UCI writes `score cp 35` or `score mate 3`; UCCI
/// writes `score 35`.
#[cfg(test)]
fn parse_info(line: &str, proto: Protocol) -> (Option<Score>, Option<u32>) {
    let info = parse_info_line(line, proto);
    (info.score, info.depth)
}

/// An `info` line's rank, depth, score, nodes and principal variation (empty when it has none).
fn parse_info_line(line: &str, proto: Protocol) -> InfoLine {
    let words: Vec<&str> = line.split_whitespace().collect();
    let mut info = InfoLine { multipv: 1, depth: None, score: None, nodes: None, pv: Vec::new() };
    let mut i = 0;
    while i < words.len() {
        match words[i] {
            "depth" => info.depth = words.get(i + 1).and_then(|d| d.parse().ok()),
            "nodes" => info.nodes = words.get(i + 1).and_then(|n| n.parse().ok()),
            "multipv" => info.multipv = words.get(i + 1).and_then(|d| d.parse().ok()).unwrap_or(1).max(1),
            "score" => match (words.get(i + 1), words.get(i + 2)) {
                (Some(&"cp"), Some(v)) => info.score = v.parse().ok().map(Score::cp),
                (Some(&"mate"), Some(v)) => info.score = v.parse().ok().map(Score::from_uci_mate),
                (Some(v), _) if proto == Protocol::Ucci => info.score = v.parse().ok().map(Score::cp),
                _ => {}
            },
            "pv" => {
                info.pv = words[i + 1..].iter().map(|w| w.to_string()).collect();
                break;
            }
            _ => {}
        }
        i += 1;
    }
    info
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_spec() {
        let s: EngineSpec = "cmd=/x/fairy-stockfish,proto=uci,option.Hash=64,name=FSF,coords=uci1".parse().unwrap();
        assert_eq!(s.name, "FSF");
        assert_eq!(s.coords, Some(Coords::One));
        assert_eq!(s.options, vec![("Hash".to_string(), "64".to_string())]);
        let s: EngineSpec = "/bin/eleeye,proto=ucci".parse().unwrap();
        assert_eq!((s.name.as_str(), s.proto), ("eleeye", Protocol::Ucci));
        assert!("name=x".parse::<EngineSpec>().is_err());
        assert!("cmd=x,proto=xboard".parse::<EngineSpec>().is_err());
        assert!("cmd=x,colour=red".parse::<EngineSpec>().is_err());
    }

    #[test]
    fn coordinates_in_both_dialects() {
        assert_eq!(parse_coords("h2e2", Coords::Zero), "h2e2".parse().ok());
        assert_eq!(parse_coords("h3e3", Coords::One), "h2e2".parse().ok());
        assert_eq!(parse_coords("a10a9", Coords::One), "a9a8".parse().ok());
        assert_eq!(parse_coords("a10a9", Coords::Zero), None);
        assert_eq!(parse_coords("j0a0", Coords::Zero), None);
        assert_eq!(parse_coords("a0a", Coords::Zero), None);
        assert_eq!(parse_coords("a0a0x", Coords::Zero), None);
        assert_eq!(parse_coords("a0b0", Coords::One), None);
        assert_eq!(parse_coords("炮二平五", Coords::Zero), None);
    }

    #[test]
    fn info_lines_for_analysis() {
        let info = parse_info_line("info depth 9 multipv 2 score cp 20 nodes 5 pv h2e2 h9g7", Protocol::Uci);
        assert_eq!((info.multipv, info.depth, info.score), (2, Some(9), Some(Score::cp(20))));
        assert_eq!(info.nodes, Some(5));
        assert_eq!(info.pv, ["h2e2", "h9g7"]);
        // A word that is not a count is no count; a line without `nodes` has none.
        assert_eq!(parse_info_line("info depth 9 nodes lots pv h2e2", Protocol::Uci).nodes, None);
        assert_eq!(parse_info_line("info depth 9 score cp 3 pv h2e2", Protocol::Uci).nodes, None);
        assert!(parse_info_line("info string hello", Protocol::Uci).pv.is_empty());
    }

    #[test]
    fn info_scores() {
        let (s, d) = parse_info("info depth 7 seldepth 9 score cp -35 nodes 100 pv h2e2", Protocol::Uci);
        assert_eq!((s, d), (Some(Score::cp(-35)), Some(7)));
        let (s, _) = parse_info("info depth 3 score mate -2 pv h2e2", Protocol::Uci);
        assert_eq!(s, Some(Score::from_uci_mate(-2)));
        let (s, _) = parse_info("info depth 3 score 120 pv h2e2", Protocol::Ucci);
        assert_eq!(s, Some(Score::cp(120)));
    }
}
