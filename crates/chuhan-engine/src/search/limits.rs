//! What a search is asked and what it answers: [`Limits`] (when to stop, and the rules it plays
//! by) and [`Report`] (one finished iteration's line).

use super::params::Params;
use crate::score::Score;
use chuhan::game::JanggiRules;
use chuhan::{Move, XiangqiRules};
use std::sync::Arc;
use std::time::Duration;

/// When to stop, and the rules the search plays by.
///
/// Every limit is optional: the default searches until [`super::Shared::stop`] is set (or to the
/// deepest depth), for every root move, one line, under the default rules. A search always
/// finishes its first iteration before a clock or node limit can stop it, so it always has a
/// move to give. [`crate::time::budget`] turns a game clock into `soft` and `hard`.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Do not search deeper than this many plies (`go depth`); handy for reproducible results,
    /// since a depth limit does not depend on the machine's speed.
    pub depth: Option<i32>,
    /// Stop after about this many nodes over all threads (`go nodes`): reproducible like a
    /// depth, but finer grained. Checked every 1024 nodes, so a search may go a little over.
    pub nodes: Option<u64>,
    /// Stop after this long, even in the middle of an iteration (a hard limit): the clock must
    /// not run out.
    pub hard: Option<Duration>,
    /// Do not start a new iteration after this long (scaled by how stable the best move is): an
    /// iteration started late would rarely finish before `hard`, so the time is better saved.
    pub soft: Option<Duration>,
    /// Stop once a mate in this many moves is found.
    pub mate: Option<i32>,
    /// Search only these root moves (UCI `searchmoves`), if not empty.
    pub only: Vec<Move>,
    /// Never play these root moves (UCCI `banmoves`).
    pub banned: Vec<Move>,
    /// Search until told to stop (`infinite`, pondering).
    pub infinite: bool,
    /// Limits on the rules: moves without capture that end the game (plies = 2 × this).
    pub move_limit: u32,
    /// Checks by one side beyond this many in a stretch without capture do not count toward
    /// `move_limit` (the referee's rule, [`chuhan::Rules::counted_checks`]); `None`: every
    /// move counts.
    pub counted_checks: Option<u32>,
    /// How many best lines to report (MultiPV); the first is the one played.
    pub multipv: usize,
    /// How xiangqi repetitions are judged (perpetual check and chase lose under AXF).
    pub rules: XiangqiRules,
    /// How janggi games end without mate: by point counting (modern rules) or drawn.
    pub janggi_rules: JanggiRules,
    /// The search's margins, depths and divisors (the engine's own by default; a tuner's).
    pub params: Arc<Params>,
}

impl Limits {
    /// No limit on the search, and the game's endings judged as `rules` judge them: the
    /// repetition rulings, the move limit and its uncounted checks, janggi's counting.
    pub fn for_rules(rules: &chuhan::Rules) -> Limits {
        Limits {
            move_limit: rules.move_limit.unwrap_or(0),
            counted_checks: Some(rules.counted_checks),
            rules: rules.xiangqi,
            janggi_rules: rules.janggi,
            ..Limits::default()
        }
    }

    /// Whether root move `m` may be played: among `only` (when given) and not `banned`.
    pub fn allows(&self, m: Move) -> bool {
        (self.only.is_empty() || self.only.contains(&m)) && !self.banned.contains(&m)
    }
}

/// What one finished iteration found: one line of it (several with MultiPV). Passed to the
/// callback of [`super::search`] as each iteration ends, so a GUI can show progress, and returned for
/// the last finished one.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// 1 for the best line, 2 for the second best, … (MultiPV).
    pub multipv: usize,
    /// The iteration's nominal depth in plies.
    pub depth: i32,
    /// The deepest ply reached in the main search (extensions included, quiescence not): how
    /// far the most forcing lines were followed.
    pub seldepth: i32,
    /// The line's score for the side to move at the root.
    pub score: Score,
    /// Nodes searched so far by all threads.
    pub nodes: u64,
    /// Time since the search began.
    pub elapsed: Duration,
    /// The principal variation: the line both sides are expected to play, the move to play
    /// first. Empty only when the root has no legal move.
    pub pv: Vec<Move>,
    /// How full the transposition table is, in permille of a sample: when it nears 1000 a
    /// bigger table would help.
    pub hashfull: usize,
}
