"""The one API: docs/api.md's Python column walked name by name, and the python-chess-like
values (colours, pieces, squares, the legal-move container, outcomes) with the cases the
JavaScript tests check too."""

import errno
import re
import warnings

import pytest

import chuhan
from conftest import REPO, shared

API_MD = REPO / "docs" / "api.md"
NAME = re.compile(r"^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*(\(\))?$")
MATE_FEN = "3k5/1R7/9/9/9/9/9/9/R8/4K4 w"
SHUFFLE = ["h0g2", "h9g7", "g2h0", "g7h9"]
PLAYED_ON = ["b0c2", "b9c7", "h2e2", "h7e7", "a0b0", "a9b9"]


def table_rows():
    """docs/api.md's table: (concept, rust, python, javascript) per row."""
    rows = []
    for line in API_MD.read_text(encoding="utf-8").splitlines():
        if not line.startswith("| ") or line.startswith("| concept") or line.startswith("| ---"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        assert len(cells) == 4, line
        rows.append(cells)
    return rows


def names(cell):
    """The names in a cell: its backticked tokens that are dotted names (not quoted values)."""
    return [t for t in re.findall(r"`([^`]+)`", cell) if NAME.match(t)]


def samples():
    board = chuhan.Board(MATE_FEN)
    board.push("a1a9")
    return {
        "chuhan": chuhan,
        "board": board,
        "game": chuhan.Game(),
        "move": chuhan.Move.from_uci("h2e2"),
        "piece": board.piece_at("e0"),
        "outcome": board.outcome(),
        "record": chuhan.Record(board),
        "analysis": chuhan.Engine(network=False).analyse(chuhan.Board(), depth=2),
    }


def test_the_table_covers_every_concept():
    concepts = " ".join(row[0] for row in table_rows())
    for word in ["board", "move", "square", "piece", "colour", "legal moves", "history", "outcome",
                 "result", "termination", "sentence", "record", "engine analysis", "database"]:
        assert word in concepts, word


def test_every_python_name_of_the_table_exists():
    env = samples()
    checked = 0
    for concept, _rust, python, _js in table_rows():
        for name in names(python):
            call = name.endswith("()")
            root, *path = name.removesuffix("()").split(".")
            assert root in env, f"{concept}: {name} starts at an unknown sample {root!r}"
            value = env[root]
            for attr in path:
                assert hasattr(value, attr), f"{concept}: {name}: no {attr!r} on {value!r}"
                value = getattr(value, attr)
            if call:
                assert callable(value), f"{concept}: {name} is not callable"
            checked += 1
    assert checked >= 50


def test_the_sample_means_what_the_table_says():
    env = samples()
    o = env["outcome"]
    assert o.result == "1-0" and o.result() == "1-0" and isinstance(o.result, str)
    assert (o.termination, o.description, o.verdict) == ("checkmate", "Red wins: Black is checkmated", "red wins")
    assert o.winner is chuhan.RED and (o.ply, o.rules, o.points) == (1, "axf", None)
    assert str(o) == o.description
    assert env["piece"].symbol() == "K" and env["piece"].color is chuhan.RED
    assert env["board"].move_stack == [chuhan.Move.from_uci("a1a9")]
    assert env["analysis"].nodes > 0 and env["analysis"].time > 0


def test_reason_is_deprecated_for_description():
    o = chuhan.Board(MATE_FEN)
    o.push("a1a9")
    o = o.outcome()
    with pytest.warns(DeprecationWarning, match="description"):
        assert o.reason == o.description


# ---- Colours ----

def test_colours():
    board = chuhan.Board()
    assert board.turn is chuhan.RED and board.turn == "red" and "red" == board.turn
    assert str(board.turn) == "red" and f"{board.turn}" == "red" and repr(board.turn) == "chuhan.RED"
    assert board.turn and not chuhan.BLACK, "the first player is truthy, like python-chess's WHITE"
    assert ~chuhan.RED is chuhan.BLACK and chuhan.BLACK.other() is chuhan.RED
    assert chuhan.COLORS == [chuhan.RED, chuhan.BLACK]
    board.push("h2e2")
    assert board.turn is chuhan.BLACK and board.turn == "black" and board.turn != "red"
    assert {"red": 1, "black": 2}[board.turn] == 2, "hashes as its xiangqi name"
    janggi = chuhan.Board(variant="janggi")
    assert chuhan.CHO is chuhan.RED and chuhan.HAN is chuhan.BLACK
    assert janggi.turn is chuhan.CHO and janggi.turn == "cho" and janggi.turn == "red"
    assert janggi.turn.name_in("janggi") == "cho" and chuhan.HAN.name_in("janggi") == "han"
    assert chuhan.Color("black") is chuhan.BLACK


# ---- Pieces ----

def test_pieces():
    board = chuhan.Board()
    p = board.piece_at(chuhan.B0)
    assert isinstance(p, chuhan.Piece)
    assert (p.symbol(), str(p), p.name, p.piece_type, p.color) == ("N", "N", "horse", chuhan.HORSE, chuhan.RED)
    assert p == "N" and p != "n", "a piece equals its old letter"
    assert p == chuhan.Piece(chuhan.HORSE, chuhan.RED) == chuhan.Piece.from_symbol("N")
    assert hash(p) == hash("N")
    assert board.piece_at("e9") == chuhan.Piece(chuhan.GENERAL, chuhan.BLACK)
    assert board.piece_at("e5") is None
    assert board.piece_map()[chuhan.E9].symbol() == "k"
    assert chuhan.piece_name(chuhan.CHARIOT) == "chariot" and len(chuhan.PIECE_TYPES) == 7
    with pytest.raises(ValueError):
        chuhan.Piece.from_symbol("X")
    import pickle
    assert pickle.loads(pickle.dumps(p)) == p


# ---- Squares ----

def test_square_constants():
    assert (chuhan.A0, chuhan.E0, chuhan.I9) == (0, 4, 89)
    assert chuhan.SQUARES == list(range(90)) and chuhan.SQUARE_NAMES[chuhan.H2] == "h2"
    assert chuhan.square_name(chuhan.E0) == "e0" and chuhan.parse_square("e0") == chuhan.E0
    assert chuhan.square(4, 9) == chuhan.E9
    assert (chuhan.square_file(chuhan.H2), chuhan.square_rank(chuhan.H2)) == (7, 2)
    assert chuhan.Move(chuhan.H2, chuhan.E2) == chuhan.Move.from_uci("h2e2")


# ---- Legal moves ----

def test_legal_moves_is_a_container():
    board = chuhan.Board()
    moves = board.legal_moves
    assert len(moves) == 44 and bool(moves)
    assert "h2e2" in moves and chuhan.Move.from_uci("h2e2") in moves
    assert "a0a5" not in moves and "not a move" not in moves and 42 not in moves
    assert all(isinstance(m, chuhan.Move) for m in moves) and len(list(moves)) == 44
    assert moves[0] == list(moves)[0] and moves[-1] == list(moves)[-1]
    assert moves == list(moves)
    assert moves.count("h2e2") == 1
    assert "e0e0" not in moves
    over = chuhan.Board(MATE_FEN)
    over.push("a1a9")
    assert len(over.legal_moves) == 0 and not over.legal_moves


# ---- Outcome: a board's at its current position, a game's the first ----

def test_a_board_reports_the_ending_at_its_current_position():
    # The same case as crates/chuhan-wasm/tests/board.test.mjs.
    board, game = chuhan.Board(), chuhan.Game()
    for m in SHUFFLE + SHUFFLE:
        board.push(m)
        game.push(m)
    o = board.outcome()
    assert (o.termination, o.ply, o.result) == ("repetition", 8, "1/2-1/2")
    for m in PLAYED_ON:
        board.push(m)
    assert board.outcome() is None and not board.is_game_over()
    assert game.outcome.ply == 8, "a game stops at its first ending"
    with pytest.raises(chuhan.GameOverError):
        game.push("b0c2")
    for _ in PLAYED_ON:
        board.pop()
    assert board.outcome().ply == 8


def test_master_games_report_no_ending_before_the_last_move():
    """Over the master games: a board's outcome is the ending at its last position only; where
    a game's first ending comes earlier, the board replayed to the end no longer reports it."""
    records = []
    for name in ["Hu_Ronghua_1391_UCI_games.pgn", "Liu_Dahua_1125_UCI_games.pgn"]:
        records += chuhan.read_games(str(shared("games/" + name)), errors="skip")
    assert len(records) > 2000
    earlier = 0
    for record in records:
        board = record.board()
        moves = record.mainline_moves()
        game = chuhan.Game(board.copy())
        for m in moves:
            board.push(m)
            if not game.is_over():
                game.push(m)
        o = board.outcome()
        if o is not None:
            assert o.ply == len(moves), (record.headers, o)
        if game.is_over() and game.outcome.ply < len(moves):
            earlier += 1
    assert earlier > 0, "some games played past a first ending"


# ---- Smaller bugs ----

def test_module_docstring_example_runs():
    lines = []
    for line in chuhan.__doc__.split("::", 1)[1].splitlines()[1:]:
        if line.strip() and not line.startswith("    "):
            break
        lines.append(line[4:])
    code = "\n".join(lines)
    out = []
    exec(code, {"print": lambda *a: out.append(a)})
    assert out[0] == ("H2+3",)
    assert out[1][1:] == (True, "K")


def test_xiangqi_has_no_pass():
    with pytest.raises(chuhan.IllegalMoveError, match="no pass"):
        chuhan.Board().pass_move()
    assert str(chuhan.Board(variant="janggi").pass_move()) == "e1e1"


def test_reading_a_directory_names_it_with_its_errno(tmp_path):
    with pytest.raises(IsADirectoryError) as e:
        chuhan.read_games(str(tmp_path))
    assert e.value.errno == errno.EISDIR and e.value.filename == str(tmp_path)
    assert "Is a directory" in str(e.value)


def test_analysis_nodes_and_time_cover_the_whole_search():
    board = chuhan.Board()
    a = chuhan.Engine(network=False).analyse(board, nodes=30000)
    assert a.nodes >= 30000, "an iteration cut short by the node limit counts too"
    t = chuhan.Engine(network=False).analyse(board, time=0.3)
    assert t.time >= 0.25
    lines = chuhan.Engine(network=False).analyse(board, nodes=30000, multipv=2)
    assert all(line.nodes >= 30000 for line in lines)


def test_the_readme_api_example_runs():
    text = (REPO / "crates" / "chuhan-py" / "README.md").read_text(encoding="utf-8")
    block = re.search(r"## The API\n.*?```python\n(.*?)```", text, re.S).group(1)
    exec(block, {"chuhan": chuhan})
