"""The game tree of ``bitmoves.pgn`` (python-chess's ``chess.pgn`` model):
``Headers``, ``GameNode``, ``ChildNode``, ``Game``, ``Mainline``, the
``[%clk]``/``[%emt]``/``[%eval]``/``[%csl]``/``[%cal]`` annotations of
comments, and ``TimeControl``.

Written for bitmoves against python-chess's documented behaviour and its
test-suite; the names, attributes and results are python-chess's.
"""

from __future__ import annotations

import abc
import dataclasses
import enum
import importlib
import re
import typing
from collections.abc import MutableMapping

from .. import Board


class _Visitors:
    """The visitors the tree hands out (``Game.builder()``,
    ``Headers.builder()``, ``str(node)``), filled in by ``_visitors``,
    the layer above, when it is imported: the tree names none of them."""

    game_builder: typing.Any = None
    headers_builder: typing.Any = None
    string_exporter: typing.Any = None


VISITORS = _Visitors()

# The seven tag roster, in the order every exporter writes it.
TAG_ROSTER = ["Event", "Site", "Date", "Round", "White", "Black", "Result"]
_ROSTER_SET = frozenset(TAG_ROSTER)
_DEFAULT_ROSTER = (
    ("Event", "?"), ("Site", "?"), ("Date", "????.??.??"), ("Round", "?"),
    ("White", "?"), ("Black", "?"), ("Result", "*"),
)

# What a tag name may be: a letter or digit, then letters, digits and
# `_+#=:-`.
TAG_NAME_REGEX = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_+#=:-]*\Z")

_TIME = r"(?P<hours>\d+):(?P<minutes>\d+):(?P<seconds>\d+(?:\.\d*)?)"
CLOCK_REGEX = re.compile(r"(?P<prefix>\s?)\[%clk\s" + _TIME + r"\](?P<suffix>\s?)")
EMT_REGEX = re.compile(r"(?P<prefix>\s?)\[%emt\s" + _TIME + r"\](?P<suffix>\s?)")
EVAL_REGEX = re.compile(
    r"(?P<prefix>\s?)\[%eval\s(?:\#(?P<mate>[+-]?\d+)"
    r"|(?P<cp>[+-]?(?:\d{0,10}\.\d{1,2}|\d{1,10}\.?)))"
    r"(?:,(?P<depth>\d+))?\](?P<suffix>\s?)"
)
_ARROW = r"[RGYB][a-h][1-8](?:[a-h][1-8])?"
ARROWS_REGEX = re.compile(
    r"(?P<prefix>\s?)\[%(?:csl|cal)\s(?P<arrows>" + _ARROW + r"(?:," + _ARROW + r")*)\](?P<suffix>\s?)"
)

_VARIANTS_960 = ("chess960", "chess 960", "fischerandom", "fischerrandom", "fischer random")
_VARIANTS_WILD = tuple(f"wild/{n}" for n in ("0", "1", "2", "3", "4", "5", "6", "7", "8", "8a"))


def _chess_module(name):
    """``chess.<name>`` (python-chess's module; on bitmoves boards after
    ``install_as_chess()``), imported when first needed."""
    return importlib.import_module(f"chess.{name}")


def _annotation_replacer(text):
    """What replaces an annotation matched by one of the regexes above:
    ``text`` between the spaces around it, else one of those spaces."""
    def replace(match):
        if text:
            return match.group("prefix") + text + match.group("suffix")
        return match.group("prefix") and match.group("suffix")
    return replace


def _clock_text(tag, seconds):
    """``[%clk h:mm:ss.sss]`` (or ``%emt``), trailing zeros dropped."""
    seconds = max(0, seconds)
    hours, rest = int(seconds // 3600), seconds % 3600
    minutes, rest = int(rest // 60), rest % 60
    fraction = f"{rest:06.3f}".rstrip("0").rstrip(".")
    return f"[%{tag} {hours:d}:{minutes:02d}:{fraction}]"


def _seconds(match):
    if match is None:
        return None
    return int(match.group("hours")) * 3600 + int(match.group("minutes")) * 60 + float(match.group("seconds"))


class Headers(MutableMapping):
    """The tag pairs of a game: a mutable mapping that iterates the seven
    tag roster first (in roster order), then the other tags in insertion
    order. ``Headers()`` holds the roster's defaults; ``Headers({})`` is
    empty. A tag name outside ``[A-Za-z0-9][A-Za-z0-9_+#=:-]*`` or a value
    with a line break is a ``ValueError``."""

    def __init__(self, data=None, **kwargs):
        self._others = {}
        if data is None and not kwargs and type(self) is Headers:
            # The common case, without a __setitem__ per tag.
            self._tag_roster = dict(_DEFAULT_ROSTER)
            return
        self._tag_roster = {}
        self.update(_DEFAULT_ROSTER if data is None else data, **kwargs)

    def __setitem__(self, key, value):
        if key in _ROSTER_SET:
            self._tag_roster[key] = value
            return
        if not TAG_NAME_REGEX.match(key):
            raise ValueError(f"invalid pgn header tag: {key!r}")
        if "\n" in value or "\r" in value:
            raise ValueError(f"line break in pgn header {key}: {value!r}")
        self._others[key] = value

    def __getitem__(self, key):
        if key in _ROSTER_SET:
            return self._tag_roster[key]
        return self._others[key]

    def __delitem__(self, key):
        del (self._tag_roster if key in _ROSTER_SET else self._others)[key]

    def __iter__(self):
        roster = self._tag_roster
        for key in TAG_ROSTER:
            if key in roster:
                yield key
        yield from self._others

    def __len__(self):
        return len(self._tag_roster) + len(self._others)

    def __contains__(self, key):
        return key in self._tag_roster or key in self._others

    def get(self, key, default=None):
        """The value of tag ``key``, else ``default``."""
        if key in _ROSTER_SET:
            return self._tag_roster.get(key, default)
        return self._others.get(key, default)

    def copy(self):
        """A shallow copy, of the same class."""
        return type(self)(self)

    def __copy__(self):
        return self.copy()

    def __repr__(self):
        body = ", ".join(f"{key}={value!r}" for key, value in self.items())
        return f"{type(self).__name__}({body})"

    def is_chess960(self):
        """Whether the ``Variant`` tag names Chess960 (any of its usual names)."""
        return self.get("Variant", "").lower() in _VARIANTS_960

    def is_wild(self):
        """Whether the ``Variant`` tag is one of ICS's ``wild/N``."""
        return self.get("Variant", "").lower() in _VARIANTS_WILD

    def variant(self):
        """The board class of the ``Variant`` tag: ``Board`` for standard
        chess, Chess960 and wild, else ``bitmoves.variant``'s class of
        that name (``find_variant``; ``ValueError`` for an unknown one)."""
        if "Variant" not in self or self.is_chess960() or self.is_wild():
            return Board
        from .. import variant

        return variant.find_variant(self["Variant"])

    def board(self):
        """The starting position these tags give (``FEN``, ``Variant``)."""
        board_class = self.variant()
        board = board_class(self.get("FEN", board_class.starting_fen), chess960=self.is_chess960())
        board.chess960 = board.chess960 or board.has_chess960_castling_rights()
        return board

    @classmethod
    def builder(cls):
        """A ``HeadersBuilder`` making headers of this class."""
        return VISITORS.headers_builder(Headers=cls)


_Mapped = typing.TypeVar("_Mapped")


class Mainline(typing.Generic[_Mapped]):
    """The mainline after ``start``, each node mapped through ``f``:
    iterable (also reversed), true when not empty, and a visitor target."""

    def __init__(self, start, f):
        self.start = start
        self.f = f

    def __bool__(self):
        return bool(self.start.variations)

    def __iter__(self):
        node, f = self.start, self.f
        while node.variations:
            node = node.variations[0]
            yield f(node)

    def __reversed__(self):
        node, f = self.start.end(), self.f
        while node.parent and node != self.start:
            yield f(node)
            node = node.parent

    def accept(self, visitor):
        """Visits the mainline's moves (no headers, no result)."""
        board = self.start.board()
        node = self.start
        while node.variations:
            node = node.variations[0]
            node._accept_node(board, visitor)
            board.push(node.move)
        return visitor.result()

    def __str__(self):
        return self.accept(VISITORS.string_exporter(columns=None))

    def __repr__(self):
        text = self.accept(VISITORS.string_exporter(columns=None, comments=False))
        return f"<Mainline at {id(self):#x} ({text})>"


class GameNode(abc.ABC):
    """A node of a game tree: the position after ``move`` (``None`` at the
    root), its ``parent``, its ``variations`` (children, the main one
    first), its ``comment``, ``starting_comment`` and ``nags``. Abstract,
    as python-chess's: ``Game`` and ``ChildNode`` are the nodes."""

    def __init__(self, *, comment=""):
        self.parent = None
        self.move = None
        self.variations = []
        self.comment = comment
        self.starting_comment = ""
        self.nags = set()

    @abc.abstractmethod
    def board(self):
        """A new board at this node's position (replayed from the root)."""

    @abc.abstractmethod
    def ply(self):
        """The half-move count at this node, as ``Board.ply()``."""

    def turn(self):
        """The colour to move at this node."""
        return self.ply() % 2 == 0

    def root(self):
        """The node at the top of the tree."""
        node = self
        while node.parent:
            node = node.parent
        return node

    def game(self):
        """The ``Game`` at the root of the tree."""
        root = self.root()
        assert isinstance(root, Game), "GameNode not rooted in Game"
        return root

    def end(self):
        """The last node of the main variation from here."""
        node = self
        while node.variations:
            node = node.variations[0]
        return node

    def is_end(self):
        """Whether no move follows this node."""
        return not self.variations

    def starts_variation(self):
        """Whether this node begins a side variation of its parent."""
        parent = self.parent
        if not parent or not parent.variations:
            return False
        return parent.variations[0] != self

    def is_mainline(self):
        """Whether this node lies on the game's mainline."""
        node = self
        while node.parent:
            siblings = node.parent.variations
            if not siblings or siblings[0] != node:
                return False
            node = node.parent
        return True

    def is_main_variation(self):
        """Whether this node is its parent's first variation (the root is)."""
        parent = self.parent
        if not parent:
            return True
        return not parent.variations or parent.variations[0] == self

    def __getitem__(self, move):
        try:
            return self.variations[move]
        except TypeError:
            for child in self.variations:
                if child.move == move or child == move:
                    return child
        raise KeyError(move)

    def __contains__(self, move):
        try:
            self[move]
        except KeyError:
            return False
        return True

    def variation(self, move):
        """The child by index, by move, or the node itself."""
        return self[move]

    def has_variation(self, move):
        """Whether ``variation(move)`` finds a child."""
        return move in self

    def promote_to_main(self, move):
        """Makes the child the main variation."""
        child = self[move]
        self.variations.remove(child)
        self.variations.insert(0, child)

    def promote(self, move):
        """Moves the child one place up among the variations."""
        children = self.variations
        i = children.index(self[move])
        if i > 0:
            children[i - 1], children[i] = children[i], children[i - 1]

    def demote(self, move):
        """Moves the child one place down among the variations."""
        children = self.variations
        i = children.index(self[move])
        if i < len(children) - 1:
            children[i + 1], children[i] = children[i], children[i + 1]

    def remove_variation(self, move):
        """Drops the child and what follows it."""
        self.variations.remove(self.variation(move))

    def add_variation(self, move, *, comment="", starting_comment="", nags=()):
        """A new last child after ``move``."""
        return ChildNode(self, move, comment=comment, starting_comment=starting_comment, nags=nags)

    def add_main_variation(self, move, *, comment="", nags=()):
        """A new first child after ``move``."""
        node = self.add_variation(move, comment=comment, nags=nags)
        self.variations.insert(0, self.variations.pop())
        return node

    def next(self):
        """The main child, or ``None``."""
        return self.variations[0] if self.variations else None

    def mainline(self):
        """The nodes of the mainline after this one."""
        return Mainline(self, _identity)

    def mainline_moves(self):
        """The moves of the mainline after this node."""
        return Mainline(self, _move_of)

    def add_line(self, moves, *, comment="", starting_comment="", nags=()):
        """Adds ``moves`` one after another; ``comment`` and ``nags`` go to
        the last node, which is returned."""
        node = self
        for move in moves:
            node = node.add_variation(move, starting_comment=starting_comment)
            starting_comment = ""
        node.comment = f"{node.comment} {comment}" if node.comment else comment
        node.nags.update(nags)
        return node

    def eval(self):
        """The first ``[%eval ...]`` of the comment as a
        ``chess.engine.PovScore`` from the side to move, else ``None``."""
        match = EVAL_REGEX.search(self.comment)
        if not match:
            return None
        engine = _chess_module("engine")
        turn = self.turn()
        if match.group("mate"):
            mate = int(match.group("mate"))
            score = engine.Mate(mate)
            if mate == 0:
                return engine.PovScore(score, turn)
        else:
            score = engine.Cp(round(float(match.group("cp")) * 100))
        return engine.PovScore(score if turn else -score, turn)

    def eval_depth(self):
        """The depth of the first ``[%eval ...]``, if it gives one."""
        match = EVAL_REGEX.search(self.comment)
        return int(match.group("depth")) if match and match.group("depth") else None

    def set_eval(self, score, depth=None):
        """Replaces the first ``[%eval ...]`` (or appends one); ``None``
        removes it."""
        text = ""
        if score is not None:
            suffix = "" if depth is None else f",{max(depth, 0):d}"
            white = score.white()
            cp = white.score()
            if cp is not None:
                text = f"[%eval {float(cp) / 100:.2f}{suffix}]"
            elif white.mate():
                text = f"[%eval #{white.mate()}{suffix}]"
        self._replace_first(EVAL_REGEX, text, "")

    def _replace_first(self, regex, text, no_space_after):
        """Replaces the first match of ``regex`` by ``text``, else appends
        ``text`` after a space (none after ``no_space_after`` endings)."""
        self.comment, found = regex.subn(_annotation_replacer(text), self.comment, count=1)
        if not found and text:
            comment = self.comment
            if comment and not comment.endswith(" ") and not (no_space_after and comment.endswith(no_space_after)):
                comment += " "
            self.comment = comment + text

    def arrows(self):
        """The ``[%csl ...]`` and ``[%cal ...]`` marks as ``chess.svg.Arrow``s."""
        arrow_class = _chess_module("svg").Arrow
        return [
            arrow_class.from_pgn(part)
            for match in ARROWS_REGEX.finditer(self.comment)
            for part in match.group("arrows").split(",")
        ]

    def set_arrows(self, arrows):
        """Replaces every ``[%csl ...]``/``[%cal ...]`` by ``arrows``
        (``chess.svg.Arrow`` or ``(tail, head)`` pairs)."""
        squares, lines = [], []
        arrow_class = None
        for arrow in arrows:
            try:
                tail, head = arrow
            except TypeError:
                pass
            else:
                arrow_class = arrow_class or _chess_module("svg").Arrow
                arrow = arrow_class(tail, head)
            (squares if arrow.tail == arrow.head else lines).append(arrow.pgn())
        comment = ARROWS_REGEX.sub(_annotation_replacer(""), self.comment)
        prefix = (f"[%csl {','.join(squares)}]" if squares else "") + (f"[%cal {','.join(lines)}]" if lines else "")
        if prefix and comment and not comment.startswith((" ", "\n")):
            self.comment = f"{prefix} {comment}"
        else:
            self.comment = prefix + comment

    def clock(self):
        """The seconds of the first ``[%clk h:mm:ss]``, else ``None``."""
        return _seconds(CLOCK_REGEX.search(self.comment))

    def set_clock(self, seconds):
        """Replaces the first ``[%clk ...]`` (or appends one)."""
        self._replace_first(CLOCK_REGEX, "" if seconds is None else _clock_text("clk", seconds), "\n")

    def emt(self):
        """The seconds of the first ``[%emt h:mm:ss]``, else ``None``."""
        return _seconds(EMT_REGEX.search(self.comment))

    def set_emt(self, seconds):
        """Replaces the first ``[%emt ...]`` (or appends one)."""
        self._replace_first(EMT_REGEX, "" if seconds is None else _clock_text("emt", seconds), "\n")

    @abc.abstractmethod
    def accept(self, visitor):
        """Visits this node and what follows, in PGN order."""

    def accept_subgame(self, visitor):
        """Visits the game as if it started at this node's position."""
        if visitor.begin_game() is not SKIP:
            game = self.game()
            board = self.board()
            setup = Game.without_tag_roster()
            setup.setup(board)
            visitor.begin_headers()
            for name, value in game.headers.items():
                if name not in setup.headers:
                    visitor.visit_header(name, value)
            for name, value in setup.headers.items():
                visitor.visit_header(name, value)
            if visitor.end_headers() is not SKIP:
                visitor.visit_board(board)
                if self.variations:
                    self.variations[0]._accept(board, visitor)
                visitor.visit_result(game.headers.get("Result", "*"))
        visitor.end_game()
        return visitor.result()

    def __str__(self):
        return self.accept(VISITORS.string_exporter(columns=None))


def _identity(node):
    return node


def _move_of(node):
    return node.move


class _Frame:
    """One node on the stack of ``ChildNode._accept``: where its visit is."""

    __slots__ = ("node", "step", "sidelines", "open")

    def __init__(self, node, sidelines):
        self.node = node
        self.step = 0  # 0: the move, 1: its sidelines, 2: after the continuation
        self.sidelines = iter(node.parent.variations[1:]) if sidelines else iter(())
        self.open = False


class ChildNode(GameNode):
    """A node after a move: ``parent``, ``move``, and the ``comment``,
    ``starting_comment`` and ``nags`` of that move."""

    def __init__(self, parent, move, *, comment="", starting_comment="", nags=()):
        self.parent = parent
        self.move = move
        self.variations = []
        self.comment = comment
        self.starting_comment = starting_comment
        self.nags = set(nags)
        parent.variations.append(self)

    def board(self):
        moves = []
        node = self
        while node.move is not None and node.parent is not None:
            moves.append(node.move)
            node = node.parent
        board = node.game().board()
        for move in reversed(moves):
            board.push(move)
        return board

    def ply(self):
        depth = 0
        node = self
        while node.parent is not None:
            depth += 1
            node = node.parent
        return node.game().ply() + depth

    def san(self):
        """The SAN of the move leading here."""
        return self.parent.board().san(self.move)

    def uci(self, *, chess960=None):
        """The UCI of the move leading here."""
        return self.parent.board().uci(self.move, chess960=chess960)

    def _accept_node(self, board, visitor):
        if self.starting_comment:
            visitor.visit_comment(self.starting_comment)
        visitor.visit_move(board, self.move)
        board.push(self.move)
        visitor.visit_board(board)
        board.pop()
        for nag in sorted(self.nags):
            visitor.visit_nag(nag)
        if self.comment:
            visitor.visit_comment(self.comment)

    def _accept(self, board, visitor, *, sidelines=True):
        # Depth-first without recursion, so that long games do not hit the
        # recursion limit: a move, then its sidelines, then the
        # continuation with the move played.
        stack = [_Frame(self, sidelines)]
        while stack:
            frame = stack[-1]
            if frame.open:
                frame.open = False
                visitor.end_variation()
            if frame.step == 0:
                frame.node._accept_node(board, visitor)
                frame.step = 1
            elif frame.step == 1:
                sideline = next(frame.sidelines, None)
                if sideline is not None:
                    if visitor.begin_variation() is not SKIP:
                        stack.append(_Frame(sideline, False))
                    frame.open = True
                elif frame.node.variations:
                    board.push(frame.node.move)
                    stack.append(_Frame(frame.node.variations[0], True))
                    frame.step = 2
                else:
                    stack.pop()
            else:
                board.pop()
                stack.pop()

    def accept(self, visitor):
        self._accept(self.parent.board(), visitor, sidelines=False)
        return visitor.result()

    def __repr__(self):
        try:
            board = self.parent.board()
        except ValueError:
            return f"<{type(self).__name__} at {id(self):#x} (dangling: {self.move})>"
        dots = "." if board.turn else "..."
        return f"<{type(self).__name__} at {id(self):#x} ({board.fullmove_number}{dots} {board.san(self.move)} ...)>"


class Game(GameNode):
    """The root of a game: its ``headers`` (the seven tag roster by
    default), the start position they give, and the ``errors`` met while
    reading it."""

    def __init__(self, headers=None):
        self.parent = None
        self.move = None
        self.variations = []
        self.comment = ""
        self.starting_comment = ""
        self.nags = set()
        self.headers = Headers(headers)
        self.errors = []

    def board(self):
        return self.headers.board()

    def ply(self):
        return self.board().ply() if "FEN" in self.headers else 0

    def setup(self, board):
        """Sets the ``FEN``, ``SetUp`` and ``Variant`` tags for a start
        position (a board or FEN text)."""
        try:
            fen = board.fen()
            start = board
        except AttributeError:
            start = Board(board)
            start.chess960 = start.has_chess960_castling_rights()
            fen = start.fen()
        headers = self.headers
        if fen == type(start).starting_fen:
            headers.pop("FEN", None)
            headers.pop("SetUp", None)
        else:
            headers["FEN"] = fen
            headers["SetUp"] = "1"
        alias = type(start).aliases[0] if hasattr(type(start), "aliases") else "Standard"
        if alias == "Standard" and start.chess960:
            headers["Variant"] = "Chess960"
        elif alias != "Standard":
            headers["Variant"] = alias
            headers["FEN"] = fen
        else:
            headers.pop("Variant", None)

    def accept(self, visitor):
        if visitor.begin_game() is not SKIP:
            for name, value in self.headers.items():
                visitor.visit_header(name, value)
            if visitor.end_headers() is not SKIP:
                board = self.board()
                visitor.visit_board(board)
                if self.comment:
                    visitor.visit_comment(self.comment)
                if self.variations:
                    self.variations[0]._accept(board, visitor)
                visitor.visit_result(self.headers.get("Result", "*"))
        visitor.end_game()
        return visitor.result()

    def time_control(self):
        """The ``TimeControl`` tag, parsed."""
        return parse_time_control(self.headers.get("TimeControl", ""))

    @classmethod
    def from_board(cls, board):
        """A game of a board's start position and move stack."""
        game = cls()
        game.setup(board.root())
        node = game
        for move in board.move_stack:
            node = node.add_variation(move)
        game.headers["Result"] = board.result()
        return game

    @classmethod
    def without_tag_roster(cls):
        """An empty game with no tags at all."""
        return cls(headers={})

    @classmethod
    def builder(cls):
        """A ``GameBuilder`` making games of this class."""
        return VISITORS.game_builder(Game=cls)

    def __repr__(self):
        h = self.headers
        errors = f", {len(self.errors)} errors" if self.errors else ""
        return (f"<{type(self).__name__} at {id(self):#x} ({h.get('White', '?')!r} vs. {h.get('Black', '?')!r}, "
                f"{h.get('Date', '????.??.??')!r} at {h.get('Site', '?')!r}{errors})>")


class SkipType(enum.Enum):
    """The answer of a visitor that skips what it was offered."""
    SKIP = None


SKIP = SkipType.SKIP


class TimeControlType(enum.Enum):
    """The kind of a time control, by FIDE's limits (bullet added)."""
    UNKNOWN = 0
    UNLIMITED = 1
    STANDARD = 2
    RAPID = 3
    BLITZ = 4
    BULLET = 5


@dataclasses.dataclass
class TimeControlPart:
    """One period of a time control: ``moves`` (0: the rest of the game)
    in ``time`` seconds, with ``increment`` or ``delay``."""
    moves: int = 0
    time: int = 0
    increment: float = 0
    delay: float = 0


@dataclasses.dataclass
class TimeControl:
    """A ``TimeControl`` tag: its periods and their kind."""
    parts: list = dataclasses.field(default_factory=list)
    type: TimeControlType = TimeControlType.UNKNOWN


def _time_control_part(text):
    part = TimeControlPart()
    base, *bonus = text.split("+")
    if bonus:
        if bonus[0].lower().endswith("d"):
            part.delay = float(bonus[0][:-1])
        else:
            part.increment = float(bonus[0])
    moves, *time = base.split("/")
    if time:
        part.moves, part.time = int(moves), int(time[0])
    else:
        part.moves, part.time = 0, int(moves)
    return part


def parse_time_control(time_control):
    """A ``TimeControl`` tag's text (``40/5400+30:1800+30``, ``300+2``,
    ``-``, ``?``) as a ``TimeControl``; ``ValueError`` when a period
    before the last is sudden death."""
    control = TimeControl()
    if not time_control or time_control.startswith("?"):
        return control
    if time_control.startswith("-"):
        control.type = TimeControlType.UNLIMITED
        return control
    control.parts = [_time_control_part(part) for part in time_control.split(":")]
    if any(part.moves == 0 for part in control.parts[:-1]):
        raise ValueError("Only last part can be 'sudden death'.")
    first = control.parts[0]
    seconds = first.time + 60 * first.increment
    if seconds < 3 * 60:
        control.type = TimeControlType.BULLET
    elif seconds < 15 * 60:
        control.type = TimeControlType.BLITZ
    elif seconds < 60 * 60:
        control.type = TimeControlType.RAPID
    else:
        control.type = TimeControlType.STANDARD
    return control
