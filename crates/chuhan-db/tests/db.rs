//! The database end to end, each test on SQLite and on PostgreSQL: import, explorer counts
//! against a direct count over the replayed games, resuming, duplicates, bad files, search and
//! export.
//!
//! PostgreSQL comes from `CHUHAN_TEST_POSTGRES_URL` (`scripts/pg-test-cluster.sh` starts one);
//! each test works in a schema of its own, dropped at its end. Without the variable the
//! PostgreSQL tests are skipped with a message, or fail when `CI=true`.

use chuhan::{Move, Position, Square, Variant};
use chuhan_db::import::ImportOptions;
use chuhan_db::{material, Database, Fold, Lang, SearchFilter};
use chuhan_record::tools::for_each_game;
use chuhan_record::{Record, RecordResult};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

/// Where a test's database lives; [`Target::open`] opens (or reopens) it.
enum Target {
    Sqlite(tempfile::TempDir),
    Postgres { url: String, admin: String, schema: String },
}

impl Target {
    fn sqlite() -> Target {
        Target::Sqlite(tempfile::tempdir().unwrap())
    }

    /// A fresh schema in the test cluster, or `None` (skip) when there is none.
    fn postgres(test: &str) -> Option<Target> {
        let Ok(admin) = std::env::var("CHUHAN_TEST_POSTGRES_URL") else {
            if std::env::var("CI").is_ok_and(|v| v == "true") {
                panic!("CI=true but CHUHAN_TEST_POSTGRES_URL is not set (scripts/pg-test-cluster.sh starts a cluster)");
            }
            eprintln!("skipped: CHUHAN_TEST_POSTGRES_URL is not set (scripts/pg-test-cluster.sh starts a cluster)");
            return None;
        };
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().subsec_nanos();
        let schema = format!("t_{test}_{}_{nanos}", std::process::id());
        let mut client = postgres::Client::connect(&admin, postgres::NoTls).unwrap();
        client.batch_execute(&format!("CREATE SCHEMA {schema}")).unwrap();
        let sep = if admin.contains('?') { '&' } else { '?' };
        let url = format!("{admin}{sep}options=-csearch_path%3D{schema}");
        Some(Target::Postgres { url, admin, schema })
    }

    /// The live runs of the position index (each import adds one).
    fn live_runs(&self) -> i64 {
        let sql = "SELECT COUNT(*) FROM live_runs WHERE tbl = 'position_runs'";
        match self {
            Target::Sqlite(dir) => {
                let c = rusqlite::Connection::open(dir.path().join("g.sqlite3")).unwrap();
                c.query_row(sql, [], |r| r.get(0)).unwrap()
            }
            Target::Postgres { url, .. } => {
                postgres::Client::connect(url, postgres::NoTls).unwrap().query_one(sql, &[]).unwrap().get(0)
            }
        }
    }

    fn open(&self, fold: Fold) -> Database {
        match self {
            Target::Sqlite(dir) => Database::open(dir.path().join("g.sqlite3"), fold).unwrap(),
            Target::Postgres { url, .. } => {
                let db = Database::connect(url, fold).unwrap();
                assert_eq!(db.backend(), chuhan_db::Backend::Postgres);
                db
            }
        }
    }
}

impl Drop for Target {
    fn drop(&mut self) {
        if let Target::Postgres { admin, schema, .. } = self {
            if let Ok(mut client) = postgres::Client::connect(admin, postgres::NoTls) {
                let _ = client.batch_execute(&format!("DROP SCHEMA {schema} CASCADE"));
            }
        }
    }
}

/// `#[test]`s `name::sqlite` and `name::postgres`, each running `fn name(&Target)`.
macro_rules! on_both {
    ($($name:ident),*) => {$(
        mod $name {
            #[test]
            fn sqlite() {
                super::$name(&super::Target::sqlite());
            }

            #[test]
            fn postgres() {
                if let Some(target) = super::Target::postgres(stringify!($name)) {
                    super::$name(&target);
                }
            }
        }
    )*};
}

on_both!(
    explorer_counts_equal_a_direct_count_over_the_master_games,
    an_interrupted_import_resumes_without_duplicates,
    bad_and_truncated_files_import_what_they_can,
    search_export_and_stats,
    colour_fold_finds_a_line_played_by_either_colour,
    popular_answers_equal_the_aggregate,
    many_small_imports_merge_their_runs_and_answer_alike,
    two_importers_at_once_answer_as_one
);

/// A file of the shared data: `../shared` beside the checkout, or `CHUHAN_SHARED` (a checkout
/// elsewhere, such as a git worktree).
fn shared(rel: &str) -> PathBuf {
    match std::env::var_os("CHUHAN_SHARED") {
        Some(dir) => PathBuf::from(dir).join(rel),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared").join(rel),
    }
}

fn master_files() -> Option<Vec<PathBuf>> {
    let dir = shared("testdata/games");
    let files: Vec<PathBuf> =
        ["Hu_Ronghua_1391_UCI_games.pgn", "Liu_Dahua_1125_UCI_games.pgn"].iter().map(|f| dir.join(f)).collect();
    if files.iter().all(|f| f.exists()) {
        Some(files)
    } else {
        eprintln!("skipped: {} not found", dir.display());
        None
    }
}

fn read_all(files: &[PathBuf]) -> Vec<Record> {
    let mut games = Vec::new();
    for f in files {
        for_each_game(f, |g| games.extend(g.ok()), |_| {}).unwrap();
    }
    games
}

/// The board as 90 letters and the side to move, straight and mirrored: a key written without
/// the crate's hashing, to count against.
fn board(pos: &Position, mirror: bool) -> String {
    let mut s: String = Square::ALL
        .iter()
        .map(|&sq| pos.piece_at(if mirror { sq.mirror() } else { sq }).map_or('.', |p| p.letter()))
        .collect();
    s.push(if pos.turn() == chuhan::Side::First { 'w' } else { 'b' });
    s
}

fn mirror_move(m: Move) -> Move {
    Move::new(m.from.mirror(), m.to.mirror())
}

/// Every position of every game by its board ([`board`]): (game, move played).
fn index(games: &[Record]) -> HashMap<String, Vec<(usize, Move)>> {
    let mut index: HashMap<String, Vec<(usize, Move)>> = HashMap::new();
    for (i, g) in games.iter().enumerate() {
        let mut pos = g.start_position().unwrap();
        for m in g.mainline_moves() {
            index.entry(board(&pos, false)).or_default().push((i, m));
            pos.play(m).unwrap();
        }
    }
    index
}

/// For `target`: per move in the target's own frame, the distinct games that played it and their
/// results for the side to move (games, wins, draws, losses).
fn direct_count(
    games: &[Record],
    index: &HashMap<String, Vec<(usize, Move)>>,
    target: &Position,
) -> BTreeMap<String, (u64, u64, u64, u64)> {
    let (straight, mirrored) = (board(target, false), board(target, true));
    let mut seen: HashMap<(usize, String), RecordResult> = HashMap::new();
    for (b, mirror) in [(&straight, false), (&mirrored, true)] {
        for &(i, m) in index.get(b).map(Vec::as_slice).unwrap_or(&[]) {
            let mv = if mirror { mirror_move(m) } else { m };
            seen.insert((i, mv.to_string()), games[i].outcome);
        }
    }
    let mover = target.turn();
    let mut out = BTreeMap::new();
    for ((_, mv), outcome) in seen {
        let e = out.entry(mv).or_insert((0, 0, 0, 0));
        e.0 += 1;
        match (outcome.winner(), outcome) {
            (Some(w), _) if w == mover => e.1 += 1,
            (Some(_), _) => e.3 += 1,
            (None, RecordResult::Draw) => e.2 += 1,
            _ => {}
        }
    }
    out
}

fn explorer_counts_equal_a_direct_count_over_the_master_games(target: &Target) {
    let Some(files) = master_files() else { return };
    let mut db = target.open(Fold::Mirror);
    let report = db.import(&files, &ImportOptions::default(), |_| {}).unwrap();
    let games = read_all(&files);
    assert_eq!(report.imported + report.duplicates, games.len());
    assert!(report.imported > 2000, "{report:?}");
    // Duplicated games (the same start and moves) are stored once: count over distinct ones.
    let mut distinct = Vec::new();
    let mut keys = std::collections::HashSet::new();
    for g in games {
        if keys.insert((g.start_fen.clone(), g.mainline_moves())) {
            distinct.push(g);
        }
    }
    assert_eq!(distinct.len(), report.imported);

    // Sampled positions: early plies of every 97th game, their mirror images, and a position
    // reached by two move orders (a transposition).
    let mut samples: Vec<Position> = Vec::new();
    for g in distinct.iter().step_by(97) {
        let mut pos = g.start_position().unwrap();
        for (ply, m) in g.mainline_moves().into_iter().enumerate().take(14) {
            if ply % 3 == 1 {
                samples.push(pos.clone());
                let fen = pos.to_fen();
                let mirrored: String = {
                    let (placement, rest) = fen.split_once(' ').unwrap();
                    let rows: Vec<String> = placement.split('/').map(mirror_row).collect();
                    format!("{} {rest}", rows.join("/"))
                };
                samples.push(Position::from_fen(Variant::Xiangqi, &mirrored).unwrap());
            }
            pos.play(m).unwrap();
        }
    }
    let line = |moves: &[&str]| {
        let mut p = Position::new(Variant::Xiangqi);
        for m in moves {
            p.play(m.parse().unwrap()).unwrap();
        }
        p
    };
    let a = line(&["h2e2", "h9g7", "b0c2", "i9h9"]);
    let b = line(&["b0c2", "h9g7", "h2e2", "i9h9"]);
    assert_eq!(board(&a, false), board(&b, false));
    samples.push(a);
    samples.push(line(&["b2e2", "b9c7", "b0c2"]));
    let index = index(&distinct);
    let mut non_empty = 0;
    for pos in &samples {
        let direct = direct_count(&distinct, &index, pos);
        let explorer = db.explore(pos, 5, Lang::English).unwrap();
        let got: BTreeMap<String, (u64, u64, u64, u64)> =
            explorer.moves.iter().map(|m| (m.mv.clone(), (m.games, m.wins, m.draws, m.losses))).collect();
        assert_eq!(got, direct, "{}", pos.to_fen());
        non_empty += usize::from(!direct.is_empty());
    }
    assert!(non_empty > samples.len() / 2, "{non_empty} of {}", samples.len());
}

/// The explorer's stored answers for popular positions ([`chuhan_db::popular`]) against the
/// aggregate over the index: one database promotes every position with 5 games after its first
/// file and keeps them up to date through the second file's batches and a third run; another
/// stores none. Both must answer every sampled position alike, moves, counts, last years and
/// best-known games.
fn popular_answers_equal_the_aggregate(target: &Target) {
    let Some(masters) = master_files() else { return };
    // The master games with made-up results, dates and ratings (theirs have none), written
    // back as PGN: wins, draws, last years and the order of best-known games are then tested.
    let dir = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    let mut n = 0usize;
    for (i, f) in masters.iter().enumerate() {
        let mut out = Vec::new();
        for mut g in read_all(std::slice::from_ref(f)) {
            n += 1;
            g.outcome =
                [RecordResult::RedWins, RecordResult::BlackWins, RecordResult::Draw, RecordResult::Unknown][n % 7 % 4];
            if n % 5 != 0 {
                g.headers.set("Date", format!("{}.01.01", 1980 + n % 37));
            }
            if n % 3 != 0 {
                g.headers.set("RedElo", (2000 + n % 11 * 50).to_string());
                g.headers.set("BlackElo", (2000 + n % 13 * 40).to_string());
            }
            chuhan_record::pgn::write_game(&mut out, &g, chuhan::notation::Notation::Uci).unwrap();
            out.push(b'\n');
        }
        let path = dir.path().join(format!("{i}.pgn"));
        std::fs::write(&path, out).unwrap();
        files.push(path);
    }
    let mut plain = Database::in_memory(Fold::Mirror).unwrap();
    let none = ImportOptions { popular: u64::MAX, ..ImportOptions::default() };
    plain.import(&files, &none, |_| {}).unwrap();
    let mut db = target.open(Fold::Mirror);
    let few = ImportOptions { popular: 5, batch: 150, ..ImportOptions::default() };
    let first = db.import(&files[..1], &few, |_| {}).unwrap();
    assert!(first.promoted > 100, "{first:?}");
    // The second file in batches, some of them cut short by a stop, then finished.
    let cut = db.import(&files[1..], &ImportOptions { stop_after: Some(400), ..few.clone() }, |_| {}).unwrap();
    assert!(cut.stopped);
    let rest = db.import(&files[1..], &few, |_| {}).unwrap();
    assert!(rest.imported > 0 && rest.promoted > 0, "{rest:?}");
    let mut samples = vec![Position::new(Variant::Xiangqi)];
    for g in read_all(&files).iter().step_by(23) {
        let mut pos = g.start_position().unwrap();
        for (ply, m) in g.mainline_moves().into_iter().enumerate().take(24) {
            if ply % 2 == 0 {
                samples.push(pos.clone());
            }
            pos.play(m).unwrap();
        }
    }
    let mut popular = 0;
    for (i, pos) in samples.iter().enumerate() {
        // More best-known games than are stored, now and then: those are aggregated.
        let top = if i % 10 == 0 { 40 } else { 8 };
        // The ids differ where PostgreSQL's sequence skipped the duplicates; their order not.
        let explore = |db: &Database| {
            let mut e = db.explore(pos, top, Lang::English).unwrap();
            e.top_games.iter_mut().for_each(|g| g.id = 0);
            e
        };
        let got = explore(&db);
        assert_eq!(got, explore(&plain), "{}", pos.to_fen());
        popular += usize::from(got.games >= 5);
    }
    assert!(popular > 50, "{popular} of {} sampled positions popular", samples.len());
}

/// Many small imports, each adding a run to the indexes: past the limit the smallest runs are
/// merged, and the explorer and the material search answer as after one import of everything.
fn many_small_imports_merge_their_runs_and_answer_alike(target: &Target) {
    let Some(masters) = master_files() else { return };
    let games = read_all(&masters[1..]);
    let dir = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    for (i, part) in games.chunks(games.len().div_ceil(150)).enumerate() {
        let mut out = Vec::new();
        for g in part {
            chuhan_record::pgn::write_game(&mut out, g, chuhan::notation::Notation::Uci).unwrap();
            out.push(b'\n');
        }
        let path = dir.path().join(format!("{i:03}.pgn"));
        std::fs::write(&path, out).unwrap();
        files.push(path);
    }
    assert!(files.len() > 140);
    let mut whole = Database::in_memory(Fold::Mirror).unwrap();
    whole.import(&files, &ImportOptions::default(), |_| {}).unwrap();
    let mut db = target.open(Fold::Mirror);
    let mut most = 0;
    for f in &files {
        db.import(std::slice::from_ref(f), &ImportOptions::default(), |_| {}).unwrap();
        most = most.max(target.live_runs());
    }
    // Merged once past 128 (to 64 and the newest), never above the limit after an import.
    assert_eq!(most, 128, "the most live runs after an import");
    assert!(target.live_runs() < 128, "{} live runs", target.live_runs());
    let mut samples = vec![Position::new(Variant::Xiangqi)];
    for g in games.iter().step_by(37) {
        let mut pos = g.start_position().unwrap();
        for m in g.mainline_moves().into_iter().take(30) {
            pos.play(m).unwrap();
            samples.push(pos.clone());
        }
    }
    let explore = |db: &Database, pos: &Position| {
        let mut e = db.explore(pos, 8, Lang::English).unwrap();
        e.top_games.iter_mut().for_each(|g| g.id = 0);
        e
    };
    for pos in &samples {
        assert_eq!(explore(&db, pos), explore(&whole, pos), "{}", pos.to_fen());
    }
    let mut found = 0;
    for g in games.iter().step_by(101) {
        let mut pos = g.start_position().unwrap();
        g.mainline_moves().into_iter().for_each(|m| pos.play(m).unwrap());
        let filter = SearchFilter {
            material: Some(material::Material::of(&pos)),
            limit: Some(10_000),
            ..SearchFilter::default()
        };
        let count = |db: &Database| db.search(&filter, Lang::English).unwrap().len();
        assert_eq!(count(&db), count(&whole));
        found += count(&db);
    }
    assert!(found > 10);
}

/// Two importers writing into one database at the same time, each its own file in small
/// batches (so that their batches interleave), leave the database one import of both makes.
fn two_importers_at_once_answer_as_one(target: &Target) {
    let Some(files) = master_files() else { return };
    let mut whole = Database::in_memory(Fold::Mirror).unwrap();
    whole.import(&files, &ImportOptions::default(), |_| {}).unwrap();
    drop(target.open(Fold::Mirror));
    let options = ImportOptions { batch: 100, popular: 20, ..ImportOptions::default() };
    std::thread::scope(|s| {
        for f in &files {
            let options = options.clone();
            s.spawn(move || {
                let mut db = target.open(Fold::Mirror);
                db.import(std::slice::from_ref(f), &options, |_| {}).unwrap()
            });
        }
    });
    let db = target.open(Fold::Mirror);
    assert_eq!(db.stats(0, Lang::English).unwrap().positions, whole.stats(0, Lang::English).unwrap().positions);
    let explore = |db: &Database, pos: &Position| {
        let mut e = db.explore(pos, 8, Lang::English).unwrap();
        e.top_games.iter_mut().for_each(|g| g.id = 0);
        e
    };
    for g in read_all(&files).iter().step_by(53) {
        let mut pos = g.start_position().unwrap();
        for m in g.mainline_moves().into_iter().take(20) {
            let (a, b) = (explore(&db, &pos), explore(&whole, &pos));
            assert_eq!(a.games, b.games, "{}", pos.to_fen());
            assert_eq!(a.moves, b.moves, "{}", pos.to_fen());
            pos.play(m).unwrap();
        }
    }
}

fn mirror_row(row: &str) -> String {
    // A FEN row reversed: runs of digits are single digits on a 9-file board.
    row.chars().rev().collect()
}

fn an_interrupted_import_resumes_without_duplicates(target: &Target) {
    let Some(files) = master_files() else { return };
    let dir = tempfile::tempdir().unwrap();
    let full = {
        let mut db = Database::in_memory(Fold::Mirror).unwrap();
        db.import(&files, &ImportOptions::default(), |_| {}).unwrap()
    };
    {
        let mut db = target.open(Fold::Mirror);
        let opts = ImportOptions { batch: 200, stop_after: Some(1750), ..ImportOptions::default() };
        let r = db.import(&files, &opts, |_| {}).unwrap();
        assert!(r.stopped);
        // The games read after the last committed batch were lost, as in a kill.
        assert_eq!(r.games_read, 1750);
    }
    let mut db = target.open(Fold::Mirror);
    let r = db.import(&files, &ImportOptions::default(), |_| {}).unwrap();
    assert!(!r.stopped);
    // The first file (1,391 games) was finished; of the second, one batch was committed: 200
    // games to store, and on SQLite also the games met before them that the first file had
    // stored already (found before replaying them, they never enter a batch).
    assert_eq!(r.files_already_done, 1);
    assert!((200..1750 - 1391).contains(&r.games_resumed_past), "{r:?}");
    assert_eq!(r.games_read, 1125 - r.games_resumed_past);
    let stats = db.stats(5, Lang::English).unwrap();
    assert_eq!(stats.games as usize, full.imported);
    assert_eq!(stats.positions as usize, full.positions);
    // A third run finds both files done; a copy under another name is all duplicates.
    let again = db.import(&files, &ImportOptions::default(), |_| {}).unwrap();
    assert_eq!(again.files_already_done, 2);
    let copy = dir.path().join("copy.pgn");
    std::fs::copy(&files[1], &copy).unwrap();
    let dup = db.import(&[copy], &ImportOptions::default(), |_| {}).unwrap();
    assert_eq!(dup.imported, 0);
    assert!(dup.duplicates > 1000);
}

fn bad_and_truncated_files_import_what_they_can(target: &Target) {
    let dir = tempfile::tempdir().unwrap();
    let mut files: Vec<PathBuf> = Vec::new();
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/seeds");
    for sub in ["pgn", "xqf", "cbr", "cbf", "moves", "fen", "notation"] {
        if let Ok(entries) = std::fs::read_dir(fuzz.join(sub)) {
            files.extend(entries.flatten().map(|e| e.path()));
        }
    }
    let records = shared("testdata/records/cchess-tests");
    if let Ok(entries) = std::fs::read_dir(&records) {
        files.extend(entries.flatten().map(|e| e.path()).filter(|p| p.is_file()));
    }
    // A PGN cut in the middle of a game, and bytes of a binary record cut short.
    let pgn = "[Event \"cut-a\"]\n[Result \"1-0\"]\n\n1. a3a4 a6a5 2. i3i4 i6i5 1-0\n\n[Event \"b\"]\n\n1. h2e2 h9g7 2. h0h5 i9h9 *\n\n[Event \"c\"]\n\n1. b2e2 b9c7 2. b0";
    let cut = dir.path().join("cut.pgn");
    std::fs::write(&cut, pgn).unwrap();
    files.push(cut.clone());
    files.push(dir.path().join("missing.pgn"));
    let mut db = target.open(Fold::Mirror);
    let r = db.import(&files, &ImportOptions::default(), |_| {}).unwrap();
    assert!(r.imported >= 2, "{r:?}");
    assert!(
        r.errors
            .iter()
            .any(|e| e.message.contains("cut.pgn") && e.message.contains("game 2") && e.message.contains("ply 3")),
        "{:#?}",
        r.errors
    );
    // The same place, typed: the file, the game's number and the ply, and the reason alone.
    let cut_error = r.errors.iter().find(|e| e.file.ends_with("cut.pgn")).unwrap();
    assert_eq!((cut_error.game, cut_error.ply), (Some(2), Some(3)), "{cut_error:#?}");
    assert!(!cut_error.reason.contains("cut.pgn") && !cut_error.reason.is_empty(), "{cut_error:#?}");
    let missing = r.errors.iter().find(|e| e.message.contains("missing.pgn")).unwrap();
    assert_eq!((missing.game, missing.ply), (None, None), "{missing:#?}");
    let found =
        db.search(&SearchFilter { event: Some("cut-a".into()), ..SearchFilter::default() }, Lang::English).unwrap();
    assert!(found.iter().any(|g| g.event == "cut-a" && g.result == "1-0"), "{found:?} {r:?}");
    // The CCBridge XML records (fuzz seeds, and the shared samples where present) import too.
    let found =
        db.search(&SearchFilter { event: Some("Small & made here".into()), ..SearchFilter::default() }, Lang::English);
    assert_eq!(found.unwrap().len(), 1, "{r:?}");
    if records.exists() {
        let found = db
            .search(&SearchFilter { event: Some("象棋古谱全局三种".into()), ..SearchFilter::default() }, Lang::English);
        assert_eq!(found.unwrap()[0].plies, 50);
    }
    // A game longer than the limit is a bad game, named with its length; the rest import.
    let long = dir.path().join("long.pgn");
    std::fs::write(&long, "[Event \"long\"]\n\n1. g3g4 g6g5 2. c3c4 c6c5 *\n\n[Event \"short\"]\n\n1. g3g4 c6c5 *\n")
        .unwrap();
    let r = db.import(&[&long], &ImportOptions { max_plies: 3, ..ImportOptions::default() }, |_| {}).unwrap();
    assert_eq!(r.errors.len(), 1, "{r:?}");
    assert_eq!(r.errors[0].game, Some(1), "{r:?}");
    assert!(r.errors[0].reason.contains("4 plies, more than the longest game stored (3)"), "{r:?}");
    assert_eq!(r.imported + r.duplicates, 1, "{r:?}");
}

fn search_export_and_stats(target: &Target) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.pgn");
    std::fs::write(
        &file,
        "[Event \"Cup\"]\n[Date \"1998.05.12\"]\n[Red \"Hu Ronghua\"]\n[Black \"Xu Tianhong\"]\n[Result \"1-0\"]\n\n\
         1. h2e2 h9g7 2. h0g2 b9c7 3. i0h0 i9h9 1-0\n\n\
         [Event \"League\"]\n[Date \"2005.01.02\"]\n[Red \"Liu Dahua\"]\n[Black \"Hu Ronghua\"]\n[Result \"1/2-1/2\"]\n\n\
         1. c3c4 g6g5 2. b0c2 1/2-1/2\n",
    )
    .unwrap();
    let mut db = target.open(Fold::Mirror);
    let r = db.import(&[&file], &ImportOptions::default(), |_| {}).unwrap();
    assert_eq!(r.imported, 2, "{r:?}");
    let by =
        |f: SearchFilter| db.search(&f, Lang::Traditional).unwrap().into_iter().map(|g| g.event).collect::<Vec<_>>();
    assert_eq!(by(SearchFilter { player: Some("hu ron".into()), ..Default::default() }), ["League", "Cup"]);
    assert_eq!(by(SearchFilter { red: Some("Liu".into()), ..Default::default() }), ["League"]);
    assert_eq!(by(SearchFilter { from: Some("2000".into()), ..Default::default() }), ["League"]);
    assert_eq!(by(SearchFilter { to: Some("1998".into()), ..Default::default() }), ["Cup"]);
    assert_eq!(by(SearchFilter { result: Some(RecordResult::Draw), ..Default::default() }), ["League"]);
    assert_eq!(by(SearchFilter { opening: Some("屏風馬".into()), ..Default::default() }), ["Cup"]);
    assert_eq!(by(SearchFilter { opening: Some("Pawn Opening".into()), ..Default::default() }), ["League"]);
    // Pages: the second game alone, and the totals whatever the page.
    let hu = SearchFilter { player: Some("hu ron".into()), ..Default::default() };
    assert_eq!(by(SearchFilter { limit: Some(1), offset: Some(1), ..hu.clone() }), ["Cup"]);
    assert_eq!(by(SearchFilter { offset: Some(2), ..hu.clone() }), Vec::<String>::new());
    assert_eq!(db.count(&SearchFilter { limit: Some(1), offset: Some(1), ..hu }).unwrap(), 2);
    assert_eq!(db.count(&SearchFilter { red: Some("Liu".into()), ..Default::default() }).unwrap(), 1);
    assert_eq!(db.count(&SearchFilter { red: Some("nobody".into()), ..Default::default() }).unwrap(), 0);
    // The position after 1. h2e2 h9g7, asked from the other wing.
    let mut pos = Position::new(Variant::Xiangqi);
    for m in ["b2e2", "b9c7"] {
        pos.play(m.parse().unwrap()).unwrap();
    }
    assert_eq!(by(SearchFilter { position: Some(pos.clone()), ..Default::default() }), ["Cup"]);
    let explorer = db.explore(&pos, 3, Lang::Traditional).unwrap();
    assert_eq!(explorer.moves[0].mv, "b0c2");
    assert_eq!(explorer.opening.as_deref(), Some("中炮"));
    // Full material, one side (either) with its full set.
    let full = material::parse("雙車雙馬雙炮五兵士象全 vs 雙車雙馬雙炮五兵士象全").unwrap();
    assert_eq!(by(SearchFilter { material: Some(full), ..Default::default() }).len(), 2);
    let none = material::parse("車 vs 車").unwrap();
    assert!(by(SearchFilter { material: Some(none), ..Default::default() }).is_empty());
    // Export: the stored game written by chuhan-record's PGN writer, with an Opening tag, reads
    // back to the same moves.
    let id = db.search(&SearchFilter { event: Some("Cup".into()), ..Default::default() }, Lang::English).unwrap()[0].id;
    let record = db.record(id, Lang::Traditional).unwrap().unwrap();
    assert_eq!(record.headers.get("Opening"), Some("中炮對屏風馬"));
    assert_eq!(record.headers.get("Red"), Some("Hu Ronghua"));
    let mut out = Vec::new();
    chuhan_record::pgn::write_game(&mut out, &record, chuhan::notation::Notation::Iccs).unwrap();
    let back = chuhan_record::pgn::read_all(&String::from_utf8(out).unwrap()).remove(0).unwrap();
    assert_eq!(back.mainline_moves(), record.mainline_moves());
    assert_eq!(back.outcome, RecordResult::RedWins);
    assert_eq!(db.record(999, Lang::English).unwrap(), None);
    let s = db.stats(5, Lang::English).unwrap();
    assert_eq!((s.games, s.players, s.years), (2, 3, Some((1998, 2005))));
    assert_eq!(s.positions, 7 + 4);
}

fn colour_fold_finds_a_line_played_by_either_colour(target: &Target) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.pgn");
    // Red's central cannon; then a game where Black plays the same set-up from a start where
    // Black moves first.
    std::fs::write(
        &file,
        "[Result \"1-0\"]\n\n1. h2e2 1-0\n\n\
         [FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1\"]\n[Result \"0-1\"]\n\n1... h7e7 0-1\n",
    )
    .unwrap();
    let mut db = target.open(Fold::MirrorAndColours);
    let r = db.import(&[&file], &ImportOptions::default(), |_| {}).unwrap();
    assert_eq!(r.imported, 2, "{r:?}");
    let e = db.explore(&Position::new(Variant::Xiangqi), 3, Lang::English).unwrap();
    assert_eq!(e.moves.len(), 1);
    assert_eq!((e.moves[0].mv.as_str(), e.moves[0].games, e.moves[0].wins), ("h2e2", 2, 2));
}

/// Turns a database of this version into one of version 2 (`with_popular`) or 1 (without the
/// popular positions' tables), as those versions kept it: the position index as a row a position
/// in `positions`, computed here by replaying the stored games, and `popular_games` without the
/// best-known games' moves.
fn make_old(path: &Path, with_popular: bool) {
    let db = Database::open(path, Fold::Mirror).unwrap();
    let ids: Vec<i64> = db
        .search(&SearchFilter { limit: Some(usize::MAX >> 1), ..SearchFilter::default() }, Lang::English)
        .unwrap()
        .iter()
        .map(|g| g.id)
        .collect();
    let mut rows = Vec::new();
    let mut materials = std::collections::BTreeSet::new();
    for id in ids {
        let record = db.record(id, Lang::English).unwrap().unwrap();
        let mut pos = record.start_position().unwrap();
        let moves = record.mainline_moves();
        for ply in 0..=moves.len() {
            materials.insert((material::Material::of(&pos).signature(), id));
            let (key, frame) = chuhan_db::key::position_key(&pos, Fold::Mirror);
            let result = match (record.outcome.winner(), record.outcome) {
                (Some(w), _) if w == pos.turn() => 0,
                (Some(_), _) => 2,
                (None, RecordResult::Draw) => 1,
                _ => 3,
            };
            let next = moves.get(ply).map(|&m| i64::from(chuhan_db::key::move_code(frame.apply(m))) * 4 + result);
            rows.push((key as i64, id, ply as i64, next));
            if let Some(&m) = moves.get(ply) {
                pos.play(m).unwrap();
            }
        }
    }
    drop(db);
    let mut c = rusqlite::Connection::open(path).unwrap();
    let tx = c.transaction().unwrap();
    tx.execute_batch(
        "DROP TABLE position_runs; DROP TABLE material_runs; \
         CREATE TABLE materials (sig INTEGER NOT NULL, game INTEGER NOT NULL, PRIMARY KEY (sig, game)) WITHOUT ROWID; \
         CREATE TABLE positions (key INTEGER NOT NULL, game INTEGER NOT NULL, ply INTEGER NOT NULL, next INTEGER, \
         PRIMARY KEY (key, game, ply)) WITHOUT ROWID; \
         CREATE TABLE old_games AS SELECT key, elo, year, game FROM popular_games; DROP TABLE popular_games; \
         CREATE TABLE popular_games (key INTEGER NOT NULL, elo INTEGER NOT NULL, year INTEGER NOT NULL, \
         game INTEGER NOT NULL, PRIMARY KEY (key, elo, year, game)) WITHOUT ROWID; \
         INSERT INTO popular_games SELECT * FROM old_games; DROP TABLE old_games",
    )
    .unwrap();
    for (key, game, ply, next) in rows {
        tx.execute("INSERT INTO positions VALUES (?1, ?2, ?3, ?4)", rusqlite::params![key, game, ply, next]).unwrap();
    }
    for (sig, game) in materials {
        tx.execute("INSERT INTO materials VALUES (?1, ?2)", rusqlite::params![sig, game]).unwrap();
    }
    if with_popular {
        // The stored answers of version 2 are not trusted: the upgrade computes them again.
        tx.execute_batch("UPDATE popular_positions SET games = games + 7; DELETE FROM popular_moves").unwrap();
    } else {
        tx.execute_batch("DROP TABLE popular_positions; DROP TABLE popular_moves; DROP TABLE popular_games").unwrap();
    }
    tx.execute("UPDATE meta SET value = ?1 WHERE key = 'version'", [if with_popular { "2" } else { "1" }]).unwrap();
    tx.commit().unwrap();
}

/// An import into an empty SQLite database makes the games' search indexes at its end, also
/// when it stops half-way; an opening makes any that a killed import left missing.
#[test]
fn the_search_indexes_are_there_after_an_import_into_an_empty_database() {
    let Some(files) = master_files() else { return };
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.sqlite3");
    let indexes = || -> i64 {
        let c = rusqlite::Connection::open(&path).unwrap();
        c.query_row("SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' AND name LIKE 'games_%'", [], |r| r.get(0))
            .unwrap()
    };
    let mut db = Database::open(&path, Fold::Mirror).unwrap();
    assert_eq!(indexes(), 4);
    let stopped = ImportOptions { stop_after: Some(700), batch: 300, ..ImportOptions::default() };
    let r = db.import(&files, &stopped, |_| {}).unwrap();
    assert!(r.stopped && r.imported + r.duplicates == 600, "{r:?}");
    assert_eq!(indexes(), 4);
    drop(db);
    // As a kill in the middle of an import into an empty database leaves it.
    rusqlite::Connection::open(&path).unwrap().execute_batch("DROP INDEX games_red; DROP INDEX games_year").unwrap();
    let db = Database::open(&path, Fold::Mirror).unwrap();
    assert_eq!(indexes(), 4);
    let plan: String = rusqlite::Connection::open(&path)
        .unwrap()
        .query_row("EXPLAIN QUERY PLAN SELECT id FROM games WHERE red = 'x'", [], |r| r.get(3))
        .unwrap();
    assert!(plan.contains("games_red"), "{plan}");
    drop(db);
}

/// Databases of schema versions 1 and 2 (a row a position, before the runs) are brought up to
/// this version when opened and answer as a database made by it does; one of a newer version is
/// refused with a message that says so.
#[test]
fn older_schemas_are_brought_up_and_a_newer_one_refused() {
    let Some(files) = master_files() else { return };
    let dir = tempfile::tempdir().unwrap();
    let options = ImportOptions { popular: 100, ..ImportOptions::default() };
    let fresh = dir.path().join("fresh.sqlite3");
    let mut db = Database::open(&fresh, Fold::Mirror).unwrap();
    let report = db.import(&files[1..], &options, |_| {}).unwrap();
    assert!(report.promoted > 2, "{report:?}");
    let games = read_all(&files[1..]);
    let samples: Vec<Position> = games
        .iter()
        .step_by(41)
        .flat_map(|g| {
            let mut pos = g.start_position().unwrap();
            let mut out = vec![pos.clone()];
            for m in g.mainline_moves().into_iter().take(24) {
                pos.play(m).unwrap();
                out.push(pos.clone());
            }
            out
        })
        .collect();
    let answers: Vec<_> = samples.iter().map(|p| db.explore(p, 8, Lang::English).unwrap()).collect();
    let positions = db.stats(0, Lang::English).unwrap().positions;
    // Searches by material: the start's, a made-up one, and the last of a few games.
    let mut materials: Vec<material::Material> = ["雙車雙馬雙炮五兵士象全 vs 雙車雙馬雙炮五兵士象全", "車 vs 士象全"]
        .iter()
        .map(|m| material::parse(m).unwrap())
        .collect();
    for g in games.iter().step_by(300) {
        let mut pos = g.start_position().unwrap();
        g.mainline_moves().into_iter().for_each(|m| pos.play(m).unwrap());
        materials.push(material::Material::of(&pos));
    }
    let search = |db: &Database, m: material::Material| {
        let filter = SearchFilter { material: Some(m), limit: Some(100_000), ..SearchFilter::default() };
        db.search(&filter, Lang::English).unwrap().iter().map(|g| g.id).collect::<Vec<_>>()
    };
    let found: Vec<Vec<i64>> = materials.iter().map(|&m| search(&db, m)).collect();
    assert!(
        found[0].len() > 1000 && found[2..].iter().all(|f| !f.is_empty()),
        "{:?}",
        found.iter().map(Vec::len).collect::<Vec<_>>()
    );
    drop(db);
    for (version, with_popular) in [("2", true), ("1", false)] {
        let old = dir.path().join(format!("v{version}.sqlite3"));
        std::fs::copy(&fresh, &old).unwrap();
        make_old(&old, with_popular);
        let db = Database::open(&old, Fold::Mirror).unwrap();
        for (pos, expected) in samples.iter().zip(&answers) {
            assert_eq!(&db.explore(pos, 8, Lang::English).unwrap(), expected, "version {version}: {}", pos.to_fen());
        }
        assert_eq!(db.stats(0, Lang::English).unwrap().positions, positions);
        for (&m, expected) in materials.iter().zip(&found) {
            assert_eq!(&search(&db, m), expected, "version {version}");
        }
        drop(db);
        let c = rusqlite::Connection::open(&old).unwrap();
        let v: String = c.query_row("SELECT value FROM meta WHERE key = 'version'", [], |r| r.get(0)).unwrap();
        assert_eq!(v, chuhan_db::SCHEMA_VERSION.to_string());
        let tables: i64 =
            c.query_row("SELECT COUNT(*) FROM sqlite_master WHERE name = 'positions'", [], |r| r.get(0)).unwrap();
        assert_eq!(tables, 0, "the old index is gone");
        let popular: i64 = c.query_row("SELECT COUNT(*) FROM popular_positions", [], |r| r.get(0)).unwrap();
        assert_eq!(popular > 0, with_popular, "version {version}");
        c.execute("UPDATE meta SET value = '99' WHERE key = 'version'", []).unwrap();
    }
    let e = Database::open(dir.path().join("v1.sqlite3"), Fold::Mirror).err().expect("a newer schema is refused");
    assert!(e.to_string().contains("schema version 99"), "{e}");
}
