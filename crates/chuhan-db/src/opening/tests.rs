//! Every family the seed texts name, on a hand-made line and on a transposition of it (another
//! move order reaching the same position), and on the other wing where the family has one.

use super::*;
use chuhan::notation::Notation;
use chuhan::JanggiSetup;

fn after(line: &str) -> Position {
    let mut pos = Position::new(Variant::Xiangqi);
    for text in line.split_whitespace() {
        let m = Notation::parse_any(&pos, text).unwrap_or_else(|e| panic!("{line}: {text}: {e}"));
        pos.play(m).unwrap();
    }
    pos
}

fn name(line: &str) -> String {
    classify(&after(line)).map(|o| o.name(Lang::Traditional)).unwrap_or_default()
}

/// The system alone: a red system move with neutral rook moves around it.
#[test]
fn first_mover_systems_on_a_line_a_transposition_and_the_other_wing() {
    let cases = [
        ("炮二平五", "炮八平五", "中炮"),
        ("炮二平六", "炮八平四", "過宮炮"),
        ("炮二平四", "炮八平六", "士角炮"),
        ("炮二進二", "炮八進二", "巡河炮"),
        ("馬二進三", "馬八進七", "起馬局"),
        ("馬二進一", "馬八進九", "邊馬局"),
        ("相三進五", "相七進五", "飛象局"),
        ("兵七進一", "兵三進一", "仙人指路"),
        ("兵一進一", "兵九進一", "邊兵局"),
    ];
    for (mv, other_wing, expected) in cases {
        let line = format!("{mv} 車1進1 車九進一");
        let transposed = format!("車九進一 車1進1 {mv}");
        assert_eq!(
            after(&line).piece_squares().collect::<Vec<_>>(),
            after(&transposed).piece_squares().collect::<Vec<_>>()
        );
        for l in [line, transposed, format!("{other_wing} 車1進1 車一進一")] {
            let got = classify(&after(&l)).unwrap_or_else(|| panic!("{l}: no name"));
            match got {
                Opening::Xiangqi { system, .. } => assert_eq!(pick(system.names(), Lang::Traditional), expected, "{l}"),
                Opening::Janggi { .. } => panic!("{l}: janggi"),
            }
        }
    }
}

#[test]
fn replies_on_a_line_and_a_transposition() {
    let cases = [
        ("炮二平五 馬8進7 馬二進三 馬2進3", "炮二平五 馬2進3 馬二進三 馬8進7", "中炮對屏風馬"),
        (
            "炮二平五 馬2進3 馬二進三 炮8平6 車一平二 馬8進7",
            "炮二平五 炮8平6 馬二進三 馬2進3 車一平二 馬8進7",
            "中炮對反宮馬",
        ),
        ("炮二平五 馬2進3 馬二進三 馬8進9", "炮二平五 馬8進9 馬二進三 馬2進3", "中炮對單提馬"),
        ("炮二平五 炮2平5 馬八進七", "馬八進七 炮2平5 炮二平五", "中炮對列手炮"),
        ("炮二平五 炮8平5 馬八進七", "馬八進七 炮8平5 炮二平五", "中炮對順炮"),
        ("馬二進三 馬2進3 車九進一", "車九進一 馬2進3 馬二進三", "起馬局對進馬"),
        ("馬二進三 卒7進1 車九進一", "車九進一 卒7進1 馬二進三", "起馬局對進卒"),
        ("馬二進三 象3進5 車九進一", "車九進一 象3進5 馬二進三", "起馬局對升象"),
        ("馬二進三 炮8平5 車九進一", "車九進一 炮8平5 馬二進三", "起馬局對還炮"),
        ("相三進五 卒3進1 車九進一", "車九進一 卒3進1 相三進五", "飛象局對進卒"),
        ("相三進五 炮8平5 車九進一", "車九進一 炮8平5 相三進五", "飛象局對還中炮"),
        ("相三進五 炮8平4 車九進一", "車九進一 炮8平4 相三進五", "飛象局對過宮炮"),
        ("相三進五 炮8平6 車九進一", "車九進一 炮8平6 相三進五", "飛象局對士角炮"),
        ("相三進五 象7進5 車九進一", "車九進一 象7進5 相三進五", "飛象局對順象"),
        ("兵七進一 卒3進1 車九進一", "車九進一 卒3進1 兵七進一", "仙人指路對對兵"),
        ("兵七進一 炮8平7 車九進一", "車九進一 炮8平7 兵七進一", "仙人指路對卒底炮"),
        ("兵七進一 炮8平5 車九進一", "車九進一 炮8平5 兵七進一", "仙人指路對還中炮"),
        ("兵七進一 象7進5 車九進一", "車九進一 象7進5 兵七進一", "仙人指路對飛象"),
    ];
    for (line, transposed, expected) in cases {
        assert_eq!(name(line), expected, "{line}");
        assert_eq!(name(transposed), expected, "{transposed}");
    }
}

#[test]
fn names_in_three_languages_and_codes() {
    let o = classify(&after("炮二平五 馬8進7 馬二進三 馬2進3")).unwrap();
    assert_eq!(o.name(Lang::Simplified), "中炮对屏风马");
    assert_eq!(o.name(Lang::English), "Central Cannon vs Screen Horses");
    assert_eq!(o.code(), "central-cannon/screen-horses");
    assert!(Opening::matching("屏风马").contains(&o));
    assert!(Opening::matching("screen horses").contains(&o));
    assert_eq!(classify(&Position::new(Variant::Xiangqi)), None);
    // Every code is different: the database stores codes.
    let codes: std::collections::HashSet<String> = Opening::all().iter().map(|o| o.code()).collect();
    assert_eq!(codes.len(), Opening::all().len());
}

#[test]
fn janggi_games_are_named_by_formations() {
    let setup = JanggiSetup { cho: JanggiFormation::OuterElephants, han: JanggiFormation::LeftElephant };
    let o = janggi_opening(&setup.position()).unwrap();
    assert_eq!(o, Opening::Janggi { cho: JanggiFormation::OuterElephants, han: JanggiFormation::LeftElephant });
    assert_eq!(o.name(Lang::English), "Outer Elephants vs Left Elephant");
    assert_eq!(o.name(Lang::Traditional), "外象對左象");
    let inner = janggi_opening(&Position::new(Variant::Janggi)).unwrap();
    assert_eq!(inner.code(), "janggi/inner/inner");
}

/// Korean and Vietnamese: Vietnamese players' own names where they have one, else the Chinese;
/// janggi's formations in Korean (docs/glossary-vi.md, docs/glossary-ko.md).
#[test]
fn names_in_korean_and_vietnamese() {
    let o = classify(&after("炮二平五 馬8進7 馬二進三 馬2進3")).unwrap();
    assert_eq!(o.name(Lang::Vietnamese), "Pháo đầu đối Bình phong mã");
    assert_eq!(o.name(Lang::Korean), "中炮 대 屏風馬");
    let same = Opening::Xiangqi { system: System::CentralCannon, reply: Some(Reply::SameDirectionCannons) };
    assert_eq!(same.name(Lang::Vietnamese), "Pháo đầu đối Thuận pháo");
    let pawn = Opening::Xiangqi { system: System::PawnOpening, reply: None };
    assert_eq!(pawn.name(Lang::Vietnamese), "Tiên nhân chỉ lộ");
    // No Vietnamese name: the Chinese one.
    let behind = Opening::Xiangqi { system: System::PawnOpening, reply: Some(Reply::CannonBehindPawn) };
    assert_eq!(behind.name(Lang::Vietnamese), "Tiên nhân chỉ lộ đối 卒底炮");
    let janggi = Opening::Janggi { cho: JanggiFormation::InnerElephants, han: JanggiFormation::OuterElephants };
    assert_eq!(janggi.name(Lang::Korean), "안상 대 바깥상");
    assert!(Opening::matching("bình phong mã").contains(&o));
    assert!(Opening::matching("안상").contains(&janggi));
    for tag in ["ko", "korean", "vi", "Vietnamese"] {
        assert!(tag.parse::<Lang>().is_ok(), "{tag}");
    }
}
