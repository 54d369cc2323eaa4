//! The explorer's answer for one position, computed from the position index: the games through
//! it, each move's counts and last year, and the best-known games. The explorer computes it on
//! the fly ([`crate::query`]); [`crate::popular`] stores it for the positions many games reach.
//! One computation for both, so a stored answer is what the explorer would have said.

use crate::backend::{Arg, Conn, SqlError};
use crate::postings::{lookup, Posting, POSITIONS};
use std::collections::HashMap;

/// One move's counts from a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct MoveCounts {
    /// The move's code ([`crate::key::move_code`]), in the key's frame.
    pub(crate) code: i64,
    /// Games, then won, drawn, lost by the side to move, and unknown.
    pub(crate) counts: [i64; 5],
    /// The last year a game played it, where years are known.
    pub(crate) last_year: Option<i64>,
}

/// A best-known game candidate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TopGame {
    /// Both Elo ratings added, an unknown one as 0.
    pub(crate) elo: i64,
    /// The year, 0 when unknown.
    pub(crate) year: i64,
    /// The game's id.
    pub(crate) game: i64,
    /// The move (and result) it played from the position on its first visit (the posting's
    /// `next`), `None` if the position was its last.
    pub(crate) next: Option<i64>,
}

impl TopGame {
    /// The explorer's order: the highest Elo sum first, then the latest year, then the first
    /// stored.
    pub(crate) fn order(a: &TopGame, b: &TopGame) -> std::cmp::Ordering {
        b.elo.cmp(&a.elo).then(b.year.cmp(&a.year)).then(a.game.cmp(&b.game))
    }
}

/// The answer for a position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Answer {
    /// Games that reached the position (each once).
    pub(crate) games: i64,
    /// The moves played from it, the most played first (then by code).
    pub(crate) moves: Vec<MoveCounts>,
    /// The best-known games, at most the number asked for, in [`TopGame::order`].
    pub(crate) top: Vec<TopGame>,
}

/// The Elo sum of the explorer's order, as SQL over `games g`.
pub(crate) const ELO: &str = "COALESCE(g.red_elo, 0) + COALESCE(g.black_elo, 0)";

/// The year and Elo sum of games, by id.
type Facts = HashMap<i64, (Option<i64>, i64)>;

/// Above this many games an answer reads the facts of every game in one scan of the table
/// (kept for the next answer) rather than asking for each by id: a promotion after a big import
/// asks about millions of games, a game at a time.
const SCAN_ABOVE: usize = 20_000;

/// The facts of every game, read once by the first answer that needs many of them.
#[derive(Default)]
pub(crate) struct FactsCache {
    all: Option<Facts>,
}

impl FactsCache {
    /// The year and Elo sum of each game in `ids`: from the whole table (read once, kept) when
    /// there are many or it was read already, else asked for by id into `own`.
    fn facts<'a>(&'a mut self, conn: &Conn, ids: &[i64], own: &'a mut Facts) -> Result<&'a Facts, SqlError> {
        if self.all.is_none() && ids.len() > SCAN_ABOVE {
            let mut all = Facts::new();
            read_facts(conn, "", &[], &mut all)?;
            self.all = Some(all);
        }
        if let Some(all) = &self.all {
            return Ok(all);
        }
        if !ids.is_empty() {
            let (among, arg) = conn.among("g.id", "?1", ids);
            read_facts(conn, &format!("WHERE {among}"), &[arg], own)?;
        }
        Ok(own)
    }
}

/// The facts of the games `filter` (a WHERE clause over `games g`, or nothing) selects.
fn read_facts(conn: &Conn, filter: &str, args: &[Arg], into: &mut Facts) -> Result<(), SqlError> {
    for row in conn.query(&format!("SELECT g.id, g.year, {ELO} FROM games g {filter}"), args)? {
        into.insert(row.int(0)?, (row.opt_int(1)?, row.int(2)?));
    }
    Ok(())
}

/// The answer for `key`, with at most `top` best-known games.
pub(crate) fn answer(conn: &Conn, key: u64, top: usize) -> Result<Answer, SqlError> {
    from_postings(conn, &lookup(conn, POSITIONS, key)?, top, &mut FactsCache::default())
}

/// The answer from `postings` (one key's, ordered by game and ply, [`lookup`]).
pub(crate) fn from_postings(
    conn: &Conn,
    postings: &[Posting],
    top: usize,
    cache: &mut FactsCache,
) -> Result<Answer, SqlError> {
    // Each game once, with the move of its first visit.
    let mut firsts: Vec<&Posting> = Vec::new();
    for p in postings {
        if firsts.last().is_none_or(|f| f.game != p.game) {
            firsts.push(p);
        }
    }
    let ids: Vec<i64> = firsts.iter().map(|p| i64::from(p.game)).collect();
    let mut own = Facts::new();
    let facts = cache.facts(conn, &ids, &mut own)?;
    let year = |game: u32| facts.get(&i64::from(game)).and_then(|f| f.0);
    // A move played twice from the position in one game counts once (as does the game).
    let mut pairs: Vec<(u32, u16)> = postings.iter().filter_map(|p| Some((p.game, p.next?))).collect();
    pairs.sort_unstable();
    pairs.dedup();
    let mut moves: HashMap<i64, MoveCounts> = HashMap::new();
    for (game, next) in pairs {
        let code = i64::from(next >> 2);
        let m = moves.entry(code).or_insert(MoveCounts { code, counts: [0; 5], last_year: None });
        m.counts[0] += 1;
        m.counts[1 + usize::from(next & 3)] += 1;
        if let Some(y) = year(game) {
            m.last_year = Some(m.last_year.map_or(y, |l| l.max(y)));
        }
    }
    let mut moves: Vec<MoveCounts> = moves.into_values().collect();
    moves.sort_by(|a, b| b.counts[0].cmp(&a.counts[0]).then(a.code.cmp(&b.code)));
    let mut games: Vec<TopGame> = firsts
        .iter()
        .map(|p| {
            let (year, elo) = facts.get(&i64::from(p.game)).copied().unwrap_or((None, 0));
            TopGame { elo, year: year.unwrap_or(0), game: i64::from(p.game), next: p.next.map(i64::from) }
        })
        .collect();
    if games.len() > top {
        games.select_nth_unstable_by(top, TopGame::order);
        games.truncate(top);
    }
    games.sort_by(TopGame::order);
    Ok(Answer { games: firsts.len() as i64, moves, top: games })
}

/// The games among `postings` (one key's, ordered by game): promotion asks whether a position
/// has reached its threshold.
pub(crate) fn count_games(postings: &[Posting]) -> i64 {
    postings.chunk_by(|a, b| a.game == b.game).count() as i64
}
