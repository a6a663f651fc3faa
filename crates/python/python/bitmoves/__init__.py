"""bitmoves: fast chess move generation with python-chess's API.

``import bitmoves as chess`` is meant to work for the parts of python-chess
that scripts use most: ``Board``, ``Move``, ``Piece``, the square, piece and
colour constants, the exceptions and ``Outcome``. Beyond python-chess:
``Board.perft``/``Board.divide`` at native speed, and ``encode_planes``,
``encode_bitboards`` and ``encode_state`` for batches of boards into NumPy
arrays (see ``encode_planes.__doc__`` for the plane order), and
``bitmoves.pgn`` (``read_games``, ``read_positions``) for PGN files.
"""

from ._bitmoves import (
    AmbiguousMoveError,
    BaseBoard,
    Board,
    IllegalMoveError,
    InvalidMoveError,
    LegalMoveGenerator,
    Move,
    Outcome,
    Piece,
    PseudoLegalMoveGenerator,
    Termination,
    encode_bitboards,
    encode_planes,
    encode_state,
)

from ._install import install_as_chess

Color = bool
COLORS = [WHITE, BLACK] = [True, False]
COLOR_NAMES = ["black", "white"]

PieceType = int
PIECE_TYPES = [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING] = range(1, 7)
PIECE_SYMBOLS = [None, "p", "n", "b", "r", "q", "k"]
PIECE_NAMES = [None, "pawn", "knight", "bishop", "rook", "queen", "king"]

STARTING_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
STARTING_BOARD_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"

FILE_NAMES = ["a", "b", "c", "d", "e", "f", "g", "h"]
RANK_NAMES = ["1", "2", "3", "4", "5", "6", "7", "8"]

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
] = range(64)  # fmt: skip
SQUARE_NAMES = [f + r for r in RANK_NAMES for f in FILE_NAMES]
SQUARES_180 = [sq ^ 0x38 for sq in SQUARES]

Bitboard = int
BB_EMPTY = 0
BB_ALL = 0xFFFF_FFFF_FFFF_FFFF
BB_SQUARES = [1 << sq for sq in SQUARES]
BB_FILES = [0x0101_0101_0101_0101 << i for i in range(8)]
BB_RANKS = [0xFF << (8 * i) for i in range(8)]


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


__all__ = [name for name in dir() if not name.startswith("_")]
