//! [`Talk`] on PostgreSQL: a chat line or a rematch notifies the other servers in the
//! transaction that stores it, as a move does, so that their pages show it.

use super::{insert_game, lock_game, side_of, to_u64, PgStore};
use crate::live::talk::{side_number, ChatLine, Rematch, Talk, TalkError, MAX_CHAT_LINES};
use crate::live::StoredGame;
use anyhow::{Context, Result};

/// The rematch columns of a row.
fn rematch_of(offer: Option<i16>, game: Option<String>) -> Rematch {
    Rematch { offer: side_of(offer), game }
}

#[async_trait::async_trait]
impl Talk for PgStore {
    async fn add_chat(&self, id: &str, line: &ChatLine) -> Result<u32> {
        let mut client = self.client().await?;
        let tx = client.transaction().await?;
        // The game's row is the lock that numbers its lines one at a time.
        lock_game(&tx, id).await.map_err(|_| TalkError::Missing(id.to_string()))?;
        let n: i64 = tx.query_one("SELECT COUNT(*) FROM chat WHERE game_id = $1", &[&id]).await?.get(0);
        if n >= i64::from(MAX_CHAT_LINES) {
            return Err(TalkError::ChatFull.into());
        }
        let side = side_number(line.side).map(|s| s as i16);
        tx.execute(
            "INSERT INTO chat (game_id, n, at, author, side, text) VALUES ($1, $2, $3, $4, $5, $6)",
            &[&id, &(n as i32), &(line.at as i64), &line.author, &side, &line.text],
        )
        .await
        .with_context(|| format!("cannot store a chat line of game {id}"))?;
        self.notify(&tx, id).await?;
        tx.commit().await?;
        Ok(n as u32)
    }

    async fn chat(&self, id: &str, last: usize) -> Result<Vec<ChatLine>> {
        let client = self.client().await?;
        let rows = client
            .query(
                "SELECT n, at, author, side, text FROM (
                     SELECT * FROM chat WHERE game_id = $1 ORDER BY n DESC LIMIT $2) c ORDER BY n",
                &[&id, &(last as i64)],
            )
            .await
            .with_context(|| format!("cannot read the chat of game {id}"))?;
        Ok(rows
            .iter()
            .map(|r| ChatLine {
                n: r.get::<_, i32>(0).max(0) as u32,
                at: to_u64(r.get(1)),
                author: r.get(2),
                side: side_of(r.get(3)),
                text: r.get(4),
            })
            .collect())
    }

    async fn rematch(&self, id: &str) -> Result<Rematch> {
        let client = self.client().await?;
        let row = client
            .query_opt("SELECT rematch_offer, rematch_game FROM games WHERE id = $1", &[&id])
            .await?
            .ok_or_else(|| TalkError::Missing(id.to_string()))?;
        Ok(rematch_of(row.get(0), row.get(1)))
    }

    async fn set_rematch(&self, id: &str, seen: &Rematch, new: &Rematch, game: Option<&StoredGame>) -> Result<()> {
        let mut client = self.client().await?;
        let tx = client.transaction().await?;
        let row = tx
            .query_opt("SELECT rematch_offer, rematch_game FROM games WHERE id = $1 FOR UPDATE", &[&id])
            .await?
            .ok_or_else(|| TalkError::Missing(id.to_string()))?;
        if &rematch_of(row.get(0), row.get(1)) != seen {
            return Err(TalkError::RematchChanged(id.to_string()).into());
        }
        if let Some(g) = game {
            insert_game(&tx, g).await?;
        }
        let offer = side_number(new.offer).map(|s| s as i16);
        tx.execute("UPDATE games SET rematch_offer = $2, rematch_game = $3 WHERE id = $1", &[&id, &offer, &new.game])
            .await
            .with_context(|| format!("cannot store the rematch of game {id}"))?;
        self.notify(&tx, id).await?;
        tx.commit().await?;
        Ok(())
    }
}
