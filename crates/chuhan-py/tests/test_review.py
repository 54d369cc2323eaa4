"""review(): a game judged move by move, from a Record or a Board."""

import pytest

import chuhan

# Red's chariot goes to a5, where Black's soldier on a6 and horse on b7 both take it.
PLANTED = "3aka2r/9/1n5n1/p1p1p1p1p/9/9/2P1P1P1P/9/9/R2AKA2R w - - 0 1"
CAPTURES = {"a6a5", "b7a5"}


def test_a_hanging_chariot_is_a_blunder():
    board = chuhan.Board(PLANTED)
    for m in ["a0a5", "b7a5"]:
        board.push(chuhan.Move.from_uci(m))
    r = chuhan.review(board, nodes=3000)
    assert r.variant == "xiangqi" and len(r) == len(r.moves) == 2
    blunder, capture = r.moves
    assert blunder.ply == 1 and blunder.side == "red" and str(blunder.move) == "a0a5"
    assert blunder.mark == "??" and blunder.loss >= 0.20 and blunder.best != blunder.move
    assert blunder.line and blunder.line[0] == blunder.best
    # Either capture wins the chariot back; the other one may score a hair better at these
    # few nodes, so the loss is small but not always exactly zero.
    assert str(capture.best) in CAPTURES and capture.mark is None and capture.loss < 0.01
    assert 0.0 <= blunder.win_after < blunder.win_before <= 1.0
    assert r.sides["red"].blunders == 1 and r.sides["black"].blunders == 0
    assert set(r.accuracy) == {"red", "black"}
    assert r.accuracy["red"] < r.accuracy["black"]


def test_a_record_and_janggi_with_a_pass():
    board = chuhan.Board(variant="janggi")
    for m in ["a3a4", "a6a5", "e1e1", "i6i5"]:
        board.push(chuhan.Move.from_uci(m))
    record = chuhan.Record(board)
    r = chuhan.review(record, depth=3)
    assert r.variant == "janggi" and [str(m.move) for m in r.moves] == ["a3a4", "a6a5", "e1e1", "i6i5"]
    assert set(r.sides) == {"cho", "han"}
    assert all(m.accuracy <= 100 and m.loss >= 0 for m in r.moves)


def test_forced_moves_are_never_marked():
    board = chuhan.Board("4k4/9/6N2/9/r3R4/9/9/9/3R5/4K4 b - - 0 1")
    assert len(board.legal_moves) == 1
    board.push(chuhan.Move.from_uci("a5e5"))
    m = chuhan.review(board, nodes=2000).moves[0]
    assert m.forced and m.mark is None and m.loss == 0.0 and m.accuracy == 100.0


def test_bad_arguments():
    with pytest.raises(TypeError):
        chuhan.review("h2e2")
    with pytest.raises(ValueError):
        chuhan.review(chuhan.Board(), depth=0)
    with pytest.raises(ValueError):
        chuhan.review(chuhan.Board(), rules="modern")
    r = chuhan.review(chuhan.Board(), nodes=1000)
    assert len(r) == 0 and r.accuracy == {"red": None, "black": None}
