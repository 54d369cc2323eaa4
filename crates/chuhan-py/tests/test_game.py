"""Game: rule sets ruling repetitions and counting, against the rule book's cases."""

import json
import re

import pytest

import chuhan
from conftest import REPO, RUST_DATA


def _documented_differences(const):
    """The cases the Rust test lists as chuhan's documented departures: {index: ruling}."""
    src = (REPO / "crates" / "chuhan" / "tests" / "repetition.rs").read_text(encoding="utf-8")
    block = src[src.index(f"const {const}") :]
    block = block[: block.index("];")]
    return {int(i): ours for i, ours in re.findall(r'index:\s*(\d+),\s*ours:\s*"([^"]+)"', block)}


def _verdict(fen, moves, repetitions):
    game = chuhan.Game(chuhan.Board(fen, strict=False), repetitions=repetitions)
    for m in moves:
        if game.outcome is not None:
            break
        game.push(m)
    return game.outcome.verdict if game.outcome else "undecided"


@pytest.mark.parametrize(
    "file,const,repetitions",
    [("wxf-rulebook-cases.json", "RULE_BOOK_DIFFERENCES", 2), ("chase-cases.json", "CHASE_DIFFERENCES", 3)],
)
def test_repetition_cases_rule_as_the_rust_side(file, const, repetitions):
    cases = json.loads((RUST_DATA / file).read_text(encoding="utf-8"))
    # The list may be empty (every chase case agrees); src.index above fails if it is missing.
    differences = _documented_differences(const)
    for i, case in enumerate(cases):
        got = _verdict(case["fen"], case["moves"], repetitions)
        assert got == differences.get(i, case["expected"]), (i, case)


def test_game_plays_and_ends():
    g = chuhan.Game()
    assert g.variant == "xiangqi" and g.rules == "axf" and g.ply == 0 and g.outcome is None
    assert g.push("h2e2") is None
    assert g.push_notation("马8进7") is None
    assert [str(m) for m in g.moves] == ["h2e2", "h9g7"] and g.ply == 2
    assert g.board.fen() == "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2"
    assert len(g.legal_moves) == len(g.board.legal_moves)
    g.resign("red")
    assert g.is_over() and g.outcome.result == "0-1" and g.outcome.description == "Black wins: Red resigned"
    with pytest.raises(chuhan.GameOverError, match="the game is over"):
        g.push("b0c2")
    assert g.legal_moves == []


def test_game_from_a_board_replays_its_moves():
    b = chuhan.Board()
    for m in ["h0g2", "h9g7", "g2h0", "g7h9"] * 2:
        b.push(m)
    g = chuhan.Game(b)
    assert g.ply == 8 and g.outcome.termination == "repetition"
    with pytest.raises(chuhan.GameOverError):
        chuhan.Game(b).push("h0g2")
    g = chuhan.Game(b, rules="computer", repetitions=4)
    assert g.outcome is None and g.rules == "computer"


def test_perpetual_check_loses_under_every_xiangqi_rule_set():
    # Red checks with the chariot back and forth; Black's general steps aside and back.
    fen = "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1"
    moves = ["a0a9", "d9d8", "a9a8", "d8d9"] + ["a8a9", "d9d8", "a9a8", "d8d9"] * 3
    for rules in ["axf", "cxa", "computer"]:
        g = chuhan.Game(chuhan.Board(fen), rules=rules)
        for m in moves:
            if g.push(m):
                break
        assert g.outcome is not None and g.outcome.winner == "black", (rules, g.outcome)
        assert g.outcome.termination == "perpetual-check" and g.outcome.rules == rules


def test_janggi_rule_sets_and_counting():
    for rules in ["modern", "traditional", "casual"]:
        assert chuhan.Game(variant="janggi", rules=rules).rules == rules
    with pytest.raises(ValueError, match="xiangqi rule set"):
        chuhan.Game(variant="janggi", rules="axf")
    # A move limit ends the game by counting under modern rules (Han has the 1.5 bonus).
    g = chuhan.Game(variant="janggi", rules="modern", move_limit=2)
    for m in ["b0c2", "b9c7", "c2b0", "c7b9"]:
        o = g.push(m)
    assert o is not None and o.termination == "move-limit" and o.points == (72.0, 73.5)
    assert o.winner == "han" and "counting 72 to 73.5" in o.description
    # Casual rules have no bikjang; unlimited games go on.
    assert chuhan.Game(variant="janggi", move_limit=None).outcome is None


def test_bad_game_arguments():
    with pytest.raises(ValueError, match="repetitions 1"):
        chuhan.Game(repetitions=1)
    with pytest.raises(ValueError, match="move_limit 0"):
        chuhan.Game(move_limit=0)
    with pytest.raises(ValueError, match="unknown side"):
        chuhan.Game().resign("white")
    with pytest.raises(ValueError, match="unknown variant"):
        chuhan.Game(variant="shogi")
    with pytest.raises(TypeError):
        chuhan.Game("not a board")
