"""`bitmoves.syzygy` with variant boards against python-chess's
`chess.syzygy` as the oracle.

Without tables: the variant's end is resolved first (an atomic side with
no king has lost, an antichess side with no pieces has won), and every
other probe raises what python-chess raises (`MissingTableError`, or
`KeyError` for another variant's board, castling rights, too many
pieces). With the generated atomic, Suicide and Giveaway tables of
crates/syzygy/tests/variant-tables: random positions of every table give
python-chess's `probe_wdl`, `probe_dtz`, `probe_wdl_table` and
`probe_dtz_no_ep`. And python-chess's own test classes that probe variant
tables end alike on both, skips included.
"""

import os
import pathlib
import random

import chess
import chess.syzygy
import chess.variant
import pytest

import bitmoves
import bitmoves.syzygy
import bitmoves.variant
from test_python_chess_suite import python_chess_test_py, run_classes

FIXTURES = pathlib.Path(__file__).resolve().parents[2] / "syzygy" / "tests" / "variant-tables"

# (uci_variant, python-chess's class, ours, the fixture directory).
VARIANTS = [
    ("atomic", chess.variant.AtomicBoard, bitmoves.variant.AtomicBoard, "atomic"),
    ("suicide", chess.variant.SuicideBoard, bitmoves.variant.SuicideBoard, "suicide"),
    ("giveaway", chess.variant.GiveawayBoard, bitmoves.variant.GiveawayBoard, "giveaway"),
    ("antichess", chess.variant.AntichessBoard, bitmoves.variant.AntichessBoard, "giveaway"),
]

PROBES = ["probe_wdl", "probe_dtz", "probe_wdl_table", "probe_dtz_no_ep"]


def outcome(tables, method, board):
    """The probe's value, or the name of the exception it raised (the
    most specific of python-chess's kinds)."""
    try:
        return getattr(tables, method)(board)
    except chess.syzygy.MissingTableError:
        return "MissingTableError"
    except bitmoves.syzygy.MissingTableError:
        return "MissingTableError"
    except KeyError:
        return "KeyError"


def assert_alike(ours, theirs, fen, our_class, their_class, methods=PROBES):
    for method in methods:
        got = outcome(ours, method, our_class(fen))
        want = outcome(theirs, method, their_class(fen))
        assert got == want, f"{method}({fen!r}) on {our_class.__name__}: ours {got}, python-chess {want}"


# Positions with no table to read: the variant's end, bare kings, castling
# rights, too many pieces, empty boards, sides without pieces.
NO_TABLE_FENS = [
    "8/8/8/8/8/8/8/3k4 w - - 0 1",
    "8/8/8/8/8/8/8/3k4 b - - 0 1",
    "8/8/8/8/8/8/8/3K4 w - - 0 1",
    "8/8/8/8/8/8/8/3K4 b - - 0 1",
    "8/8/8/8/8/8/8/8 w - - 0 1",
    "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
    "4k3/8/8/8/8/8/8/4K3 b - - 0 1",
    "8/8/8/8/8/8/5q2/7K w - - 0 1",
    "8/8/8/8/8/8/6q1/7K b - - 0 1",
    "8/8/8/3kK3/8/8/8/8 w - - 0 1",
    "r3k3/8/8/8/8/8/8/4K3 b q - 0 1",
    "8/8/8/8/8/8/1p6/8 w - - 0 1",
    "8/8/8/8/8/8/1P6/8 w - - 0 1",
    "8/8/8/8/8/8/1P6/n7 w - - 0 1",
    "8/8/8/8/8/8/1P6/n7 b - - 0 1",
    "8/8/8/8/8/1p6/1P6/8 w - - 0 1",
    "8/8/8/8/8/8/8/RN4rn w - - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
    "rnbqkbnr/8/8/8/8/8/8/RNBQKBNR w - - 0 1",
    "4k3/8/8/8/8/8/8/RNBQKBNR w - - 0 1",
    "8/8/8/8/4pP2/8/8/8 b - f3 0 1",
    "8/8/8/8/4pP2/8/8/k6K b - f3 0 1",
]


@pytest.mark.parametrize("name, theirs_class, ours_class, _directory", VARIANTS)
def test_without_tables_the_answers_are_python_chess_s(name, theirs_class, ours_class, _directory):
    ours = bitmoves.syzygy.Tablebase(VariantBoard=ours_class)
    theirs = chess.syzygy.Tablebase(VariantBoard=theirs_class)
    for fen in NO_TABLE_FENS:
        assert_alike(ours, theirs, fen, ours_class, theirs_class)
    assert ours.get_wdl(ours_class(NO_TABLE_FENS[5])) == theirs.get_wdl(theirs_class(NO_TABLE_FENS[5]))


def test_a_lone_king_in_atomic_has_lost_without_any_table():
    """python-chess's AtomicTestCase.test_lone_king_wdl, and its mirror."""
    tables = bitmoves.syzygy.Tablebase(VariantBoard=bitmoves.variant.AtomicBoard)
    board = bitmoves.variant.AtomicBoard.empty()
    board.set_piece_at(chess.D1, bitmoves.Piece.from_symbol("k"))
    assert tables.probe_wdl(board) == -2
    assert tables.probe_dtz(board) == -1
    board.turn = chess.BLACK
    assert tables.probe_wdl(board) == 2
    # As python-chess: the won side's DTZ is looked up in a table ("vK").
    with pytest.raises(bitmoves.syzygy.MissingTableError):
        tables.probe_dtz(board)


def test_the_variant_decides_which_boards_a_tablebase_takes():
    """python-chess's SyzygyTestCase.test_antichess_kvk and more: a board of
    another variant than the tablebase's is a KeyError, bare antichess
    kings need their table."""
    kvk = bitmoves.variant.AntichessBoard("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
    with pytest.raises(KeyError) as plain:
        bitmoves.syzygy.Tablebase().probe_dtz(kvk)
    assert not isinstance(plain.value, bitmoves.syzygy.MissingTableError)
    tables = bitmoves.syzygy.Tablebase(VariantBoard=bitmoves.variant.AntichessBoard)
    with pytest.raises(bitmoves.syzygy.MissingTableError):
        tables.probe_dtz(kvk)
    suicide = bitmoves.syzygy.Tablebase(VariantBoard=bitmoves.variant.SuicideBoard)
    for board in (kvk, bitmoves.variant.GiveawayBoard("4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
                  bitmoves.Board("4k3/8/8/8/8/8/8/4K3 w - - 0 1")):
        with pytest.raises(KeyError, match="opened for suicide"):
            suicide.probe_wdl(board)
    atomic = bitmoves.syzygy.Tablebase(VariantBoard=chess.variant.AtomicBoard)
    with pytest.raises(KeyError, match="opened for atomic"):
        atomic.probe_wdl(bitmoves.Board())


def test_a_variant_tablebase_reads_its_own_suffixes(tmp_path):
    for name in ("KQvK.atbw", "KQvK.atbz", "KQvK.rtbw", "BvN.stbw", "BvN.gtbw", "PvP.gtbw", "PvP.stbw"):
        (tmp_path / name).write_bytes(b"")
    atomic = bitmoves.syzygy.Tablebase(VariantBoard=bitmoves.variant.AtomicBoard)
    assert atomic.add_directory(str(tmp_path)) == 2
    assert atomic.add_directory(str(tmp_path), load_dtz=False) == 1
    # Suicide reads Giveaway's pawnless tables, not its tables with pawns.
    suicide = bitmoves.syzygy.Tablebase(VariantBoard=bitmoves.variant.SuicideBoard)
    theirs = chess.syzygy.Tablebase(VariantBoard=chess.variant.SuicideBoard)
    assert suicide.add_directory(str(tmp_path)) == theirs.add_directory(str(tmp_path)) == 3
    assert bitmoves.syzygy.Tablebase(VariantBoard=bitmoves.variant.HordeBoard).add_directory(str(tmp_path)) == 0


def random_board(rng, board_class, material, turn):
    """A random position of `material` ("BvN") that the variant calls valid."""
    board = board_class.empty()
    board.turn = turn
    white, black = material.split("v")
    for color, side in ((chess.WHITE, white), (chess.BLACK, black)):
        for letter in side:
            piece = chess.Piece.from_symbol(letter).piece_type
            squares = [sq for sq in chess.SQUARES if board.piece_at(sq) is None
                       and not (piece == chess.PAWN and chess.square_rank(sq) in (0, 7))]
            board.set_piece_at(rng.choice(squares), chess.Piece(piece, color))
    return board if board.is_valid() else None


@pytest.mark.parametrize("name, theirs_class, ours_class, directory", VARIANTS)
def test_fixture_tables_give_python_chess_s_numbers(name, theirs_class, ours_class, directory):
    path = str(FIXTURES / directory)
    ours = bitmoves.syzygy.open_tablebase(path, VariantBoard=ours_class)
    theirs = chess.syzygy.open_tablebase(path, VariantBoard=theirs_class)
    materials = sorted({file.split(".")[0] for file in os.listdir(path) if "v" in file})
    rng = random.Random(f"variant-syzygy-{name}")
    compared = probed = 0
    for material in materials:
        for turn in (chess.WHITE, chess.BLACK):
            for _ in range(40):
                board = random_board(rng, theirs_class, material, turn)
                if board is None:
                    continue
                assert_alike(ours, theirs, board.fen(), ours_class, theirs_class)
                compared += 1
                probed += isinstance(outcome(theirs, "probe_dtz", board), int)
    assert compared >= 300 and probed * 10 >= compared * 9, (compared, probed)


def test_python_chess_s_variant_table_tests_end_alike():
    """The tests of python-chess's test.py that probe variant tables pass,
    or skip, on bitmoves as on python-chess (its sdist has no variant
    tables), skip reasons included."""
    theirs = run_classes("python-chess", ["SyzygyTestCase", "AtomicTestCase"])["outcomes"]
    ours = run_classes("bitmoves", ["SyzygyTestCase", "AtomicTestCase"])["outcomes"]
    wanted = ["SyzygyTestCase.test_suicide_dtm", "SyzygyTestCase.test_suicide_dtz",
              "SyzygyTestCase.test_suicide_stats", "SyzygyTestCase.test_antichess_kvk",
              "AtomicTestCase.test_lone_king_wdl"]
    assert {test: theirs[test].split(":")[0] for test in wanted} == {
        "SyzygyTestCase.test_suicide_dtm": "skip",
        "SyzygyTestCase.test_suicide_dtz": "skip",
        "SyzygyTestCase.test_suicide_stats": "skip",
        "SyzygyTestCase.test_antichess_kvk": "pass",
        "AtomicTestCase.test_lone_king_wdl": "pass",
    }
    assert ours == theirs
