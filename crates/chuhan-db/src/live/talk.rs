//! Around a game: its chat, and the rematch its players ask for once it has ended. Both are in
//! the store, so that every server of a cluster shows them and a restart keeps them.

use super::StoredGame;
use anyhow::Result;
use chuhan::Side;

/// The most characters of one chat line.
pub const MAX_CHAT_CHARS: usize = 300;
/// The most chat lines a game keeps (older ones are not shown; a game is not a forum).
pub const MAX_CHAT_LINES: u32 = 500;

/// A line of a game's chat.
#[derive(Clone, Debug, PartialEq)]
pub struct ChatLine {
    /// Its number in the game, from 0.
    pub n: u32,
    /// When, in seconds since the Unix epoch.
    pub at: u64,
    /// Who wrote it: a player's or an account's name, or a word for a player without a name.
    pub author: String,
    /// The side of the player who wrote it; `None` for a spectator.
    pub side: Option<Side>,
    /// What was written.
    pub text: String,
}

/// A finished game's rematch: asked for by one side, then agreed with a new game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rematch {
    /// The side that asked, until the other agrees.
    pub offer: Option<Side>,
    /// The new game, once both agreed.
    pub game: Option<String>,
}

/// Why a chat line or a rematch was refused although the store works.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum TalkError {
    /// The game has [`MAX_CHAT_LINES`] lines already.
    #[error("this game's chat is full ({MAX_CHAT_LINES} lines)")]
    ChatFull,
    /// The rematch is no longer what the caller saw (the other player, on another server, asked
    /// or agreed first).
    #[error("the rematch of game {0} has changed")]
    RematchChanged(String),
    /// No such game.
    #[error("no game {0}")]
    Missing(String),
}

/// The chat and rematches of games. Each method is one transaction.
#[async_trait::async_trait]
pub trait Talk: Send + Sync {
    /// Adds a line (its `n` is ignored: the next number is given) and answers its number;
    /// refused with [`TalkError::ChatFull`] past [`MAX_CHAT_LINES`].
    async fn add_chat(&self, id: &str, line: &ChatLine) -> Result<u32>;
    /// The last `last` lines of game `id`'s chat, oldest first.
    async fn chat(&self, id: &str, last: usize) -> Result<Vec<ChatLine>>;
    /// The rematch of game `id`.
    async fn rematch(&self, id: &str) -> Result<Rematch>;
    /// Sets the rematch of game `id` to `new` if it is still `seen` (else
    /// [`TalkError::RematchChanged`]); with `game`, the new game is stored in the same
    /// transaction, so that it exists exactly when the rematch names it.
    async fn set_rematch(&self, id: &str, seen: &Rematch, new: &Rematch, game: Option<&StoredGame>) -> Result<()>;
}

/// A side as stored (0, 1), and back.
pub(crate) fn side_number(side: Option<Side>) -> Option<i64> {
    side.map(|s| s.index() as i64)
}

/// The side a stored number names.
pub(crate) fn side_from(v: Option<i64>) -> Option<Side> {
    v.and_then(|i| Side::BOTH.get(usize::try_from(i).ok()?).copied())
}
