"""`bitmoves.polyglot` against python-chess's `chess.polyglot` as the oracle.

Both read the same books: python-chess's `performance.bin` (from its
sdist, fetched at test time) and books written here from the positions of
random games, with castling (king takes rook), promotions, zero weights,
duplicate keys and moves that are not legal. On every position both must
give the same entries, in the same order, from `find_all`, `find`, `get`,
`choice` and `weighted_choice` (the same seeded random numbers), and the
same `__getitem__`, `len`, iteration and `in`.
"""

import os
import random
import struct

import chess
import chess.polyglot
import pytest

import bitmoves
import bitmoves.polyglot
from conftest import playout
from test_python_chess_suite import python_chess_test_py


def fields(entry):
    """An entry as comparable plain values."""
    return (entry.key, entry.raw_move, entry.weight, entry.learn, entry.move.uci())


@pytest.fixture(scope="module")
def performance_bin():
    return str(python_chess_test_py().parent / "data" / "polyglot" / "performance.bin")


def raw_move(board, move):
    """A python-chess move as Polyglot's 16 bits (castling as king takes
    rook)."""
    if board.is_castling(move) and not board.chess960:
        rook_file = 7 if chess.square_file(move.to_square) == 6 else 0
        to_square = chess.square(rook_file, chess.square_rank(move.to_square))
    else:
        to_square = move.to_square
    promotion = move.promotion - 1 if move.promotion else 0
    return promotion << 12 | move.from_square << 6 | to_square


def write_book(path, seed, games=30):
    """A book of the positions of random games: several moves per position
    (legal ones, weights 0 to 5), and some that are not legal there."""
    rng = random.Random(seed)
    entries = []
    for game in range(games):
        for _, board in playout(seed * 1000 + game, chess960=game % 3 == 0, plies=60):
            key = chess.polyglot.zobrist_hash(board)
            moves = list(board.legal_moves)
            for move in rng.sample(moves, min(len(moves), rng.randrange(1, 5))):
                entries.append((key, raw_move(board, move), rng.randrange(6), rng.randrange(1 << 32)))
            if rng.random() < 0.2:  # a move that is not legal here (promotion bits 0 to 5)
                entries.append((key, rng.randrange(6 << 12), rng.randrange(1, 4), 0))
    entries.sort(key=lambda entry: entry[0])
    with open(path, "wb") as out:
        for entry in entries:
            out.write(struct.pack(">QHHI", *entry))
    return entries


@pytest.fixture(scope="module")
def books(tmp_path_factory, performance_bin):
    path = tmp_path_factory.mktemp("books") / "random.bin"
    write_book(path, 7)
    return [performance_bin, str(path)]


def positions(seed, chess960):
    for ours, theirs in playout(seed, chess960=chess960, plies=40):
        yield ours.copy(), theirs.copy()


def test_random_array_and_keys_are_python_chess():
    assert bitmoves.polyglot.POLYGLOT_RANDOM_ARRAY == chess.polyglot.POLYGLOT_RANDOM_ARRAY
    hasher = bitmoves.polyglot.ZobristHasher(bitmoves.polyglot.POLYGLOT_RANDOM_ARRAY)
    for seed in range(20):
        for ours, theirs in playout(seed, chess960=seed % 2 == 1, plies=80):
            expected = chess.polyglot.zobrist_hash(theirs)
            assert bitmoves.polyglot.zobrist_hash(ours) == expected, theirs.fen()
            assert hasher(ours) == expected, theirs.fen()


def test_lookups_equal_python_chess(books, chess960):
    for path in books:
        with bitmoves.polyglot.open_reader(path) as ours_book, chess.polyglot.open_reader(path) as their_book:
            for seed in range(25):
                for ours, theirs in positions(seed, chess960):
                    for weight in (0, 1, 3):
                        expected = [fields(e) for e in their_book.find_all(theirs, minimum_weight=weight)]
                        got = [fields(e) for e in ours_book.find_all(ours, minimum_weight=weight)]
                        assert got == expected, (path, theirs.fen(), weight)
                    key = chess.polyglot.zobrist_hash(theirs)
                    assert [fields(e) for e in ours_book.find_all(key)] == \
                        [fields(e) for e in their_book.find_all(key)]
                    expected = their_book.get(theirs)
                    got = ours_book.get(ours)
                    assert (got and fields(got)) == (expected and fields(expected)), theirs.fen()
                    if expected is None:
                        with pytest.raises(IndexError):
                            ours_book.find(ours)
                        with pytest.raises(IndexError):
                            ours_book.weighted_choice(ours)
                        continue
                    excluded = [expected.move]
                    assert [fields(e) for e in ours_book.find_all(ours, exclude_moves=[bitmoves.Move.from_uci(m.uci()) for m in excluded])] == \
                        [fields(e) for e in their_book.find_all(theirs, exclude_moves=excluded)]
                    for draw in range(3):
                        rng_ours, rng_theirs = random.Random(draw), random.Random(draw)
                        assert fields(ours_book.choice(ours, random=rng_ours)) == \
                            fields(their_book.choice(theirs, random=rng_theirs))
                        assert fields(ours_book.weighted_choice(ours, random=rng_ours)) == \
                            fields(their_book.weighted_choice(theirs, random=rng_theirs))


def test_entries_by_index_equal_python_chess(books):
    for path in books:
        with bitmoves.polyglot.open_reader(path) as ours, chess.polyglot.open_reader(path) as theirs:
            assert len(ours) == len(theirs)
            assert [fields(e) for e in ours] == [fields(e) for e in theirs]
            assert [fields(e) for e in reversed(ours)] == [fields(e) for e in reversed(theirs)]
            for index in (0, 1, -1, -len(theirs), len(theirs) - 1):
                assert fields(ours[index]) == fields(theirs[index])
            for index in (len(theirs), -len(theirs) - 1):
                with pytest.raises(IndexError):
                    ours[index]
            for entry in list(ours)[:200]:
                assert entry in ours
                assert ours.bisect_key_left(entry.key) == theirs.bisect_key_left(entry.key)
            entry = ours[0]
            assert entry._replace(weight=entry.weight + 1) not in ours
            assert isinstance(entry, tuple) and entry.key == entry[0]


def test_empty_and_missing_books(tmp_path):
    with bitmoves.polyglot.open_reader(os.devnull) as book:
        assert len(book) == 0 and list(book.find_all(bitmoves.Board())) == []
        assert book.get(bitmoves.Board()) is None
    empty = tmp_path / "empty.bin"
    empty.write_bytes(b"")
    assert len(bitmoves.polyglot.open_reader(empty)) == 0
    with pytest.raises(FileNotFoundError) as error:
        bitmoves.polyglot.open_reader(tmp_path / "missing.bin")
    assert error.value.filename == tmp_path / "missing.bin" or error.value.filename == str(tmp_path / "missing.bin")
    assert len(bitmoves.polyglot.open_reader(os.fsencode(empty))) == 0  # bytes paths, as open() takes
    with pytest.raises(IsADirectoryError):
        bitmoves.polyglot.open_reader(tmp_path)
    odd = tmp_path / "odd.bin"
    odd.write_bytes(b"\0" * 17)
    with pytest.raises(OSError, match="invalid file size"):
        bitmoves.polyglot.open_reader(odd)


def closed_book_calls(package, key):
    """Every look-up of a closed reader, as thunks of `book`."""
    board = package.Board()
    entry = package.polyglot.Entry(key, 0, 5, 0, package.Move.from_uci("e2e4"))
    return {
        "len": lambda book: len(book),
        "getitem": lambda book: book[0],
        "iter": lambda book: list(book),
        "reversed": lambda book: list(reversed(book)),
        "contains": lambda book: entry in book,
        "find_all": lambda book: type(book.find_all(board)).__name__ != "list",
        "find_all_iterated": lambda book: list(book.find_all(board)),
        "find_all_key": lambda book: list(book.find_all(key)),
        "find": lambda book: book.find(board),
        "get": lambda book: book.get(board),
        "get_default": lambda book: book.get(board, 7),
        "get_key": lambda book: book.get(key, "none"),
        "choice": lambda book: book.choice(board),
        "weighted_choice": lambda book: book.weighted_choice(board),
        "bisect_key_left": lambda book: book.bisect_key_left(key),
        "close": lambda book: book.close(),
        "enter": lambda book: book.__enter__() is book,
    }


def outcome(call, book):
    try:
        return ("value", call(book))
    except Exception as error:  # noqa: BLE001 (the type is what is compared)
        return ("raises", type(error).__name__)


def test_closed_reader_behaves_as_python_chess(tmp_path):
    """python-chess after `close()`: `get` gives its default, `find` raises
    `IndexError`, `find_all` raises `ValueError` only when iterated, the
    others `ValueError`."""
    key = chess.polyglot.zobrist_hash(chess.Board())
    path = tmp_path / "one.bin"
    path.write_bytes(struct.pack(">QHHI", key, 12 << 6 | 28, 5, 0))
    theirs_book, ours_book = chess.polyglot.open_reader(str(path)), bitmoves.polyglot.open_reader(str(path))
    theirs_book.close()
    ours_book.close()
    theirs_calls, ours_calls = closed_book_calls(chess, key), closed_book_calls(bitmoves, key)
    for name, call in theirs_calls.items():
        assert outcome(ours_calls[name], ours_book) == outcome(call, theirs_book), name
    assert ours_book.get(bitmoves.Board()) is None
    ours_book.close()  # twice is fine


def test_bad_arguments_raise_clear_errors(performance_bin, tmp_path):
    with bitmoves.polyglot.open_reader(performance_bin) as book:
        with pytest.raises(TypeError):
            book["0"]
        with pytest.raises((OverflowError, IndexError)):
            book[10**30]
        for bad in (None, object(), "e4"):
            with pytest.raises((TypeError, ValueError, AttributeError)):
                list(book.find_all(bad))
        # Ints that are no 64-bit key have no entries, as in python-chess.
        assert list(book.find_all(-1)) == [] and list(book.find_all(1 << 70)) == []
        with pytest.raises(TypeError):
            bitmoves.polyglot.open_reader(3.5)
    # Promotion bits 6 and 7 name no piece: a clear error by index, and
    # never a move of any board.
    bad = tmp_path / "bad.bin"
    key = chess.polyglot.zobrist_hash(chess.Board())
    bad.write_bytes(struct.pack(">QHHI", key, 7 << 12 | 12 << 6 | 28, 1, 0))
    with bitmoves.polyglot.open_reader(bad) as book:
        with pytest.raises(ValueError, match="promotion bits 7"):
            book[0]
        assert book.get(bitmoves.Board()) is None


def test_other_boards_go_through_their_methods(performance_bin):
    """A board that is not bitmoves' (python-chess's own here) is looked up
    with its own methods, as python-chess does."""
    with bitmoves.polyglot.open_reader(performance_bin) as ours, chess.polyglot.open_reader(performance_bin) as theirs:
        board = chess.Board()
        assert [fields(e) for e in ours.find_all(board)] == [fields(e) for e in theirs.find_all(board)]


def test_positions_off_the_core_equal_python_chess(tmp_path):
    """Positions the core does not take (no king, castling rights without
    their rook, an en passant square with no pawn behind it) are looked up
    by the core's rules engine, as python-chess looks them up."""
    fens = ["8/8/8/8/8/8/8/K7 w - - 0 1", "4k3/8/8/8/8/8/8/4K2R w KQkq - 0 1",
            "4k3/8/8/8/3p4/8/8/4K3 b - e3 0 1", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
            "4k3/8/8/8/8/8/8/RK5R w KQ - 0 1"]
    entries = []
    for fen in fens:
        board = chess.Board(fen)
        key = chess.polyglot.zobrist_hash(board)
        for move in board.pseudo_legal_moves:
            entries.append((key, raw_move(board, move), 2, 0))
        entries.append((key, 4 << 6 | 7, 1, 0))  # e1h1, king takes rook
        entries.append((key, 60 << 6 | 56, 1, 0))  # e8a8
    entries.sort(key=lambda entry: entry[0])
    path = tmp_path / "odd.bin"
    path.write_bytes(b"".join(struct.pack(">QHHI", *entry) for entry in entries))
    with bitmoves.polyglot.open_reader(path) as ours, chess.polyglot.open_reader(path) as theirs:
        for fen in fens:
            for chess960 in (False, True):
                mine, other = bitmoves.Board(fen, chess960=chess960), chess.Board(fen, chess960=chess960)
                assert bitmoves.polyglot.zobrist_hash(mine) == chess.polyglot.zobrist_hash(other), fen
                assert [fields(e) for e in ours.find_all(mine)] == [fields(e) for e in theirs.find_all(other)], fen


def test_a_variants_board_decides_legality_itself(performance_bin):
    """A subclass of `Board` for another variant (as python-chess's
    `chess.variant` classes are, after `install_as_chess()`) is asked
    `is_legal` for each entry."""

    class KnightsOnly(bitmoves.Board):
        uci_variant = "knights-only"

        def is_legal(self, move):
            return self.piece_type_at(move.from_square) == chess.KNIGHT

    class Anything(bitmoves.Board):
        uci_variant = "anything"

        def is_legal(self, move):
            self.push(move)  # is_legal may use the board
            self.pop()
            return True

    with bitmoves.polyglot.open_reader(performance_bin) as book:
        standard = [fields(e) for e in book.find_all(bitmoves.Board())]
        assert len(standard) == 3
        assert list(book.find_all(KnightsOnly())) == []
        assert [fields(e) for e in book.find_all(Anything())] == standard


def test_random_bytes_never_crash(tmp_path):
    """A book of random bytes: every look-up returns entries or raises
    ValueError (promotion bits that name no piece), never anything else."""
    rng = random.Random(48)
    boards = [ours for seed in range(3) for ours, _ in positions(seed, False)]
    for trial in range(20):
        path = tmp_path / f"random{trial}.bin"
        path.write_bytes(bytes(rng.randrange(256) for _ in range(16 * rng.randrange(1, 200))))
        with bitmoves.polyglot.open_reader(path) as book:
            for index in range(len(book)):
                try:
                    entry = book[index]
                except ValueError:
                    continue
                assert entry.key == struct.unpack_from(">Q", path.read_bytes(), 16 * index)[0]
                for board_or_key in [entry.key] + boards[:10]:
                    try:
                        list(book.find_all(board_or_key, minimum_weight=0))
                    except ValueError:
                        pass
