"""Records: reading every format (shared samples, skipped when absent), the tree, the writers."""

import io

import pytest

import chuhan
from conftest import RUST_DATA, shared

PGN = """[Game "Chinese Chess"]
[Event "Test"]
[Red "A"]
[Black "B"]
[Result "1-0"]

{opening comment} 1. 炮二平五 {central cannon} (1. 相三进五 {elephant} 1... 炮8平5) 马８进７ $1 2. 马二进三 1-0
"""


def test_read_a_pgn_tree_with_comments_and_variations():
    rec = chuhan.read_game(io.BytesIO(PGN.encode()))
    assert rec.headers["Event"] == "Test" and rec.result == "1-0" and rec.variant == "xiangqi"
    main = rec.main
    assert main.comment == "opening comment" and len(main) == 3
    first = main.nodes[0]
    assert str(first.move) == "h2e2" and first.comment == "central cannon"
    (var,) = first.variations
    assert [str(m) for m in var.moves] == ["g0e2", "h7e7"] and var.nodes[0].comment == "elephant"
    assert main.nodes[1].nags == [1]
    assert rec.node_count() == 5 and [str(m) for m in rec.mainline_moves()] == ["h2e2", "h9g7", "h0g2"]
    assert rec.board() == chuhan.Board() and rec.end().move_stack == rec.mainline_moves()


def test_round_trips_through_every_writer():
    rec = chuhan.read_game(io.BytesIO(PGN.encode()))
    again = chuhan.read_game(io.StringIO(chuhan.write_pgn(rec)))
    assert again.main.nodes[0].variations[0].moves == rec.main.nodes[0].variations[0].moves
    assert again.result == "1-0" and again.main.comment == "opening comment"
    for n in ["wxf", "iccs", "chinese-traditional"]:
        assert chuhan.read_game(io.StringIO(rec.pgn(n))).mainline_moves() == rec.mainline_moves()
    x = chuhan.read_game(io.BytesIO(chuhan.write_xqf(rec)))
    assert x.mainline_moves() == rec.mainline_moves() and x.main.nodes[0].comment == "central cannon"
    assert x.main.nodes[0].variations[0].moves == rec.main.nodes[0].variations[0].moves
    d = chuhan.read_game(io.StringIO(chuhan.write_dhtmlxq(rec)))
    assert d.mainline_moves() == rec.mainline_moves() and d.result == "1-0"


def test_records_built_from_python():
    b = chuhan.Board()
    for m in ["h2e2", "h9g7"]:
        b.push(m)
    rec = chuhan.Record(b, headers={"Red": "me", "Black": "you"}, result="红胜")
    assert rec.result == "1-0" and rec.headers == {"Red": "me", "Black": "you"}
    rec.main = chuhan.Line(
        [chuhan.Node("h2e2", comment="c", variations=[chuhan.Line(["b2e2", "h9g7"])]), "h9g7"],
        comment="start",
    )
    text = chuhan.write_pgn(rec, "wxf")
    back = chuhan.read_game(io.StringIO(text))
    assert back.main.comment == "start" and back.main.nodes[0].variations[0].moves[0] == chuhan.Move.from_uci("b2e2")
    # A tree with an illegal move is refused with the ply, not written.
    rec.main = chuhan.Line(["h2e2", "h2e2"])
    with pytest.raises(chuhan.RecordError, match="ply 2: illegal move h2e2"):
        chuhan.write_pgn(rec)
    with pytest.raises(chuhan.RecordError, match="ply 2"):
        chuhan.write_xqf(rec)
    with pytest.raises(ValueError, match="result"):
        rec.result = "red won"
    j = chuhan.Record(variant="janggi")
    assert j.variant == "janggi" and "janggi" in chuhan.write_pgn(j)


def test_master_games_stream(tmp_path):
    path = shared("games/Liu_Dahua_1125_UCI_games.pgn")
    n = plies = 0
    for rec in chuhan.read_games(path):
        n += 1
        plies += len(rec.mainline_moves())
    assert n == 1125 and plies > 90_000
    assert sum(1 for _ in chuhan.read_games(str(path))) == 1125
    with open(path, "rb") as f:
        assert sum(1 for _ in chuhan.read_games(f)) == 1125


def test_xqf_cbr_cbl_and_gbk_pgn_samples():
    d = shared("records/cchess-tests")
    rec = chuhan.read_game(d / "test_5_variations.xqf")
    assert rec.node_count() > len(rec.mainline_moves())
    again = chuhan.read_game(io.BytesIO(chuhan.write_xqf(rec)))
    assert again.node_count() == rec.node_count() and again.mainline_moves() == rec.mainline_moves()
    assert chuhan.read_game(d / "test.cbr").mainline_moves()
    games = list(chuhan.read_games(d / "1956年全国象棋锦标赛93局.CBL", errors="skip"))
    assert len(games) >= 90
    gbk = list(chuhan.read_games(d / "test2.pgn"))
    assert len(gbk) == 1 and gbk[0].headers["Red"] == "永远在路上(北斗)" and gbk[0].result == "1/2-1/2"
    sample = chuhan.read_game(shared("records/xqbase/SAMPLE.XQF"))
    pgn = chuhan.read_game(shared("records/xqbase/SAMPLE.PGN"))
    assert sample.mainline_moves() == pgn.mainline_moves()
    # Every XQF sample of both sample folders, as crates/chuhan-record/tests/xqf.rs reads them:
    # two hold illegal moves (BadMoveTest3 in its main line, WildHouse in a variation); the 22
    # others read and round-trip through the three writers with the same tree.
    bad, good = [], 0
    xqbase = shared("records/xqbase")
    for path in [p for folder in (d, xqbase) for p in sorted(folder.iterdir()) if p.suffix.lower() == ".xqf"]:
        try:
            rec = chuhan.read_game(path)
        except chuhan.RecordError as e:
            bad.append(str(e).replace(str(path.parent) + "/", ""))
            continue
        good += 1
        for text in [chuhan.write_xqf(rec), chuhan.write_pgn(rec), chuhan.write_dhtmlxq(rec)]:
            back = chuhan.read_game(io.BytesIO(text if isinstance(text, bytes) else text.encode()))
            assert back.node_count() == rec.node_count() and back.mainline_moves() == rec.mainline_moves(), path
    assert good == 22 and len(bad) == 2, bad
    assert any(b.startswith("BadMoveTest3.xqf: game 1, ply 10: illegal move e1f0") for b in bad), bad
    assert any(b.startswith("WildHouse.xqf: game 1, ply 74 (in a variation)") for b in bad), bad


def test_parallel_notation_files_read_alike():
    d = RUST_DATA / "parallel-notation"
    chinese = [r.mainline_moves() for r in chuhan.read_games(d / "xqdb_traditional.pgn")]
    wxf = [r.mainline_moves() for r in chuhan.read_games(d / "xqdb_international.pgn")]
    uci = [r.mainline_moves() for r in chuhan.read_games(d / "bulk_games_uci.pgn")]
    assert len(chinese) == 15 and chinese == wxf
    # One slip in the source (see crates/chuhan-record/tests/pgn.rs): game 1, ply 70, where the
    # Chinese and WXF texts name the rear soldier and the coordinates move the front one.
    slips = [(i, j) for i in range(15) for j in range(len(uci[i])) if chinese[i][j] != uci[i][j]]
    assert slips == [(1, 70)] and [len(g) for g in chinese] == [len(g) for g in uci]


def test_bad_records_raise_clear_errors(tmp_path):
    with pytest.raises(FileNotFoundError, match="nope.pgn"):
        chuhan.read_games(tmp_path / "nope.pgn")
    with pytest.raises(IsADirectoryError):
        chuhan.read_games(tmp_path)
    with pytest.raises(TypeError):
        chuhan.read_games(42)
    with pytest.raises(ValueError, match="unknown record format"):
        chuhan.read_games(io.BytesIO(b""), format="docx")
    with pytest.raises(ValueError, match="errors="):
        chuhan.read_games(io.BytesIO(b""), errors="ignore")
    assert chuhan.read_game(io.BytesIO(b"")) is None
    # An illegal move names the game, the ply and the move.
    bad = b'[Event "x"]\n\n1. h2e2 h9g7 2. h2h9 *\n\n[Event "y"]\n\n1. h2e2 *\n'
    reader = chuhan.read_games(io.BytesIO(bad))
    with pytest.raises(chuhan.RecordError, match=r"game 1, ply 3: move \"h2h9\""):
        next(reader)
    assert next(reader).headers["Event"] == "y"  # the reader goes on after a bad game
    assert [r.headers["Event"] for r in chuhan.read_games(io.BytesIO(bad), errors="skip")] == ["y"]
    # Garbage of every format: an error, never a crash.
    import random

    rng = random.Random(21)
    heads = [b"XQ", b"CCBridge Record", b"CCBridgeLibrary", b"[DhtmlXQ]", b"[Event ", b""]
    for i in range(300):
        data = rng.choice(heads) + bytes(rng.randrange(256) for _ in range(rng.randrange(2000)))
        try:
            for rec in chuhan.read_games(io.BytesIO(data), errors="raise"):
                chuhan.write_pgn(rec)
        except ValueError:
            pass
        p = tmp_path / f"g{i % 5}.cbl"
        p.write_bytes(data)
        list(chuhan.read_games(p, errors="skip"))
    with pytest.raises(chuhan.RecordError, match="game 1: the file is too short for its header"):
        next(chuhan.read_games(io.BytesIO(b"XQ" + bytes(100))))
    with pytest.raises(TypeError):
        chuhan.read_games(io.BytesIO(b"").__class__)  # a class, not a file


def test_file_objects_stream():
    data = PGN.encode() * 3000
    f = io.BytesIO(data)
    reader = chuhan.read_games(f)
    assert next(reader).headers["Event"] == "Test"
    assert f.tell() < len(data) // 4, "the whole file was read for the first game"
    assert sum(1 for _ in reader) == 2999 and f.tell() == len(data)

    class Failing(io.BytesIO):
        def read(self, n=-1):
            if self.tell() > 70_000:
                raise OSError("disk on fire")
            return super().read(n)

    with pytest.raises(chuhan.RecordError, match="disk on fire"):
        list(chuhan.read_games(Failing(data)))


def test_a_result_ends_the_game_before_a_tools_footer():
    # XQ Wizard and xqbase end their exports with a rule (and a greeting) after the result:
    # not moves (issue 39).
    text = '[Event "a"]\n\n1. h2e2 h9g7 *\n======\n'
    (rec,) = list(chuhan.read_games(io.StringIO(text)))
    assert [str(m) for m in rec.mainline_moves()] == ["h2e2", "h9g7"] and rec.result == "*"
    two = text + 'welcome to the site\n\n[Event "b"]\n\n1. b2e2 1-0\n==\n'
    assert [r.headers["Event"] for r in chuhan.read_games(io.StringIO(two), errors="skip")] == ["a", "b"]
    # A byte order mark: no empty game before the first; UTF-16 is decoded.
    bom = "\ufeff" + text
    assert len(list(chuhan.read_games(io.BytesIO(bom.encode("utf-8"))))) == 1
    for codec in ["utf-16-le", "utf-16-be"]:
        (rec,) = list(chuhan.read_games(io.BytesIO(bom.encode(codec))))
        assert rec.headers["Event"] == "a" and len(rec.mainline_moves()) == 2, codec
