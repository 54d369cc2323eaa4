//! CBF (CCBridge XML): the cchess samples (read from ../shared/testdata, never copied: they are
//! GPL), the same games in the other formats, format sniffing, and cut or damaged samples.

use chuhan::notation::Notation;
use chuhan_record::cbf::{self, CbfError};
use chuhan_record::tools::{self, ConvertError, Format};
use chuhan_record::{pgn, Record, RecordResult};
use std::path::PathBuf;

mod common;
use common::shared;

fn samples() -> Option<Vec<PathBuf>> {
    let dir = shared("records/cchess-tests")?;
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e.eq_ignore_ascii_case("cbf")))
        .collect();
    files.sort();
    assert_eq!(files.len(), 2, "the shared data has two CBF samples: {files:?}");
    Some(files)
}

/// Every move survives a round trip through PGN (so every one is legal where it stands).
fn assert_pgn_round_trip(g: &Record, what: &str) {
    let mut text = Vec::new();
    pgn::write_game(&mut text, g, Notation::Chinese).unwrap();
    let back = chuhan_record::PgnReader::new(&text[..]).next().unwrap().unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(back.main, g.main, "{what}");
}

fn chinese(g: &Record) -> Vec<String> {
    let mut pos = g.start_position().unwrap();
    g.mainline_moves()
        .into_iter()
        .map(|m| {
            let s = Notation::Chinese.format(&pos, m);
            pos.play_unchecked(m);
            s
        })
        .collect()
}

#[test]
fn every_cbf_sample_reads_whole() {
    let Some(files) = samples() else { return };
    for f in &files {
        let data = std::fs::read(f).unwrap();
        assert_eq!(Format::sniff(&data, None), Format::Cbf, "{}", f.display());
        let g = cbf::read(&data).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        // Every Move element but the start's is a ply.
        let elements = String::from_utf8(data.clone()).unwrap().matches("<Move ").count();
        assert_eq!(g.ply_count(), elements - 1, "{}", f.display());
        assert!(g.has_standard_start());
        assert!(g.main.comment.is_some(), "{}: the start's comment", f.display());
        assert_pgn_round_trip(&g, &f.display().to_string());
    }
    let g = cbf::read(&std::fs::read(&files[0]).unwrap()).unwrap();
    assert_eq!(g.headers.get("Title"), Some("第一局 屏风马巡河炮抵当头炮局(和)"));
    assert_eq!(g.headers.get("Event"), Some("居荣鑫《象棋古谱全局三种》"));
    assert_eq!(g.headers.get("Annotator"), Some("居荣鑫"));
    assert_eq!(g.headers.get("ECCO"), Some("C03"));
    assert_eq!(g.outcome, RecordResult::Unknown);
    assert_eq!(g.ply_count(), 50);
    assert_eq!(chinese(&g)[..4], ["炮二平五", "马８进７", "马二进三", "卒７进１"]);
    assert_eq!(g.main.comment.as_deref(), Some("中炮横车盘头马对屏风马双炮巡河"));
    assert!(g.main.nodes[6].comment.as_deref().unwrap().starts_with("当对方布成屏风马后"));
    assert!(g.main.nodes[49].comment.as_deref().unwrap().starts_with("至此，红方多兵"));
    let g = cbf::read(&std::fs::read(&files[1]).unwrap()).unwrap();
    assert_eq!(g.headers.get("ECCO"), Some("D04"));
    assert_eq!(g.outcome, RecordResult::Draw);
}

#[test]
fn tools_check_and_convert_read_cbf_and_refuse_to_write_it() {
    let Some(files) = samples() else { return };
    let s = tools::check(&files, |_| {});
    assert_eq!((s.games, s.good, s.bad), (2, 2, 0), "{:?}", s.errors);
    let mut out = Vec::new();
    let s = tools::convert(&files, Format::Pgn, Notation::Iccs, &mut out).unwrap();
    assert_eq!(s.good, 2);
    let games = pgn::read_all(&String::from_utf8(out).unwrap());
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].as_ref().unwrap().mainline_moves()[0].to_string(), "h2e2");
    let (first, format) = tools::read_first(&std::fs::read(&files[0]).unwrap(), None).unwrap();
    assert_eq!((format, first.ply_count()), (Format::Cbf, 50));
    assert_eq!("cbf".parse::<Format>().unwrap(), Format::Cbf);
    assert!(matches!(
        tools::convert(&files, Format::Cbf, Notation::Chinese, &mut Vec::new()),
        Err(ConvertError::ReadOnly(_))
    ));
    // A damaged file named .cbf is read as CBF (and fails as one), not as PGN.
    let (_dir, junk) = common::temp("junk.cbf", b"\x00\x01 not xml");
    assert_eq!(Format::of_file(&junk).unwrap(), Format::Cbf);
    let s = tools::check(&[&junk], |_| {});
    assert_eq!(s.bad, 1);
    assert!(s.errors[0].to_string().contains("junk.cbf: game 1: "), "{}", s.errors[0]);
}

/// Every prefix of each sample, and each sample with bytes changed, gives an error or a game,
/// never a panic; a cut inside the move list is an XML error naming where.
#[test]
fn cut_and_damaged_samples_give_errors() {
    let Some(files) = samples() else { return };
    for f in &files {
        let data = std::fs::read(f).unwrap();
        for cut in (0..data.len()).step_by(7) {
            let _ = cbf::read(&data[..cut]);
        }
        // Cut after the last whole element of the first half: inside the move list.
        let half = &data[..data.len() / 2];
        let end = half.windows(2).rposition(|w| w == b"/>").unwrap() + 2;
        match cbf::read(&half[..end]) {
            Err(CbfError::Xml { why, .. }) => assert_eq!(why, "the text ends inside <MoveList>"),
            other => panic!("{}: {other:?}", f.display()),
        }
        for i in (0..data.len()).step_by(13) {
            let mut bad = data.clone();
            bad[i] = bad[i].wrapping_add(1);
            let _ = cbf::read(&bad);
        }
        // A move that is not legal names its ply.
        let text = String::from_utf8(data.clone()).unwrap().replacen("value=\"77-47\"", "value=\"77-46\"", 1);
        match cbf::read(text.as_bytes()) {
            Err(CbfError::Tree(t)) => assert!(t.to_string().starts_with("ply 1"), "{t}"),
            other => panic!("{other:?}"),
        }
    }
}
