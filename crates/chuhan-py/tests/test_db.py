"""chuhan.Database (the game database of crate chuhan-db) and chuhan.opening_name.

The games written here always run; the shared master games (conftest.SHARED) are imported when
present, and their explorer counts are checked against a count made here by replaying them.
PostgreSQL runs when CHUHAN_TEST_POSTGRES_URL is set (scripts/pg-test-cluster.sh), in a schema
of its own made and dropped with psql; it skips otherwise, or fails when CI=true.
"""

import os
import shutil
import subprocess
import time

import pytest

import chuhan
from conftest import SHARED

GAMES = """[Event "Test Cup 2001"]
[Red "Alpha One"]
[Black "Beta Two"]
[Date "2001.05.12"]
[Result "1-0"]

1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 4. b0c2 1-0

[Event "Test Cup 2003"]
[Red "Gamma Three"]
[Black "Alpha One"]
[Date "2003.07.01"]
[Result "1/2-1/2"]

1. b2e2 b9c7 2. b0c2 1/2-1/2

[Event "Open 2005"]
[Red "Beta Two"]
[Black "Gamma Three"]
[Date "2005"]
[Result "0-1"]

1. c3c4 g6g5 0-1

[Event "Broken"]
[Red "X"]
[Black "Y"]

1. h2e2 h9g7 2. h0h5 *
"""


@pytest.fixture()
def small(tmp_path):
    """A new SQLite database holding the three good games above (the fourth is bad)."""
    pgn = tmp_path / "small.pgn"
    pgn.write_text(GAMES, encoding="utf-8")
    db = chuhan.Database(tmp_path / "g.sqlite3")
    report = db.import_files([pgn])
    return db, report, pgn


def test_import_report(small):
    db, report, pgn = small
    assert (report["files"], report["games_read"], report["imported"], report["duplicates"]) == (1, 4, 3, 0)
    assert len(report["errors"]) == 1
    error = report["errors"][0]
    assert error["file"].endswith("small.pgn") and (error["game"], error["ply"]) == (4, 3), error
    assert "h0h5" in error["reason"] and "small.pgn" not in error["reason"], error
    message = error["message"]
    assert "small.pgn" in message and "game 4" in message and "ply 3" in message and error["reason"] in message
    assert db.backend == "sqlite" and db.fold == "mirror"
    # The same file again is done already; its games under another name are duplicates.
    assert db.import_files([pgn])["files_already_done"] == 1
    copy = pgn.with_name("copy.pgn")
    copy.write_text(GAMES, encoding="utf-8")
    again = db.import_files([copy], batch=1)
    assert (again["imported"], again["duplicates"]) == (0, 3)
    assert db.stats()["games"] == 3


def test_explore_small(small):
    db = small[0]
    start = db.explore(lang="english")
    assert start["games"] == 3
    # From the (symmetric) start, h2e2 and b2e2 are two moves; the positions they reach are one
    # under the mirror fold, and a move from there is given in the asker's frame.
    moves = {m["move"]: m for m in start["moves"]}
    assert sorted(moves) == ["b2e2", "c3c4", "h2e2"]
    h, b, c = moves["h2e2"], moves["b2e2"], moves["c3c4"]
    assert (h["games"], h["wins"], h["draws"], h["losses"], h["unknown"]) == (1, 1, 0, 0, 0)
    assert (b["games"], b["wins"], b["draws"], b["losses"]) == (1, 0, 1, 0)
    assert (c["losses"], c["score"], b["draw_rate"], h["score"]) == (1, 0.0, 1.0, 1.0)
    assert (h["last_year"], b["last_year"], c["last_year"]) == (2001, 2003, 2005)
    after = db.explore(moves=["炮二平五"], lang="english")
    assert after["games"] == 2 and after["moves"] == [
        {"move": "h9g7", "games": 2, "wins": 0, "draws": 1, "losses": 1, "unknown": 0, "score": 0.25,
         "draw_rate": 0.5, "last_year": 2003}
    ]
    assert len(after["top_games"]) == 2 and all(g["next"] == "h9g7" for g in after["top_games"])
    # A position no game reached.
    nowhere = db.explore(moves=["a3a4"])
    assert (nowhere["games"], nowhere["moves"], nowhere["top_games"]) == (0, [], [])
    board = chuhan.Board()
    board.push_uci("h2e2")
    assert db.explore(board)["games"] == 2


def test_search_filters(small):
    db = small[0]
    names = lambda games: sorted(g["event"] for g in games)  # noqa: E731
    assert names(db.search(player="alpha")) == ["Test Cup 2001", "Test Cup 2003"]
    assert names(db.search(red="Beta")) == ["Open 2005"]
    assert names(db.search(event="cup", date_from="2002")) == ["Test Cup 2003"]
    assert names(db.search(date_to="2003-07")) == ["Test Cup 2001", "Test Cup 2003"]
    assert names(db.search(result="draw")) == ["Test Cup 2003"]
    assert names(db.search(result="0-1")) == ["Open 2005"]
    # b2e2 b9c7 is h2e2 h9g7 mirrored: one position under the fold.
    assert names(db.search(moves=["h2e2", "h9g7"])) == ["Test Cup 2001", "Test Cup 2003"]
    assert names(db.search(moves=["c3c4"])) == ["Open 2005"]
    assert names(db.search(fen=chuhan.Board().fen())) == ["Open 2005", "Test Cup 2001", "Test Cup 2003"]
    assert names(db.search(material="RRHHEEAAKCCPPPPP vs RRHHEEAAKCCPPPPP")) == names(db.search())
    assert db.search(material="車 vs 車") == []
    assert len(db.search(limit=1)) == 1
    newest = db.search()[0]
    assert newest["event"] == "Open 2005" and newest["date"] == "2005" and newest["result"] == "0-1"
    assert newest["plies"] == 2 and newest["red"] == "Beta Two"


def test_game_and_export(small):
    db = small[0]
    first = next(g for g in db.search() if g["event"] == "Test Cup 2001")
    record = db.game(first["id"])
    assert isinstance(record, chuhan.Record)
    assert [m.uci() for m in record.mainline_moves()][:2] == ["h2e2", "h9g7"]
    assert record.result == "1-0" and record.headers["Red"] == "Alpha One"
    assert db.game(10**9) is None
    pgn = db.export(event="Test Cup", notation="iccs")
    assert pgn.count("[Event ") == 2 and "H2-E2" in pgn
    # What export writes reads back as the same games.
    back = list(chuhan.read_games(__import__("io").StringIO(pgn)))
    assert [r.mainline_moves() for r in back] == [
        db.game(g["id"]).mainline_moves() for g in db.search(event="Test Cup")
    ]
    assert chuhan.write_pgn(record, "iccs").split("\n\n")[1] in pgn


def test_opening_names():
    board = chuhan.Board()
    for m in ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"]:
        board.push_uci(m)
    names = {lang: chuhan.opening_name(board, lang) for lang in ["english", "traditional", "simplified"]}
    assert all(names.values()), names
    assert "cannon" in names["english"].lower(), names
    assert "炮" in names["traditional"] and "炮" in names["simplified"], names
    assert chuhan.opening_name(chuhan.Board()) is None
    assert chuhan.opening_name(chuhan.Board.janggi("outer", "inner"), "english")


def test_opening_name_matches_the_database(small):
    db = small[0]
    board = chuhan.Board()
    for m in ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"]:
        board.push_uci(m)
    name = chuhan.opening_name(board, "english")
    assert db.explore(board, lang="english")["opening"] == name
    stored = next(g for g in db.search(lang="english") if g["event"] == "Test Cup 2001")
    assert stored["opening"] == name


def test_bad_input_raises(small, tmp_path):
    db = small[0]
    with pytest.raises(chuhan.FenError, match="FEN"):
        db.explore(fen="not a fen")
    with pytest.raises(chuhan.NotationError, match=r"moves\[1\]"):
        db.explore(moves=["h2e2", "zz99"])
    with pytest.raises(chuhan.NotationError, match=r"moves\[2\] \(h0h5\)"):
        db.explore(moves=["h2e2", "h9g7", "h0h5"])
    with pytest.raises(ValueError, match="cannot read material"):
        db.search(material="車馬 and 車")
    with pytest.raises(ValueError, match="result"):
        db.search(result="red wins")
    with pytest.raises(ValueError, match="unknown language"):
        db.stats(lang="klingon")
    with pytest.raises(ValueError, match="batch"):
        db.import_files([], batch=0)
    with pytest.raises(ValueError, match="board, or fen"):
        db.search(chuhan.Board(), fen=chuhan.Board().fen())
    # Not a database: the library's message names the file.
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"this is not a database" * 100)
    with pytest.raises(chuhan.DatabaseError, match="junk.sqlite3"):
        chuhan.Database(junk)
    with pytest.raises(chuhan.DatabaseError, match="no database"):
        chuhan.Database(tmp_path / "missing.sqlite3", create=False)
    assert not (tmp_path / "missing.sqlite3").exists()
    with pytest.raises(chuhan.DatabaseError, match="database postgres://"):
        chuhan.Database("postgres://nobody@127.0.0.1:1/none?connect_timeout=2")
    # A missing file to import is a bad entry of the report, not an exception.
    report = db.import_files([tmp_path / "absent.pgn"])
    (absent,) = report["errors"]
    assert report["imported"] == 0 and absent["file"].endswith("absent.pgn") and absent["game"] is None
    assert absent["ply"] is None and "absent.pgn" in absent["message"]


def mirror_square(name):
    return "abcdefghi"[8 - "abcdefghi".index(name[0])] + name[1:]


def mirror_move(m):
    return mirror_square(m[:2]) + mirror_square(m[2:])


def mirror_board(fen):
    board, rest = fen.split(" ", 1)
    return "/".join(rank[::-1] for rank in board.split("/")) + " " + " ".join(rest.split()[:1])


def test_explore_counts_the_master_games(tmp_path):
    files = sorted(p for p in (SHARED / "games").glob("*.pgn")) if (SHARED / "games").is_dir() else []
    if not files:
        pytest.skip(f"{SHARED / 'games'} is absent")
    db = chuhan.Database(tmp_path / "m.sqlite3")
    report = db.import_files(files)
    assert report["imported"] > 1000 and report["imported"] + report["duplicates"] + len(report["errors"]) == (
        report["games_read"]
    )
    # The count made here: every stored game replayed, the positions it reached (board and side
    # to move; a game counts once however often it returns) and the move played from each.
    reached = {}
    stored = {}
    for rec in (r for f in files for r in chuhan.read_games(f, errors="skip")):
        key = tuple(m.uci() for m in rec.mainline_moves())
        if key in stored:
            continue
        board = rec.board()
        seen = {}
        for m in rec.mainline_moves():
            place = " ".join(board.fen().split()[:2])
            seen.setdefault(place, set()).add(m.uci())
            board.push(m)
        seen.setdefault(" ".join(board.fen().split()[:2]), set())
        stored[key] = seen
    assert len(stored) == db.stats()["games"]
    for line in [[], ["h2e2"], ["h2e2", "h9g7"], ["c3c4"], ["h0g2", "g6g5"]]:
        board = chuhan.Board()
        for m in line:
            board.push_uci(m)
        place = " ".join(board.fen().split()[:2])
        mirrored = mirror_board(place)
        games = [s for s in stored.values() if place in s or mirrored in s]
        explored = db.explore(moves=line)
        assert explored["games"] == len(games), line
        for move in explored["moves"]:
            # A game that reached the mirror image played the mirrored move; from a symmetric
            # position (the start) the moves are as played.
            played = sum(
                1
                for s in games
                if move["move"] in s.get(place, ())
                or (mirrored != place and mirror_move(move["move"]) in s.get(mirrored, ()))
            )
            assert move["games"] == played, (line, move)
    stats = db.stats(openings=3, lang="english")
    assert stats["positions"] == report["positions"] and len(stats["openings"]) == 3
    assert stats["players"] > 10 and stats["bytes"] > 0


def postgres_url(test):
    """A URL whose search path is a new schema (dropped by the caller), or a skip."""
    admin = os.environ.get("CHUHAN_TEST_POSTGRES_URL")
    ci = os.environ.get("CI") == "true"
    if not admin or not shutil.which("psql"):
        why = "CHUHAN_TEST_POSTGRES_URL is not set" if not admin else "psql is not installed"
        if ci:
            pytest.fail(f"CI=true but {why} (scripts/pg-test-cluster.sh starts a cluster)")
        pytest.skip(f"{why} (scripts/pg-test-cluster.sh starts a cluster)")
    schema = f"py_{test}_{os.getpid()}_{time.time_ns() % 10**9}"
    subprocess.run(["psql", admin, "-q", "-c", f"CREATE SCHEMA {schema}"], check=True)
    sep = "&" if "?" in admin else "?"
    return admin, schema, f"{admin}{sep}options=-csearch_path%3D{schema}"


def test_postgres_same_answers(tmp_path):
    admin, schema, url = postgres_url("same")
    try:
        pgn = tmp_path / "small.pgn"
        pgn.write_text(GAMES, encoding="utf-8")
        lite = chuhan.Database(tmp_path / "g.sqlite3")
        pg = chuhan.Database(url)
        assert pg.backend == "postgres"
        assert pg.import_files([pgn])["imported"] == lite.import_files([pgn])["imported"] == 3
        for line in [[], ["h2e2"], ["h2e2", "h9g7"]]:
            assert pg.explore(moves=line) == lite.explore(moves=line)
        assert pg.search(player="alpha") == lite.search(player="alpha")
        assert pg.search(material="車馬 vs 車") == []
        assert pg.export() == lite.export()
        assert pg.stats()["games"] == 3
    finally:
        subprocess.run(["psql", admin, "-q", "-c", f"DROP SCHEMA {schema} CASCADE"], check=True)
