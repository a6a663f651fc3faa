"""Repetitions with null moves, against python-chess: a null move is
reversible (it touches no square), so the positions before and after it
count towards threefold and fivefold repetition."""

import random

import chess
import pytest

import bitmoves


def both(sans):
    """A bitmoves and a python-chess board after the same SAN moves."""
    ours, theirs = bitmoves.Board(), chess.Board()
    for san in sans:
        ours.push_san(san)
        theirs.push_san(san)
    return ours, theirs


def answers(board):
    """What a board says about repetitions and the game's end."""
    def name(outcome):
        return None if outcome is None else (outcome.termination.name, outcome.winner)

    return {
        "repetition": [board.is_repetition(count) for count in range(1, 7)],
        "threefold": board.can_claim_threefold_repetition(),
        "fivefold": board.is_fivefold_repetition(),
        "claim": board.can_claim_draw(),
        "outcome": name(board.outcome()),
        "outcome_claim": name(board.outcome(claim_draw=True)),
        "result": board.result(),
        "result_claim": board.result(claim_draw=True),
        "game_over": board.is_game_over(claim_draw=True),
    }


def test_a_position_reached_by_null_moves_repeats():
    ours, theirs = both(["Nf3", "Nf6", "Ng1", "Ng8", "--", "--"])
    assert theirs.is_repetition(3) and theirs.result(claim_draw=True) == "1/2-1/2"
    assert ours.is_repetition(3)
    assert ours.can_claim_threefold_repetition()
    assert ours.result(claim_draw=True) == "1/2-1/2"
    assert ours.outcome(claim_draw=True).termination == bitmoves.Termination.THREEFOLD_REPETITION
    assert answers(ours) == answers(theirs)
    for san in ["--", "--", "--", "--"]:
        ours.push_san(san)
        theirs.push_san(san)
        assert answers(ours) == answers(theirs)
    assert ours.is_fivefold_repetition()
    assert ours.outcome().termination == bitmoves.Termination.FIVEFOLD_REPETITION


@pytest.mark.parametrize("fen", [
    chess.STARTING_FEN,
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",      # rooks with castling rights on a1 and h8
    "4k3/8/8/8/8/8/8/b3K3 w - - 0 1",            # a black bishop on a1
    "4k3/8/8/8/8/8/8/n3K3 w - - 0 1",            # a black knight on a1
    "4k3/8/8/8/8/8/8/N3K3 b - - 0 1",            # a white knight on a1, Black to move
])
def test_the_null_move_is_never_zeroing(fen):
    ours, theirs = bitmoves.Board(fen), chess.Board(fen)
    assert ours.is_zeroing(bitmoves.Move.null()) is theirs.is_zeroing(chess.Move.null()) is False


def random_game(seed, plies=80):
    """Yields (bitmoves, python-chess) boards along a seeded game of null
    moves (about a third of the plies, when not in check), knight and king
    moves, often straight back where they came from (repetitions are
    likely), and now and then another move."""
    rng = random.Random(seed)
    fen = rng.choice([chess.STARTING_FEN, "r3k2r/pppq1ppp/2n2n2/8/8/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1",
                      "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "n3k3/8/8/3pP3/8/8/8/4K2N w - d6 0 1"])
    ours, theirs = bitmoves.Board(fen), chess.Board(fen)
    for _ in range(plies):
        yield ours, theirs
        if theirs.is_game_over():
            return
        moves = sorted(theirs.legal_moves, key=lambda mv: mv.uci())
        quiet = [mv for mv in moves if theirs.piece_type_at(mv.from_square) in (chess.KNIGHT, chess.KING)
                 and not theirs.is_capture(mv)]
        back = [mv for mv in quiet if len(theirs.move_stack) >= 2
                and theirs.move_stack[-2] == chess.Move(mv.to_square, mv.from_square)]
        roll = rng.random()
        if roll < 0.3 and not theirs.is_check():
            mv = chess.Move.null()
        elif roll < 0.6 and back:
            mv = back[0]
        elif roll < 0.95 and quiet:
            mv = rng.choice(quiet)
        else:
            mv = rng.choice(moves)
        ours.push(bitmoves.Move.from_uci(mv.uci()))
        theirs.push(mv)


def test_random_games_with_null_moves_agree_with_python_chess():
    games_with_repetitions = 0
    for seed in range(16):
        repeated = False
        for ours, theirs in random_game(seed):
            assert answers(ours) == answers(theirs), (seed, theirs.move_stack)
            repeated = repeated or theirs.is_repetition(3)
        games_with_repetitions += repeated
    # The games do repeat: the comparison is not only of "no".
    assert games_with_repetitions >= 8
