//! The notifications of the live store on PostgreSQL: what a change tells the other servers
//! (`NOTIFY`, sent in the change's transaction), in words they read back.

use crate::live::StoredMove;
use chuhan::BySide;

/// The channel of `NOTIFY`: the payload is `<game id> <server id>` (so that a server can skip
/// its own changes), followed for a move by the move itself (see [`Notice`]).
pub const CHANNEL: &str = "chuhan_games";

/// What another server's notification says.
#[derive(Clone, Debug, PartialEq)]
pub struct Notice {
    /// The game that changed.
    pub id: String,
    /// The server that changed it.
    pub origin: String,
    /// What changed.
    pub change: Change,
}

/// What changed in a game, as far as the notification says.
#[derive(Clone, Debug, PartialEq)]
pub enum Change {
    /// Anything (a seat, an end, a takeback, offers): read the game again.
    Game,
    /// Move number `ply` (0-based) was stored, and nothing else changed with it.
    Move {
        /// Its number.
        ply: usize,
        /// The move as stored.
        stored: StoredMove,
    },
}

impl Notice {
    /// The payload of a notification: `<id> <origin>`, and for a move
    /// `move <ply> <mv> <red ms> <black ms> <red periods> <black periods> <at ms>`.
    pub fn payload(&self) -> String {
        match &self.change {
            Change::Game => format!("{} {}", self.id, self.origin),
            Change::Move { ply, stored: m } => format!(
                "{} {} move {ply} {} {} {} {} {} {}",
                self.id,
                self.origin,
                m.mv,
                m.clocks_ms.first,
                m.clocks_ms.second,
                m.periods.first,
                m.periods.second,
                m.at_ms
            ),
        }
    }

    /// Reads a payload written by [`Notice::payload`]; a move that cannot be read is taken for
    /// [`Change::Game`] (the game is read again: slower, never wrong).
    pub fn parse(payload: &str) -> Notice {
        let mut words = payload.split(' ');
        let id = words.next().unwrap_or_default().to_string();
        let origin = words.next().unwrap_or_default().to_string();
        let change = match words.next() {
            Some("move") => Notice::read_move(words).unwrap_or(Change::Game),
            _ => Change::Game,
        };
        Notice { id, origin, change }
    }

    fn read_move<'a>(mut w: impl Iterator<Item = &'a str>) -> Option<Change> {
        let ply = w.next()?.parse().ok()?;
        let mv = w.next()?.to_string();
        let mut n = || w.next()?.parse::<u64>().ok();
        let (red, black, red_p, black_p, at_ms) = (n()?, n()?, n()?, n()?, n()?);
        let periods = BySide::new(u32::try_from(red_p).ok()?, u32::try_from(black_p).ok()?);
        Some(Change::Move { ply, stored: StoredMove { mv, clocks_ms: BySide::new(red, black), periods, at_ms } })
    }
}
