//! Queries: the explorer (moves played from a position and how they scored), search by
//! headers, opening, position or material, statistics, and reading games back as records.

use crate::answer::{Answer, MoveCounts, TopGame};
use crate::backend::{Arg, Row, SqlError};
use crate::import::{outcome_code, outcome_from_code, variant_code};
use crate::key::{decode_moves, move_from_code, position_key};
use crate::material::Material;
use crate::opening::{classify, Lang, Opening};
use crate::{Backend, Database, DbError};
use chuhan::{Position, Variant};
use chuhan_record::tree::{Line, Node};
use chuhan_record::{Headers, Record, RecordResult};

/// One move of the explorer: how often it was played from the position and how it scored for
/// the side that played it.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct MoveStats {
    /// The move in coordinates (`h2e2`), in the asker's frame (a mirrored or colour-swapped
    /// occurrence is turned back).
    #[serde(rename = "move")]
    pub mv: String,
    /// Games that played it here.
    pub games: u64,
    /// Won by the side to move.
    pub wins: u64,
    /// Drawn.
    pub draws: u64,
    /// Lost by the side to move.
    pub losses: u64,
    /// Games with no known result.
    pub unknown: u64,
    /// The score for the side to move, (wins + draws / 2) / decided games; `None` if no game
    /// has a result.
    pub score: Option<f64>,
    /// Draws / games with a result.
    pub draw_rate: Option<f64>,
    /// The last year it was played, where dates are known.
    pub last_year: Option<i64>,
}

/// A game as search results and the explorer list it.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct GameSummary {
    /// The game's id in this database.
    pub id: i64,
    /// Red (Cho).
    pub red: String,
    /// Black (Han).
    pub black: String,
    /// The event.
    pub event: String,
    /// The date as far as known: `1998-05-12`, `1998`.
    pub date: String,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// Plies of the main line.
    pub plies: i64,
    /// The opening's name, if it has one.
    pub opening: Option<String>,
    /// For the explorer: the move this game played from the position.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next: Option<String>,
}

/// What the explorer says about a position.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Explorer {
    /// Games that reached the position (each once, however often it recurred in the game).
    pub games: u64,
    /// The moves played from it, most played first.
    pub moves: Vec<MoveStats>,
    /// The position's opening name, if it has one.
    pub opening: Option<String>,
    /// The best-known games through it: both Elo ratings added highest (an unknown one counts
    /// 0), then the most recent (an unknown year last), then the first stored.
    pub top_games: Vec<GameSummary>,
}

/// What `search` selects; every field set must hold.
#[derive(Clone, Debug, Default)]
pub struct SearchFilter {
    /// A player on either side (a substring, case ignored for ASCII).
    pub player: Option<String>,
    /// Red (Cho) (a substring).
    pub red: Option<String>,
    /// Black (Han) (a substring).
    pub black: Option<String>,
    /// The event (a substring).
    pub event: Option<String>,
    /// Played on or after this date (`1998`, `1998-05`, `1998-05-12`).
    pub from: Option<String>,
    /// Played on or before this date; a year or month means its end.
    pub to: Option<String>,
    /// The result.
    pub result: Option<RecordResult>,
    /// An opening code or any part of a name ([`Opening::matching`]).
    pub opening: Option<String>,
    /// Games that reached this position (under the database's fold).
    pub position: Option<Position>,
    /// Games in which this material stood on the board at some point, either side having
    /// either half.
    pub material: Option<Material>,
    /// The variant.
    pub variant: Option<Variant>,
    /// At most this many games (default 100).
    pub limit: Option<usize>,
    /// Leaves out this many games first (for pages of results; default none).
    pub offset: Option<usize>,
}

/// Counts over the whole database.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Stats {
    /// Games stored.
    pub games: u64,
    /// Xiangqi games.
    pub xiangqi: u64,
    /// Janggi games.
    pub janggi: u64,
    /// Red (Cho) wins, Black (Han) wins, draws, unknown.
    pub results: [u64; 4],
    /// Rows of the position index (one per position of every game).
    pub positions: u64,
    /// Distinct players.
    pub players: u64,
    /// The first and last year, where dates are known.
    pub years: Option<(i64, i64)>,
    /// The most played openings: name and games.
    pub openings: Vec<(String, u64)>,
    /// The database's size in bytes (SQLite: the pages in use; PostgreSQL: its tables with
    /// their indexes).
    pub bytes: u64,
    /// `bytes` per index row.
    pub bytes_per_position: Option<f64>,
    /// The position fold.
    pub fold: String,
}

fn ratio(a: f64, b: u64) -> Option<f64> {
    (b > 0).then(|| a / b as f64)
}

fn opening_name(code: Option<String>, lang: Lang) -> Option<String> {
    let code = code?;
    Opening::all().into_iter().find(|o| o.code() == code).map(|o| o.name(lang))
}

const SUMMARY_COLUMNS: &str = "g.id, g.red, g.black, g.event, g.date, g.result, g.plies, g.opening";

fn summary(r: &Row, lang: Lang) -> Result<GameSummary, SqlError> {
    Ok(GameSummary {
        id: r.int(0)?,
        red: r.text(1)?,
        black: r.text(2)?,
        event: r.text(3)?,
        date: r.text(4)?,
        result: outcome_from_code(r.int(5)?).pgn().to_string(),
        plies: r.int(6)?,
        opening: opening_name(r.opt_text(7)?, lang),
        next: None,
    })
}

/// The last day a `to` date names: `1998` → `1998-12-31`, `1998-05` → `1998-05-31`.
fn end_of(date: &str) -> String {
    match date.len() {
        4 => format!("{date}-12-31"),
        7 => format!("{date}-31"),
        _ => date.to_string(),
    }
}

impl Database {
    /// The moves played from `pos` and how they scored, with the best-known games through it
    /// (at most `top` of them). Memory is the number of distinct moves, whatever the collection.
    pub fn explore(&self, pos: &Position, top: usize, lang: Lang) -> Result<Explorer, DbError> {
        let (key, frame) = position_key(pos, self.fold);
        let k = Arg::Int(key as i64);
        // A popular position's answer is stored ([`crate::popular`]); the others' is computed
        // from the index.
        let popular = self
            .conn
            .query_row("SELECT games FROM popular_positions WHERE key = ?1", std::slice::from_ref(&k))
            .and_then(|r| r.map(|r| r.int(0)).transpose())
            .map_err(|e| self.sql(e))?;
        let stored = popular.map(|games| self.stored_answer(&k, games, top)).transpose().map_err(|e| self.sql(e))?;
        let answer = match stored.flatten() {
            Some(a) => a,
            None => crate::answer::answer(&self.conn, key, top).map_err(|e| self.sql(e))?,
        };
        let corrupt = |code: i64| DbError::Corrupt {
            path: self.path.clone(),
            game: 0,
            why: format!("position index holds move code {code}"),
        };
        let mut moves = Vec::with_capacity(answer.moves.len());
        for m in &answer.moves {
            let mv = u16::try_from(m.code).ok().and_then(move_from_code).ok_or_else(|| corrupt(m.code))?;
            let [games, wins, draws, losses, unknown] = m.counts.map(|c| c as u64);
            let decided = wins + draws + losses;
            moves.push(MoveStats {
                mv: frame.apply(mv).to_string(),
                games,
                wins,
                draws,
                losses,
                unknown,
                score: ratio(wins as f64 + draws as f64 / 2.0, decided),
                draw_rate: ratio(draws as f64, decided),
                last_year: m.last_year,
            });
        }
        let ids: Vec<i64> = answer.top.iter().map(|g| g.game).collect();
        let mut summaries = std::collections::HashMap::new();
        if !ids.is_empty() {
            let (among, arg) = self.conn.among("g.id", "?1", &ids);
            let rows = self
                .conn
                .query(&format!("SELECT {SUMMARY_COLUMNS} FROM games g WHERE {among}"), &[arg])
                .map_err(|e| self.sql(e))?;
            for r in &rows {
                let s = summary(r, lang).map_err(|e| self.sql(e))?;
                summaries.insert(s.id, s);
            }
        }
        let top_games = answer
            .top
            .iter()
            .filter_map(|g| {
                let mut s = summaries.remove(&g.game)?;
                s.next = g
                    .next
                    .and_then(|n| u16::try_from(n >> 2).ok())
                    .and_then(move_from_code)
                    .map(|m| frame.apply(m).to_string());
                Some(s)
            })
            .collect();
        Ok(Explorer { games: answer.games as u64, moves, opening: classify(pos).map(|o| o.name(lang)), top_games })
    }

    /// A popular position's stored answer ([`crate::popular`]) with `games` games, or `None`
    /// when more best-known games are asked for than are kept.
    fn stored_answer(&self, key: &Arg, games: i64, top: usize) -> Result<Option<Answer>, SqlError> {
        if top > crate::popular::TOP_KEPT {
            return Ok(None);
        }
        let key_only = std::slice::from_ref(key);
        let moves = self
            .conn
            .query(
                "SELECT code, games, wins, draws, losses, unknown, last_year FROM popular_moves \
                 WHERE key = ?1 ORDER BY 2 DESC, 1",
                key_only,
            )?
            .iter()
            .map(|r| {
                let counts = [r.int(1)?, r.int(2)?, r.int(3)?, r.int(4)?, r.int(5)?];
                Ok(MoveCounts { code: r.int(0)?, counts, last_year: r.opt_int(6)? })
            })
            .collect::<Result<Vec<_>, SqlError>>()?;
        let top = self
            .conn
            .query(
                "SELECT elo, year, game, next FROM popular_games WHERE key = ?1 \
                 ORDER BY elo DESC, year DESC, game LIMIT ?2",
                &[key.clone(), Arg::Int(top as i64)],
            )?
            .iter()
            .map(|r| Ok(TopGame { elo: r.int(0)?, year: r.int(1)?, game: r.int(2)?, next: r.opt_int(3)? }))
            .collect::<Result<Vec<_>, SqlError>>()?;
        Ok(Some(Answer { games, moves, top }))
    }

    /// The games `filter` selects, newest first (`limit` of them after the first `offset`).
    pub fn search(&self, filter: &SearchFilter, lang: Lang) -> Result<Vec<GameSummary>, DbError> {
        let (where_, mut args) = self.selection(filter)?;
        let mut arg = |v: Arg| {
            args.push(v);
            format!("?{}", args.len())
        };
        let limit = arg(Arg::Int(filter.limit.unwrap_or(100).min(i64::MAX as usize) as i64));
        let offset = arg(Arg::Int(filter.offset.unwrap_or(0).min(i64::MAX as usize) as i64));
        let sql = format!(
            "SELECT {SUMMARY_COLUMNS} FROM games g {where_} ORDER BY g.date DESC, g.id LIMIT {limit} OFFSET {offset}"
        );
        let rows = self.conn.query(&sql, &args).map_err(|e| self.sql(e))?;
        rows.iter().map(|r| summary(r, lang)).collect::<Result<Vec<_>, _>>().map_err(|e| self.sql(e))
    }

    /// How many games `filter` selects in all (its `limit` and `offset` aside): the total of
    /// a page of [`Database::search`].
    pub fn count(&self, filter: &SearchFilter) -> Result<u64, DbError> {
        let (where_, args) = self.selection(filter)?;
        let row = self
            .conn
            .query_row(&format!("SELECT COUNT(*) FROM games g {where_}"), &args)
            .and_then(|r| r.map(|r| r.int(0)).transpose())
            .map_err(|e| self.sql(e))?;
        Ok(row.unwrap_or(0).max(0) as u64)
    }

    /// The `WHERE` clause of `filter` over `games g`, and its arguments.
    fn selection(&self, filter: &SearchFilter) -> Result<(String, Vec<Arg>), DbError> {
        let mut clauses: Vec<String> = Vec::new();
        let mut args: Vec<Arg> = Vec::new();
        let arg = |args: &mut Vec<Arg>, v: Arg| {
            args.push(v);
            format!("?{}", args.len())
        };
        let like =
            |s: &str| Arg::Text(format!("%{}%", s.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_")));
        let op = self.conn.like();
        if let Some(p) = &filter.player {
            let a = arg(&mut args, like(p));
            clauses.push(format!("(g.red {op} {a} ESCAPE '\\' OR g.black {op} {a} ESCAPE '\\')"));
        }
        for (column, value) in [("g.red", &filter.red), ("g.black", &filter.black), ("g.event", &filter.event)] {
            if let Some(v) = value {
                let a = arg(&mut args, like(v));
                clauses.push(format!("{column} {op} {a} ESCAPE '\\'"));
            }
        }
        if let Some(d) = &filter.from {
            let a = arg(&mut args, Arg::Text(crate::import::normalise_date(d)));
            clauses.push(format!("g.date <> '' AND g.date >= {a}"));
        }
        if let Some(d) = &filter.to {
            let a = arg(&mut args, Arg::Text(end_of(&crate::import::normalise_date(d))));
            clauses.push(format!("g.date <> '' AND g.date <= {a}"));
        }
        if let Some(r) = filter.result {
            let a = arg(&mut args, Arg::Int(outcome_code(r)));
            clauses.push(format!("g.result = {a}"));
        }
        if let Some(v) = filter.variant {
            let a = arg(&mut args, Arg::Int(variant_code(v)));
            clauses.push(format!("g.variant = {a}"));
        }
        if let Some(o) = &filter.opening {
            let codes: Vec<String> =
                Opening::matching(o).into_iter().map(|o| arg(&mut args, Arg::Text(o.code()))).collect();
            if codes.is_empty() {
                clauses.push("1 = 0".into());
            } else {
                clauses.push(format!("g.opening IN ({})", codes.join(", ")));
            }
        }
        // The indexes give the games of a position or material: their ids go in as one list.
        let mut among = |conn: &crate::backend::Conn, args: &mut Vec<Arg>, index, keys: &[u64]| {
            let mut ids = Vec::new();
            for &key in keys {
                let found = crate::postings::lookup(conn, index, key).map_err(|e| self.sql(e))?;
                ids.extend(found.iter().map(|p| i64::from(p.game)));
            }
            ids.sort_unstable();
            ids.dedup();
            let (clause, list) = conn.among("g.id", &format!("?{}", args.len() + 1), &ids);
            args.push(list);
            clauses.push(clause);
            Ok::<(), DbError>(())
        };
        if let Some(pos) = &filter.position {
            among(&self.conn, &mut args, crate::postings::POSITIONS, &[position_key(pos, self.fold).0])?;
        }
        if let Some(m) = filter.material {
            let keys = [m.signature(), m.swapped().signature()].map(crate::postings::material_key);
            among(&self.conn, &mut args, crate::postings::MATERIALS, &keys)?;
        }
        let where_ = if clauses.is_empty() { String::new() } else { format!("WHERE {}", clauses.join(" AND ")) };
        Ok((where_, args))
    }

    /// Game `id` as a record: its headers as imported, its moves and result, and an `Opening`
    /// tag with its name in `lang` when it has one. `None` if there is no such game.
    pub fn record(&self, id: i64, lang: Lang) -> Result<Option<Record>, DbError> {
        let row = self
            .conn
            .query_row(
                "SELECT variant, start_fen, moves, result, headers, opening FROM games WHERE id = ?1",
                &[Arg::Int(id)],
            )
            .and_then(|row| {
                row.map(|r| -> Result<_, SqlError> {
                    Ok((r.int(0)?, r.opt_text(1)?, r.bytes(2)?, r.int(3)?, r.text(4)?, r.opt_text(5)?))
                })
                .transpose()
            })
            .map_err(|e| self.sql(e))?;
        let Some((variant, start_fen, moves, result, headers_text, opening)) = row else { return Ok(None) };
        let corrupt = |why: String| DbError::Corrupt { path: self.path.clone(), game: id, why };
        let variant = if variant == 1 { Variant::Janggi } else { Variant::Xiangqi };
        let mut record = Record::new(variant);
        if let Some(fen) = start_fen {
            record.start_fen = fen;
        }
        let moves = decode_moves(&moves).ok_or_else(|| corrupt("moves column is not a move list".into()))?;
        // Check the stored moves on the way out, so that a damaged file gives an error rather
        // than a record that no reader could read back.
        let mut pos = record.start_position().map_err(|e| corrupt(format!("start position: {e}")))?;
        for (i, &m) in moves.iter().enumerate() {
            pos.play(m).map_err(|e| corrupt(format!("ply {}: {e}", i + 1)))?;
        }
        record.main = Line { comment: None, nodes: moves.into_iter().map(Node::new).collect() };
        record.outcome = outcome_from_code(result);
        let mut headers = Headers::new();
        for line in headers_text.lines() {
            if let Some((k, v)) = line.split_once('\t') {
                headers.set(k, v);
            }
        }
        if let Some(name) = opening_name(opening, lang) {
            headers.set("Opening", name);
        }
        record.headers = headers;
        Ok(Some(record))
    }

    /// The games stored: what a page needs to show, without [`Database::stats`]'s counts over
    /// the whole position index (seconds on a big collection).
    pub fn game_count(&self) -> Result<u64, DbError> {
        let n = self.conn.query_int("SELECT COUNT(*) FROM games", &[]).map_err(|e| self.sql(e))?;
        Ok(n as u64)
    }

    /// Counts over the database; the `openings` most played openings.
    pub fn stats(&self, openings: usize, lang: Lang) -> Result<Stats, DbError> {
        let one = |sql: &str| -> Result<i64, DbError> { self.conn.query_int(sql, &[]).map_err(|e| self.sql(e)) };
        let games = one("SELECT COUNT(*) FROM games")? as u64;
        let janggi = one("SELECT COUNT(*) FROM games WHERE variant = 1")? as u64;
        let mut results = [0u64; 4];
        for (i, r) in results.iter_mut().enumerate() {
            *r = one(&format!("SELECT COUNT(*) FROM games WHERE result = {i}"))? as u64;
        }
        let positions = one("SELECT CAST(COALESCE(SUM(postings), 0) AS BIGINT) FROM position_runs")? as u64;
        let players = one("SELECT COUNT(*) FROM (SELECT red AS p FROM games WHERE red <> '' \
             UNION SELECT black FROM games WHERE black <> '') AS players")? as u64;
        let years = self
            .conn
            .query_row("SELECT MIN(year), MAX(year) FROM games", &[])
            .and_then(|r| r.map(|r| Ok((r.opt_int(0)?, r.opt_int(1)?))).transpose())
            .map_err(|e| self.sql(e))?;
        let openings = self
            .conn
            .query(
                "SELECT opening, COUNT(*) FROM games WHERE opening IS NOT NULL GROUP BY opening ORDER BY 2 DESC, 1 LIMIT ?1",
                &[Arg::Int(openings as i64)],
            )
            .and_then(|rows| rows.iter().map(|r| Ok((r.text(0)?, r.int(1)? as u64))).collect::<Result<Vec<_>, _>>())
            .map_err(|e| self.sql(e))?
            .into_iter()
            .map(|(code, n)| (opening_name(Some(code.clone()), lang).unwrap_or(code), n))
            .collect();
        let bytes = match self.conn.backend() {
            Backend::Sqlite => {
                let pages = one("PRAGMA page_count")? - one("PRAGMA freelist_count")?;
                (pages * one("PRAGMA page_size")?) as u64
            }
            // The tables of this database's schema with their indexes and TOAST.
            Backend::Postgres => {
                one("SELECT CAST(COALESCE(SUM(pg_total_relation_size(c.oid)), 0) AS BIGINT) FROM pg_class c \
                 JOIN pg_namespace n ON n.oid = c.relnamespace \
                 WHERE n.nspname = current_schema() AND c.relkind = 'r' \
                 AND c.relname IN ('meta', 'games', 'position_runs', 'material_runs', 'live_runs', 'imports', \
                 'popular_positions', 'popular_moves', 'popular_games')")? as u64
            }
        };
        Ok(Stats {
            games,
            xiangqi: games - janggi,
            janggi,
            results,
            positions,
            players,
            years: match years {
                Some((Some(a), Some(b))) => Some((a, b)),
                _ => None,
            },
            openings,
            bytes,
            bytes_per_position: ratio(bytes as f64, positions),
            fold: self.fold.name().to_string(),
        })
    }
}
