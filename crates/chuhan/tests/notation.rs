//! Notations: round trips over the differential fixtures, the parallel-notation games, and the
//! seeds' examples.

use chuhan::notation::Notation;
use chuhan::{Move, Position, Variant};

fn fixture_positions(variant: Variant, text: &str, step: usize) -> Vec<Position> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .step_by(step)
        .filter_map(|l| Position::from_fen(variant, l.split('\t').next().unwrap()).ok())
        .collect()
}

/// Format then parse gives back the move, for every legal move of every fixture position.
#[test]
fn round_trip_every_xiangqi_fixture_move() {
    let positions = fixture_positions(Variant::Xiangqi, include_str!("data/xiangqi-legal.txt"), 1);
    let mut checked = 0;
    for pos in &positions {
        for &m in pos.legal_moves().iter() {
            for n in Notation::for_variant(Variant::Xiangqi) {
                let text = n.format(pos, m);
                let back = n.parse(pos, &text).unwrap_or_else(|e| panic!("{n} {} {m}: {text}: {e}", pos.to_fen()));
                assert_eq!(back, m, "{n}: {text} in {}", pos.to_fen());
                checked += 1;
            }
        }
    }
    assert!(checked > 1_000_000, "{checked}");
}

/// The move texts of each game in a PGN-like file: tags, move numbers and results skipped.
fn games(text: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut current = Vec::new();
    for line in text.lines() {
        if line.starts_with('[') {
            if !current.is_empty() {
                out.push(std::mem::take(&mut current));
            }
            continue;
        }
        for token in line.split_whitespace() {
            let is_number =
                token.trim_end_matches(['.', '．']).chars().all(|c| c.is_ascii_digit() || ('０'..='９').contains(&c));
            let is_result = matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*");
            if !is_number && !is_result {
                current.push(token.to_string());
            }
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

fn replay(notation: Notation, game: &[String]) -> Vec<Move> {
    let mut pos = Position::new(Variant::Xiangqi);
    game.iter()
        .map(|text| {
            let m = notation.parse(&pos, text).unwrap_or_else(|e| panic!("{notation}: {e} in {}", pos.to_fen()));
            pos.play_unchecked(m);
            m
        })
        .collect()
}

#[test]
fn parallel_notation_games_agree() {
    let coords = games(include_str!("data/parallel-notation/bulk_games_uci.pgn"));
    let chinese = games(include_str!("data/parallel-notation/xqdb_traditional.pgn"));
    let wxf = games(include_str!("data/parallel-notation/xqdb_international.pgn"));
    assert_eq!(coords.len(), 15);
    assert_eq!(chinese.len(), 15);
    assert_eq!(wxf.len(), 15);
    // Game 1, ply 70: the coordinates play e5e6, the front one of Red's two soldiers on the
    // e-file (the other stands on e3), but the Chinese and WXF files write 后兵进一 / -P+1, the
    // rear soldier, which chuhan reads as e3e4. Every other tandem move in the files (twelve,
    // both sides) names front and rear as chuhan does, so this is a slip in those two files.
    // Both continuations stay legal, and the games agree again from the next ply.
    const SLIP: (usize, usize) = (1, 70);
    for i in 0..15 {
        let expected = replay(Notation::Uci, &coords[i]);
        for (name, notation, text) in [("Chinese", Notation::Chinese, &chinese[i]), ("WXF", Notation::Wxf, &wxf[i])] {
            let got = replay(notation, text);
            assert_eq!(got.len(), expected.len());
            for j in 0..got.len() {
                if (i, j) == SLIP {
                    assert_eq!((got[j].to_string(), expected[j].to_string()), ("e3e4".into(), "e5e6".into()));
                } else {
                    assert_eq!(got[j], expected[j], "game {i} ply {j} in {name}");
                }
            }
        }
        // And chuhan writes them back as the files do (WXF with '.' for the files' '=').
        let mut pos = Position::new(Variant::Xiangqi);
        for (j, &m) in expected.iter().enumerate() {
            if (i, j) == SLIP {
                assert_eq!(Notation::Chinese.format(&pos, m), "前兵进一");
                pos.play_unchecked(m);
                continue;
            }
            assert_eq!(Notation::Chinese.format(&pos, m), chinese[i][j], "game {i} move {j}");
            // The file writes '=' and puts a tandem sign before the letter (+P+1); chuhan writes
            // '.' as the WXF rules do and the sign after the letter (P++1), as the seed (C-.4)
            // and Fairy-Stockfish do.
            let mut file_text: String = wxf[i][j].chars().map(|c| char::from_u32(c as u32 - 0xFEE0).unwrap()).collect();
            file_text = file_text.replace('=', ".");
            if file_text.starts_with(['+', '-']) {
                file_text = format!("{}{}{}", &file_text[1..2], &file_text[0..1], &file_text[2..]);
            }
            assert_eq!(Notation::Wxf.format(&pos, m), file_text, "game {i} move {j}");
            pos.play_unchecked(m);
        }
    }
}

fn pos(fen: &str) -> Position {
    Position::from_fen(Variant::Xiangqi, fen).unwrap()
}

/// Plays `texts` in `notation` from the start and returns the moves as coordinates.
fn play_all(notation: Notation, texts: &[&str]) -> Vec<String> {
    let mut p = Position::new(Variant::Xiangqi);
    texts
        .iter()
        .map(|t| {
            let m = notation.parse(&p, t).unwrap_or_else(|e| panic!("{notation}: {e}"));
            p.play_unchecked(m);
            m.to_string()
        })
        .collect()
}

/// Writes the coordinate moves in `notation` from the start.
fn write_all(notation: Notation, moves: &[&str]) -> Vec<String> {
    let mut p = Position::new(Variant::Xiangqi);
    moves
        .iter()
        .map(|t| {
            let m: Move = t.parse().unwrap();
            let s = notation.format(&p, m);
            p.play_unchecked(m);
            s
        })
        .collect()
}

/// The seed's shortest game (004_fa0e984d49774701.txt) in Systems 1, 2 and 3.
#[test]
fn shortest_game_in_three_systems() {
    let moves = ["b2c2", "h7c7", "c2c6", "f9e8", "c6c9"];
    let system1 = ["炮(38)–37", "砲(38)–33", "炮(37)–77", "士(16)–25", "炮(77)–107"];
    let system2 = ["C8=7", "C8=3", "C7+4", "A6+5", "C7+3"];
    let system3 = ["Cbc3", "Chc8", "Cxc7", "Afe9??", "Cxc10#"];
    assert_eq!(play_all(Notation::Leventhal, &system1), moves);
    assert_eq!(play_all(Notation::Wxf, &system2), moves);
    assert_eq!(play_all(Notation::Algebraic, &system3), moves);
    assert_eq!(write_all(Notation::Leventhal, &moves), system1);
    // The seed prints this game with '=' for sideways moves and its opening (C2.5) with '.';
    // chuhan writes '.', as the WXF rules do.
    assert_eq!(write_all(Notation::Wxf, &moves), ["C8.7", "C8.3", "C7+4", "A6+5", "C7+3"]);
    // The seed's annotation "??" is the author's judgement, not part of the move.
    assert_eq!(write_all(Notation::Algebraic, &moves), ["Cbc3", "Chc8", "Cxc7", "Afe9", "Cxc10#"]);
    assert_eq!(write_all(Notation::Lan, &moves), ["Cb3-c3", "Ch8-c8", "Cc3xc7", "Af10-e9", "Cc7xc10#"]);
}

/// The most common opening, as each seed writes it.
#[test]
fn common_opening_in_every_system() {
    let moves = ["h2e2", "h9g7"];
    assert_eq!(play_all(Notation::ChineseTraditional, &["炮二平五", "馬8進7"]), moves);
    assert_eq!(play_all(Notation::Chinese, &["炮二平五", "马８进７"]), moves);
    assert_eq!(play_all(Notation::Wxf, &["C2.5", "H8+7"]), moves);
    assert_eq!(play_all(Notation::Algebraic, &["Che3", "Hg8"]), moves);
    assert_eq!(play_all(Notation::Leventhal, &["炮 (32)–35", "馬 (18)–37"]), moves);
    assert_eq!(write_all(Notation::ChineseTraditional, &moves), ["炮二平五", "馬８進７"]);
    assert_eq!(write_all(Notation::Wxf, &moves), ["C2.5", "H8+7"]);
    assert_eq!(write_all(Notation::Algebraic, &moves), ["Che3", "Hg8"]);
    assert_eq!(write_all(Notation::Leventhal, &moves), ["炮(32)–35", "馬(18)–37"]);
    // The seed's longer example: 1. 炮二平五 馬8進7 2. 傌二進三 砲8平9 3. 傌八進七 車9平8.
    let seven = ["炮二平五", "馬8進7", "傌二進三", "砲8平9", "傌八進七", "車9平8"];
    let coords = play_all(Notation::ChineseTraditional, &seven);
    assert_eq!(coords, ["h2e2", "h9g7", "h0g2", "h7i7", "b0c2", "i9h9"]);
    let coords: Vec<&str> = coords.iter().map(String::as_str).collect();
    let written: Vec<String> = write_all(Notation::ChineseTraditional, &coords);
    let halfwidth: Vec<String> = written
        .iter()
        .map(|s| {
            s.chars()
                .map(|c| if ('１'..='９').contains(&c) { char::from_u32(c as u32 - 0xFEE0).unwrap() } else { c })
                .collect()
        })
        .collect();
    assert_eq!(halfwidth, seven);
}

#[test]
fn seed_examples_with_tandem_pieces() {
    // 前傌退六: the front one of Red's two horses on file 5 goes back to file 6.
    let p = pos("5k3/9/9/9/4N4/9/4N4/9/9/3K5 w");
    let m = Notation::ChineseTraditional.parse(&p, "前傌退六").unwrap();
    assert_eq!(m.to_string(), "e5d3");
    assert_eq!(Notation::ChineseTraditional.format(&p, m), "前傌退六");
    assert_eq!(Notation::Chinese.format(&p, m), "前马退六");
    assert_eq!(Notation::Wxf.format(&p, m), "H+-6");
    // 後砲平4 / C-.4: the rear one of Black's two cannons moves to file 4.
    let p = pos("3k5/9/4c4/9/4c4/9/9/9/9/5K3 b");
    for (n, text) in [
        (Notation::ChineseTraditional, "後砲平4"),
        (Notation::Chinese, "后炮平4"),
        (Notation::Wxf, "C-.4"),
        (Notation::Wxf, "C-=4"),
        (Notation::Wxf, "-C.4"),
    ] {
        assert_eq!(n.parse(&p, text).unwrap().to_string(), "e7d7", "{text}");
    }
    assert_eq!(Notation::ChineseTraditional.format(&p, "e7d7".parse().unwrap()), "後砲平４");
    assert_eq!(Notation::Wxf.format(&p, "e7d7".parse().unwrap()), "C-.4");
    // H2+3 and R1+1.
    let p = pos("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b");
    assert_eq!(Notation::Wxf.parse(&p, "H2+3").unwrap().to_string(), "b9c7");
    let p = Position::new(Variant::Xiangqi);
    assert_eq!(Notation::Wxf.parse(&p, "R1+1").unwrap().to_string(), "i0i1");
    // 25=4: the middle one of three soldiers on file 5 moves to file 4.
    let p = pos("3k5/9/4P4/4P4/4P4/9/9/9/9/5K3 w");
    let m = Notation::Wxf.parse(&p, "25=4").unwrap();
    assert_eq!(m.to_string(), "e6f6");
    assert_eq!(Notation::Wxf.format(&p, m), "25.4");
    assert_eq!(Notation::Chinese.format(&p, m), "中兵平四");
    assert_eq!(Notation::Chinese.format(&p, "e7f7".parse().unwrap()), "前兵平四");
    assert_eq!(Notation::Chinese.format(&p, "e5f5".parse().unwrap()), "后兵平四");
}

#[test]
fn soldiers_four_on_a_file_and_doubled_on_two_files() {
    // Four soldiers on file 5: 前, 二, 三, 四 (the last also 后 on reading).
    let p = pos("3k5/4P4/4P4/4P4/4P4/9/9/9/9/5K3 w");
    assert_eq!(Notation::Chinese.format(&p, "e8d8".parse().unwrap()), "前兵平六");
    assert_eq!(Notation::Chinese.format(&p, "e7d7".parse().unwrap()), "二兵平六");
    assert_eq!(Notation::Chinese.format(&p, "e5d5".parse().unwrap()), "四兵平六");
    assert_eq!(Notation::Chinese.parse(&p, "后兵平六").unwrap().to_string(), "e5d5");
    assert_eq!(Notation::Wxf.format(&p, "e6d6".parse().unwrap()), "35.6");
    // Soldiers doubled on files 5 and 7: 前七平八 (the piece name gives way to the file).
    let p = pos("3k5/9/9/2P1P4/2P1P4/9/9/9/9/5K3 w");
    let m: Move = "c6b6".parse().unwrap();
    assert_eq!(Notation::Chinese.format(&p, m), "前七平八");
    assert_eq!(Notation::Wxf.format(&p, m), "17.8");
    for text in ["前七平八", "前兵七平八"] {
        assert_eq!(Notation::Chinese.parse(&p, text).unwrap(), m, "{text}");
    }
    // Without the file, 前兵 names a soldier on either file: legality decides when it can
    // (only file 7's soldiers reach file 8), and an error names both when it cannot.
    assert_eq!(Notation::Chinese.parse(&p, "前兵平八").unwrap(), m);
    let e = Notation::Chinese.parse(&p, "前兵进一").unwrap_err().to_string();
    assert_eq!(e, "前兵进一: fits more than one legal move (c6c7, e6e7)");
}

#[test]
fn lenient_and_strict_reading() {
    let p = Position::new(Variant::Xiangqi);
    // Variants of characters and digits.
    for text in ["炮二平五", "砲二平五", "包二平五", "炮 二 平 五"] {
        assert_eq!(Notation::Chinese.parse(&p, text).unwrap().to_string(), "h2e2", "{text}");
    }
    assert_eq!(Notation::Chinese.parse(&p, "兵七進").unwrap().to_string(), "c3c4", "the last step may be left out");
    assert_eq!(Notation::Chinese.parse(&p, "兵七上一").unwrap().to_string(), "c3c4");
    assert_eq!(Notation::Wxf.parse(&p, "Ｃ２＝５").unwrap().to_string(), "h2e2");
    assert_eq!(Notation::Wxf.parse(&p, "c2.5").unwrap().to_string(), "h2e2");
    assert_eq!(Notation::Iccs.parse(&p, "H2-E2").unwrap().to_string(), "h2e2");
    assert_eq!(Notation::Uci1.parse(&p, "h3e3").unwrap().to_string(), "h2e2");
    assert_eq!(Notation::Uci1.format(&p, "a0a1".parse().unwrap()), "a1a2");
    // Errors say which character and why.
    let e = Notation::Chinese.parse(&p, "炮二平十").unwrap_err().to_string();
    assert_eq!(e, "炮二平十: 十 is not a file (一–九)");
    let e = Notation::Chinese.parse(&p, "炮二進十").unwrap_err().to_string();
    assert_eq!(e, "炮二進十: 十 is not a number of steps (一–九)");
    let e = Notation::Wxf.parse(&p, "X2.5").unwrap_err().to_string();
    assert!(e.contains("X is not a piece letter"), "{e}");
    assert_eq!(Notation::Chinese.parse(&p, "車一平二").unwrap_err().to_string(), "車一平二: no legal move fits");
    // Algebraic: two chariots can reach e5 only if the text says which.
    let p = pos("3k5/9/9/9/R7R/9/9/9/9/5K3 w");
    let e = Notation::Algebraic.parse(&p, "Re6").unwrap_err().to_string();
    assert_eq!(e, "Re6: fits more than one legal move (a5e5, i5e5)");
    assert_eq!(Notation::Algebraic.parse(&p, "Rae6").unwrap().to_string(), "a5e5");
    assert_eq!(Notation::Algebraic.format(&p, "i5e5".parse().unwrap()), "Rie6");
}

#[test]
fn round_trip_every_janggi_fixture_move() {
    let positions = fixture_positions(Variant::Janggi, include_str!("data/janggi-legal.txt"), 1);
    let notations = Notation::for_variant(Variant::Janggi);
    assert_eq!(notations.len(), 8);
    for pos in &positions {
        for &m in pos.legal_moves().iter() {
            for &n in &notations {
                let text = n.format(pos, m);
                let back = n.parse(pos, &text).unwrap_or_else(|e| panic!("{n} {} {m}: {text}: {e}", pos.to_fen()));
                assert_eq!(back, m, "{n}: {text} in {}", pos.to_fen());
            }
        }
    }
}

#[test]
fn janggi_numeric_notation() {
    let p = Position::new(Variant::Janggi);
    // The seed's example: Cho's rightmost soldier one file left.
    let m = Notation::Janggi.parse(&p, "79兵78").unwrap();
    assert_eq!(m.to_string(), "i3h3");
    // Written as Cho's pieces are marked (卒); the seed's 兵 is read for either side.
    assert_eq!(Notation::Janggi.format(&p, m), "79卒78");
    assert_eq!(Notation::Janggi.parse(&p, "79卒78").unwrap(), m);
    assert_eq!(Notation::JanggiFsf.format(&p, m), "P79-78");
    assert_eq!(Notation::JanggiFsf.parse(&p, "P79-78").unwrap(), m);
    assert_eq!(Notation::Janggi.parse(&p, "79병78").unwrap(), m, "Korean piece names");
    // Korean records write the pieces in Hangul: Cho's soldier 졸, Han's 병, the generals 초/한.
    assert_eq!(Notation::JanggiHangul.format(&p, m), "79졸78");
    assert_eq!(Notation::JanggiHangul.parse(&p, "79졸78").unwrap(), m);
    assert_eq!(Notation::JanggiHangul.parse(&p, "79卒78").unwrap(), m, "Hanja read too");
    let mut han = p.clone();
    han.play(m).unwrap();
    assert_eq!(Notation::JanggiHangul.format(&han, "a6b6".parse().unwrap()), "41병42");
    assert_eq!(Notation::JanggiHangul.format(&han, "e8d8".parse().unwrap()), "25한24");
    assert_eq!("janggi-hangul".parse::<Notation>(), Ok(Notation::JanggiHangul));
    // Generals: Cho on 95, Han on 25; a pass is the general's point twice.
    let pass = Notation::Janggi.parse(&p, "95楚95").unwrap();
    assert!(pass.is_pass());
    assert_eq!(Notation::Janggi.parse(&p, "한수쉼").unwrap(), pass);
    assert_eq!(Notation::JanggiFsf.format(&p, pass), "K95-95");
    assert_eq!(Notation::JanggiHangul.format(&p, pass), "95초95");
    assert_eq!(Notation::Algebraic.format(&p, pass), "Ke2");
    // Xiangqi notations are not used for janggi.
    let e = Notation::Wxf.parse(&p, "C2.5").unwrap_err().to_string();
    assert_eq!(e, "C2.5: wxf notation is not used for janggi");
    let e = Notation::Janggi.parse(&p, "79車78").unwrap_err().to_string();
    assert_eq!(e, "79車78: no legal move fits");
}

#[test]
fn lau_and_xqdb_letters() {
    let p = Position::new(Variant::Xiangqi);
    let m: Move = "h2e2".parse().unwrap();
    assert_eq!(Notation::Lau.format(&p, m), "C2h5");
    assert_eq!(Notation::Xqdb.format(&p, m), "C2.5");
    assert_eq!(Notation::Lau.parse(&p, "N5f6").unwrap_err().to_string(), "N5f6: no legal move fits");
    assert_eq!(Notation::Lau.parse(&p, "N2f3").unwrap().to_string(), "h0g2");
    assert_eq!(Notation::Xqdb.parse(&p, "N2+3").unwrap().to_string(), "h0g2");
    assert_eq!(Notation::Xqdb.format(&p, "c0e2".parse().unwrap()), "B7+5");
    assert_eq!(Notation::Lau.format(&p, "d0e1".parse().unwrap()), "S6f5");
    // Lau's front and rear: f or r before the letter.
    let p = pos("5k3/9/9/9/4N4/9/4N4/9/9/3K5 w");
    let m: Move = "e5d3".parse().unwrap();
    assert_eq!(Notation::Lau.format(&p, m), "fNb6");
    assert_eq!(Notation::Lau.parse(&p, "fNb6").unwrap(), m);
    assert_eq!(Notation::Lau.format(&p, "e3d5".parse().unwrap()), "rNf6");
}

/// `Notation::parse_any` reads a move in whichever notation it is written, prefers a
/// notation's "no legal move" to "not written in any notation", and says which game's
/// notations it tried when none reads the text.
#[test]
fn parse_any_finds_the_notation() {
    use chuhan::notation::{Notation, NotationError};
    use chuhan::{Position, Variant};
    let pos = Position::new(Variant::Xiangqi);
    for text in ["炮二平五", "炮二平五", "C2.5", "h2e2", "H2-E2"] {
        assert_eq!(Notation::parse_any(&pos, text).unwrap(), "h2e2".parse().unwrap(), "{text}");
    }
    // Written in Chinese, but no red cannon can go there.
    assert!(matches!(Notation::parse_any(&pos, "炮二进九"), Err(NotationError::Illegal { .. })));
    let e = Notation::parse_any(&pos, "zzz").unwrap_err();
    assert_eq!(e, NotationError::NoNotation { text: "zzz".into(), variant: Variant::Xiangqi });
    assert_eq!(e.to_string(), "zzz: not a move in any notation of xiangqi");
}

/// Vietnamese notation as Vietnamese books print it: the opening P2-5 M8.7, retreats with `/`,
/// front and rear pieces with t and s, three soldiers with t, g, s.
#[test]
fn vietnamese_notation() {
    let moves = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0"];
    let vietnamese = ["P2-5", "M8.7", "M2.3", "X9-8", "X1-2"];
    assert_eq!(write_all(Notation::Vietnamese, &moves), vietnamese);
    assert_eq!(play_all(Notation::Vietnamese, &vietnamese), moves);
    // Lenient reading: lower case, full-width characters, an en dash.
    assert_eq!(play_all(Notation::Vietnamese, &["p2–5", "Ｍ８．７"]), ["h2e2", "h9g7"]);
    // Retreat, the general, advisor, elephant and soldier letters.
    let p = pos("3akab2/9/4b4/9/9/2P6/9/4B4/4A4/3K5 w");
    assert_eq!(Notation::Vietnamese.format(&p, "d0d1".parse().unwrap()), "Tg6.1");
    assert_eq!(Notation::Vietnamese.format(&p, "e1f0".parse().unwrap()), "S5/4");
    assert_eq!(Notation::Vietnamese.format(&p, "e2g4".parse().unwrap()), "T5.3");
    assert_eq!(Notation::Vietnamese.format(&p, "c4c5".parse().unwrap()), "B7.1");
    for (text, m) in [("Tg6.1", "d0d1"), ("S5/4", "e1f0"), ("V5.3", "e2g4"), ("C7.1", "c4c5"), ("Tt7.1", "c4c5")] {
        assert_eq!(Notation::Vietnamese.parse(&p, text).unwrap().to_string(), m, "{text}");
    }
    // Front and rear: Pt, Ps (Pháo trước, Pháo sau).
    let p = pos("3k5/9/4c4/9/4c4/9/9/9/9/5K3 b");
    assert_eq!(Notation::Vietnamese.format(&p, "e7d7".parse().unwrap()), "Ps-4");
    assert_eq!(Notation::Vietnamese.format(&p, "e5e4".parse().unwrap()), "Pt.1");
    assert_eq!(Notation::Vietnamese.parse(&p, "Ps-4").unwrap().to_string(), "e7d7");
    // Three soldiers on file 5: Bt, Bg, Bs.
    let p = pos("3k5/9/4P4/4P4/4P4/9/9/9/9/5K3 w");
    assert_eq!(Notation::Vietnamese.format(&p, "e6f6".parse().unwrap()), "Bg-4");
    assert_eq!(Notation::Vietnamese.format(&p, "e5f5".parse().unwrap()), "Bs-4");
    assert_eq!(Notation::Vietnamese.parse(&p, "Bt-4").unwrap().to_string(), "e7f7");
    // Four on a file: numbered, the file after; doubled on two files: the mark, then the file.
    let p = pos("3k5/4P4/4P4/4P4/4P4/9/9/9/9/5K3 w");
    assert_eq!(Notation::Vietnamese.format(&p, "e6d6".parse().unwrap()), "B35-6");
    assert_eq!(Notation::Vietnamese.parse(&p, "B35-6").unwrap().to_string(), "e6d6");
    let p = pos("3k5/9/9/2P1P4/2P1P4/9/9/9/9/5K3 w");
    assert_eq!(Notation::Vietnamese.format(&p, "c6b6".parse().unwrap()), "Bt7-8");
    assert_eq!(Notation::Vietnamese.parse(&p, "Bt7-8").unwrap().to_string(), "c6b6");
    // Errors say what is wrong.
    let p = Position::new(Variant::Xiangqi);
    for (text, why) in [("Q2-5", "Q is not a piece letter"), ("P2+5", "+ is not a direction"), ("P2-5x", "x is extra")]
    {
        let e = Notation::Vietnamese.parse(&p, text).unwrap_err().to_string();
        assert!(e.contains(why), "{text}: {e}");
    }
    // Not a janggi notation; read by parse_any after WXF.
    assert!(!Notation::Vietnamese.applies_to(Variant::Janggi));
    assert_eq!(Notation::parse_any(&p, "P2-5").unwrap().to_string(), "h2e2");
    assert_eq!(Notation::parse_any(&p, "M8.7").unwrap().to_string(), "b0c2");
    assert_eq!("vietnamese".parse::<Notation>(), Ok(Notation::Vietnamese));
}
