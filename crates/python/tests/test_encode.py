"""Batch encoding checked square by square against python-chess."""

import chess
import numpy as np
import pytest

import bitmoves
from conftest import playout

ORDER = [(color, piece) for color in (chess.WHITE, chess.BLACK) for piece in chess.PIECE_TYPES]


def positions():
    boards = []
    for seed in range(6):
        for ours, theirs in playout(seed, chess960=seed % 2 == 1, plies=120):
            boards.append((ours.copy(stack=False), theirs.copy(stack=False)))
    return boards


def test_planes_and_bitboards_square_by_square():
    pairs = positions()
    ours = [o for o, _ in pairs]
    planes = bitmoves.encode_planes(ours)
    bitboards = bitmoves.encode_bitboards(ours)
    flipped = bitmoves.encode_planes(ours, side_to_move_view=True)
    assert planes.shape == (len(ours), 12, 8, 8) and planes.dtype == np.uint8
    assert bitboards.shape == (len(ours), 12) and bitboards.dtype == np.uint64
    for n, (_, theirs) in enumerate(pairs):
        for plane, (color, piece) in enumerate(ORDER):
            assert int(bitboards[n, plane]) == int(theirs.pieces(piece, color))
            for sq in chess.SQUARES:
                here = theirs.piece_at(sq) == chess.Piece(piece, color)
                assert planes[n, plane, chess.square_rank(sq), chess.square_file(sq)] == here
                # Side to move's view: planes 0-5 are the mover's, rank 8 on row 0 for Black.
                mover = theirs.turn
                view_color = color if mover == chess.WHITE else not color
                view_sq = sq if mover == chess.WHITE else chess.square_mirror(sq)
                there = theirs.piece_at(view_sq) == chess.Piece(piece, view_color)
                assert flipped[n, plane].reshape(64)[sq] == there


def test_state_arrays():
    pairs = positions()
    state = bitmoves.encode_state([o for o, _ in pairs])
    for n, (_, theirs) in enumerate(pairs):
        assert bool(state["turn"][n]) == theirs.turn
        assert int(state["castling_rights"][n]) == theirs.castling_rights
        assert list(state["castling"][n]) == [
            theirs.has_kingside_castling_rights(chess.WHITE), theirs.has_queenside_castling_rights(chess.WHITE),
            theirs.has_kingside_castling_rights(chess.BLACK), theirs.has_queenside_castling_rights(chess.BLACK)]
        ep = theirs.ep_square if theirs.has_legal_en_passant() else -1
        assert state["ep_square"][n] == ep
        assert state["halfmove_clock"][n] == theirs.halfmove_clock
        assert state["fullmove_number"][n] == theirs.fullmove_number


def test_empty_batches_and_iterables():
    assert bitmoves.encode_planes([]).shape == (0, 12, 8, 8)
    assert bitmoves.encode_bitboards(()).shape == (0, 12)
    boards = (bitmoves.Board() for _ in range(3))
    assert bitmoves.encode_planes(boards).sum() == 3 * 32
    assert bitmoves.encode_state([])["turn"].shape == (0,)


def test_batches_larger_than_a_chunk_encode_every_board_in_its_row():
    """The encoder reads boards 4,096 at a time: across chunk boundaries,
    row n is still board n, for a list, a tuple and a generator alike."""
    pairs = positions()
    ours = [o for o, _ in pairs]
    batch = [ours[n % len(ours)] for n in range(2 * 4096 + 123)]
    expected = np.stack([bitmoves.encode_bitboards([board])[0] for board in ours])
    for given in (batch, tuple(batch), (board for board in batch)):
        bitboards = bitmoves.encode_bitboards(given)
        assert bitboards.shape == (len(batch), 12)
        assert (bitboards == expected[np.arange(len(batch)) % len(ours)]).all()
    planes = bitmoves.encode_planes(batch)
    bits = np.unpackbits(bitmoves.encode_bitboards(batch).view(np.uint8), bitorder="little")
    assert (planes.reshape(-1) == bits).all()
    state = bitmoves.encode_state(batch)
    single = bitmoves.encode_state(ours)
    for key, column in state.items():
        assert (column == single[key][np.arange(len(batch)) % len(ours)]).all(), key


def test_a_wrong_item_after_the_first_chunk_is_a_type_error():
    batch = [bitmoves.Board()] * 5000 + [chess.Board()]
    for encode in (bitmoves.encode_planes, bitmoves.encode_bitboards, bitmoves.encode_state):
        with pytest.raises(TypeError):
            encode(batch)
