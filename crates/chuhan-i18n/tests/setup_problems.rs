//! Why a setup is not a position (the position editor's problems), in every language: each kind
//! of [`Problem`], as the rules crate finds them in real setups.

use chuhan::{Piece, Problem, Role, Setup, Side, Square, Variant};
use chuhan_i18n::{Lang, Localize};

/// The problems of `fen` as `variant`.
fn problems(variant: Variant, fen: &str) -> Vec<Problem> {
    let setup: Setup = fen.parse().unwrap();
    setup.position(variant).unwrap_err().problems().to_vec()
}

#[test]
fn every_kind_in_every_language() {
    let found: Vec<(Variant, Problem)> = [
        // No black general; red's general outside its palace; two red kings.
        (Variant::Xiangqi, "9/9/9/9/9/9/9/9/3K5/K8 w - - 0 1"),
        // Seventeen red pieces, six red soldiers.
        (Variant::Xiangqi, "4k4/9/9/9/9/PPPPPP3/9/RNBAKABNR/9/3CC4 w - - 0 1"),
        // A red elephant across the river; the generals face each other.
        (Variant::Xiangqi, "4k4/9/9/9/B8/9/9/9/9/4K4 w - - 0 1"),
        // Black in check with red to move.
        (Variant::Xiangqi, "4k4/4R4/9/9/9/9/9/9/9/3K5 w - - 0 1"),
        (Variant::Janggi, "9/9/9/9/9/9/9/9/9/9 w - - 0 1"),
    ]
    .into_iter()
    .flat_map(|(v, fen)| problems(v, fen).into_iter().map(move |p| (v, p)))
    .collect();
    let kind = |p: &Problem| match p {
        Problem::NoGeneral(_) => "no-general",
        Problem::TooManyOfRole { .. } => "too-many-of-role",
        Problem::TooManyPieces { .. } => "too-many-pieces",
        Problem::OutsidePalace { .. } => "outside-palace",
        Problem::Unreachable { .. } => "unreachable",
        Problem::GeneralsFace { .. } => "generals-face",
        Problem::OppositeCheck(_) => "opposite-check",
        _ => "other",
    };
    let mut kinds: Vec<&str> = found.iter().map(|(_, p)| kind(p)).collect();
    kinds.sort_unstable();
    kinds.dedup();
    assert_eq!(
        kinds,
        [
            "generals-face",
            "no-general",
            "opposite-check",
            "outside-palace",
            "too-many-of-role",
            "too-many-pieces",
            "unreachable"
        ],
        "{found:?}"
    );
    for lang in Lang::ALL {
        for (variant, p) in &found {
            let text = p.try_localize(*variant, lang).unwrap_or_else(|e| panic!("{p:?} in {lang}: {e}"));
            assert!(!text.contains('{') && !text.contains('$') && !text.contains('\u{2068}'), "{lang}: {text}");
            if lang == Lang::En {
                assert_eq!(text, p.describe(*variant));
                continue;
            }
            // Square names (e4) and file letters are kept; no English word is.
            for word in p.describe(*variant).split(|c: char| !c.is_ascii_alphabetic()).filter(|w| w.len() >= 3) {
                assert!(!text.contains(word), "{lang}: English {word:?} in {text:?}");
            }
        }
    }
}

#[test]
fn sentences() {
    let sq = |s: &str| s.parse::<Square>().unwrap();
    let king = Piece { side: Side::First, role: Role::General };
    let outside = Problem::OutsidePalace { piece: king, square: sq("a0") };
    assert_eq!(outside.localize(Variant::Xiangqi, Lang::ZhHans), "红方的帅在 a0，出了九宫");
    assert_eq!(outside.localize(Variant::Xiangqi, Lang::ZhHant), "紅方的帥在 a0，出了九宮");
    assert_eq!(outside.localize(Variant::Xiangqi, Lang::En), "red general on a0 is outside its palace");
    let none = Problem::NoGeneral(Side::Second);
    assert_eq!(none.localize(Variant::Janggi, Lang::Ko), "한: 궁 없음");
    assert_eq!(none.localize(Variant::Xiangqi, Lang::ZhHans), "黑方没有将");
    assert_eq!(
        Problem::GeneralsFace { file: 4 }.localize(Variant::Xiangqi, Lang::Vi),
        "hai tướng đối mặt trên cột e, ở giữa không có quân nào"
    );
}
