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
