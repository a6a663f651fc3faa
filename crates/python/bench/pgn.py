"""PGN: games read with every mainline move validated, bitmoves.pgn against
python-chess's chess.pgn.read_game on the same file (seeded random games
written by python-chess), medians of ROUNDS interleaved rounds in one
process; plus read_positions on 1 and 2 threads.

    python crates/python/bench/pgn.py [ROUNDS] [GAMES]
"""

import os
import random
import sys
import tempfile

import chess
import chess.pgn

import bitmoves.pgn
from common import interleaved, table


def corpus(games):
    """PGN text of seeded random games (up to 120 plies each)."""
    out = []
    for seed in range(games):
        rng = random.Random(seed)
        board = chess.Board()
        game = chess.pgn.Game()
        node = game
        for _ in range(rng.randrange(20, 120)):
            moves = list(board.legal_moves)
            if not moves:
                break
            mv = moves[rng.randrange(len(moves))]
            node = node.add_variation(mv)
            board.push(mv)
        game.headers["Result"] = board.result()
        out.append(str(game))
    return "\n\n".join(out) + "\n"


def python_chess(path):
    with open(path) as handle:
        games = 0
        while chess.pgn.read_game(handle) is not None:
            games += 1
    return games


def python_chess_used(path):
    """python-chess, reading each game's headers and final FEN."""
    with open(path) as handle:
        games = 0
        while (game := chess.pgn.read_game(handle)) is not None:
            games += bool(game.headers["Result"]) + 0 * len(game.end().board().fen())
    return games


def bitmoves_used(path):
    """bitmoves, reading each game's headers and final FEN (the Python
    objects are made on demand, so this costs more than iterating)."""
    games = 0
    for game in bitmoves.pgn.read_games(path):
        games += bool(game.headers["Result"]) + 0 * len(game.end_board().fen())
    return games


def bitmoves_games(path):
    return sum(1 for _ in bitmoves.pgn.read_games(path))


def bitmoves_positions(path, threads):
    return sum(len(b["planes"]) for b in bitmoves.pgn.read_positions(path, threads=threads))


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "games.pgn")
        with open(path, "w") as handle:
            handle.write(corpus(games))
        size = os.path.getsize(path)
        print(f"{games:,} games, {size / 1e6:.2f} MB, median of {rounds} interleaved rounds")
        results = interleaved(
            {
                "chess.pgn.read_game": lambda: python_chess(path),
                "bitmoves.pgn.read_games": lambda: bitmoves_games(path),
                "chess.pgn + headers, end FEN": lambda: python_chess_used(path),
                "bitmoves + headers, end FEN": lambda: bitmoves_used(path),
            },
            rounds,
        )
        table(results, "games", "bitmoves.pgn.read_games")
        positions = interleaved(
            {f"read_positions threads={n}": (lambda n=n: bitmoves_positions(path, n)) for n in (1, 2)},
            rounds,
        )
        table(positions, "positions", "read_positions threads=1")


if __name__ == "__main__":
    main()
