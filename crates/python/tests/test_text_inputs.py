"""Text arguments as python-chess takes them: lone surrogates (a file read
with `errors="surrogateescape"`), bytes, NUL and other objects given to the
entry points that read FEN, EPD, SAN and UCI raise the exception type
python-chess raises for the same input, never `UnicodeEncodeError` or a
`PanicException`."""

import chess
import pytest

import bitmoves

VALUES = {
    "bytes": b"e2e4",
    "bytes_fen": b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "bytes_one_field": b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
    "surrogate": "e\ud8004",
    "surrogate_san": "Nf\udcfc3",
    "surrogate_fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\udcfc",
    "surrogate_board": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\udcfc",
    "nul": "e2\x00e4",
    "list": ["e2e4"],
}


def entry_points(package):
    return {
        "Board": lambda v: package.Board(v),
        "Board_chess960": lambda v: package.Board(v, chess960=True),
        "set_fen": lambda v: package.Board().set_fen(v),
        "set_epd": lambda v: package.Board().set_epd(v),
        "from_epd": lambda v: package.Board.from_epd(v),
        "set_board_fen": lambda v: package.Board().set_board_fen(v),
        "set_castling_fen": lambda v: package.Board().set_castling_fen(v),
        "BaseBoard_set_board_fen": lambda v: package.BaseBoard().set_board_fen(v),
        "parse_san": lambda v: package.Board().parse_san(v),
        "push_san": lambda v: package.Board().push_san(v),
        "parse_uci": lambda v: package.Board().parse_uci(v),
        "push_uci": lambda v: package.Board().push_uci(v),
        "parse_xboard": lambda v: package.Board().parse_xboard(v),
        "push_xboard": lambda v: package.Board().push_xboard(v),
        "from_uci": lambda v: package.Move.from_uci(v),
    }


def raised(call, value):
    try:
        call(value)
    except Exception as error:  # noqa: BLE001 (the type is what is compared)
        return type(error)
    return None


def same_type(ours, theirs):
    """bitmoves' exception class is python-chess's, by name (the classes
    are each package's own)."""
    return (ours and ours.__name__) == (theirs and theirs.__name__)


@pytest.mark.parametrize("entry", sorted(entry_points(chess)))
@pytest.mark.parametrize("kind", sorted(VALUES))
def test_text_errors_are_python_chess_types(entry, kind):
    theirs = raised(entry_points(chess)[entry], VALUES[kind])
    ours = raised(entry_points(bitmoves)[entry], VALUES[kind])
    if entry == "BaseBoard_set_board_fen" and kind == "list":
        pytest.skip("python-chess's AttributeError from list.strip")
    if kind == "list" and entry in ("Board", "Board_chess960", "set_fen", "set_epd", "from_epd", "set_board_fen"):
        assert ours is TypeError  # python-chess: AttributeError of list.split, an accident
        return
    assert same_type(ours, theirs), f"{entry}({kind!r}): bitmoves {ours}, python-chess {theirs}"


def test_named_cases():
    with pytest.raises(bitmoves.InvalidMoveError):
        bitmoves.Board().push_san("e\ud8004")
    with pytest.raises(ValueError):
        bitmoves.Board(b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    with pytest.raises(bitmoves.InvalidMoveError):
        bitmoves.Move.from_uci(b"e2e4")


# A PGN file in Latin-1, read as UTF-8 with `errors="surrogateescape"`:
# each non-ASCII byte becomes a lone surrogate (`M\udcfcller`), in tags,
# comments, a variation's comment, a SAN token (`N\udcfcc6`: python-chess's
# tokenizer then reads `c6`), a FEN tag (the game's error: ValueError) and
# a game holding none, after them.
SURROGATE_PGN = (
    b'[Event "T\xfcrnier"]\n[White "M\xfcller"]\n[Black "B"]\n[Result "*"]\n\n'
    b"1. e4 {sch\xf6n} e5 (1... c5 {gut\xe9} 2. Nf3) 2. Nf3 N\xfcc6 3. Bb5 {\xe9} *\n\n"
    b'[White "Zw\xf6lf"]\n[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\xfc w KQkq - 0 1"]\n\n1. e4 *\n\n'
    b'[White "Drei"]\n[Black "\xff\xfe"]\n\n1. e4 e5 Q\xe4h5 *\n\n'
    b'[White "Vier"]\n\n1. d4 {ok} d5 *\n'
)


def game_summary(game):
    """A game's headers, errors (type names) and every node's move and
    comments, depth first."""
    if game is None:
        return None
    nodes = []
    stack = [game]
    while stack:
        node = stack.pop()
        nodes.append((node.move and node.move.uci(), node.comment, node.starting_comment if node.parent else ""))
        stack.extend(reversed(node.variations))
    return dict(game.headers), [type(error).__name__ for error in game.errors], nodes


def surrogate_handles(tmp_path):
    """The file opened with surrogateescape, and its text in a StringIO."""
    path = tmp_path / "latin1.pgn"
    path.write_bytes(SURROGATE_PGN)
    text = SURROGATE_PGN.decode("utf-8", "surrogateescape")
    return [
        lambda: open(path, encoding="utf-8", errors="surrogateescape"),
        lambda: __import__("io").StringIO(text),
    ]


def read_all(pgn, handle):
    games = []
    with handle:
        while True:
            game = pgn.read_game(handle)
            games.append(game_summary(game))
            if game is None:
                return games


def test_read_game_passes_surrogates_as_python_chess(tmp_path):
    import chess.pgn

    from bitmoves import pgn

    for opener in surrogate_handles(tmp_path):
        theirs = read_all(chess.pgn, opener())
        ours = read_all(pgn, opener())
        assert theirs[0][0]["White"] == "M\udcfcller"
        assert ours == theirs


def test_read_game_with_visitors_passes_surrogates(tmp_path):
    import chess.pgn

    from bitmoves import pgn

    for opener in surrogate_handles(tmp_path):
        for package in (chess.pgn, pgn):
            with opener() as handle:
                exported = []
                while True:
                    try:
                        text = package.read_game(handle, Visitor=package.StringExporter)
                    except ValueError as error:  # the bad FEN tag: raised, as the visitor's
                        exported.append(type(error).__name__)
                        break
                    if text is None:
                        break
                    exported.append(text)
            if package is chess.pgn:
                theirs = exported
                assert theirs[-1] == "ValueError" and "M\udcfcller" in theirs[0]
            else:
                assert exported == theirs


def test_read_headers_and_skip_game_pass_surrogates(tmp_path):
    import chess.pgn

    from bitmoves import pgn

    def walk(package, handle):
        out = []
        with handle:
            out.append(dict(package.read_headers(handle)))
            out.append(package.skip_game(handle))
            out.append(dict(package.read_headers(handle)))
            out.append(package.skip_game(handle))
            out.append(package.read_headers(handle))
            out.append(package.skip_game(handle))
        return out

    for opener in surrogate_handles(tmp_path):
        theirs = walk(chess.pgn, opener())
        assert walk(pgn, opener()) == theirs
        assert theirs[0]["White"] == "M\udcfcller"


class LineHandle:
    """A text handle that is neither a file nor a `StringIO`: `readline`
    only, no `seek`, no `errors` (a socket's or a decoder's lines)."""

    def __init__(self, text):
        self.lines = text.splitlines(keepends=True)

    def readline(self):
        return self.lines.pop(0) if self.lines else ""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def test_read_game_from_any_handle_passes_surrogates():
    """Lone surrogates in tags, comments and moves of a handle that is not
    a file or a `StringIO` (read natively until a surrogate, then the
    game again in Python from the lines kept): the games python-chess
    reads, in order, the handle left where python-chess leaves it."""
    import chess.pgn

    from bitmoves import pgn

    text = SURROGATE_PGN.decode("utf-8", "surrogateescape")
    theirs = read_all(chess.pgn, LineHandle(text))
    ours = read_all(pgn, LineHandle(text))
    assert theirs[0][0]["White"] == "M\udcfcller"
    assert ours == theirs
    # A surrogate only in the second game's last line, and in a tag of
    # the last game.
    tail = "[White \"A\"]\n\n1. e4 e5 *\n\n[White \"B\"]\n\n1. d4 {x\udcfc} *\n\n[White \"C\udcfc\"]\n\n1. c4 *\n"
    assert read_all(pgn, LineHandle(tail)) == read_all(chess.pgn, LineHandle(tail))


SURROGATE_TEXTS = [
    "e\ud8004",
    "Nf\udcfc3",
    "K\udcfc",
    "\ud800\udc00",  # a pair, kept as two lone surrogates
    "\ufffd\udcfc",  # U+FFFD itself beside a surrogate
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\udcfc",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\udcfc w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR \udcfc KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ\udcfck - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq \udcfc 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - \udcfc 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\udcfc",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - c0 \"M\udcfcller\"; id \"\udcfc\";",
]


def outcome(call, value):
    """`(exception type name, message)`, or `("ok", repr(result))`."""
    try:
        result = call(value)
    except Exception as error:  # noqa: BLE001 (type and message are compared)
        return type(error).__name__, str(error)
    return "ok", repr(result[1]) if isinstance(result, tuple) else repr(result)


@pytest.mark.parametrize("entry", sorted(entry_points(chess)))
def test_surrogates_in_error_messages_as_python_chess(entry):
    """An error about text holding lone surrogates names them as
    python-chess's message does (`'Nf\\udcfc3'`, not U+FFFD); an EPD's
    operations keep them."""
    for value in SURROGATE_TEXTS:
        theirs = outcome(entry_points(chess)[entry], value)
        ours = outcome(entry_points(bitmoves)[entry], value)
        assert ours == theirs, ascii(value)
    # A private-use character of the stand-ins' range beside a surrogate:
    # the error python-chess raises (its message's quoting of a character
    # Python does not print is the SAN and FEN readers' own).
    value = "\U000f00fc\udcfc"
    theirs = outcome(entry_points(chess)[entry], value)
    assert outcome(entry_points(bitmoves)[entry], value)[0] == theirs[0]
