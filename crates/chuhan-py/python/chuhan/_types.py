"""The plain-Python values of the chuhan package: colours, piece types, squares, results.

They are Python classes (not Rust ones) because they subclass ``str`` and ``enum.Enum``, which a
compiled class cannot; the extension module hands them out by importing this module.
"""

import enum

__all__ = [
    "Color",
    "RED",
    "BLACK",
    "CHO",
    "HAN",
    "COLORS",
    "Result",
    "PIECE_TYPES",
    "PIECE_NAMES",
    "GENERAL",
    "ADVISOR",
    "ELEPHANT",
    "HORSE",
    "CHARIOT",
    "CANNON",
    "SOLDIER",
    "piece_name",
    "FILE_NAMES",
    "RANK_NAMES",
    "SQUARES",
    "SQUARE_NAMES",
    "square",
    "square_file",
    "square_rank",
]

_JANGGI_NAMES = {"red": "cho", "black": "han"}


class Color(str, enum.Enum):
    """A player: ``RED`` moves first, ``BLACK`` second.

    In janggi the same two values are Cho (``CHO is RED``) and Han (``HAN is BLACK``): a colour
    is the player, named as each game names it (``color.name_in("janggi") == "cho"``).

    A colour is a ``str`` equal to its xiangqi name (``RED == "red"``), and also to its janggi
    name (``RED == "cho"``), so code that compared ``board.turn`` with those strings keeps
    working. Like python-chess's ``WHITE``/``BLACK`` (``True``/``False``), the first player is
    truthy and the second falsy: ``if board.turn:`` means Red (Cho) to move. ``~color`` and
    ``color.other()`` give the opponent.
    """

    RED = "red"
    BLACK = "black"

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return "chuhan." + self.name

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)

    def __bool__(self) -> bool:
        return self is Color.RED

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Color):
            return self is other
        if isinstance(other, str):
            return other == self.value or other == _JANGGI_NAMES[self.value]
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self) -> int:
        return hash(self.value)

    def __invert__(self) -> "Color":
        return self.other()

    def other(self) -> "Color":
        """The opponent."""
        return Color.BLACK if self is Color.RED else Color.RED

    def name_in(self, variant: str) -> str:
        """The player's name in ``variant``: ``red``/``black`` (xiangqi), ``cho``/``han`` (janggi)."""
        if variant == "janggi":
            return _JANGGI_NAMES[self.value]
        if variant == "xiangqi":
            return self.value
        raise ValueError(f"unknown variant {variant!r}: expected xiangqi or janggi")


RED = Color.RED
BLACK = Color.BLACK
CHO = Color.RED
HAN = Color.BLACK
COLORS = [RED, BLACK]


class Result(str):
    """A PGN result token (``"1-0"``, ``"0-1"``, ``"1/2-1/2"``) that can also be called.

    ``Outcome.result`` is one: it equals the string (``outcome.result == "1-0"``) and, for
    python-chess users who write ``outcome.result()``, calling it returns the same string.
    """

    __slots__ = ()

    def __call__(self) -> str:
        return str.__str__(self)

    def __repr__(self) -> str:
        return str.__repr__(self)


# Piece types: ints like python-chess's (PAWN = 1 ... KING = 6), in the order of chuhan's roles.
GENERAL, ADVISOR, ELEPHANT, HORSE, CHARIOT, CANNON, SOLDIER = range(1, 8)
PIECE_TYPES = [GENERAL, ADVISOR, ELEPHANT, HORSE, CHARIOT, CANNON, SOLDIER]
PIECE_NAMES = [None, "general", "advisor", "elephant", "horse", "chariot", "cannon", "soldier"]


def piece_name(piece_type: int) -> str:
    """The name of a piece type: ``piece_name(CHARIOT) == "chariot"``."""
    if not isinstance(piece_type, int) or not 1 <= piece_type <= 7:
        raise ValueError(f"piece type {piece_type!r}: expected 1 (GENERAL) to 7 (SOLDIER)")
    return PIECE_NAMES[piece_type]


# Squares: ints 0-89, rank * 9 + file (a0 = 0, i9 = 89), named by file a-i and rank 0-9 from the
# first player's side. A0 ... I9 are defined below, like python-chess's A1 ... H8.
FILE_NAMES = ["a", "b", "c", "d", "e", "f", "g", "h", "i"]
RANK_NAMES = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]
SQUARES = list(range(90))
SQUARE_NAMES = [f + r for r in RANK_NAMES for f in FILE_NAMES]


def square(file_index: int, rank_index: int) -> int:
    """The square of a file (0-8, a-i) and rank (0-9): ``square(4, 0) == E0``."""
    if not (0 <= file_index < 9 and 0 <= rank_index < 10):
        raise ValueError(f"file {file_index}, rank {rank_index}: expected files 0-8 and ranks 0-9")
    return rank_index * 9 + file_index


def square_file(sq: int) -> int:
    """The file (0-8) of a square."""
    return sq % 9


def square_rank(sq: int) -> int:
    """The rank (0-9) of a square."""
    return sq // 9


for _i, _name in enumerate(SQUARE_NAMES):
    globals()[_name.upper()] = _i
    __all__.append(_name.upper())
del _i, _name
