"""chess.pgn on bitmoves against python-chess: ``read_game`` building full
trees, ``read_headers`` and ``skip_game``, each over a whole file opened
in text mode, in one process, medians of ROUNDS interleaved rounds of
process CPU time.

Two files: the first BYTES of /work/bench/corpus.pgn (Lichess-like, clocks
on some moves) when it exists, and seeded games written by python-chess
with a comment holding ``[%clk]`` and ``[%eval]`` on every move, NAGs and
side variations.

    python crates/python/bench/pgn_tree.py [ROUNDS] [GAMES] [BYTES]
"""

import os
import random
import sys
import tempfile
import time

import chess
import chess.pgn

import bitmoves.pgn
from common import interleaved, table

CORPUS = "/work/bench/corpus.pgn"


def annotated(games):
    """Seeded games, every move with ``{ [%clk ...] [%eval ...] }``, some
    NAGs and one-move side variations."""
    out = []
    for seed in range(games):
        rng = random.Random(seed)
        board = chess.Board()
        game = chess.pgn.Game()
        game.headers["Event"] = f"Bench {seed}"
        node = game
        for ply in range(rng.randrange(40, 120)):
            moves = list(board.legal_moves)
            if not moves:
                break
            move = rng.choice(moves)
            if ply and rng.random() < 0.05:
                side = node.parent.add_variation(rng.choice(list(node.parent.board().legal_moves)))
                side.comment = "an alternative"
            node = node.add_variation(move)
            board.push(move)
            node.set_clock(rng.randrange(0, 600))
            node.set_eval(chess.engine.PovScore(chess.engine.Cp(rng.randrange(-300, 300)), chess.WHITE))
            if rng.random() < 0.1:
                node.nags.add(rng.choice([1, 2, 4, 6]))
        game.headers["Result"] = board.result(claim_draw=False) if board.is_game_over() else "*"
        out.append(str(game))
    return "\n\n".join(out) + "\n"


def loop(module, name, path):
    """A function reading every game of `path` with `module.name`."""
    def run():
        count = 0
        with open(path, encoding="utf-8") as handle:
            while getattr(module, name)(handle):
                count += 1
        return count
    return run


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 300
    size = int(sys.argv[3]) if len(sys.argv) > 3 else 2_000_000
    import chess.engine  # noqa: F401 (set_eval's score types)

    with tempfile.TemporaryDirectory() as tmp:
        files = {}
        generated = os.path.join(tmp, "annotated.pgn")
        with open(generated, "w", encoding="utf-8") as out:
            out.write(annotated(games))
        files[f"annotated ({games} games)"] = generated
        if os.path.exists(CORPUS):
            sliced = os.path.join(tmp, "corpus.pgn")
            with open(CORPUS, encoding="utf-8") as src, open(sliced, "w", encoding="utf-8") as out:
                text = src.read(size)
                out.write(text[: text.rfind("\n\n[") + 1])
            files[f"corpus.pgn, first {size // 1_000_000} MB"] = sliced
        for label, path in files.items():
            for name in ("read_game", "read_headers", "skip_game"):
                print(f"\n{name} on {label}:")
                results = interleaved(
                    {
                        f"python-chess {name}": loop(chess.pgn, name, path),
                        f"bitmoves {name}": loop(bitmoves.pgn, name, path),
                    },
                    rounds if name != "read_game" else max(1, rounds),
                    clock=time.process_time,
                )
                table(results, "games", f"bitmoves {name}")


if __name__ == "__main__":
    main()
