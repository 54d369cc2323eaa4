//! The referee: one game between two engines, judged by chuhan's [`Game`].
//!
//! The referee owns the clocks and the rules. Everything an engine says is checked: a move
//! that is not two squares is garbage, a move [`Game::play`] refuses is illegal, silence past
//! the deadline is a loss on time (or a hang when there is no clock), and a closed pipe is a
//! crash. Each of these loses the game for that engine, with the reason kept for the PGN, and
//! leaves the engine to be restarted before its next game.

use super::openings::Opening;
use chuhan::{Game, Position};
use chuhan::{GameResult, Move, Rules, Side, Variant};
use chuhan_engine::external::{Engine, EngineError, Protocol, UcciTime};
use chuhan_engine::Score;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// How long engines may think.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TimeControl {
    /// Base time and increment per move, in milliseconds.
    Clock { base_ms: u64, inc_ms: u64 },
    /// A fixed time per move, in milliseconds.
    MoveTime(u64),
    /// A fixed node count per move (no clock; only the hang timeout applies).
    Nodes(u64),
    /// A fixed depth per move.
    Depth(u32),
}

impl TimeControl {
    /// A `--tc` in the grammar `chuhan play` shares ([`crate::tc`]): `10+0.1` (bare numbers are
    /// seconds), `40s+0.4s`, `1m+1s`, `1:30+1`. Engines play main time plus increment only, so
    /// byo-yomi, `cxa` and `none` are refused here.
    pub fn parse_tc(s: &str) -> Result<TimeControl, String> {
        match crate::tc::parse(s)? {
            Some(c) if c.rule == chuhan::clock::Rule::Fischer => Ok(TimeControl::Clock {
                base_ms: (c.main.as_secs_f64() * 1000.0).round() as u64,
                inc_ms: (c.increment.as_secs_f64() * 1000.0).round() as u64,
            }),
            _ => Err(format!(
                "--tc {s:?}: a match takes MAIN[+INCREMENT] (e.g. 10+0.1, 40s+0.4s, 1m+1s); \
                 for no clock give --nodes or --depth"
            )),
        }
    }

    /// How the time control reads in the PGN `TimeControl` tag.
    pub fn pgn(&self) -> String {
        match *self {
            TimeControl::Clock { base_ms, inc_ms } => {
                format!("{}+{}", base_ms as f64 / 1000.0, inc_ms as f64 / 1000.0)
            }
            TimeControl::MoveTime(ms) => format!("{}/move", ms as f64 / 1000.0),
            TimeControl::Nodes(n) => format!("nodes={n}"),
            TimeControl::Depth(d) => format!("depth={d}"),
        }
    }
}

/// Adjudication by engine scores (both engines must agree, as cutechess and fastchess do).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Adjudication {
    /// Resign: both engines' scores past `score` centipawns against one side for `moves` moves each.
    pub resign: Option<(u32, i32)>,
    /// Draw: after move `after`, both scores within `score` for `moves` moves each.
    pub draw: Option<(u32, u32, i32)>,
}

/// Everything a game needs besides its engines.
#[derive(Clone, Debug)]
pub struct GameSettings {
    pub variant: Variant,
    pub rules: Rules,
    pub tc: TimeControl,
    /// Time an engine may overrun its clock or movetime before losing on time.
    pub margin: Duration,
    /// How long to wait for an answer when there is no clock (nodes, depth), and for the
    /// handshake.
    pub hang_timeout: Duration,
    pub adjudication: Adjudication,
}

/// How a game ended, as the referee recorded it.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    pub red: String,
    pub black: String,
    pub start_fen: String,
    /// Plies of the opening (not played by the engines).
    pub book_plies: usize,
    pub moves: Vec<Move>,
    pub result: GameResult,
    /// PGN `Termination`: normal, time forfeit, rules infraction, adjudication, abandoned.
    pub termination: &'static str,
    /// The reason in words: chuhan's description, or what the engine did wrong.
    pub reason: String,
    /// What the engine said about each of its moves (the plies after the book), for the PGN.
    pub evals: Vec<MoveEval>,
}

/// An engine's last score and depth before its move, and the time it took.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveEval {
    pub score: Option<Score>,
    pub depth: Option<u32>,
    pub millis: u64,
}

impl MoveEval {
    /// `+0.35/12 0.105s`, `-M3/20 1.2s`: fastchess's comment style, mover's view.
    pub fn comment(&self) -> String {
        let score = self.score.map_or("?".to_string(), |s| s.to_string());
        let depth = self.depth.map(|d| format!("/{d}")).unwrap_or_default();
        format!("{score}{depth} {:.3}s", self.millis as f64 / 1000.0)
    }
}

impl GameRecord {
    /// The points of the first-moving side (1, ½ or 0).
    pub fn red_points(&self) -> f64 {
        match self.result {
            GameResult::Win(Side::First) => 1.0,
            GameResult::Win(Side::Second) => 0.0,
            GameResult::Draw => 0.5,
        }
    }
}

/// The end of a game the referee decides for an engine fault: `side` loses.
fn forfeit(game: &mut Game, side: Side, by_time: bool) {
    if by_time {
        game.lose_on_time(side);
    } else {
        // There is no "forfeit" in the rules; resignation gives the same result, and the
        // referee's own words replace chuhan's sentence.
        game.resign(side);
    }
}

/// Plays one game. `engines[0]` plays the first mover (Red/Cho); a missing engine (one that
/// could not be started, for the reason in `missing`) loses at once. An engine that fails is
/// dropped (set to `None`) so the caller restarts it. Returns `None` when `stop` was raised
/// before the game finished.
pub fn play_game(
    settings: &GameSettings,
    opening: &Opening,
    engines: [&mut Option<Engine>; 2],
    names: [&str; 2],
    missing: [Option<&str>; 2],
    stop: &AtomicBool,
) -> Option<GameRecord> {
    let variant = settings.variant;
    let start = Position::from_fen(variant, &opening.fen).ok()?;
    let mut game = Game::new(start.clone(), settings.rules);
    let mut book_plies = 0;
    for &m in &opening.moves {
        if game.outcome().is_some() || game.play(m).is_err() {
            break;
        }
        book_plies += 1;
    }
    let [red, black] = engines;
    let mut engines = [red, black];
    let mut clocks_ms = match settings.tc {
        TimeControl::Clock { base_ms, .. } => [base_ms as i64; 2],
        _ => [0; 2],
    };
    let mut evals = Vec::new();
    let mut fault: Option<(Side, &'static str, String)> = None;
    let mut adjudicator = Adjudicator::default();
    let mut adjudicated: Option<(GameResult, String)> = None;

    for (i, e) in engines.iter_mut().enumerate() {
        if let Some(engine) = e.as_mut() {
            if let Err(err) = engine.new_game(settings.hang_timeout) {
                **e = None;
                let side = if i == 0 { Side::First } else { Side::Second };
                fault = Some((side, "abandoned", err.to_string()));
                break;
            }
        } else if fault.is_none() {
            let side = if i == 0 { Side::First } else { Side::Second };
            let why = missing[i].unwrap_or("unknown error");
            fault = Some((side, "abandoned", format!("{} could not be started ({why})", names[i])));
        }
    }
    if let Some((side, _, _)) = &fault {
        forfeit(&mut game, *side, false);
    }

    while game.outcome().is_none() {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let side = game.position().turn();
        let slot = &mut engines[side.index()];
        let Some(engine) = slot.as_mut() else {
            fault = Some((side, "abandoned", format!("{} is not running", names[side.index()])));
            forfeit(&mut game, side, false);
            break;
        };
        let position = engine.position_command(&game);
        let (go, deadline) = go_command(engine, settings, clocks_ms, side);
        let reply = match engine.go(&position, &go, deadline) {
            Ok(r) => r,
            Err(_) if stop.load(Ordering::Relaxed) => return None,
            Err(err) => {
                let by_time = matches!(err, EngineError::Timeout(_)) && has_clock(settings.tc);
                let termination = if by_time { "time forfeit" } else { "abandoned" };
                let reason = match (&err, by_time) {
                    (EngineError::Timeout(_), true) => {
                        format!("{} lost on time (no move in time)", names[side.index()])
                    }
                    (EngineError::Timeout(_), false) => {
                        format!("{} hung (no move within {:?})", names[side.index()], settings.hang_timeout)
                    }
                    _ => err.to_string(),
                };
                **slot = None;
                fault = Some((side, termination, reason));
                forfeit(&mut game, side, by_time);
                break;
            }
        };
        // Clocks.
        let elapsed_ms = reply.elapsed.as_millis() as i64;
        let margin_ms = settings.margin.as_millis() as i64;
        let over = match settings.tc {
            TimeControl::Clock { inc_ms, .. } => {
                let c = &mut clocks_ms[side.index()];
                let over = elapsed_ms > *c + margin_ms;
                *c = (*c - elapsed_ms).max(0) + inc_ms as i64;
                over
            }
            TimeControl::MoveTime(ms) => elapsed_ms > ms as i64 + margin_ms,
            _ => false,
        };
        if over {
            fault =
                Some((side, "time forfeit", format!("{} lost on time ({} ms used)", names[side.index()], elapsed_ms)));
            forfeit(&mut game, side, true);
            break;
        }
        let Some(text) = reply.bestmove else {
            fault = Some((side, "normal", format!("{} resigned (no best move)", names[side.index()])));
            forfeit(&mut game, side, false);
            break;
        };
        let Some(m) = engine.parse_move(&text) else {
            fault =
                Some((side, "rules infraction", format!("{} sent garbage: bestmove {text:?}", names[side.index()])));
            **slot = None;
            forfeit(&mut game, side, false);
            break;
        };
        if let Err(e) = game.play(m) {
            fault = Some((
                side,
                "rules infraction",
                format!("{} played an illegal move {text} ({e})", names[side.index()]),
            ));
            forfeit(&mut game, side, false);
            break;
        }
        evals.push(MoveEval { score: reply.score, depth: reply.depth, millis: elapsed_ms.max(0) as u64 });
        if game.outcome().is_none() {
            if let Some(end) = adjudicator.update(settings.adjudication, side, reply.score, game.ply()) {
                let result = end.0;
                adjudicated = Some(end);
                match result {
                    GameResult::Win(w) => game.resign(!w),
                    GameResult::Draw => game.agree_draw(),
                }
            }
        }
    }

    let outcome = *game.outcome()?;
    let (termination, reason) = if let Some((side, termination, reason)) = fault {
        let winner = (!side).name(variant);
        (termination, format!("{} wins: {reason}", capitalised(winner)))
    } else if let Some((result, reason)) = adjudicated {
        let head = match result {
            GameResult::Win(s) => format!("{} wins", capitalised(s.name(variant))),
            GameResult::Draw => "Draw".to_string(),
        };
        ("adjudication", format!("{head}: {reason}"))
    } else {
        ("normal", outcome.describe(variant))
    };
    Some(GameRecord {
        red: names[0].to_string(),
        black: names[1].to_string(),
        start_fen: start.to_fen(),
        book_plies,
        moves: game.moves().collect(),
        result: outcome.result,
        termination,
        reason,
        evals,
    })
}

fn has_clock(tc: TimeControl) -> bool {
    matches!(tc, TimeControl::Clock { .. } | TimeControl::MoveTime(_))
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}

/// The `go` command and how long to wait for its answer.
fn go_command(engine: &Engine, settings: &GameSettings, clocks_ms: [i64; 2], side: Side) -> (String, Duration) {
    let margin = settings.margin;
    match (settings.tc, engine.spec.proto) {
        (TimeControl::Clock { inc_ms, .. }, Protocol::Uci) => (
            format!("go wtime {} btime {} winc {inc_ms} binc {inc_ms}", clocks_ms[0], clocks_ms[1]),
            Duration::from_millis(clocks_ms[side.index()] as u64) + margin,
        ),
        (TimeControl::Clock { inc_ms, .. }, Protocol::Ucci) => {
            let own = clocks_ms[side.index()];
            let opp = clocks_ms[(!side).index()];
            let go = match engine.spec.ucci_time {
                UcciTime::Millis => format!("go time {own} increment {inc_ms} opptime {opp} oppincrement {inc_ms}"),
                UcciTime::Seconds => format!(
                    "go time {} increment {} opptime {} oppincrement {}",
                    own / 1000,
                    inc_ms / 1000,
                    opp / 1000,
                    inc_ms / 1000
                ),
            };
            (go, Duration::from_millis(own as u64) + margin)
        }
        (TimeControl::MoveTime(ms), _) => (engine.movetime_command(ms), Duration::from_millis(ms) + margin),
        (TimeControl::Nodes(n), _) => (format!("go nodes {n}"), settings.hang_timeout),
        (TimeControl::Depth(d), _) => (format!("go depth {d}"), settings.hang_timeout),
    }
}

/// Counts consecutive moves with decisive or drawish scores.
#[derive(Default)]
struct Adjudicator {
    /// Per side: consecutive moves with a score of at least the resign score (winning).
    winning: [u32; 2],
    losing: [u32; 2],
    drawish: [u32; 2],
}

impl Adjudicator {
    fn update(
        &mut self,
        adj: Adjudication,
        mover: Side,
        score: Option<Score>,
        ply: usize,
    ) -> Option<(GameResult, String)> {
        let i = mover.index();
        // A mate counts as far beyond any threshold, for the side that mates.
        let cp = score.map(|s| match s.centipawns() {
            Some(c) => c,
            None if s > Score::DRAW => 100_000,
            None => -100_000,
        });
        if let Some((moves, threshold)) = adj.resign {
            match cp {
                Some(c) if c >= threshold => {
                    self.winning[i] += 1;
                    self.losing[i] = 0;
                }
                Some(c) if c <= -threshold => {
                    self.losing[i] += 1;
                    self.winning[i] = 0;
                }
                _ => {
                    self.winning[i] = 0;
                    self.losing[i] = 0;
                }
            }
            for (winner, a, b) in [(0usize, self.winning[0], self.losing[1]), (1, self.winning[1], self.losing[0])] {
                if a >= moves && b >= moves {
                    let side = if winner == 0 { Side::First } else { Side::Second };
                    return Some((
                        GameResult::Win(side),
                        format!("adjudicated, both engines scored {threshold} cp or more for the winner for {moves} moves each"),
                    ));
                }
            }
        }
        if let Some((after, moves, threshold)) = adj.draw {
            match cp {
                Some(c) if c.abs() <= threshold => self.drawish[i] += 1,
                _ => self.drawish[i] = 0,
            }
            if ply / 2 >= after as usize && self.drawish[0] >= moves && self.drawish[1] >= moves {
                return Some((
                    GameResult::Draw,
                    format!("adjudicated, both engines scored within {threshold} cp for {moves} moves each"),
                ));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls() {
        assert_eq!(TimeControl::parse_tc("10+0.1"), Ok(TimeControl::Clock { base_ms: 10_000, inc_ms: 100 }));
        assert_eq!(TimeControl::parse_tc("1:30"), Ok(TimeControl::Clock { base_ms: 90_000, inc_ms: 0 }));
        assert!(TimeControl::parse_tc("ten").is_err());
        assert!(TimeControl::parse_tc("0+0").is_err());
        assert_eq!(TimeControl::parse_tc("40s+0.4s"), Ok(TimeControl::Clock { base_ms: 40_000, inc_ms: 400 }));
        assert_eq!(TimeControl::parse_tc("1m+1"), Ok(TimeControl::Clock { base_ms: 60_000, inc_ms: 1000 }));
        assert!(TimeControl::parse_tc("cxa").unwrap_err().contains("a match takes MAIN[+INCREMENT]"));
        assert!(TimeControl::parse_tc("none").is_err());
        assert_eq!(TimeControl::Clock { base_ms: 10_000, inc_ms: 100 }.pgn(), "10+0.1");
    }

    #[test]
    fn move_comments_use_the_engine_score_form() {
        let eval = |score, depth| MoveEval { score, depth, millis: 1200 }.comment();
        assert_eq!(eval(Some(Score::cp(35)), Some(12)), "+0.35/12 1.200s");
        assert_eq!(eval(Some(Score::from_uci_mate(-3)), Some(20)), "-M3/20 1.200s");
        assert_eq!(eval(Some(Score::from_uci_mate(2)), None), "+M2 1.200s");
        assert_eq!(eval(None, None), "? 1.200s");
    }

    #[test]
    fn adjudicator_needs_both_engines() {
        let adj = Adjudication { resign: Some((2, 500)), draw: None };
        let mut a = Adjudicator::default();
        assert!(a.update(adj, Side::First, Some(Score::cp(600)), 1).is_none());
        assert!(a.update(adj, Side::Second, Some(Score::cp(-700)), 2).is_none());
        assert!(a.update(adj, Side::First, Some(Score::cp(900)), 3).is_none());
        let end = a.update(adj, Side::Second, Some(Score::from_uci_mate(-3)), 4).unwrap();
        assert_eq!(end.0, GameResult::Win(Side::First));
    }
}
