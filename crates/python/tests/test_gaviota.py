"""`bitmoves.gaviota` against python-chess's `chess.gaviota` as the oracle.

Both probe the 3-piece tables of python-chess's sdist (fetched at test
time): random legal positions of each table, both sides to move and both
colour arrangements, through `probe_dtm`, `probe_wdl`, `get_dtm` and
`get_wdl`; the errors are python-chess's kinds and messages. (python-chess's
own Gaviota test classes end the same way on both, skips and their reasons
included: test_python_chess_suite.py.) With `BITMOVES_LIBGTB` naming
libgtb, the native flavour is compared too.
"""

import json
import os
import pathlib
import random
import subprocess
import sys

import chess
import chess.gaviota
import pytest

import bitmoves
import bitmoves.gaviota
from test_python_chess_suite import python_chess_test_py

TABLES = ["KQvK", "KRvK", "KBvK", "KNvK", "KPvK"]
PIECES = {"K": chess.KING, "Q": chess.QUEEN, "R": chess.ROOK, "B": chess.BISHOP, "N": chess.KNIGHT, "P": chess.PAWN}


@pytest.fixture(scope="module")
def directory():
    return str(python_chess_test_py().parent / "data" / "gaviota")


@pytest.fixture(scope="module")
def tables(directory):
    with bitmoves.gaviota.open_tablebase(directory, LibraryLoader=None) as ours, \
            chess.gaviota.open_tablebase(directory, LibraryLoader=None) as theirs:
        yield ours, theirs


def random_position(rng, material, turn, mirror):
    """A random legal python-chess position of `material` ("KRvK"), or None."""
    board = chess.Board(None)
    board.turn = turn
    white, black = material.split("v")
    if mirror:
        white, black = black, white
    for color, side in ((chess.WHITE, white), (chess.BLACK, black)):
        for letter in side:
            piece = PIECES[letter]
            squares = [sq for sq in chess.SQUARES if board.piece_at(sq) is None
                       and not (piece == chess.PAWN and chess.square_rank(sq) in (0, 7))]
            board.set_piece_at(rng.choice(squares), chess.Piece(piece, color))
    return board if board.is_valid() else None


def test_random_positions_match_python_chess(tables):
    ours, theirs = tables
    rng = random.Random(56)
    compared = 0
    for material in TABLES:
        for mirror in (False, True):
            for turn in (chess.WHITE, chess.BLACK):
                done = 0
                while done < 150:
                    board = random_position(rng, material, turn, mirror)
                    if board is None:
                        continue
                    ours_board = bitmoves.Board(board.fen())
                    assert ours.probe_dtm(ours_board) == theirs.probe_dtm(board), board.fen()
                    assert ours.probe_wdl(ours_board) == theirs.probe_wdl(board), board.fen()
                    assert ours.get_dtm(ours_board) == theirs.get_dtm(board), board.fen()
                    assert ours.get_wdl(ours_board, 7) == theirs.get_wdl(board, 7), board.fen()
                    done += 1
                    compared += 1
    assert compared == 3000


def test_the_documented_examples(tables):
    ours, _ = tables
    assert ours.probe_dtm(bitmoves.Board("8/8/8/8/8/8/8/K2kr3 w - - 0 1")) == -10
    assert ours.probe_wdl(bitmoves.Board("8/4k3/8/B7/8/8/8/4K3 w - - 0 1")) == 0
    # Checkmate on the board: DTM 0, a loss.
    mate = bitmoves.Board("8/8/8/8/8/5K2/8/5k1Q b - - 0 1")
    assert mate.is_checkmate()
    assert (ours.probe_dtm(mate), ours.probe_wdl(mate)) == (0, -1)
    assert ours.probe_dtm(bitmoves.Board("8/8/8/8/8/4k3/8/2K5 w - - 0 1")) == 0


@pytest.mark.parametrize("fen", [
    "4k3/8/8/8/8/8/8/4K2R w K - 0 1",                # castling rights
    "4k3/8/8/8/8/8/PPPP4/4K3 w - - 0 1",             # six pieces
    "8/8/8/8/8/2k5/8/KRN5 w - - 0 1",                # KRNvK: no table here
    "1k1K4/8/8/pP6/8/8/8/8 w - a6 0 1",              # KPvKP
])
def test_errors_are_python_chess_s(tables, fen):
    ours, theirs = tables
    with pytest.raises(KeyError) as expected:
        theirs.probe_dtm(chess.Board(fen))
    with pytest.raises(KeyError) as got:
        ours.probe_dtm(bitmoves.Board(fen))
    assert type(got.value).__name__ == type(expected.value).__name__
    assert isinstance(got.value, bitmoves.gaviota.MissingTableError) == \
        isinstance(expected.value, chess.gaviota.MissingTableError)
    assert str(got.value) == str(expected.value)
    assert ours.get_wdl(bitmoves.Board(fen)) is None


def test_a_missing_directory_and_close(directory, tmp_path):
    with pytest.raises(OSError, match="not a directory"):
        bitmoves.gaviota.open_tablebase(str(tmp_path / "nowhere"), LibraryLoader=None)
    tables = bitmoves.gaviota.open_tablebase(directory, LibraryLoader=None)
    assert isinstance(tables, bitmoves.gaviota.PythonTablebase)
    assert sorted(tables.available_tables) == ["kbk", "knk", "kpk", "kqk", "krk"]
    with tables:
        pass
    assert not tables.available_tables
    with pytest.raises(bitmoves.gaviota.MissingTableError):
        tables.probe_dtm(bitmoves.Board("8/8/8/8/8/4k3/8/1QK5 w - - 0 1"))


def test_a_library_that_does_not_load_falls_back(directory):
    tables = bitmoves.gaviota.open_tablebase(directory, libgtb="/nonexistent/libgtb.so")
    assert isinstance(tables, bitmoves.gaviota.PythonTablebase)
    with pytest.raises(OSError):
        bitmoves.gaviota.open_tablebase_native(directory, libgtb="/nonexistent/libgtb.so")


def test_a_damaged_table_is_an_os_error_naming_it(directory, tmp_path):
    data = (pathlib.Path(directory) / "kqk.gtb.cp4").read_bytes()
    (tmp_path / "kqk.gtb.cp4").write_bytes(data[:50])
    tables = bitmoves.gaviota.open_tablebase(str(tmp_path), LibraryLoader=None)
    with pytest.raises(OSError, match="kqk.gtb.cp4"):
        tables.probe_dtm(bitmoves.Board("8/8/8/8/8/4k3/8/1QK5 w - - 0 1"))


@pytest.mark.skipif(not os.environ.get("BITMOVES_LIBGTB"), reason="set BITMOVES_LIBGTB to libgtb's path")
def test_native_flavour_matches_python_chess_s(directory):
    lib = os.environ["BITMOVES_LIBGTB"]
    fens = ["6K1/8/8/8/4Q3/8/6k1/8 b - - 0 1", "8/3K4/8/8/8/4r3/4k3/8 b - - 0 1",
            "8/8/4K3/2n5/8/3k4/8/8 w - - 0 1", "8/8/1p2K3/8/8/3k4/8/8 b - - 0 1"]
    rng = random.Random(5)
    for material in TABLES:
        for _ in range(40):
            board = random_position(rng, material, rng.choice([True, False]), rng.random() < 0.5)
            if board is not None:
                fens.append(board.fen())
    code = ("import sys, json, chess, chess.gaviota\n"
            "t = chess.gaviota.open_tablebase_native(sys.argv[1], libgtb=sys.argv[2])\n"
            "print(json.dumps([[t.probe_dtm(chess.Board(f)), t.probe_wdl(chess.Board(f))] for f in sys.argv[3:]]))\n")
    theirs = json.loads(subprocess.run([sys.executable, "-c", code, directory, lib, *fens],
                                       capture_output=True, text=True, check=True).stdout)
    with bitmoves.gaviota.open_tablebase_native(directory, libgtb=lib) as tables:
        assert isinstance(tables, bitmoves.gaviota.NativeTablebase)
        ours = [[tables.probe_dtm(bitmoves.Board(f)), tables.probe_wdl(bitmoves.Board(f))] for f in fens]
    assert ours == theirs
