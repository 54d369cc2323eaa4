"""Type stubs of the chuhan package (the extension module chuhan._chuhan)."""

import enum
import os
from typing import IO, Dict, Iterator, List, Literal, Optional, Sequence, Tuple, TypedDict, Union, overload

__version__: str
NOTATIONS: List[str]
FORMATIONS: List[str]
VARIANTS: List[str]
RULES: List[str]

Square = Union[int, str]
MoveLike = Union["Move", str]

class Color(str, enum.Enum):
    """A player: RED moves first (Cho in janggi), BLACK second (Han).

    A ``str`` equal to its xiangqi name and to its janggi name (``RED == "red" == "cho"``);
    truthy for the first player, like python-chess's WHITE.
    """

    RED = "red"
    BLACK = "black"
    def other(self) -> "Color": ...
    def name_in(self, variant: str) -> str: ...
    def __invert__(self) -> "Color": ...
    def __bool__(self) -> bool: ...

RED: Color
BLACK: Color
CHO: Color
HAN: Color
COLORS: List[Color]

class Result(str):
    """A PGN result token ("1-0", "0-1", "1/2-1/2"); calling it returns the same string."""

    def __call__(self) -> str: ...

GENERAL: int
ADVISOR: int
ELEPHANT: int
HORSE: int
CHARIOT: int
CANNON: int
SOLDIER: int
PIECE_TYPES: List[int]
PIECE_NAMES: List[Optional[str]]
def piece_name(piece_type: int) -> str: ...

FILE_NAMES: List[str]
RANK_NAMES: List[str]
SQUARES: List[int]
SQUARE_NAMES: List[str]
def square(file_index: int, rank_index: int) -> int: ...
def square_file(sq: int) -> int: ...
def square_rank(sq: int) -> int: ...

# A0 ... I9: the 90 squares, rank * 9 + file.
A0: int
B0: int
C0: int
D0: int
E0: int
F0: int
G0: int
H0: int
I0: int
A1: int
B1: int
C1: int
D1: int
E1: int
F1: int
G1: int
H1: int
I1: int
A2: int
B2: int
C2: int
D2: int
E2: int
F2: int
G2: int
H2: int
I2: int
A3: int
B3: int
C3: int
D3: int
E3: int
F3: int
G3: int
H3: int
I3: int
A4: int
B4: int
C4: int
D4: int
E4: int
F4: int
G4: int
H4: int
I4: int
A5: int
B5: int
C5: int
D5: int
E5: int
F5: int
G5: int
H5: int
I5: int
A6: int
B6: int
C6: int
D6: int
E6: int
F6: int
G6: int
H6: int
I6: int
A7: int
B7: int
C7: int
D7: int
E7: int
F7: int
G7: int
H7: int
I7: int
A8: int
B8: int
C8: int
D8: int
E8: int
F8: int
G8: int
H8: int
I8: int
A9: int
B9: int
C9: int
D9: int
E9: int
F9: int
G9: int
H9: int
I9: int

class Piece:
    """A piece: colour and type. str(piece) and symbol() are the FEN letter; a piece equals it."""

    def __init__(self, piece_type: int, color: Union[Color, str]) -> None: ...
    @staticmethod
    def from_symbol(symbol: str) -> "Piece": ...
    def symbol(self) -> str: ...
    @property
    def color(self) -> Color: ...
    @property
    def piece_type(self) -> int: ...
    @property
    def name(self) -> str: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class LegalMoves(Sequence["Move"]):
    """The legal moves: len, iteration, indexing, and ``in`` for a Move or coordinates."""

    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator["Move"]: ...
    def __contains__(self, item: object) -> bool: ...
    @overload
    def __getitem__(self, index: int) -> "Move": ...
    @overload
    def __getitem__(self, index: slice) -> Sequence["Move"]: ...
    def count(self, move: object) -> int: ...

class FenError(ValueError):
    """A FEN that cannot be read, or a position no game can reach."""

class IllegalMoveError(ValueError):
    """A move that is not legal in the position; the message says why."""

class NotationError(ValueError):
    """Text that reads as no legal move (or as several) in a notation."""

class RecordError(ValueError):
    """A game record that cannot be read or written; the message names file, game and ply."""

class GameOverError(ValueError):
    """A move played in a game that has already ended."""

class DatabaseError(ValueError):
    """A game database that cannot be opened, read or written; the message names it."""

def square_name(square: Square) -> str: ...
def parse_square(name: str) -> int: ...
def notations(variant: str) -> List[str]: ...
def perft(board: "Board", depth: int) -> int: ...

class Move:
    """A move between two squares (ints 0-89, rank * 9 + file; or names such as "h2")."""

    def __init__(self, from_square: Square, to_square: Square) -> None: ...
    @staticmethod
    def from_uci(text: str) -> "Move": ...
    @property
    def from_square(self) -> int: ...
    @property
    def to_square(self) -> int: ...
    def is_pass(self) -> bool: ...
    def uci(self) -> str: ...
    def uci1(self) -> str: ...
    def __hash__(self) -> int: ...
    def __eq__(self, other: object) -> bool: ...
    def __lt__(self, other: "Move") -> bool: ...

class Board:
    """A position with its move stack."""

    def __init__(self, fen: Optional[str] = None, variant: str = "xiangqi", strict: bool = True) -> None: ...
    @staticmethod
    def janggi(cho: str = "inner", han: str = "inner") -> "Board": ...
    @property
    def variant(self) -> str: ...
    @property
    def turn(self) -> Color: ...
    @property
    def halfmove_clock(self) -> int: ...
    @property
    def fullmove_number(self) -> int: ...
    @property
    def legal_moves(self) -> LegalMoves: ...
    @property
    def move_stack(self) -> List[Move]: ...
    def fen(self) -> str: ...
    def legal_move_count(self) -> int: ...
    def is_legal(self, move: MoveLike) -> bool: ...
    def check_move(self, move: MoveLike) -> None: ...
    def push(self, move: MoveLike) -> None: ...
    def push_uci(self, text: str) -> Move: ...
    def push_notation(self, text: str, notation: Optional[str] = None) -> Move: ...
    def parse(self, text: str, notation: Optional[str] = None) -> Move: ...
    def notation(self, move: MoveLike, notation: Optional[str] = None) -> str: ...
    def pop(self) -> Move: ...
    def peek(self) -> Move: ...
    def root(self) -> "Board": ...
    def pass_move(self) -> Move: ...
    def piece_at(self, square: Square) -> Optional[Piece]: ...
    def piece_map(self) -> dict[int, Piece]: ...
    def is_check(self) -> bool: ...
    def is_checkmate(self) -> bool: ...
    def is_stalemate(self) -> bool: ...
    def outcome(self, rules: Optional[str] = None) -> Optional["Outcome"]: ...
    def is_game_over(self, rules: Optional[str] = None) -> bool: ...
    def perft(self, depth: int) -> int: ...
    def copy(self) -> "Board": ...
    def svg(self, *, flipped: bool = False, lastmove: Optional[MoveLike] = None, size: Optional[int] = None) -> str: ...
    def _repr_svg_(self) -> str: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Outcome:
    """How a game ended: the PGN result, why (a code and a sentence), the rule set that ruled."""

    @property
    def result(self) -> Result:
        """"1-0", "0-1" or "1/2-1/2"; also callable (python-chess's outcome.result())."""
    @property
    def winner(self) -> Optional[Color]: ...
    @property
    def termination(self) -> str:
        """The code: "checkmate", "perpetual-check", "repetition", "move-limit", ... (docs/api.md)."""
    @property
    def description(self) -> str:
        """The sentence: "Red wins: Black is checkmated"."""
    @property
    def verdict(self) -> str:
        """"red wins", "black wins", "cho wins", "han wins" or "draw"."""
    @property
    def rules(self) -> str: ...
    @property
    def ply(self) -> int: ...
    @property
    def points(self) -> Optional[Tuple[float, float]]: ...
    @property
    def reason(self) -> str:
        """Deprecated (DeprecationWarning): the sentence, now ``description``."""

class Game:
    """A game under a rule set, judged after every move."""

    def __init__(
        self,
        board: Optional[Board] = None,
        *,
        variant: str = "xiangqi",
        rules: Optional[str] = None,
        move_limit: Optional[int] = -1,
        repetitions: int = 3,
    ) -> None: ...
    @property
    def variant(self) -> str: ...
    @property
    def rules(self) -> str: ...
    @property
    def board(self) -> Board: ...
    @property
    def moves(self) -> List[Move]: ...
    @property
    def ply(self) -> int: ...
    @property
    def outcome(self) -> Optional[Outcome]: ...
    @property
    def legal_moves(self) -> LegalMoves: ...
    def is_over(self) -> bool: ...
    def push(self, move: MoveLike) -> Optional[Outcome]: ...
    def push_notation(self, text: str, notation: Optional[str] = None) -> Optional[Outcome]: ...
    def resign(self, side: str) -> None: ...
    def agree_draw(self) -> None: ...
    def lose_on_time(self, side: str) -> None: ...
    def copy(self) -> "Game": ...

class Node:
    """One move of a line, with its comment, NAGs and variations."""

    def __init__(
        self,
        move: MoveLike,
        comment: Optional[str] = None,
        nags: Sequence[int] = (),
        variations: Sequence["Line"] = (),
    ) -> None: ...
    @property
    def move(self) -> Move: ...
    @property
    def comment(self) -> Optional[str]: ...
    @property
    def nags(self) -> List[int]: ...
    @property
    def variations(self) -> List["Line"]: ...

class Line:
    """Moves from one position, with a comment before the first."""

    def __init__(self, nodes: Sequence[Union[Node, MoveLike]] = (), comment: Optional[str] = None) -> None: ...
    @property
    def comment(self) -> Optional[str]: ...
    @property
    def nodes(self) -> List[Node]: ...
    @property
    def moves(self) -> List[Move]: ...
    def __len__(self) -> int: ...

class Record:
    """A game record: headers, start, the move tree, the result."""

    def __init__(
        self,
        board: Optional[Board] = None,
        *,
        variant: str = "xiangqi",
        headers: Optional[dict[str, str]] = None,
        result: str = "*",
    ) -> None: ...
    @property
    def variant(self) -> str: ...
    @property
    def headers(self) -> dict[str, str]: ...
    @headers.setter
    def headers(self, value: dict[str, str]) -> None: ...
    @property
    def start_fen(self) -> str: ...
    @property
    def result(self) -> str: ...
    @result.setter
    def result(self, value: str) -> None: ...
    @property
    def main(self) -> Line: ...
    @main.setter
    def main(self, value: Line) -> None: ...
    def mainline_moves(self) -> List[Move]: ...
    def board(self) -> Board: ...
    def end(self) -> Board: ...
    def node_count(self) -> int: ...
    def pgn(self, notation: Optional[str] = None) -> str: ...

class GameReader(Iterator[Record]):
    def __iter__(self) -> "GameReader": ...
    def __next__(self) -> Record: ...

Source = Union[str, "os.PathLike[str]", IO[bytes], IO[str]]

def read_games(source: Source, *, format: Optional[str] = None, errors: Literal["raise", "skip"] = "raise") -> GameReader: ...
def read_game(source: Source, *, format: Optional[str] = None) -> Optional[Record]: ...
def write_pgn(record: Record, notation: Optional[str] = None) -> str: ...
def write_xqf(record: Record) -> bytes: ...
def write_dhtmlxq(record: Record) -> str: ...

class Score:
    """A score for the side to move."""

    @property
    def cp(self) -> Optional[int]: ...
    @property
    def mate(self) -> Optional[int]: ...
    def is_mate(self) -> bool: ...
    def uci(self) -> str: ...
    def __lt__(self, other: "Score") -> bool: ...
    def __le__(self, other: "Score") -> bool: ...

class Analysis:
    """One line of an analysis."""

    score: Score
    pv: List[Move]
    depth: int
    seldepth: int
    nodes: int
    """Nodes the whole search visited (all threads, an iteration cut short included)."""
    time: float
    """Seconds the whole search took."""
    multipv: int

class Engine:
    """chuhan's engine, in-process; analyse releases the GIL."""

    def __init__(self, *, hash: int = 16, threads: int = 1, network: bool = True) -> None: ...
    @overload
    def analyse(
        self,
        board: Board,
        *,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
        time: Optional[float] = None,
        multipv: None = None,
        rules: Optional[str] = None,
    ) -> Analysis: ...
    @overload
    def analyse(
        self,
        board: Board,
        *,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
        time: Optional[float] = None,
        multipv: int,
        rules: Optional[str] = None,
    ) -> List[Analysis]: ...
    def stop(self) -> None: ...
    def new_game(self) -> None: ...

class MoveReview:
    """One move of a reviewed game."""

    ply: int
    """Its ply, from 1."""
    side: str
    """Who played it: "red", "black", "cho" or "han"."""
    move: Move
    mark: Optional[Literal["??", "?", "?!"]]
    best: Optional[Move]
    """The engine's best move in the position before it."""
    line: List[Move]
    """The engine's line from the position before it, best move first."""
    loss: float
    """The mover's win probability it gave away (0-1); 0 for a forced move or the engine's own."""
    accuracy: float
    win_before: float
    win_after: float
    before: Score
    after: Score
    forced: bool
    reason: Optional[str]
    """The ruling, for a move into a repetition the rules forbid."""

class SideReview:
    """One side's play over a reviewed game."""

    moves: int
    accuracy: Optional[float]
    average_loss: float
    blunders: int
    mistakes: int
    inaccuracies: int

class Review:
    """A reviewed game: every move, and each side's summary by its name."""

    variant: str
    moves: List[MoveReview]
    outcome: Optional[str]
    @property
    def sides(self) -> Dict[str, SideReview]: ...
    @property
    def accuracy(self) -> Dict[str, Optional[float]]: ...
    def __len__(self) -> int: ...

def review(
    game: Union[Record, Board],
    *,
    depth: Optional[int] = None,
    nodes: Optional[int] = None,
    movetime: Optional[int] = None,
    threads: int = 1,
    rules: Optional[str] = None,
    network: bool = True,
) -> Review:
    """Reviews a game's moves with chuhan's engine (movetime in milliseconds a position;
    20,000 nodes a position when no limit is given); releases the GIL."""
    ...

__all__: List[str]

Lang = Literal["traditional", "simplified", "english"]
PathLike = Union[str, "os.PathLike[str]"]

class BadGame(TypedDict):
    file: str
    game: Optional[int]
    ply: Optional[int]
    reason: str
    message: str

class ImportReport(TypedDict):
    files: int
    files_already_done: int
    games_read: int
    games_resumed_past: int
    imported: int
    duplicates: int
    positions: int
    errors: List[BadGame]
    stopped: bool
    promoted: int

class MoveStats(TypedDict):
    move: str
    games: int
    wins: int
    draws: int
    losses: int
    unknown: int
    score: Optional[float]
    draw_rate: Optional[float]
    last_year: Optional[int]

class _GameSummary(TypedDict):
    id: int
    red: str
    black: str
    event: str
    date: str
    result: str
    plies: int
    opening: Optional[str]

class GameSummary(_GameSummary, total=False):
    next: str

class Explorer(TypedDict):
    games: int
    moves: List[MoveStats]
    opening: Optional[str]
    top_games: List[GameSummary]

class Stats(TypedDict):
    games: int
    xiangqi: int
    janggi: int
    results: List[int]
    positions: int
    players: int
    years: Optional[Tuple[int, int]]
    openings: List[Tuple[str, int]]
    bytes: int
    bytes_per_position: Optional[float]
    fold: str

class Database:
    """A game database (SQLite file or PostgreSQL URL): import, explore, search, export, stats."""

    def __init__(self, target: PathLike, fold_colours: bool = False, *, create: bool = True) -> None: ...
    @property
    def path(self) -> str: ...
    @property
    def backend(self) -> str: ...
    @property
    def fold(self) -> str: ...
    def import_files(self, paths: Sequence[PathLike], *, batch: int = 5000) -> ImportReport: ...
    def explore(
        self,
        board: Optional[Board] = None,
        *,
        fen: Optional[str] = None,
        moves: Optional[Sequence[str]] = None,
        variant: str = "xiangqi",
        top: int = 5,
        lang: Lang = "traditional",
    ) -> Explorer: ...
    def search(
        self,
        board: Optional[Board] = None,
        *,
        player: Optional[str] = None,
        red: Optional[str] = None,
        black: Optional[str] = None,
        event: Optional[str] = None,
        date_from: Optional[str] = None,
        date_to: Optional[str] = None,
        result: Optional[str] = None,
        opening: Optional[str] = None,
        fen: Optional[str] = None,
        moves: Optional[Sequence[str]] = None,
        variant: str = "xiangqi",
        material: Optional[str] = None,
        game_variant: Optional[str] = None,
        limit: int = 100,
        lang: Lang = "traditional",
    ) -> List[GameSummary]: ...
    def game(self, id: int, *, lang: Lang = "traditional") -> Optional[Record]: ...
    def export(
        self,
        board: Optional[Board] = None,
        *,
        player: Optional[str] = None,
        red: Optional[str] = None,
        black: Optional[str] = None,
        event: Optional[str] = None,
        date_from: Optional[str] = None,
        date_to: Optional[str] = None,
        result: Optional[str] = None,
        opening: Optional[str] = None,
        fen: Optional[str] = None,
        moves: Optional[Sequence[str]] = None,
        variant: str = "xiangqi",
        material: Optional[str] = None,
        game_variant: Optional[str] = None,
        limit: int = 100,
        lang: Lang = "traditional",
        notation: str = "chinese",
    ) -> str: ...
    def stats(self, *, openings: int = 10, lang: Lang = "traditional") -> Stats: ...

def opening_name(board: Board, lang: Lang = "traditional") -> Optional[str]: ...
