//! A game over time: the moves played, and whether, how and why it has ended.
//!
//! [`Game`] keeps the start position and the moves, and after every move applies the rules
//! chosen in [`Rules`]: mate and stalemate, repetitions judged by the Asian rules (perpetual
//! check and perpetual chase lose), the move-count limit, dead positions, and janggi's passes,
//! bikjang and point counting. The result comes with its reason in words
//! ([`Outcome::describe`]).

mod chase;
mod counting;
mod outcome;
mod repetition;
mod rules;

pub use counting::{janggi_points, role_points};
pub use outcome::{Chase, EndReason, GameResult, Outcome, Violation};
pub use rules::{JanggiRules, ParseRulesError, Rules, RulesNameError, XiangqiRules};

/// The winner of a xiangqi cycle of `moves` played from `start` back to the same position,
/// as `rules` judge repetitions (perpetual check, chase and, under CXA, mate threat lose);
/// `None` when the repetition is a draw.
///
/// For engines, which meet repetitions inside their search: the same judgement as
/// [`Game::play`] makes when a position occurs for the third time, without the history
/// before `start` (which no repetition ruling looks at).
pub fn cycle_winner(start: &Position, moves: &[Move], rules: XiangqiRules) -> Option<Side> {
    match repetition::rule_xiangqi(start, moves, rules, 3).0 {
        GameResult::Win(side) => Some(side),
        _ => None,
    }
}

use crate::legality::IllegalMove;
use crate::mv::Move;
use crate::piece::{BySide, Role, Side};
use crate::position::Position;
use crate::variant::Variant;

/// Why a move could not be added to a game.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum GameError {
    /// The move is not legal in the current position.
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
    /// The game has already ended.
    #[error("the game is over ({})", .outcome.describe(*.variant))]
    Over {
        /// How it ended.
        outcome: Outcome,
        /// The game, for the sides' names in the message.
        variant: Variant,
    },
}

/// A game: a start position, the moves played from it, and the rules that end it.
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    pos: Position,
    rules: Rules,
    /// `hashes[i]`: the position's hash after `i` plies.
    hashes: Vec<u64>,
    /// `checks[i]`: whether ply `i + 1` gave check.
    checks: Vec<bool>,
    /// The ply count at the last capture (0 if none since the start).
    last_capture: usize,
    /// Plies without capture before the game's start (the start FEN's clock).
    clock_at_start: u32,
    /// Checks by each side since the last capture.
    checks_since_capture: [u32; 2],
    outcome: Option<Outcome>,
}

impl Game {
    /// A game from `start` under `rules`; the history of `start`, if any, is dropped.
    pub fn new(start: Position, rules: Rules) -> Game {
        let mut start = start;
        start.clear_history();
        start.set_bikjang_rule(rules.janggi != JanggiRules::Casual);
        let mut game = Game {
            hashes: vec![start.hash()],
            checks: Vec::new(),
            last_capture: 0,
            clock_at_start: start.halfmove_clock(),
            checks_since_capture: [0; 2],
            outcome: None,
            pos: start.clone(),
            start,
            rules,
        };
        game.outcome = game.judge();
        game
    }

    /// A game from the standard start of `variant` under its default rules.
    pub fn standard(variant: Variant) -> Game {
        Game::new(Position::new(variant), Rules::for_variant(variant))
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The rules in force.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The moves played, oldest first.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = Move> + '_ {
        self.pos.history().iter().map(|p| p.mv)
    }

    /// The number of plies played.
    pub fn ply(&self) -> usize {
        self.hashes.len() - 1
    }

    /// How the game ended, or `None` while it goes on.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// Plays `m`, then applies the rules; fails if the game is over or the move illegal.
    pub fn play(&mut self, m: Move) -> Result<Option<&Outcome>, GameError> {
        if let Some(o) = &self.outcome {
            return Err(GameError::Over { outcome: *o, variant: self.pos.variant() });
        }
        let mover = self.pos.turn();
        let capture = !m.is_pass() && self.pos.piece_at(m.to).is_some();
        self.pos.play(m)?;
        let check = self.pos.is_check();
        self.hashes.push(self.pos.hash());
        self.checks.push(check);
        if capture {
            self.last_capture = self.ply();
            self.clock_at_start = 0;
            self.checks_since_capture = [0; 2];
        } else if check {
            self.checks_since_capture[mover.index()] += 1;
        }
        self.outcome = self.judge();
        Ok(self.outcome.as_ref())
    }

    /// Plays `m` even when the game has already ended, then judges the new position: the
    /// outcome is then the ending *at the current position* (mate or stalemate here, a
    /// repetition whose cycle closes with this move, the move limit reached), not the first
    /// ending of the game. What a board that records moves past an ending reports
    /// (python-chess's `Board.outcome`); [`play`](Game::play) stops at the first ending.
    pub fn play_on(&mut self, m: Move) -> Result<Option<&Outcome>, IllegalMove> {
        let outcome = self.outcome.take();
        match self.play(m) {
            Ok(_) => Ok(self.outcome.as_ref()),
            Err(GameError::Illegal(e)) => {
                self.outcome = outcome;
                Err(e)
            }
            Err(GameError::Over { .. }) => unreachable!("the outcome was taken"),
        }
    }

    /// The ending at the current position of `moves` played from `start` under `rules`
    /// (see [`play_on`](Game::play_on)), or `None`; fails on the first illegal move.
    ///
    /// ```
    /// use chuhan::{Game, Position, Rules, Variant};
    /// let start = Position::new(Variant::Xiangqi);
    /// let shuffle: Vec<chuhan::Move> =
    ///     ["h0g2", "h9g7", "g2h0", "g7h9"].iter().map(|m| m.parse().unwrap()).collect();
    /// let mut moves: Vec<_> = shuffle.iter().chain(&shuffle).copied().collect(); // threefold
    /// let rules = Rules::for_variant(Variant::Xiangqi);
    /// assert_eq!(Game::ending_at(start.clone(), &moves, rules).unwrap().map(|o| o.ply), Some(8));
    /// moves.extend(["b0c2", "b9c7"].iter().map(|m| m.parse::<chuhan::Move>().unwrap()));
    /// assert_eq!(Game::ending_at(start, &moves, rules).unwrap(), None); // played on: no ending here
    /// ```
    pub fn ending_at(start: Position, moves: &[Move], rules: Rules) -> Result<Option<Outcome>, IllegalMove> {
        let mut game = Game::new(start, rules);
        for &m in moves {
            game.play_on(m)?;
        }
        Ok(game.outcome)
    }

    /// `side` resigns.
    pub fn resign(&mut self, side: Side) {
        self.end(GameResult::Win(!side), EndReason::Resignation);
    }

    /// The players agree to a draw.
    pub fn agree_draw(&mut self) {
        self.end(GameResult::Draw, EndReason::Agreement);
    }

    /// `side` ran out of time.
    pub fn lose_on_time(&mut self, side: Side) {
        self.end(GameResult::Win(!side), EndReason::Time);
    }

    fn end(&mut self, result: GameResult, reason: EndReason) {
        if self.outcome.is_none() {
            self.outcome =
                Some(Outcome { result, reason, ply: self.ply(), moves: None, points: None, chases: BySide::default() });
        }
    }

    fn outcome_now(&self, result: GameResult, reason: EndReason) -> Option<Outcome> {
        Some(Outcome { result, reason, ply: self.ply(), moves: None, points: None, chases: BySide::default() })
    }

    /// Janggi endings other than mate go to counting (modern rules) or are draws.
    fn janggi_end(&self, reason: EndReason) -> Option<Outcome> {
        if self.rules.janggi == JanggiRules::Modern {
            let (cho, han) = janggi_points(&self.pos);
            let winner = if cho > han { Side::First } else { Side::Second };
            Some(Outcome {
                result: GameResult::Win(winner),
                reason,
                ply: self.ply(),
                moves: None,
                points: Some((cho, han)),
                chases: BySide::default(),
            })
        } else {
            self.outcome_now(GameResult::Draw, reason)
        }
    }

    fn judge(&self) -> Option<Outcome> {
        let pos = &self.pos;
        let variant = pos.variant();
        let history = pos.history();
        if variant == Variant::Janggi {
            if let [.., a, b] = history {
                if a.mv.is_pass() && b.mv.is_pass() {
                    return self.janggi_end(EndReason::DoublePass);
                }
            }
            if let [.., b] = history {
                if b.mv.is_pass() && pos.bikjang_rule() && pos.generals_face() {
                    return self.janggi_end(EndReason::Bikjang);
                }
            }
        }
        if pos.has_no_moves() {
            let reason = if pos.is_check() { EndReason::Checkmate } else { EndReason::Stalemate };
            return self.outcome_now(GameResult::Win(!pos.turn()), reason);
        }
        if let Some(o) = self.repetition() {
            return Some(o);
        }
        if variant == Variant::Janggi
            && self.rules.janggi == JanggiRules::Traditional
            && self.three_checks_by_one_piece()
        {
            return self.outcome_now(GameResult::Draw, EndReason::ThreeChecksBySamePiece);
        }
        if let Some(limit) = self.rules.move_limit {
            let plies = self.clock_at_start as u64 + (self.ply() - self.last_capture) as u64;
            let uncounted: u64 =
                self.checks_since_capture.iter().map(|&c| c.saturating_sub(self.rules.counted_checks) as u64).sum();
            if plies.saturating_sub(uncounted) >= 2 * limit as u64 {
                let reason = EndReason::MoveLimit { moves: limit };
                return match variant {
                    Variant::Xiangqi => self.outcome_now(GameResult::Draw, reason),
                    Variant::Janggi => self.janggi_end(reason),
                };
            }
        }
        if counting::is_dead(pos) {
            return match variant {
                Variant::Xiangqi => self.outcome_now(GameResult::Draw, EndReason::DeadPosition),
                Variant::Janggi => self.janggi_end(EndReason::DeadPosition),
            };
        }
        None
    }

    /// The move number (as a record numbers moves) of the ply with 0-based index `ply`.
    fn move_number(&self, ply: usize) -> u32 {
        let offset = usize::from(self.start.turn() == Side::Second);
        self.start.fullmove_number() + ((ply + offset) / 2) as u32
    }

    /// Whether the side that just moved gave check with the same piece on its last three
    /// moves (followed by the moves' squares, so a discovered check by a piece that stood
    /// still does not continue the run).
    fn three_checks_by_one_piece(&self) -> bool {
        let n = self.ply();
        if n < 5 {
            return false;
        }
        let h = self.pos.history();
        let (m1, m2, m3) = (h[n - 5].mv, h[n - 3].mv, h[n - 1].mv);
        self.checks[n - 5] && self.checks[n - 3] && self.checks[n - 1] && m1.to == m2.from && m2.to == m3.from
    }

    /// Judges a repetition if the current position has occurred often enough.
    fn repetition(&self) -> Option<Outcome> {
        let n = self.ply();
        let now = self.hashes[n];
        let needed = self.rules.repetitions.max(2) as usize;
        let mut seen = 1;
        let mut first = n;
        let mut i = n;
        while i >= self.last_capture + 2 {
            i -= 2;
            if self.hashes[i] == now {
                seen += 1;
                first = i;
                if seen == needed {
                    break;
                }
            }
        }
        if seen < needed {
            return None;
        }
        // Replay from the cycle's first position.
        let mut start = self.pos.clone();
        for _ in first..n {
            start.undo();
        }
        let moves: Vec<Move> = self.pos.history()[first..n].iter().map(|p| p.mv).collect();
        let span = Some((self.move_number(first), self.move_number(n - 1)));
        let (result, reason, chases) = match self.pos.variant() {
            Variant::Xiangqi => repetition::rule_xiangqi(&start, &moves, self.rules.xiangqi, seen as u32),
            Variant::Janggi => {
                // Perpetual check loses; any other repetition ends the game like a draw.
                let c = repetition::conduct(&start, &moves, false, false);
                let v = repetition::violations(&c, XiangqiRules::Computer);
                match repetition::rule(v, seen as u32) {
                    (GameResult::Draw, reason) => {
                        let mut o = self.janggi_end(reason)?;
                        o.moves = span;
                        return Some(o);
                    }
                    (result, reason) => (result, reason, BySide::default()),
                }
            }
        };
        Some(Outcome { result, reason, ply: n, moves: span, points: None, chases })
    }
}

/// Whether `role` can ever give check in `variant` (xiangqi advisors and elephants never leave
/// their own side; janggi guards never leave the palace).
pub(crate) fn can_attack(variant: Variant, role: Role) -> bool {
    match role {
        Role::General | Role::Advisor => false,
        Role::Elephant => variant == Variant::Janggi,
        _ => true,
    }
}
