//! Around a live game: its chat and its rematch, each stored before anyone is told of it (the
//! store's [`chuhan_db::live::Talk`]), as moves are.
//!
//! - **Chat**: the two players, and spectators who are logged in (a name to answer for what
//!   they write), in friend games only; a line is at most 300 characters, without control
//!   characters, at most one a second from a connection; a game keeps 500. Pages show it as
//!   text, never markup, and each player may hide it.
//! - **Rematch**: once a friend game has ended, either player asks; when the other asks too (or
//!   agrees), a new game is made with the colours swapped, the same clock, start and rating
//!   setting, both seats taken by the same players (accounts and names kept). Each player's page
//!   gets its own token for the new game in its state and goes there.

use crate::ids::{now_secs, random_hex};
use crate::live::Live;
use crate::room::{Mode, Room};
use crate::state::AppState;
use crate::store::talk::{ChatLine, Rematch, TalkError, MAX_CHAT_CHARS};
use crate::store::StoredGame;
use chuhan::{BySide, Side};
use std::sync::Arc;
use std::time::Instant;

/// Why a chat line or a rematch was refused: said to the sender alone.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum TalkRefused {
    /// Engine games have no chat and no rematch.
    #[error("there is no {0} in games against the engine")]
    EngineGame(&'static str),
    /// A spectator who is not logged in.
    #[error("log in to chat as a spectator")]
    Anonymous,
    /// An empty line.
    #[error("say something first")]
    Empty,
    /// A line too long.
    #[error("at most {MAX_CHAT_CHARS} characters a line ({0} given)")]
    TooLong(usize),
    /// Control characters (the line is shown as it is written).
    #[error("control characters are not allowed in chat")]
    Control,
    /// Too soon after this connection's last line.
    #[error("one line a second, please")]
    TooFast,
    /// A rematch of a game still going on.
    #[error("the game is still going on: a rematch comes after it")]
    NotOver,
    /// A seat of the game was never taken.
    #[error("this game had only one player")]
    NoOpponent,
    /// The store refused (a full chat, a rematch agreed meanwhile on another server).
    #[error("{0}")]
    Store(String),
}

/// The name a chat line is signed with: the seat's player (or the seat's colour for a player
/// without a name), or a logged-in spectator's account.
fn author(room: &Room, seat: Option<Side>, viewer: Option<&str>) -> Result<String, TalkRefused> {
    match (seat, viewer) {
        (Some(side), _) => Ok(room.names[side].clone().unwrap_or_else(|| {
            let name = side.name(room.variant);
            name[..1].to_uppercase() + &name[1..]
        })),
        (None, Some(name)) => Ok(name.to_string()),
        (None, None) => Err(TalkRefused::Anonymous),
    }
}

/// Checks a line of chat: trimmed, 1 to [`MAX_CHAT_CHARS`] characters, no control characters.
pub fn check_line(text: &str) -> Result<&str, TalkRefused> {
    let text = text.trim();
    let n = text.chars().count();
    if n == 0 {
        return Err(TalkRefused::Empty);
    }
    if n > MAX_CHAT_CHARS {
        return Err(TalkRefused::TooLong(n));
    }
    if text.chars().any(char::is_control) {
        return Err(TalkRefused::Control);
    }
    Ok(text)
}

/// Stores a line of chat from `seat` (or a spectator logged in as `viewer`) and shows it to
/// everyone watching.
pub async fn chat(
    state: &Arc<AppState>,
    live: &Arc<Live>,
    seat: Option<Side>,
    viewer: Option<&str>,
    text: &str,
) -> Result<(), TalkRefused> {
    let text = check_line(text)?;
    let author = {
        let room = live.lock();
        if room.mode == Mode::Engine {
            return Err(TalkRefused::EngineGame("chat"));
        }
        author(&room, seat, viewer)?
    };
    let mut line = ChatLine { n: 0, at: now_secs(), author, side: seat, text: text.to_string() };
    line.n = state.store.add_chat(&live.id, &line).await.map_err(refused)?;
    live.lock().add_chat(line);
    state.after_change(live);
    Ok(())
}

fn refused(e: anyhow::Error) -> TalkRefused {
    match e.downcast_ref::<TalkError>() {
        Some(t) => TalkRefused::Store(t.to_string()),
        None => {
            let _ = crate::error::internal(e);
            TalkRefused::Store("the server could not save it; try again".into())
        }
    }
}

/// The new game of a rematch of `room`: colours swapped (each player takes the other side),
/// the same clock, start, rating setting, names and accounts; fresh tokens. Answers the game
/// and each old side's token in it.
fn swapped(room: &Room, g: &StoredGame, id: String) -> anyhow::Result<(StoredGame, BySide<Option<String>>)> {
    let mut by_old = BySide::new(None, None);
    let mut tokens = BySide::new(None, None);
    for side in Side::BOTH {
        let token = random_hex(16)?;
        tokens[!side] = Some(token.clone());
        by_old[side] = Some(token);
    }
    let game = StoredGame {
        id,
        tokens,
        names: BySide::new(room.names[Side::Second].clone(), room.names[Side::First].clone()),
        accounts: BySide::new(room.accounts[Side::Second], room.accounts[Side::First]),
        start_fen: room.game.start().to_fen(),
        created: now_secs(),
        ..g.clone()
    };
    Ok((game, by_old))
}

/// `side` asks for a rematch of the finished game of `live`, or agrees to the other side's.
pub async fn rematch(state: &Arc<AppState>, live: &Arc<Live>, side: Side) -> Result<(), TalkRefused> {
    let _writer = live.writer.lock().await;
    let (seen, over, mode, seats) = {
        let room = live.lock();
        (room.rematch.clone(), room.is_over(), room.mode, room.tokens[!side].is_some())
    };
    if mode == Mode::Engine {
        return Err(TalkRefused::EngineGame("rematch"));
    }
    if !over {
        return Err(TalkRefused::NotOver);
    }
    if !seats {
        return Err(TalkRefused::NoOpponent);
    }
    if seen.game.is_some() || seen.offer == Some(side) {
        // Agreed already, or asked already: nothing new.
        return Ok(());
    }
    if seen.offer.is_none() {
        let asked = Rematch { offer: Some(side), game: None };
        state.store.set_rematch(&live.id, &seen, &asked, None).await.map_err(refused)?;
        live.lock().rematch = asked;
        state.after_change(live);
        return Ok(());
    }
    // The other side asked: agree, with the new game stored in the same transaction.
    let (stored, _, _, _) = state
        .store
        .load(&live.id)
        .await
        .map_err(refused)?
        .ok_or_else(|| TalkRefused::Store(format!("no game {}", live.id)))?;
    let new_id = random_hex(6).map_err(refused)?;
    let (game, tokens) = swapped(&live.lock(), &stored, new_id.clone()).map_err(refused)?;
    let agreed = Rematch { offer: None, game: Some(new_id.clone()) };
    state.store.set_rematch(&live.id, &seen, &agreed, Some(&game)).await.map_err(refused)?;
    {
        let mut room = live.lock();
        room.rematch = agreed;
        room.rematch_tokens = tokens;
    }
    // The new game's room, as `POST /api/games` makes one.
    match Room::from_stored(&game, &[], None, Instant::now()) {
        Ok(mut new_room) => {
            new_room.ratings = state.seat_ratings(new_room.variant, new_room.speed, &new_room.accounts).await;
            let new_live = state.insert(new_room);
            state.claim(&new_id).await;
            state.after_change(&new_live);
        }
        Err(e) => eprintln!("chuhan serve: rematch {new_id} of {}: {e:#}", live.id),
    }
    state.after_change(live);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_checked() {
        assert_eq!(check_line("  good game  ").unwrap(), "good game");
        assert_eq!(check_line("好棋！잘 두셨습니다").unwrap(), "好棋！잘 두셨습니다");
        assert!(matches!(check_line("   "), Err(TalkRefused::Empty)));
        assert!(matches!(check_line(&"x".repeat(301)), Err(TalkRefused::TooLong(301))));
        assert!(check_line(&"字".repeat(300)).is_ok());
        assert!(matches!(check_line("a\u{7}b"), Err(TalkRefused::Control)));
        assert!(matches!(check_line("a\nb"), Err(TalkRefused::Control)));
        // Markup is text: shown as written, never parsed (the page uses textContent).
        assert_eq!(check_line("<b>hi</b>").unwrap(), "<b>hi</b>");
    }
}
