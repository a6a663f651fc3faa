"""bitmoves: fast chess move generation with python-chess's API.

``import bitmoves as chess`` is meant to work for the parts of python-chess
that scripts use: ``Board``, ``Move``, ``Piece``, ``SquareSet``, the
square, piece and colour constants, the bitboard constants, tables and
functions (``BB_*``, ``lsb``, ``scan_forward``, ``shift_up``, ...), the
exceptions, ``Status``, ``Outcome`` and ``Termination``, all with
python-chess's names and values. Beyond python-chess:
``Board.perft``/``Board.divide`` at native speed, and ``encode_planes``,
``encode_bitboards`` and ``encode_state`` for batches of boards into NumPy
arrays (see ``encode_planes.__doc__`` for the plane order), and
``bitmoves.pgn`` (``read_games``, ``read_positions``) for PGN files.
"""

import enum as _enum
import re as _re
import typing as _typing

from ._bitmoves import (
    __version__,
    AmbiguousMoveError,
    BaseBoard,
    Board,
    IllegalMoveError,
    InvalidMoveError,
    LegalMoveGenerator,
    Move,
    Piece,
    PseudoLegalMoveGenerator,
    SquareSet,
    encode_bitboards,
    encode_planes,
    encode_state,
)

# Squares and bitboards: functions and tables of the extension module,
# made from the core's attack tables.
from ._bitmoves import (
    BB_DIAG_ATTACKS,
    BB_DIAG_MASKS,
    BB_FILE_ATTACKS,
    BB_FILE_MASKS,
    BB_KING_ATTACKS,
    BB_KNIGHT_ATTACKS,
    BB_PAWN_ATTACKS,
    BB_RANK_ATTACKS,
    BB_RANK_MASKS,
    BB_RAYS,
    between,
    flip_anti_diagonal,
    flip_diagonal,
    flip_horizontal,
    flip_vertical,
    lsb,
    msb,
    popcount,
    ray,
    scan_forward,
    scan_reversed,
    shift_2_down,
    shift_2_left,
    shift_2_right,
    shift_2_up,
    shift_down,
    shift_down_left,
    shift_down_right,
    shift_left,
    shift_right,
    shift_up,
    shift_up_left,
    shift_up_right,
    square_distance,
    square_knight_distance,
    square_manhattan_distance,
)

from ._install import install_as_chess
from ._outcome import Outcome, Termination
from . import _hooks

Board.__init_subclass__ = classmethod(_hooks.init_subclass)

Color = bool
COLORS = [WHITE, BLACK] = [True, False]
ColorName = _typing.Literal["black", "white"]
COLOR_NAMES = ["black", "white"]

PieceType = int
PIECE_TYPES = [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING] = list(range(1, 7))
PIECE_SYMBOLS = [None, "p", "n", "b", "r", "q", "k"]
PIECE_NAMES = [None, "pawn", "knight", "bishop", "rook", "queen", "king"]

# The figurine of each piece letter: white pieces are the outlined ones.
UNICODE_PIECE_SYMBOLS = {
    letter: figurine
    for letter, figurine in zip("RrNnBbQqKkPp", "\u2656\u265c\u2658\u265e\u2657\u265d\u2655\u265b\u2654\u265a\u2659\u265f")
}

STARTING_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
STARTING_BOARD_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"

FILE_NAMES = ["a", "b", "c", "d", "e", "f", "g", "h"]
RANK_NAMES = ["1", "2", "3", "4", "5", "6", "7", "8"]

EnPassantSpec = _typing.Literal["legal", "fen", "xfen"]


class Status(_enum.IntFlag):
    """What ``Board.status()`` finds wrong with a position, as flags
    (python-chess's values; ``VALID`` is none)."""

    VALID = 0
    NO_WHITE_KING = 1 << 0
    NO_BLACK_KING = 1 << 1
    TOO_MANY_KINGS = 1 << 2
    TOO_MANY_WHITE_PAWNS = 1 << 3
    TOO_MANY_BLACK_PAWNS = 1 << 4
    PAWNS_ON_BACKRANK = 1 << 5
    TOO_MANY_WHITE_PIECES = 1 << 6
    TOO_MANY_BLACK_PIECES = 1 << 7
    BAD_CASTLING_RIGHTS = 1 << 8
    INVALID_EP_SQUARE = 1 << 9
    OPPOSITE_CHECK = 1 << 10
    EMPTY = 1 << 11
    RACE_CHECK = 1 << 12
    RACE_OVER = 1 << 13
    RACE_MATERIAL = 1 << 14
    TOO_MANY_CHECKERS = 1 << 15
    IMPOSSIBLE_CHECK = 1 << 16


STATUS_VALID = Status.VALID
STATUS_NO_WHITE_KING = Status.NO_WHITE_KING
STATUS_NO_BLACK_KING = Status.NO_BLACK_KING
STATUS_TOO_MANY_KINGS = Status.TOO_MANY_KINGS
STATUS_TOO_MANY_WHITE_PAWNS = Status.TOO_MANY_WHITE_PAWNS
STATUS_TOO_MANY_BLACK_PAWNS = Status.TOO_MANY_BLACK_PAWNS
STATUS_PAWNS_ON_BACKRANK = Status.PAWNS_ON_BACKRANK
STATUS_TOO_MANY_WHITE_PIECES = Status.TOO_MANY_WHITE_PIECES
STATUS_TOO_MANY_BLACK_PIECES = Status.TOO_MANY_BLACK_PIECES
STATUS_BAD_CASTLING_RIGHTS = Status.BAD_CASTLING_RIGHTS
STATUS_INVALID_EP_SQUARE = Status.INVALID_EP_SQUARE
STATUS_OPPOSITE_CHECK = Status.OPPOSITE_CHECK
STATUS_EMPTY = Status.EMPTY
STATUS_RACE_CHECK = Status.RACE_CHECK
STATUS_RACE_OVER = Status.RACE_OVER
STATUS_RACE_MATERIAL = Status.RACE_MATERIAL
STATUS_TOO_MANY_CHECKERS = Status.TOO_MANY_CHECKERS
STATUS_IMPOSSIBLE_CHECK = Status.IMPOSSIBLE_CHECK

Square = int
SQUARES = [
    A1, B1, C1, D1, E1, F1, G1, H1,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A8, B8, C8, D8, E8, F8, G8, H8,
] = list(range(64))  # fmt: skip
SQUARE_NAMES = [f + r for r in RANK_NAMES for f in FILE_NAMES]

Bitboard = int
IntoSquareSet = _typing.Union[_typing.SupportsInt, _typing.Iterable[int]]
BB_EMPTY = 0
BB_ALL = 0xFFFF_FFFF_FFFF_FFFF
BB_SQUARES = [
    BB_A1, BB_B1, BB_C1, BB_D1, BB_E1, BB_F1, BB_G1, BB_H1,
    BB_A2, BB_B2, BB_C2, BB_D2, BB_E2, BB_F2, BB_G2, BB_H2,
    BB_A3, BB_B3, BB_C3, BB_D3, BB_E3, BB_F3, BB_G3, BB_H3,
    BB_A4, BB_B4, BB_C4, BB_D4, BB_E4, BB_F4, BB_G4, BB_H4,
    BB_A5, BB_B5, BB_C5, BB_D5, BB_E5, BB_F5, BB_G5, BB_H5,
    BB_A6, BB_B6, BB_C6, BB_D6, BB_E6, BB_F6, BB_G6, BB_H6,
    BB_A7, BB_B7, BB_C7, BB_D7, BB_E7, BB_F7, BB_G7, BB_H7,
    BB_A8, BB_B8, BB_C8, BB_D8, BB_E8, BB_F8, BB_G8, BB_H8,
] = [1 << sq for sq in SQUARES]  # fmt: skip


def _squares_where(keep):
    """The bitboard of the squares ``keep(file, rank)`` holds for."""
    return sum(BB_SQUARES[sq] for sq in SQUARES if keep(sq & 7, sq >> 3))


BB_FILES = [BB_FILE_A, BB_FILE_B, BB_FILE_C, BB_FILE_D, BB_FILE_E, BB_FILE_F, BB_FILE_G, BB_FILE_H] = [
    _squares_where(lambda f, r, i=i: f == i) for i in range(8)
]
BB_RANKS = [BB_RANK_1, BB_RANK_2, BB_RANK_3, BB_RANK_4, BB_RANK_5, BB_RANK_6, BB_RANK_7, BB_RANK_8] = [
    _squares_where(lambda f, r, i=i: r == i) for i in range(8)
]
BB_LIGHT_SQUARES = _squares_where(lambda f, r: (f + r) % 2 == 1)
BB_DARK_SQUARES = _squares_where(lambda f, r: (f + r) % 2 == 0)
BB_CORNERS = BB_A1 | BB_H1 | BB_A8 | BB_H8
BB_CENTER = BB_D4 | BB_E4 | BB_D5 | BB_E5
BB_BACKRANKS = BB_RANK_1 | BB_RANK_8

# Standard algebraic notation and the castling field of a FEN, as
# python-chess matches them (the same patterns, so the same groups).
SAN_REGEX = _re.compile(r"^([NBKRQ])?([a-h])?([1-8])?[\-x]?([a-h][1-8])(=?[nbrqkNBRQK])?[\+#]?\Z")
FEN_CASTLING_REGEX = _re.compile(r"^(?:-|[KQABCDEFGH]{0,2}[kqabcdefgh]{0,2})\Z")

BaseBoardT = _typing.TypeVar("BaseBoardT", bound="BaseBoard")
BoardT = _typing.TypeVar("BoardT", bound="Board")


def piece_symbol(piece_type: int) -> str:
    """The lowercase letter of a piece type: ``piece_symbol(KNIGHT) == "n"``."""
    return PIECE_SYMBOLS[piece_type]  # type: ignore[return-value]


def piece_name(piece_type: int) -> str:
    """The name of a piece type: ``piece_name(KNIGHT) == "knight"``."""
    return PIECE_NAMES[piece_type]  # type: ignore[return-value]


def parse_square(name: str) -> int:
    """The square of a name: ``parse_square("e4") == E4``; ``ValueError``
    for anything else."""
    try:
        return SQUARE_NAMES.index(name)
    except ValueError:
        raise ValueError(f"invalid square name: {name!r}") from None


def square_name(square: int) -> str:
    """The name of a square: ``square_name(E4) == "e4"``."""
    return SQUARE_NAMES[square]


def square(file_index: int, rank_index: int) -> int:
    """The square on a file (0 = a) and rank (0 = rank 1)."""
    return rank_index * 8 + file_index


def square_file(square: int) -> int:
    """The file index (0 = a) of a square."""
    return square & 7


def square_rank(square: int) -> int:
    """The rank index (0 = rank 1) of a square."""
    return square >> 3


def square_mirror(square: int) -> int:
    """The square mirrored vertically (a1 <-> a8)."""
    return square ^ 0x38


SQUARES_180 = [square_mirror(sq) for sq in SQUARES]

__all__ = [name for name in dir() if not name.startswith("_")]
