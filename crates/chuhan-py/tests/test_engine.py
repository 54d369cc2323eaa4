"""Engine: analysis results, and the GIL released while searching."""

import threading
import time

import pytest

import chuhan


def test_analyse_depth_and_multipv():
    e = chuhan.Engine()
    b = chuhan.Board()
    a = e.analyse(b, depth=5)
    assert a.depth == 5 and a.pv and a.pv[0] in b.legal_moves and a.nodes > 0
    assert a.score.cp is not None and a.score.mate is None and str(a.score)[0] in "+-"
    lines = e.analyse(b, depth=4, multipv=3)
    assert [l.multipv for l in lines] == [1, 2, 3]
    assert len({l.pv[0] for l in lines}) == 3 and lines[0].score >= lines[2].score
    n = e.analyse(b, nodes=2000)
    assert n.pv and 0 < n.nodes
    j = chuhan.Board(variant="janggi")
    assert e.analyse(j, depth=3).pv[0] in j.legal_moves


def test_analyse_finds_a_mate():
    b = chuhan.Board("3k5/1R7/9/9/9/9/9/9/9/R3K4 w - - 0 1")
    a = chuhan.Engine().analyse(b, depth=4)
    assert a.score.mate == 1 and a.score.is_mate() and str(a.pv[0]) in ("a0a9", "a0d0")


def test_search_releases_the_gil():
    e = chuhan.Engine()
    ticks = []
    done = threading.Event()

    def counter():
        while not done.is_set():
            ticks.append(1)
            time.sleep(0.001)

    t = threading.Thread(target=counter)
    t.start()
    try:
        start = time.perf_counter()
        e.analyse(chuhan.Board(), time=0.5)
        elapsed = time.perf_counter() - start
    finally:
        done.set()
        t.join()
    assert elapsed >= 0.4
    # With the GIL held the counter could not run at all during the search.
    assert len(ticks) > 50, len(ticks)


def test_stop_from_another_thread():
    e = chuhan.Engine()
    b = chuhan.Board()
    timer = threading.Timer(0.3, e.stop)
    timer.start()
    start = time.perf_counter()
    a = e.analyse(b, time=30)
    assert time.perf_counter() - start < 10 and a.pv


def test_bad_engine_arguments():
    e = chuhan.Engine()
    b = chuhan.Board()
    with pytest.raises(ValueError, match="give a limit"):
        e.analyse(b)
    with pytest.raises(ValueError, match="depth 0"):
        e.analyse(b, depth=0)
    with pytest.raises(ValueError, match="time -1"):
        e.analyse(b, time=-1)
    with pytest.raises(ValueError, match="time NaN"):
        e.analyse(b, time=float("nan"))
    with pytest.raises(ValueError, match="multipv 0"):
        e.analyse(b, depth=1, multipv=0)
    with pytest.raises(OverflowError):
        e.analyse(b, nodes=-5)
    with pytest.raises(TypeError):
        e.analyse("board", depth=1)
    with pytest.raises(ValueError, match="hash 0"):
        chuhan.Engine(hash=0)
    with pytest.raises(ValueError, match="threads 0"):
        chuhan.Engine(threads=0)
    mated = chuhan.Board("3k5/1R7/9/9/9/9/9/9/9/R3K4 w - - 0 1")
    mated.push("a0a9")
    with pytest.raises(ValueError, match="no legal move"):
        e.analyse(mated, depth=3)


def test_network_or_hand_written_evaluation():
    # The trained networks by default; network=False searches with the hand-written evaluation,
    # a different tree (so a different node count at the same depth), both giving legal moves.
    b = chuhan.Board()
    net = chuhan.Engine().analyse(b, depth=6)
    hand = chuhan.Engine(network=False).analyse(b, depth=6)
    assert net.pv[0] in b.legal_moves and hand.pv[0] in b.legal_moves
    assert net.nodes != hand.nodes
    j = chuhan.Board(variant="janggi")
    assert chuhan.Engine(network=False).analyse(j, depth=3).pv[0] in j.legal_moves
