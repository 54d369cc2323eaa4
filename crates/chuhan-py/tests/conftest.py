"""Shared helpers: where the repository's fixtures and the shared samples are.

The Rust crates' fixtures (crates/chuhan/tests/data) are always in the repository. The shared
samples (../shared/testdata beside the repository, or $CHUHAN_SHARED) are not ours to
redistribute: tests that need them skip when they are absent.
"""

import os
import pathlib

import pytest

REPO = pathlib.Path(__file__).resolve().parents[3]
RUST_DATA = REPO / "crates" / "chuhan" / "tests" / "data"


def _shared():
    env = os.environ.get("CHUHAN_SHARED")
    if env:
        return pathlib.Path(env)
    # ../shared beside the repository; a git worktree sits one level deeper, so look upwards.
    for parent in [REPO, *REPO.parents]:
        candidate = parent.parent / "shared" / "testdata"
        if candidate.is_dir():
            return candidate
    return REPO.parent / "shared" / "testdata"


SHARED = _shared()


def shared(rel):
    """A path under the shared samples, or a skip when it is absent."""
    p = SHARED / rel
    if not p.exists():
        pytest.skip(f"{p} is absent")
    return p


def fixture_positions(variant, limit=None):
    """(FEN, sorted legal moves) of the Fairy-Stockfish fixture files, as the Rust tests read them."""
    out = []
    with open(RUST_DATA / f"{variant}-legal.txt", encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            fen, _, moves = line.rstrip("\n").partition("\t")
            out.append((fen, sorted(moves.split())))
            if limit and len(out) >= limit:
                break
    return out
