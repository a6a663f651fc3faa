"""The `Board` methods defined with the C API (crates/python/src/board/capi_queries.rs:
`piece_at`, `piece_type_at`, `color_at`, `pieces`, `attacks`, `attackers`,
`is_attacked_by`, `copy`) and the `SquareSet` slots, against python-chess:
the same answers on positions along random games, the same answers by
position and by keyword, the same exception types for wrong arguments, and
subclasses served as python-chess serves them."""

import random

import chess
import pytest

import bitmoves


def game_fens(seed, plies=60):
    """The FENs along a seeded random game, played with python-chess."""
    rng = random.Random(seed)
    board = chess.Board()
    fens = [board.fen()]
    for _ in range(plies):
        moves = sorted(board.legal_moves, key=lambda move: move.uci())
        if not moves:
            break
        board.push(rng.choice(moves))
        fens.append(board.fen())
    return fens


FENS = [fen for seed in range(4) for fen in game_fens(seed)] + [
    # Positions off the core (the core's rules engine): no kings, pawns on the
    # back rank, the side not to move in check.
    "8/8/8/8/8/8/8/8 w - - 0 1",
    "P3k3/8/8/8/8/8/8/4K2p w - - 0 1",
    "4k3/8/8/8/8/8/4r3/4K3 b - - 0 1",
]


def piece(value):
    return None if value is None else value.symbol()


def sets(value):
    assert isinstance(value, bitmoves.SquareSet)
    return int(value)


@pytest.mark.parametrize("fen", FENS)
def test_square_questions_equal_python_chess(fen):
    ours, theirs = bitmoves.Board(fen), chess.Board(fen)
    for square in range(64):
        assert piece(ours.piece_at(square)) == piece(theirs.piece_at(square))
        assert ours.piece_type_at(square) == theirs.piece_type_at(square)
        assert ours.color_at(square) == theirs.color_at(square)
        assert sets(ours.attacks(square)) == int(theirs.attacks(square))
        for color in (chess.WHITE, chess.BLACK):
            assert sets(ours.attackers(color, square)) == int(theirs.attackers(color, square))
            assert ours.is_attacked_by(color, square) is theirs.is_attacked_by(color, square)
    for piece_type in chess.PIECE_TYPES:
        for color in (chess.WHITE, chess.BLACK):
            assert sets(ours.pieces(piece_type, color)) == int(theirs.pieces(piece_type, color))


@pytest.mark.parametrize("fen", FENS[::7])
def test_attackers_through_occupied_equal_python_chess(fen):
    ours, theirs = bitmoves.Board(fen), chess.Board(fen)
    rng = random.Random(fen)
    for _ in range(20):
        occupied = rng.getrandbits(64) & theirs.occupied
        square, color = rng.randrange(64), rng.choice([True, False])
        expected = int(theirs.attackers(color, square, occupied))
        for given in (occupied, chess.SquareSet(occupied), bitmoves.SquareSet(occupied), list(chess.SquareSet(occupied))):
            assert int(ours.attackers(color, square, given)) == expected
            assert int(ours.attackers(color, square, occupied=given)) == expected
            assert ours.is_attacked_by(color, square, given) is theirs.is_attacked_by(color, square, occupied)
        assert ours.attackers_mask(color, square, occupied) == theirs.attackers_mask(color, square, occupied)
        assert int(ours.attackers(color, square, None)) == int(theirs.attackers(color, square))


def test_pieces_are_shared_and_equal():
    board = bitmoves.Board()
    assert board.piece_at(chess.E1) == bitmoves.Piece(chess.KING, chess.WHITE)
    assert board.piece_at(chess.E1) is board.piece_at(chess.E1)
    assert board.piece_at(chess.E4) is None
    assert isinstance(board.piece_type_at(chess.E8), int) and board.piece_type_at(chess.E8) == 6
    assert board.color_at(chess.E8) is False and board.color_at(chess.E1) is True


def test_keywords_equal_positions():
    board = bitmoves.Board()
    assert board.piece_at(square=chess.E1) == board.piece_at(chess.E1)
    assert int(board.pieces(piece_type=chess.PAWN, color=chess.WHITE)) == chess.BB_RANK_2
    assert int(board.pieces(chess.PAWN, color=chess.BLACK)) == chess.BB_RANK_7
    assert int(board.attacks(square=chess.G1)) == int(chess.Board().attacks(chess.G1))
    assert int(board.attackers(color=chess.WHITE, square=chess.F3)) == int(
        chess.Board().attackers(chess.WHITE, chess.F3)
    )
    assert board.is_attacked_by(square=chess.F3, color=chess.WHITE) is True
    assert board.copy(stack=False) == board


# (call, the exception python-chess raises for it, or None where both
# refuse the arguments with TypeError before reading them).
BAD_CALLS = [
    (lambda b: b.piece_at(64), IndexError),
    (lambda b: b.piece_type_at(99), IndexError),
    (lambda b: b.color_at(2**70), IndexError),
    (lambda b: b.attacks(64), IndexError),
    (lambda b: b.attackers(chess.WHITE, 64), IndexError),
    (lambda b: b.is_attacked_by(chess.WHITE, 64), IndexError),
    (lambda b: b.piece_at("e4"), TypeError),
    (lambda b: b.attacks(None), TypeError),
    (lambda b: b.attacks(1.5), TypeError),
]


@pytest.mark.parametrize("index", range(len(BAD_CALLS)))
def test_bad_arguments_raise_what_python_chess_raises(index):
    call, error = BAD_CALLS[index]
    with pytest.raises(error):
        call(chess.Board())
    with pytest.raises(error):
        call(bitmoves.Board())


@pytest.mark.parametrize(
    "call",
    [
        lambda b: b.piece_at(),
        lambda b: b.piece_at(1, 2),
        lambda b: b.piece_at(squares=1),
        lambda b: b.piece_at(1, square=1),
        lambda b: b.pieces(chess.PAWN),
        lambda b: b.attackers(chess.WHITE),
        lambda b: b.is_attacked_by(chess.WHITE, 1, None, 2),
        lambda b: b.attackers(chess.WHITE, 1, occupy=0),
        lambda b: b.copy(True),
        lambda b: b.copy(stacks=True),
    ],
)
def test_wrong_argument_counts_and_names_are_type_errors(call):
    with pytest.raises(TypeError):
        call(chess.Board())
    with pytest.raises(TypeError):
        call(bitmoves.Board())


def test_methods_take_only_boards():
    with pytest.raises(TypeError):
        bitmoves.Board.attacks(bitmoves.BaseBoard(), 0)
    with pytest.raises(TypeError):
        bitmoves.Board.copy(chess.Board())


def test_copy_keeps_stack_as_python_chess():
    ours, theirs = bitmoves.Board(), chess.Board()
    for uci in ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"]:
        ours.push_uci(uci)
        theirs.push_uci(uci)
    for stack in ("missing", None, True, False, 0, 2, 9, -1, -3, -9, 2**70, -2**70):
        kwargs = {} if stack == "missing" else {"stack": stack}
        copy, expected = ours.copy(**kwargs), theirs.copy(**kwargs)
        assert type(copy) is bitmoves.Board
        assert [m.uci() for m in copy.move_stack] == [m.uci() for m in expected.move_stack]
        assert copy.fen() == expected.fen()
        assert copy.root().fen() == expected.root().fen()
    copy = ours.copy()
    copy.pop()
    assert len(ours.move_stack) == 5 and len(copy.move_stack) == 4
    copy.push_uci("f1c4")
    assert ours.peek().uci() == "f1b5"
    assert sorted(m.uci() for m in copy.legal_moves) == sorted(
        m.uci() for m in chess.Board(copy.fen()).legal_moves
    )


def test_copy_of_a_general_position_keeps_it():
    fen = "P3k3/8/8/8/8/8/8/4K2p w - - 0 1"
    ours = bitmoves.Board(fen)
    ours.push_uci("e1d1")
    copy = ours.copy()
    assert copy.fen() == ours.fen() and copy.move_stack == ours.move_stack
    copy.pop()
    assert copy.fen() == fen


class MyBoard(bitmoves.Board):
    """A subclass overriding one fast method and inheriting the others."""

    def piece_at(self, square):
        return "mine"


def test_subclasses_inherit_and_override_the_fast_methods():
    board = MyBoard()
    assert board.piece_at(chess.E1) == "mine"
    assert board.piece_type_at(chess.E1) == chess.KING
    assert int(board.attacks(chess.G1)) == int(chess.Board().attacks(chess.G1))
    assert board.is_attacked_by(chess.WHITE, chess.F3)
    board.push_uci("e2e4")
    copy = board.copy()
    assert type(copy) is MyBoard and copy.move_stack == board.move_stack
    assert type(board.copy(stack=False)) is MyBoard and not board.copy(stack=False).move_stack


class MySet(bitmoves.SquareSet):
    pass


def test_square_set_slots_equal_python_chess():
    rng = random.Random(7)
    for _ in range(200):
        x, y = rng.getrandbits(64), rng.getrandbits(64)
        for make in (bitmoves.SquareSet, MySet):
            a, b = make(x), make(y)
            c, d = chess.SquareSet(x), chess.SquareSet(y)
            assert len(a) == len(c) and bool(a) == bool(c)
            assert int(a & b) == int(c & d) and int(a | y) == int(c | y)
            assert int(a ^ b) == int(c ^ d) and int(a - b) == int(c - d)
            for square in (0, 27, 63, -1, -64):
                assert (square in a) == (square in c)
            a.add(27)
            c.add(27)
            a.discard(0)
            c.discard(0)
            assert int(a) == int(c)
    assert not bitmoves.SquareSet() and len(bitmoves.SquareSet()) == 0


@pytest.mark.parametrize(
    "call, error",
    [
        (lambda s: s.add(64), IndexError),
        (lambda s: s.discard(-65), IndexError),
        (lambda s: s.add("e4"), TypeError),
        (lambda s: s & "x", TypeError),
        (lambda s: s | [64], IndexError),
        (lambda s: s.issubset(None), TypeError),
    ],
)
def test_square_set_bad_arguments(call, error):
    for module in (chess, bitmoves):
        with pytest.raises(error):
            call(module.SquareSet(0xFF))
