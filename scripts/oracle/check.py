#!/usr/bin/env python3
"""Checks bitmoves against independent implementations: python-chess and Stockfish.

The one python-chess oracle of the repository. Two modes:

    check.py CASES [--stockfish PATH]
    check.py --book BOOK < POSITIONS

CASES is a file of tab-separated records, one a line (blank lines are
skipped), written by the bitmoves tests:

    FEN <TAB> chess960 (0/1) <TAB> key (16 hex digits) <TAB> legal moves (UCI, space-separated)
        <TAB> SAN of each legal move in the same order (or "-") <TAB> perft depth <TAB> perft count
    san <TAB> chess960 (0/1) <TAB> FEN <TAB> uci=SAN uci=SAN ...
    start <TAB> number <TAB> FEN

The first kind (tests/oracle.rs) is checked with python-chess (PyPI `chess`):
the Polyglot key (`chess.polyglot.zobrist_hash`), the set of legal moves and
the SAN of each move; with `--stockfish PATH` its perft count is checked
against Stockfish's `go perft` too (standard positions only). A `san` record
(tests/san_oracle.rs) must have python-chess's set of legal moves, each with
python-chess's `Board.san`. A `start` record's FEN must be Chess960 start
position `number` as `Board.from_chess960_pos` gives it (placement and
castling rights). Prints one line per disagreement (the first 20) and a
summary; exits 1 if anything disagrees.

With `--book BOOK` (tests/polyglot/oracle.rs), it reads `FEN <TAB> chess960`
lines on stdin, writes a Polyglot book of a random subset of each position's
legal moves with random weights (0 included), a move of another position
and a random, usually illegal move, keyed by python-chess's keys and packed
by hand (python-chess writes no books; castling as king-takes-rook); then
reads it back with python-chess's `find_all` (weight 0 included) and prints
each position's moves as `index uci weight learn`, highest weight first,
ties in book order.

Bad input (a missing file, a line with the wrong number of fields, a FEN
python-chess refuses, a Stockfish that does not run) is one `error:` line
on stderr and exit status 2.
"""

import argparse
import random
import struct
import subprocess
import sys

import chess
import chess.polyglot


class InputError(Exception):
    """Input the oracle cannot check: reported as one `error:` line."""


class Stockfish:
    """A Stockfish process answering `go perft`."""

    def __init__(self, path):
        try:
            self.process = subprocess.Popen(
                [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
            )
        except OSError as error:
            raise InputError(f"cannot run Stockfish at {path}: {error.strerror}") from None
        self.send("uci")

    def send(self, command):
        try:
            self.process.stdin.write(command + "\n")
            self.process.stdin.flush()
        except OSError as error:
            raise InputError(f"Stockfish stopped: {error}") from None

    def perft(self, fen, depth):
        self.send(f"position fen {fen}\ngo perft {depth}")
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise InputError("Stockfish ended before answering `go perft`")
            if line.startswith("Nodes searched:"):
                return int(line.split(":")[1])

    def close(self):
        self.send("quit")
        self.process.wait()


def board_of(fen, chess960, where):
    try:
        return chess.Board(fen, chess960=chess960 == "1")
    except ValueError as error:
        raise InputError(f"{where}: python-chess refuses the FEN {fen!r}: {error}") from None


def fields_of(line, count, where, layout):
    fields = line.split("\t")
    if len(fields) != count:
        raise InputError(f"{where}: expected {count} tab-separated fields ({layout}), found {len(fields)}")
    return fields


def check_case(fields, where, engine, counts):
    """A key/moves/SAN/perft record: the problems found."""
    fen, c960, key, moves, sans, depth, count = fields
    board = board_of(fen, c960, where)
    problems = []
    try:
        ours_key, depth, count = int(key, 16), int(depth), int(count)
    except ValueError:
        raise InputError(f"{where}: the key, depth and count must be numbers") from None
    expected_key = chess.polyglot.zobrist_hash(board)
    if ours_key != expected_key:
        problems.append(f"{fen}: key {key}, python-chess {expected_key:016x}")
    ours = moves.split()
    theirs = [m.uci() for m in board.legal_moves]
    if sorted(ours) != sorted(theirs):
        missing = sorted(set(theirs) - set(ours))
        extra = sorted(set(ours) - set(theirs))
        problems.append(f"{fen}: moves: missing {missing}, extra {extra}")
    elif sans != "-":
        for uci, san in zip(ours, sans.split()):
            expected = board.san(chess.Move.from_uci(uci))
            if san != expected:
                problems.append(f"{fen}: SAN of {uci}: {san}, python-chess {expected}")
    if engine and c960 == "0":
        expected = engine.perft(fen, depth)
        counts["perfts"] += 1
        if expected != count:
            problems.append(f"{fen}: perft({depth}) {count}, Stockfish {expected}")
    return problems


def check_san(fields, where, counts):
    """A `san` record: the same legal moves, each with python-chess's SAN."""
    _, c960, fen, pairs = fields
    board = board_of(fen, c960, where)
    try:
        ours = dict(pair.split("=", 1) for pair in pairs.split())
    except ValueError:
        raise InputError(f"{where}: moves must be written uci=SAN") from None
    theirs = {move.uci(): board.san(move) for move in board.legal_moves}
    counts["moves"] += len(ours)
    if set(ours) != set(theirs):
        return [
            f"{fen}: legal moves differ: only ours {sorted(set(ours) - set(theirs))}, "
            f"only python-chess {sorted(set(theirs) - set(ours))}"
        ]
    return [f"{fen}: {uci}: ours {san}, python-chess {theirs[uci]}" for uci, san in ours.items() if san != theirs[uci]]


def check_start(fields, where):
    """A `start` record: Chess960 start position `number`."""
    _, index, fen = fields
    if not index.isdigit() or int(index) > 959:
        raise InputError(f"{where}: a Chess960 start number is 0 to 959, not {index!r}")
    expected = chess.Board.from_chess960_pos(int(index))
    expected.chess960 = True
    theirs = expected.fen()
    ours_fields, their_fields = fen.split(" "), theirs.split(" ")
    if len(ours_fields) < 3:
        raise InputError(f"{where}: {fen!r} is not a FEN")
    if ours_fields[0] != their_fields[0] or ours_fields[2] != their_fields[2]:
        return [f"start {index}: ours {fen}, python-chess {theirs}"]
    return []


def check_cases(path, stockfish):
    """Checks a CASES file; returns the exit status."""
    engine = Stockfish(stockfish) if stockfish else None
    counts = {"records": 0, "perfts": 0, "moves": 0}
    failures = []
    failed = 0
    try:
        lines = open(path, encoding="utf-8")
    except OSError as error:
        raise InputError(f"cannot read {path}: {error.strerror}") from None
    with lines:
        for number, line in enumerate(lines, 1):
            line = line.rstrip("\r\n")
            if not line.strip():
                continue
            where = f"{path} line {number}"
            kind = line.split("\t", 1)[0]
            if kind == "san":
                problems = check_san(fields_of(line, 4, where, "san, chess960, FEN, moves"), where, counts)
            elif kind == "start":
                problems = check_start(fields_of(line, 3, where, "start, number, FEN"), where)
            else:
                layout = "FEN, chess960, key, moves, SANs, depth, count"
                problems = check_case(fields_of(line, 7, where, layout), where, engine, counts)
            counts["records"] += 1
            if problems:
                failed += 1
                failures += [f"line {number}: {problem}" for problem in problems]
    if engine:
        engine.close()
    for failure in failures[:20]:
        print(failure)
    print(
        f"oracle (python-chess {chess.__version__}): {counts['records']} records, "
        f"{counts['moves']} SAN moves, {counts['perfts']} perft counts checked against Stockfish"
    )
    print(f"{counts['records'] - failed} passed, {failed} failed")
    return 1 if failed else 0


def raw_move(board, move):
    """A move as Polyglot packs it (castling as king-takes-rook)."""
    to = move.to_square
    if board.is_castling(move) and not board.chess960:
        rank = chess.square_rank(move.from_square)
        to = chess.square(7 if board.is_kingside_castling(move) else 0, rank)
    promotion = (move.promotion - 1) if move.promotion else 0
    return to | move.from_square << 6 | promotion << 12


def write_and_read_book(path):
    """The `--book` mode; returns the exit status."""
    rng = random.Random(20240614)
    boards = []
    for number, line in enumerate(sys.stdin.read().splitlines(), 1):
        if not line.strip():
            continue
        fen, c960 = fields_of(line, 2, f"stdin line {number}", "FEN, chess960")
        boards.append(board_of(fen, c960, f"stdin line {number}"))
    entries = []
    for i, board in enumerate(boards):
        key = chess.polyglot.zobrist_hash(board)
        legal = list(board.legal_moves)
        for move in rng.sample(legal, min(len(legal), rng.randint(1, 8))):
            weight = rng.choice([0, 1, 1, 2, 5, 100, 65535])
            entries.append((key, raw_move(board, move), weight, rng.getrandbits(32)))
        other = boards[(i + 1) % len(boards)]
        move = next(iter(other.legal_moves), None)
        if move is not None:
            entries.append((key, raw_move(other, move), 3, 0))
        entries.append((key, rng.getrandbits(15), 4, 0))
    entries.sort(key=lambda entry: entry[0])
    try:
        with open(path, "wb") as out:
            for entry in entries:
                out.write(struct.pack(">QHHI", *entry))
    except OSError as error:
        raise InputError(f"cannot write {path}: {error.strerror}") from None
    with chess.polyglot.open_reader(path) as reader:
        for i, board in enumerate(boards):
            found = sorted(reader.find_all(board, minimum_weight=0), key=lambda e: -e.weight)
            for entry in found:
                print(i, board.uci(entry.move), entry.weight, entry.learn)
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cases", nargs="?", help="the file of records to check")
    parser.add_argument("--stockfish", metavar="PATH", help="a Stockfish binary, to check perft counts")
    parser.add_argument("--book", metavar="BOOK", help="write and read back a book of the positions on stdin")
    args = parser.parse_args()
    if (args.cases is None) == (args.book is None):
        parser.error("give either CASES or --book BOOK")
    try:
        if args.book:
            return write_and_read_book(args.book)
        return check_cases(args.cases, args.stockfish)
    except InputError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
