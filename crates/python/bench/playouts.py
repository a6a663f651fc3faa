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


START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def playouts(new_board, legal, play):
    """The timed loop, the same for every package: `new_board()` gives the
    start position, `legal(board)` a list of its legal moves, `play(board,
    move)` plays one of them."""

    def run():
        plies = 0
        for seed in range(GAMES):
            rng = random.Random(seed)
            board = new_board()
            for _ in range(MAX_PLIES):
                moves = legal(board)
                if not moves:
                    break
                play(board, moves[rng.randrange(len(moves))])
                plies += 1
        return plies

    return run


def bitmoves_games():
    import bitmoves

    return playouts(bitmoves.Board, lambda board: list(board.legal_moves), bitmoves.Board.push)


def python_chess_games():
    import chess

    return playouts(chess.Board, lambda board: list(board.legal_moves), chess.Board.push)


def rust_chess_games():
    import rust_chess

    # The moves come from its legal generator: no second check.
    return playouts(rust_chess.Board, lambda board: list(board.generate_legal_moves()),
                    lambda board, move: board.make_move(move, check_legality=False))


def cozy_chess_games():
    import cozy_chess

    return playouts(cozy_chess.Board, cozy_chess.Board.generate_moves, cozy_chess.Board.play_unchecked)


def shakmaty_games():
    import shakmaty_python_binding

    return playouts(lambda: shakmaty_python_binding.MyChess(START_FEN),
                    shakmaty_python_binding.MyChess.legal_moves, shakmaty_python_binding.MyChess.play)


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
