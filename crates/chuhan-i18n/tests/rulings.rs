//! Rulings in every language: every repetition case of the test data (the rule book's 173 and
//! the 33 chase cases, as a game reaches them), and every kind of ending built by hand.

use chuhan::game::{Chase, EndReason, GameResult, Outcome, Violation};
use chuhan::{BySide, Game, Move, Piece, Position, Problem, Role, Rules, Setup, Side, Square, Variant};
use chuhan_i18n::{check_catalogs, Lang, Localize};
use serde_json::Value;

/// The cases, from the rules crate's copy of ../shared/testdata/repetition.
const RULE_BOOK: &str = include_str!("../../chuhan/tests/data/wxf-rulebook-cases.json");
const CHASES: &str = include_str!("../../chuhan/tests/data/chase-cases.json");

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

/// The case's outcome as a game reaches it: its moves up to the last position that repeats
/// an earlier one, then that cycle again until the game ends (as the rules crate's
/// `tests/repetition.rs` plays them).
fn outcome(fen: &str, moves: &[Move]) -> Option<Outcome> {
    let pos = read(fen);
    let mut replay = pos.clone();
    let mut hashes = vec![replay.hash()];
    for &m in moves {
        replay.play(m).unwrap();
        hashes.push(replay.hash());
    }
    let cycle = (1..hashes.len()).rev().find_map(|k| (0..k).rev().find(|&j| hashes[j] == hashes[k]).map(|j| (j, k)));
    let (played, again) = match cycle {
        Some((j, k)) => (&moves[..k], &moves[j..k]),
        None => (moves, &[][..]),
    };
    let mut game = Game::new(pos, Rules::for_variant(Variant::Xiangqi));
    for &m in played.iter().chain(again).chain(again) {
        if game.outcome().is_some() {
            break;
        }
        game.play(m).unwrap();
    }
    game.outcome().copied()
}

fn cases() -> Vec<(String, Option<Outcome>)> {
    let mut all = Vec::new();
    for (text, key) in [(RULE_BOOK, "group"), (CHASES, "comment")] {
        let json: Value = serde_json::from_str(text).unwrap();
        for (i, c) in json.as_array().unwrap().iter().enumerate() {
            let fen = c["fen"].as_str().unwrap();
            let moves: Vec<Move> =
                c["moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap().parse().unwrap()).collect();
            let name = format!("{key} {i}: {}", c[key].as_str().unwrap_or(""));
            all.push((name, outcome(fen, &moves)));
        }
    }
    all
}

/// Words of three or more ASCII letters.
fn ascii_words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_ascii_alphabetic()).filter(|w| w.len() >= 3).map(str::to_ascii_lowercase).collect()
}

/// A ruling in `lang` that reads: no Fluent error or missing message, no placeholder left,
/// and no English word — in Chinese and Korean no Latin letter at all but the square names.
fn check(name: &str, o: &Outcome, variant: Variant, lang: Lang) -> String {
    let text = o.try_localize(variant, lang).unwrap_or_else(|e| panic!("{name} in {lang}: {e}"));
    assert!(!text.contains('{') && !text.contains('}') && !text.contains('$'), "{name} in {lang}: {text}");
    assert!(!text.contains('\u{2068}') && !text.contains('\u{2069}'), "{name} in {lang}: isolation marks");
    if lang != Lang::En {
        let english = o.try_localize(variant, Lang::En).unwrap();
        let theirs = ascii_words(&text);
        for w in ascii_words(&english) {
            assert!(!theirs.contains(&w), "{name} in {lang}: English {w:?} in {text:?}");
        }
        if matches!(lang, Lang::ZhHans | Lang::ZhHant | Lang::Ko) {
            let squares_out: String =
                text.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| w.parse::<Square>().is_err()).collect();
            assert!(!squares_out.chars().any(|c| c.is_ascii_alphabetic()), "{name} in {lang}: {text}");
        }
    }
    text
}

#[test]
fn the_catalogs_are_complete_and_clean() {
    let problems = check_catalogs();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_repetition_case_in_every_language() {
    let cases = cases();
    assert_eq!(cases.len(), 206);
    let mut ruled = 0;
    let mut chases = 0;
    for (name, o) in &cases {
        let Some(o) = o else { continue };
        ruled += 1;
        chases += usize::from(o.chases.first.is_some() || o.chases.second.is_some());
        for lang in Lang::ALL {
            let text = check(name, o, Variant::Xiangqi, lang);
            if lang == Lang::En {
                assert_eq!(text, o.describe(Variant::Xiangqi), "{name}: the catalog words it as describe() does");
            }
        }
    }
    println!("{ruled} of 206 cases end the game; {chases} name a chase");
    assert!(ruled > 150 && chases > 20, "{ruled} {chases}");
}

/// Every kind of ending, with and without the moves and janggi's count, in both games.
#[test]
fn every_kind_of_ending_in_every_language() {
    let chase = |side: Side, chasers: u8, same_kind: bool, unprotected: bool| Chase {
        target: Piece { side: !side, role: Role::Elephant },
        square: "d7".parse().unwrap(),
        chaser: Role::Chariot,
        chasers,
        same_kind,
        unprotected,
    };
    let mut reasons = vec![
        EndReason::Checkmate,
        EndReason::Stalemate,
        EndReason::Resignation,
        EndReason::Agreement,
        EndReason::Time,
        EndReason::Repetition { times: 3 },
        EndReason::MoveLimit { moves: 60 },
        EndReason::DeadPosition,
        EndReason::DoublePass,
        EndReason::Bikjang,
        EndReason::ThreeChecksBySamePiece,
    ];
    for v in [Violation::PerpetualCheck, Violation::PerpetualChase, Violation::PerpetualMateThreat] {
        for times in [2, 3, 4, 7] {
            reasons.push(EndReason::RepetitionViolation { violation: v, times });
            reasons.push(EndReason::MutualViolation { violation: v, times });
        }
    }
    let mut count = 0;
    for variant in [Variant::Xiangqi, Variant::Janggi] {
        for &reason in &reasons {
            for result in [GameResult::Win(Side::First), GameResult::Win(Side::Second), GameResult::Draw] {
                for moves in [None, Some((5, 5)), Some((31, 34))] {
                    for points in [None, Some((72.0, 73.5))] {
                        for chases in [
                            BySide::new(None, None),
                            BySide::new(Some(chase(Side::First, 1, true, true)), None),
                            BySide::new(
                                Some(chase(Side::First, 2, true, false)),
                                Some(chase(Side::Second, 3, false, true)),
                            ),
                            BySide::new(
                                Some(chase(Side::First, 4, true, true)),
                                Some(chase(Side::Second, 2, false, false)),
                            ),
                        ] {
                            let o = Outcome { result, reason, ply: 60, moves, points, chases };
                            for lang in Lang::ALL {
                                let name = format!("{variant} {reason:?} {result:?} {moves:?} {points:?}");
                                let text = check(&name, &o, variant, lang);
                                if lang == Lang::En {
                                    assert_eq!(text, o.describe(variant), "{name}");
                                }
                                count += 1;
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(count > 10_000, "{count}");
}

fn perpetual_check() -> Outcome {
    Outcome {
        result: GameResult::Win(Side::Second),
        reason: EndReason::RepetitionViolation { violation: Violation::PerpetualCheck, times: 3 },
        ply: 68,
        moves: Some((31, 34)),
        points: None,
        chases: BySide::new(None, None),
    }
}

fn checkmate(winner: Side) -> Outcome {
    Outcome {
        result: GameResult::Win(winner),
        reason: EndReason::Checkmate,
        ply: 41,
        moves: None,
        points: None,
        chases: BySide::new(None, None),
    }
}

fn sentences(lang: Lang) -> [String; 4] {
    [
        perpetual_check().localize(Variant::Xiangqi, lang),
        perpetual_check().localize(Variant::Janggi, lang),
        checkmate(Side::First).localize(Variant::Xiangqi, lang),
        checkmate(Side::Second).localize(Variant::Janggi, lang),
    ]
}

#[test]
fn english_sentences() {
    assert_eq!(
        sentences(Lang::En),
        [
            "Black wins: Red repeated the position three times checking on every move (moves 31–34)",
            "Han wins: Cho repeated the position three times checking on every move (moves 31–34)",
            "Red wins: Black is checkmated",
            "Han wins: Cho is checkmated",
        ]
    );
}

#[test]
fn simplified_chinese_sentences() {
    assert_eq!(
        sentences(Lang::ZhHans),
        ["黑方胜：红方长将（第31–34回合）", "汉胜：楚长将（第31–34回合）", "红方胜：黑方被将死", "汉胜：楚被将死"]
    );
}

#[test]
fn traditional_chinese_sentences() {
    assert_eq!(
        sentences(Lang::ZhHant),
        ["黑方勝：紅方長將（第31–34回合）", "漢勝：楚長將（第31–34回合）", "紅方勝：黑方被將死", "漢勝：楚被將死"]
    );
}

#[test]
fn korean_sentences() {
    assert_eq!(
        sentences(Lang::Ko),
        [
            "흑 승: 홍이 같은 수를 세 번 반복하며 매번 장군을 부름 (31–34수)",
            "한 승: 초가 같은 수를 세 번 반복하며 매번 장군을 부름 (31–34수)",
            "홍 승: 흑 외통 (장군을 피할 수 없음)",
            "한 승: 초 외통 (장군을 피할 수 없음)",
        ]
    );
}

#[test]
fn vietnamese_sentences() {
    assert_eq!(
        sentences(Lang::Vi),
        [
            "Đen thắng: Đỏ chiếu mãi (trường chiếu), lặp lại thế cờ ba lần (nước 31–34)",
            "Hán thắng: Sở chiếu mãi (trường chiếu), lặp lại thế cờ ba lần (nước 31–34)",
            "Đỏ thắng: Đen bị chiếu hết",
            "Hán thắng: Sở bị chiếu hết",
        ]
    );
}

/// A named chase in each language: the chaser, the chased piece and its square.
#[test]
fn a_named_chase_in_each_language() {
    let json: Value = serde_json::from_str(RULE_BOOK).unwrap();
    let c = json.as_array().unwrap().iter().find(|c| c["group"].as_str().unwrap().starts_with("diagram 81")).unwrap();
    let moves: Vec<Move> =
        c["moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap().parse().unwrap()).collect();
    let o = outcome(c["fen"].as_str().unwrap(), &moves).unwrap();
    let got: Vec<String> = Lang::ALL.iter().map(|&l| o.localize(Variant::Xiangqi, l)).collect();
    assert_eq!(
        got,
        [
            "Black wins: Red repeated the position three times with its two chariots chasing the unprotected cannon on i5 on every move (moves 1–13)",
            "黑方胜：红方长捉（双车捉i5的无根炮）（第1–13回合）",
            "黑方勝：紅方長捉（雙車捉i5的無根炮）（第1–13回合）",
            "흑 승: 홍이 같은 수를 세 번 반복하며 매번 i5의 보호받지 않는 포를 쫓음 (쫓은 기물: 차 2개) (1–13수)",
            "Đen thắng: Đỏ đuổi bắt mãi (trường tróc): hai Xe đuổi bắt Pháo không được bảo vệ ở i5, lặp lại thế cờ ba lần (nước 1–13)",
        ]
    );
}
