"""Subclass hooks: a ``Board`` subclass's overrides are called where
python-chess calls them.

python-chess builds its ``Board`` methods on each other through ``self``
(``push_san`` calls ``self.parse_san`` and ``self.push``, ``fen`` calls
``self.epd``, ``is_game_over`` calls ``self.outcome``, ...), and code that
subclasses ``chess.Board`` (bots, python-chess's own ``chess.variant``)
relies on it. bitmoves' methods are native and call nothing through
``self``; so when a subclass is made, ``Board.__init_subclass__``
(``init_subclass``) looks once at which of the hooks below it overrides,
and gives it, for each method that reaches one of them, a Python method
written as python-chess's: the same calls through ``self``, the rest left
to the native method. ``Board`` itself and subclasses that override no
hook keep the native methods (no lookup per call).

The native methods in ``NATIVE`` honour the hooks themselves: the record
``init_subclass`` writes on the class (``_bitmoves_hooks``, name to the
method here) is read by the native method on a subclass (``Board`` is
told apart by one pointer compare), which calls the method here when the
class overrides a hook it reaches; so ``CrazyhouseBoard.push`` calling
``super().push`` reaches its ``_push_capture``. The method here plays the
move with ``Board._push_native`` (never ``self.push``: no recursion). The
other methods go on the subclass itself, where neither it nor an ancestor
defines them (a subclass's own method calling ``super()`` on one of them
reaches the native method, which calls no hook). Each native method in
``NATIVE`` is also ``Board._<name>_native``, without the hooks.
"""

from . import _bitmoves
from ._bitmoves import AmbiguousMoveError, IllegalMoveError, InvalidMoveError, Move
from ._hooks_helpers import METHODS as _HELPERS
from ._hooks_helpers import REACHES as _HELPERS_REACH
from ._hooks_helpers import disambiguated

_Board = _bitmoves.Board
# The extension's own `__init_subclass__` (`legal_moves` of a subclass
# generating its own moves), run first.
_NATIVE_INIT_SUBCLASS = _Board.__dict__["__init_subclass__"]


def push_san(self, san):
    move = self.parse_san(san)
    self.push(move)
    return move


def push_uci(self, uci):
    move = self.parse_uci(uci)
    self.push(move)
    return move


def push_xboard(self, san):
    move = self.parse_san(san)
    self.push(move)
    return move


def parse_xboard(self, xboard):
    return self.parse_san(xboard)


def parse_uci(self, uci):
    move = Move.from_uci(uci)
    if not move:
        return move
    move = self._from_chess960(self.chess960, *self._to_chess960(move))
    if not self.is_legal(move):
        raise IllegalMoveError(f"illegal uci: {uci!r} in {self.fen()}")
    return move


def _to_chess960(self, move):
    """A standard castling move as the king taking its rook."""
    for king, short, long_, rook_short, rook_long in ((4, 6, 2, 7, 0), (60, 62, 58, 63, 56)):
        if move.from_square == king and self.kings & (1 << king):
            if move.to_square == short and not self.rooks & (1 << short):
                return (king, rook_short, None, None)
            if move.to_square == long_ and not self.rooks & (1 << long_):
                return (king, rook_long, None, None)
    return (move.from_square, move.to_square, move.promotion, move.drop)


def parse_san(self, san):
    """python-chess's SAN parse, choosing among ``self.generate_legal_moves()``."""
    import bitmoves as chess

    try:
        if san in ("O-O", "O-O+", "O-O#", "0-0", "0-0+", "0-0#"):
            return next(m for m in self.generate_castling_moves() if self.is_kingside_castling(m))
        if san in ("O-O-O", "O-O-O+", "O-O-O#", "0-0-0", "0-0-0+", "0-0-0#"):
            return next(m for m in self.generate_castling_moves() if self.is_queenside_castling(m))
    except StopIteration:
        raise IllegalMoveError(f"illegal san: {san!r} in {self.fen()}") from None
    if san in ("--", "Z0", "0000", "@@@@"):
        return Move.null()
    if "," in san:
        raise InvalidMoveError(f"unsupported multi-leg move: {san!r}")
    match = chess.SAN_REGEX.match(san)
    if not match:
        if san in ("", "-"):
            raise InvalidMoveError(f"empty san: {san!r}")
        raise InvalidMoveError(f"invalid san: {san!r}")
    to_square = chess.SQUARE_NAMES.index(match.group(4))
    to_mask = 1 << to_square & ~self.occupied_co[self.turn]
    promotion = match.group(5)
    promotion = chess.PIECE_SYMBOLS.index(promotion[-1].lower()) if promotion else None
    from_mask = chess.BB_ALL
    if match.group(2):
        from_mask &= chess.BB_FILES[ord(match.group(2)) - ord("a")]
    if match.group(3):
        from_mask &= chess.BB_RANKS[int(match.group(3)) - 1]
    if match.group(1):
        piece_type = chess.PIECE_SYMBOLS.index(match.group(1).lower())
        from_mask &= self.pieces_mask(piece_type, self.turn)
    elif match.group(2) and match.group(3):
        move = self.find_move(chess.square(ord(match.group(2)) - ord("a"), int(match.group(3)) - 1), to_square)
        if move.promotion == promotion:
            return move
        raise IllegalMoveError(f"missing promotion piece type: {san!r} in {self.fen()}")
    else:
        from_mask &= self.pawns
        if not match.group(2):
            from_mask &= chess.BB_FILES[to_square & 7]
    matched = None
    for move in self.generate_legal_moves(from_mask, to_mask):
        if move.promotion != promotion:
            continue
        if matched:
            raise AmbiguousMoveError(f"ambiguous san: {san!r} in {self.fen()}")
        matched = move
    if not matched:
        raise IllegalMoveError(f"illegal san: {san!r} in {self.fen()}")
    return matched


def _suffixed(self, move, text, pop):
    """python-chess's ``_algebraic_and_push``: ``text`` with ``+`` or ``#``,
    from the position after ``self.push(move)``; ``self.pop()`` after when
    ``pop``."""
    text = text.rstrip("+#")
    self.push(move)
    try:
        is_check = self.is_check()
        is_checkmate = (is_check and self.is_checkmate()) or self.is_variant_loss() or self.is_variant_win()
    finally:
        if pop:
            self.pop()
    if is_checkmate and move:
        return text + "#"
    if is_check and move:
        return text + "+"
    return text


def san(self, move):
    return _suffixed(self, move, disambiguated(self, move, _Board._san_native(self, move)), True)


def lan(self, move):
    return _suffixed(self, move, _Board._lan_native(self, move), True)


def san_and_push(self, move):
    return _suffixed(self, move, disambiguated(self, move, _Board._san_native(self, move)), False)


def variation_san(self, variation):
    board = self.copy(stack=False)
    san = []
    for move in variation:
        if not board.is_legal(move):
            raise IllegalMoveError(f"illegal move {move} in position {board.fen()}")
        if board.turn:
            san.append(f"{board.fullmove_number}. {board.san_and_push(move)}")
        elif not san:
            san.append(f"{board.fullmove_number}...{board.san_and_push(move)}")
        else:
            san.append(board.san_and_push(move))
    return " ".join(san)


def gives_check(self, move):
    self.push(move)
    try:
        return self.is_check()
    finally:
        self.pop()


def fen(self, *, shredder=False, en_passant="legal", promoted=None):
    epd = self.epd(shredder=shredder, en_passant=en_passant, promoted=promoted)
    return f"{epd} {self.halfmove_clock} {self.fullmove_number}"


def shredder_fen(self, *, en_passant="legal", promoted=None):
    epd = self.epd(shredder=True, en_passant=en_passant, promoted=promoted)
    return f"{epd} {self.halfmove_clock} {self.fullmove_number}"


def __repr__(self):
    if self.chess960:
        return f"{type(self).__name__}({self.fen()!r}, chess960=True)"
    return f"{type(self).__name__}({self.fen()!r})"


def __str__(self):
    rows = []
    for rank in range(7, -1, -1):
        row = []
        for file in range(8):
            piece = self.piece_at(rank * 8 + file)
            row.append(piece.symbol() if piece else ".")
        rows.append(" ".join(row))
    return "\n".join(rows)


def is_game_over(self, *, claim_draw=False):
    return self.outcome(claim_draw=claim_draw) is not None


def result(self, *, claim_draw=False):
    outcome = self.outcome(claim_draw=claim_draw)
    return outcome.result() if outcome else "*"


def outcome(self, *, claim_draw=False):
    from ._outcome import Outcome, Termination

    if self.is_variant_loss():
        return Outcome(Termination.VARIANT_LOSS, not self.turn)
    if self.is_variant_win():
        return Outcome(Termination.VARIANT_WIN, self.turn)
    if self.is_variant_draw():
        return Outcome(Termination.VARIANT_DRAW, None)
    if self.is_checkmate():
        return Outcome(Termination.CHECKMATE, not self.turn)
    if self.is_insufficient_material():
        return Outcome(Termination.INSUFFICIENT_MATERIAL, None)
    if not any(self.generate_legal_moves()):
        return Outcome(Termination.STALEMATE, None)
    if self.is_seventyfive_moves():
        return Outcome(Termination.SEVENTYFIVE_MOVES, None)
    if self.is_fivefold_repetition():
        return Outcome(Termination.FIVEFOLD_REPETITION, None)
    if claim_draw:
        if self.can_claim_fifty_moves():
            return Outcome(Termination.FIFTY_MOVES, None)
        if self.can_claim_threefold_repetition():
            return Outcome(Termination.THREEFOLD_REPETITION, None)
    return None


def is_checkmate(self):
    if not self.is_check():
        return False
    return not any(self.generate_legal_moves())


def is_stalemate(self):
    if self.is_check():
        return False
    if self.is_variant_end():
        return False
    return not any(self.generate_legal_moves())


def is_legal(self, move):
    return not self.is_variant_end() and self.is_pseudo_legal(move) and not self.is_into_check(move)


def generate_legal_moves(self, from_mask=0xFFFF_FFFF_FFFF_FFFF, to_mask=0xFFFF_FFFF_FFFF_FFFF):
    if self.is_variant_end():
        return
    yield from _Board._generate_legal_moves_native(self, from_mask, to_mask)


def push(self, move):
    """python-chess's ``push``, telling ``self._push_capture`` of a capture."""
    to_bb = 1 << move.to_square if move else 0
    capture_square = move.to_square
    captured = None
    if move and not move.drop:
        mover = self.piece_type_at(move.from_square)
        if mover == 1 and self.ep_square == move.to_square and not self.occupied & to_bb:
            capture_square = move.to_square + (-8 if self.turn else 8)
        captured = self.piece_type_at(capture_square)
        if captured is not None and self.color_at(capture_square) == self.turn:
            captured = None  # the king taking its own rook: castling
        was_promoted = bool(self.promoted & (1 << capture_square))
    _Board._push_native(self, move)
    if captured is not None:
        # python-chess calls the hook before the turn passes (a pocket
        # takes the capture for `self.turn`), the move otherwise made.
        self.turn = not self.turn
        try:
            self._push_capture(move, capture_square, captured, was_promoted)
        finally:
            self.turn = not self.turn


# Each method given to a subclass: the hooks python-chess reaches from it
# (directly or through the others here). A subclass overriding one of them
# gets the method.
_REACHES = {
    "push_san": ("parse_san", "push"),
    "push_uci": ("parse_uci", "push"),
    "push_xboard": ("parse_san", "push"),
    "parse_xboard": ("parse_san",),
    "parse_uci": ("is_legal", "is_variant_end", "is_pseudo_legal", "is_into_check"),
    "parse_san": ("generate_legal_moves", "is_variant_end"),
    "san": (
        "push", "pop", "is_check", "is_checkmate", "is_variant_loss", "is_variant_win", "generate_legal_moves",
        "is_variant_end",
    ),
    "lan": ("push", "pop", "is_check", "is_checkmate", "is_variant_loss", "is_variant_win"),
    # (and `pop`: the native method asks `self.san`, which is given then)
    "san_and_push": (
        "push", "pop", "is_check", "is_checkmate", "is_variant_loss", "is_variant_win", "generate_legal_moves",
        "is_variant_end",
    ),
    "variation_san": (
        "copy", "is_legal", "san_and_push", "push", "is_check", "is_checkmate", "is_variant_end",
        "generate_legal_moves", "fen",
    ),
    "gives_check": ("push", "pop", "is_check"),
    "fen": ("epd", "board_fen"),
    "shredder_fen": ("epd", "board_fen"),
    "__repr__": ("fen", "epd", "board_fen"),
    "__str__": ("piece_at",),
    "is_game_over": ("outcome",),
    "result": ("outcome",),
    "outcome": (
        "is_variant_loss",
        "is_variant_win",
        "is_variant_draw",
        "is_variant_end",
        "is_checkmate",
        "is_check",
        "is_insufficient_material",
        "has_insufficient_material",
        "generate_legal_moves",
        # (with `claim_draw`: the draw claims' replays)
        "push",
        "pop",
        "is_into_check",
    ),
    "is_checkmate": ("is_check", "generate_legal_moves", "is_variant_end"),
    "is_stalemate": ("is_check", "is_variant_end", "generate_legal_moves"),
    "is_legal": ("is_variant_end", "is_pseudo_legal", "is_into_check"),
    "generate_legal_moves": ("is_variant_end",),
    "push": ("_push_capture",),
}

_REACHES.update(_HELPERS_REACH)

# The methods whose overriding bitmoves honours (python-chess's names).
HOOKS = frozenset(name for reached in _REACHES.values() for name in reached)

_METHODS = {name: globals()[name] for name in _REACHES if name not in _HELPERS}
_METHODS.update(_HELPERS)
_METHODS["_to_chess960"] = _to_chess960
_METHODS["_from_chess960"] = None  # filled below


def _from_chess960(self, chess960, from_square, to_square, promotion=None, drop=None):
    """A king taking its rook as python-chess writes it: the two-square
    king step on a standard board."""
    if not chess960 and promotion is None and drop is None:
        for king, short, long_, rook_short, rook_long in ((4, 6, 2, 7, 0), (60, 62, 58, 63, 56)):
            if from_square == king and self.kings & (1 << king):
                if to_square == rook_short and self.rooks & (1 << rook_short):
                    return Move(king, short)
                if to_square == rook_long and self.rooks & (1 << rook_long):
                    return Move(king, long_)
    return Move(from_square, to_square, promotion, drop)


_METHODS["_from_chess960"] = _from_chess960


def _own(cls):
    """The names ``cls`` and its ancestors up to ``Board`` define
    themselves (not the methods given here)."""
    names = set()
    for klass in cls.__mro__:
        if klass is _Board:
            break
        names.update(name for name, value in vars(klass).items() if _METHODS.get(name) is not value)
    return names


def needed(overridden):
    """The methods a subclass overriding ``overridden`` is given: those
    reaching one of them, and those reaching such a method, to a fixed point."""
    needs = set()
    changed = True
    while changed:
        changed = False
        for method, reached in _REACHES.items():
            if method not in needs and (set(reached) & (overridden | needs)):
                needs.add(method)
                changed = True
    return needs


# The native methods that honour the hooks themselves: each asks the
# class's record (``_bitmoves_hooks``) and calls the method here when its
# hooks are overridden, also when reached through ``super()``.
NATIVE = frozenset(
    {
        "push",
        "push_san",
        "push_uci",
        "parse_san",
        "parse_uci",
        "is_legal",
        "fen",
        "outcome",
        "is_game_over",
        "result",
        "is_checkmate",
        "is_stalemate",
        "san",
        "lan",
        "epd",
        "generate_legal_moves",
    }
)


def init_subclass(cls, **kwargs):
    """``Board.__init_subclass__``: records on ``cls`` the methods its
    hooks need that the native methods hand over to (``NATIVE``), and
    gives it the others where neither it nor an ancestor defines them."""
    _NATIVE_INIT_SUBCLASS.__get__(None, cls)(**kwargs)
    own = _own(cls)
    needs = needed(own & HOOKS)
    cls._bitmoves_hooks = {name: _METHODS[name] for name in needs & NATIVE}
    if "generate_legal_moves" in needs and type(cls.__dict__.get("legal_moves")) is not property:
        # `legal_moves` lists `self.generate_legal_moves()`, hooks and all.
        cls.legal_moves = property(_Board._legal_view, doc="The legal moves, by generate_legal_moves.")
    if not needs - NATIVE:
        return
    for name in (needs - NATIVE | {"_to_chess960", "_from_chess960"}) - own:
        setattr(cls, name, _METHODS[name])
