"""Bad input of every kind: a clear exception with the command line's message, never a crash."""

import random

import pytest

import chuhan


@pytest.mark.parametrize(
    "fen,message",
    [
        ("", "empty FEN"),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C11/9/RNBAKABNR w - - 0 1", "FEN field 1, rank 2: 10 files, expected 9"),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/9/RNBAKABNR w", "9 ranks, expected 10"),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w", "unexpected character 'X'"),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x", "side to move \"x\""),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - z 1", "\"z\": expected a number"),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 extra", "unexpected extra field"),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w - - 0 1", "general"),
    ],
)
def test_bad_fens(fen, message):
    with pytest.raises(chuhan.FenError) as e:
        chuhan.Board(fen)
    assert message in str(e.value)
    assert isinstance(e.value, ValueError)


def test_the_issue_example_message():
    with pytest.raises(ValueError, match=r"^FEN field 1, rank 3: 10 files, expected 9$"):
        chuhan.Board("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/1C5C11/P1P1P1P1P/9/RNBAKABNR w - - 0 1")


@pytest.mark.parametrize(
    "move,message",
    [
        ("e5e6", "illegal move e5e6: no piece on e5"),
        ("h9g7", "illegal move h9g7: the black horse on h9 cannot move: it is red's move"),
        ("h0h2", "illegal move h0h2: the red horse on h0 cannot move to h2"),
        ("b2b8", "illegal move b2b8: the red cannon on b2 cannot move to b8"),
    ],
)
def test_illegal_moves_say_why(move, message):
    b = chuhan.Board()
    with pytest.raises(chuhan.IllegalMoveError) as e:
        b.push(move)
    assert str(e.value) == message
    assert b == chuhan.Board() and b.move_stack == []
    with pytest.raises(chuhan.IllegalMoveError, match="illegal move"):
        b.check_move(move)
    assert not b.is_legal(move)


def test_pinned_piece_and_janggi_reasons():
    b = chuhan.Board("4k4/9/9/9/9/4r4/9/9/4R4/4K4 w - - 0 1")
    with pytest.raises(chuhan.IllegalMoveError, match="the red chariot on e1 may not move to d1: it would leave the red general attacked"):
        b.push("e1d1")
    j = chuhan.Board(variant="janggi")
    with pytest.raises(chuhan.IllegalMoveError, match="the han chariot on a9 cannot move: it is cho's move"):
        j.push("a9a8")
    checked = chuhan.Board("9/4k4/9/9/9/4r4/9/9/4K4/9 w - - 0 1", variant="janggi")
    assert checked.is_check()
    with pytest.raises(chuhan.IllegalMoveError, match="illegal move e1e1: no pass while in check"):
        checked.push(checked.pass_move())
    with pytest.raises(ValueError, match="unknown variant"):
        chuhan.Record(variant="go")
    with pytest.raises(ValueError, match="invalid move"):
        chuhan.Node("zz")
    with pytest.raises(TypeError):
        chuhan.Line([None])


@pytest.mark.parametrize(
    "text,notation,error,message",
    [
        ("炮九平五", None, chuhan.NotationError, "no legal move fits"),
        ("xyz", None, chuhan.NotationError, "not a move in any notation"),
        ("十", "chinese", chuhan.NotationError, "十"),
        ("h2e2", "klingon", ValueError, "unknown notation \"klingon\""),
        ("h2e2", "janggi", chuhan.NotationError, "not used for xiangqi"),
        ("", None, chuhan.NotationError, "not a move"),
        ("\x00\x01", None, chuhan.NotationError, "not a move"),
    ],
)
def test_bad_notation(text, notation, error, message):
    b = chuhan.Board()
    with pytest.raises(error) as e:
        b.push_notation(text, notation)
    assert message in str(e.value)
    assert b.move_stack == []


def test_bad_values_and_types():
    with pytest.raises(ValueError, match="unknown variant \"chess\""):
        chuhan.Board(variant="chess")
    with pytest.raises(ValueError, match="unknown janggi formation"):
        chuhan.Board.janggi("sideways")
    with pytest.raises(ValueError, match="invalid move"):
        chuhan.Move.from_uci("z9z9")
    with pytest.raises(ValueError, match="invalid move"):
        chuhan.Move.from_uci("h2e2e2")
    with pytest.raises(ValueError, match="off the board"):
        chuhan.Move(90, 0)
    with pytest.raises(ValueError, match="off the board"):
        chuhan.Move(-1, 0)
    with pytest.raises(ValueError):
        chuhan.parse_square("j0")
    with pytest.raises(TypeError):
        chuhan.Board(123)
    with pytest.raises(TypeError):
        chuhan.Board().push(None)
    with pytest.raises(TypeError):
        chuhan.Board().push(2.5)
    with pytest.raises(TypeError):
        chuhan.Move(1.5, 2)
    with pytest.raises(TypeError):
        chuhan.Board().notation(1)
    with pytest.raises(TypeError):
        chuhan.Board().perft("3")
    with pytest.raises(OverflowError):
        chuhan.Board().perft(-1)
    with pytest.raises(TypeError):
        chuhan.perft("board", 1)
    with pytest.raises(TypeError):
        chuhan.Board().piece_at([1])


def test_random_garbage_never_crashes():
    rng = random.Random(7)
    alphabet = "rnbakcpRNBAKCP0123456789/ wb-炮二平五进退马车帥.+=abcdefghi\x00é"
    for _ in range(3000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(60)))
        for variant in ("xiangqi", "janggi"):
            try:
                chuhan.Board(text, variant=variant, strict=rng.random() < 0.5).legal_moves
            except ValueError:
                pass
            b = chuhan.Board(variant=variant)
            try:
                b.push_notation(text[:8])
            except ValueError:
                pass
            try:
                chuhan.Move.from_uci(text[:5])
            except ValueError:
                pass
