"""Hostile arguments to every function and method: ints far beyond 64
bits, negative numbers, None, wrong types, lone surrogates. Each is a
plain exception (python-chess's class where python-chess has one: an
IndexError for a square, a ValueError for a piece type or a count, never
an OverflowError), and none is a PanicException (a BaseException that is
not an Exception)."""

import itertools

import pytest

import bitmoves
import bitmoves.pgn

HUGE = [2**63, 2**64, 2**70, -(2**63) - 1, -(2**70)]
HOSTILE = [None, -1, 2**70, -(2**70), 2**64, 1.5, float("nan"), "x", "\ud800", "", b"x", [], {}, object(),
           bitmoves.Board, bitmoves.Move.null()]


def test_ints_beyond_64_bits_raise_what_python_chess_raises():
    board = bitmoves.Board()
    for value in HUGE:
        for call in [board.piece_at, board.piece_type_at, board.color_at,
                     lambda v: board.attackers(True, v), lambda v: board.is_attacked_by(False, v),
                     lambda v: bitmoves.Move(v, 0), lambda v: bitmoves.Move(0, v)]:
            with pytest.raises(IndexError):
                call(value)
        for call in [lambda v: board.pieces(v, True), lambda v: bitmoves.Piece(v, True),
                     lambda v: bitmoves.Move(52, 60, v), bitmoves.Board.from_chess960_pos,
                     board.perft, board.divide, lambda v: board.perft(2, threads=v),
                     lambda v: bitmoves.Move(0, 1, drop=v),
                     lambda v: bitmoves.pgn.read_positions("games.pgn", batch=v),
                     lambda v: bitmoves.pgn.read_positions("games.pgn", threads=v)]:
            with pytest.raises(ValueError):
                call(value)
        # python-chess: a count beyond the stack is no repetition, one
        # below 2 always is; the stack keeps as many moves as asked for.
        assert board.is_repetition(value) is (value < 0)
        assert board.copy(stack=value).move_stack == []
    with pytest.raises((MemoryError, ValueError)):
        board.perft(2, hash=2**70)
    with pytest.raises(ValueError):
        board.perft(2, hash=-(2**70))


def never_panics(call, *args):
    """Calls `call(*args)`; any exception must be an ordinary one."""
    try:
        call(*args)
    except Exception:  # noqa: BLE001 - every ordinary exception is fine
        pass


def board_methods(board):
    """The public methods of a board, except those that run long on a
    small int (perft and divide are tried above with bad values only)."""
    for name in dir(board):
        if name.startswith("_") or name in {"perft", "divide"}:
            continue
        method = getattr(board, name)
        if callable(method):
            yield method


def test_no_argument_reaches_a_panic():
    board = bitmoves.Board("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
    for method in board_methods(board):
        for value in HOSTILE:
            never_panics(method, value)
        for a, b in itertools.product(HOSTILE, repeat=2):
            never_panics(method, a, b)
        # Whatever the calls did, the board is still a board.
        board.set_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
    for value in HOSTILE:
        for call in [board.perft, board.divide, lambda v: board.perft(2, threads=v), lambda v: board.perft(2, hash=v),
                     bitmoves.Board, bitmoves.Board.from_chess960_pos, bitmoves.Board.from_python_chess,
                     bitmoves.Move.from_uci, bitmoves.Piece.from_symbol, lambda v: bitmoves.Move(v, v),
                     lambda v: bitmoves.Move(0, 1, v), lambda v: bitmoves.Piece(v, v),
                     lambda v: bitmoves.Outcome(v, v), lambda v: bitmoves.Outcome(bitmoves.Termination.CHECKMATE, v),
                     bitmoves.encode_planes, bitmoves.encode_bitboards, bitmoves.encode_state,
                     lambda v: bitmoves.encode_planes([board], side_to_move_view=v),
                     bitmoves.pgn.read_games, bitmoves.pgn.read_positions,
                     lambda v: bitmoves.pgn.read_positions("games.pgn", encoding=v),
                     lambda v: bitmoves.Board().__setstate__(v),
                     lambda v: bitmoves.Board().__setstate__((v, False, [])),
                     lambda v: bitmoves.Board().__setstate__((bitmoves.STARTING_FEN, False, [v]))]:
            never_panics(call, value)
    assert board.perft(2) == 2_039
