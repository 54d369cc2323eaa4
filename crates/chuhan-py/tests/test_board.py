"""Board, Move and notations, for both games, checked against the Rust side's facts."""

import copy
import json
import pickle

import pytest

import chuhan
from conftest import RUST_DATA, fixture_positions

XQ_START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
JG_START = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1"


def test_start_positions():
    b = chuhan.Board()
    assert b.fen() == XQ_START and b.variant == "xiangqi" and b.turn == "red"
    assert len(b.legal_moves) == 44 and b.legal_move_count() == 44
    j = chuhan.Board(variant="janggi")
    assert j.fen() == JG_START and j.turn == "cho"
    assert chuhan.Board.janggi().fen() == JG_START
    assert chuhan.Board(XQ_START) == b


def test_move_values():
    m = chuhan.Move.from_uci("h2e2")
    assert str(m) == "h2e2" == m.uci() and m.uci1() == "h3e3"
    assert (m.from_square, m.to_square) == (chuhan.parse_square("h2"), chuhan.parse_square("e2"))
    assert m == chuhan.Move("h2", "e2") == chuhan.Move(25, 22)
    assert hash(m) == hash(chuhan.Move(25, 22)) and len({m, chuhan.Move(25, 22)}) == 1
    assert chuhan.square_name(7) == "h0" and not m.is_pass()
    assert eval(repr(m), {"Move": chuhan.Move}) == m
    assert pickle.loads(pickle.dumps(m)) == m


def test_push_pop_peek_stack():
    b = chuhan.Board()
    b.push(chuhan.Move.from_uci("h2e2"))
    b.push("h9g7")
    assert b.push_uci("h0g2") == chuhan.Move.from_uci("h0g2")
    assert [str(m) for m in b.move_stack] == ["h2e2", "h9g7", "h0g2"]
    assert b.peek() == chuhan.Move.from_uci("h0g2") and b.turn == "black"
    assert b.pop() == chuhan.Move.from_uci("h0g2")
    assert b.pop() and b.pop() and b == chuhan.Board() and b.move_stack == []
    with pytest.raises(IndexError):
        b.pop()
    with pytest.raises(IndexError):
        b.peek()


def test_copy_eq_hash():
    b = chuhan.Board()
    b.push("h2e2")
    c = b.copy()
    c.push("h9g7")
    assert b != c and len(b.move_stack) == 1
    assert copy.copy(b) == b and copy.deepcopy(b) == b
    assert b.root() == chuhan.Board() and b.root().move_stack == []
    # Transposed move orders reach equal boards with equal hashes.
    x, y = chuhan.Board(), chuhan.Board()
    for m in ["h2e2", "h9g7", "b0c2"]:
        x.push(m)
    for m in ["b0c2", "h9g7", "h2e2"]:
        y.push(m)
    assert x == y and hash(x) == hash(y) and x.move_stack != y.move_stack
    assert b != "not a board"
    p = pickle.loads(pickle.dumps(b))
    assert p == b and p.move_stack == b.move_stack and p.root() == b.root()


def test_perft_matches_the_rust_facts():
    cases = json.loads((RUST_DATA / "perft.json").read_text(encoding="utf-8"))
    variants = set()
    for case in cases:
        board = chuhan.Board(case["fen"], variant=case["variant"])
        for depth, expected in enumerate(case["perft"][:3], start=1):
            if expected > 200_000:
                break
            assert chuhan.perft(board, depth) == expected == board.perft(depth), (case["fen"], depth)
        variants.add(case["variant"])
    assert variants == {"xiangqi", "janggi"}


@pytest.mark.parametrize("variant", ["xiangqi", "janggi"])
def test_legal_moves_match_the_fixtures(variant):
    """The legal moves of 2,000 positions per game equal Fairy-Stockfish's (the Rust fixture)."""
    for fen, expected in fixture_positions(variant, 2000):
        b = chuhan.Board(fen, variant=variant)
        assert sorted(m.uci() for m in b.legal_moves) == expected, fen
        assert b.legal_move_count() == len(expected)


def test_check_mate_stalemate():
    mate = chuhan.Board("3k5/1R7/9/9/9/9/9/9/9/R3K4 w - - 0 1")
    mate.push("a0a9")
    assert mate.is_check() and mate.is_checkmate() and not mate.is_stalemate()
    assert mate.legal_moves == []
    o = mate.outcome()
    assert o.result == "1-0" and o.winner == "red" and o.termination == "checkmate"
    assert o.description == "Red wins: Black is checkmated" and o.rules == "axf"
    assert mate.is_game_over() and not chuhan.Board().is_game_over()
    assert chuhan.Board().outcome() is None


def test_repetition_outcome_and_rule_sets():
    b = chuhan.Board()
    for _ in range(2):
        for m in ["h0g2", "h9g7", "g2h0", "g7h9"]:
            b.push(m)
    o = b.outcome()
    assert o is not None and o.result == "1/2-1/2" and o.termination == "repetition"
    assert "occurred three times" in o.description
    assert b.outcome(rules="cxa").rules == "cxa"
    with pytest.raises(ValueError, match="janggi rule set"):
        b.outcome(rules="modern")
    with pytest.raises(ValueError, match="unknown xiangqi rule set"):
        b.outcome(rules="fide")


@pytest.mark.parametrize("variant", ["xiangqi", "janggi"])
def test_every_notation_round_trips(variant):
    for fen, _ in fixture_positions(variant, 40):
        b = chuhan.Board(fen, variant=variant)
        for m in b.legal_moves:
            for n in chuhan.notations(variant):
                text = b.notation(m, n)
                assert b.parse(text, n) == m, (fen, n, text)
                # Detected: whatever notation reads it first, it is the same move, except
                # where the text is also another legal move in a notation tried earlier:
                # h2e2 is uci and uci1 alike, and Lau's C8h4 (h7d7, "horizontally to 4") is
                # algebraic for h7h3 ("the cannon of rank 8 to h4").
                if n not in ("uci", "uci1", "lan", "algebraic", "lau"):
                    assert b.parse(text) == m, (fen, n, text)


def test_notation_names():
    assert set(chuhan.notations("xiangqi")) | set(chuhan.notations("janggi")) == set(chuhan.NOTATIONS)
    assert "janggi" not in chuhan.notations("xiangqi") and "wxf" not in chuhan.notations("janggi")
    with pytest.raises(ValueError, match="janggi notation is not used for xiangqi"):
        chuhan.Board().notation("h2e2", "janggi")


def test_push_notation_detects_the_notation():
    b = chuhan.Board()
    assert b.push_notation("炮二平五") == chuhan.Move.from_uci("h2e2")
    assert b.push_notation("馬8進7") == chuhan.Move.from_uci("h9g7")  # traditional characters
    assert b.push_notation("H2+3") == chuhan.Move.from_uci("h0g2")  # WXF
    assert b.push_notation("B7-E7", "iccs") == chuhan.Move.from_uci("b7e7")  # ICCS
    assert b.notation(chuhan.Move.from_uci("i0h0"), "wxf") == "R1.2"
    assert b.notation("i0h0") == "车一平二"
    j = chuhan.Board(variant="janggi")
    m = j.parse("b0c2")
    assert j.notation(m, "janggi") == j.notation(m)
    assert j.push_notation(j.notation(m)) == m


def test_janggi_formations_and_passes():
    assert chuhan.FORMATIONS == ["outer", "inner", "left", "right", "mobile"]
    seen = set()
    for cho in chuhan.FORMATIONS:
        for han in chuhan.FORMATIONS:
            b = chuhan.Board.janggi(cho, han)
            assert b.variant == "janggi" and len(b.legal_moves) > 0
            seen.add(b.fen())
    assert len(seen) == 25
    assert chuhan.Board.janggi("outer", "mobile").fen().startswith("bnra1arnb/")
    j = chuhan.Board(variant="janggi")
    p = j.pass_move()
    assert p.is_pass() and p in j.legal_moves and str(p) == "e1e1"
    j.push(p)
    assert j.turn == "han"
    j.push(j.pass_move())
    o = j.outcome()
    assert o is not None and o.termination == "double-pass", o
    x = chuhan.Board()
    with pytest.raises(chuhan.IllegalMoveError, match="xiangqi has no pass"):
        x.push(x.pass_move())


def test_piece_access_text_and_svg():
    b = chuhan.Board()
    assert b.piece_at("e0") == "K" and b.piece_at(4) == "K" and b.piece_at("e4") is None
    assert b.piece_at("e9") == "k" and len(b.piece_map()) == 32
    assert str(b).splitlines()[0] == "r n b a k a b n r"
    assert repr(b) == f"Board('{XQ_START}', variant='xiangqi')"
    svg = b._repr_svg_()
    assert svg.startswith("<svg") and svg.endswith("</svg>") and svg.count("<circle") == 32
    assert "帥" in svg and "將" in svg
    b.push("h2e2")
    assert 'stroke="#2266cc"' in b._repr_svg_()
    assert 'width="300"' in b.svg(flipped=True, size=300)
    j = chuhan.Board(variant="janggi")._repr_svg_()
    assert "楚" in j and "漢" in j and j.count("<circle") == 32


def test_composed_positions():
    # A black soldier behind its starting rank: no game reaches it, a composer may use it.
    fen = "4k4/8p/9/9/9/9/9/9/9/3K5 w - - 0 1"
    with pytest.raises(chuhan.FenError, match="i8"):
        chuhan.Board(fen)
    assert chuhan.Board(fen, strict=False).piece_at("i8") == "p"
