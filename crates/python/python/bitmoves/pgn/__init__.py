"""PGN: python-chess's ``chess.pgn`` on bitmoves, and batch reading
through the ``bitmoves-pgn`` crate.

``bitmoves.pgn`` is also python-chess's ``chess.pgn`` (and is it after
``bitmoves.install_as_chess()``): ``read_game(handle, Visitor=...)``,
``read_headers``, ``skip_game``, the game tree (``Game``, ``GameNode``,
``ChildNode``, ``Headers``, ``Mainline``), the visitors and the exporters,
with python-chess's names, results and errors. Games are read from text
handles as python-chess reads them (line by line, the handle left after
the game); with the stock ``GameBuilder`` the movetext is tokenized, its
SAN resolved and the tree's contents made in Rust.

Beyond python-chess: ``read_games`` (whole files, validated natively),
``read_positions`` (NumPy batches of every mainline's positions, on
several threads), ``read_arrow`` (the rows of ``bitmoves pgn --parquet``
as a ``pyarrow.RecordBatchReader``) and ``to_parquet``. These stream: a
file of any size is read in constant memory, plain or compressed with
zstd or gzip (recognised by content, not by name).
"""

from __future__ import annotations

import codecs
import io
import re
import weakref

from .._bitmoves import pgn as _pgn
from ._tree import (
    ARROWS_REGEX,
    CLOCK_REGEX,
    EMT_REGEX,
    EVAL_REGEX,
    SKIP,
    TAG_NAME_REGEX,
    TAG_ROSTER,
    ChildNode,
    Game,
    GameNode,
    Headers,
    Mainline,
    SkipType,
    TimeControl,
    TimeControlPart,
    TimeControlType,
    parse_time_control,
)
from ._visitors import (
    LOGGER,
    BaseVisitor,
    BoardBuilder,
    FileExporter,
    GameBuilder,
    HeadersBuilder,
    SkipVisitor,
    StringExporter,
    StringExporterMixin,
)
from .. import Board

GameRecord = _pgn.GameRecord
GameReader = _pgn.GameReader
PositionReader = _pgn.PositionReader
PgnError = _pgn.PgnError
read_games = _pgn.read_games
read_positions = _pgn.read_positions
# Built without the `arrow` feature, the module lacks them.
read_arrow = getattr(_pgn, "read_arrow", None)
to_parquet = getattr(_pgn, "to_parquet", None)

# Numeric annotation glyphs, python-chess's names.
NAG_NULL = 0
NAG_GOOD_MOVE = 1
NAG_MISTAKE = 2
NAG_BRILLIANT_MOVE = 3
NAG_BLUNDER = 4
NAG_SPECULATIVE_MOVE = 5
NAG_DUBIOUS_MOVE = 6
NAG_FORCED_MOVE = 7
NAG_SINGULAR_MOVE = 8
NAG_WORST_MOVE = 9
NAG_DRAWISH_POSITION = 10
NAG_QUIET_POSITION = 11
NAG_ACTIVE_POSITION = 12
NAG_UNCLEAR_POSITION = 13
NAG_WHITE_SLIGHT_ADVANTAGE = 14
NAG_BLACK_SLIGHT_ADVANTAGE = 15
NAG_WHITE_MODERATE_ADVANTAGE = 16
NAG_BLACK_MODERATE_ADVANTAGE = 17
NAG_WHITE_DECISIVE_ADVANTAGE = 18
NAG_BLACK_DECISIVE_ADVANTAGE = 19
NAG_WHITE_ZUGZWANG = 22
NAG_BLACK_ZUGZWANG = 23
NAG_WHITE_MODERATE_COUNTERPLAY = 132
NAG_BLACK_MODERATE_COUNTERPLAY = 133
NAG_WHITE_DECISIVE_COUNTERPLAY = 134
NAG_BLACK_DECISIVE_COUNTERPLAY = 135
NAG_WHITE_MODERATE_TIME_PRESSURE = 136
NAG_BLACK_MODERATE_TIME_PRESSURE = 137
NAG_WHITE_SEVERE_TIME_PRESSURE = 138
NAG_BLACK_SEVERE_TIME_PRESSURE = 139
NAG_NOVELTY = 146

# A tag pair line: `[Name "value"]`, the value running to the last `"]`.
TAG_REGEX = re.compile(r'^\[([A-Za-z0-9][A-Za-z0-9_+#=:-]*)\s+"([^\r]*)"\]\s*$')

# The tokens of a movetext line, in python-chess's order of preference:
# a move (SAN, UCI, drops, null moves, castling), `{` or `;` (the rest of
# the line), a NAG, a parenthesis, a result, `!`/`?` marks. Text between
# tokens is ignored.
MOVETEXT_REGEX = re.compile(
    r"([NBKRQ]?[a-h]?[1-8]?[\-x]?[a-h][1-8](?:=?[nbrqkNBRQK])?|[PNBRQK]?@[a-h][1-8]|--|Z0|0000|@@@@"
    r"|O-O(?:-O)?|0-0(?:-0)?)|(\{.*)|(;.*)|(\$[0-9]+)|(\()|(\))|(\*|1-0|0-1|1/2-1/2)|([\?!]{1,2})",
    re.DOTALL,
)
SKIP_MOVETEXT_REGEX = re.compile(r";|\{|\}")

_MARKS = {"!": NAG_GOOD_MOVE, "?": NAG_MISTAKE, "!!": NAG_BRILLIANT_MOVE, "??": NAG_BLUNDER,
          "!?": NAG_SPECULATIVE_MOVE, "?!": NAG_DUBIOUS_MOVE}
_RESULTS = frozenset(("1-0", "0-1", "1/2-1/2", "*"))
_STOCK_INIT = GameBuilder.__init__
# The start of every game without FEN and Variant tags (never changed:
# the Rust side plays on its own copy).
_STANDARD_START = Board()


def _is_comment_line(line):
    return line.startswith("%") or line.startswith(";")


def _read_tags(readline, visitor):
    """The tag section: skips leading blank and `%`/`;` lines, reads tag
    lines into ``visitor``. Returns ``(found, skipping, headers, line)``:
    whether a game was found, whether the visitor skips it, the headers
    the board comes from, and the first line after the tags."""
    line = readline().lstrip("\ufeff")
    while line.isspace() or _is_comment_line(line):
        line = readline()
    found = skipping = False
    managed = own = None
    blank = 0
    while line:
        if _is_comment_line(line):
            line = readline()
            continue
        if blank < 1 and line.isspace():
            blank += 1
            line = readline()
            continue
        if not found:
            found = True
            skipping = visitor.begin_game() is SKIP
            if not skipping:
                managed = visitor.begin_headers()
                if not isinstance(managed, Headers):
                    own = Headers({})
        if not line.startswith("["):
            break
        blank = 0
        if not skipping:
            match = TAG_REGEX.match(line)
            if match:
                visitor.visit_header(match.group(1), match.group(2))
                if own is not None:
                    own[match.group(1)] = match.group(2)
        line = readline()
    return found, skipping, (managed if own is None else own), line


def _skip_movetext(readline, line):
    """Reads past the movetext that starts with ``line``: to a blank line
    outside comments, or the end of input."""
    in_comment = False
    while line:
        if not in_comment:
            if line.isspace():
                return
            if line.startswith("%"):
                line = readline()
                continue
        if in_comment or "{" in line or ";" in line:
            for match in SKIP_MOVETEXT_REGEX.finditer(line):
                token = match.group(0)
                if token == "{":
                    in_comment = True
                elif token == "}":
                    in_comment = False
                elif not in_comment:
                    break
        line = readline()


def _start_board(headers, visitor):
    """The start position of the tags, or ``None`` (the error handed to
    the visitor) when the ``FEN`` tag cannot be read."""
    try:
        board_class = headers.variant()
    except ValueError as error:
        visitor.handle_error(error)
        board_class = Board
    try:
        board = board_class(headers.get("FEN", board_class.starting_fen), chess960=headers.is_chess960())
    except ValueError as error:
        visitor.handle_error(error)
        return None
    board.chess960 = board.chess960 or board.has_chess960_castling_rights()
    return board


def _read_movetext(readline, line, visitor, board):
    """The movetext from ``line`` on, played from ``board``, into
    ``visitor`` (python-chess's reading, token by token)."""
    boards = [board]
    skip_depth = 0
    fresh = True
    while line:
        if fresh:
            if _is_comment_line(line):
                line = readline()
                continue
            if line.isspace():
                return
        fresh = True
        for match in MOVETEXT_REGEX.finditer(line):
            token = match.group(0)
            first = token[0]
            if first == "{":
                # The comment runs to the first `}`, over lines if need be;
                # one space inside each brace is dropped.
                line = token[2:] if token.startswith("{ ") else token[1:]
                parts = []
                while line and "}" not in line:
                    parts.append(line)
                    line = readline()
                if line:
                    close = line.find("}")
                    end = close - 1 if close > 0 and line[close - 1] == " " else close
                    parts.append(line[:end])
                    line = line[close + 1:]
                if not skip_depth:
                    visitor.visit_comment("".join(parts))
                fresh = False
                break
            if token == "(":
                if skip_depth:
                    skip_depth += 1
                elif boards[-1].move_stack:
                    if visitor.begin_variation() is SKIP:
                        skip_depth = 1
                    else:
                        branch = boards[-1].copy()
                        branch.pop()
                        boards.append(branch)
            elif token == ")":
                if skip_depth == 1:
                    skip_depth = 0
                    visitor.end_variation()
                elif skip_depth:
                    skip_depth -= 1
                elif len(boards) > 1:
                    visitor.end_variation()
                    boards.pop()
            elif skip_depth:
                continue
            elif first == ";":
                break
            elif first == "$":
                visitor.visit_nag(int(token[1:]))
            elif token in _MARKS:
                visitor.visit_nag(_MARKS[token])
            elif token in _RESULTS and len(boards) == 1:
                visitor.visit_result(token)
            else:
                here = boards[-1]
                if visitor.begin_parse_san(here, token) is not SKIP:
                    try:
                        move = visitor.parse_san(here, token)
                    except ValueError as error:
                        visitor.handle_error(error)
                        skip_depth = 1
                    else:
                        visitor.visit_move(here, move)
                        here.push(move)
                visitor.visit_board(here)
        if fresh:
            line = readline()


def _build_game(builder, readline, line, board):
    """The stock ``GameBuilder``'s movetext, read in Rust; token by token
    where python-chess would raise (so that it raises as python-chess)."""
    built = _pgn.build_tree(readline, line, board, builder.game, ChildNode)
    if type(built) is list:
        rest = iter(built[1:])
        _read_movetext(lambda: next(rest, ""), built[0] if built else "", builder, board.copy())
        return
    results, errors = built
    for result in results:
        builder.visit_result(result)
    for error in errors:
        builder.handle_error(error)


def _read_built_game(readline):
    """``read_game`` with the stock ``GameBuilder`` from the lines
    ``readline`` gives: the tags read in Rust into the game's ``Headers``
    (``TAG_REGEX`` admits only names and values ``Headers`` accepts), the
    movetext read in Rust."""
    found, roster, others, line = _pgn.read_tags(readline)
    if not found:
        return None
    builder = GameBuilder()
    builder.begin_game()
    headers = builder.game.headers
    headers._tag_roster.update(roster)
    headers._others = others
    if "FEN" not in others and "Variant" not in others:
        board = _STANDARD_START
    else:
        board = _start_board(headers, builder)
    if board is None:
        _skip_movetext(readline, line)
    elif type(board) is Board:
        _build_game(builder, readline, line, board)
    else:
        builder.visit_board(board)
        _read_movetext(readline, line, builder, board)
    return builder.game


def read_game(handle, *, Visitor=GameBuilder):  # noqa: N803 (python-chess's keyword)
    """Reads the next game of a text handle into a new ``Visitor()`` and
    returns its result (a ``Game`` by default), or ``None`` at the end of
    the input. The game ends at a blank line outside comments; the handle
    is left after it. Errors (illegal moves, a bad FEN tag) go to the
    visitor's ``handle_error`` (``game.errors`` for ``GameBuilder``), and
    reading goes on after the variation that held an illegal move."""
    native = not _may_hold_surrogates(handle)
    if native and Visitor is GameBuilder and GameBuilder.__init__ is _STOCK_INIT:
        kind = type(handle)
        if kind is io.TextIOWrapper:  # decodes strictly: no lone surrogate
            return _read_built_game(handle.readline)
        if kind is io.StringIO:
            start = handle.tell()
            try:
                return _read_built_game(handle.readline)
            except UnicodeEncodeError:  # a lone surrogate: the game again, in Python
                handle.seek(start)
                native = False
        else:
            # Any other handle may give lone surrogates and need not seek:
            # its lines are kept, and given again to the Python reader.
            replay = _Replay(handle)
            try:
                return _read_built_game(replay.recording)
            except UnicodeEncodeError:
                replay.rewind()
                handle = replay
                native = False
    return _read_visited_game(handle, Visitor, native)


class _Replay:
    """A handle's lines, read through ``recording`` (which keeps them),
    then after ``rewind`` given again by ``readline`` before the handle's
    next ones."""

    __slots__ = ("handle", "lines")

    def __init__(self, handle):
        self.handle = handle
        self.lines = []

    def recording(self):
        line = self.handle.readline()
        self.lines.append(line)
        return line

    def rewind(self):
        self.lines.reverse()

    def readline(self):
        return self.lines.pop() if self.lines else self.handle.readline()


def _may_hold_surrogates(handle):
    """Whether ``handle`` decodes with ``surrogateescape``/``surrogatepass``:
    lone surrogates, which the Rust readers (UTF-8) cannot take."""
    return getattr(handle, "errors", None) in ("surrogateescape", "surrogatepass")


def _read_visited_game(handle, Visitor, native):  # noqa: N803 (python-chess's keyword)
    """``read_game`` into ``Visitor()``; the stock ``GameBuilder``'s
    movetext read in Rust when ``native``."""
    visitor = Visitor()
    readline = handle.readline
    found, skipping, headers, line = _read_tags(readline, visitor)
    if not found:
        return None
    if not skipping:
        skipping = visitor.end_headers() is SKIP
    board = None
    if not skipping:
        board = _start_board(headers, visitor)
        if board is None:
            skipping = True
        else:
            visitor.visit_board(board)
    if skipping:
        _skip_movetext(readline, line)
    elif native and type(visitor) is GameBuilder and visitor.Game is Game and type(board) is Board:
        _build_game(visitor, readline, line, board)
    else:
        _read_movetext(readline, line, visitor, board)
    visitor.end_game()
    return visitor.result()


_UTF8_SAFE = frozenset(("utf-8", "ascii", "iso8859-1"))
_NO_TEXT = object()
_CODECS = {}


class _ReadAhead:
    """The text ``_scan`` read from a file past the last game it found:
    used for the next game when the file still stands where that game
    ended (``end``), so that a file is decoded once, not once a game."""

    __slots__ = ("handle", "text", "at", "end", "eof")

    def __init__(self, handle, text, at, end, eof):
        self.handle = weakref.ref(handle)
        self.text = text
        self.at = at  # UTF-8 bytes of `text` already scanned
        self.end = end
        self.eof = eof


_read_ahead = None


def _file_codec(handle):
    """``utf-8``, ``ascii`` or ``iso8859-1`` for a seekable text file in
    one of them, else ``None``."""
    encoding = handle.encoding
    codec = _CODECS.get(encoding)
    if codec is None:
        codec = _CODECS[encoding] = codecs.lookup(encoding).name
    if _may_hold_surrogates(handle):
        return None
    return codec if codec in _UTF8_SAFE and handle.seekable() else None


def _scan(handle, tags):
    """The next game found by ``_pgn.scan_game`` on chunks of the handle's
    text, the handle then moved to just after it: ``(found, roster,
    others)``, or ``_NO_TEXT`` for a handle that is not an ``io.StringIO``
    or a seekable UTF-8, ASCII or Latin-1 file, or text with ``\r``
    (where reading line by line could split lines differently)."""
    global _read_ahead
    kind = type(handle)
    if kind is io.StringIO:
        codec = None
    elif kind is io.TextIOWrapper:
        codec = _file_codec(handle)
        if codec is None:
            return _NO_TEXT
    else:
        return _NO_TEXT
    start = handle.tell()
    utf8 = codec == "utf-8"
    ahead = _read_ahead
    if codec is not None and ahead is not None and ahead.end == start and ahead.handle() is handle:
        scanned = _pgn.scan_game(ahead.text, ahead.eof, tags, ahead.at)
        if scanned is not None:
            found, chars, nbytes, roster, others = scanned
            ahead.at += nbytes
            ahead.end = start + (nbytes if utf8 else chars)
            handle.seek(ahead.end)
            return found, roster, others
    if codec is not None and start >= 1 << 64:
        return _NO_TEXT  # a position inside the decoder's state
    size = 4096 if codec is None else 1 << 16
    while True:
        text = handle.read(size)
        eof = len(text) < size
        if "\r" in text or (codec is not None and handle.newlines not in (None, "\n")):
            handle.seek(start)
            return _NO_TEXT
        try:
            scanned = _pgn.scan_game(text, eof, tags)
        except UnicodeEncodeError:  # a lone surrogate: read in Python
            handle.seek(start)
            return _NO_TEXT
        if scanned is not None:
            break
        handle.seek(start)
        size *= 4
    found, chars, nbytes, roster, others = scanned
    end = start + (nbytes if utf8 else chars)
    handle.seek(end)
    if codec is not None:
        _read_ahead = _ReadAhead(handle, text, nbytes, end, eof)
    return found, roster, others


def read_headers(handle):
    """The ``Headers`` of the next game of a text handle (its moves
    skipped), or ``None`` at the end of the input."""
    scanned = _scan(handle, True)
    if scanned is _NO_TEXT:
        return read_game(handle, Visitor=HeadersBuilder)
    found, roster, others = scanned
    if not found:
        return None
    headers = Headers({})
    headers._tag_roster = roster
    headers._others = others
    return headers


def skip_game(handle):
    """Skips the next game of a text handle: ``True`` if there was one."""
    scanned = _scan(handle, False)
    if scanned is _NO_TEXT:
        return bool(read_game(handle, Visitor=SkipVisitor))
    return scanned[0]


__all__ = [
    "ARROWS_REGEX", "BaseVisitor", "BoardBuilder", "CLOCK_REGEX", "ChildNode", "EMT_REGEX", "EVAL_REGEX",
    "FileExporter", "Game", "GameBuilder", "GameNode", "GameReader", "GameRecord", "Headers",
    "HeadersBuilder", "LOGGER", "MOVETEXT_REGEX", "Mainline", "PgnError", "PositionReader", "SKIP",
    "SKIP_MOVETEXT_REGEX", "SkipType", "SkipVisitor", "StringExporter", "StringExporterMixin",
    "TAG_NAME_REGEX", "TAG_REGEX", "TAG_ROSTER", "TimeControl", "TimeControlPart", "TimeControlType",
    "parse_time_control", "read_arrow", "read_game", "read_games", "read_headers", "read_positions",
    "skip_game", "to_parquet",
] + [name for name in dir() if name.startswith("NAG_")]
