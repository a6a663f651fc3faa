"""Shared helpers for the bitmoves test suite: python-chess is the oracle."""

import random

import chess
import pytest

import bitmoves


def sorted_moves(board):
    """The legal moves of a bitmoves or python-chess board, sorted by UCI."""
    return sorted(board.legal_moves, key=lambda mv: mv.uci())


def playout(seed, chess960=False, plies=300):
    """Yields (bitmoves board, python-chess board) pairs along one seeded
    random game, both boards advanced by the same move each step."""
    rng = random.Random(seed)
    if chess960:
        number = rng.randrange(960)
        ours, theirs = bitmoves.Board.from_chess960_pos(number), chess.Board.from_chess960_pos(number)
    else:
        ours, theirs = bitmoves.Board(), chess.Board()
    for _ in range(plies):
        yield ours, theirs
        moves = sorted_moves(theirs)
        if not moves or theirs.is_game_over():
            return
        mv = moves[rng.randrange(len(moves))]
        ours.push(bitmoves.Move.from_uci(mv.uci()))
        theirs.push(mv)


@pytest.fixture(params=[False, True], ids=["standard", "chess960"])
def chess960(request):
    return request.param
