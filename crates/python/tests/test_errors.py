"""Errors as python-chess raises them, wrong argument types, and no input
of any kind reaching a Rust panic (PanicException)."""

import inspect
import random

import chess
import pytest

import bitmoves


def test_exceptions_are_value_errors_like_python_chess():
    for name in ["InvalidMoveError", "IllegalMoveError", "AmbiguousMoveError"]:
        ours, theirs = getattr(bitmoves, name), getattr(chess, name)
        assert issubclass(ours, ValueError) and issubclass(theirs, ValueError)
        assert ours.__mro__[1] is ValueError


@pytest.mark.parametrize("method", ["parse_uci", "push_uci"])
def test_uci_errors(method):
    board = bitmoves.Board()
    for text in ["", "e2", "e2e9", "x2e4", "e2e4e", "a1a1", "e7e8Q", "é2e4", "e2e4qq"]:
        with pytest.raises(bitmoves.InvalidMoveError):
            getattr(board, method)(text)
        with pytest.raises(chess.InvalidMoveError):
            getattr(chess.Board(), method)(text)
    for text in ["e2e5", "e1g1", "e7e8k", "e7e5"]:
        with pytest.raises(bitmoves.IllegalMoveError):
            getattr(board, method)(text)
    assert board.fen() == bitmoves.STARTING_FEN


@pytest.mark.parametrize("method", ["parse_san", "push_san"])
def test_san_errors(method):
    board = bitmoves.Board("4k3/8/8/8/8/8/8/R4RK1 w - - 0 1")
    theirs = chess.Board("4k3/8/8/8/8/8/8/R4RK1 w - - 0 1")
    for text, error in [("Rd1", "AmbiguousMoveError"), ("O-O", "IllegalMoveError"),
                        ("Qd1", "IllegalMoveError"), ("Zz9", "InvalidMoveError"),
                        ("", "InvalidMoveError"), ("e9", "InvalidMoveError")]:
        with pytest.raises(getattr(bitmoves, error)):
            getattr(board, method)(text)
        with pytest.raises(getattr(chess, error)):
            getattr(theirs, method)(text)
    assert board.move_stack == []


def test_bad_fens_are_value_errors():
    for fen in ["", "nonsense", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "k7/8/8/8/8/8/8/K7 w - - -1 1",
                "k7/8/8/8/8/8/8/K7 w - - 0 1 extra", "9/8/8/8/8/8/8/8", "k7/8/8/8/8/8/8/K7 w KQkqkq"]:
        with pytest.raises(ValueError):
            bitmoves.Board(fen)
    # Positions python-chess holds but calls invalid are boards, as there.
    for fen in ["8/8/8/8/8/8/8/8 w - - 0 1", "kk6/8/8/8/8/8/8/K7 w - - 0 1", "p6k/8/8/8/8/8/8/K7 w - - 0 1"]:
        assert bitmoves.Board(fen).fen() == chess.Board(fen).fen()
        assert bitmoves.Board(fen).status() == chess.Board(fen).status() != 0
    assert bitmoves.Board(None) == bitmoves.Board.empty()
    board = bitmoves.Board()
    with pytest.raises(ValueError):
        board.set_fen("nonsense")
    assert board.fen() == bitmoves.STARTING_FEN


def test_pop_and_peek_on_an_empty_stack_are_index_errors():
    board = bitmoves.Board()
    with pytest.raises(IndexError):
        board.pop()
    with pytest.raises(IndexError):
        board.peek()
    with pytest.raises(IndexError):
        chess.Board().pop()


def test_push_refuses_illegal_moves_and_leaves_the_board():
    board = bitmoves.Board()
    for uci in ["e2e5", "e1e2", "a7a6", "g1g3"]:
        with pytest.raises(bitmoves.IllegalMoveError):
            board.push(bitmoves.Move.from_uci(uci))
    assert board.fen() == bitmoves.STARTING_FEN and board.move_stack == []
    # The null move in check passes the turn, as python-chess's does.
    checked = bitmoves.Board("4k3/8/8/8/8/8/8/4K2r w - - 0 1")
    checked.push(bitmoves.Move.null())
    assert checked.fen() == "4k3/8/8/8/8/8/8/4K2r b - - 1 1" and not checked.is_valid()


def test_square_and_piece_arguments_out_of_range():
    board = bitmoves.Board()
    for bad in [-1, 64, 1 << 70]:
        with pytest.raises((IndexError, OverflowError)):
            board.piece_at(bad)
        with pytest.raises((IndexError, OverflowError)):
            bitmoves.Move(bad, 0)
    for bad in [0, 7, -3]:
        with pytest.raises(ValueError):
            board.pieces(bad, True)
        with pytest.raises(ValueError):
            bitmoves.Move(52, 60, bad)
    with pytest.raises(ValueError):
        bitmoves.Board.from_chess960_pos(960)
    with pytest.raises(ValueError):
        bitmoves.Board.from_chess960_pos(-1)


def test_wrong_types_are_type_errors():
    board = bitmoves.Board()
    calls = [
        lambda: board.push("e2e4"),
        lambda: board.push(chess.Move.from_uci("e2e4")),
        lambda: board.push(None),
        lambda: board.piece_at("e4"),
        lambda: board.piece_at(4.0),
        lambda: board.push_uci(42),
        lambda: board.push_san(None),
        lambda: board.san("e4"),
        lambda: board.pieces("pawn", True),
        lambda: board.pieces(1, "white"),
        lambda: bitmoves.Board(42),
        lambda: bitmoves.Move("e2", "e4"),
        lambda: board.perft("3"),
        lambda: bitmoves.encode_planes([board, "not a board"]),
        lambda: bitmoves.encode_planes(42),
        lambda: bitmoves.encode_bitboards([None]),
        lambda: bitmoves.encode_state([chess.Board()]),
    ]
    for call in calls:
        with pytest.raises(TypeError):
            call()
    assert "not a board" not in bitmoves.Board().legal_moves
    assert chess.Move.from_uci("e2e4") not in bitmoves.Board().legal_moves


def test_perft_arguments():
    board = bitmoves.Board()
    for depth in [-1, 31]:
        with pytest.raises(ValueError):
            board.perft(depth)
    for threads in [0, -2, 257, 5000]:
        with pytest.raises(ValueError):
            board.perft(2, threads=threads)
    for size in [-1, "12X", "lots"]:
        with pytest.raises(ValueError):
            board.perft(2, hash=size)
    with pytest.raises(MemoryError):
        board.perft(2, hash=10)  # below one bucket
    with pytest.raises(ValueError):
        board.fen(en_passant="sometimes")


def test_fuzzed_inputs_never_panic():
    """Random text and ints to every method that takes them: any exception
    is a ValueError, IndexError, TypeError or OverflowError, never a
    PanicException (a BaseException that derives from none of these)."""
    rng = random.Random(7)
    alphabet = "abcdefgh12345678xKQRBNPkqrbnp=+#-O0/ @\u00e9\u2654"
    texts = ["".join(rng.choice(alphabet) for _ in range(rng.randrange(12))) for _ in range(3000)]
    ints = [rng.choice([-(1 << 70), -1, 0, 1, 63, 64, 65, 1 << 63, 1 << 64]) for _ in range(100)]
    allowed = (ValueError, IndexError, TypeError, OverflowError)
    board = bitmoves.Board("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
    for text in texts:
        for call in (board.parse_san, board.parse_uci, bitmoves.Move.from_uci, bitmoves.Board,
                     bitmoves.Piece.from_symbol, lambda t: bitmoves.Board(t + " w - - 0 1")):
            try:
                call(text)
            except allowed:
                pass
    for value in ints:
        for call in (board.piece_at, board.king, lambda v: board.attackers(True, v),
                     lambda v: bitmoves.Move(v, v), lambda v: board.perft(v),
                     lambda v: bitmoves.Board.from_chess960_pos(v), lambda v: board.copy(stack=v)):
            try:
                call(value)
            except allowed:
                pass


def test_push_takes_one_move_by_position_or_keyword():
    """`push` is defined with the C API (crates/python/src/board/capi_push.rs): it
    takes the move as python-chess's does, by position or as `move=`, and
    refuses anything else with TypeError, the board unchanged."""
    board = bitmoves.Board()
    board.push(bitmoves.Move.from_uci("e2e4"))
    board.push(move=bitmoves.Move.from_uci("e7e5"))
    bitmoves.Board.push(board, bitmoves.Move.from_uci("g1f3"))
    assert [m.uci() for m in board.move_stack] == ["e2e4", "e7e5", "g1f3"]
    e5 = bitmoves.Move.from_uci("b8c6")
    calls = [
        lambda: board.push(),
        lambda: board.push(e5, e5),
        lambda: board.push(e5, move=e5),
        lambda: board.push(mv=e5),
        lambda: board.push(e5, extra=1),
        lambda: bitmoves.Board.push("not a board", e5),
        lambda: bitmoves.Board.push(chess.Board(), e5),
    ]
    for call in calls:
        with pytest.raises(TypeError):
            call()
    assert len(board.move_stack) == 3
    with pytest.raises(bitmoves.IllegalMoveError):
        board.push(move=bitmoves.Move.from_uci("e2e4"))
    assert "IllegalMoveError" in bitmoves.Board.push.__doc__
    assert list(inspect.signature(bitmoves.Board.push).parameters) == ["self", "move"]
    assert "legal moves" in bitmoves.Board.legal_moves.__doc__
