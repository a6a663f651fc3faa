"""Polyglot books and Syzygy tables, bitmoves against python-chess, side by
side in one process (interleaved rounds, medians):

    python crates/python/bench/polyglot_syzygy.py [ROUNDS] [--cpu]

- Polyglot: ``find_all`` (the entries listed) and ``weighted_choice`` on
  python-chess's ``performance.bin``, for the positions met by following
  the book from the start (each position with entries), each package on
  its own boards of the same positions.
- Syzygy: ``probe_wdl`` and ``probe_dtz`` of random legal positions of the
  3- and 4-piece tables (both sides to move), warm (one untimed pass
  first); each result is checked equal first.

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

    def find_all(book, boards):
        def run():
            for board in boards:
                for _ in book.find_all(board):
                    pass
            return len(boards)
        return run

    def weighted_choice(book, boards):
        def run():
            for board in boards:
                book.weighted_choice(board)
            return len(boards)
        return run

    for name, make in (("find_all", find_all), ("weighted_choice", weighted_choice)):
        print(f"\nPolyglot {name}, {len(fens)} positions of performance.bin")
        results = interleaved({
            "python-chess": make(theirs_book, theirs_boards),
            "bitmoves": make(ours_book, ours_boards),
        }, ROUNDS, CLOCK)
        table(results, "lookups", "bitmoves")


def syzygy():
    directory = DATA / "syzygy" / "regular"
    fens = random_positions(directory, 1000, random.Random(2))
    theirs_tables = chess.syzygy.open_tablebase(str(directory))
    ours_tables = bitmoves.syzygy.open_tablebase(str(directory))
    theirs_boards = [chess.Board(fen) for fen in fens]
    ours_boards = [bitmoves.Board(fen) for fen in fens]
    for a, b in zip(theirs_boards, ours_boards):
        assert theirs_tables.probe_wdl(a) == ours_tables.probe_wdl(b)
        assert theirs_tables.probe_dtz(a) == ours_tables.probe_dtz(b)

    def probes(probe, boards):
        def run():
            for board in boards:
                probe(board)
            return len(boards)
        return run

    for name in ("probe_wdl", "probe_dtz"):
        print(f"\nSyzygy {name}, {len(fens)} random positions of the 3- and 4-piece tables")
        results = interleaved({
            "python-chess": probes(getattr(theirs_tables, name), theirs_boards),
            "bitmoves": probes(getattr(ours_tables, name), ours_boards),
        }, ROUNDS, CLOCK)
        table(results, "probes", "bitmoves")


if __name__ == "__main__":
    if not DATA.is_dir():
        sys.exit(f"{DATA} is missing: run crates/python/tests/test_python_chess_suite.py once first")
    polyglot()
    syzygy()
