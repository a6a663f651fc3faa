"""Pickling and copying, as python-chess's objects pickle and copy:
`Board` (with its move stack), `Move`, `Piece`, `Termination` and
`Outcome`, through every pickle protocol and through a multiprocessing
pool (which pickles arguments and results)."""

import copy
import multiprocessing
import pickle

import chess
import pytest

import bitmoves
from conftest import playout

PROTOCOLS = range(pickle.HIGHEST_PROTOCOL + 1)


def round_trips(value):
    """`value` through every pickle protocol, copy.copy and copy.deepcopy."""
    for protocol in PROTOCOLS:
        yield pickle.loads(pickle.dumps(value, protocol=protocol))
    yield copy.copy(value)
    yield copy.deepcopy(value)
    yield copy.deepcopy([value, value])[1]


def values():
    """Every Move (with promotions, and the null move), Piece, Termination
    and Outcome."""
    for from_square in range(64):
        for to_square in range(64):
            yield bitmoves.Move(from_square, to_square)
    for promotion in range(1, 7):
        yield bitmoves.Move(bitmoves.E7, bitmoves.E8, promotion)
    yield bitmoves.Move.null()
    for piece_type in bitmoves.PIECE_TYPES:
        for color in bitmoves.COLORS:
            yield bitmoves.Piece(piece_type, color)
    for name in ["CHECKMATE", "STALEMATE", "INSUFFICIENT_MATERIAL", "SEVENTYFIVE_MOVES", "FIVEFOLD_REPETITION",
                 "FIFTY_MOVES", "THREEFOLD_REPETITION", "VARIANT_WIN", "VARIANT_LOSS", "VARIANT_DRAW"]:
        termination = getattr(bitmoves.Termination, name)
        yield termination
        for winner in [True, False, None]:
            yield bitmoves.Outcome(termination, winner)


def test_values_pickle_and_copy_equal():
    for value in values():
        for other in round_trips(value):
            assert type(other) is type(value)
            assert other == value and repr(other) == repr(value)
            if not isinstance(value, bitmoves.Outcome):  # a dataclass, unhashable as python-chess's
                assert hash(other) == hash(value)
    termination = bitmoves.Termination.CHECKMATE
    assert pickle.loads(pickle.dumps(termination)).name == "CHECKMATE"
    assert copy.copy(termination) is termination


def same_board(ours, theirs):
    """Equal position, clocks, python-chess's en passant square, Chess960
    flag and move stack; and so after every pop."""
    assert type(theirs) is bitmoves.Board
    assert theirs.chess960 == ours.chess960
    ours, theirs = ours.copy(), theirs.copy()
    while True:
        assert theirs == ours
        assert theirs.fen(en_passant="fen") == ours.fen(en_passant="fen")
        assert theirs.fen(shredder=True) == ours.fen(shredder=True)
        assert theirs.move_stack == ours.move_stack
        if not ours.move_stack:
            return
        assert theirs.pop() == ours.pop()


def boards(chess960):
    """Boards along seeded games, with null moves and repetitions, and
    FENs with en passant squares and odd castling rights."""
    for seed in range(4):
        for number, (ours, _) in enumerate(playout(seed, chess960=chess960, plies=120)):
            if number % 17 == 0:
                yield ours.copy()
    board = bitmoves.Board()
    for san in ["Nf3", "Nf6", "Ng1", "Ng8", "--", "--", "e4", "--", "d4"]:
        board.push_san(san)
    yield board
    yield bitmoves.Board("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3")
    yield bitmoves.Board("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
    yield bitmoves.Board("1r2k1r1/8/8/8/8/8/8/R3K2R w AHbg - 7 40", chess960=True)
    yield bitmoves.Board.from_chess960_pos(0)


def test_boards_pickle_and_copy_with_their_move_stack(chess960):
    for board in boards(chess960):
        for other in round_trips(board):
            same_board(board, other)


def test_a_pickled_board_is_independent_and_repeats_as_before():
    board = bitmoves.Board()
    for san in ["Nf3", "Nf6", "Ng1", "Ng8", "--", "--"]:
        board.push_san(san)
    other = pickle.loads(pickle.dumps(board))
    assert other.is_repetition(3) and other.result(claim_draw=True) == "1/2-1/2"
    other.push_san("e4")
    assert len(board.move_stack) == 6 and len(other.move_stack) == 7
    theirs = chess.Board()
    for mv in other.move_stack:
        theirs.push(chess.Move.from_uci(mv.uci()))
    assert theirs.fen() == other.fen()


@pytest.mark.parametrize("state", [
    None, 42, (), ("not a fen", False, []), (bitmoves.STARTING_FEN, False, ["e2e5"]),
    (bitmoves.STARTING_FEN, False, ["junk"]), (bitmoves.STARTING_FEN, False, [None]),
    (bitmoves.STARTING_FEN, "yes", []), (bitmoves.STARTING_FEN, False, "e2e4"),
])
def test_a_bad_board_state_is_refused_with_an_error(state):
    with pytest.raises((ValueError, TypeError)):
        bitmoves.Board().__setstate__(state)


def describe(board):
    """What a worker process reports of a board it was sent: its FEN, its
    move stack, perft(2) and the board itself (pickled back)."""
    return board.fen(), [mv.uci() for mv in board.move_stack], board.perft(2), board


def play(mv):
    """A worker's answer to a move it was sent: the move, its piece and
    the outcome of a game ending with it."""
    board = bitmoves.Board("7k/5Q2/6K1/8/8/8/8/8 w - - 0 1")
    board.push(mv)
    return mv, bitmoves.Piece(board.piece_type_at(mv.to_square), True), board.outcome()


def test_boards_and_moves_pass_through_a_multiprocessing_pool():
    games = [board for board in boards(False)][:6]
    context = multiprocessing.get_context("spawn")
    with context.Pool(2) as pool:
        described = pool.map(describe, games)
        mate = pool.apply(play, (bitmoves.Move.from_uci("f7g7"),))
    for board, (fen, stack, nodes, back) in zip(games, described):
        assert fen == board.fen() and stack == [mv.uci() for mv in board.move_stack]
        assert nodes == board.perft(2)
        same_board(board, back)
    mv, piece, outcome = mate
    assert mv == bitmoves.Move.from_uci("f7g7") and piece == bitmoves.Piece(bitmoves.QUEEN, True)
    assert outcome == bitmoves.Outcome(bitmoves.Termination.CHECKMATE, True)
