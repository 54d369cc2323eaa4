//! Why a typed move does not read, in every language: each kind of [`NotationError`], made by
//! the rules crate's own readers from real text, worded with no placeholder and no English left.

use chuhan::notation::{Notation, NotationError};
use chuhan::{Position, Variant};
use chuhan_i18n::{Lang, Localize};

/// One error of each kind, as the readers give them.
fn errors() -> Vec<(Variant, NotationError)> {
    let xiangqi = Position::new(Variant::Xiangqi);
    let janggi = Position::new(Variant::Janggi);
    let errors = vec![
        (Variant::Xiangqi, Notation::Chinese.parse(&xiangqi, "炮二平十").unwrap_err()),
        (Variant::Xiangqi, Notation::parse_any(&xiangqi, "炮二进九").unwrap_err()),
        (Variant::Xiangqi, Notation::parse_any(&xiangqi, "zzz").unwrap_err()),
        (Variant::Janggi, Notation::parse_any(&janggi, "zzz").unwrap_err()),
        // Two chariots on the fifth rank can both reach e6's file: algebraic "Re6" fits both.
        (
            Variant::Xiangqi,
            Notation::Algebraic
                .parse(&Position::from_fen(Variant::Xiangqi, "3k5/9/9/9/R7R/9/9/9/9/5K3 w - - 0 1").unwrap(), "Re6")
                .unwrap_err(),
        ),
    ];
    let kinds: Vec<&str> = errors
        .iter()
        .map(|(_, e)| match e {
            NotationError::Syntax { .. } => "syntax",
            NotationError::Illegal { .. } => "illegal",
            NotationError::Ambiguous { .. } => "ambiguous",
            NotationError::NoNotation { .. } => "no-notation",
            _ => "other",
        })
        .collect();
    assert_eq!(kinds, ["syntax", "illegal", "no-notation", "no-notation", "ambiguous"]);
    errors
}

#[test]
fn english_is_the_rules_crates_own_words() {
    for (variant, e) in errors() {
        assert_eq!(e.try_localize(variant, Lang::En).unwrap(), e.to_string());
    }
}

#[test]
fn every_kind_in_every_language_without_english() {
    for lang in Lang::ALL {
        for (variant, e) in errors() {
            let text = e.try_localize(variant, lang).unwrap_or_else(|err| panic!("{e:?} in {lang}: {err}"));
            assert!(!text.contains('{') && !text.contains('$') && !text.contains('\u{2068}'), "{lang}: {text}");
            if lang == Lang::En {
                continue;
            }
            // The typed text and the moves in coordinates are kept; no English word is.
            let english = e.to_string();
            for word in english.split(|c: char| !c.is_ascii_alphabetic()).filter(|w| w.len() >= 4) {
                if word != "zzz" {
                    assert!(!text.contains(word), "{lang}: English {word:?} in {text:?}");
                }
            }
        }
    }
}

#[test]
fn sentences() {
    let [syntax, illegal, none, none_janggi, ambiguous] = errors().try_into().unwrap();
    let zh = |(v, e): &(Variant, NotationError)| e.localize(*v, Lang::ZhHans);
    assert_eq!(zh(&illegal), "炮二进九：没有相符的合法着法");
    assert_eq!(zh(&none), "zzz：不是象棋任何一种记谱法的着法");
    assert_eq!(zh(&none_janggi), "zzz：不是韩国象棋任何一种记谱法的着法");
    assert_eq!(zh(&ambiguous), "Re6：相符的合法着法不止一个（a5e5, i5e5）");
    assert_eq!(zh(&syntax), "炮二平十：这种记谱法读不出这步棋");
    assert_eq!(illegal.1.localize(Variant::Xiangqi, Lang::Ko), "炮二进九: 맞는 합법적인 수가 없습니다");
    assert_eq!(
        none_janggi.1.localize(Variant::Janggi, Lang::Ko),
        "zzz: 장기의 어느 기보법으로도 읽을 수 없는 수입니다"
    );
    assert_eq!(illegal.1.localize(Variant::Xiangqi, Lang::Vi), "炮二进九: không có nước đi hợp lệ nào khớp");
    assert_eq!(illegal.1.localize(Variant::Xiangqi, Lang::ZhHant), "炮二进九：沒有相符的合法著法");
}
