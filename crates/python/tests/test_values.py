"""The values layer against python-chess, side by side: every public name
of python-chess's ``chess`` module, the square and bitboard functions on
all squares, every move and piece."""

import copy
import pickle
import random
import re
import types
import typing

import chess
import pytest

import bitmoves

# Names of python-chess's `chess` module that other parts of bitmoves
# provide; each is checked where it is added.
ADDED_ELSEWHERE = {
    "BaseBoard",  # the board (bitmoves.BaseBoard), added with the board's BaseBoard API
    "PseudoLegalMoveGenerator",  # board.pseudo_legal_moves, added with the board's move generators
}


def public_names():
    """python-chess's public names, but the modules and typing helpers it
    imports (`re`, `typing.List`, ...)."""
    for name in dir(chess):
        value = getattr(chess, name)
        if name.startswith("_") or isinstance(value, types.ModuleType) or name == "annotations":
            continue
        if getattr(typing, name, None) is value:
            continue
        yield name, value


def test_every_public_name_of_python_chess_is_there():
    missing = [name for name, _ in public_names() if not hasattr(bitmoves, name) and name not in ADDED_ELSEWHERE]
    assert not missing


CONSTANT_TYPES = (bool, int, str, list, dict, tuple, type(None), re.Pattern)


def test_constants_equal_python_chess():
    compared = 0
    for name, theirs in public_names():
        if isinstance(theirs, CONSTANT_TYPES):
            ours = getattr(bitmoves, name)
            assert ours == theirs, name
            if isinstance(theirs, chess.Status):
                assert isinstance(ours, bitmoves.Status) and ours.name == theirs.name, name
            else:
                assert type(ours) is type(theirs), name
            compared += 1
    assert compared > 200


def test_status_flags():
    assert [(s.name, s.value) for s in bitmoves.Status] == [(s.name, s.value) for s in chess.Status]
    assert issubclass(bitmoves.Status, int)
    assert bitmoves.STATUS_VALID == 0 and bitmoves.STATUS_IMPOSSIBLE_CHECK == chess.STATUS_IMPOSSIBLE_CHECK
    assert bitmoves.STATUS_EMPTY | bitmoves.STATUS_NO_WHITE_KING == chess.STATUS_EMPTY | chess.STATUS_NO_WHITE_KING


def test_type_aliases():
    for name in ["Color", "PieceType", "Square", "Bitboard", "ColorName", "IntoSquareSet", "EnPassantSpec"]:
        assert getattr(bitmoves, name) == getattr(chess, name), name


def test_square_functions_on_all_squares():
    for a in chess.SQUARES:
        for b in chess.SQUARES:
            for name in ["square_distance", "square_manhattan_distance", "square_knight_distance", "ray", "between"]:
                assert getattr(bitmoves, name)(a, b) == getattr(chess, name)(a, b), (name, a, b)
    # python-chess computes distances for any ints.
    for a, b in [(-1, 70), (100, 3), (-9, -17)]:
        assert bitmoves.square_distance(a, b) == chess.square_distance(a, b)
        assert bitmoves.square_manhattan_distance(a, b) == chess.square_manhattan_distance(a, b)
    for library in (chess, bitmoves):
        with pytest.raises(IndexError):
            library.ray(0, 64)
        with pytest.raises(IndexError):
            library.square_knight_distance(chess.G8, 71)  # one diagonal step: looked up in the corners


def bitboards():
    rng = random.Random(7)
    yield from [0, (1 << 64) - 1, chess.BB_LIGHT_SQUARES, chess.BB_CORNERS]
    yield from chess.BB_SQUARES
    for _ in range(300):
        yield rng.getrandbits(64) & rng.getrandbits(64)


BITBOARD_FUNCTIONS = [
    "lsb", "msb", "popcount", "flip_vertical", "flip_horizontal", "flip_diagonal", "flip_anti_diagonal",
    "shift_down", "shift_2_down", "shift_up", "shift_2_up", "shift_right", "shift_2_right", "shift_left",
    "shift_2_left", "shift_up_left", "shift_up_right", "shift_down_left", "shift_down_right",
]


def test_bitboard_functions():
    for bb in bitboards():
        for name in BITBOARD_FUNCTIONS:
            assert getattr(bitmoves, name)(bb) == getattr(chess, name)(bb), (name, hex(bb))
        assert list(bitmoves.scan_forward(bb)) == list(chess.scan_forward(bb))
        assert list(bitmoves.scan_reversed(bb)) == list(chess.scan_reversed(bb))
    # A SquareSet is a bitboard too (it has __index__).
    assert bitmoves.lsb(bitmoves.SquareSet(chess.BB_E4)) == chess.E4
    with pytest.raises(ValueError):
        bitmoves.popcount(-1)
    with pytest.raises(ValueError):
        bitmoves.lsb(1 << 64)
    with pytest.raises(TypeError):
        bitmoves.msb("e4")


def all_moves(library):
    """Every move of the shared table (promotions included, a1a1 is the
    null move), and every drop."""
    for promotion in [None, *chess.PIECE_TYPES]:
        for from_square in chess.SQUARES:
            for to_square in chess.SQUARES:
                yield library.Move(from_square, to_square, promotion)
    for drop in chess.PIECE_TYPES:
        for square in chess.SQUARES:
            yield library.Move(square, square, drop=drop)


def move_view(move):
    return (move.from_square, move.to_square, move.promotion, move.drop, move.uci(), move.xboard(),
            str(move), repr(move), bool(move), hash(move))


def test_every_move_as_python_chess():
    for ours, theirs in zip(all_moves(bitmoves), all_moves(chess)):
        assert move_view(ours) == move_view(theirs)
        if ours.drop or ours.from_square != ours.to_square:
            assert bitmoves.Move.from_uci(theirs.uci()) == ours


def test_shared_moves_equal_new_ones():
    board = bitmoves.Board()
    listed = {move: True for move in board.legal_moves}
    assert bitmoves.Move.from_uci("e2e4") in listed
    assert hash(next(iter(board.legal_moves))) == hash(chess.Move.from_uci(next(iter(board.legal_moves)).uci()))


@pytest.mark.parametrize(
    "text",
    ["b5c7", "e7e8q", "e7e8k", "e7e8p", "P@e4", "B@f4", "K@a1", "p@e4", "0000", "", "N", "z1g3", "Q@g9", "e2e2",
     "e7e8Q", "e2e4 ", "E2E4", "a1a9", "@@@@", "N@e44", "n@e4x", "é2e4", "e2é4", "e2e4qq", "x@e4", "P@E4", "00000"],
)
def test_from_uci_as_python_chess(text):
    try:
        theirs = chess.Move.from_uci(text)
    except chess.InvalidMoveError:
        with pytest.raises(bitmoves.InvalidMoveError):
            bitmoves.Move.from_uci(text)
    else:
        assert move_view(bitmoves.Move.from_uci(text)) == move_view(theirs)


def test_move_values():
    assert not bitmoves.Move.null() and bitmoves.Move(chess.E4, chess.E4)  # only a1a1 is null
    assert bitmoves.Move(0, 0, chess.QUEEN).uci() == "a1a1q"
    drop = bitmoves.Move.from_uci("N@f3")
    assert (drop.from_square, drop.to_square, drop.drop) == (chess.F3, chess.F3, chess.KNIGHT)
    assert drop != bitmoves.Move(chess.F3, chess.F3)
    for move in [drop, bitmoves.Move.from_uci("g7g8r"), bitmoves.Move.null()]:
        assert copy.copy(move) == move and pickle.loads(pickle.dumps(move)) == move
    with pytest.raises(IndexError):
        bitmoves.Move(64, 0)
    with pytest.raises(ValueError):
        bitmoves.Move(0, 1, promotion=7)
    with pytest.raises(ValueError):
        bitmoves.Move(0, 0, drop=0)
    assert bitmoves.Move(0, 1) != chess.Move(0, 1)  # different classes


def test_a_drop_is_no_legal_move():
    board = bitmoves.Board()
    drop = bitmoves.Move.from_uci("N@e4")
    assert drop not in board.legal_moves and not board.is_legal(drop)
    with pytest.raises(bitmoves.IllegalMoveError):
        board.push(drop)


def all_pieces(library):
    for color in chess.COLORS:
        for piece_type in chess.PIECE_TYPES:
            yield library.Piece(piece_type, color)


def test_every_piece_as_python_chess():
    for ours, theirs in zip(all_pieces(bitmoves), all_pieces(chess)):
        view = lambda p: (p.piece_type, p.color, p.symbol(), p.unicode_symbol(),  # noqa: E731
                          p.unicode_symbol(invert_color=True), str(p), repr(p), hash(p))
        assert view(ours) == view(theirs)
        assert bitmoves.Piece.from_symbol(theirs.symbol()) == ours
        assert ours._repr_svg_() == theirs._repr_svg_()
    assert {hash(piece) for piece in all_pieces(bitmoves)} == set(range(12))


def test_piece_errors():
    for text in ["", "x", "PP", "1", " "]:
        with pytest.raises(ValueError):
            chess.Piece.from_symbol(text)
        with pytest.raises(ValueError):
            bitmoves.Piece.from_symbol(text)
    assert bitmoves.Piece(chess.PAWN, 1) == bitmoves.Piece(chess.PAWN, True)  # colour read as a truth value
    with pytest.raises(ValueError):
        bitmoves.Piece(0, True)


def test_square_set_svg_as_python_chess():
    squares = chess.BB_CENTER | chess.BB_A1
    assert bitmoves.SquareSet(squares)._repr_svg_() == chess.SquareSet(squares)._repr_svg_()
