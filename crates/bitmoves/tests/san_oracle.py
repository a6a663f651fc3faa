#!/usr/bin/env python3
"""Checks bitmoves against python-chess, an independent implementation.

Called by the `san_oracle` test with one argument, a file of lines:

    san <TAB> chess960 (0/1) <TAB> FEN <TAB> uci=SAN uci=SAN ...
    start <TAB> number <TAB> FEN

For a `san` line, the legal moves must be the same set, and each move's
SAN must equal python-chess's `Board.san`. For a `start` line, the FEN of
Chess960 start position `number` must match `Board.from_chess960_pos`
(placement and castling rights). Prints a summary; exits 1 on any
difference, listing the first ones.
"""

import sys

import chess


def castling_letters(fen):
    return set(fen.split(" ")[2])


def main(path):
    failures = []
    positions = moves = starts = 0
    with open(path, encoding="ascii") as lines:
        for number, line in enumerate(lines, 1):
            kind, *fields = line.rstrip("\n").split("\t")
            if kind == "san":
                chess960, fen, pairs = fields
                board = chess.Board(fen, chess960=chess960 == "1")
                ours = dict(pair.split("=", 1) for pair in pairs.split())
                theirs = {move.uci(): board.san(move) for move in board.legal_moves}
                positions += 1
                moves += len(ours)
                if set(ours) != set(theirs):
                    failures.append(
                        f"line {number}: {fen}: legal moves differ: "
                        f"only ours {sorted(set(ours) - set(theirs))}, "
                        f"only python-chess {sorted(set(theirs) - set(ours))}"
                    )
                    continue
                for uci, san in ours.items():
                    if san != theirs[uci]:
                        failures.append(
                            f"line {number}: {fen}: {uci}: ours {san}, python-chess {theirs[uci]}"
                        )
            elif kind == "start":
                index, fen = fields
                expected = chess.Board.from_chess960_pos(int(index))
                expected.chess960 = True
                theirs = expected.fen(shredder=True)
                starts += 1
                same_placement = fen.split(" ")[0] == theirs.split(" ")[0]
                if not same_placement or castling_letters(fen) != castling_letters(theirs):
                    failures.append(f"start {index}: ours {fen}, python-chess {theirs}")
            else:
                failures.append(f"line {number}: unknown record {kind!r}")
    print(
        f"python-chess {chess.__version__}: {positions} positions, {moves} moves, "
        f"{starts} Chess960 starts, {len(failures)} differences"
    )
    for failure in failures[:20]:
        print(failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
