//! Why a FEN does not read, in every language: each kind of [`FenErrorKind`], as the rules
//! crate's reader finds it in real text, with the field and rank it names.

use chuhan::{FenErrorKind, Position, Variant};
use chuhan_i18n::{Lang, Localize};

/// The FENs, one a kind, and the kind's name.
const BAD: [(&str, &str); 10] = [
    ("   ", "empty"),
    ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9 w - - 0 1", "rank-count"),
    ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w - - 0 1", "file-count"),
    ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKXBNR w - - 0 1", "bad-char"),
    ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x - - 0 1", "bad-side"),
    ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w KQ - 0 1", "expected-dash"),
    ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1", "bad-number"),
    ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 9", "extra-field"),
    // Red's general outside its palace: a position error, placed on its rank.
    ("4k4/9/9/9/9/9/9/9/9/K8 w - - 0 1", "position"),
    // Black left in check with red to move: placed on the side-to-move field.
    ("4k4/4R4/9/9/9/9/9/9/9/3K5 w - - 0 1", "position"),
];

fn kind(k: &FenErrorKind) -> &'static str {
    match k {
        FenErrorKind::Empty => "empty",
        FenErrorKind::RankCount(_) => "rank-count",
        FenErrorKind::FileCount(_) => "file-count",
        FenErrorKind::BadChar(_) => "bad-char",
        FenErrorKind::BadSide(_) => "bad-side",
        FenErrorKind::ExpectedDash(_) => "expected-dash",
        FenErrorKind::BadNumber(_) => "bad-number",
        FenErrorKind::ExtraField(_) => "extra-field",
        FenErrorKind::Position(_) => "position",
        _ => "other",
    }
}

#[test]
fn every_kind_in_every_language() {
    for (fen, expected) in BAD {
        let e = Position::from_fen(Variant::Xiangqi, fen).expect_err(fen);
        assert_eq!(kind(&e.kind), expected, "{fen}: {e}");
        let mut seen = Vec::new();
        for lang in Lang::ALL {
            let text = e.try_localize(Variant::Xiangqi, lang).unwrap_or_else(|err| panic!("{fen} in {lang}: {err}"));
            assert!(!text.contains('{') && !text.contains('$') && !text.contains('\u{2068}'), "{lang}: {text}");
            if lang == Lang::En {
                // English is the rules crate's own sentence, word for word.
                assert_eq!(text, e.to_string());
            } else {
                assert!(!text.contains("expected"), "{lang} keeps English: {text}");
                assert!(text.contains(&e.field.to_string()), "{lang} names no field: {text}");
            }
            seen.push(text);
        }
        seen.sort();
        seen.dedup();
        // Simplified and traditional Chinese may agree; the others differ from each other.
        assert!(seen.len() >= Lang::ALL.len() - 1, "{fen}: {seen:?}");
    }
}

#[test]
fn sentences_in_each_language() {
    let e = Position::from_fen(Variant::Xiangqi, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w")
        .unwrap_err();
    assert_eq!(e.localize(Variant::Xiangqi, Lang::En), "FEN field 1, rank 0: 10 files, expected 9");
    assert_eq!(e.localize(Variant::Xiangqi, Lang::ZhHans), "FEN 第 1 段，第 0 行：有 10 列，应为 9 列");
    assert_eq!(
        e.localize(Variant::Xiangqi, Lang::Ko),
        "FEN 1번째 항목, 0번 가로줄: 세로줄이 10개입니다 (9개여야 합니다)"
    );
    let e = Position::from_fen(Variant::Xiangqi, "4k4/9/9/9/9/9/9/9/9/K8").unwrap_err();
    assert_eq!(e.localize(Variant::Xiangqi, Lang::ZhHans), "FEN 第 1 段，第 0 行：红方的帅在 a0，出了九宫");
    assert_eq!(
        e.localize(Variant::Xiangqi, Lang::Vi),
        format!("FEN, trường 1, hàng 0: {}", {
            let p = e.position_error().unwrap().problems()[0];
            p.localize(Variant::Xiangqi, Lang::Vi)
        })
    );
}
