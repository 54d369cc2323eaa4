//! Room rules with made-up time: clocks given back by a takeback, CXA through the room, ratings
//! at the end of a rated game.

use super::*;
use crate::actions::{act, Action};
use crate::live::Live;
use crate::store::{SqliteStore, Store};
use chuhan::Side::{First as R, Second as B};
use serde_json::{json, Value};

/// The state frame as JSON, as the page reads it.
fn state_json(room: &Room, you: Option<Side>, notation: Notation, now: Instant) -> Value {
    serde_json::to_value(room.state(you, notation, now)).unwrap()
}

const S: Duration = Duration::from_secs(1);

fn stored(id: &str, base_ms: u64, per_move_ms: u64) -> StoredGame {
    StoredGame {
        id: id.into(),
        variant: "xiangqi".into(),
        mode: "friend".into(),
        level: 0,
        start_fen: Variant::Xiangqi.start_fen().into(),
        tokens: BySide::new(Some("r".into()), Some("b".into())),
        base_ms,
        increment_ms: 0,
        periods: 0,
        period_ms: 0,
        per_move_ms,
        overruns: if per_move_ms > 0 { 3 } else { 0 },
        names: BySide::new(None, None),
        rated: false,
        created: 0,
        accounts: BySide::new(None, None),
        engine: None,
    }
}

async fn room(store: &SqliteStore, g: &StoredGame, t0: Instant) -> Live {
    store.create(g).await.unwrap();
    Live::new(Room::from_stored(g, &[], None, t0).unwrap())
}

/// The room's changes as the server makes them ([`crate::actions`]), at made-up times.
trait At {
    async fn play(&self, side: Side, mv: Move, store: &SqliteStore, now: Instant) -> Result<(), RoomError>;
    async fn takeback(&self, side: Side, store: &SqliteStore, now: Instant) -> Result<(), RoomError>;
    async fn resign(&self, side: Side, store: &SqliteStore, now: Instant) -> Result<(), RoomError>;
    /// Whether the flag fell (and the game ended on time).
    async fn flag_at(&self, store: &SqliteStore, now: Instant) -> bool;
}

impl At for Live {
    async fn play(&self, side: Side, mv: Move, store: &SqliteStore, now: Instant) -> Result<(), RoomError> {
        act(self, store, Action::Move(side, mv), now).await.1
    }
    async fn takeback(&self, side: Side, store: &SqliteStore, now: Instant) -> Result<(), RoomError> {
        act(self, store, Action::Takeback(side), now).await.1
    }
    async fn resign(&self, side: Side, store: &SqliteStore, now: Instant) -> Result<(), RoomError> {
        act(self, store, Action::Resign(side), now).await.1
    }
    async fn flag_at(&self, store: &SqliteStore, now: Instant) -> bool {
        act(self, store, Action::Flag, now).await.0
    }
}

fn left(r: &Room, side: Side, now: Instant) -> Duration {
    r.clocks.as_ref().unwrap().show(side, now).left
}

#[tokio::test]
async fn an_accepted_takeback_gives_the_time_back() {
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(dir.path()).unwrap();
    let t0 = Instant::now();
    let r = room(&store, &stored("tb", 600_000, 0), t0).await;
    let mv = |s: &str| s.parse::<Move>().unwrap();
    r.play(R, mv("h2e2"), &store, t0 + 5 * S).await.unwrap(); // not timed: Red's first move
    r.play(B, mv("h9g7"), &store, t0 + 35 * S).await.unwrap(); // not timed: Black's first move
    r.play(R, mv("h0g2"), &store, t0 + 95 * S).await.unwrap(); // Red: 60 s
    r.play(B, mv("i9h9"), &store, t0 + 125 * S).await.unwrap(); // Black: 30 s
    r.play(R, mv("i0h0"), &store, t0 + 135 * S).await.unwrap(); // Red: 10 s
    {
        let g = r.lock();
        assert_eq!((left(&g, R, t0 + 135 * S), left(&g, B, t0 + 135 * S)), (530 * S, 570 * S));
    }
    // Red asks at 140 s, Black agrees at 160 s (Black's clock runs meanwhile).
    r.takeback(R, &store, t0 + 140 * S).await.unwrap();
    r.takeback(B, &store, t0 + 160 * S).await.unwrap();
    assert_eq!(r.lock().game.ply(), 4);
    // Red's 10 s come back; Black's 25 s of thinking are given back too: the clocks are as
    // they were after Black's move, and Red's runs again.
    let now = t0 + 160 * S;
    {
        let g = r.lock();
        assert_eq!(
            (left(&g, R, now), left(&g, B, now), g.clocks.as_ref().unwrap().running()),
            (540 * S, 570 * S, Some(R))
        );
    }
    assert_eq!(left(&r.lock(), R, now + 10 * S), 530 * S);
    // The store agrees, so a restart would too.
    let (g, moves, _, _) = store.load("tb").await.unwrap().unwrap();
    let back = Room::from_stored(&g, &moves, None, now).unwrap();
    assert_eq!((left(&back, R, now), left(&back, B, now)), (540 * S, 570 * S));
    // Taken back to two moves, Red's clock runs; to one, no clock runs until each side has
    // moved again.
    r.takeback(R, &store, now).await.unwrap();
    r.takeback(B, &store, now).await.unwrap();
    {
        let g = r.lock();
        assert_eq!((g.game.ply(), g.clocks.as_ref().unwrap().running()), (2, Some(R)));
    }
    r.takeback(B, &store, now).await.unwrap();
    r.takeback(R, &store, now).await.unwrap();
    {
        let g = r.lock();
        assert_eq!((g.game.ply(), g.clocks.as_ref().unwrap().running()), (1, None));
    }
    // Taking back everything: fresh clocks, stopped.
    r.takeback(R, &store, now).await.unwrap();
    r.takeback(B, &store, now).await.unwrap();
    assert_eq!(r.lock().game.ply(), 0);
    {
        let g = r.lock();
        assert_eq!((left(&g, B, now), g.clocks.as_ref().unwrap().running()), (600 * S, None));
    }
}

#[tokio::test]
async fn no_clock_runs_before_each_side_has_moved() {
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(dir.path()).unwrap();
    let t0 = Instant::now();
    // The friend has not joined: Red moves, and Black's clock stays still however long.
    let g = StoredGame { tokens: BySide::new(Some("r".into()), None), ..stored("wait", 60_000, 0) };
    let r = room(&store, &g, t0).await;
    r.play(R, "h2e2".parse().unwrap(), &store, t0 + S).await.unwrap();
    let later = t0 + 3600 * S;
    assert!(!r.flag_at(&store, later).await);
    {
        let g = r.lock();
        assert_eq!(
            (left(&g, B, later), g.clocks.as_ref().unwrap().running(), g.time_to_flag(later)),
            (60 * S, None, None)
        );
    }
    // A restart with one move stored: still no clock.
    let (g, moves, _, _) = store.load("wait").await.unwrap().unwrap();
    assert_eq!(Room::from_stored(&g, &moves, None, later).unwrap().clocks.unwrap().running(), None);
    // Black's first move is untimed too; then Red's clock starts.
    r.play(B, "h9g7".parse().unwrap(), &store, later + 30 * S).await.unwrap();
    let now = later + 40 * S;
    {
        let g = r.lock();
        assert_eq!(
            (left(&g, R, now), left(&g, B, now), g.clocks.as_ref().unwrap().running()),
            (50 * S, 60 * S, Some(R))
        );
    }
}

#[tokio::test]
async fn cxa_in_a_room_loses_on_the_fourth_overrun() {
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(dir.path()).unwrap();
    let t0 = Instant::now();
    let r = room(&store, &stored("cxa", 1_200_000, 60_000), t0).await;
    let moves = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "h0h4", "c6c5"];
    let mut t = t0;
    for (i, m) in moves.iter().enumerate() {
        // Black overruns the minute on its second, third and fourth moves (the first is untimed).
        t += if i % 2 == 1 && i > 1 { 61 * S } else { S };
        r.play(Side::BOTH[i % 2], m.parse().unwrap(), &store, t).await.unwrap();
    }
    let state = state_json(&r.lock(), Some(R), Notation::Iccs, t);
    assert_eq!(state["clock"]["rule"], "cxa");
    assert_eq!(state["clock"]["periods"], json!([3, 0]), "{state}");
    assert_eq!(state["clock"]["left_ms"][1], 1_200_000 - 3 * 61_000);
    r.play(R, "b2b6".parse().unwrap(), &store, t + S).await.unwrap();
    // Black's fourth move past the minute: the server's timer finds it out.
    assert!(!r.flag_at(&store, t + 61 * S).await);
    assert!(r.flag_at(&store, t + 62 * S).await);
    assert_eq!(r.lock().end.as_ref().unwrap().result, "1-0");
    {
        let g = r.lock();
        assert!(g.end.as_ref().unwrap().reason.contains("time"), "{:?}", g.end);
    }
}

#[tokio::test]
async fn a_rated_game_between_accounts_changes_ratings() {
    use crate::store::Accounts;
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(dir.path()).unwrap();
    let t0 = Instant::now();
    let ann = store.create_account("Ann", "h", 1).await.unwrap();
    let bo = store.create_account("Bo", "h", 1).await.unwrap();
    let g = StoredGame {
        names: BySide::new(Some("Ann".into()), Some("Bo".into())),
        accounts: BySide::new(Some(ann.id), Some(bo.id)),
        rated: true,
        ..stored("r1", 0, 0)
    };
    let r = room(&store, &g, t0).await;
    assert!(r.lock().is_rated());
    r.play(R, "h2e2".parse().unwrap(), &store, t0).await.unwrap();
    r.play(B, "h9g7".parse().unwrap(), &store, t0).await.unwrap();
    r.resign(B, &store, t0).await.unwrap();
    let state = state_json(&r.lock(), None, Notation::Iccs, t0);
    assert_eq!(state["rating_change"]["before"], json!([1500.0, 1500.0]), "{state}");
    assert!(state["rating_change"]["after"][0].as_f64().unwrap() > 1600.0, "{state}");
    assert_eq!(state["names"], json!(["Ann", "Bo"]));
    // Aborted (resigned before both sides moved): rated, but no change.
    let a = room(&store, &StoredGame { id: "a1".into(), ..g.clone() }, t0).await;
    a.resign(R, &store, t0).await.unwrap();
    assert_eq!(state_json(&a.lock(), None, Notation::Iccs, t0)["rating_change"], json!(null));
    // The same players unrated, guests with names, and an engine game are not rated.
    let u = room(&store, &StoredGame { id: "u1".into(), rated: false, ..g.clone() }, t0).await;
    assert!(!u.lock().is_rated());
    let guests = StoredGame { id: "n1".into(), accounts: BySide::new(None, None), ..g.clone() };
    assert!(!room(&store, &guests, t0).await.lock().is_rated());
    let e = StoredGame { mode: "engine".into(), tokens: BySide::new(Some("r".into()), None), ..stored("e1", 0, 0) };
    let e = StoredGame { rated: true, accounts: BySide::new(Some(ann.id), None), ..e };
    assert!(!room(&store, &e, t0).await.lock().is_rated());
    let profile = store.profile("ann").await.unwrap().unwrap();
    assert_eq!((profile.games, profile.wins, profile.ratings[0].glicko.games), (2, 1, 1));
}

#[tokio::test]
async fn the_joining_player_sets_up_a_janggi_formation_and_it_is_stored() {
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(dir.path()).unwrap();
    let t0 = Instant::now();
    let setup = JanggiSetup { cho: JanggiFormation::OuterElephants, han: JanggiFormation::InnerElephants };
    let g = StoredGame {
        variant: "janggi".into(),
        start_fen: setup.fen(),
        tokens: BySide::new(Some("c".into()), None),
        ..stored("jf", 0, 0)
    };
    let r = room(&store, &g, t0).await;
    assert!(r.lock().formation_open());
    let chosen = r.lock().formation_setup(B, JanggiFormation::LeftElephant).unwrap();
    let want = JanggiSetup { han: JanggiFormation::LeftElephant, ..setup }.fen();
    assert_eq!(chosen.fen(), want);
    store.set_start("jf", &chosen.fen()).await.unwrap();
    r.lock().set_setup(chosen);
    assert_eq!(r.lock().game.start().to_fen(), want);
    assert_eq!(store.load("jf").await.unwrap().unwrap().0.start_fen, want, "the new start is stored");
    // Once a move is played the formations are fixed.
    r.play(R, "a3b3".parse().unwrap(), &store, t0).await.unwrap();
    assert!(!r.lock().formation_open());
    assert!(matches!(r.lock().formation_setup(B, JanggiFormation::InnerElephants), Err(RoomError::FormationFixed)));
}

#[tokio::test]
async fn a_pass_after_a_pass_is_announced_with_the_counting() {
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(dir.path()).unwrap();
    let t0 = Instant::now();
    let g =
        StoredGame { variant: "janggi".into(), start_fen: Variant::Janggi.start_fen().into(), ..stored("jp", 0, 0) };
    let r = room(&store, &g, t0).await;
    assert!(r.lock().pass_would_end().is_none(), "a first pass ends nothing");
    r.play(R, "e1e1".parse().unwrap(), &store, t0).await.unwrap();
    let s = state_json(&r.lock(), Some(B), Notation::Janggi, t0);
    assert_eq!(s["moves"][0]["text"], "한수쉼");
    assert_eq!(state_json(&r.lock(), Some(B), Notation::JanggiFsf, t0)["moves"][0]["text"], "Pass");
    assert_eq!(s["pass_ends"]["result"], "0-1");
    assert_eq!(s["pass_ends"]["points"], json!([72.0, 73.5]));
    r.play(B, "e8e8".parse().unwrap(), &store, t0).await.unwrap();
    assert_eq!(state_json(&r.lock(), None, Notation::Janggi, t0)["end"]["points"], json!([72.0, 73.5]));
}

#[tokio::test]
async fn the_pgn_has_the_date_time_control_and_the_engine() {
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(dir.path()).unwrap();
    let g = StoredGame {
        mode: "engine".into(),
        level: 7,
        tokens: BySide::new(Some("r".into()), None),
        increment_ms: 5000,
        created: 1_795_600_000,
        ..stored("pg", 600_000, 0)
    };
    let r = room(&store, &g, Instant::now()).await;
    let pgn = r.lock().pgn(Notation::Iccs).unwrap();
    assert!(pgn.contains("[Date \"2026.11.25\"]"), "{pgn}");
    assert!(pgn.contains("[TimeControl \"600+5\"]"), "{pgn}");
    assert!(pgn.contains(&format!("[Black \"{}\"]", crate::pgn_tags::engine_name(7))), "{pgn}");
}

#[tokio::test]
async fn another_engine_that_fails_loses_and_the_end_is_stored() {
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(dir.path()).unwrap();
    let t0 = Instant::now();
    let g = StoredGame {
        mode: "engine".into(),
        tokens: BySide::new(Some("r".into()), None),
        engine: Some("Broken".into()),
        ..stored("ef", 0, 0)
    };
    let r = room(&store, &g, t0).await;
    assert_eq!(state_json(&r.lock(), None, Notation::Iccs, t0)["engine"], "Broken");
    let before = (0, r.lock().game.position().hash());
    r.play(R, "h2e2".parse().unwrap(), &store, t0).await.unwrap();
    // A failure in a position the game has left (a takeback meanwhile) changes nothing.
    let stale = act(&r, &store, Action::EngineForfeit(B, "Broken crashed".into(), before), t0).await;
    assert!(matches!(stale, (false, Err(RoomError::PositionChanged))), "{stale:?}");
    assert!(!r.lock().is_over());
    let key = (1, r.lock().game.position().hash());
    let (changed, done) = act(&r, &store, Action::EngineForfeit(B, "Broken crashed".into(), key), t0).await;
    assert!(changed && done.is_ok(), "{done:?}");
    let end = store.load("ef").await.unwrap().unwrap().2.expect("the end is stored");
    assert_eq!((end.result.as_str(), end.reason.as_str()), ("1-0", "Broken crashed: Red wins"));
    // In the other languages without the engine's own English words.
    assert_eq!(end.reasons["en"], "Broken crashed: Red wins");
    assert_eq!(end.reasons["zh-Hans"], "红方胜：黑方的引擎出了故障");
    assert_eq!(state_json(&r.lock(), None, Notation::Iccs, t0)["end"]["reasons"]["ko"], "홍 승: 흑 엔진 고장");
    assert_eq!(r.lock().end.as_ref().map(|e| e.reason.clone()), Some(end.reason));
    assert!(r.lock().pgn(Notation::Iccs).unwrap().contains("[Black \"Broken\"]"));
    // A second failure report finds the game over.
    let again = act(&r, &store, Action::EngineForfeit(B, "Broken hung".into(), key), t0).await;
    assert!(matches!(again, (false, Err(RoomError::AlreadyOver))), "{again:?}");
}

#[tokio::test]
async fn offers_are_stored_and_come_back_as_the_moves_since_leave_them() {
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(dir.path()).unwrap();
    let t0 = Instant::now();
    let g = stored("of", 600_000, 0);
    let r = room(&store, &g, t0).await;
    // Red offers a draw before moving, then moves: its offer stays open for Black.
    act(&r, &store, Action::Draw(R), t0).await.1.unwrap();
    r.play(R, "h2e2".parse().unwrap(), &store, t0).await.unwrap();
    let (g2, moves, end, offers) = store.load("of").await.unwrap().unwrap();
    assert_eq!(offers.plies, 0, "a move does not write the offers");
    let back = Room::from_stored_at(&g2, &moves, end.clone(), offers, t0, None).unwrap();
    assert_eq!((back.offers.draw, r.lock().offers.draw), (Some(R), Some(R)), "the mover's own offer stays");
    // Black asks for nothing but moves: that declines Red's offer, in memory and when read again.
    r.play(B, "h9g7".parse().unwrap(), &store, t0).await.unwrap();
    let (g2, moves, end, offers) = store.load("of").await.unwrap().unwrap();
    let back = Room::from_stored_at(&g2, &moves, end, offers, t0, None).unwrap();
    assert_eq!((back.offers, r.lock().offers), (Offers::default(), Offers::default()));
    // A takeback request is stored, shown after a reload, and answered.
    r.takeback(R, &store, t0).await.unwrap();
    let (g2, moves, end, offers) = store.load("of").await.unwrap().unwrap();
    let back = Room::from_stored_at(&g2, &moves, end, offers, t0, None).unwrap();
    assert_eq!(back.offers.takeback, Some(R));
    r.takeback(B, &store, t0).await.unwrap();
    assert_eq!(r.lock().game.ply(), 0, "Red's move and Black's reply are taken back");
    assert_eq!(store.load("of").await.unwrap().unwrap().3.offers, Offers::default());
}

#[tokio::test]
async fn the_other_sides_offers_are_declined_and_ones_own_stay() {
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(dir.path()).unwrap();
    let t0 = Instant::now();
    let g = stored("dc", 600_000, 0);
    let r = room(&store, &g, t0).await;
    // Nothing offered: nothing to decline.
    let none = act(&r, &store, Action::Decline(B), t0).await;
    assert!(matches!(none, (false, Err(RoomError::NothingToDecline))), "{none:?}");
    r.play(R, "h2e2".parse().unwrap(), &store, t0).await.unwrap();
    r.play(B, "h9g7".parse().unwrap(), &store, t0).await.unwrap();
    // Red offers a draw and asks to take back; Black declines both, stored.
    act(&r, &store, Action::Draw(R), t0).await.1.unwrap();
    r.takeback(R, &store, t0).await.unwrap();
    assert_eq!(r.lock().offers, Offers { draw: Some(R), takeback: Some(R) });
    // Red cannot decline its own offers.
    let own = act(&r, &store, Action::Decline(R), t0).await;
    assert!(matches!(own, (false, Err(RoomError::NothingToDecline))), "{own:?}");
    act(&r, &store, Action::Decline(B), t0).await.1.unwrap();
    assert_eq!(r.lock().offers, Offers::default());
    let (g2, moves, end, offers) = store.load("dc").await.unwrap().unwrap();
    let back = Room::from_stored_at(&g2, &moves, end, offers, t0, None).unwrap();
    assert_eq!(back.offers, Offers::default(), "the decline is stored");
    assert_eq!(back.game.ply(), 2, "no move was taken back");
    // Black's own offer stays when Black declines Red's.
    act(&r, &store, Action::Draw(B), t0).await.1.unwrap();
    r.takeback(R, &store, t0).await.unwrap();
    act(&r, &store, Action::Decline(B), t0).await.1.unwrap();
    assert_eq!(r.lock().offers, Offers { draw: Some(B), takeback: None });
    // Over: nothing to decline.
    r.resign(R, &store, t0).await.unwrap();
    let over = act(&r, &store, Action::Decline(R), t0).await;
    assert!(matches!(over, (false, Err(RoomError::AlreadyOver))), "{over:?}");
}

#[test]
fn a_move_stored_elsewhere_is_played_with_its_clocks() {
    let t0 = Instant::now();
    let wall = std::time::SystemTime::now();
    let at = |ago: u64| wall.duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as u64 - ago;
    let g = stored("ps", 600_000, 0);
    let mut r = Room::from_stored(&g, &[], None, t0).unwrap();
    let m = |mv: &str, red: u64, black: u64, at_ms: u64| StoredMove {
        mv: mv.into(),
        clocks_ms: BySide::new(red, black),
        periods: BySide::new(0, 0),
        at_ms,
    };
    assert!(r.play_stored(0, &m("h2e2", 600_000, 600_000, at(9_000)), t0, wall).unwrap());
    // Not at that move: nothing changes, the caller reads the game again.
    assert!(!r.play_stored(0, &m("h9g7", 600_000, 600_000, at(5_000)), t0, wall).unwrap());
    assert!(!r.play_stored(5, &m("h9g7", 600_000, 600_000, at(5_000)), t0, wall).unwrap());
    assert!(r.play_stored(1, &m("h9g7", 600_000, 590_000, at(5_000)), t0, wall).unwrap());
    // Red's clock runs from when Black's move was made, 5 s ago.
    assert_eq!(r.clocks.as_ref().unwrap().running(), Some(R));
    let red = left(&r, R, t0);
    assert!(red <= 595 * S && red > 594 * S, "{red:?}");
    assert_eq!(left(&r, B, t0), 590 * S);
    // An illegal move is an error and changes nothing.
    assert!(r.play_stored(2, &m("a0a9", 1, 1, at(0)), t0, wall).is_err());
    assert_eq!(r.game.ply(), 2);
}

/// A decision changes nothing; only applying the event does, and exactly what it says.
#[test]
fn deciding_changes_nothing_and_applying_does_what_the_event_says() {
    let t0 = Instant::now();
    let mut r = Room::from_stored(&stored("d", 600_000, 0), &[], None, t0).unwrap();
    let mv: Move = "h2e2".parse().unwrap();
    let event = r.decide(&Action::Move(R, mv), t0 + S).unwrap();
    assert!(matches!(event, Event::Move { ply: 0, .. }), "{event:?}");
    assert_eq!(r.game.ply(), 0, "deciding a move does not play it");
    assert_eq!(r.apply(&event).unwrap(), None, "the move ends nothing");
    assert_eq!(r.game.moves().collect::<Vec<_>>(), vec![mv]);
    assert!(matches!(r.decide(&Action::Move(R, mv), t0 + S), Err(RoomError::NotYourTurn { .. })));

    let event = r.decide(&Action::Resign(B), t0 + 2 * S).unwrap();
    let Event::End { how, end, plies, .. } = &event else { panic!("{event:?}") };
    assert_eq!((*how, end.result.as_str(), *plies), (super::events::Ending::Resigned(B), "1-0", 1));
    assert!(!r.is_over(), "deciding a resignation does not end the game");
    r.apply(&event).unwrap();
    assert_eq!(r.end.as_ref().map(|e| e.result.as_str()), Some("1-0"));
    assert!(matches!(r.decide(&Action::Resign(R), t0 + 3 * S), Err(RoomError::AlreadyOver)));
    assert!(matches!(r.decide(&Action::Flag, t0 + 3 * S), Err(RoomError::ClockRunning)));
}
