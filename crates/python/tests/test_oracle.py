"""bitmoves against python-chess on seeded random games, standard and
Chess960: every position's legal moves, SAN, FEN, keys, status and outcome
agree, and so does every position again on the way back with pop()."""

import chess
import chess.polyglot
import pytest

import bitmoves
from conftest import playout, sorted_moves

GAMES = 24


def same_position(ours, theirs):
    assert ours.fen() == theirs.fen()
    assert ours.fen(en_passant="fen") == theirs.fen(en_passant="fen")
    assert ours.fen(en_passant="xfen") == theirs.fen(en_passant="xfen")
    assert ours.fen(shredder=True) == theirs.fen(shredder=True)
    assert ours.epd() == theirs.epd()
    assert ours.board_fen() == theirs.board_fen()
    assert ours.turn == theirs.turn
    assert ours.castling_rights == theirs.castling_rights
    assert ours.ep_square == theirs.ep_square
    assert ours.halfmove_clock == theirs.halfmove_clock
    assert ours.fullmove_number == theirs.fullmove_number
    assert ours.zobrist_hash() == chess.polyglot.zobrist_hash(theirs)
    assert ours.has_legal_en_passant() == theirs.has_legal_en_passant()
    assert str(ours) == str(theirs)


@pytest.mark.parametrize("seed", range(GAMES))
def test_random_games_agree_with_python_chess(seed, chess960):
    for ours, theirs in playout(seed, chess960):
        same_position(ours, theirs)
        moves = sorted_moves(theirs)
        assert [m.uci() for m in sorted_moves(ours)] == [m.uci() for m in moves]
        assert len(ours.legal_moves) == len(moves) == ours.legal_moves.count()
        assert bool(ours.legal_moves) == bool(moves)
        for mv in moves:
            ours_mv = bitmoves.Move.from_uci(mv.uci())
            assert ours_mv in ours.legal_moves
            assert ours.is_legal(ours_mv)
            assert ours.san(ours_mv) == theirs.san(mv)
            assert ours.parse_san(theirs.san(mv)) == ours_mv
            assert ours.is_capture(ours_mv) == theirs.is_capture(mv)
            assert ours.is_en_passant(ours_mv) == theirs.is_en_passant(mv)
            assert ours.is_castling(ours_mv) == theirs.is_castling(mv)
            assert ours.gives_check(ours_mv) == theirs.gives_check(mv)
            assert ours.is_zeroing(ours_mv) == theirs.is_zeroing(mv)
        assert ours.is_check() == theirs.is_check()
        assert int(ours.checkers()) == int(theirs.checkers())
        assert ours.is_checkmate() == theirs.is_checkmate()
        assert ours.is_stalemate() == theirs.is_stalemate()
        assert ours.is_insufficient_material() == theirs.is_insufficient_material()
        assert ours.is_fifty_moves() == theirs.is_fifty_moves()
        assert ours.is_repetition() == theirs.is_repetition()
        assert ours.is_repetition(2) == theirs.is_repetition(2)
        assert ours.is_game_over() == theirs.is_game_over()
        assert ours.result() == theirs.result()
        expected = theirs.outcome()
        got = ours.outcome()
        if expected is None:
            assert got is None
        else:
            assert got.termination.name == expected.termination.name
            assert got.winner == expected.winner
            assert got.result() == expected.result()
        for color in chess.COLORS:
            assert ours.king(color) == theirs.king(color)
            for piece_type in chess.PIECE_TYPES:
                assert int(ours.pieces(piece_type, color)) == int(theirs.pieces(piece_type, color))
    # Back to the start, one pop at a time.
    assert [m.uci() for m in ours.move_stack] == [m.uci() for m in theirs.move_stack]
    while theirs.move_stack:
        assert ours.peek().uci() == theirs.peek().uci()
        assert ours.pop().uci() == theirs.pop().uci()
        same_position(ours, theirs)


@pytest.mark.parametrize("seed", range(6))
def test_claimed_draws_agree_on_games_that_shuffle(seed, chess960):
    """Random games that mostly move knights and kings back and forth, to
    reach repetitions and long halfmove clocks."""
    import random

    rng = random.Random(1000 + seed)
    if chess960:
        n = rng.randrange(960)
        ours, theirs = bitmoves.Board.from_chess960_pos(n), chess.Board.from_chess960_pos(n)
    else:
        ours, theirs = bitmoves.Board(), chess.Board()
    for _ in range(160):
        moves = sorted_moves(theirs)
        if not moves:
            break
        quiet = [m for m in moves if theirs.piece_type_at(m.from_square) in (chess.KNIGHT, chess.KING)
                 and not theirs.is_capture(m) and not theirs.is_castling(m)]
        pool = quiet if quiet and rng.random() < 0.95 else moves
        mv = pool[rng.randrange(len(pool))]
        ours.push_uci(mv.uci())
        theirs.push(mv)
        for count in (2, 3, 4, 5):
            assert ours.is_repetition(count) == theirs.is_repetition(count)
        assert ours.can_claim_threefold_repetition() == theirs.can_claim_threefold_repetition()
        assert ours.can_claim_fifty_moves() == theirs.can_claim_fifty_moves()
        assert ours.can_claim_draw() == theirs.can_claim_draw()
        expected = theirs.outcome(claim_draw=True)
        got = ours.outcome(claim_draw=True)
        assert (got and got.termination.name) == (expected and expected.termination.name)
        assert ours.is_game_over(claim_draw=True) == theirs.is_game_over(claim_draw=True)


def test_fifty_and_seventyfive_move_rules():
    for fen in ["8/8/4k3/8/8/2R5/4K3/8 w - - 99 90", "8/8/4k3/8/8/2R5/4K3/8 w - - 100 90",
                "8/8/4k3/8/8/2R5/4K3/8 b - - 149 90", "8/8/4k3/8/8/2R5/4K3/8 w - - 150 90",
                "7k/8/6QK/8/8/8/8/8 b - - 120 90"]:
        ours, theirs = bitmoves.Board(fen), chess.Board(fen)
        assert ours.is_fifty_moves() == theirs.is_fifty_moves()
        assert ours.is_seventyfive_moves() == theirs.is_seventyfive_moves()
        assert ours.can_claim_fifty_moves() == theirs.can_claim_fifty_moves()
        assert ours.result(claim_draw=True) == theirs.result(claim_draw=True)
        got, expected = ours.outcome(claim_draw=True), theirs.outcome(claim_draw=True)
        assert (got and got.termination.name) == (expected and expected.termination.name)


def test_special_positions_agree():
    fens = [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1",  # the en passant pawn is pinned
        "8/8/4k3/2b5/8/2B5/4K3/8 w - - 0 1",
        "8/8/4k3/3b4/8/2B5/4K3/8 w - - 0 1",
        "8/8/4k3/8/8/2N5/4K3/6n1 w - - 0 1",
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
    ]
    for fen in fens:
        ours, theirs = bitmoves.Board(fen), chess.Board(fen)
        assert ours.fen() == theirs.fen()
        assert ours.zobrist_hash() == chess.polyglot.zobrist_hash(theirs)
        assert [m.uci() for m in sorted_moves(ours)] == [m.uci() for m in sorted_moves(theirs)]
        assert ours.is_insufficient_material() == theirs.is_insufficient_material()
        assert ours.result() == theirs.result()
        for sq in chess.SQUARES:
            for color in chess.COLORS:
                assert int(ours.attackers(color, sq)) == int(theirs.attackers(color, sq))
                assert ours.is_attacked_by(color, sq) == theirs.is_attacked_by(color, sq)
