"""python-chess's side of tests/variant_oracle.rs: replays games and prints,
for every position of each, its FEN, its legal moves (sorted UCI), its
outcome and its status flags, one tab-separated line per position.

Input, one game a line: uci_variant, chess960 (0 or 1), the start FEN and
the moves played (UCI, space-separated), separated by tabs. With `--san`,
each position's line is instead its legal moves with their SAN
(`uci=san`, sorted by UCI).
"""

import sys

import chess
import chess.variant


def outcome(board):
    result = board.outcome()
    if result is None or result.termination == chess.Termination.FIVEFOLD_REPETITION:
        return "-"
    winner = {True: "white", False: "black", None: "none"}[result.winner]
    return f"{result.termination.name} {winner}"


def describe(board):
    moves = " ".join(sorted(move.uci() for move in board.legal_moves))
    return f"{board.fen()}\t{moves}\t{outcome(board)}\t{int(board.status())}"


def describe_san(board):
    return " ".join(f"{move.uci()}={board.san(move)}" for move in sorted(board.legal_moves, key=chess.Move.uci))


def main():
    show = describe_san if "--san" in sys.argv[1:] else describe
    for line in sys.stdin:
        line = line.rstrip("\n")
        if not line:
            continue
        variant, chess960, fen, moves = line.split("\t")
        board = chess.variant.find_variant(variant)(fen, chess960=chess960 == "1")
        print(show(board))
        for uci in moves.split():
            board.push(chess.Move.from_uci(uci))
            print(show(board))


if __name__ == "__main__":
    main()
