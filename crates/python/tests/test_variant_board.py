"""bitmoves.variant's boards beyond the playouts of test_variant_oracle.py:
pockets and check counts as live views, copies, pickles, mirrors, PGN's
Variant tag, and bad input answered as python-chess answers it (the same
exception type), each checked against python-chess's chess.variant."""

import io
import pickle

import chess
import chess.pgn
import chess.variant
import pytest

import bitmoves
import bitmoves.pgn
import bitmoves.variant

ZH = "r2q1rk1/ppp2pp1/1bnp3p/3B4/3PP1b1/4PN2/PP4PP/R2Q1RK1[BNPnp] b - - 0 13"
THREE = "8/8/1K2p3/3qP2k/8/8/8/8 b - - 2+1 3 57"


def test_pocket_views_change_the_board():
    ours = bitmoves.variant.CrazyhouseBoard(ZH)
    theirs = chess.variant.CrazyhouseBoard(ZH)
    for board, module in ((ours, bitmoves), (theirs, chess)):
        board.pockets[module.WHITE].add(module.QUEEN)
        board.pockets[module.BLACK].remove(module.PAWN)
    assert ours.fen() == theirs.fen()
    assert str(ours.pockets[bitmoves.WHITE]) == str(theirs.pockets[chess.WHITE]) == "qbnp"
    assert len(ours.pockets[bitmoves.BLACK]) == len(theirs.pockets[chess.BLACK]) == 1
    assert {m.uci() for m in ours.legal_moves} == {m.uci() for m in theirs.legal_moves}
    with pytest.raises(AssertionError):
        ours.pockets[bitmoves.BLACK].remove(bitmoves.ROOK)
    alone = bitmoves.variant.CrazyhousePocket("qnp")
    assert (str(alone), len(alone), repr(alone)) == ("qnp", 3, "CrazyhousePocket('qnp')")
    ours.pockets = [bitmoves.variant.CrazyhousePocket(), alone]
    assert ours.fen().split(" ")[0].endswith("[QNP]")


def test_remaining_checks_view():
    ours = bitmoves.variant.ThreeCheckBoard(THREE)
    theirs = chess.variant.ThreeCheckBoard(THREE)
    assert list(ours.remaining_checks) == [1, 2] and ours.remaining_checks == [1, 2]
    assert [ours.remaining_checks[c] for c in (True, False)] == [theirs.remaining_checks[c] for c in (True, False)]
    ours.remaining_checks[bitmoves.WHITE] = 1
    theirs.remaining_checks[chess.WHITE] = 1
    assert ours.fen() == theirs.fen()


@pytest.mark.parametrize("fen, cls", [(ZH, "CrazyhouseBoard"), (THREE, "ThreeCheckBoard")])
def test_copy_pickle_mirror_keep_the_variant_state(fen, cls):
    ours = getattr(bitmoves.variant, cls)(fen)
    theirs = getattr(chess.variant, cls)(fen)
    for board in (ours, theirs):
        for move in sorted(board.legal_moves, key=lambda m: m.uci())[:1]:
            board.push(move)
    assert type(ours.copy()) is type(ours)
    assert ours.copy().fen() == theirs.copy().fen()
    assert ours.root().fen() == theirs.root().fen() == fen
    again = pickle.loads(pickle.dumps(ours))
    assert type(again) is type(ours) and again.fen() == ours.fen() and again.move_stack == ours.move_stack
    assert ours.mirror().fen() == theirs.mirror().fen()
    assert ours == ours.mirror().mirror()


def test_pgn_variant_tag_builds_the_variant_board():
    text = '[Variant "Atomic"]\n[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]\n\n1. Nf3 d5 2. Ng5 e6 3. Nxf7 *\n'
    ours = bitmoves.pgn.read_game(io.StringIO(text))
    theirs = chess.pgn.read_game(io.StringIO(text))
    assert type(ours.board()) is bitmoves.variant.AtomicBoard
    assert ours.end().board().fen() == theirs.end().board().fen()
    assert ours.end().board().is_variant_end() == theirs.end().board().is_variant_end()


@pytest.mark.parametrize("cls, fen", [
    ("CrazyhouseBoard", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[X] w KQkq - 0 1"),
    ("CrazyhouseBoard", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Q w KQkq - 0 1"),
    ("ThreeCheckBoard", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x+3 0 1"),
    ("AtomicBoard", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Q] w KQkq - 0 1"),
    ("HordeBoard", "not a fen"),
])
def test_bad_fens_raise_what_python_chess_raises(cls, fen):
    with pytest.raises(ValueError) as theirs:
        getattr(chess.variant, cls)(fen)
    with pytest.raises(type(theirs.value)):
        getattr(bitmoves.variant, cls)(fen)


def test_illegal_moves_raise_what_python_chess_raises():
    for module in (bitmoves, chess):
        board = module.variant.SuicideBoard()
        board.push_san("e4")
        board.push_san("d5")
        with pytest.raises(module.IllegalMoveError):
            board.push_san("Nf3")
        with pytest.raises(module.IllegalMoveError):
            board.push_uci("g1f3")
        with pytest.raises(module.InvalidMoveError):
            board.parse_san("xyz")
        house = module.variant.CrazyhouseBoard()
        with pytest.raises(module.IllegalMoveError):
            house.parse_uci("N@f3")


def test_perft_counts_by_the_variant():
    assert bitmoves.variant.HordeBoard().perft(2) == 128
    assert bitmoves.variant.RacingKingsBoard().perft(2) == 421
    assert bitmoves.Board().perft(2) == 400
