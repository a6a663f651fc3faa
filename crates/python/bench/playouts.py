"""Random playouts side by side: for each of 200 seeded games, list the
legal moves, pick one by a seeded index, play it; until no move is left or
400 plies. bitmoves against python-chess and the Rust-backed packages that
are installed (rust-chess 0.4, cozy-chess-py 0.1, shakmaty-python-binding),
interleaved in one process, medians of ROUNDS rounds.

    python crates/python/bench/playouts.py [ROUNDS]

Install the peers by hand (not dependencies of the project):
    pip install rust-chess==0.4.3 cozy-chess-py==0.1.1 shakmaty-python-binding==0.1.5
"""

import random
import sys

from common import interleaved, table

GAMES = 200
MAX_PLIES = 400


def bitmoves_games():
    import bitmoves

    def run():
        plies = 0
        for seed in range(GAMES):
            rng = random.Random(seed)
            board = bitmoves.Board()
            for _ in range(MAX_PLIES):
                moves = list(board.legal_moves)
                if not moves:
                    break
                board.push(moves[rng.randrange(len(moves))])
                plies += 1
        return plies

    return run


def python_chess_games():
    import chess

    def run():
        plies = 0
        for seed in range(GAMES):
            rng = random.Random(seed)
            board = chess.Board()
            for _ in range(MAX_PLIES):
                moves = list(board.legal_moves)
                if not moves:
                    break
                board.push(moves[rng.randrange(len(moves))])
                plies += 1
        return plies

    return run


def rust_chess_games():
    import rust_chess

    def run():
        plies = 0
        for seed in range(GAMES):
            rng = random.Random(seed)
            board = rust_chess.Board()
            for _ in range(MAX_PLIES):
                moves = list(board.generate_legal_moves())
                if not moves:
                    break
                # The moves come from its legal generator: no second check.
                board.make_move(moves[rng.randrange(len(moves))], check_legality=False)
                plies += 1
        return plies

    return run


def cozy_chess_games():
    import cozy_chess

    def run():
        plies = 0
        for seed in range(GAMES):
            rng = random.Random(seed)
            board = cozy_chess.Board()
            for _ in range(MAX_PLIES):
                moves = board.generate_moves()
                if not moves:
                    break
                board.play_unchecked(moves[rng.randrange(len(moves))])
                plies += 1
        return plies

    return run


def shakmaty_games():
    import shakmaty_python_binding

    def run():
        plies = 0
        for seed in range(GAMES):
            rng = random.Random(seed)
            board = shakmaty_python_binding.MyChess("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
            for _ in range(MAX_PLIES):
                moves = board.legal_moves()
                if not moves:
                    break
                board.play(moves[rng.randrange(len(moves))])
                plies += 1
        return plies

    return run


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    contenders = {"bitmoves": bitmoves_games()}
    for name, make in [("rust-chess 0.4", rust_chess_games), ("cozy-chess-py 0.1", cozy_chess_games),
                       ("shakmaty-python-binding", shakmaty_games), ("python-chess", python_chess_games)]:
        try:
            contenders[name] = make()
            contenders[name]()  # imports, and a warm-up game set
        except ImportError as error:
            print(f"skipped {name}: {error}")
    print(f"{GAMES} random games (at most {MAX_PLIES} plies), median of {rounds} interleaved rounds")
    table(interleaved(contenders, rounds), "plies", "bitmoves")


if __name__ == "__main__":
    main()
