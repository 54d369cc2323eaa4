//! How a room changes: decide, store, apply.
//!
//! [`Room::decide`] checks an [`Action`] against the rules, the seats and the clocks and answers
//! the [`Event`] it makes, changing nothing. The caller ([`crate::actions`]) stores the event,
//! and only once it is stored gives it to [`Room::apply`], which cannot be refused. So a room
//! never holds what the store does not, and nothing is ever undone: an event the store refuses
//! is simply never applied.
//!
//! The one fact learnt after applying is the end a move brings (mate, a repetition ruling):
//! [`Room::apply`] answers it, and the caller stores it next. If that store fails, the end
//! stays in memory, since the move is stored and the rules find the end again from the moves.

use super::{clocks_run, ms, pgn_result, Mode, Room, RoomError};
use crate::rating::RatingChange;
use crate::store::{Offers, StoredEnd, StoredMove};
use chuhan::clock::Clocks;
use chuhan::game::Outcome;
use chuhan::{BySide, Game, Move, Side};
use std::time::{Duration, Instant};

/// What a player, the engine or the clock does to a game.
#[derive(Clone, Debug)]
pub enum Action {
    /// `side` plays a move (a pass in janggi is the general moving onto itself).
    Move(Side, Move),
    /// `side` resigns.
    Resign(Side),
    /// `side` offers or accepts a draw.
    Draw(Side),
    /// `side` asks for, or agrees to, a takeback.
    Takeback(Side),
    /// `side` declines what the other side offers: a draw, a takeback, or both.
    Decline(Side),
    /// The running clock may have run out: end the game on time if so.
    Flag,
    /// The engine's move for `side`, chosen in the position with this ply count and hash:
    /// played only if the game is still there.
    Engine(Side, Move, (usize, u64)),
    /// The other engine (`--engine`) playing `side` gave no legal move in the position with
    /// this ply count and hash (it crashed, hung or played an illegal one): it loses, with
    /// this reason. Done only if the game is still there.
    EngineForfeit(Side, String, (usize, u64)),
}

/// A change to a room, decided and not yet applied: what the store keeps of it.
#[derive(Clone, Debug)]
pub enum Event {
    /// `side` plays `mv`, move number `ply` (0-based, its key in the store with the game's
    /// id), leaving the clocks as `clocks`.
    Move {
        /// Who moves.
        side: Side,
        /// The move.
        mv: Move,
        /// Its number, 0-based.
        ply: usize,
        /// What the store keeps of it: the move, the clocks after it, when it was made.
        stored: StoredMove,
        /// The clocks after it (`None` in an untimed game).
        clocks: Option<Clocks>,
        /// When it was made (the clocks stop then if it ends the game).
        at: Instant,
    },
    /// The game ends without a move, after `plies` moves.
    End {
        /// How.
        how: Ending,
        /// The result and the reason, as stored and shown; the rating change is set once the
        /// store has taken the end.
        end: StoredEnd,
        /// The moves played when it ended.
        plies: usize,
        /// When (the clocks stop then).
        at: Instant,
    },
    /// The offers change (a draw offered, a takeback asked for) after `plies` moves, where
    /// the player saw `seen`.
    Offers {
        /// The moves played.
        plies: usize,
        /// The offers the player saw (the store refuses if they changed meanwhile).
        seen: Offers,
        /// The offers after the change.
        offers: Offers,
    },
    /// Moves are taken back: of `plies`, the first `keep` stay.
    Takeback {
        /// The moves played.
        plies: usize,
        /// The moves kept.
        keep: usize,
        /// When (the clock of the side to move runs from then).
        at: Instant,
    },
}

/// How a game ends without a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The side resigned.
    Resigned(Side),
    /// The players agreed to a draw.
    DrawAgreed,
    /// The side's time ran out.
    Flagged(Side),
    /// The side's engine (another engine than chuhan's own) gave no legal move: it loses.
    Forfeited(Side),
}

impl Ending {
    /// Ends `game` this way (the rules crate keeps the outcome).
    fn end(self, game: &mut Game) {
        match self {
            Ending::Resigned(side) | Ending::Forfeited(side) => game.resign(side),
            Ending::DrawAgreed => game.agree_draw(),
            Ending::Flagged(side) => game.lose_on_time(side),
        }
    }
}

impl Room {
    /// The event `action` makes at time `now`, or why the room refuses it; the room is
    /// unchanged. A move after the mover's flag fell is refused with [`RoomError::TimeUp`]
    /// (the caller ends the game on time with [`Action::Flag`]); [`Action::Flag`] while no
    /// flag has fallen is refused with [`RoomError::ClockRunning`].
    pub fn decide(&self, action: &Action, now: Instant) -> Result<Event, RoomError> {
        match action {
            Action::Move(side, mv) => self.decide_move(*side, *mv, now),
            Action::Engine(side, mv, key) => {
                self.still_at(*key)?;
                self.decide_move(*side, *mv, now)
            }
            Action::EngineForfeit(side, why, key) => {
                self.still_at(*key)?;
                let winner = (!*side).name(self.variant);
                let mut w = winner.chars();
                let winner: String = w.next().map(|c| c.to_uppercase().chain(w).collect()).unwrap_or_default();
                let words =
                    Words { english: format!("{why}: {winner} wins"), others: engine_forfeit(self.variant, *side) };
                self.ending(Ending::Forfeited(*side), Some(words), now)
            }
            Action::Resign(side) => self.ending(Ending::Resigned(*side), None, now),
            Action::Draw(side) => {
                if self.is_over() {
                    return Err(RoomError::AlreadyOver);
                }
                if self.mode == Mode::Engine {
                    return Err(RoomError::EngineDeclinesDraws);
                }
                match self.offers.draw {
                    // The other side's offer is accepted: the game ends drawn.
                    Some(s) if s != *side => self.ending(Ending::DrawAgreed, None, now),
                    Some(_) => Err(RoomError::DrawAlreadyOffered),
                    None => Ok(self.offering(Offers { draw: Some(*side), ..self.offers })),
                }
            }
            Action::Takeback(side) => self.decide_takeback(*side, now),
            Action::Decline(side) => {
                if self.is_over() {
                    return Err(RoomError::AlreadyOver);
                }
                // Only the other side's offers go; one's own stay open.
                let mine = |offer: Option<Side>| offer.filter(|s| s == side);
                let left = Offers { draw: mine(self.offers.draw), takeback: mine(self.offers.takeback) };
                if left == self.offers {
                    return Err(RoomError::NothingToDecline);
                }
                Ok(self.offering(left))
            }
            Action::Flag => {
                let side = match &self.clocks {
                    Some(c) if !self.is_over() => c.flagged(now),
                    _ => None,
                };
                match side {
                    Some(side) => self.ending(Ending::Flagged(side), None, now),
                    None => Err(RoomError::ClockRunning),
                }
            }
        }
    }

    /// Applies `event`, decided by [`Room::decide`] on this room as it is and stored since.
    /// Answers the end a move brought, if it brought one: the caller stores it.
    ///
    /// Only [`Event::Move`] and [`Event::Takeback`] replay moves through the rules, which the
    /// decision checked; they fail only if the room changed between the decision and now
    /// (the caller holds the room's writer lock, so it does not).
    pub fn apply(&mut self, event: &Event) -> Result<Option<StoredEnd>, RoomError> {
        match event {
            Event::Move { side, mv, stored, clocks, at, .. } => {
                self.game.play(*mv).map_err(|error| RoomError::Game { mv: *mv, error })?;
                self.clocks = clocks.clone();
                self.history.push((stored.clocks_ms, stored.periods));
                self.offers = self.offers.after_move(*side);
                Ok(self.end_if_over(*at, None))
            }
            Event::End { how, end, at, .. } => {
                how.end(&mut self.game);
                self.stop(*at);
                self.end = Some(end.clone());
                Ok(None)
            }
            Event::Offers { offers, .. } => {
                self.offers = *offers;
                Ok(None)
            }
            Event::Takeback { keep, at, .. } => {
                self.undo_to(*keep, *at)?;
                Ok(None)
            }
        }
    }

    /// Keeps the rating change the store made when it took the game's end.
    pub fn rate(&mut self, change: Option<RatingChange>) {
        if let Some(end) = &mut self.end {
            end.rating = change;
        }
    }

    /// Refuses with [`RoomError::PositionChanged`] unless the game is still in the position
    /// with this ply count and hash (where an engine chose its move).
    fn still_at(&self, key: (usize, u64)) -> Result<(), RoomError> {
        if (self.game.ply(), self.game.position().hash()) == key {
            Ok(())
        } else {
            Err(RoomError::PositionChanged)
        }
    }

    /// A move by `side`: the game goes on, it is `side`'s turn, the rules allow it, the
    /// mover's clock has not run out.
    fn decide_move(&self, side: Side, mv: Move, now: Instant) -> Result<Event, RoomError> {
        if let Some(end) = &self.end {
            return Err(RoomError::Over { reason: end.reason.clone() });
        }
        // A game over from its start (a stored game from before such starts were refused): no
        // move may be stored, or the stored game could never be read back.
        if let Some(outcome) = self.game.outcome() {
            return Err(RoomError::Over { reason: outcome.describe(self.variant) });
        }
        if self.clocks.as_ref().and_then(|c| c.flagged(now)).is_some() {
            return Err(RoomError::TimeUp);
        }
        let pos = self.game.position();
        if pos.turn() != side {
            return Err(RoomError::NotYourTurn { turn: pos.turn(), variant: self.variant });
        }
        if let Err(error) = pos.check_move(mv) {
            return Err(RoomError::Illegal { error, fen: pos.to_fen() });
        }
        let mut clocks = self.clocks.clone();
        if let Some(c) = &mut clocks {
            // Each side's first move is untimed: the first mover's clock would otherwise start
            // against a seat nobody has taken yet. `moved` on the second move charges nothing
            // (no clock runs) and starts the first mover's clock.
            if self.game.ply() > 0 && !c.moved(side, now) {
                return Err(RoomError::TimeUp);
            }
        }
        let (main, periods) = clocks
            .as_ref()
            .map_or((BySide::new(Duration::ZERO, Duration::ZERO), BySide::new(0, 0)), |c| c.snapshot(now));
        let at_ms = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_millis().min(u64::MAX as u128) as u64);
        let stored = StoredMove { mv: mv.to_string(), clocks_ms: main.map(ms), periods, at_ms };
        Ok(Event::Move { side, mv, ply: self.game.ply(), stored, clocks, at: now })
    }

    /// A takeback request by `side`: asked for (friend games, until the other side agrees),
    /// or done now (the other side agrees, or the opponent is the engine).
    fn decide_takeback(&self, side: Side, now: Instant) -> Result<Event, RoomError> {
        if self.is_over() {
            return Err(RoomError::AlreadyOver);
        }
        let plies = self.game.ply();
        let undo = |s| self.plies_to_undo(s).map(|n| Event::Takeback { plies, keep: plies - n, at: now });
        match (self.mode, self.offers.takeback) {
            (Mode::Friend, Some(s)) if s != side => undo(s),
            (Mode::Friend, Some(_)) => Err(RoomError::TakebackAlreadyAsked),
            (Mode::Friend, None) => {
                self.plies_to_undo(side)?;
                Ok(self.offering(Offers { takeback: Some(side), ..self.offers }))
            }
            (Mode::Engine, _) => undo(side),
        }
    }

    /// New offers, seen against the ones open now.
    fn offering(&self, offers: Offers) -> Event {
        Event::Offers { plies: self.game.ply(), seen: self.offers, offers }
    }

    /// The game ending `how` at `now`, with `reason` in place of the rules' words if given.
    /// The rules decide the result, on a copy of the game (an end is rare; the room stays as
    /// it is until the end is stored).
    fn ending(&self, how: Ending, reason: Option<Words>, now: Instant) -> Result<Event, RoomError> {
        if self.is_over() {
            return Err(RoomError::AlreadyOver);
        }
        let mut game = self.game.clone();
        how.end(&mut game);
        let o = game.outcome().ok_or(RoomError::AlreadyOver)?;
        let end = stored_end(&game, o, reason);
        Ok(Event::End { how, end, plies: self.game.ply(), at: now })
    }

    /// How many plies take back `side`'s last move (and the reply to it, if any).
    fn plies_to_undo(&self, side: Side) -> Result<usize, RoomError> {
        let n = if self.game.position().turn() == side { 2 } else { 1 };
        if self.game.ply() < n {
            return Err(RoomError::NothingToTakeBack);
        }
        Ok(n)
    }

    /// Replays the game without its moves from number `keep` (0-based) on, once the store has
    /// deleted them. The clocks are set back to what they were after the last move kept (as
    /// stored with it), so the time spent on the moves taken back is given back; the side to
    /// move's clock runs (unless fewer than two moves are left: each side's first move is
    /// untimed).
    fn undo_to(&mut self, keep: usize, now: Instant) -> Result<(), RoomError> {
        let moves: Vec<Move> = self.game.moves().take(keep).collect();
        let mut game = Game::new(self.game.start().clone(), *self.game.rules());
        for m in moves {
            game.play(m).map_err(|error| RoomError::Replay { id: self.id.clone(), error })?;
        }
        self.game = game;
        self.history.truncate(keep);
        if let Some(c) = &mut self.clocks {
            let control = c.control();
            *c = match self.history.last() {
                Some(&(main, spare)) => Clocks::restored(control, main.map(Duration::from_millis), spare),
                None => Clocks::new(control),
            };
            if clocks_run(keep) {
                c.start(self.game.position().turn(), now);
            }
        }
        self.offers = Offers::default();
        Ok(())
    }

    /// Stops the clocks at `now` and closes the offers: the game has ended.
    fn stop(&mut self, now: Instant) {
        if let Some(c) = &mut self.clocks {
            c.stop(now);
        }
        self.offers = Offers::default();
    }

    /// After a move: if the game has ended by the rules, stop the clocks, keep the end (its
    /// rating change comes once the store has it, see [`Room::rate`]) and answer it, to be
    /// stored. `reason`, if given, replaces the rules' words.
    pub(super) fn end_if_over(&mut self, now: Instant, reason: Option<Words>) -> Option<StoredEnd> {
        if self.end.is_some() {
            return None;
        }
        let o = self.game.outcome()?;
        let end = stored_end(&self.game, o, reason);
        self.stop(now);
        self.end = Some(end.clone());
        Some(end)
    }
}

/// Words of the room's own for an end (a forfeit), in place of the rules' ruling: the English,
/// and the other languages by tag.
#[derive(Clone, Debug)]
pub struct Words {
    /// The English words, with every detail (another engine's own words).
    pub english: String,
    /// The words in the other languages, by tag, without the details only English has.
    pub others: std::collections::BTreeMap<String, String>,
}

/// Why another engine's side lost, in every language but English: "黑方胜：红方的引擎出了故障".
fn engine_forfeit(variant: chuhan::Variant, loser: Side) -> std::collections::BTreeMap<String, String> {
    use chuhan_i18n::{tr, Domain, FluentArgs, Lang, Localize};
    let verdict = chuhan::game::GameResult::Win(!loser);
    Lang::ALL
        .into_iter()
        .filter(|l| *l != Lang::En)
        .map(|lang| {
            let mut args = FluentArgs::new();
            args.set("verdict", verdict.localize(variant, lang));
            args.set("loser", loser.localize(variant, lang));
            (lang.tag().to_string(), tr(lang, Domain::Server, "engine-forfeit", Some(&args)))
        })
        .collect()
}

/// The end of `game` to store: its result, the ruling `o` in English and in every language the
/// server speaks, or `words` of the room's own (a forfeit), and its opening.
fn stored_end(game: &Game, o: &Outcome, words: Option<Words>) -> StoredEnd {
    let variant = game.start().variant();
    let (reason, reasons) = match words {
        Some(w) => {
            let mut reasons = w.others;
            reasons.insert("en".to_string(), w.english.clone());
            (w.english, reasons)
        }
        None => (o.describe(variant), crate::shown::stored_reasons(o, variant)),
    };
    let opening = crate::shown::opening(game).map(|o| o.code());
    StoredEnd { result: pgn_result(o.result).to_string(), reason, reasons, rating: None, opening }
}
