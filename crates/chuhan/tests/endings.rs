//! Every way a game ends, in both games, from constructed positions.

use chuhan::{EndReason, Game, GameResult, JanggiRules, Move, Position, Rules, Side, Variant, Violation, XiangqiRules};

fn game(variant: Variant, fen: &str, rules: Rules) -> Game {
    Game::new(Position::from_fen(variant, fen).unwrap(), rules)
}

fn play(game: &mut Game, moves: &str) {
    for m in moves.split_whitespace() {
        let m: Move = m.parse().unwrap();
        game.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

fn xq() -> Rules {
    Rules::for_variant(Variant::Xiangqi)
}

fn jg() -> Rules {
    Rules::for_variant(Variant::Janggi)
}

#[test]
fn xiangqi_checkmate() {
    // Two chariots: one holds rank 8, the other mates on rank 9.
    let mut g = game(Variant::Xiangqi, "4k4/R8/1R7/9/9/9/9/9/9/3K5 w", xq());
    assert!(g.outcome().is_none());
    play(&mut g, "b7b9");
    let o = g.outcome().unwrap();
    assert_eq!(o.result, GameResult::Win(Side::RED));
    assert_eq!(o.reason, EndReason::Checkmate);
    assert_eq!(o.verdict(Variant::Xiangqi), "red wins");
    assert_eq!(o.describe(Variant::Xiangqi), "Red wins: Black is checkmated");
    assert_eq!(o.ply, 1);
}

#[test]
fn xiangqi_stalemate_loses() {
    // Black to move, not in check, no legal move.
    let g = game(Variant::Xiangqi, "3k5/9/3P1P3/9/9/9/9/9/9/4K4 b", xq());
    let o = g.outcome().unwrap();
    assert_eq!(o.result, GameResult::Win(Side::RED));
    assert_eq!(o.reason, EndReason::Stalemate);
}

#[test]
fn resignation_agreement_and_time() {
    let mut g = Game::standard(Variant::Xiangqi);
    g.resign(Side::BLACK);
    assert_eq!(g.outcome().unwrap().describe(Variant::Xiangqi), "Red wins: Black resigned");
    assert!(g.play("h2e2".parse().unwrap()).is_err(), "no moves after the end");

    let mut g = Game::standard(Variant::Xiangqi);
    g.agree_draw();
    assert_eq!(g.outcome().unwrap().result, GameResult::Draw);

    let mut g = Game::standard(Variant::Janggi);
    g.lose_on_time(Side::CHO);
    assert_eq!(g.outcome().unwrap().verdict(Variant::Janggi), "han wins");
    assert_eq!(g.outcome().unwrap().reason, EndReason::Time);
}

#[test]
fn perpetual_check_loses_under_every_rule_set() {
    // Red's chariot checks from e-file and f-file in turn; the black general shuffles.
    for rules in [XiangqiRules::Axf, XiangqiRules::Cxa, XiangqiRules::Computer] {
        let mut r = xq();
        r.xiangqi = rules;
        let mut g = game(Variant::Xiangqi, "4k4/9/9/9/9/9/9/9/9/3K1R3 w", r);
        play(&mut g, "f0e0 e9f9 e0f0 f9e9 f0e0 e9f9 e0f0");
        assert!(g.outcome().is_none());
        play(&mut g, "f9e9"); // the start position, a third time
        let o = g.outcome().expect("repetition judged");
        assert_eq!(o.result, GameResult::Win(Side::BLACK), "{rules}");
        assert_eq!(o.reason, EndReason::RepetitionViolation { violation: Violation::PerpetualCheck, times: 3 });
        assert!(o
            .describe(Variant::Xiangqi)
            .starts_with("Black wins: Red repeated the position three times checking on every move (moves"));
    }
}

#[test]
fn idle_repetition_is_a_draw() {
    let mut g = Game::standard(Variant::Xiangqi);
    play(&mut g, "h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0 g7h9");
    let o = g.outcome().unwrap();
    assert_eq!(o.result, GameResult::Draw);
    assert_eq!(o.reason, EndReason::Repetition { times: 3 });
    assert_eq!(o.ply, 8);
    assert_eq!(o.describe(Variant::Xiangqi), "Draw: the position occurred three times (moves 1–4)");
}

#[test]
fn repetitions_setting_is_respected() {
    let mut r = xq();
    r.repetitions = 2;
    let mut g = game(Variant::Xiangqi, Variant::Xiangqi.start_fen(), r);
    play(&mut g, "h0g2 h9g7 g2h0 g7h9");
    assert_eq!(g.outcome().unwrap().reason, EndReason::Repetition { times: 2 });
    let mut g = Game::standard(Variant::Xiangqi);
    play(&mut g, "h0g2 h9g7 g2h0 g7h9");
    assert!(g.outcome().is_none(), "the default needs a third occurrence");
}

#[test]
fn move_limit_with_uncounted_checks() {
    // 118 plies without capture already on the clock: two more quiet plies end it.
    let mut g = game(Variant::Xiangqi, "3k5/9/9/9/9/9/9/9/4A4/R3K4 w - - 118 80", xq());
    play(&mut g, "a0a1");
    assert!(g.outcome().is_none());
    play(&mut g, "d9d8");
    let o = g.outcome().unwrap();
    assert_eq!(o.result, GameResult::Draw);
    assert_eq!(o.reason, EndReason::MoveLimit { moves: 60 });
    assert_eq!(o.describe(Variant::Xiangqi), "Draw: 60 moves without a capture");

    // A shorter limit (50 moves), and checks beyond the tenth do not count.
    let mut r = xq();
    r.move_limit = Some(1);
    r.counted_checks = 0;
    let mut g = game(Variant::Xiangqi, "3k5/9/9/9/9/9/9/9/4A4/R3K4 w", r);
    play(&mut g, "a0d0"); // a check: not counted
    assert!(g.outcome().is_none());
    play(&mut g, "d9e9");
    assert!(g.outcome().is_none(), "one counted ply so far");
    play(&mut g, "d0d1");
    assert_eq!(g.outcome().unwrap().reason, EndReason::MoveLimit { moves: 1 });
}

#[test]
fn dead_position_is_a_draw() {
    // Red's advisor takes Black's last attacking piece; only generals, advisors and
    // elephants remain.
    let mut g = game(Variant::Xiangqi, "3k5/9/9/9/9/9/9/3r5/4A4/2BK5 w", xq());
    play(&mut g, "e1d2");
    let o = g.outcome().unwrap();
    assert_eq!(o.reason, EndReason::DeadPosition);
    assert_eq!(o.result, GameResult::Draw);
}

#[test]
fn janggi_checkmate() {
    // Two chariots, as in xiangqi; Cho's general is off the e-file, so there is no bikjang
    // (in which Han could pass even in check).
    let mut g = game(Variant::Janggi, "4k4/R8/1R7/9/9/9/9/9/3K5/9 w", jg());
    play(&mut g, "b7b9");
    let o = g.outcome().unwrap();
    assert_eq!(o.reason, EndReason::Checkmate);
    assert_eq!(o.verdict(Variant::Janggi), "cho wins");
}

#[test]
fn janggi_double_pass_goes_to_counting() {
    let mut g = Game::standard(Variant::Janggi);
    play(&mut g, "e1e1");
    assert!(g.position().pass_would_end_game() && !g.position().ended_by_pass());
    play(&mut g, "e8e8");
    assert!(g.position().ended_by_pass());
    let o = g.outcome().unwrap();
    assert_eq!(o.reason, EndReason::DoublePass);
    // Equal material: Han's 1.5 points decide.
    assert_eq!(o.points, Some((72.0, 73.5)));
    assert_eq!(o.verdict(Variant::Janggi), "han wins");
    assert_eq!(o.describe(Variant::Janggi), "Han wins: both sides passed; counting 72 to 73.5");

    let mut r = jg();
    r.janggi = JanggiRules::Traditional;
    let mut g = game(Variant::Janggi, Variant::Janggi.start_fen(), r);
    play(&mut g, "e1e1 e8e8");
    assert_eq!(g.outcome().unwrap().result, GameResult::Draw);
}

#[test]
fn janggi_bikjang_left_standing() {
    // Cho steps into bikjang; Han passes, accepting it: counting (Cho has a chariot more).
    let mut g = game(Variant::Janggi, "4k4/9/9/9/9/9/9/R8/3K5/9 w", jg());
    assert!(!g.position().pass_would_end_game());
    play(&mut g, "d1e1");
    assert!(g.outcome().is_none());
    assert!(g.position().generals_face());
    assert!(g.position().pass_would_end_game() && !g.position().ended_by_pass());
    play(&mut g, "e9e9");
    assert!(g.position().ended_by_pass());
    let o = g.outcome().unwrap();
    assert_eq!(o.reason, EndReason::Bikjang);
    assert_eq!(o.points, Some((13.0, 1.5)));
    assert_eq!(o.verdict(Variant::Janggi), "cho wins");

    // Traditional rules: a draw. Casual rules: no bikjang rule at all.
    let mut r = jg();
    r.janggi = JanggiRules::Traditional;
    let mut g = game(Variant::Janggi, "4k4/9/9/9/9/9/9/R8/3K5/9 w", r);
    play(&mut g, "d1e1 e9e9");
    assert_eq!(g.outcome().unwrap().result, GameResult::Draw);
    r.janggi = JanggiRules::Casual;
    let mut g = game(Variant::Janggi, "4k4/9/9/9/9/9/9/R8/3K5/9 w", r);
    play(&mut g, "d1e1 e9e9");
    assert!(g.outcome().is_none());
    // Without the rule Han may also keep the generals facing with a move along the file.
    play(&mut g, "a2a3 e9e8");
    assert!(g.outcome().is_none());
}

#[test]
fn janggi_perpetual_check_loses_and_other_repetitions_count() {
    let mut g = game(Variant::Janggi, "4k4/9/9/9/9/9/9/9/9/3K1R3 w", jg());
    play(&mut g, "f0e0 e9f9 e0f0 f9e9 f0e0 e9f9 e0f0 f9e9");
    let o = g.outcome().expect("judged");
    assert_eq!(o.reason, EndReason::RepetitionViolation { violation: Violation::PerpetualCheck, times: 3 });
    assert_eq!(o.verdict(Variant::Janggi), "han wins");

    let mut g = Game::standard(Variant::Janggi);
    play(&mut g, "b0c2 b9c7 c2b0 c7b9 b0c2 b9c7 c2b0 c7b9");
    let o = g.outcome().unwrap();
    assert_eq!(o.reason, EndReason::Repetition { times: 3 });
    assert_eq!(o.verdict(Variant::Janggi), "han wins", "counting decides");
}

#[test]
fn janggi_traditional_three_checks_by_one_piece() {
    let mut r = jg();
    r.janggi = JanggiRules::Traditional;
    r.repetitions = 10;
    let mut g = game(Variant::Janggi, "4k4/9/9/9/9/9/9/9/9/3K1R3 w", r);
    play(&mut g, "f0e0 e9f9 e0f0 f9e9");
    assert!(g.outcome().is_none(), "two checks so far");
    play(&mut g, "f0e0");
    let o = g.outcome().unwrap();
    assert_eq!(o.reason, EndReason::ThreeChecksBySamePiece);
    assert_eq!(o.result, GameResult::Draw);
}

#[test]
fn cxa_forbids_perpetual_mate_threats_axf_allows_them() {
    // Red's chariot on a8 holds rank 8; the other shuffles b1-c1, each time threatening mate on
    // rank 9 without giving check. Black shuffles a horse.
    let fen = "4k4/R8/9/9/9/9/9/9/1R7/3K3n1 w";
    let moves = "b1c1 h0g2 c1b1 g2h0 b1c1 h0g2 c1b1 g2h0";
    let ruling = |rules: XiangqiRules| {
        let mut r = xq();
        r.xiangqi = rules;
        let mut g = game(Variant::Xiangqi, fen, r);
        play(&mut g, moves);
        let o = *g.outcome().expect("repetition judged");
        (o.result, o.reason)
    };
    assert_eq!(ruling(XiangqiRules::Axf), (GameResult::Draw, EndReason::Repetition { times: 3 }));
    assert_eq!(ruling(XiangqiRules::Computer), (GameResult::Draw, EndReason::Repetition { times: 3 }));
    assert_eq!(
        ruling(XiangqiRules::Cxa),
        (
            GameResult::Win(Side::BLACK),
            EndReason::RepetitionViolation { violation: Violation::PerpetualMateThreat, times: 3 }
        )
    );
}

#[test]
fn rule_set_names() {
    assert_eq!(XiangqiRules::Cxa.to_string(), "cxa");
    assert_eq!("computer".parse::<XiangqiRules>().unwrap(), XiangqiRules::Computer);
    assert_eq!("traditional".parse::<JanggiRules>().unwrap(), JanggiRules::Traditional);
    assert!("bogus".parse::<XiangqiRules>().is_err());
}

#[test]
fn janggi_move_limit_and_dead_position_go_to_counting() {
    // 199 plies without capture on the clock; one more reaches janggi's 100-move limit.
    let mut g = game(Variant::Janggi, "4k4/9/9/9/9/9/9/9/4A4/R2K5 w - - 199 120", jg());
    play(&mut g, "a0a1");
    let o = g.outcome().unwrap();
    assert_eq!(o.reason, EndReason::MoveLimit { moves: 100 });
    assert_eq!(o.points, Some((16.0, 1.5)));
    assert_eq!(o.verdict(Variant::Janggi), "cho wins");

    // Only generals and guards: neither side can ever give check.
    let mut g = game(Variant::Janggi, "4k4/9/9/9/9/9/9/9/4A4/3K1r3 w", jg());
    play(&mut g, "e1f0");
    let o = g.outcome().unwrap();
    assert_eq!(o.reason, EndReason::DeadPosition);
    assert_eq!(o.points, Some((3.0, 1.5)));
    assert_eq!(o.verdict(Variant::Janggi), "cho wins");
}
