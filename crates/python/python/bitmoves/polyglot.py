"""Polyglot opening books, with python-chess's ``chess.polyglot`` API.

After ``bitmoves.install_as_chess()`` this module is ``chess.polyglot``.
``open_reader(path)`` maps a book; its ``find_all``, ``find``, ``get``,
``choice`` and ``weighted_choice`` take a board (its Zobrist key is looked
up and its entries come back as legal moves of that board, castling in the
board's convention) or a key as an int. The search, the moves and the keys
are computed in Rust (``bitmoves._bitmoves.polyglot``).

>>> import bitmoves, bitmoves.polyglot
>>> hex(bitmoves.polyglot.zobrist_hash(bitmoves.Board()))
'0x463b96181691fc9c'
"""

from ._bitmoves import Board as _Board
from ._bitmoves import polyglot as _polyglot

Entry = _polyglot.Entry
MemoryMappedReader = _polyglot.MemoryMappedReader
POLYGLOT_RANDOM_ARRAY = _polyglot.POLYGLOT_RANDOM_ARRAY


class ZobristHasher:
    """Zobrist hashing with a table of at least 781 random ints laid out as
    ``POLYGLOT_RANDOM_ARRAY``: 768 for the pieces (``64 * (2 * (piece_type
    - 1) + colour) + square``, black 0), 4 castling rights, 8 en passant
    files, 1 for white to move. Calling it on a board gives the key."""

    def __init__(self, array):
        if len(array) < 781:
            raise ValueError(f"a Zobrist table needs 781 ints, got {len(array)}")
        self.array = array

    def hash_board(self, board):
        """The pieces' part of the key."""
        key = 0
        for square, piece in board.piece_map().items():
            key ^= self.array[64 * (2 * (piece.piece_type - 1) + int(piece.color)) + square]
        return key

    def hash_castling(self, board):
        """The castling rights' part of the key."""
        key = 0
        for offset, (color, kingside) in enumerate(((True, True), (True, False), (False, True), (False, False))):
            rights = (board.has_kingside_castling_rights if kingside else board.has_queenside_castling_rights)(color)
            if rights:
                key ^= self.array[768 + offset]
        return key

    def hash_ep_square(self, board):
        """The en passant part: the file, when a pawn of the side to move
        stands beside the pawn that just moved (legal capture or not)."""
        ep = board.ep_square
        if not ep:
            return 0
        behind = ep - 8 if board.turn else ep + 8
        if not 0 <= behind < 64:
            return 0
        file = behind & 7
        beside = [behind + d for d, ok in ((-1, file > 0), (1, file < 7)) if ok]
        ours = board.pieces_mask(1, board.turn)
        if any(ours >> square & 1 for square in beside):
            return self.array[772 + (ep & 7)]
        return 0

    def hash_turn(self, board):
        """The side to move's part of the key."""
        return self.array[780] if board.turn else 0

    def __call__(self, board):
        return self.hash_board(board) ^ self.hash_castling(board) ^ self.hash_ep_square(board) ^ self.hash_turn(board)


def zobrist_hash(board, *, _hasher=None):
    """The Polyglot Zobrist key of the position (computed in Rust for a
    bitmoves board; with ``ZobristHasher`` for other boards, or with
    ``_hasher`` when given)."""
    if _hasher is not None:
        return _hasher(board)
    if isinstance(board, _Board):
        return board.zobrist_hash()
    return ZobristHasher(POLYGLOT_RANDOM_ARRAY)(board)


def open_reader(path):
    """Opens the book at ``path`` (``MemoryMappedReader(path)``): a missing
    file is ``FileNotFoundError``, a length not a multiple of 16 bytes
    ``OSError``."""
    return MemoryMappedReader(path)


__all__ = [
    "Entry",
    "MemoryMappedReader",
    "POLYGLOT_RANDOM_ARRAY",
    "ZobristHasher",
    "open_reader",
    "zobrist_hash",
]
