"""chuhan: xiangqi (Chinese chess) and janggi (Korean chess) in Rust, for Python.

Rules, every notation, game records (PGN, XQF, DhtmlXQ, CCBridge), chuhan's own engine and the
game database (``Database``)::

    import chuhan

    board = chuhan.Board()                      # xiangqi; chuhan.Board(variant="janggi")
    board.push_notation("炮二平五")              # any notation chuhan reads
    board.push(chuhan.Move.from_uci("h9g7"))
    print(board.notation(board.peek(), "wxf"))  # H2+3
    print(len(board.legal_moves), board.fen())

Bad input raises ``ValueError`` (or a subclass: ``FenError``, ``IllegalMoveError``,
``NotationError``, ``RecordError``, ``GameOverError``, ``DatabaseError``) with the same message
as the ``chuhan`` command line; a wrong type raises ``TypeError``; a missing file ``FileNotFoundError``.
"""

from ._chuhan import *  # noqa: F401,F403
from ._chuhan import __all__, __version__  # noqa: F401
