"""Polyglot books and Syzygy tables, bitmoves against python-chess, side by
side in one process (interleaved rounds, medians):

    python crates/python/bench/polyglot_syzygy.py [ROUNDS] [--cpu]

- Polyglot: ``find_all`` (the entries listed) and ``weighted_choice`` on
  python-chess's ``performance.bin``, for the positions met by following
  the book from the start (each position with entries), each package on
  its own boards of the same positions (bitmoves' list repeated 100 times
  a round, python-chess's 3 times, so that a round takes long enough to
  time).
- Syzygy: ``probe_wdl`` (10,000) and ``probe_dtz`` (2,000) of random legal
  positions of the 3- and 4-piece tables (both sides to move), each
  position probed once a round by each package, warm (the untimed pass
  that checks every result equal first).

The books and tables are those of python-chess's sdist, which
``crates/python/tests/test_python_chess_suite.py`` unpacks into
target/python-chess-sdist (run it once first). ``--cpu`` times by this
process's CPU time (steadier on a loaded machine).
"""

import pathlib
import random
import sys
import time

import chess
import chess.polyglot
import chess.syzygy

import bitmoves
import bitmoves.polyglot
import bitmoves.syzygy
from common import interleaved, table

ROUNDS = int(next((arg for arg in sys.argv[1:] if arg.isdigit()), "5"))
CLOCK = time.process_time if "--cpu" in sys.argv else time.perf_counter
DATA = pathlib.Path(__file__).resolve().parents[3] / "target" / "python-chess-sdist" / "chess-1.11.2" / "data"
PIECES = {"K": chess.KING, "Q": chess.QUEEN, "R": chess.ROOK, "B": chess.BISHOP, "N": chess.KNIGHT, "P": chess.PAWN}


def book_positions(book, count, rng):
    """FENs of positions with entries, met by playing book moves at random
    from the start."""
    fens = []
    while len(fens) < count:
        board = chess.Board()
        while len(fens) < count:
            entries = list(book.find_all(board))
            if not entries:
                break
            fens.append(board.fen())
            board.push(rng.choice(entries).move)
    return fens


def random_positions(directory, count, rng):
    """FENs of random legal positions of the tables in `directory`."""
    materials = sorted({p.stem for p in directory.glob("*.rtbw")})
    fens = []
    while len(fens) < count:
        board = chess.Board(None)
        board.turn = rng.choice([chess.WHITE, chess.BLACK])
        white, black = rng.choice(materials).split("v")
        for color, side in ((chess.WHITE, white), (chess.BLACK, black)):
            for letter in side:
                squares = [sq for sq in chess.SQUARES if board.piece_at(sq) is None
                           and not (letter == "P" and chess.square_rank(sq) in (0, 7))]
                board.set_piece_at(rng.choice(squares), chess.Piece(PIECES[letter], color))
        if board.is_valid():
            fens.append(board.fen())
    return fens


def polyglot():
    path = str(DATA / "polyglot" / "performance.bin")
    fens = book_positions(chess.polyglot.open_reader(path), 300, random.Random(1))
    theirs_book, ours_book = chess.polyglot.open_reader(path), bitmoves.polyglot.open_reader(path)
    theirs_boards = [chess.Board(fen) for fen in fens]
    ours_boards = [bitmoves.Board(fen) for fen in fens]
    for a, b in zip(theirs_boards, ours_boards):
        assert [e.move.uci() for e in theirs_book.find_all(a)] == [e.move.uci() for e in ours_book.find_all(b)]

    def find_all(book, boards, reps):
        def run():
            for _ in range(reps):
                for board in boards:
                    for _ in book.find_all(board):
                        pass
            return reps * len(boards)
        return run

    def weighted_choice(book, boards, reps):
        def run():
            for _ in range(reps):
                for board in boards:
                    book.weighted_choice(board)
            return reps * len(boards)
        return run

    for name, make in (("find_all", find_all), ("weighted_choice", weighted_choice)):
        print(f"\nPolyglot {name}, {len(fens)} positions of performance.bin")
        results = interleaved({
            "python-chess": make(theirs_book, theirs_boards, 3),
            "bitmoves": make(ours_book, ours_boards, 100),
        }, ROUNDS, CLOCK)
        table(results, "lookups", "bitmoves")


def syzygy():
    directory = DATA / "syzygy" / "regular"
    theirs_tables = chess.syzygy.open_tablebase(str(directory))
    ours_tables = bitmoves.syzygy.open_tablebase(str(directory))
    for name, count in (("probe_wdl", 10000), ("probe_dtz", 2000)):
        fens = random_positions(directory, count, random.Random(2))
        theirs_boards = [chess.Board(fen) for fen in fens]
        ours_boards = [bitmoves.Board(fen) for fen in fens]
        theirs_probe, ours_probe = getattr(theirs_tables, name), getattr(ours_tables, name)
        for a, b in zip(theirs_boards, ours_boards):
            assert theirs_probe(a) == ours_probe(b)

        def probes(probe, boards):
            def run():
                for board in boards:
                    probe(board)
                return len(boards)
            return run

        print(f"\nSyzygy {name}, {len(fens)} random positions of the 3- and 4-piece tables")
        results = interleaved({
            "python-chess": probes(theirs_probe, theirs_boards),
            "bitmoves": probes(ours_probe, ours_boards),
        }, ROUNDS, CLOCK)
        table(results, "probes", "bitmoves")


if __name__ == "__main__":
    if not DATA.is_dir():
        sys.exit(f"{DATA} is missing: run crates/python/tests/test_python_chess_suite.py once first")
    polyglot()
    syzygy()
