"""`bitmoves.syzygy` against python-chess's `chess.syzygy` as the oracle.

Both probe the 3- and 4-piece tables of python-chess's sdist (fetched at
test time): random legal positions of every table, both sides to move, and
positions with a legal en passant capture, through `probe_wdl`,
`probe_dtz`, `probe_wdl_table`, `probe_dtz_no_ep` and `get_wdl`/`get_dtz`;
the errors are python-chess's kinds; the table-name functions give the
same names.
"""

import os
import random
import shutil
import threading

import chess
import chess.syzygy
import pytest

import bitmoves
import bitmoves.syzygy
from test_python_chess_suite import python_chess_test_py

PIECES = {"K": chess.KING, "Q": chess.QUEEN, "R": chess.ROOK, "B": chess.BISHOP, "N": chess.KNIGHT, "P": chess.PAWN}


@pytest.fixture(scope="module")
def regular():
    return str(python_chess_test_py().parent / "data" / "syzygy" / "regular")


@pytest.fixture(scope="module")
def tables(regular):
    with bitmoves.syzygy.open_tablebase(regular) as ours, chess.syzygy.open_tablebase(regular) as theirs:
        yield ours, theirs


def random_position(rng, material, turn):
    """A random legal python-chess position of `material` ("KRvKP"), or None."""
    board = chess.Board(None)
    board.turn = turn
    white, black = material.split("v")
    for color, side in ((chess.WHITE, white), (chess.BLACK, black)):
        for letter in side:
            piece = PIECES[letter]
            squares = [sq for sq in chess.SQUARES if board.piece_at(sq) is None
                       and not (piece == chess.PAWN and chess.square_rank(sq) in (0, 7))]
            board.set_piece_at(rng.choice(squares), chess.Piece(piece, color))
    return board if board.is_valid() else None


def en_passant_position(rng):
    """A random position right after a double pawn step that can be taken
    en passant, with 4 or 5 pieces, or None."""
    board = chess.Board(None)
    file = rng.randrange(8)
    side = rng.choice([f for f in (file - 1, file + 1) if 0 <= f < 8])
    board.set_piece_at(chess.square(file, 6), chess.Piece(chess.PAWN, chess.BLACK))
    board.set_piece_at(chess.square(side, 4), chess.Piece(chess.PAWN, chess.WHITE))
    for piece, color in [(chess.KING, chess.WHITE), (chess.KING, chess.BLACK)] + \
            rng.sample([(chess.QUEEN, chess.WHITE), (chess.ROOK, chess.BLACK), (chess.KNIGHT, chess.WHITE)], rng.randrange(2)):
        empty = [sq for sq in chess.SQUARES if board.piece_at(sq) is None and chess.square_rank(sq) not in (5, 6)]
        board.set_piece_at(rng.choice(empty), chess.Piece(piece, color))
    board.turn = chess.BLACK
    push = chess.Move(chess.square(file, 6), chess.square(file, 4))
    if not board.is_valid() or not board.is_legal(push):
        return None
    board.push(push)
    board = chess.Board(board.fen())
    return board if board.is_valid() and board.has_legal_en_passant() else None


def outcome(call):
    """A probe's value, or the name of its error's class."""
    try:
        return call()
    except KeyError as error:
        return type(error).__name__


def same_probes(ours, theirs, board):
    mine = bitmoves.Board(board.fen())
    for name in ("probe_wdl", "probe_dtz", "probe_wdl_table", "probe_dtz_no_ep", "get_wdl", "get_dtz"):
        expected = outcome(lambda: getattr(theirs, name)(board))
        got = outcome(lambda: getattr(ours, name)(mine))
        assert got == expected, f"{name} of {board.fen()}: {got} != {expected}"


def test_probes_equal_python_chess(tables, regular):
    ours, theirs = tables
    materials = sorted({name[:-5] for name in os.listdir(regular) if name.endswith(".rtbw")})
    assert len(materials) >= 30
    rng = random.Random(43)
    probed = 0
    for material in materials:
        for turn in (chess.WHITE, chess.BLACK):
            for _ in range(12):
                board = random_position(rng, material, turn)
                if board is not None:
                    same_probes(ours, theirs, board)
                    probed += 1
    assert probed > 500


def test_en_passant_probes_equal_python_chess(tables):
    ours, theirs = tables
    rng = random.Random(44)
    probed = 0
    while probed < 150:
        board = en_passant_position(rng)
        if board is not None:
            same_probes(ours, theirs, board)
            probed += 1


def test_dtz_table_values(regular):
    """python-chess's internal per-file classes, on its test positions."""
    dtz = bitmoves.syzygy.DtzTable(f"{regular}/KRvKN.rtbz")
    dtz.init_table_dtz()
    assert dtz.probe_dtz_table(bitmoves.Board("7n/6k1/4R3/4K3/8/8/8/8 w - - 0 1"), 2) == (0, -1)
    assert dtz.probe_dtz_table(bitmoves.Board("7n/6k1/4R3/4K3/8/8/8/8 b - - 1 1"), -2) == (8, 1)
    with pytest.raises(ValueError):
        dtz.probe_dtz_table(bitmoves.Board("7n/6k1/4R3/4K3/8/8/8/8 b - - 1 1"), 3)
    dtz.close()
    wdl = bitmoves.syzygy.WdlTable(f"{regular}/KBNvK.rtbw")
    assert wdl.probe_wdl_table(bitmoves.Board("8/8/8/5N2/5K2/2kB4/8/8 b - - 0 1")) == -2


def test_errors_are_python_chess_kinds(tables, tmp_path, regular):
    ours, _ = tables
    with pytest.raises(KeyError, match="castling"):
        ours.probe_wdl(bitmoves.Board("r3k3/8/8/8/8/8/8/4K3 w q - 0 1"))
    start_without_castling = bitmoves.Board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1")
    with pytest.raises(KeyError) as error:
        ours.probe_wdl(start_without_castling)
    assert not isinstance(error.value, bitmoves.syzygy.MissingTableError)
    assert ours.get_dtz(start_without_castling, 7) == 7
    five = bitmoves.Board("k7/8/8/8/8/8/8/KQRN4 w - - 0 1")
    with pytest.raises(bitmoves.syzygy.MissingTableError):
        ours.probe_wdl(five)
    assert issubclass(bitmoves.syzygy.MissingTableError, KeyError)
    assert ours.get_wdl(five) is None
    with pytest.raises(FileNotFoundError):
        bitmoves.syzygy.open_tablebase(tmp_path / "missing")
    with pytest.raises(NotADirectoryError):
        bitmoves.syzygy.open_tablebase(f"{regular}/KQvK.rtbw")
    assert bitmoves.syzygy.Tablebase().add_directory(os.fsencode(regular)) >= 60  # bytes paths too
    for bad in (None, "8/8/8/8/8/8/8/K1k5 w - - 0 1", chess.Board()):
        with pytest.raises(TypeError, match="bitmoves Board"):
            ours.probe_wdl(bad)
    # A damaged table: an OSError naming the file, never a crash.
    damaged = tmp_path / "damaged"
    damaged.mkdir()
    shutil.copy(f"{regular}/KQvK.rtbw", damaged / "KQvK.rtbw")
    data = bytearray((damaged / "KQvK.rtbw").read_bytes())
    data[0] ^= 0xFF
    (damaged / "KQvK.rtbw").write_bytes(bytes(data))
    (damaged / "KRvK.rtbw").write_bytes(b"\0" * 100)
    with bitmoves.syzygy.open_tablebase(damaged) as broken:
        for fen in ("k7/8/8/8/8/8/8/KQ6 w - - 0 1", "k7/8/8/8/8/8/8/KR6 w - - 0 1"):
            with pytest.raises(OSError, match="rtbw"):
                broken.probe_wdl(bitmoves.Board(fen))


def test_closed_tablebase_has_no_tables(regular):
    tables = bitmoves.syzygy.open_tablebase(regular)
    board = bitmoves.Board("k7/8/8/8/8/8/8/KQ6 w - - 0 1")
    assert tables.probe_wdl(board) == 2
    tables.close()
    with pytest.raises(bitmoves.syzygy.MissingTableError):
        tables.probe_wdl(board)
    assert tables.add_directory(regular, load_dtz=False) >= 30
    assert tables.probe_wdl(board) == 2


def test_threads_probe_at_once(tables):
    ours, theirs = tables
    rng = random.Random(45)
    boards = [b for b in (random_position(rng, "KRvKP", rng.choice([True, False])) for _ in range(200)) if b]
    expected = [theirs.probe_dtz(b) for b in boards]
    results = {}

    def work(index):
        results[index] = [ours.probe_dtz(bitmoves.Board(b.fen())) for b in boards]

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(results[i] == expected for i in range(4))


def test_table_names_equal_python_chess():
    for count in (3, 4, 5, 6):
        for one_king in (True, False):
            ours = list(bitmoves.syzygy.tablenames(one_king=one_king, piece_count=count))
            theirs = list(chess.syzygy.tablenames(one_king=one_king, piece_count=count))
            assert len(ours) == len(set(ours)) and set(ours) == set(theirs)
    names = list(chess.syzygy.tablenames(piece_count=6))
    rng = random.Random(46)
    for name in names + ["KNNvKBB", "KvK", "KPvK", "PvP", "KKvK", "Kv", "vK", "KQvKx", "KQRBNPPvK"]:
        w, _, b = name.partition("v")
        for candidate in (name, b + "v" + w) if b else (name,):
            for kwargs in ({}, {"one_king": False}, {"piece_count": 5}, {"normalized": False}, {"piece_count": None}):
                assert bitmoves.syzygy.is_tablename(candidate, **kwargs) == chess.syzygy.is_tablename(candidate, **kwargs), (candidate, kwargs)
            if "v" in candidate and set(candidate) <= set("KQRBNPv"):
                for mirror in (False, True):
                    assert bitmoves.syzygy.normalize_tablename(candidate, mirror=mirror) == \
                        chess.syzygy.normalize_tablename(candidate, mirror=mirror)
    for name in rng.sample(names, 300):
        for one_king in (True, False):
            assert set(bitmoves.syzygy.dependencies(name, one_king=one_king)) == \
                set(chess.syzygy.dependencies(name, one_king=one_king)), name
    assert set(bitmoves.syzygy.all_dependencies(["KRPvKP"])) == set(chess.syzygy.all_dependencies(["KRPvKP"]))
    for wdl in range(-2, 3):
        assert bitmoves.syzygy.dtz_before_zeroing(wdl) == chess.syzygy.dtz_before_zeroing(wdl)


def test_calc_key_equals_python_chess():
    rng = random.Random(47)
    for material in ("KBNvK", "KQvKRP", "KPPvKN", "KvKQQ"):
        for _ in range(5):
            board = random_position(rng, material, rng.choice([True, False]))
            if board is None:
                continue
            for mirror in (False, True):
                assert bitmoves.syzygy.calc_key(bitmoves.Board(board.fen()), mirror=mirror) == \
                    chess.syzygy.calc_key(board, mirror=mirror)


def test_a_missing_table_is_named_as_python_chess_names_it(regular):
    """python-chess's words (`did not find wdl table KQRNvK`, `... dtz
    table KQvK`), which its own tests show as skip reasons; a regression
    test: bitmoves said `did not find table KQRNvK.rtbw`."""
    cases = [("k7/8/8/8/8/8/8/KQRN4 w - - 0 1", "probe_wdl", "wdl"),
             ("k7/8/8/8/8/8/8/KQ6 w - - 0 1", "probe_dtz", "dtz")]
    with bitmoves.syzygy.open_tablebase(regular, load_dtz=False) as ours, \
            chess.syzygy.open_tablebase(regular, load_dtz=False) as theirs:
        for fen, method, kind in cases:
            with pytest.raises(bitmoves.syzygy.MissingTableError) as mine:
                getattr(ours, method)(bitmoves.Board(fen))
            with pytest.raises(chess.syzygy.MissingTableError) as reference:
                getattr(theirs, method)(chess.Board(fen))
            assert str(mine.value) == str(reference.value)
            assert f"did not find {kind} table" in str(mine.value)
