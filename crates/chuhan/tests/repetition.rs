//! Repetition rulings: the WXF/Asian rule-book cases and Fairy-Stockfish's chase cases
//! (../shared/testdata/repetition, copied to tests/data).
//!
//! Two protocols. **As a game reaches them** (the one that counts): the case's moves up to the
//! last position that repeats an earlier one, then that cycle played again until the game ends
//! — at the latest when the position occurs the third time — under the default rules, as
//! `Game`, `chuhan adjudicate`, `match`, `play` and the server rule. **At the second
//! occurrence**: the rule-book cases stop there, so they are also judged with
//! `repetitions = 2` (the chase cases stop at the third and use the default 3).

use chuhan::{Game, Move, Position, Problem, Rules, Setup, Variant};
use serde_json::Value;

/// The case's position. One rule-book diagram ("test repetition material") has a black soldier
/// on i7, behind its starting rank, where no soldier can ever stand: it is read as a composed
/// position, as `chuhan adjudicate --relaxed` reads it.
fn read(fen: &str) -> Position {
    let setup: Setup = fen.parse().unwrap();
    match setup.position(Variant::Xiangqi) {
        Ok(pos) => pos,
        Err(e) => {
            assert!(e.problems().iter().all(|p| matches!(p, Problem::Unreachable { .. })), "{fen}: {e}");
            e.ignore_unreachable().expect("valid apart from the soldier")
        }
    }
}

/// Plays a case at the second occurrence and returns the verdict: "red wins", "black wins", "draw" or "undecided".
fn verdict(fen: &str, moves: &[String], repetitions: u32) -> String {
    let pos = read(fen);
    let mut rules = Rules::for_variant(Variant::Xiangqi);
    rules.repetitions = repetitions;
    let mut game = Game::new(pos, rules);
    for m in moves {
        if game.outcome().is_some() {
            break;
        }
        let m: Move = m.parse().unwrap();
        game.play(m).unwrap_or_else(|e| panic!("{fen} {m}: {e}"));
    }
    match game.outcome() {
        Some(o) => o.verdict(Variant::Xiangqi),
        None => "undecided".to_string(),
    }
}

struct Case {
    name: String,
    fen: String,
    moves: Vec<String>,
    expected: String,
}

fn load(text: &str, name_key: &str) -> Vec<Case> {
    let json: Value = serde_json::from_str(text).unwrap();
    json.as_array()
        .unwrap()
        .iter()
        .map(|c| Case {
            name: c[name_key].as_str().unwrap_or("").to_string(),
            fen: c["fen"].as_str().unwrap().to_string(),
            moves: c["moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap().to_string()).collect(),
            expected: c["expected"].as_str().unwrap().to_string(),
        })
        .collect()
}

/// A case where chuhan's ruling differs from the expected one: its index in the file, chuhan's
/// verdict, and why.
struct Difference {
    index: usize,
    ours: &'static str,
    why: &'static str,
}

/// Rule-book cases chuhan rules differently at the second occurrence (2 of 173).
const RULE_BOOK_DIFFERENCES: &[Difference] = &[
    Difference {
        index: 117,
        ours: "black wins",
        why: "diagram 80: chuhan finds Red's two chariots chasing the same cannon on every move; the rule book \
              rules a draw. Fairy-Stockfish rules as chuhan does.",
    },
    Difference {
        index: 152,
        ours: "draw",
        why: "'Perpetual Chase': Red's chariot on d1 is pinned by the black horse on c1 (it blocks the horse's \
              leg) and attacks it. chuhan follows rule-book diagrams 39-41 (cases 55-59), where a chariot pinned \
              by a horse does not chase; this case rules the opposite. Fairy-Stockfish rules as chuhan does.",
    },
];

/// Fairy-Stockfish chase cases chuhan rules differently (none of 33, either protocol). Case 30,
/// "Mutual pins by flying generals", agrees since a general's move that opens or closes the
/// file between the generals counts as the general's own threat (generals may chase freely).
const CHASE_DIFFERENCES: &[Difference] = &[];

fn run(cases: &[Case], judge: impl Fn(&Case) -> String, differences: &[Difference]) -> Vec<String> {
    let mut wrong = Vec::new();
    for (i, c) in cases.iter().enumerate() {
        let got = judge(c);
        match differences.iter().find(|d| d.index == i) {
            Some(d) => {
                assert_ne!(c.expected, d.ours, "case {i} is listed as a difference but expects {}", d.ours);
                if got != d.ours {
                    wrong.push(format!("#{i} (a documented difference) now rules {got}, not {}: {}", d.ours, d.why));
                }
            }
            None if got != c.expected => {
                wrong.push(format!("#{i} [{}] {} {:?}: expected {}, got {got}", c.name, c.fen, c.moves, c.expected))
            }
            None => {}
        }
    }
    wrong
}

#[test]
fn rule_book_cases_at_the_second_occurrence() {
    let cases = load(include_str!("data/wxf-rulebook-cases.json"), "group");
    let wrong = run(&cases, |c| verdict(&c.fen, &c.moves, 2), RULE_BOOK_DIFFERENCES);
    println!("rule book at the second occurrence: {}/{} agree", cases.len() - RULE_BOOK_DIFFERENCES.len(), cases.len());
    assert!(wrong.is_empty(), "{} of {} differ:\n{}", wrong.len(), cases.len(), wrong.join("\n"));
}

#[test]
fn chase_cases() {
    let cases = load(include_str!("data/chase-cases.json"), "comment");
    let wrong = run(&cases, |c| verdict(&c.fen, &c.moves, 3), CHASE_DIFFERENCES);
    println!("chase cases: {}/{} agree", cases.len() - CHASE_DIFFERENCES.len(), cases.len());
    assert!(wrong.is_empty(), "{} of {} differ:\n{}", wrong.len(), cases.len(), wrong.join("\n"));
}

/// Plays a case as a game reaches it (see the module's doc) and returns the verdict, with the
/// ruling in words after it when the game ended.
fn verdict_as_played(fen: &str, moves: &[String]) -> String {
    let pos = read(fen);
    let moves: Vec<Move> = moves.iter().map(|m| m.parse().unwrap()).collect();
    // The position after each ply, to find the last one that repeats an earlier one.
    let mut replay = pos.clone();
    let mut hashes = vec![replay.hash()];
    for &m in &moves {
        replay.play(m).unwrap();
        hashes.push(replay.hash());
    }
    let cycle = (1..hashes.len()).rev().find_map(|k| (0..k).rev().find(|&j| hashes[j] == hashes[k]).map(|j| (j, k)));
    let mut game = Game::new(pos, Rules::for_variant(Variant::Xiangqi));
    let (played, again) = match cycle {
        Some((j, k)) => (&moves[..k], &moves[j..k]),
        None => (&moves[..], &[][..]),
    };
    // The moves, then the cycle twice more at most: the game ends on the way.
    for &m in played.iter().chain(again).chain(again) {
        if game.outcome().is_some() {
            break;
        }
        game.play(m).unwrap();
    }
    match game.outcome() {
        Some(o) => format!("{}: {}", o.verdict(Variant::Xiangqi), o.describe(Variant::Xiangqi)),
        None => "undecided".to_string(),
    }
}

/// Rule-book cases chuhan rules differently as a game reaches them (1 of 173). Each was tried
/// against the whole suite; the numbers say what each alternative rule breaks.
const RULE_BOOK_DIFFERENCES_AS_PLAYED: &[Difference] = &[Difference {
    index: 152,
    ours: "draw",
    why: "'Perpetual Chase': Red's soldier steps c6-b6 and back, each time taking away the screen through which \
              Black's cannon on c9 protects the horse on c1 (stepping off leaves no screen, stepping back makes two), \
              so Red's chariot on d1, which that horse pins, attacks an unprotected horse on every move. The rule \
              book counts that as a chase. chuhan counts neither an attack that wins only because the protector \
              lost its line (rule book diagram 61, cases 86-87, and 'mutual perpetual chase', cases 106 and 155, \
              rule such moves as no chase) nor a pinned piece's attack on its pinner (diagrams 39-41, cases 55-59). \
              Counting both rules this case as the book does and breaks those nine and Fairy-Stockfish's D39 \
              cases 21 and 22. Fairy-Stockfish rules a draw.",
}];

fn as_played(c: &Case) -> String {
    let got = verdict_as_played(&c.fen, &c.moves);
    got.split(':').next().unwrap_or_default().to_string()
}

/// Every case as a game reaches it: the count the issue tracker asks for (at least 205 of
/// 206; the case left is documented with the rule it follows and what meeting it would break).
#[test]
fn every_case_as_a_game_reaches_it() {
    let rule_book = load(include_str!("data/wxf-rulebook-cases.json"), "group");
    let chases = load(include_str!("data/chase-cases.json"), "comment");
    let mut wrong = run(&rule_book, as_played, RULE_BOOK_DIFFERENCES_AS_PLAYED);
    wrong.extend(run(&chases, as_played, CHASE_DIFFERENCES));
    let total = rule_book.len() + chases.len();
    let agree = total - RULE_BOOK_DIFFERENCES_AS_PLAYED.len() - CHASE_DIFFERENCES.len();
    println!("as a game reaches them (third occurrence): {agree}/{total} agree");
    assert!(wrong.is_empty(), "{} of {total} differ:\n{}", wrong.len(), wrong.join("\n"));
}

/// The ruling in words names the chasers and the chased piece, and the game stops at the
/// third occurrence even when the record goes on past the second.
#[test]
fn a_game_ends_at_the_third_occurrence() {
    let rule_book = load(include_str!("data/wxf-rulebook-cases.json"), "group");
    // Diagram 81: two chariots chase one cannon; the record goes one move past the repetition.
    let c = rule_book.iter().find(|c| c.name.starts_with("diagram 81")).unwrap();
    let got = verdict_as_played(&c.fen, &c.moves);
    assert_eq!(
        got,
        "black wins: Black wins: Red repeated the position three times with its two chariots chasing the \
         unprotected cannon on i5 on every move (moves 1–13)"
    );
}

/// Both sides' chases are named when a mutual chase draws (rule book "mutual perpetual chase").
#[test]
fn a_mutual_chase_names_both_chases() {
    let rule_book = load(include_str!("data/wxf-rulebook-cases.json"), "group");
    let got = verdict_as_played(&rule_book[68].fen, &rule_book[68].moves);
    assert_eq!(
        got,
        "draw: Draw: the position occurred three times with both sides chasing on every move, Red with its \
         chariot chasing the unprotected horse on d6 and Black with its horse chasing the chariot on d4 (moves 4–12)"
    );
}
