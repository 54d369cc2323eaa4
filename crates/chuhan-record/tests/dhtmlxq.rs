//! DhtmlXQ: the block's fields, branches and comments, and round trips.

use chuhan_record::{dhtmlxq, pgn, RecordResult};

const BLOCK: &str = "<p>before</p>[DhtmlXQ]
[DhtmlXQ_ver]www_dpxq_com[/DhtmlXQ_ver]
[DhtmlXQ_title]测试[/DhtmlXQ_title]
[DhtmlXQ_red]甲[/DhtmlXQ_red]
[DhtmlXQ_black]乙[/DhtmlXQ_black]
[DhtmlXQ_result]红胜[/DhtmlXQ_result]
[DhtmlXQ_binit]8979695949392919097717866646260600102030405060708012720323436383[/DhtmlXQ_binit]
[DhtmlXQ_movelist]774772427967706289798081[/DhtmlXQ_movelist]
[DhtmlXQ_move_0_2_1]12427967102289790010[/DhtmlXQ_move_0_2_1]
[DhtmlXQ_move_1_5_2]19270010[/DhtmlXQ_move_1_5_2]
[DhtmlXQ_comment0]开局||第二行[/DhtmlXQ_comment0]
[DhtmlXQ_comment1]中炮[/DhtmlXQ_comment1]
[DhtmlXQ_comment1_3]变着[/DhtmlXQ_comment1_3]
[/DhtmlXQ]<p>after</p>";

#[test]
fn reads_fields_branches_and_comments() {
    let g = dhtmlxq::read(BLOCK).unwrap();
    assert!(g.has_standard_start());
    assert_eq!(g.headers.get("Red"), Some("甲"));
    assert_eq!(g.outcome, RecordResult::RedWins);
    let main: Vec<String> = g.mainline_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(main, ["h2e2", "h7e7", "h0g2", "h9g7", "i0h0", "i9i8"]);
    assert_eq!(g.main.comment.as_deref(), Some("开局\n第二行"));
    assert_eq!(g.main.nodes[0].comment.as_deref(), Some("中炮"));
    let v = &g.main.nodes[1].variations[0];
    let var: Vec<String> = v.nodes.iter().map(|n| n.mv.to_string()).collect();
    assert_eq!(var, ["b7e7", "h0g2", "b9c7", "i0h0", "a9b9"]);
    assert_eq!(v.nodes[1].comment.as_deref(), Some("变着"));
    // Branch 2 is an alternative to branch 1's ply 5 (i0h0).
    let w: Vec<String> = v.nodes[3].variations[0].nodes.iter().map(|n| n.mv.to_string()).collect();
    assert_eq!(w, ["b0c2", "a9b9"]);
}

#[test]
fn round_trips() {
    let g = dhtmlxq::read(BLOCK).unwrap();
    let text = dhtmlxq::write(&g).unwrap();
    let back = dhtmlxq::read(&text).unwrap();
    assert_eq!(back.main, g.main, "{text}");
    assert_eq!(back.outcome, g.outcome);
    assert_eq!(back.headers.get("Title"), Some("测试"));
    // A game from a FEN, Black to move first.
    let p = pgn::read_all("[FEN \"3k5/9/9/9/9/9/9/9/4A4/3AK4 b - - 0 1\"]\n1... d9e9 2. e0f0 e9d9 (2... e9e8) *")
        .remove(0)
        .unwrap();
    let text = dhtmlxq::write(&p).unwrap();
    let back = dhtmlxq::read(&text).unwrap();
    assert_eq!(back.start_fen, p.start_fen, "{text}");
    assert_eq!(back.main, p.main);
}

#[test]
fn broken_blocks_give_errors() {
    assert!(dhtmlxq::read("nothing").is_err());
    assert!(dhtmlxq::read("[DhtmlXQ][DhtmlXQ_movelist]7747724[/DhtmlXQ_movelist][/DhtmlXQ]").is_err());
    assert!(dhtmlxq::read("[DhtmlXQ][DhtmlXQ_movelist]77477747[/DhtmlXQ_movelist][/DhtmlXQ]").is_err());
    assert!(dhtmlxq::read("[DhtmlXQ][DhtmlXQ_binit]12[/DhtmlXQ_binit][/DhtmlXQ]").is_err());
    assert!(dhtmlxq::read("[DhtmlXQ][DhtmlXQ_move_5_1_6]7747[/DhtmlXQ_move_5_1_6][/DhtmlXQ]").is_err());
}
