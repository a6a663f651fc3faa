#!/usr/bin/env python3
"""Checks bitmoves against independent implementations.

Reads a file of tab-separated lines written by the `oracle` test of the
bitmoves crate (crates/bitmoves/tests/oracle.rs):

    FEN <TAB> chess960 (0/1) <TAB> key (16 hex digits) <TAB> legal moves (UCI, space-separated)
        <TAB> SAN of each legal move in the same order (or "-") <TAB> perft depth <TAB> perft count

and checks each field with python-chess (PyPI `chess`): the Polyglot key
(`chess.polyglot.zobrist_hash`), the set of legal moves, and the SAN of each
move. With `--stockfish PATH`, the perft counts are checked against
Stockfish's `go perft` too (standard positions only). Prints one line per
disagreement and a summary; exits 1 if anything disagrees.
"""

import argparse
import subprocess
import sys

import chess
import chess.polyglot


def stockfish_perft(engine, fen, depth):
    engine.stdin.write(f"position fen {fen}\ngo perft {depth}\n")
    engine.stdin.flush()
    while True:
        line = engine.stdout.readline()
        if not line:
            raise RuntimeError("stockfish ended early")
        if line.startswith("Nodes searched:"):
            return int(line.split(":")[1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cases")
    parser.add_argument("--stockfish", help="path to a Stockfish binary for perft")
    args = parser.parse_args()

    engine = None
    if args.stockfish:
        engine = subprocess.Popen(
            [args.stockfish], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        engine.stdin.write("uci\n")
        engine.stdin.flush()

    checked = failed = perfts = 0
    with open(args.cases, encoding="utf-8") as cases:
        for number, line in enumerate(cases, 1):
            fen, c960, key, moves, sans, depth, count = line.rstrip("\n").split("\t")
            board = chess.Board(fen, chess960=c960 == "1")
            problems = []
            expected_key = chess.polyglot.zobrist_hash(board)
            if int(key, 16) != expected_key:
                problems.append(f"key {key}, python-chess {expected_key:016x}")
            ours = moves.split()
            theirs = [m.uci() for m in board.legal_moves]
            if sorted(ours) != sorted(theirs):
                missing = sorted(set(theirs) - set(ours))
                extra = sorted(set(ours) - set(theirs))
                problems.append(f"moves: missing {missing}, extra {extra}")
            elif sans != "-":
                for uci, san in zip(ours, sans.split()):
                    expected = board.san(chess.Move.from_uci(uci))
                    if san != expected:
                        problems.append(f"SAN of {uci}: {san}, python-chess {expected}")
            if engine and c960 == "0":
                expected = stockfish_perft(engine, fen, int(depth))
                perfts += 1
                if expected != int(count):
                    problems.append(f"perft({depth}) {count}, Stockfish {expected}")
            checked += 1
            if problems:
                failed += 1
                for problem in problems:
                    print(f"line {number}: {fen}: {problem}")
    if engine:
        engine.stdin.write("quit\n")
        engine.stdin.flush()
        engine.wait()
    print(f"oracle: {checked} positions, {perfts} perft counts checked against Stockfish")
    print(f"{checked - failed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
