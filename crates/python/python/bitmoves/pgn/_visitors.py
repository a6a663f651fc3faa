"""The visitors of ``bitmoves.pgn`` (python-chess's ``chess.pgn``):
``BaseVisitor``, ``GameBuilder``, ``HeadersBuilder``, ``BoardBuilder``,
``SkipVisitor``, and the exporters ``StringExporter`` and
``FileExporter`` with their options (``columns``, ``headers``,
``comments``, ``variations``).
"""

from __future__ import annotations

import abc
import logging
import typing

from ._tree import SKIP, VISITORS, Game, Headers

LOGGER = logging.getLogger("chess.pgn")

ResultT = typing.TypeVar("ResultT", covariant=True)
GameT = typing.TypeVar("GameT", bound=Game)
HeadersT = typing.TypeVar("HeadersT", bound=Headers)


class BaseVisitor(abc.ABC, typing.Generic[ResultT]):
    """What ``read_game`` and ``accept`` call, in PGN order. Every method
    but ``result`` (abstract) does nothing by default; ``handle_error``
    raises."""

    def begin_game(self):
        """A game starts; ``SKIP`` skips it."""

    def begin_headers(self):
        """The tags start; may return the ``Headers`` it fills."""

    def visit_header(self, tagname, tagvalue):
        """One tag pair."""

    def end_headers(self):
        """The tags end; ``SKIP`` skips the moves."""

    def begin_parse_san(self, board, san):
        """A move's text is read; ``SKIP`` leaves it unparsed."""

    def parse_san(self, board, san):
        """The move ``san`` stands for on ``board``."""
        return board.parse_san(san)

    def visit_move(self, board, move):
        """A move, played from ``board`` (which must be left as it is)."""

    def visit_board(self, board):
        """The start position and the position after each move."""

    def visit_comment(self, comment):
        """A comment."""

    def visit_nag(self, nag):
        """A numeric annotation glyph."""

    def begin_variation(self):
        """A side variation starts; ``SKIP`` skips it."""

    def end_variation(self):
        """The side variation ends."""

    def visit_result(self, result):
        """The game's result."""

    def end_game(self):
        """The game ends."""

    @abc.abstractmethod
    def result(self):
        """What the visit made."""

    def handle_error(self, error):
        """An error met while reading (an illegal move, a bad FEN tag)."""
        raise error


class GameBuilder(BaseVisitor[GameT]):
    """Builds a ``Game`` (or a ``Game`` subclass given as ``Game``): the
    default visitor of ``read_game``. Errors go to ``game.errors`` and to
    the ``chess.pgn`` logger."""

    def __init__(self, *, Game=Game):  # noqa: N803 (python-chess's keyword)
        self.Game = Game

    def begin_game(self):
        self.game = self.Game()
        self.variation_stack = [self.game]
        self.starting_comment = ""
        self.in_variation = False

    def begin_headers(self):
        return self.game.headers

    def visit_header(self, tagname, tagvalue):
        self.game.headers[tagname] = tagvalue

    def visit_nag(self, nag):
        self.variation_stack[-1].nags.add(nag)

    def begin_variation(self):
        parent = self.variation_stack[-1].parent
        assert parent is not None, "begin_variation called, but root node on top of stack"
        self.variation_stack.append(parent)
        self.in_variation = False

    def end_variation(self):
        self.variation_stack.pop()

    def visit_result(self, result):
        if self.game.headers.get("Result", "*") == "*":
            self.game.headers["Result"] = result

    def visit_comment(self, comment):
        top = self.variation_stack[-1]
        if self.in_variation or (top.parent is None and top.is_end()):
            top.comment = _joined(top.comment, comment)
        else:
            self.starting_comment = _joined(self.starting_comment, comment)

    def visit_move(self, board, move):
        node = self.variation_stack[-1].add_variation(move)
        node.starting_comment = self.starting_comment
        self.variation_stack[-1] = node
        self.starting_comment = ""
        self.in_variation = True

    def handle_error(self, error):
        """Appends ``error`` to ``game.errors`` and logs it."""
        LOGGER.error("%s while parsing %r", error, self.game)
        self.game.errors.append(error)

    def result(self):
        """The game built."""
        return self.game


def _joined(first, second):
    """Two comments joined by a space, an empty one left out."""
    if first and second:
        return f"{first} {second}"
    return first or second


class HeadersBuilder(BaseVisitor[HeadersT]):
    """Reads a game's tags into ``Headers`` (or the class given as
    ``Headers``) and skips its moves."""

    def __init__(self, *, Headers=Headers):  # noqa: N803 (python-chess's keyword)
        self.Headers = Headers

    def begin_headers(self):
        self.headers = self.Headers({})
        return self.headers

    def visit_header(self, tagname, tagvalue):
        self.headers[tagname] = tagvalue

    def end_headers(self):
        return SKIP

    def result(self):
        """The tags read."""
        return self.headers


class BoardBuilder(BaseVisitor):
    """The board at the end of the mainline, the mainline on its stack."""

    def begin_game(self):
        self.skip_variation_depth = 0

    def begin_variation(self):
        self.skip_variation_depth += 1
        return SKIP

    def end_variation(self):
        self.skip_variation_depth = max(self.skip_variation_depth - 1, 0)

    def visit_board(self, board):
        if not self.skip_variation_depth:
            self.board = board

    def result(self):
        """The final board."""
        return self.board


class SkipVisitor(BaseVisitor):
    """Skips a game; its result is ``True``."""

    def begin_game(self):
        return SKIP

    def end_headers(self):
        return SKIP

    def begin_variation(self):
        return SKIP

    def result(self):
        """``True``."""
        return True


class StringExporterMixin:
    """PGN text of what is visited, ``columns`` wide (``None``: movetext on
    one line), with or without ``headers``, ``comments`` and
    ``variations``. The lines go to ``write_line``/``flush_current_line``."""

    def __init__(self, *, columns=80, headers=True, comments=True, variations=True):
        self.columns = columns
        self.headers = headers
        self.comments = comments
        self.variations = variations
        self.found_headers = False
        self.force_movenumber = True
        self.lines = []
        self.current_line = ""
        self.variation_depth = 0

    def flush_current_line(self):
        """Ends the current movetext line."""
        if self.current_line:
            self.lines.append(self.current_line.rstrip())
        self.current_line = ""

    def write_token(self, token):
        """Adds ``token`` to the movetext, starting a new line when it would
        pass ``columns``."""
        if self.columns is not None and self.columns - len(self.current_line) < len(token):
            self.flush_current_line()
        self.current_line += token

    def write_line(self, line=""):
        """Writes a whole line."""
        self.flush_current_line()
        self.lines.append(line.rstrip())

    def end_game(self):
        self.write_line()

    def begin_headers(self):
        self.found_headers = False

    def visit_header(self, tagname, tagvalue):
        if self.headers:
            self.found_headers = True
            self.write_line(f'[{tagname} "{tagvalue}"]')

    def end_headers(self):
        if self.found_headers:
            self.write_line()

    def begin_variation(self):
        self.variation_depth += 1
        if not self.variations:
            return SKIP
        self.write_token("( ")
        self.force_movenumber = True
        return None

    def end_variation(self):
        self.variation_depth -= 1
        if self.variations:
            self.write_token(") ")
            self.force_movenumber = True

    def visit_comment(self, comment):
        if self.comments and (self.variations or not self.variation_depth):
            self.write_token("{ " + comment.replace("}", "").strip() + " } ")
            self.force_movenumber = True

    def visit_nag(self, nag):
        if self.comments and (self.variations or not self.variation_depth):
            self.write_token(f"${nag} ")

    def visit_move(self, board, move):
        if self.variations or not self.variation_depth:
            if board.turn:
                self.write_token(f"{board.fullmove_number}. ")
            elif self.force_movenumber:
                self.write_token(f"{board.fullmove_number}... ")
            self.write_token(board.san(move) + " ")
            self.force_movenumber = False

    def visit_result(self, result):
        self.write_token(result + " ")


class StringExporter(StringExporterMixin, BaseVisitor):
    """A game as PGN text (``str(exporter)`` or the visit's result), with
    no line end at its end."""

    def result(self):
        """The text."""
        lines = self.lines
        if self.current_line:
            lines = [*lines, self.current_line.rstrip()]
        return "\n".join(lines).rstrip()

    def __str__(self):
        return self.result()


class FileExporter(StringExporterMixin, BaseVisitor):
    """Writes games as PGN to a text file ``handle``, a blank line after
    each; the visit's result is the number of characters written."""

    def __init__(self, handle, *, columns=80, headers=True, comments=True, variations=True):
        super().__init__(columns=columns, headers=headers, comments=comments, variations=variations)
        self.handle = handle

    def begin_game(self):
        self.written = 0
        super().begin_game()

    def flush_current_line(self):
        if self.current_line:
            self.written += self.handle.write(self.current_line.rstrip())
            self.written += self.handle.write("\n")
        self.current_line = ""

    def write_line(self, line=""):
        self.flush_current_line()
        self.written += self.handle.write(line.rstrip())
        self.written += self.handle.write("\n")

    def result(self):
        """Characters written for the game."""
        return self.written

    def __repr__(self):
        return f"<FileExporter at {id(self):#x}>"

    def __str__(self):
        return self.__repr__()


# The tree's own uses of the visitors (see ``_tree.VISITORS``).
VISITORS.game_builder = GameBuilder
VISITORS.headers_builder = HeadersBuilder
VISITORS.string_exporter = StringExporter
