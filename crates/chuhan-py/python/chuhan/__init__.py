"""chuhan: xiangqi (Chinese chess) and janggi (Korean chess) in Rust, for Python.

Rules, every notation, game records (PGN, XQF, DhtmlXQ, CCBridge), chuhan's own engine and the
game database (``Database``)::

    import chuhan

    board = chuhan.Board()                      # xiangqi; chuhan.Board(variant="janggi")
    board.push_notation("炮二平五")              # any notation chuhan reads
    board.push(chuhan.Move.from_uci("h9g7"))
    print(board.notation("h0g2", "wxf"))        # H2+3: Red's next move, written in WXF
    print(len(board.legal_moves), board.turn == chuhan.RED, board.piece_at(chuhan.E0))

Names follow python-chess: ``RED``/``BLACK`` colours, ``Piece`` objects, square constants
(``E0`` ... ``I9``, ``SQUARES``), ``board.legal_moves`` a container (``"h2e2" in
board.legal_moves``), ``board.outcome().result()``. docs/api.md maps every name onto the Rust
and JavaScript ones.

Bad input raises ``ValueError`` (or a subclass: ``FenError``, ``IllegalMoveError``,
``NotationError``, ``RecordError``, ``GameOverError``, ``DatabaseError``) with the same message
as the ``chuhan`` command line; a wrong type raises ``TypeError``; a missing file ``FileNotFoundError``.
"""

from ._chuhan import *  # noqa: F401,F403
from ._chuhan import __all__ as _native_all
from ._chuhan import __version__  # noqa: F401
from ._types import *  # noqa: F401,F403
from ._types import __all__ as _types_all

__all__ = list(_native_all) + list(_types_all)
