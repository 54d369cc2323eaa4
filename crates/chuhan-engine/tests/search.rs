//! The search: mates, repetition rulings and janggi counting.

use chuhan::{JanggiRules, Move, Position, Variant};
use chuhan_engine::eval::Classic;
use chuhan_engine::score::DECISIVE;
use chuhan_engine::{search, Limits, Report, Score, Shared};

fn think(pos: &Position, depth: i32) -> Report {
    let shared = Shared::new(16);
    let limits = Limits { depth: Some(depth), move_limit: 60, ..Limits::default() };
    search(pos, &shared, &Classic, &limits, 1, |_| {})
}

fn position(variant: Variant, fen: &str, moves: &str) -> Position {
    let mut pos = Position::from_fen(variant, fen).unwrap();
    for m in moves.split_whitespace() {
        pos.play(m.parse::<Move>().unwrap()).unwrap();
    }
    pos
}

/// Plays out the principal variation and checks it ends the game in `moves` moves: the other
/// side has no legal move (mate, or stalemate, which also loses in xiangqi).
fn assert_mates(pos: &Position, r: &Report, moves: usize) {
    assert_eq!(r.score, Score::mate_in_plies(2 * moves as u32 - 1), "mate in {moves}: {r:?}");
    assert_eq!(r.score.mate(), Some(moves as i32));
    let mut p = pos.clone();
    for &m in r.pv.iter().take(2 * moves - 1) {
        p.play(m).unwrap();
    }
    assert!(p.has_no_moves(), "the PV {:?} ends the game", r.pv);
}

/// Whether the side to move has a move after which the other side has none (mate in one).
fn mates_in_one(pos: &Position) -> bool {
    pos.legal_moves().iter().any(|&m| {
        let mut p = pos.clone();
        p.play(m).unwrap();
        p.has_no_moves()
    })
}

#[test]
fn mate_in_one_and_two() {
    let pos = position(Variant::Xiangqi, "4k4/R8/1R7/9/9/9/9/9/9/3K5 w", "");
    let r = think(&pos, 3);
    assert_mates(&pos, &r, 1);
    let pos = position(Variant::Xiangqi, "4k4/9/9/9/9/9/9/9/R8/1R1K5 w", "");
    let r = think(&pos, 5);
    assert_mates(&pos, &r, 2);
}

#[test]
fn the_quiescence_search_sees_a_quiet_mating_check() {
    // Red can take the horse on i8 (i3i8), after which Black's chariot mates from d7: the
    // general cannot step to d1 (same file) or e0 (it would face Black's general). The check is
    // a quiet move, so only a quiescence search that tries checks sees it at depth 1.
    let pos = position(Variant::Xiangqi, "4k4/8n/7r1/9/9/9/8R/9/9/3K5 w", "");
    let r = think(&pos, 1);
    assert_ne!(r.pv.first(), Some(&"i3i8".parse().unwrap()), "{r:?}");
    let mut after = pos.clone();
    after.play("i3i8".parse().unwrap()).unwrap();
    let r = think(&after, 1);
    assert_mates(&after, &r, 1);
}

#[test]
fn forced_win_within_a_node_budget() {
    // Fairy-Stockfish (go depth 20) reports mate in 5 here. chuhan finds a win in 4: after
    // g0g9 e8f9 c2b4 d7e8 b4c6, Black's best defence d9e9 is met by c6b8, which leaves Black
    // no legal move — stalemate, a loss in xiangqi (pyffish's game_result agrees: -32000).
    let pos = position(Variant::Xiangqi, "3k5/4a4/3a5/9/9/9/9/2H6/9/4K1R2 w", "");
    let shared = Shared::new(16);
    // Asked for a mate in 4 (`go mate 4`), it must find that one, not stop at a longer mate.
    let limits = Limits { nodes: Some(2_000_000), mate: Some(4), move_limit: 60, ..Limits::default() };
    let r = search(&pos, &shared, &Classic, &limits, 1, |_| {});
    assert_mates(&pos, &r, 4);
    assert!(r.nodes <= 2_100_000, "{}", r.nodes);
    let after = position(Variant::Xiangqi, "3k5/4a4/3a5/9/9/9/9/2H6/9/4K1R2 w", "g0g9 e8f9 c2b4 d7e8 b4c6 d9e9 c6b8");
    assert!(after.has_no_moves() && !after.is_check());
}

#[test]
fn perpetual_check_is_avoided_by_the_checker_and_claimed_by_the_victim() {
    // Red has checked on every move; playing e0f0 again repeats the position with Red checking
    // throughout, which loses. Red must play something else.
    let pos = position(Variant::Xiangqi, "4k4/9/9/9/9/9/9/9/9/3K1R3 w", "f0e0 e9f9 e0f0 f9e9 f0e0 e9f9");
    let r = think(&pos, 4);
    assert_ne!(r.pv[0].to_string(), "e0f0", "{r:?}");
    assert!(r.score.raw() > -DECISIVE / 2, "{r:?}");
    // Black, checked on every move, repeats the start a third time and is scored as the winner.
    let pos = position(Variant::Xiangqi, "4k4/9/9/9/9/9/9/9/9/3K1R3 w", "f0e0 e9f9 e0f0 f9e9 f0e0 e9f9 e0f0");
    let r = think(&pos, 3);
    assert_eq!(r.pv[0].to_string(), "f9e9");
    assert!(r.score.raw() >= DECISIVE - 10, "{r:?}");
}

#[test]
fn a_position_seen_once_before_the_root_is_not_yet_a_ruling() {
    // The game rules on a repetition when a position stands the third time. Here Black's only
    // move repeats the start for the second time: the game goes on (Red may stop checking), so
    // the search must not score it as Red's perpetual check at once. Within three plies
    // nothing else repeats, so no ruling at all can be seen.
    let pos = position(Variant::Xiangqi, "4k4/9/9/9/9/9/9/9/9/3K1R3 w", "f0e0 e9f9 e0f0");
    let r = think(&pos, 3);
    assert_eq!(r.pv[0].to_string(), "f9e9");
    assert!(r.score.raw().abs() < DECISIVE / 2, "{r:?}");
}

#[test]
fn a_mate_on_the_move_that_reaches_the_move_limit_is_a_mate() {
    // From a game against ElephantEye at 100 ms a move (thirty-sixth session): 119 plies
    // without a capture, Red to move. d6d9 mates, and it is the 120th ply, when the 60-move
    // rule would draw; the rules look for mate first, so it is a win, not a draw. The search
    // scored the limit before the mate, saw 0 everywhere, and as Black let the mate in.
    let fen = "4kab2/4a4/4b4/3RC3P/5c3/9/9/9/3K5/7r1 w - - 119 111";
    let pos = position(Variant::Xiangqi, fen, "");
    let r = think(&pos, 3);
    assert_mates(&pos, &r, 1);
    // One ply earlier, Black to move: the game's move, c9e7 (scored 0 at depth 41), allows
    // that mate; the search must see it and keep d9 covered.
    let pos = position(Variant::Xiangqi, "2b1kab2/4a4/9/3RC3P/5c3/9/9/9/3K5/7r1 b - - 118 110", "");
    let r = think(&pos, 4);
    assert_ne!(r.pv[0].to_string(), "c9e7", "{r:?}");
    let mut after = pos.clone();
    after.play(r.pv[0]).unwrap();
    assert!(!mates_in_one(&after), "{r:?} lets a mate in one in");
}

#[test]
fn checks_beyond_those_counted_do_not_count_toward_the_move_limit() {
    // A chariot against a bare general, 113 plies without a capture, then three checks by
    // Red (each answered by a step of the general): 119 plies. Under rules that count two
    // checks a side (the default is ten; fewer make a short test), one check is uncounted, so
    // the game goes on while Red checks: the search must see Red's chariot ahead (or a mate)
    // rather than the draw it would score if every check counted.
    let start = position(Variant::Xiangqi, "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 113 1", "");
    let rules = chuhan::Rules { counted_checks: 2, ..chuhan::Rules::for_variant(Variant::Xiangqi) };
    let mut game = chuhan::Game::new(start.clone(), rules);
    let mut seen = vec![start.hash()];
    let mut checks = 0;
    while game.ply() < 6 {
        let pos = game.position().clone();
        let red = game.ply().is_multiple_of(2);
        let next = pos.legal_moves().iter().copied().find(|&m| {
            let mut p = pos.clone();
            p.play(m).unwrap();
            // Red's check must leave Black a quiet step (not only the capture of the checker).
            let quiet_reply = p.legal_moves().iter().any(|&r| p.piece_at(r.to).is_none());
            pos.piece_at(m.to).is_none() && quiet_reply && !seen.contains(&p.hash()) && (!red || p.is_check())
        });
        let m = next.unwrap_or_else(|| {
            panic!("no quiet check (Red) or quiet step (Black) that repeats nothing at {}", pos.to_fen())
        });
        assert!(game.play(m).unwrap().is_none(), "the game goes on after {m}");
        checks += red as usize;
        seen.push(game.position().hash());
    }
    assert_eq!((checks, game.position().halfmove_clock()), (3, 119));
    let pos = game.position().clone();
    assert!(!mates_in_one(&pos), "a mate in one would be seen either way: {}", pos.to_fen());
    let shared = Shared::new(16);
    let counted = Limits { depth: Some(7), ..Limits::for_rules(&rules) };
    let r = search(&pos, &shared, &Classic, &counted, 1, |_| {});
    assert!(r.score.raw() > 300, "{r:?}");
    // Counting every check, the same search calls it a draw: the test tells the two apart.
    let shared = Shared::new(16);
    let every = Limits { counted_checks: None, ..counted };
    let r = search(&pos, &shared, &Classic, &every, 1, |_| {});
    assert_eq!(r.score.raw(), 0, "{r:?}");
}

#[test]
fn janggi_counting_in_search() {
    // Han passed; Cho, a chariot ahead, ends the game by passing too and wins on points.
    let pos = position(Variant::Janggi, "4k4/9/9/9/9/9/9/R8/3K5/9 b", "e9e9");
    let r = think(&pos, 4);
    assert!(r.score.raw() >= DECISIVE - 10, "{r:?}");
    // Behind on points, Cho does not pass after Han's pass.
    let pos = position(Variant::Janggi, "4k4/9/9/9/9/9/9/r8/3K5/9 b", "e9e9");
    let r = think(&pos, 3);
    assert!(!r.pv[0].is_pass(), "{r:?}");
}

#[test]
fn janggi_bikjang_counting_is_seen_at_once() {
    // From a game Fairy-Stockfish won: Han's elephant on e6 is all that stands between the
    // generals. Taking the soldier on g3 with it leaves them facing, and Cho, ahead 52 to 50.5
    // on points, passes and wins the counting. At depth 2 the search must see it (the pass is a
    // quiet move the reductions and pruning would skim over; it was seen only at depth 6).
    let fen = "3a1a3/1c2k4/2nc5/1pppb1p2/2r6/3P2C2/P5PP1/2N3NC1/4K4/2BA1A2R b - - 9 17";
    let pos = position(Variant::Janggi, fen, "");
    let shared = Shared::new(16);
    let only = vec!["e6g3".parse().unwrap()];
    let limits = Limits { depth: Some(2), move_limit: 60, only, ..Limits::default() };
    let r = search(&pos, &shared, &Classic, &limits, 1, |_| {});
    assert!(r.score.raw() <= -DECISIVE + 10, "{r:?}");
    // Cho, to move after it, passes at depth 1 and wins on points.
    let pos = position(Variant::Janggi, fen, "e6g3");
    let r = think(&pos, 1);
    assert!(r.pv[0].is_pass() && r.score.raw() >= DECISIVE - 10, "{r:?}");
    // Under the traditional rules that pass only draws: no counting.
    let limits = Limits { depth: Some(3), move_limit: 60, janggi_rules: JanggiRules::Traditional, ..Limits::default() };
    let r = search(&pos, &shared, &Classic, &limits, 1, |_| {});
    assert!(r.score.raw().abs() < DECISIVE - 1000, "{r:?}");
}

#[test]
fn perpetual_chase_is_avoided_by_the_chaser() {
    // The chase cases the rules crate is tested on (from Fairy-Stockfish's suite): where the
    // last move completes a losing perpetual chase, the chaser, asked to move before it, must
    // play anything else — the search judges repetitions, chases included, as the referee does.
    let cases: serde_json::Value =
        serde_json::from_str(include_str!("../../chuhan/tests/data/chase-cases.json")).unwrap();
    let (mut tried, mut avoided) = (0, 0);
    for case in cases.as_array().unwrap() {
        let fen = case["fen"].as_str().unwrap();
        let moves: Vec<&str> = case["moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
        let expected = case["expected"].as_str().unwrap();
        let Some((last, before)) = moves.split_last() else { continue };
        let pos = position(Variant::Xiangqi, fen, &before.join(" "));
        let last_mover_loses =
            matches!((pos.turn(), expected), (chuhan::Side::First, "black wins") | (chuhan::Side::Second, "red wins"));
        // Only cases ruled by the game as the file says, and with the loser moving last.
        let mut game = chuhan::Game::new(
            Position::from_fen(Variant::Xiangqi, fen).unwrap(),
            chuhan::Rules::for_variant(Variant::Xiangqi),
        );
        for m in &moves {
            let _ = game.play(m.parse().unwrap());
        }
        let ruled = game.outcome().map(|o| o.result);
        let agrees = match expected {
            "red wins" => ruled == Some(chuhan::GameResult::Win(chuhan::Side::First)),
            "black wins" => ruled == Some(chuhan::GameResult::Win(chuhan::Side::Second)),
            _ => false,
        };
        if !last_mover_loses || !agrees {
            continue;
        }
        tried += 1;
        let r = think(&pos, 3);
        if r.pv[0].to_string() != *last {
            avoided += 1;
        } else {
            eprintln!("{}: played {last} into a lost repetition (score {})", case["comment"], r.score);
        }
    }
    assert!(tried >= 5, "only {tried} usable cases");
    assert_eq!(avoided, tried);
}

/// A janggi ending where every evasion of a check can uncover a check on the other general:
/// the quiescence search followed such chains move by move, 120 plies deep, and the first
/// iteration never finished (the search only stops once it has an answer), so a 4,000-node
/// search ran for minutes. It came up in self-play (`chuhan-train gen`, seed 2, game 495) and needs the
/// table as the game's earlier searches left it, so the test replays the game as the generator
/// played it: a search of 4,000 nodes before every move, one table throughout.
#[test]
fn long_lines_of_checks_do_not_run_away() {
    let text = include_str!("data/janggi-check-chain.txt");
    let mut lines = text.lines();
    let mut pos = Position::from_fen(Variant::Janggi, lines.next().unwrap()).unwrap();
    let moves: Vec<Move> = lines.next().unwrap().split_whitespace().map(|m| m.parse().unwrap()).collect();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let shared = Shared::new(4);
        let move_limit = chuhan::game::Rules::for_variant(Variant::Janggi).move_limit.unwrap_or(0);
        let limits = Limits { nodes: Some(4000), move_limit, ..Limits::default() };
        let mut most = 0;
        for m in moves.into_iter().map(Some).chain([None]) {
            let r = search(&pos, &shared, &Classic, &limits, 1, |_| {});
            most = most.max(r.nodes);
            if let Some(m) = m {
                pos.play(m).unwrap();
            }
        }
        let _ = tx.send(most);
    });
    let most = rx.recv_timeout(std::time::Duration::from_secs(60)).expect("a search ran away (over 60 s for the game)");
    // A node limit is checked every 1,024 nodes and a first iteration always finishes: a little
    // over 4,000, never thousands of times over.
    assert!(most < 40_000, "a 4,000-node search took {most} nodes");
}

/// MultiPV asks for more lines than there are legal moves: the search of the line after the
/// last one has no move to search, and once its iterations used aspiration windows it failed
/// low against -MATE for ever (found by the puzzle generator: a candidate in check with one
/// escape spun a core and never stopped, whatever the node limit).
#[test]
fn more_lines_than_legal_moves_end() {
    // Red is in check from the chariot on a0 and has one legal move: the chariot blocks on c0.
    let pos = Position::from_fen(Variant::Xiangqi, "5k3/9/9/9/2R6/9/9/9/r8/r2K5 w - - 0 1").unwrap();
    assert_eq!(pos.legal_moves().len(), 1);
    for (depth, nodes) in [(Some(12), None), (None, Some(20_000))] {
        let limits = Limits { depth, nodes, multipv: 3, ..Limits::default() };
        let mut lines = Vec::new();
        let best = search(&pos, &Shared::new(1), &Classic, &limits, 1, |r| lines.push(r.multipv));
        assert_eq!(best.pv[0].to_string(), "c5c0");
        assert!(lines.iter().all(|&k| k == 1), "{lines:?}");
    }
}

/// The switches for techniques still under test (`LmrCutNode`, `LmrChecks`, `LmrDeeper`,
/// `LmrCaptures`, `LmrFrom`, `ExtensionLimit`, `CaptureHistory`, `TtEval`, `QsPrune`,
/// `ThreatOrder`, `PruneChecks`, `ProbCut`, `SingularNegative`, `EvalFade`, `CheckExtMaxDepth`,
/// `CheckExtMinDepth`, `HistoryBySide`, `ContHist4`, `CorrHist`, `CorrContinuation`, off by
/// default, `LmrFrom` at 3) each change the tree when turned on.
#[test]
fn the_switches_under_test_change_the_tree() {
    use chuhan_engine::search::Params;
    use std::sync::Arc;
    // A middle game with open files: checks to reduce, captures to order.
    let pos =
        Position::from_fen(Variant::Xiangqi, "r2akab1r/3n5/4b3n/p1p1pRp1p/9/2P3P2/P3P3c/N2C3C1/4A4/1RBAK1B2 w - - 0 1")
            .unwrap();
    let nodes = |settings: &[(&str, i32)]| {
        let mut params = Params::default();
        for &(name, value) in settings {
            assert_eq!(params.set(name, value), Ok(true), "{name}");
        }
        let limits = Limits { depth: Some(8), move_limit: 60, params: Arc::new(params), ..Limits::default() };
        search(&pos, &Shared::new(16), &Classic, &limits, 1, |_| {}).nodes
    };
    let plain = nodes(&[]);
    for switch in [
        ("LmrCutNode", 2),
        ("LmrChecks", 1),
        ("LmrDeeper", 40),
        ("LmrCaptures", 1),
        ("LmrCaptures", 2),
        ("LmrFrom", 1),
        ("ExtensionLimit", 2),
        ("CaptureHistory", 100),
        ("TtEval", 1),
        ("QsPrune", 1),
        ("ThreatOrder", 100),
        ("PruneChecks", 1),
        ("ProbCut", 200),
        ("EvalFade", 100),
        ("CheckExtMaxDepth", 3),
        ("CheckExtMinDepth", 4),
        ("HistoryBySide", 1),
        ("ContHist4", 1),
        ("CorrHist", 100),
        ("CorrContinuation", 100),
    ] {
        assert_ne!(nodes(&[switch]), plain, "{switch:?} changed nothing");
    }
    // The singular extension starts at depth 8, deeper than any node below the root here: the
    // negative extension is seen with it starting at depth 4.
    let singular = [("SingularDepth", 4)];
    assert_ne!(nodes(&[singular[0], ("SingularNegative", 1)]), nodes(&singular), "SingularNegative changed nothing");
    // Late-move pruning the way Pikafish-HCE does it: at every depth (here the root's 8), and
    // a fifth of the count when not improving.
    let everywhere = [("LateMoveDepth", 8)];
    assert_ne!(nodes(&everywhere), plain, "LateMoveDepth changed nothing");
    assert_ne!(nodes(&[everywhere[0], ("LateMoveDivisor", 5)]), nodes(&everywhere), "LateMoveDivisor changed nothing");
}

/// The correction history has a weight for each game: `CorrHist` in xiangqi, `CorrHistJanggi`
/// in janggi (on by default there). Each changes its own game's tree and leaves the other's be.
#[test]
fn each_game_weighs_its_own_correction_history() {
    use chuhan_engine::search::Params;
    use std::sync::Arc;
    let xiangqi =
        Position::from_fen(Variant::Xiangqi, "r2akab1r/3n5/4b3n/p1p1pRp1p/9/2P3P2/P3P3c/N2C3C1/4A4/1RBAK1B2 w - - 0 1")
            .unwrap();
    let janggi = Position::new(Variant::Janggi);
    let nodes = |pos: &Position, settings: &[(&str, i32)]| {
        let mut params = Params::default();
        for &(name, value) in settings {
            assert_eq!(params.set(name, value), Ok(true), "{name}");
        }
        let limits = Limits { depth: Some(8), move_limit: 60, params: Arc::new(params), ..Limits::default() };
        search(pos, &Shared::new(16), &Classic, &limits, 1, |_| {}).nodes
    };
    assert_eq!(Params::default().get("CorrHist"), Some(0));
    assert_eq!(Params::default().get("CorrHistJanggi"), Some(100));
    let plain = nodes(&xiangqi, &[]);
    assert_ne!(nodes(&xiangqi, &[("CorrHist", 100)]), plain, "CorrHist changed nothing in xiangqi");
    assert_eq!(nodes(&xiangqi, &[("CorrHistJanggi", 0)]), plain, "CorrHistJanggi reached xiangqi");
    let plain = nodes(&janggi, &[]);
    assert_ne!(nodes(&janggi, &[("CorrHistJanggi", 0)]), plain, "CorrHistJanggi changed nothing in janggi");
    assert_eq!(nodes(&janggi, &[("CorrHist", 100)]), plain, "CorrHist reached janggi");
}

/// `EvalFade`: a lead counts for less the nearer the xiangqi move limit, and not at all in
/// janggi, whose limit goes to counting; off, the clock changes nothing short of the limit.
#[test]
fn the_evaluation_fades_as_the_move_limit_nears() {
    use chuhan_engine::search::Params;
    use std::sync::Arc;
    let score = |variant: Variant, fen: &str, clock: u32, fade: i32| {
        let pos = Position::from_fen(variant, &format!("{fen} w - - {clock} 1")).unwrap();
        let mut params = Params::default();
        params.set("EvalFade", fade).unwrap();
        let limits = Limits { depth: Some(2), move_limit: 60, params: Arc::new(params), ..Limits::default() };
        let r = search(&pos, &Shared::new(16), &Classic, &limits, 1, |_| {});
        r.score.centipawns().unwrap_or_else(|| panic!("not a plain score: {r:?}"))
    };
    // Red a chariot up, nothing to capture within two plies.
    let xiangqi = "4k4/9/9/9/9/9/9/9/9/R4K3";
    let (fresh, late) = (score(Variant::Xiangqi, xiangqi, 0, 100), score(Variant::Xiangqi, xiangqi, 100, 100));
    assert!(fresh > 500, "{fresh}");
    assert!(0 < late && late < fresh / 2, "a lead 100 plies after the last capture: {late} against {fresh}");
    assert_eq!(score(Variant::Xiangqi, xiangqi, 100, 0), score(Variant::Xiangqi, xiangqi, 0, 0), "off");
    let janggi = "3k5/4a4/9/9/9/9/9/9/4K4/1R7";
    assert_eq!(score(Variant::Janggi, janggi, 100, 100), score(Variant::Janggi, janggi, 0, 100), "janggi");
}

/// With one legal move and a clock, the search answers after a few plies instead of spending
/// its share of the clock; without a clock (a fixed depth) it searches as asked.
#[test]
fn a_forced_move_on_the_clock_is_played_at_once() {
    use std::time::Duration;
    // Red is in check along the back rank: only the advisor can step between.
    let pos = Position::from_fen(Variant::Xiangqi, "3k5/9/9/9/9/9/9/9/4A4/r3K4 w - - 0 1").unwrap();
    assert_eq!(pos.legal_moves().len(), 1);
    let clock = Limits {
        soft: Some(Duration::from_secs(30)),
        hard: Some(Duration::from_secs(60)),
        move_limit: 60,
        ..Limits::default()
    };
    let r = search(&pos, &Shared::new(16), &Classic, &clock, 1, |_| {});
    assert_eq!(r.pv.first().map(|m| m.to_string()), Some("e1d0".to_string()));
    assert!(r.depth <= 5, "searched to depth {} with one legal move", r.depth);
    let fixed = Limits { depth: Some(8), move_limit: 60, ..Limits::default() };
    assert_eq!(search(&pos, &Shared::new(16), &Classic, &fixed, 1, |_| {}).depth, 8);
}
