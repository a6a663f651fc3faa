"""``Termination`` and ``Outcome``: how a game ended, as python-chess's
``chess.Termination`` (an ``enum.Enum``, values 1 to 10) and
``chess.Outcome`` (a plain dataclass that keeps whatever it is given, so
``Outcome("resignation", WHITE)`` is an outcome too). ``Board.outcome()``
builds them (the extension module imports this one)."""

import dataclasses
import enum
import typing


class Termination(enum.Enum):
    """How a game ended, with python-chess's members and values."""

    CHECKMATE = enum.auto()
    """The side to move is checkmated."""
    STALEMATE = enum.auto()
    """The side to move has no legal move and is not in check."""
    INSUFFICIENT_MATERIAL = enum.auto()
    """Neither side has the material to mate."""
    SEVENTYFIVE_MOVES = enum.auto()
    """75 moves each without a capture or a pawn move."""
    FIVEFOLD_REPETITION = enum.auto()
    """The same position a fifth time."""
    FIFTY_MOVES = enum.auto()
    """50 moves each without a capture or a pawn move, claimed."""
    THREEFOLD_REPETITION = enum.auto()
    """The same position a third time, claimed."""
    VARIANT_WIN = enum.auto()
    """A variant's own win."""
    VARIANT_LOSS = enum.auto()
    """A variant's own loss."""
    VARIANT_DRAW = enum.auto()
    """A variant's own draw."""


@dataclasses.dataclass
class Outcome:
    """The end of a game: how it ended and who won (``True`` White,
    ``False`` Black, ``None`` a draw). A dataclass as python-chess's: equal
    field by field, mutable, not hashable."""

    termination: Termination
    winner: typing.Optional[bool]

    def result(self) -> str:
        """``1-0``, ``0-1`` or ``1/2-1/2``."""
        if self.winner is None:
            return "1/2-1/2"
        return "1-0" if self.winner else "0-1"


# Named as the package exports them (pickles refer to ``bitmoves.Outcome``).
Termination.__module__ = Outcome.__module__ = "bitmoves"
