"""Every common board operation, bitmoves against python-chess, side by
side: each operation is timed on both packages in turn (interleaved, each
round starting with the next one), on the positions of 20 seeded random
games, median of ROUNDS rounds.

    python crates/python/bench/ops.py [ROUNDS] [--cpu] [--base=DIR]

Prints one line per operation: the time per call of each package, less
the harness's own time per call (the same loop calling an empty function,
timed alongside), and how many times faster bitmoves is. An operation bitmoves lacks is reported as
missing, not skipped silently. `--cpu` times by this process's CPU time
(steadier while other programs load the machine). `--base=DIR` also times
another build of bitmoves, the package directory DIR (one holding
`__init__.py` and `_bitmoves*.so`, imported as `bitmoves_base`), in the
same rounds: the before and after of a change, side by side.
"""

import random
import statistics
import sys
import time

import chess

import bitmoves
from common import load_base

GAMES = 20
PLIES = 80


def positions(module):
    """The FENs along seeded random games, played with python-chess."""
    fens = []
    for seed in range(GAMES):
        rng = random.Random(seed)
        board = chess.Board()
        for _ in range(PLIES):
            moves = sorted(board.legal_moves, key=lambda move: move.uci())
            if not moves:
                break
            fens.append(board.fen())
            board.push(moves[rng.randrange(len(moves))])
    return fens


# name -> (the argument prepared per board, an expression of `m` (the
# module) and `b` (the board); the operation, an expression of `m`, `b`
# and that argument `x`). The operation is written into the timed loop, so
# that no function call is timed around it.
FIRST_MOVE = "next(iter(b.legal_moves), None)"
OPERATIONS = {
    "Board(fen)": ("b.fen()", "m.Board(x)"),
    "fen()": (None, "b.fen()"),
    "list(legal_moves)": (None, "list(b.legal_moves)"),
    "legal_moves.count()": (None, "b.legal_moves.count()"),
    "push + pop": (FIRST_MOVE, "b.push(x); b.pop()"),
    "san(move)": (FIRST_MOVE, "b.san(x)"),
    "parse_san": (f"b.san({FIRST_MOVE})", "b.parse_san(x)"),
    "piece_map()": (None, "b.piece_map()"),
    "piece_at(e4)": (None, "b.piece_at(28)"),
    "attacks(d4)": (None, "b.attacks(27)"),
    "is_attacked_by": (None, "b.is_attacked_by(True, 60)"),
    "pieces(PAWN, WHITE)": (None, "b.pieces(1, True)"),
    "SquareSet &, |, len, in": ("m.SquareSet(b.occupied)", "len((x & m.BB_RANK_2) | m.BB_CENTER) + (28 in x)"),
    "list(SquareSet)": ("m.SquareSet(b.occupied)", "list(x)"),
    "copy()": (None, "b.copy()"),
    "is_check()": (None, "b.is_check()"),
    "outcome()": (None, "b.outcome()"),
    "is_checkmate()": (None, "b.is_checkmate()"),
    "zobrist hash": (None, "m.polyglot.zobrist_hash(b) if m is chess else b.zobrist_hash()"),
}

LOOP = """
def run():
    for b, x in PAIRS:
        {operation}
    return len(PAIRS)
"""


def timer(module, fens, prepare, operation):
    """A function that runs `operation` once on every position and returns
    the number of calls."""
    pairs = []
    for fen in fens:
        board = module.Board(fen)
        argument = eval(prepare, {"m": module, "b": board}) if prepare else None
        if argument is not None or not prepare:
            pairs.append((board, argument))
    scope = {"m": module, "chess": chess, "PAIRS": pairs}
    exec(LOOP.format(operation=operation), scope)
    return scope["run"]


def main():
    import chess.polyglot  # noqa: F401  (python-chess's zobrist_hash)

    base = next((arg.split("=", 1)[1] for arg in sys.argv[1:] if arg.startswith("--base=")), None)
    modules = [chess, bitmoves] + ([load_base(base)] if base else [])
    args = [arg for arg in sys.argv[1:] if not arg.startswith("--")]
    rounds = int(args[0]) if args else 7
    clock = time.process_time if "--cpu" in sys.argv else time.perf_counter
    fens = positions(chess)
    print(f"{len(fens)} positions of {GAMES} random games, median of {rounds} interleaved rounds")
    extra = f" {'base':>12} {'speed-up':>10}" if base else ""
    print(f"{'operation':<22} {'python-chess':>14} {'bitmoves':>12} {'speed-up':>10}{extra}")
    harness = timer(chess, fens, None, "pass")
    for name, (prepare, operation) in OPERATIONS.items():
        runs = {"harness": harness}
        try:
            for module in modules:
                runs[module.__name__] = timer(module, fens, prepare, operation)
                runs[module.__name__]()
        except (AttributeError, TypeError) as error:
            print(f"{name:<22} missing in bitmoves: {error}")
            continue
        times = {key: [] for key in runs}
        calls = 1
        order = list(runs.items())
        for round_number in range(rounds):
            # Each round starts one further along, so that no package is
            # always the one timed right after python-chess's long runs
            # (which leave the caches cold for whatever runs next).
            shift = round_number % len(order)
            for key, run in order[shift:] + order[:shift]:
                start = clock()
                calls = run()
                times[key].append(clock() - start)
        loop = statistics.median(times["harness"]) / len(fens)
        per_call = {key: statistics.median(times[key]) / calls - loop for key in times}
        theirs, ours = per_call["chess"], per_call["bitmoves"]
        extra = ""
        if base:
            before = per_call["bitmoves_base"]
            extra = f" {before * 1e9:>9,.0f} ns {theirs / before:>9.1f}x"
        print(f"{name:<22} {theirs * 1e9:>11,.0f} ns {ours * 1e9:>9,.0f} ns {theirs / ours:>9.1f}x{extra}")


if __name__ == "__main__":
    main()
