//! UCI and UCCI over any input and output.
//!
//! The first command decides the dialect: `ucci` switches to UCCI (`ucciok`, `bye`, `banmoves`,
//! `probe`, times in seconds unless `usemillisec` is set), anything else is UCI as xiangqi GUIs
//! and Pikafish speak it. Moves are coordinates with ranks 0–9 (`h2e2`); the `UCI_Ranks` option
//! switches to Fairy-Stockfish's ranks 1–10. The search runs on its own thread so `stop`,
//! `ponderhit` and `quit` are answered while it thinks. Bad input never ends the engine: each
//! problem is reported as `info string error: …` and the last good state is kept.
//!
//! Every `go` that starts a search is answered by exactly one `bestmove`, however soon `stop`
//! or `quit` follows it. A `go` while a search runs stops that one first (it answers, then the
//! new one starts). The commands that change what a search uses (`ucinewgame`, `position`, the
//! hash size, the variant, the evaluation) wait for a running search that ends by itself, and
//! stop one that would not (`go infinite`, pondering, `go` without limits): waiting for it would
//! hang the engine, which could then no longer read the `stop`.

use crate::eval::{Classic, Evaluate};
use crate::nnue::{Network, Nnue};
use crate::score::Score;
use crate::search::{search, search_unless_stopped, Limits, Params, Report, Shared};
use crate::time::{budget, Clock};
use chuhan::game::{JanggiRules, XiangqiRules};
use chuhan::notation::Notation;
use chuhan::{divide, Move, Position, Side, Variant};
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Instant;

/// Where the engine writes its answers: shared with the search thread, which writes `info`
/// and `bestmove` while the engine reads the next commands.
pub type Output = Arc<Mutex<Box<dyn Write + Send>>>;

fn say(out: &Output, line: &str) {
    let mut w = out.lock().unwrap_or_else(|e| e.into_inner());
    let _ = writeln!(w, "{line}");
    let _ = w.flush();
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Dialect {
    Uci,
    Ucci,
}

struct Options {
    hash_mb: usize,
    threads: usize,
    multipv: usize,
    overhead: u64,
    ranks_one_based: bool,
    skill: u32,
    limit_strength: bool,
    elo: u32,
    show_wdl: bool,
    millisec: bool,
}

/// The engine's state between commands: position, options and the running search.
///
/// [`run`] drives one over a reader and writer; use it directly to feed commands from
/// elsewhere (a test, a GUI in the same process), one line at a time with [`Engine::handle`].
pub struct Engine {
    out: Output,
    dialect: Dialect,
    variant: Variant,
    janggi_rules: JanggiRules,
    /// How xiangqi repetitions are judged in search (option `Repetition Rules`).
    xiangqi_rules: XiangqiRules,
    pos: Position,
    options: Options,
    shared: Arc<Shared>,
    eval: Arc<dyn Evaluate>,
    /// The networks (embedded, or loaded by `EvalFile`), used when `Use NNUE` is on.
    nnue: Nnue,
    use_nnue: bool,
    banned: Vec<Move>,
    thinking: Option<Thinking>,
    /// The search's numbers (`RfpMargin`, …: [`Params`]), set by `setoption` like any option.
    params: Arc<Params>,
    /// Whether `uci` lists them (`chuhan-engine --tune`).
    list_params: bool,
}

/// A search running on its own thread, and what stops it.
struct Thinking {
    handle: JoinHandle<()>,
    /// The state it searches with (the engine's may be replaced by `Hash` once it has ended).
    shared: Arc<Shared>,
    /// Set by `stop` and `quit`. The searching thread clears nothing: each search has a fresh
    /// flag, so a `stop` sent before the thread has even started is kept. Under `go infinite`
    /// the answer waits for it, as UCI asks, even when the search ends by itself (a mated root,
    /// the deepest depth); [`Shared::stop`] cannot tell that, as the search sets it on ending.
    halt: Arc<AtomicBool>,
    /// Whether it would never end by itself (`go infinite`, or `go` with no limit at all).
    endless: bool,
}

/// A `go` command read: a search to start, or `go perft`.
enum Go {
    Search { limits: Box<Limits>, clock: Clock, ponder: bool },
    Perft(u32),
}

/// The largest `Hash` (and UCCI `hashsize`) accepted, in MB, as `uci` advertises it.
const MAX_HASH_MB: u64 = 65536;

const NAME: &str = concat!("chuhan ", env!("CARGO_PKG_VERSION"));

/// Whether the networks evaluate by default (`Use NNUE`). On: the xiangqi network beats the
/// hand-written evaluation at 10 s + 0.1 s (an SPRT that accepted) and at equal nodes (86.5 %),
/// and so does janggi's (79 % at equal nodes; +148 ± 44 at 10 s + 0.1 s, an SPRT that
/// accepted after 284 games; BENCHMARKS.md, "NNUE"); `Use NNUE=false` is the fallback.
const USE_NNUE_DEFAULT: bool = true;

impl Engine {
    /// An engine in its initial state (UCI, xiangqi from the start, default options) that
    /// writes its answers to `out`.
    pub fn new(out: Output) -> Engine {
        let mut engine = Engine {
            out,
            dialect: Dialect::Uci,
            variant: Variant::Xiangqi,
            janggi_rules: JanggiRules::Modern,
            xiangqi_rules: XiangqiRules::Axf,
            pos: Position::new(Variant::Xiangqi),
            options: Options {
                hash_mb: 64,
                threads: 1,
                multipv: 1,
                // Stockfish's and Fairy-Stockfish's default: under `go movetime 100` the engine
                // answers after about 90 ms (30 ms gave 70, issue 23).
                overhead: 10,
                ranks_one_based: false,
                skill: 20,
                limit_strength: false,
                elo: 2800,
                show_wdl: false,
                millisec: false,
            },
            shared: Arc::new(Shared::new(64)),
            eval: Arc::new(Classic),
            nnue: Nnue::embedded(),
            use_nnue: USE_NNUE_DEFAULT,
            banned: Vec::new(),
            thinking: None,
            params: Arc::default(),
            list_params: false,
        };
        engine.choose_eval();
        engine
    }

    fn say(&self, line: &str) {
        say(&self.out, line);
    }

    /// Puts the evaluation the options ask for in place.
    fn choose_eval(&mut self) {
        self.finish();
        self.eval = if self.use_nnue { Arc::new(self.nnue.clone()) } else { Arc::new(Classic) };
    }

    /// `EvalFile`: loads a network file; a bad one is refused and the current network kept.
    fn load_net(&mut self, path: &str) -> Result<(), String> {
        let bytes = std::fs::read(path).map_err(|e| format!("EvalFile {path}: {e}; network unchanged"))?;
        let net = Network::from_bytes(&bytes).map_err(|e| format!("EvalFile {path}: {e}; network unchanged"))?;
        let variant = net.variant();
        self.nnue.set(Arc::new(net));
        self.choose_eval();
        self.say(&format!("info string EvalFile {path}: {variant:?} network loaded"));
        Ok(())
    }

    fn error(&self, what: &str) {
        self.say(&format!("info string error: {what}"));
    }

    fn move_text(&self, m: Move) -> String {
        if self.options.ranks_one_based {
            m.to_uci_1_based()
        } else {
            m.to_string()
        }
    }

    fn parse_move(&self, pos: &Position, text: &str) -> Result<Move, String> {
        if text == "0000" || text == "@@@@" {
            let g = pos.general(pos.turn());
            let pass = Move::new(g, g);
            return if pos.is_legal(pass) { Ok(pass) } else { Err(format!("{text}: no pass is legal here")) };
        }
        let n = if self.options.ranks_one_based { Notation::Uci1 } else { Notation::Uci };
        n.parse(pos, text).map_err(|e| e.to_string())
    }

    /// Handles one line of input; returns false when the engine should exit (`quit`, `bye`).
    /// A search started by `go` runs on its own thread, so this returns at once.
    pub fn handle(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&command) = words.first() else { return true };
        match command {
            "uci" => self.hello(Dialect::Uci),
            "ucci" => self.hello(Dialect::Ucci),
            "isready" => self.say("readyok"),
            "ucinewgame" => {
                self.finish();
                self.shared.clear();
            }
            "setoption" => self.set_option(&words[1..]),
            "position" => self.position(&words[1..]),
            "banmoves" => {
                let mut banned = Vec::new();
                for w in &words[1..] {
                    match self.parse_move(&self.pos, w) {
                        Ok(m) => banned.push(m),
                        Err(e) => self.error(&format!("banmoves: {e}")),
                    }
                }
                self.banned = banned;
            }
            "go" => self.go(&words[1..]),
            "stop" => self.stop(),
            "ponderhit" => self.shared.pondering.store(false, Ordering::Relaxed),
            "quit" | "bye" => {
                self.stop();
                if self.dialect == Dialect::Ucci {
                    self.say("bye");
                }
                return false;
            }
            "d" => self.show(),
            "bench" => self.bench(words.get(1).and_then(|d| d.parse().ok()).unwrap_or(8)),
            "probe" => self.probe(),
            _ => self.error(&format!("unknown command {command:?}")),
        }
        true
    }

    fn hello(&mut self, dialect: Dialect) {
        self.dialect = dialect;
        self.say(&format!("id name {NAME}"));
        self.say("id author the chuhan developers");
        match dialect {
            Dialect::Uci => {
                for o in [
                    "option name Hash type spin default 64 min 1 max 65536", // MAX_HASH_MB
                    "option name Threads type spin default 1 min 1 max 256",
                    "option name MultiPV type spin default 1 min 1 max 64",
                    "option name Ponder type check default false",
                    "option name Clear Hash type button",
                    "option name Move Overhead type spin default 10 min 0 max 5000",
                    "option name UCI_Variant type combo default xiangqi var xiangqi var janggi var janggimodern var janggitraditional var janggicasual",
                    "option name UCI_Ranks type combo default 0-9 var 0-9 var 1-10",
                    "option name Skill Level type spin default 20 min 0 max 20",
                    "option name UCI_LimitStrength type check default false",
                    "option name UCI_Elo type spin default 2800 min 800 max 2800",
                    "option name UCI_ShowWDL type check default false",
                    "option name Repetition Rules type combo default axf var axf var cxa var computer",
                    if USE_NNUE_DEFAULT {
                        "option name Use NNUE type check default true"
                    } else {
                        "option name Use NNUE type check default false"
                    },
                    "option name EvalFile type string default <embedded>",
                ] {
                    self.say(o);
                }
                if self.list_params {
                    for (name, default, min, max) in Params::SPINS {
                        self.say(&format!("option name {name} type spin default {default} min {min} max {max}"));
                    }
                }
                for v in [Variant::Xiangqi, Variant::Janggi] {
                    if crate::nnue::embedded(v).is_none() {
                        self.say(&format!(
                            "info string the embedded {v:?} network is damaged: hand-written evaluation for it"
                        ));
                    }
                }
                self.say("uciok");
            }
            Dialect::Ucci => {
                for o in [
                    "option usemillisec type check default false",
                    "option hashsize type spin min 1 max 4096 default 64",
                    "option threads type spin min 1 max 256 default 1",
                    "option ponder type check default false",
                    "option newgame type button",
                ] {
                    self.say(o);
                }
                self.say("ucciok");
            }
        }
    }

    fn set_option(&mut self, words: &[&str]) {
        // UCI: setoption name <id> [value <x>]; UCCI: setoption <id> [<x>].
        let (name, value) = if words.first() == Some(&"name") {
            let v = words.iter().position(|w| *w == "value");
            let name = words[1..v.unwrap_or(words.len())].join(" ");
            let value = v.map(|i| words[i + 1..].join(" ")).unwrap_or_default();
            (name, value)
        } else {
            (words.first().map(|s| s.to_string()).unwrap_or_default(), words.get(1..).unwrap_or(&[]).join(" "))
        };
        let number = |v: &str| v.parse::<u64>().map_err(|_| format!("setoption {name}: {v:?} is not a number"));
        let flag = |v: &str| v.eq_ignore_ascii_case("true") || v == "1" || v.eq_ignore_ascii_case("on");
        let result: Result<(), String> = (|| {
            match name.to_ascii_lowercase().as_str() {
                "hash" | "hashsize" => {
                    let old = self.options.hash_mb;
                    let mb = number(&value)?;
                    if mb > MAX_HASH_MB {
                        return Err(format!(
                            "Hash: {mb} MB is above the maximum, {MAX_HASH_MB} MB; the table stays at {old} MB"
                        ));
                    }
                    self.finish();
                    // Allocated fallibly, and before the old table goes: a size the machine
                    // cannot hold is refused with the engine as it was (it once aborted it).
                    let shared = Shared::try_new(mb.max(1) as usize)
                        .map_err(|e| format!("Hash: {e}; the table stays at {old} MB"))?;
                    self.options.hash_mb = mb.max(1) as usize;
                    self.shared = Arc::new(shared);
                }
                "threads" => self.options.threads = number(&value)?.clamp(1, 256) as usize,
                "multipv" => self.options.multipv = number(&value)?.max(1) as usize,
                "ponder" | "uci_showwdl" if name.eq_ignore_ascii_case("uci_showwdl") => {
                    self.options.show_wdl = flag(&value)
                }
                "uci_limitstrength" => self.options.limit_strength = flag(&value),
                "uci_elo" => self.options.elo = number(&value)?.clamp(800, 2800) as u32,
                "ponder" | "batch" | "debug" | "promotion" | "idle" => {}
                "clear hash" | "newgame" => {
                    self.finish();
                    self.shared.clear();
                }
                "move overhead" => self.options.overhead = number(&value)?,
                "usemillisec" => self.options.millisec = flag(&value),
                "skill level" => self.options.skill = number(&value)?.min(20) as u32,
                "repetition rules" => {
                    self.xiangqi_rules = match value.trim().to_ascii_lowercase().as_str() {
                        "axf" | "wxf" | "asian" => XiangqiRules::Axf,
                        "cxa" | "chinese" => XiangqiRules::Cxa,
                        "computer" => XiangqiRules::Computer,
                        other => {
                            return Err(format!("Repetition Rules: unknown rule set {other:?} (axf, cxa, computer)"))
                        }
                    }
                }
                "use nnue" => {
                    self.use_nnue = flag(&value);
                    self.choose_eval();
                }
                "evalfile" => {
                    if !value.is_empty() && value != "<embedded>" {
                        self.load_net(value.trim())?;
                    }
                }
                "uci_ranks" => self.options.ranks_one_based = value.trim() == "1-10",
                "uci_variant" => {
                    let (variant, rules) = match value.to_ascii_lowercase().as_str() {
                        "xiangqi" | "chinese" => (Variant::Xiangqi, JanggiRules::Modern),
                        "janggi" | "janggimodern" => (Variant::Janggi, JanggiRules::Modern),
                        "janggitraditional" => (Variant::Janggi, JanggiRules::Traditional),
                        "janggicasual" => (Variant::Janggi, JanggiRules::Casual),
                        other => return Err(format!("UCI_Variant: unknown variant {other:?}")),
                    };
                    self.finish();
                    self.variant = variant;
                    self.janggi_rules = rules;
                    self.pos = self.start_position(variant.start_fen()).map_err(|e| e.to_string())?;
                }
                _ if Params::SPINS.iter().any(|(n, ..)| n.eq_ignore_ascii_case(&name)) => {
                    let v: i32 =
                        value.trim().parse().map_err(|_| format!("setoption {name}: {value:?} is not a number"))?;
                    self.finish();
                    Arc::make_mut(&mut self.params).set(&name, v)?;
                }
                _ => return Err(format!("unknown option {name:?}")),
            }
            Ok(())
        })();
        if let Err(e) = result {
            self.error(&e);
        }
    }

    fn start_position(&self, fen: &str) -> Result<Position, chuhan::FenError> {
        let mut pos = Position::from_fen(self.variant, fen)?;
        pos.set_bikjang_rule(self.janggi_rules != JanggiRules::Casual);
        Ok(pos)
    }

    fn position(&mut self, words: &[&str]) {
        let moves_at = words.iter().position(|w| *w == "moves");
        let spec = &words[..moves_at.unwrap_or(words.len())];
        let fen = match spec.first() {
            Some(&"startpos") => self.variant.start_fen().to_string(),
            Some(&"fen") => spec[1..].join(" "),
            _ => return self.error("position: expected startpos or fen"),
        };
        let mut pos = match self.start_position(&fen) {
            Ok(p) => p,
            Err(e) => return self.error(&format!("position: {e}")),
        };
        if let Some(i) = moves_at {
            for (k, text) in words[i + 1..].iter().enumerate() {
                match self.parse_move(&pos, text) {
                    Ok(m) => pos.play_unchecked(m),
                    Err(e) => return self.error(&format!("position: move {} ({text}): {e}", k + 1)),
                }
            }
        }
        self.finish();
        self.pos = pos;
        self.banned.clear();
    }

    fn show(&self) {
        for rank in (0..10).rev() {
            let mut line = format!("{rank} ");
            for file in 0..9 {
                let sq = chuhan::Square::new(file, rank).expect("on the board");
                line.push(self.pos.piece_at(sq).map_or('.', |p| p.letter()));
                line.push(' ');
            }
            self.say(line.trim_end());
        }
        self.say("  a b c d e f g h i");
        self.say(&format!("Fen: {}", self.pos.to_fen()));
        self.say(&format!("Key: {:016x}", self.pos.hash()));
        self.say(&format!("Side to move: {}", self.pos.turn().name(self.variant)));
    }

    fn probe(&self) {
        match self.shared.tt.probe(self.pos.hash()) {
            Some(e) => {
                let mut line = String::from("pophash");
                if let Some(m) = e.mv {
                    line += &format!(" bestmove {}", self.move_text(m));
                }
                let bound = match e.bound {
                    crate::tt::Bound::Lower => "lowerbound",
                    crate::tt::Bound::Upper => "upperbound",
                    crate::tt::Bound::Exact => "exact",
                };
                line += &format!(" {bound} {} depth {}", e.score, e.depth);
                self.say(&line);
            }
            None => self.say("pophash"),
        }
    }

    /// `go`: reads the whole command first, so that a bad number starts nothing (and leaves a
    /// running search alone); then stops a running search (it answers) and starts the new one.
    fn go(&mut self, words: &[&str]) {
        let request = match self.parse_go(words) {
            Ok(request) => request,
            Err(e) => return self.error(&format!("{e}; no search started")),
        };
        self.stop();
        match request {
            Go::Perft(depth) => self.perft(depth),
            Go::Search { limits, clock, ponder } => self.think(*limits, clock, ponder),
        }
    }

    /// What a `go` command asks for. Every keyword that takes a number must have one (UCI's
    /// `wtime`, `btime`, `winc`, `binc`, `movestogo`, `movetime`, `depth`, `nodes`, `mate`;
    /// UCCI's `time`, `increment` and the opponent's `opptime`, `oppincrement`,
    /// `oppmovestogo`, read but not used): `go depth abc` once searched for ever. UCCI's
    /// `depth infinite` is `infinite`. Negative times count as 0 (a GUI may send a clock that
    /// has run out); unknown words (`draw`) are passed over.
    fn parse_go(&self, words: &[&str]) -> Result<Go, String> {
        if words.first() == Some(&"perft") {
            return match words.get(1).map(|d| (d, d.parse::<u32>())) {
                Some((_, Ok(depth))) => Ok(Go::Perft(depth)),
                Some((d, Err(_))) => Err(format!("go perft: {d:?} is not a depth")),
                None => Err("go perft: expected a depth".to_string()),
            };
        }
        let rules = chuhan::Rules {
            xiangqi: self.xiangqi_rules,
            janggi: self.janggi_rules,
            ..chuhan::Rules::for_variant(self.variant)
        };
        let mut limits = Limits { params: self.params.clone(), ..Limits::for_rules(&rules) };
        let mut clock = Clock { overhead: self.options.overhead, ..Clock::default() };
        let us = self.pos.turn();
        let mut ponder = false;
        let unit = if self.dialect == Dialect::Ucci && !self.options.millisec { 1000 } else { 1 };
        let mut i = 0;
        while i < words.len() {
            let keyword = words[i];
            i += 1;
            match keyword {
                "infinite" => limits.infinite = true,
                "ponder" => ponder = true,
                "searchmoves" => {
                    for w in &words[i..] {
                        if let Ok(m) = self.parse_move(&self.pos, w) {
                            limits.only.push(m);
                        }
                    }
                    break;
                }
                "depth" if words.get(i) == Some(&"infinite") => {
                    limits.infinite = true;
                    i += 1;
                }
                "wtime" | "btime" | "winc" | "binc" | "time" | "increment" | "movestogo" | "movetime" | "depth"
                | "nodes" | "mate" | "opptime" | "oppincrement" | "oppmovestogo" => {
                    let n = match words.get(i) {
                        Some(text) => text
                            .parse::<i64>()
                            .map(|v| v.max(0) as u64)
                            .map_err(|_| format!("go {keyword}: {text:?} is not a number"))?,
                        None => return Err(format!("go {keyword}: a number must follow")),
                    };
                    i += 1;
                    match keyword {
                        "wtime" if us == Side::First => clock.time = Some(n),
                        "btime" if us == Side::Second => clock.time = Some(n),
                        "winc" if us == Side::First => clock.increment = n,
                        "binc" if us == Side::Second => clock.increment = n,
                        "time" => clock.time = Some(n.saturating_mul(unit)),
                        "increment" => clock.increment = n.saturating_mul(unit),
                        "movestogo" => clock.moves_to_go = Some(n),
                        "movetime" => clock.move_time = Some(n),
                        "depth" => limits.depth = Some(n.clamp(1, i32::MAX as u64) as i32),
                        "nodes" => limits.nodes = Some(n),
                        "mate" => limits.mate = Some(n.min(i32::MAX as u64) as i32),
                        _ => {} // the other side's clock
                    }
                }
                _ => {}
            }
        }
        Ok(Go::Search { limits: Box::new(limits), clock, ponder })
    }

    fn perft(&mut self, depth: u32) {
        let mut pos = self.pos.clone();
        let start = Instant::now();
        let mut total = 0;
        for (m, n) in divide(&mut pos, depth) {
            self.say(&format!("{}: {n}", self.move_text(m)));
            total += n;
        }
        self.say("");
        self.say(&format!("Nodes searched: {total}"));
        self.say(&format!("Time: {} ms", start.elapsed().as_millis()));
    }

    /// Starts a search on its own thread (none runs: [`Engine::go`] stopped it).
    fn think(&mut self, mut limits: Limits, clock: Clock, ponder: bool) {
        let (soft, hard) = budget(&clock);
        limits.soft = soft;
        limits.hard = hard;
        limits.banned = std::mem::take(&mut self.banned);
        limits.multipv = self.options.multipv;
        // Playing below full strength: a shallower search over several lines, then a pick among
        // them with noise that grows as the skill falls (Skill Level, or UCI_Elo mapped onto it).
        let skill = if self.options.limit_strength {
            ((self.options.elo.saturating_sub(800)) / 100).min(20)
        } else {
            self.options.skill
        };
        if skill < 20 {
            limits.depth = Some(limits.depth.unwrap_or(i32::MAX).min(1 + skill as i32 / 2));
            limits.multipv = limits.multipv.max(4);
        }
        // Both flags are set here, before the thread starts, never in it: a `stop` read right
        // after this `go` then stops the search even if its thread has not begun.
        self.shared.pondering.store(ponder, Ordering::Relaxed);
        self.shared.stop.store(false, Ordering::Relaxed);
        let halt = Arc::new(AtomicBool::new(false));
        // A search for a mate alone goes on to the deepest depth when there is none.
        let endless = limits.infinite
            || (limits.depth.is_none() && limits.nodes.is_none() && limits.hard.is_none() && limits.soft.is_none());
        let (pos, shared, eval, out) = (self.pos.clone(), self.shared.clone(), self.eval.clone(), self.out.clone());
        let halted = halt.clone();
        let threads = self.options.threads;
        let dialect = self.dialect;
        let one_based = self.options.ranks_one_based;
        let show_wdl = self.options.show_wdl;
        let text = move |m: Move| if one_based { m.to_uci_1_based() } else { m.to_string() };
        let shown_lines = self.options.multipv;
        let handle = std::thread::spawn(move || {
            let mut lines: Vec<Report> = Vec::new();
            let report = |r: &Report| {
                if r.multipv <= shown_lines {
                    say(&out, &info_line(r, dialect, show_wdl, &text));
                }
                if r.multipv == 1 {
                    lines.clear();
                }
                lines.push(r.clone());
            };
            let mut result = search_unless_stopped(&pos, &shared, eval.as_ref(), &limits, threads, report);
            if skill < 20 {
                result = crate::search::weakened_choice(&lines, skill).unwrap_or(result);
            }
            // Pondering or infinite: the answer waits for stop or ponderhit.
            while (limits.infinite || shared.pondering.load(Ordering::Relaxed)) && !halted.load(Ordering::Relaxed) {
                std::thread::sleep(std::time::Duration::from_millis(2));
            }
            match result.pv.first() {
                Some(&best) => {
                    let mut line = format!("bestmove {}", text(best));
                    if let Some(&p) = result.pv.get(1) {
                        line += &format!(" ponder {}", text(p));
                    }
                    if dialect == Dialect::Ucci && result.score.is_mate() && result.score < Score::DRAW {
                        line += " resign";
                    }
                    say(&out, &line);
                }
                None if dialect == Dialect::Ucci => say(&out, "nobestmove"),
                None => say(&out, "bestmove 0000"),
            }
        });
        self.thinking = Some(Thinking { handle, shared: self.shared.clone(), halt, endless });
    }

    /// Stops a running search and waits for its `bestmove`. Nothing is lost when no search has
    /// started its thread yet: each search has its own [`Thinking::halt`], and the search does
    /// not clear [`Shared::stop`] ([`search_unless_stopped`]).
    fn stop(&mut self) {
        self.shared.pondering.store(false, Ordering::Relaxed);
        self.shared.stop.store(true, Ordering::Relaxed);
        if let Some(t) = &self.thinking {
            t.halt.store(true, Ordering::Relaxed);
            t.shared.pondering.store(false, Ordering::Relaxed);
            t.shared.stop.store(true, Ordering::Relaxed);
        }
        self.join();
    }

    /// Lets a running search end before a command that changes what it uses: waits for one that
    /// ends by itself, stops one that would not (`go infinite`, pondering, `go` with no limit),
    /// since waiting for that would hang the engine: it could no longer read the `stop`.
    fn finish(&mut self) {
        if let Some(t) = &self.thinking {
            if t.endless || t.shared.pondering.load(Ordering::Relaxed) {
                return self.stop();
            }
        }
        self.join();
    }

    /// Waits for the running search's thread, if any, to end.
    fn join(&mut self) {
        if let Some(t) = self.thinking.take() {
            let _ = t.handle.join();
        }
    }

    /// A fixed search over fixed positions; the total node count is a signature of the search.
    fn bench(&mut self, depth: i32) {
        self.finish();
        let positions: [(Variant, &str); 8] = [
            (Variant::Xiangqi, Variant::Xiangqi.start_fen()),
            (Variant::Xiangqi, "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1"),
            (Variant::Xiangqi, "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1"),
            (Variant::Xiangqi, "r2akab1r/3n5/4b3n/p1p1pRp1p/9/2P3P2/P3P3c/N2C3C1/4A4/1RBAK1B2 w - - 0 1"),
            (Variant::Xiangqi, "3k5/9/9/9/9/9/9/9/4K4/3AR4 w - - 0 1"),
            (Variant::Xiangqi, "2bak4/4a4/4b4/9/2p6/9/9/4B4/4A4/3AK1C2 w - - 0 1"),
            (Variant::Janggi, Variant::Janggi.start_fen()),
            (Variant::Janggi, "1n1kaabn1/cr2N4/5C1c1/p1pNp3p/9/9/P1PbP1P1P/3r1p3/4A4/R1BA1KB1R b - - 0 1"),
        ];
        let shared = Shared::new(16);
        // The evaluation in use (hand-written by default: the signature recorded in BENCHMARKS.md).
        let eval = self.eval.clone();
        let start = Instant::now();
        let mut total = 0;
        // Time to depth: milliseconds until each depth finished, summed over the positions.
        let mut to_depth = vec![0u128; depth.max(1) as usize + 1];
        for (k, (variant, fen)) in positions.into_iter().enumerate() {
            let pos = Position::from_fen(variant, fen).expect("bench positions are valid");
            shared.clear();
            let limits =
                Limits { depth: Some(depth), move_limit: 60, params: self.params.clone(), ..Limits::default() };
            let mut reached = vec![None; to_depth.len()];
            let r = search(&pos, &shared, &*eval, &limits, 1, |r| {
                if let Some(slot) = reached.get_mut(r.depth as usize) {
                    slot.get_or_insert(r.elapsed.as_millis());
                }
            });
            let mut last = 0;
            for (d, slot) in reached.iter().enumerate().skip(1) {
                last = slot.unwrap_or(last);
                to_depth[d] += last;
            }
            self.say(&format!(
                "info string bench position {} ({variant:?}): depth {} in {} ms, {} nodes",
                k + 1,
                r.depth,
                r.elapsed.as_millis(),
                r.nodes
            ));
            total += r.nodes;
        }
        let line: Vec<String> = to_depth.iter().enumerate().skip(1).map(|(d, ms)| format!("{d}:{ms}")).collect();
        self.say(&format!("info string time to depth (ms, all positions) {}", line.join(" ")));
        let ms = start.elapsed().as_millis().max(1);
        self.say(&format!("Total time (ms) : {ms}"));
        self.say(&format!("Nodes searched  : {total}"));
        self.say(&format!("Nodes/second    : {}", total as u128 * 1000 / ms));
        // Which copy of the network's kernels ran (only the network's speed depends on it).
        self.say(&format!("info string network kernels {}", crate::network::Simd::best().name()));
    }
}

/// A search still running when the engine goes is stopped, not left to run on its own.
impl Drop for Engine {
    fn drop(&mut self) {
        self.stop();
    }
}

fn info_line(r: &Report, dialect: Dialect, show_wdl: bool, text: &dyn Fn(Move) -> String) -> String {
    let ms = r.elapsed.as_millis().max(1);
    let pv: Vec<String> = r.pv.iter().map(|&m| text(m)).collect();
    match dialect {
        Dialect::Uci => {
            let wdl = if show_wdl {
                let win = (1000.0 / (1.0 + (-(r.score.raw() as f64) / 200.0).exp())) as i32;
                format!(" wdl {} 0 {}", win, 1000 - win)
            } else {
                String::new()
            };
            format!(
                "info depth {} seldepth {} multipv {} score {}{wdl} nodes {} nps {} hashfull {} time {ms} pv {}",
                r.depth,
                r.seldepth,
                r.multipv,
                r.score.to_uci(),
                r.nodes,
                r.nodes as u128 * 1000 / ms,
                r.hashfull,
                pv.join(" ")
            )
        }
        Dialect::Ucci => {
            format!(
                "info depth {} score {} time {ms} nodes {} pv {}",
                r.depth,
                r.score.to_ucci(),
                r.nodes,
                pv.join(" ")
            )
        }
    }
}

/// Runs the engine on `input` until `quit` or the end of input, answering on `output`: the
/// whole engine program (`chuhan-engine`, `chuhan engine`). A search still running at the end
/// of input is stopped, so piping in a script ends.
pub fn run(input: impl BufRead, output: Box<dyn Write + Send>) {
    run_with(input, output, false);
}

/// [`run`], and with `list_params` the search's numbers are listed as UCI options (`chuhan-engine
/// --tune`, for a tuner; `setoption` takes them either way).
pub fn run_with(input: impl BufRead, output: Box<dyn Write + Send>, list_params: bool) {
    let mut engine = Engine::new(Arc::new(Mutex::new(output)));
    engine.list_params = list_params;
    for line in input.lines() {
        let Ok(line) = line else { break };
        if !engine.handle(&line) {
            return;
        }
    }
    engine.stop();
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `info` line of a report with `score` at depth 5, in `dialect`.
    fn info(score: Score, dialect: Dialect) -> String {
        let r = Report { depth: 5, score, pv: vec!["h2e2".parse().unwrap()], ..Report::default() };
        info_line(&r, dialect, false, &|m: Move| m.to_string())
    }

    #[test]
    fn info_lines_show_scores_in_each_dialect() {
        assert!(info(Score::cp(35), Dialect::Uci).contains(" score cp 35 nodes"));
        assert!(info(Score::mate_in_plies(3), Dialect::Uci).contains(" score mate 2 nodes"));
        assert!(info(Score::mated_in_plies(2), Dialect::Uci).contains(" score mate -1 nodes"));
        assert!(info(Score::mated_in_plies(0), Dialect::Uci).contains(" score mate -0 nodes"));
        // UCCI: the plain number, mates included.
        assert!(info(Score::cp(-35), Dialect::Ucci).contains(" score -35 time"));
        assert!(info(Score::mate_in_plies(1), Dialect::Ucci).contains(" score 29999 time"));
    }
}
