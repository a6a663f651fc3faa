"""encode_planes, encode_bitboards and encode_state: positions a second
from a list of boards (positions from seeded random games), medians of
ROUNDS rounds in one process.

    python crates/python/bench/encode.py [ROUNDS]
"""

import random
import sys

import bitmoves
from common import interleaved

BOARDS = 100_000


def boards():
    out = []
    seed = 0
    while len(out) < BOARDS:
        rng = random.Random(seed)
        board = bitmoves.Board()
        for _ in range(200):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(moves[rng.randrange(len(moves))])
            out.append(board.copy(stack=False))
        seed += 1
    return out[:BOARDS]


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    batch = boards()
    contenders = {
        "encode_planes": lambda: bitmoves.encode_planes(batch).shape[0],
        "encode_planes (mover's view)": lambda: bitmoves.encode_planes(batch, side_to_move_view=True).shape[0],
        "encode_bitboards": lambda: bitmoves.encode_bitboards(batch).shape[0],
        "encode_state": lambda: len(bitmoves.encode_state(batch)["turn"]),
    }
    print(f"{BOARDS:,} boards, median of {rounds} interleaved rounds")
    for name, (seconds, n) in interleaved(contenders, rounds).items():
        print(f"{name:<30} {seconds * 1e3:8.2f} ms {n / seconds / 1e6:8.2f} M positions/s")


if __name__ == "__main__":
    main()
