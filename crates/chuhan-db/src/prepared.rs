//! What an import writes, made on the reader thread: each game's row and index entries
//! ([`Prepared`]) and how far its file got ([`Progress`]). A leaf: the writers of both stores
//! ([`crate::sqlite`], [`crate::pg`]) and the popular answers ([`crate::popular`]) read these
//! without reaching back into the import that makes them.

/// A game ready to store, made on the reader thread: its games row, index rows and material
/// signatures (the writer only writes them).
pub(crate) struct Prepared {
    pub(crate) row: GameRow,
    /// (key, ply, next) of every position.
    pub(crate) positions: Vec<(i64, u32, Option<i64>)>,
    pub(crate) materials: Vec<i64>,
}

/// A games row, as both stores write it.
pub(crate) struct GameRow {
    pub(crate) variant: i64,
    pub(crate) red: String,
    pub(crate) black: String,
    pub(crate) event: String,
    pub(crate) date: String,
    pub(crate) year: Option<i64>,
    pub(crate) result: i64,
    pub(crate) red_elo: Option<i64>,
    pub(crate) black_elo: Option<i64>,
    pub(crate) start_fen: Option<String>,
    pub(crate) moves: Vec<u8>,
    pub(crate) plies: i64,
    pub(crate) opening: Option<String>,
    pub(crate) headers: String,
    pub(crate) dedup: i64,
    pub(crate) source_game: i64,
}

/// How far a file's import got, written with each batch.
pub(crate) struct Progress<'a> {
    pub(crate) file: &'a str,
    pub(crate) size: i64,
    pub(crate) games_done: i64,
    pub(crate) complete: bool,
}

impl GameRow {
    /// Both Elo ratings added, an unknown one as 0: the explorer's order of best-known games.
    pub(crate) fn elo_sum(&self) -> i64 {
        self.red_elo.unwrap_or(0) + self.black_elo.unwrap_or(0)
    }
}
