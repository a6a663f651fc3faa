"""Gaviota tables, bitmoves against python-chess's pure-Python prober
(``PythonTablebase``), side by side in one process (interleaved rounds,
medians):

    python crates/python/bench/gaviota.py [ROUNDS] [--cpu]

``probe_dtm`` and ``probe_wdl`` of 5,000 random legal positions of the
3-piece tables python-chess ships (KQK, KRK, KBK, KNK, KPK, both sides to
move, both colour arrangements), each position probed once a round by each
package, warm (the untimed pass that checks every result equal first, so
both caches hold the blocks: the 3-piece tables fit in either cache).
Then ``cold``: a fresh tablebase per round, so every block is read and
decompressed once. The tables are those of python-chess's sdist, which
``crates/python/tests/test_python_chess_suite.py`` unpacks into
target/python-chess-sdist (run it once first). ``--cpu`` times by this
process's CPU time.
"""

import pathlib
import random
import sys
import time

import chess
import chess.gaviota

import bitmoves
import bitmoves.gaviota
from common import interleaved, table

ROUNDS = int(next((arg for arg in sys.argv[1:] if arg.isdigit()), "5"))
CLOCK = time.process_time if "--cpu" in sys.argv else time.perf_counter
DATA = pathlib.Path(__file__).resolve().parents[3] / "target" / "python-chess-sdist" / "chess-1.11.2" / "data"
PIECES = {"Q": chess.QUEEN, "R": chess.ROOK, "B": chess.BISHOP, "N": chess.KNIGHT, "P": chess.PAWN}


def positions(count, rng):
    """FENs of random legal 3-piece positions."""
    fens = []
    while len(fens) < count:
        board = chess.Board(None)
        board.turn = rng.random() < 0.5
        strong = rng.random() < 0.5
        piece = PIECES[rng.choice("QRBNP")]
        for kind, color in ((chess.KING, strong), (piece, strong), (chess.KING, not strong)):
            squares = [sq for sq in chess.SQUARES if board.piece_at(sq) is None
                       and not (kind == chess.PAWN and chess.square_rank(sq) in (0, 7))]
            board.set_piece_at(rng.choice(squares), chess.Piece(kind, color))
        if board.is_valid():
            fens.append(board.fen())
    return fens


def main():
    directory = str(DATA / "gaviota")
    fens = positions(5000, random.Random(56))
    theirs_boards = [chess.Board(fen) for fen in fens]
    ours_boards = [bitmoves.Board(fen) for fen in fens]
    ours = bitmoves.gaviota.open_tablebase(directory, LibraryLoader=None)
    theirs = chess.gaviota.open_tablebase(directory, LibraryLoader=None)
    for a, b in zip(ours_boards, theirs_boards):
        assert ours.probe_dtm(a) == theirs.probe_dtm(b), b.fen()
        assert ours.probe_wdl(a) == theirs.probe_wdl(b), b.fen()

    def run(tables, boards, probe):
        def go():
            for board in boards:
                probe(tables, board)
            return len(boards)
        return go

    for name, probe in (("probe_dtm", lambda t, b: t.probe_dtm(b)), ("probe_wdl", lambda t, b: t.probe_wdl(b))):
        print(f"\n{name}, warm, {len(fens)} positions, {ROUNDS} rounds")
        results = interleaved({
            "bitmoves": run(ours, ours_boards, probe),
            "python-chess": run(theirs, theirs_boards, probe),
        }, ROUNDS, clock=CLOCK)
        table(results, "probes", "bitmoves")

    def cold(open_tables, boards):
        def go():
            with open_tables(directory, LibraryLoader=None) as tables:
                for board in boards:
                    tables.probe_dtm(board)
            return len(boards)
        return go

    print(f"\nprobe_dtm, cold (a fresh tablebase per round), {len(fens)} positions, {ROUNDS} rounds")
    results = interleaved({
        "bitmoves": cold(bitmoves.gaviota.open_tablebase, ours_boards),
        "python-chess": cold(chess.gaviota.open_tablebase, theirs_boards),
    }, ROUNDS, clock=CLOCK)
    table(results, "probes", "bitmoves")


if __name__ == "__main__":
    main()
