"""``bitmoves.variant``: python-chess's ``chess.variant`` on the core's rules.

The board classes of python-chess 1.11.2's ``chess.variant``, with its
names, aliases, ``uci_variant``, ``starting_fen`` and Syzygy suffixes:
``SuicideBoard``, ``GiveawayBoard``, ``AntichessBoard``, ``AtomicBoard``,
``KingOfTheHillBoard``, ``RacingKingsBoard``, ``HordeBoard``,
``ThreeCheckBoard`` and ``CrazyhouseBoard`` (with ``CrazyhousePocket``),
``VARIANTS`` and ``find_variant``. Each is a subclass of ``bitmoves.Board``
that only names its variant: the native board reads the class's
``_bitmoves_variant`` (its ``uci_variant``) when it is made and plays every move, SAN, FEN and game end
by the core's variant engine (``bitmoves::variant``). ``install_as_chess()``
makes this module ``chess.variant``.

>>> from bitmoves.variant import AtomicBoard
>>> board = AtomicBoard("rnbqkb1r/pp2pppp/2p2n2/3p4/2PP4/2N2N2/PP2PPPP/R1BQKB1R b KQkq - 3 4")
>>> board.push_san("dxc4")
Move.from_uci('d5c4')
>>> board.fen()
'rnbqkb1r/pp2pppp/2p2n2/8/3P4/5N2/PP2PPPP/R1BQKB1R w KQkq - 0 5'
"""

from ._bitmoves import Board, SquareSet

_PIECE_SYMBOLS = [None, "p", "n", "b", "r", "q", "k"]
_STARTING_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def _init_from(starting_fen):
    """A variant board's ``__init__``: python-chess's signature, the
    variant's start position by default."""

    def __init__(self, fen=starting_fen, chess960=False):
        Board.__init__(self, fen, chess960=chess960)

    return __init__


class SuicideBoard(Board):
    """Antichess as python-chess's ``SuicideBoard`` plays it: captures are
    compulsory, the king is an ordinary piece, losing every piece wins; a
    stalemated side wins with fewer pieces, loses with more."""

    aliases = ["Suicide", "Suicide chess"]
    uci_variant = "suicide"
    _bitmoves_variant = "suicide"
    xboard_variant = "suicide"
    __init__ = _init_from(_STARTING_FEN)

    tbw_suffix = ".stbw"
    tbz_suffix = ".stbz"
    tbw_magic = b"\x7b\xf6\x93\x15"
    tbz_magic = b"\xe4\xcf\xe7\x23"
    pawnless_tbw_suffix = ".gtbw"
    pawnless_tbz_suffix = ".gtbz"
    pawnless_tbw_magic = b"\xbc\x55\xbc\x21"
    pawnless_tbz_magic = b"\xd6\xf5\x1b\x50"
    connected_kings = True
    one_king = False
    captures_compulsory = True


class GiveawayBoard(SuicideBoard):
    """Antichess as python-chess's ``GiveawayBoard`` plays it: a stalemated
    side wins."""

    aliases = ["Giveaway", "Giveaway chess", "Give away", "Give away chess"]
    uci_variant = "giveaway"
    _bitmoves_variant = "giveaway"
    xboard_variant = "giveaway"

    tbw_suffix = ".gtbw"
    tbz_suffix = ".gtbz"
    tbw_magic = b"\xbc\x55\xbc\x21"
    tbz_magic = b"\xd6\xf5\x1b\x50"
    pawnless_tbw_suffix = ".stbw"
    pawnless_tbz_suffix = ".stbz"
    pawnless_tbw_magic = b"\x7b\xf6\x93\x15"
    pawnless_tbz_magic = b"\xe4\xcf\xe7\x23"


class AntichessBoard(GiveawayBoard):
    """Lichess's Antichess: Giveaway's rules, no castling rights at the
    start."""

    aliases = ["Antichess", "Anti chess", "Anti"]
    uci_variant = "antichess"
    _bitmoves_variant = "antichess"
    starting_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
    __init__ = _init_from(starting_fen)


class AtomicBoard(Board):
    """Atomic: a capture explodes the capturer and every piece but pawns
    next to the square; exploding the enemy king wins."""

    aliases = ["Atomic", "Atom", "Atomic chess"]
    uci_variant = "atomic"
    _bitmoves_variant = "atomic"
    xboard_variant = "atomic"
    __init__ = _init_from(_STARTING_FEN)

    tbw_suffix = ".atbw"
    tbz_suffix = ".atbz"
    tbw_magic = b"\x55\x8d\xa4\x49"
    tbz_magic = b"\x91\xa9\x5e\xeb"
    connected_kings = True


class KingOfTheHillBoard(Board):
    """King of the Hill: a king on d4, e4, d5 or e5 wins."""

    aliases = ["King of the Hill", "KOTH", "kingOfTheHill"]
    uci_variant = "kingofthehill"
    _bitmoves_variant = "kingofthehill"
    xboard_variant = "kingofthehill"
    __init__ = _init_from(_STARTING_FEN)

    tbw_suffix = None
    tbz_suffix = None
    tbw_magic = None
    tbz_magic = None


class RacingKingsBoard(Board):
    """Racing Kings: no move may give check; the first king on the eighth
    rank wins, unless Black's reaches it on the next move (a draw)."""

    aliases = ["Racing Kings", "Racing", "Race", "racingkings"]
    uci_variant = "racingkings"
    _bitmoves_variant = "racingkings"
    xboard_variant = "racingkings"
    starting_fen = "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1"
    __init__ = _init_from(starting_fen)

    tbw_suffix = None
    tbz_suffix = None
    tbw_magic = None
    tbz_magic = None


class HordeBoard(Board):
    """Horde: White's 36 pawns against Black's army; a side left without
    pieces loses."""

    aliases = ["Horde", "Horde chess"]
    uci_variant = "horde"
    _bitmoves_variant = "horde"
    xboard_variant = "horde"
    starting_fen = "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1"
    __init__ = _init_from(starting_fen)

    tbw_suffix = None
    tbz_suffix = None
    tbw_magic = None
    tbz_magic = None


class _RemainingChecks:
    """``ThreeCheckBoard.remaining_checks``: the checks each side still has
    to give, indexed by colour (``remaining_checks[WHITE]``), read from and
    written to the board."""

    __slots__ = ("_board",)

    def __init__(self, board):
        self._board = board

    def __getitem__(self, color):
        return self._board._remaining_checks()[bool(color)]

    def __setitem__(self, color, count):
        self._board._set_remaining_checks(bool(color), int(count))

    def __len__(self):
        return 2

    def __iter__(self):
        return iter(self._board._remaining_checks())

    def __eq__(self, other):
        try:
            return list(self) == list(other)
        except TypeError:
            return NotImplemented

    def __repr__(self):
        return repr(list(self))


class ThreeCheckBoard(Board):
    """Three-check: giving the third check wins. ``remaining_checks[color]``
    counts down from 3; FEN carries the counts (``3+3``, or Lichess's
    ``+0+0`` of checks given)."""

    aliases = ["Three-check", "Three check", "Threecheck", "Three check chess", "3-check", "3 check", "3check"]
    uci_variant = "3check"
    _bitmoves_variant = "3check"
    xboard_variant = "3check"
    starting_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"
    __init__ = _init_from(starting_fen)

    tbw_suffix = None
    tbz_suffix = None
    tbw_magic = None
    tbz_magic = None

    @property
    def remaining_checks(self):
        """The checks each side still has to give, by colour."""
        return _RemainingChecks(self)

    @remaining_checks.setter
    def remaining_checks(self, counts):
        counts = list(counts)
        self._set_remaining_checks(False, int(counts[False]))
        self._set_remaining_checks(True, int(counts[True]))


class CrazyhousePocket:
    """A Crazyhouse pocket: how many pieces of each type are in hand.

    ``CrazyhousePocket("qnp")`` stands alone; ``board.pockets[color]`` is
    the board's own pocket, so that ``add`` and ``remove`` change the
    board."""

    def __init__(self, symbols=""):
        self._board = None
        self._color = True
        self._pieces = [0] * 6
        for symbol in symbols:
            self.add(_PIECE_SYMBOLS.index(symbol))

    @classmethod
    def _of(cls, board, color):
        pocket = cls.__new__(cls)
        pocket._board = board
        pocket._color = color
        return pocket

    def _counts(self):
        if self._board is None:
            return self._pieces
        return list(self._board._pocket(self._color))

    def _store(self, counts):
        if self._board is None:
            self._pieces = counts
        else:
            self._board._set_pocket(self._color, counts)

    def reset(self):
        """Empties the pocket."""
        self._store([0] * 6)

    def add(self, piece_type):
        """Adds a piece of the type."""
        counts = self._counts()
        counts[piece_type - 1] += 1
        self._store(counts)

    def remove(self, piece_type):
        """Takes a piece of the type out (``AssertionError`` when there is
        none, as python-chess)."""
        counts = self._counts()
        assert counts[piece_type - 1], f"cannot remove {_PIECE_SYMBOLS[piece_type]} from {self!r}"
        counts[piece_type - 1] -= 1
        self._store(counts)

    def count(self, piece_type):
        """How many pieces of the type are in the pocket."""
        return self._counts()[piece_type - 1]

    def __str__(self):
        counts = self._counts()
        return "".join(_PIECE_SYMBOLS[pt] * counts[pt - 1] for pt in range(6, 0, -1))

    def __len__(self):
        return sum(self._counts())

    def __repr__(self):
        return f"CrazyhousePocket('{self}')"

    def copy(self):
        """A standalone copy of the pocket."""
        pocket = type(self)()
        pocket._pieces = list(self._counts())
        return pocket


class CrazyhouseBoard(Board):
    """Crazyhouse: captured pieces go to the capturer's pocket (promoted
    ones as pawns) and may be dropped (``N@e4``) instead of a move; no 50-
    or 75-move rule. ``pockets[color]`` is each side's
    ``CrazyhousePocket``; FEN carries them (``[Qn]`` or ``/Qn``) and marks
    promoted pieces with ``~``."""

    aliases = ["Crazyhouse", "Crazy House", "House", "ZH"]
    uci_variant = "crazyhouse"
    _bitmoves_variant = "crazyhouse"
    xboard_variant = "crazyhouse"
    starting_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
    __init__ = _init_from(starting_fen)

    tbw_suffix = None
    tbz_suffix = None
    tbw_magic = None
    tbz_magic = None

    @property
    def pockets(self):
        """The pockets, ``pockets[WHITE]`` and ``pockets[BLACK]``."""
        return [CrazyhousePocket._of(self, False), CrazyhousePocket._of(self, True)]

    @pockets.setter
    def pockets(self, pockets):
        for color in (False, True):
            pocket = pockets[color]
            self._set_pocket(color, [pocket.count(pt) for pt in range(1, 7)])

    def legal_drop_squares(self):
        """The squares where the side to move may drop a piece, as a
        ``SquareSet``."""
        return SquareSet(self.legal_drop_squares_mask())


VARIANTS = [
    Board,
    SuicideBoard, GiveawayBoard, AntichessBoard,
    AtomicBoard,
    KingOfTheHillBoard,
    RacingKingsBoard,
    HordeBoard,
    ThreeCheckBoard,
    CrazyhouseBoard,
]


def find_variant(name):
    """The board class of the variant named ``name`` (any of a class's
    ``aliases``, in any case); ``ValueError`` for an unknown name."""
    for variant in VARIANTS:
        if any(alias.lower() == name.lower() for alias in variant.aliases):
            return variant
    raise ValueError(f"unsupported variant: {name}")
