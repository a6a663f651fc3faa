"""Subclass hooks, the second half: the methods python-chess builds on its
own helpers (``board_fen`` reading ``piece_at``, the en passant test
asking ``is_variant_end`` and ``is_into_check``, the draw claims replaying
moves through ``push`` and ``pop``, SAN's disambiguation listing
``generate_legal_moves``), which bitmoves answers natively. ``_hooks``
gives them to a subclass that overrides a hook they reach, as it gives its
own; each calls through ``self`` where python-chess does, and leaves the
rest (formatting, legality checks and their errors) to the native method.
"""

import itertools

from ._bitmoves import Board as _Board
from ._bitmoves import IllegalMoveError

_ALL = 0xFFFF_FFFF_FFFF_FFFF
_BACK_RANKS = 0xFF00_0000_0000_00FF
_SQUARE_NAMES = [f + r for r in "12345678" for f in "abcdefgh"]


def _replica(self):
    """An empty ``Board`` holding the pieces ``self.piece_at`` names, one
    call a square (as python-chess's ``board_fen`` and ``unicode`` make),
    and ``self``'s promoted mask: the native writers then format it."""
    replica = _Board.empty()
    for square in range(64):
        piece = self.piece_at(square)
        if piece is not None:
            replica.set_piece_at(square, piece, promoted=bool(self.promoted & (1 << square)))
    return replica


def board_fen(self, *, promoted=False):
    return _Board.board_fen(_replica(self), promoted=promoted)


def unicode(self, *, invert_color=False, borders=False, empty_square="⭘", orientation=True):
    return _Board.unicode(
        _replica(self), invert_color=invert_color, borders=borders, empty_square=empty_square, orientation=orientation
    )


def piece_map(self, *, mask=_ALL):
    pieces = {}
    squares = self.occupied & mask
    while squares:
        square = squares.bit_length() - 1
        squares ^= 1 << square
        pieces[square] = self.piece_at(square)
    return pieces


def generate_legal_ep(self, from_mask=_ALL, to_mask=_ALL):
    if self.is_variant_end():
        return
    for move in self.generate_pseudo_legal_ep(from_mask, to_mask):
        if not self.is_into_check(move):
            yield move


def has_legal_en_passant(self):
    return self.ep_square is not None and any(self.generate_legal_ep())


def epd(self, *, shredder=False, en_passant="legal", promoted=None, **operations):
    """The native EPD, its placement from ``self.board_fen`` and its en
    passant square from ``self.has_legal_en_passant`` (or
    ``has_pseudo_legal_en_passant``), as python-chess writes them."""
    fields = _Board._epd_native(self, shredder=shredder, en_passant="fen", promoted=promoted, **operations).split(" ", 4)
    fields[0] = self.board_fen(promoted=promoted)
    if en_passant == "fen":
        ep_square = self.ep_square
    elif en_passant == "xfen":
        ep_square = self.ep_square if self.has_pseudo_legal_en_passant() else None
    else:
        ep_square = self.ep_square if self.has_legal_en_passant() else None
    fields[3] = "-" if ep_square is None else _SQUARE_NAMES[ep_square]
    return " ".join(fields)


def _reduces_castling_rights(self, move):
    rights = self.clean_castling_rights()
    touched = (1 << move.from_square) ^ (1 << move.to_square)
    kings = touched & self.kings & ~self.promoted
    return bool(
        touched & rights
        or (rights & 0xFF and kings & self.occupied_co[True])
        or (rights & 0xFF << 56 and kings & self.occupied_co[False])
    )


def is_irreversible(self, move):
    return self.is_zeroing(move) or _reduces_castling_rights(self, move) or self.has_legal_en_passant()


def _transposition_key(self):
    return (
        self.pawns, self.knights, self.bishops, self.rooks, self.queens, self.kings,
        self.occupied_co[True], self.occupied_co[False], self.turn, self.clean_castling_rights(),
        self.ep_square if self.has_legal_en_passant() else None,
    )


def can_claim_threefold_repetition(self):
    """The position's count over the moves back to the last irreversible
    one (popped and pushed again through ``self``), then each legal move
    tried: python-chess's replay."""
    key = _transposition_key(self)
    seen = {key: 1}
    undone = []
    while self.move_stack:
        move = self.pop()
        undone.append(move)
        if self.is_irreversible(move):
            break
        earlier = _transposition_key(self)
        seen[earlier] = seen.get(earlier, 0) + 1
    while undone:
        self.push(undone.pop())
    if seen[key] >= 3:
        return True
    for move in self.generate_legal_moves():
        self.push(move)
        try:
            if seen.get(_transposition_key(self), 0) >= 2:
                return True
        finally:
            self.pop()
    return False


def can_claim_fifty_moves(self):
    if self.is_fifty_moves():
        return True
    if self.halfmove_clock >= 99:
        for move in self.generate_legal_moves():
            if not self.is_zeroing(move):
                self.push(move)
                try:
                    if self.is_fifty_moves():
                        return True
                finally:
                    self.pop()
    return False


def can_claim_draw(self):
    return self.can_claim_fifty_moves() or self.can_claim_threefold_repetition()


def generate_castling_moves(self, from_mask=_ALL, to_mask=_ALL):
    if self.is_variant_end():
        return
    yield from _Board.generate_castling_moves(self, from_mask, to_mask)


def is_pseudo_legal(self, move):
    """The native answer, but a king's move asks ``self.generate_castling_moves``
    first, as python-chess does (a variant's end ends castling)."""
    if (
        move
        and not move.drop
        and not move.promotion
        and self.kings & self.occupied_co[self.turn] & (1 << move.from_square)
    ):
        if self._from_chess960(self.chess960, move.from_square, move.to_square) in self.generate_castling_moves():
            return True
        to_bb = 1 << move.to_square
        return not self.occupied_co[self.turn] & to_bb and bool(self.attacks_mask(move.from_square) & to_bb)
    return _Board.is_pseudo_legal(self, move)


def generate_legal_captures(self, from_mask=_ALL, to_mask=_ALL):
    # Both generators made at once (their hooks are asked as they run).
    return itertools.chain(
        self.generate_legal_moves(from_mask, to_mask & self.occupied_co[not self.turn]),
        self.generate_legal_ep(from_mask, to_mask),
    )


def mirror(self):
    board = self.copy()
    board.apply_mirror()
    return board


def root(self):
    if self.move_stack:
        return _Board.root(self)
    return self.copy(stack=False)


def find_move(self, from_square, to_square, promotion=None):
    if not (0 <= from_square < 64 and 0 <= to_square < 64):
        return _Board.find_move(self, from_square, to_square, promotion)
    if promotion is None and self.pawns & (1 << from_square) and (1 << to_square) & _BACK_RANKS:
        promotion = 5
    move = self._from_chess960(self.chess960, from_square, to_square, promotion)
    if not self.is_legal(move):
        raise IllegalMoveError(
            f"no matching legal move for {move.uci()} "
            f"({_SQUARE_NAMES[from_square]} -> {_SQUARE_NAMES[to_square]}) in {self.fen()}"
        )
    return move


def disambiguated(self, move, text):
    """``text``, the native SAN of the legal ``move``, with the file or
    rank that tells it from the other moves ``self.generate_legal_moves``
    gives of the same piece type to the same square, as python-chess
    writes it."""
    if not move or move.drop or text.startswith("O-O"):
        return text
    piece_type = self.piece_type_at(move.from_square)
    if piece_type in (None, 1):
        return text
    mask = self.pieces_mask(piece_type, self.turn) & ~(1 << move.from_square)
    others = 0
    for candidate in self.generate_legal_moves(mask, 1 << move.to_square):
        others |= 1 << candidate.from_square
    name = _SQUARE_NAMES[move.from_square]
    row = others & (0x0101_0101_0101_0101 << (move.from_square & 7))
    column = others and (others & (0xFF << (move.from_square & 56)) or not row)
    bare = text.rstrip("+#")
    target = bare[-3:] if bare[-3] == "x" else bare[-2:]
    return text[0] + (name[0] if column else "") + (name[1] if row else "") + target


# Each method: the hooks python-chess reaches from it, through its own
# helpers too (``_hooks`` gives a subclass overriding one of them the
# method).
REACHES = {
    "board_fen": ("piece_at",),
    "unicode": ("piece_at",),
    "piece_map": ("piece_at",),
    "generate_legal_ep": ("is_variant_end", "is_into_check"),
    "has_legal_en_passant": ("is_variant_end", "is_into_check"),
    "epd": ("board_fen", "piece_at", "is_variant_end", "is_into_check"),
    "is_irreversible": ("is_variant_end", "is_into_check"),
    "can_claim_threefold_repetition": ("push", "pop", "generate_legal_moves", "is_variant_end", "is_into_check"),
    "can_claim_fifty_moves": ("push", "pop", "generate_legal_moves"),
    "can_claim_draw": ("push", "pop", "generate_legal_moves", "is_variant_end", "is_into_check"),
    "generate_castling_moves": ("is_variant_end",),
    "is_pseudo_legal": ("is_variant_end",),
    "generate_legal_captures": ("generate_legal_moves", "is_variant_end", "is_into_check"),
    "mirror": ("copy",),
    "root": ("copy",),
    "find_move": ("is_legal", "fen"),
}

METHODS = {name: globals()[name] for name in REACHES}
