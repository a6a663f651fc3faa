"""perft and divide from Python: the known counts, every way of counting,
and divide against python-chess's move list."""

import threading

import chess
import pytest

import bitmoves

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


@pytest.mark.parametrize("fen,depth,nodes", [
    (bitmoves.STARTING_FEN, 0, 1),
    (bitmoves.STARTING_FEN, 1, 20),
    (bitmoves.STARTING_FEN, 4, 197_281),
    (KIWIPETE, 3, 97_862),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674_624),
    ("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", 3, 12_189),
])
def test_known_counts_every_way(fen, depth, nodes):
    board = bitmoves.Board(fen)
    assert board.perft(depth) == nodes
    assert board.perft(depth, threads=2) == nodes
    assert board.perft(depth, hash=1 << 20) == nodes
    assert board.perft(depth, threads=2, hash="1M") == nodes


def test_divide_matches_python_chess_moves():
    for fen in [bitmoves.STARTING_FEN, KIWIPETE]:
        ours, theirs = bitmoves.Board(fen), chess.Board(fen)
        split = ours.divide(2)
        assert sorted(m.uci() for m in split) == sorted(m.uci() for m in theirs.legal_moves)
        for mv, nodes in split.items():
            theirs.push(chess.Move.from_uci(mv.uci()))
            assert nodes == theirs.legal_moves.count()
            theirs.pop()
        assert split == ours.divide(2, threads=2) == ours.divide(2, hash="1M")
    assert bitmoves.Board().divide(0) == {}


def test_perft_releases_the_gil():
    """While one thread counts, another runs Python code."""
    board = bitmoves.Board(KIWIPETE)
    ticks = []
    done = threading.Event()

    def count():
        board.perft(5)
        done.set()

    worker = threading.Thread(target=count)
    worker.start()
    while not done.is_set():
        ticks.append(1)
        done.wait(0.001)
    worker.join()
    assert len(ticks) > 1
