"""perft and divide from Python: the known counts, every way of counting,
and divide against python-chess's move list."""

import threading

import chess
import pytest

import bitmoves
from conftest import interrupted

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
    # Shredder castling needs Chess960 mode (python-chess drops it otherwise).
    board = bitmoves.Board(fen, chess960=" HFhf " in fen)
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


def test_known_counts_past_the_pieces():
    """Deeper than one piece of the interruptible count (4 plies): the
    same counts on one thread, several, with a table and without."""
    board = bitmoves.Board()
    for kwargs in [{}, {"threads": 2}, {"hash": "4M"}, {"threads": 2, "hash": "4M"}]:
        assert board.perft(6, **kwargs) == 119_060_324
        split = board.divide(6, **kwargs)
        assert len(split) == 20 and sum(split.values()) == 119_060_324
        assert split[bitmoves.Move.from_uci("e2e4")] == 9_771_632


ENDLESS = {
    "perft(30)": "bitmoves.Board().perft(30)",
    "perft(30, threads=2)": "bitmoves.Board().perft(30, threads=2)",
    "perft(30, hash)": 'bitmoves.Board().perft(30, hash="16M")',
    "perft(30, threads=2, hash)": 'bitmoves.Board().perft(30, threads=2, hash="16M")',
    "divide(30)": "bitmoves.Board().divide(30)",
    "divide(30, threads=2, hash)": 'bitmoves.Board().divide(30, threads=2, hash="16M")',
}


@pytest.mark.parametrize("call", ENDLESS.values(), ids=ENDLESS.keys())
def test_ctrl_c_stops_a_count(call):
    """A count that would run for ever, with the GIL released, still
    raises KeyboardInterrupt on Ctrl-C."""
    interrupted("import bitmoves", call)


def test_the_board_stays_usable_while_it_is_counted():
    """perft and divide count a copy of the position taken when called:
    another thread pushes, pops and sets FENs on the same board meanwhile
    (no 'Already borrowed'), and each count is of a position the board
    held (the start, or after 1. e4: the other thread's steps)."""
    board = bitmoves.Board()
    stop = threading.Event()
    errors, steps = [], []

    def change():
        try:
            while not stop.is_set():
                board.push_san("e4")
                board.pop()
                board.set_fen(bitmoves.STARTING_FEN)
                board.push_uci("e2e4")
                board.reset()
                steps.append(1)
        except Exception as error:  # noqa: BLE001 - reported below
            errors.append(error)

    calls = [
        lambda: board.perft(5),
        lambda: sum(board.divide(5).values()),
        lambda: board.perft(5, threads=2),
        lambda: sum(board.divide(5, threads=2, hash="4M").values()),
        lambda: board.perft(5, hash="4M"),
        lambda: board.perft(4),
        lambda: sum(board.divide(4).values()),
    ]
    changer = threading.Thread(target=change)
    counts = []
    try:
        changer.start()
        for _ in range(3):
            for call in calls:
                counts.append(call())
    finally:
        stop.set()
        changer.join()
    assert errors == []
    assert len(steps) > 0
    after_e4 = bitmoves.Board()
    after_e4.push_san("e4")
    assert set(counts) <= {4_865_609, 9_771_632, 197_281, after_e4.perft(4)}
