//! [`Talk`] on SQLite.

use super::SqliteStore;
use crate::live::talk::{side_from, side_number, ChatLine, Rematch, Talk, TalkError, MAX_CHAT_LINES};
use crate::live::StoredGame;
use anyhow::{Context, Result};
use rusqlite::{params, Connection, OptionalExtension};

fn add_chat(conn: &Connection, id: &str, line: &ChatLine) -> Result<u32> {
    let exists: Option<i64> =
        conn.query_row("SELECT 1 FROM games WHERE id = ?1", params![id], |r| r.get(0)).optional()?;
    if exists.is_none() {
        return Err(TalkError::Missing(id.to_string()).into());
    }
    let n: u32 = conn.query_row("SELECT COUNT(*) FROM chat WHERE game_id = ?1", params![id], |r| r.get(0))?;
    if n >= MAX_CHAT_LINES {
        return Err(TalkError::ChatFull.into());
    }
    conn.execute(
        "INSERT INTO chat (game_id, n, at, author, side, text) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![id, n, line.at as i64, line.author, side_number(line.side), line.text],
    )
    .with_context(|| format!("cannot store a chat line of game {id}"))?;
    Ok(n)
}

fn chat(conn: &Connection, id: &str, last: usize) -> Result<Vec<ChatLine>> {
    let mut stmt = conn.prepare(
        "SELECT n, at, author, side, text FROM (
             SELECT * FROM chat WHERE game_id = ?1 ORDER BY n DESC LIMIT ?2) ORDER BY n",
    )?;
    let lines = stmt
        .query_map(params![id, last as i64], |r| {
            Ok(ChatLine {
                n: r.get(0)?,
                at: r.get::<_, i64>(1)?.max(0) as u64,
                author: r.get(2)?,
                side: side_from(r.get(3)?),
                text: r.get(4)?,
            })
        })?
        .collect::<rusqlite::Result<Vec<_>>>()
        .with_context(|| format!("cannot read the chat of game {id}"))?;
    Ok(lines)
}

fn rematch(conn: &Connection, id: &str) -> Result<Rematch> {
    conn.query_row("SELECT rematch_offer, rematch_game FROM games WHERE id = ?1", params![id], |r| {
        Ok(Rematch { offer: side_from(r.get(0)?), game: r.get(1)? })
    })
    .optional()?
    .ok_or_else(|| TalkError::Missing(id.to_string()).into())
}

fn set_rematch(conn: &Connection, id: &str, seen: &Rematch, new: &Rematch, game: Option<&StoredGame>) -> Result<()> {
    if &rematch(conn, id)? != seen {
        return Err(TalkError::RematchChanged(id.to_string()).into());
    }
    if let Some(g) = game {
        super::create(conn, g)?;
    }
    conn.execute(
        "UPDATE games SET rematch_offer = ?2, rematch_game = ?3 WHERE id = ?1",
        params![id, side_number(new.offer), new.game],
    )
    .with_context(|| format!("cannot store the rematch of game {id}"))?;
    Ok(())
}

#[async_trait::async_trait]
impl Talk for SqliteStore {
    async fn add_chat(&self, id: &str, line: &ChatLine) -> Result<u32> {
        let (id, line) = (id.to_string(), line.clone());
        self.write(move |c| add_chat(c, &id, &line)).await
    }

    async fn chat(&self, id: &str, last: usize) -> Result<Vec<ChatLine>> {
        let id = id.to_string();
        self.read(move |c| chat(c, &id, last)).await
    }

    async fn rematch(&self, id: &str) -> Result<Rematch> {
        let id = id.to_string();
        self.read(move |c| rematch(c, &id)).await
    }

    async fn set_rematch(&self, id: &str, seen: &Rematch, new: &Rematch, game: Option<&StoredGame>) -> Result<()> {
        let (id, seen, new, game) = (id.to_string(), seen.clone(), new.clone(), game.cloned());
        self.write(move |c| set_rematch(c, &id, &seen, &new, game.as_ref())).await
    }
}
