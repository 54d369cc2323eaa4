//! The store's rules, each test body run against SQLite and against PostgreSQL (a database of
//! its own on the cluster named by `CHUHAN_TEST_POSTGRES_URL`; without it the PostgreSQL half is
//! skipped with a message, or fails under CI=true).

use super::accounts::Account;
use super::*;
use rusqlite::Connection;
use sqlite::SCHEMA_V0;
use std::sync::Arc;

/// A name no other test run uses at once (databases on the shared test cluster).
fn unique() -> String {
    static N: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.subsec_nanos());
    format!("{:x}{:x}{}", std::process::id(), nanos, N.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
}

fn game(id: &str) -> StoredGame {
    StoredGame {
        id: id.into(),
        variant: "xiangqi".into(),
        mode: "friend".into(),
        level: 0,
        start_fen: chuhan::Variant::Xiangqi.start_fen().into(),
        tokens: BySide::new(Some("t".into()), None),
        base_ms: 0,
        increment_ms: 0,
        periods: 0,
        period_ms: 0,
        per_move_ms: 0,
        overruns: 0,
        names: BySide::new(None, None),
        rated: false,
        created: 1,
        accounts: BySide::new(None, None),
        engine: None,
    }
}

fn end(result: &str) -> StoredEnd {
    StoredEnd { result: result.into(), reason: "mate".into(), reasons: Default::default(), rating: None, opening: None }
}

fn mv(m: &str) -> StoredMove {
    StoredMove { mv: m.into(), clocks_ms: BySide::new(1, 2), periods: BySide::new(0, 1), at_ms: 1_700_000_000_000 }
}

/// The PostgreSQL test cluster's URL, if there is one.
pub(crate) fn pg_url() -> Option<String> {
    match std::env::var("CHUHAN_TEST_POSTGRES_URL") {
        Ok(url) if !url.is_empty() => Some(url),
        _ if std::env::var("CI").as_deref() == Ok("true") => {
            panic!(
                "CHUHAN_TEST_POSTGRES_URL is not set: the PostgreSQL tests cannot run (see scripts/pg-test-cluster.sh)"
            )
        }
        _ => {
            eprintln!("CHUHAN_TEST_POSTGRES_URL is not set: PostgreSQL half of the store tests skipped");
            None
        }
    }
}

/// A fresh database on the test cluster, for one test.
async fn pg_store(test: &str) -> Option<PgStore> {
    let url = pg_url()?;
    let name = format!("chuhan_store_{test}_{}", unique());
    let conn = pg::create_database(&url, &name).await.expect("test database");
    Some(PgStore::connect(&conn, "test").await.expect("PostgreSQL store"))
}

/// The back ends a test runs on: SQLite in a temporary directory, then PostgreSQL if there.
async fn stores(test: &str) -> (tempfile::TempDir, Vec<(&'static str, Arc<dyn Store>)>) {
    let dir = tempfile::tempdir().unwrap();
    let mut v: Vec<(&'static str, Arc<dyn Store>)> = vec![("sqlite", Arc::new(SqliteStore::open(dir.path()).unwrap()))];
    if let Some(pg) = pg_store(test).await {
        v.push(("postgres", Arc::new(pg)));
    }
    (dir, v)
}

#[tokio::test]
async fn a_game_and_its_moves_come_back() {
    let (_dir, stores) = stores("moves").await;
    for (name, store) in stores {
        // An engine game's other engine comes back by name (checked with the whole game below).
        let g = StoredGame {
            per_move_ms: 60_000,
            overruns: 3,
            base_ms: 1_200_000,
            engine: Some("Pikafish".into()),
            ..game("abc")
        };
        store.create(&g).await.unwrap();
        store.set_token("abc", Side::Second, "u", Some("Han Xin")).await.unwrap();
        store.add_move("abc", 0, &mv("h2e2")).await.unwrap();
        store.add_move("abc", 1, &mv("h9g7")).await.unwrap();
        store.truncate("abc", 2, 1).await.unwrap();
        assert_eq!(store.unfinished().await.unwrap(), vec!["abc".to_string()], "{name}");
        let (back, moves, end_, _) = store.load("abc").await.unwrap().unwrap();
        assert_eq!(
            back,
            StoredGame {
                tokens: BySide::new(Some("t".into()), Some("u".into())),
                names: BySide::new(None, Some("Han Xin".into())),
                ..g.clone()
            },
            "{name}"
        );
        assert_eq!(moves, vec![mv("h2e2")], "{name}");
        assert!(end_.is_none());
        // The ruling in every language comes back with the end (stored as one JSON column).
        let reasons: std::collections::BTreeMap<String, String> =
            [("en", "Red wins: checkmate"), ("zh-Hans", "红方胜：将死")].map(|(t, w)| (t.into(), w.into())).into();
        let ended = StoredEnd { reasons: reasons.clone(), ..end("1-0") };
        assert_eq!(store.finish("abc", 1, &ended).await.unwrap(), None, "{name}: not rated");
        assert!(store.unfinished().await.unwrap().is_empty(), "{name}");
        let archive = store.archive(10).await.unwrap();
        assert_eq!((archive[0].plies, archive[0].end.result.as_str()), (1, "1-0"), "{name}");
        assert_eq!(archive[0].end.reasons, reasons, "{name}");
        assert_eq!(store.load("abc").await.unwrap().unwrap().2.unwrap().reasons, reasons, "{name}");
        assert!(store.load("nope").await.unwrap().is_none(), "{name}");
        assert!(store.ratings(Variant::Xiangqi, 10).await.unwrap().is_empty(), "{name}");
    }
}

#[tokio::test]
async fn offers_are_stored_once_and_a_takeback_deletes_no_move_it_did_not_see() {
    let (_dir, stores) = stores("offers").await;
    let (red, black) = (Some(Side::First), Some(Side::Second));
    for (name, store) in stores {
        store.create(&game("o")).await.unwrap();
        store.add_move("o", 0, &mv("h2e2")).await.unwrap();
        let none = Offers::default();
        let draw = |s| Offers { draw: s, takeback: None };
        store.set_offers("o", 1, none, draw(black)).await.unwrap();
        let (_, _, _, o) = store.load("o").await.unwrap().unwrap();
        assert_eq!(o, StoredOffers { offers: draw(black), plies: 1 }, "{name}");
        // Red, on another server, had not seen Black's offer: refused, it must look again.
        let e = store.set_offers("o", 1, none, draw(red)).await.unwrap_err();
        assert!(matches!(e.downcast_ref::<Conflict>(), Some(Conflict::Offers { .. })), "{name}: {e:#}");
        // Offers for a position the game has left are refused.
        let e = store.set_offers("o", 0, none, draw(red)).await.unwrap_err();
        assert!(matches!(e.downcast_ref::<Conflict>(), Some(Conflict::Moved { .. })), "{name}: {e:#}");
        // After a move the stored offers are the room's business (they stay as written, with
        // their number of moves); new ones are written over them.
        store.add_move("o", 1, &mv("h9g7")).await.unwrap();
        let ask = Offers { draw: black, takeback: black };
        store.set_offers("o", 2, none, ask).await.unwrap();
        // A takeback agreed after 2 moves while a third was stored (on another server) would
        // delete a move its player was told of: refused.
        store.add_move("o", 2, &mv("h0g2")).await.unwrap();
        let e = store.truncate("o", 2, 1).await.unwrap_err();
        assert!(matches!(e.downcast_ref::<Conflict>(), Some(Conflict::Moved { stored: 3, .. })), "{name}: {e:#}");
        // Agreed on what is stored: the moves go, and the offers with them.
        store.truncate("o", 3, 1).await.unwrap();
        let (_, moves, _, o) = store.load("o").await.unwrap().unwrap();
        assert_eq!((moves.len(), o), (1, StoredOffers { offers: none, plies: 1 }), "{name}");
        store.finish("o", 1, &end("1-0")).await.unwrap();
        let e = store.set_offers("o", 1, none, draw(red)).await.unwrap_err();
        assert!(matches!(e.downcast_ref::<Conflict>(), Some(Conflict::Over { .. })), "{name}: {e:#}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn moves_of_many_games_at_once_are_each_stored_or_refused_alone() {
    // Many writers at once: SQLite commits them by groups, PostgreSQL each in its own
    // transaction; either way each write is answered on its own, a refused one among them
    // (a second ply 0) changes nothing, and the others are all stored.
    let (_dir, stores) = stores("group").await;
    for (name, store) in stores {
        let ids: Vec<String> = (0..40).map(|i| format!("g{i}")).collect();
        for id in &ids {
            store.create(&game(id)).await.unwrap();
        }
        let mut tasks = Vec::new();
        for id in ids.clone() {
            let store = store.clone();
            tasks.push(tokio::spawn(async move {
                let first = store.add_move(&id, 0, &mv("h2e2")).await;
                let again = store.add_move(&id, 0, &mv("b2e2")).await;
                let second = store.add_move(&id, 1, &mv("h9g7")).await;
                (first.is_ok(), again.is_err(), second.is_ok())
            }));
        }
        for t in tasks {
            assert_eq!(t.await.unwrap(), (true, true, true), "{name}");
        }
        for id in &ids {
            let (_, moves, _, _) = store.load(id).await.unwrap().unwrap();
            assert_eq!(moves.iter().map(|m| m.mv.as_str()).collect::<Vec<_>>(), ["h2e2", "h9g7"], "{name} {id}");
        }
    }
}

#[tokio::test]
async fn a_ply_is_stored_once_and_never_after_the_end() {
    let (_dir, stores) = stores("plies").await;
    for (name, store) in stores {
        store.create(&game("p")).await.unwrap();
        store.add_move("p", 0, &mv("h2e2")).await.unwrap();
        // A second server storing ply 0 again, or one that skips a ply, is told it is behind.
        let e = store.add_move("p", 0, &mv("b2e2")).await.unwrap_err();
        assert_eq!(
            e.downcast_ref::<Conflict>(),
            Some(&Conflict::Moved { id: "p".into(), ply: 0, stored: 1 }),
            "{name}: {e:#}"
        );
        let e = store.add_move("p", 2, &mv("h9g7")).await.unwrap_err();
        assert!(matches!(e.downcast_ref::<Conflict>(), Some(Conflict::Moved { .. })), "{name}: {e:#}");
        let e = store.add_move("none", 0, &mv("h2e2")).await.unwrap_err();
        assert!(matches!(e.downcast_ref::<Conflict>(), Some(Conflict::Missing { .. })), "{name}: {e:#}");
        // An end judged before a move that another server stored is refused.
        store.add_move("p", 1, &mv("h9g7")).await.unwrap();
        let e = store.finish("p", 1, &end("0-1")).await.unwrap_err();
        assert!(matches!(e.downcast_ref::<Conflict>(), Some(Conflict::Moved { stored: 2, .. })), "{name}: {e:#}");
        store.finish("p", 2, &end("1-0")).await.unwrap();
        let e = store.add_move("p", 2, &mv("h0g2")).await.unwrap_err();
        assert!(matches!(e.downcast_ref::<Conflict>(), Some(Conflict::Over { .. })), "{name}: {e:#}");
        let (_, moves, end_, _) = store.load("p").await.unwrap().unwrap();
        assert_eq!((moves.len(), end_.unwrap().result.as_str()), (2, "1-0"), "{name}");
    }
}

/// Accounts named `names`, seated as Red and Black of a new rated game `id` of `variant`.
async fn seated(store: &Arc<dyn Store>, id: &str, variant: &str, seats: (&Account, &Account)) {
    store.create(&StoredGame { variant: variant.into(), rated: true, ..game(id) }).await.unwrap();
    store.seat_account(id, Side::First, seats.0).await.unwrap();
    store.seat_account(id, Side::Second, seats.1).await.unwrap();
}

#[tokio::test]
async fn a_rated_game_between_accounts_changes_ratings_once() {
    use accounts::{AccountError, GamesFilter, PlayerResult};
    use glicko::Speed;
    let (_dir, stores) = stores("rated").await;
    for (name, store) in stores {
        let liu = store.create_account("Liu Bang", "$argon2id$hash-a", 100).await.unwrap();
        let xiang = store.create_account("项羽", "$argon2id$hash-b", 100).await.unwrap();
        let err = store.create_account("liu BANG", "h", 100).await.unwrap_err();
        assert_eq!(err.downcast_ref::<AccountError>(), Some(&AccountError::NameTaken("liu BANG".into())), "{name}");
        seated(&store, "g1", "xiangqi", (&liu, &xiang)).await;
        let change = store.finish("g1", 2, &end("0-1")).await.unwrap().expect("rated");
        assert_eq!(change.before, BySide::new(1500.0, 1500.0), "{name}");
        assert!(change.after.first < 1400.0 && change.after.second > 1600.0, "{name}: {change:?}");
        assert_eq!(store.finish("g1", 2, &end("1-0")).await.unwrap(), None, "{name}: a game ends once");
        assert_eq!(store.load("g1").await.unwrap().unwrap().2.unwrap().rating, Some(change), "{name}");
        let top = store.leaderboard("xiangqi", Speed::Classical, 10).await.unwrap();
        assert_eq!(
            top.iter().map(|(n, g)| (n.as_str(), g.rating)).collect::<Vec<_>>(),
            [("项羽", change.after.second), ("Liu Bang", change.after.first)],
            "{name}"
        );
        // Not rated: created unrated; one seat a guest; aborted before both sides moved.
        store.create(&StoredGame { rated: false, ..game("g2") }).await.unwrap();
        store.seat_account("g2", Side::First, &liu).await.unwrap();
        store.seat_account("g2", Side::Second, &xiang).await.unwrap();
        assert_eq!(store.finish("g2", 2, &end("1-0")).await.unwrap(), None, "{name}");
        store
            .create(&StoredGame { rated: true, names: BySide::new(None, Some("guest".into())), ..game("g3") })
            .await
            .unwrap();
        store.seat_account("g3", Side::First, &liu).await.unwrap();
        assert_eq!(store.finish("g3", 2, &end("1-0")).await.unwrap(), None, "{name}");
        seated(&store, "g4", "xiangqi", (&liu, &xiang)).await;
        assert_eq!(store.finish("g4", 1, &end("0-1")).await.unwrap(), None, "{name}: aborted");
        // A janggi game between them starts a janggi pool and leaves the xiangqi one alone.
        seated(&store, "g5", "janggi", (&xiang, &liu)).await;
        let j = store.finish("g5", 2, &end("1/2-1/2")).await.unwrap().unwrap();
        assert_eq!(j.before, BySide::new(1500.0, 1500.0), "{name}");
        // Two more xiangqi games count; past the third in a day, none does.
        for (i, counted) in [(6, true), (7, true), (8, false)] {
            seated(&store, &format!("g{i}"), "xiangqi", (&xiang, &liu)).await;
            let ruled = StoredEnd { reasons: [("ko".to_string(), "홍 승: 외통".to_string())].into(), ..end("1-0") };
            let c = store.finish(&format!("g{i}"), 30, &ruled).await.unwrap();
            assert_eq!(c.is_some(), counted, "{name}: game {i}");
        }
        let profile = store.profile("LIU bang").await.unwrap().unwrap();
        assert_eq!(profile.account, liu, "{name}");
        assert_eq!((profile.games, profile.wins, profile.draws, profile.losses), (8, 2, 1, 5), "{name}");
        let pools: Vec<_> = profile.ratings.iter().map(|r| (r.variant.as_str(), r.speed, r.glicko.games)).collect();
        assert_eq!(pools, [("janggi", Speed::Classical, 1), ("xiangqi", Speed::Classical, 3)], "{name}");
        assert!(profile.ratings[1].glicko.provisional(), "{name}");
        let history: Vec<_> = profile.history.iter().map(|p| p.game.as_str()).collect();
        assert_eq!(history, ["g1", "g5", "g6", "g7"], "{name}");
        assert_eq!(profile.history[0].rating, change.after.first, "{name}");
        // The player's games, newest first, with filters and pages.
        let all = GamesFilter { limit: 20, ..GamesFilter::default() };
        let (total, games) = store.player_games(liu.id, &all).await.unwrap();
        assert_eq!(total, 8, "{name}");
        assert_eq!(
            games.iter().map(|g| g.entry.id.as_str()).collect::<Vec<_>>(),
            ["g8", "g7", "g6", "g5", "g4", "g3", "g2", "g1"],
            "{name}"
        );
        assert_eq!((games[0].side, games[0].rated, games[0].entry.end.rating), (Side::Second, true, None), "{name}");
        assert_eq!(games[0].entry.end.reasons["ko"], "홍 승: 외통", "{name}");
        assert!(games[1].entry.end.rating.is_some(), "{name}");
        assert_eq!(games[5].entry.names.second.as_deref(), Some("guest"), "{name}");
        let wins = GamesFilter { result: Some(PlayerResult::Win), ..all.clone() };
        let (n, won) = store.player_games(liu.id, &wins).await.unwrap();
        assert_eq!((n, won.iter().map(|g| g.entry.id.as_str()).collect::<Vec<_>>()), (2, vec!["g3", "g2"]), "{name}");
        let janggi = GamesFilter { variant: Some("janggi".into()), ..all.clone() };
        assert_eq!(store.player_games(liu.id, &janggi).await.unwrap().0, 1, "{name}");
        let against = GamesFilter { opponent: Some("guest".into()), ..all.clone() };
        assert_eq!(store.player_games(liu.id, &against).await.unwrap().0, 1, "{name}");
        let page = GamesFilter { offset: 6, limit: 5, ..all.clone() };
        let (n, rest) = store.player_games(liu.id, &page).await.unwrap();
        assert_eq!((n, rest.len()), (8, 2), "{name}");
        let none = GamesFilter { openings: Some(vec![]), ..all.clone() };
        assert_eq!(store.player_games(liu.id, &none).await.unwrap().0, 0, "{name}");
    }
}

#[tokio::test]
async fn sessions_logins_and_deleted_accounts() {
    use accounts::GamesFilter;
    let (_dir, stores) = stores("accounts").await;
    for (name, store) in stores {
        let ann = store.create_account("Ann", "$argon2id$one", 10).await.unwrap();
        let bob = store.create_account("철수", "$argon2id$two", 10).await.unwrap();
        let c = store.credentials("ANN").await.unwrap().unwrap();
        assert_eq!(
            (c.account.clone(), c.password_hash.as_str(), c.failed_logins),
            (ann.clone(), "$argon2id$one", 0),
            "{name}"
        );
        assert_eq!(store.credentials("nobody").await.unwrap(), None, "{name}");
        // Sessions: valid until they expire, ended by logging out or a new password.
        store.start_session("s1", ann.id, 100, 200).await.unwrap();
        store.start_session("s2", ann.id, 100, 200).await.unwrap();
        store.start_session("s3", ann.id, 100, 200).await.unwrap();
        assert_eq!(store.session("s1", 150).await.unwrap(), Some(ann.clone()), "{name}");
        assert_eq!(store.session("s1", 200).await.unwrap(), None, "{name}: expired");
        store.end_session("s1").await.unwrap();
        assert_eq!(store.session("s1", 150).await.unwrap(), None, "{name}");
        store.set_password(ann.id, "$argon2id$new", Some("s2")).await.unwrap();
        assert_eq!(store.session("s2", 150).await.unwrap(), Some(ann.clone()), "{name}: kept");
        assert_eq!(store.session("s3", 150).await.unwrap(), None, "{name}: ended by the new password");
        assert_eq!(store.credentials("ann").await.unwrap().unwrap().password_hash, "$argon2id$new", "{name}");
        // Failed logins count within a window, start again after it, and clear on success.
        assert_eq!(store.login_failed(ann.id, 1000, 900).await.unwrap(), 1, "{name}");
        assert_eq!(store.login_failed(ann.id, 1500, 900).await.unwrap(), 2, "{name}");
        assert_eq!(store.credentials("ann").await.unwrap().unwrap().failed_since, 1000, "{name}");
        assert_eq!(store.login_failed(ann.id, 2000, 900).await.unwrap(), 1, "{name}: a new window");
        store.login_succeeded(ann.id).await.unwrap();
        assert_eq!(store.credentials("ann").await.unwrap().unwrap().failed_logins, 0, "{name}");
        // Deleting: sessions, ratings gone; games stay under "deleted player"; the name is free.
        seated(&store, "d1", "xiangqi", (&ann, &bob)).await;
        store.finish("d1", 10, &end("1-0")).await.unwrap().expect("rated");
        store.delete_account(ann.id).await.unwrap();
        assert_eq!(store.session("s2", 150).await.unwrap(), None, "{name}");
        assert_eq!(store.profile("ann").await.unwrap(), None, "{name}");
        let (_, games) = store.player_games(bob.id, &GamesFilter { limit: 5, ..GamesFilter::default() }).await.unwrap();
        assert_eq!(games[0].entry.names.first.as_deref(), Some(accounts::DELETED_PLAYER), "{name}");
        assert_eq!(store.leaderboard("xiangqi", glicko::Speed::Classical, 5).await.unwrap().len(), 1, "{name}");
        let again = store.create_account("ann", "$argon2id$three", 20).await.unwrap();
        assert_ne!(again.id, ann.id, "{name}");
        assert_eq!(
            store.profile("ann").await.unwrap().unwrap().games,
            0,
            "{name}: the old games are not the new Ann's"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn rated_games_ending_at_once_lose_no_update() {
    let (_dir, stores) = stores("race").await;
    for (name, store) in stores {
        // Twenty games of Ann against twenty others end at the same moment: Ann's record must
        // count all twenty (a lost update would leave fewer).
        let n = 20;
        let ann = store.create_account("Ann", "h", 1).await.unwrap();
        for i in 0..n {
            let other = store.create_account(&format!("P{i}"), "h", 1).await.unwrap();
            seated(&store, &format!("r{i}"), "xiangqi", (&ann, &other)).await;
        }
        let tasks: Vec<_> = (0..n)
            .map(|i| {
                let store = store.clone();
                tokio::spawn(async move { store.finish(&format!("r{i}"), 2, &end("1-0")).await })
            })
            .collect();
        for t in tasks {
            t.await.unwrap().unwrap().expect("rated");
        }
        let profile = store.profile("ann").await.unwrap().unwrap();
        let g = profile.ratings[0].glicko;
        assert_eq!((g.games, g.wins), (n, n), "{name}");
        assert_eq!(profile.history.len(), n as usize, "{name}");
        let others: u32 = store
            .leaderboard("xiangqi", glicko::Speed::Classical, 30)
            .await
            .unwrap()
            .iter()
            .map(|(_, g)| g.losses)
            .sum();
        assert_eq!(others, n, "{name}");
    }
}

#[tokio::test]
async fn postgres_migrates_once_when_servers_start_together() {
    let Some(url) = pg_url() else { return };
    let db = pg::create_database(&url, &format!("chuhan_store_migrate_{}", unique())).await.unwrap();
    let (a, b) = tokio::join!(PgStore::connect(&db, "a"), PgStore::connect(&db, "b"));
    let (a, _b) = (a.unwrap(), b.unwrap());
    let client = a.client().await.unwrap();
    let versions: Vec<i32> = client
        .query("SELECT version FROM chuhan_migrations ORDER BY version", &[])
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(versions, (1..=pg::MIGRATIONS.len() as i32).collect::<Vec<_>>());
    let Err(e) = PgStore::connect("mysql://nope", "c").await else { panic!("a MySQL URL was taken") };
    assert!(e.to_string().contains("--store"), "{e}");
}

#[tokio::test]
async fn a_version_1_database_gets_ratings_by_game_from_its_rated_games() {
    let dir = tempfile::tempdir().unwrap();
    {
        // As version 1 wrote it: one pool, moved by a xiangqi win and a janggi loss of Ann.
        let conn = Connection::open(dir.path().join("games.sqlite3")).unwrap();
        conn.execute_batch(SCHEMA_V0).unwrap();
        conn.execute_batch(sqlite::MIGRATION_V1).unwrap();
        conn.pragma_update(None, "user_version", 1).unwrap();
        conn.execute_batch(
            "INSERT INTO games (id, variant, mode, level, start_fen, base_ms, increment_ms, periods, period_ms,
             created, result, reason, finished, red_name, black_name, rated) VALUES
             ('x1', 'xiangqi', 'friend', 0, 'x', 0, 0, 0, 0, 1, '1-0', 'mate', 10, 'Ann', 'Bo', 1),
             ('j1', 'janggi', 'friend', 0, 'j', 0, 0, 0, 0, 2, '0-1', 'mate', 20, 'Ann', 'Bo', 1),
             ('x2', 'xiangqi', 'friend', 0, 'x', 0, 0, 0, 0, 3, '1-0', 'mate', 30, 'Ann', 'Cy', 0);
             INSERT INTO players VALUES ('Ann', 1500.7, 2, 1, 0, 1), ('Bo', 1499.3, 2, 1, 0, 1);",
        )
        .unwrap();
    }
    let store = SqliteStore::open(dir.path()).unwrap();
    let x = store.ratings(Variant::Xiangqi, 10).await.unwrap();
    assert_eq!(
        x.iter().map(|p| (p.name.as_str(), p.rating, p.games)).collect::<Vec<_>>(),
        [("Ann", 1516.0, 1), ("Bo", 1484.0, 1)]
    );
    let j = store.ratings(Variant::Janggi, 10).await.unwrap();
    assert_eq!(
        j.iter().map(|p| (p.name.as_str(), p.rating, p.wins)).collect::<Vec<_>>(),
        [("Bo", 1516.0, 1), ("Ann", 1484.0, 0)]
    );
    // The old pool is kept as it was.
    let conn = store.conn();
    let old: f64 = conn.query_row("SELECT rating FROM players WHERE name = 'Ann'", [], |r| r.get(0)).unwrap();
    assert_eq!(old, 1500.7);
}

#[tokio::test]
async fn a_database_of_the_first_schema_is_migrated_and_read() {
    let dir = tempfile::tempdir().unwrap();
    {
        // A database as the first release wrote it.
        let conn = Connection::open(dir.path().join("games.sqlite3")).unwrap();
        conn.execute_batch(SCHEMA_V0).unwrap();
        conn.execute_batch(
            "INSERT INTO games (id, variant, mode, level, start_fen, red_token, black_token, base_ms,
             increment_ms, periods, period_ms, created) VALUES ('old', 'xiangqi', 'friend', 0,
             'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1', 'r', 'b', 60000, 2000, 3, 5000, 7);
             INSERT INTO moves VALUES ('old', 0, 'h2e2', 60000, 60000, 3, 3);",
        )
        .unwrap();
    }
    let store = SqliteStore::open(dir.path()).unwrap();
    let (g, moves, end_, _) = store.load("old").await.unwrap().unwrap();
    assert_eq!((g.base_ms, g.increment_ms, g.periods, g.period_ms), (60000, 2000, 3, 5000));
    assert_eq!((g.per_move_ms, g.overruns, g.names.clone(), g.rated), (0, 0, BySide::new(None, None), false));
    assert_eq!(g.engine, None, "an old game is against chuhan's own engine");
    assert_eq!(moves.len(), 1);
    assert!(end_.is_none());
    store
        .add_move(
            "old",
            1,
            &StoredMove { mv: "h9g7".into(), clocks_ms: BySide::new(1, 2), periods: BySide::new(3, 3), at_ms: 5 },
        )
        .await
        .unwrap();
    store.finish("old", 2, &end("1-0")).await.unwrap();
    drop(store);
    // Opening it again does not migrate twice.
    let store = SqliteStore::open(dir.path()).unwrap();
    assert_eq!(store.archive(5).await.unwrap()[0].plies, 2);
}

#[test]
fn a_notice_carries_a_move_and_anything_unreadable_reads_the_game_again() {
    use pg::{Change, Notice};
    let n = Notice { id: "abc".into(), origin: "s1".into(), change: Change::Move { ply: 7, stored: mv("h2e2") } };
    assert_eq!(Notice::parse(&n.payload()), n);
    let g = Notice { id: "abc".into(), origin: "s1".into(), change: Change::Game };
    assert_eq!(Notice::parse(&g.payload()), g);
    for bad in ["abc s1 move", "abc s1 move x h2e2 1 2 3 4 5", "abc s1 move 1 h2e2 1 2 3 -4 5", "abc s1 what"] {
        assert_eq!(Notice::parse(bad).change, Change::Game, "{bad}");
    }
}

/// A live database on PostgreSQL as each release left it, at today's newest migration and at
/// every one before: written the way those releases did (the table `chuhan_migrations` and the
/// migrations up to that one in one transaction, the SQL as released), with a game going on
/// and a finished one. Today's store opens it, finds both games, and play goes on.
#[tokio::test]
async fn postgres_databases_of_every_migration_open_and_their_games_are_found() {
    let Some(url) = pg_url() else { return };
    let start = chuhan::Variant::Xiangqi.start_fen();
    for version in (1..=pg::MIGRATIONS.len()).rev() {
        let db = pg::create_database(&url, &format!("chuhan_store_v{version}_{}", unique())).await.unwrap();
        let mut sql = "BEGIN; CREATE TABLE IF NOT EXISTS chuhan_migrations (version INTEGER PRIMARY KEY, \
                       applied BIGINT NOT NULL);"
            .to_string();
        for step in &pg::MIGRATIONS[..version] {
            let crate::migrate::Action::Sql(migration) = step.action else { panic!("PostgreSQL's steps are SQL") };
            sql += &format!("{migration}; INSERT INTO chuhan_migrations VALUES ({}, 1700000000);", step.version);
        }
        // The columns of migration 1, which every version has.
        sql += &format!(
            "INSERT INTO games (id, variant, mode, level, start_fen, red_token, black_token, base_ms, increment_ms,
             periods, period_ms, created, red_name, black_name, rated) VALUES
             ('old', 'xiangqi', 'friend', 0, '{start}', 'r', 'b', 60000, 2000, 3, 5000, 7, 'Ann', 'Bo', TRUE),
             ('done', 'janggi', 'friend', 0, 'x', 'r', 'b', 0, 0, 0, 0, 8, NULL, NULL, FALSE);
             UPDATE games SET result = '0-1', reason = 'mate', finished = 9 WHERE id = 'done';
             INSERT INTO moves (game_id, ply, mv, red_ms, black_ms, red_periods, black_periods) VALUES
             ('old', 0, 'h2e2', 59000, 60000, 3, 3), ('done', 0, 'h0g2', 0, 0, 0, 0);
             COMMIT;"
        );
        let (client, connection) = tokio_postgres::connect(&db, tokio_postgres::NoTls).await.unwrap();
        let task = tokio::spawn(connection);
        client.batch_execute(&sql).await.unwrap();
        drop(client);
        let _ = task.await;

        let store = PgStore::connect(&db, "test").await.unwrap();
        let v = format!("made at migration {version}");
        assert_eq!(store.unfinished().await.unwrap(), ["old"], "{v}");
        let (g, moves, end_, offers) = store.load("old").await.unwrap().unwrap();
        assert_eq!((g.base_ms, g.increment_ms, g.periods, g.period_ms, g.created), (60000, 2000, 3, 5000, 7), "{v}");
        assert_eq!((g.names.first.as_deref(), g.rated, g.engine.as_deref()), (Some("Ann"), true, None), "{v}");
        assert_eq!(g.start_fen, start, "{v}");
        assert_eq!(moves.len(), 1, "{v}");
        assert_eq!((moves[0].mv.as_str(), moves[0].clocks_ms.first, moves[0].at_ms), ("h2e2", 59000, 0), "{v}");
        assert!(end_.is_none(), "{v}");
        assert_eq!(offers, StoredOffers::default(), "{v}");
        let archive = store.archive(5).await.unwrap();
        assert_eq!((archive.len(), archive[0].id.as_str(), archive[0].plies), (1, "done", 1), "{v}");
        assert_eq!(store.load("done").await.unwrap().unwrap().2.unwrap().result, "0-1", "{v}");
        // Play goes on: a move (through the stored function of migration 4), offers, an end. The
        // game was rated between typed names, which no longer move ratings (only accounts do).
        store.add_move("old", 1, &mv("h9g7")).await.unwrap();
        store
            .set_offers("old", 2, Offers::default(), Offers { draw: Some(Side::First), takeback: None })
            .await
            .unwrap();
        assert_eq!(store.finish("old", 2, &end("1-0")).await.unwrap(), None, "{v}");
        assert_eq!(store.load("old").await.unwrap().unwrap().2.unwrap().result, "1-0", "{v}");
        let versions: Vec<i32> = store
            .client()
            .await
            .unwrap()
            .query("SELECT version FROM chuhan_migrations ORDER BY version", &[])
            .await
            .unwrap()
            .iter()
            .map(|r| r.get(0))
            .collect();
        assert_eq!(versions, (1..=pg::MIGRATIONS.len() as i32).collect::<Vec<_>>(), "{v}: each migration once");
    }
}

#[tokio::test]
async fn chat_lines_are_numbered_and_a_rematch_is_agreed_once_with_its_game() {
    use talk::{ChatLine, Rematch, TalkError};
    let (_dir, stores) = stores("talk").await;
    for (name, store) in stores {
        store.create(&game("t1")).await.unwrap();
        let line = |text: &str, side| ChatLine { n: 99, at: 5, author: "Ann".into(), side, text: text.into() };
        assert_eq!(store.add_chat("t1", &line("hi", Some(Side::First))).await.unwrap(), 0, "{name}");
        assert_eq!(store.add_chat("t1", &line("gg", None)).await.unwrap(), 1, "{name}");
        let err = store.add_chat("nope", &line("x", None)).await.unwrap_err();
        assert_eq!(err.downcast_ref::<TalkError>(), Some(&TalkError::Missing("nope".into())), "{name}");
        let lines = store.chat("t1", 10).await.unwrap();
        assert_eq!(
            lines.iter().map(|l| (l.n, l.text.as_str(), l.side)).collect::<Vec<_>>(),
            [(0, "hi", Some(Side::First)), (1, "gg", None)],
            "{name}"
        );
        assert_eq!(store.chat("t1", 1).await.unwrap()[0].text, "gg", "{name}: the last lines");
        // A rematch: asked, then agreed with its game in the same transaction; a second agreement
        // (another server's, on a stale view) is refused and stores no game.
        assert_eq!(store.rematch("t1").await.unwrap(), Rematch::default(), "{name}");
        let asked = Rematch { offer: Some(Side::Second), game: None };
        store.set_rematch("t1", &Rematch::default(), &asked, None).await.unwrap();
        let agreed = Rematch { offer: None, game: Some("t2".into()) };
        store.set_rematch("t1", &asked, &agreed, Some(&game("t2"))).await.unwrap();
        assert_eq!(store.rematch("t1").await.unwrap(), agreed, "{name}");
        assert!(store.load("t2").await.unwrap().is_some(), "{name}");
        let stale = Rematch { offer: None, game: Some("t3".into()) };
        let err = store.set_rematch("t1", &asked, &stale, Some(&game("t3"))).await.unwrap_err();
        assert_eq!(err.downcast_ref::<TalkError>(), Some(&TalkError::RematchChanged("t1".into())), "{name}");
        assert!(store.load("t3").await.unwrap().is_none(), "{name}: no game without its rematch");
    }
}

#[tokio::test]
async fn a_review_is_claimed_once_reports_progress_and_can_be_cancelled() {
    use reviews::ReviewState;
    let (_dir, stores) = stores("reviews").await;
    for (name, store) in stores {
        assert_eq!(store.review("g1").await.unwrap(), None, "{name}");
        // One server claims it; another (or the same again) does not while it is fresh.
        assert!(store.claim_review("g1", "a", 11, 1000, 60).await.unwrap(), "{name}");
        assert!(!store.claim_review("g1", "b", 11, 1010, 60).await.unwrap(), "{name}");
        assert!(store.review_progress("g1", "a", 3, 1020).await.unwrap(), "{name}");
        assert!(!store.review_progress("g1", "b", 4, 1020).await.unwrap(), "{name}: not b's");
        let r = store.review("g1").await.unwrap().unwrap();
        assert_eq!((r.state, r.done, r.total, r.owner.as_str()), (ReviewState::Running, 3, 11, "a"), "{name}");
        // Silent too long: its server died, another takes it over and the first one is told to stop.
        assert!(store.claim_review("g1", "b", 11, 1100, 60).await.unwrap(), "{name}");
        assert!(!store.review_progress("g1", "a", 4, 1101).await.unwrap(), "{name}");
        store.end_review("g1", "a", ReviewState::Done, Some("{}"), None, 1102).await.unwrap();
        assert_eq!(store.review("g1").await.unwrap().unwrap().state, ReviewState::Queued, "{name}: a's end ignored");
        store.end_review("g1", "b", ReviewState::Done, Some("{\"x\":1}"), None, 1103).await.unwrap();
        let r = store.review("g1").await.unwrap().unwrap();
        assert_eq!((r.state, r.result.as_deref()), (ReviewState::Done, Some("{\"x\":1}")), "{name}");
        // Done: never claimed again, nothing to cancel.
        assert!(!store.claim_review("g1", "c", 11, 9999, 60).await.unwrap(), "{name}");
        assert!(!store.cancel_review("g1", 9999).await.unwrap(), "{name}");

        // Cancelled by anyone: its runner is told to stop, and a new claim starts it again.
        assert!(store.claim_review("g2", "a", 5, 1000, 60).await.unwrap(), "{name}");
        assert!(store.cancel_review("g2", 1001).await.unwrap(), "{name}");
        assert!(!store.review_progress("g2", "a", 1, 1002).await.unwrap(), "{name}");
        store.end_review("g2", "a", ReviewState::Failed, None, Some("x"), 1003).await.unwrap();
        let r = store.review("g2").await.unwrap().unwrap();
        assert_eq!((r.state, r.reason.as_deref()), (ReviewState::Cancelled, Some("cancelled")), "{name}");
        assert!(store.claim_review("g2", "b", 5, 1004, 60).await.unwrap(), "{name}");
        assert_eq!(store.review("g2").await.unwrap().unwrap().state, ReviewState::Queued, "{name}");
    }
}

#[tokio::test]
async fn a_puzzle_attempt_moves_both_ratings_and_an_account_counts_once() {
    use glicko::Glicko;
    use puzzles::{Attempt, Solver};
    let (_dir, stores) = stores("puzzles").await;
    for (name, store) in stores {
        assert_eq!(store.puzzle_rating("p1").await.unwrap(), None, "{name}");
        let ann = store.create_account("Ann", "$argon2id$one", 10).await.unwrap();
        let at = |solver, solved, now| Attempt { puzzle: "p1".into(), initial: 1600.0, solver, solved, now };
        // Ann solves it: she goes up from 1500, the puzzle down from its set's 1600.
        let r = store.puzzle_attempt(&at(Solver::Account(ann.id), true, 100)).await.unwrap();
        assert!(r.counted, "{name}");
        assert_eq!((r.player.0.rating, r.puzzle.0.rating), (1500.0, 1600.0), "{name}");
        assert!(r.player.1.rating > 1500.0 && r.puzzle.1.rating < 1600.0, "{name}: {r:?}");
        assert_eq!(store.account_puzzle_rating(ann.id).await.unwrap(), Some(r.player.1), "{name}");
        assert_eq!(store.puzzle_rating("p1").await.unwrap(), Some(r.puzzle.1), "{name}");
        // Her second attempt changes nothing.
        let again = store.puzzle_attempt(&at(Solver::Account(ann.id), false, 101)).await.unwrap();
        assert!(!again.counted, "{name}");
        assert_eq!((again.player.1, again.puzzle.1), (r.player.1, r.puzzle.1), "{name}");
        // A guest fails it: the puzzle goes up; the guest's rating is not stored.
        let guest = Glicko { rating: 1400.0, deviation: 80.0, ..Glicko::default() };
        let g = store.puzzle_attempt(&at(Solver::Guest(guest), false, 102)).await.unwrap();
        assert!(g.counted && g.player.1.rating < 1400.0 && g.puzzle.1.rating > r.puzzle.1.rating, "{name}: {g:?}");
        assert_eq!(store.puzzle_rating("p1").await.unwrap().unwrap().games, 2, "{name}");
        // A deleted account takes its puzzle rating with it.
        store.delete_account(ann.id).await.unwrap();
        assert_eq!(store.account_puzzle_rating(ann.id).await.unwrap(), None, "{name}");
    }
}
