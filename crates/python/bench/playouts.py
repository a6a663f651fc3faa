"""Random playouts side by side: for each of 200 seeded games, list the
legal moves, pick one by a seeded index, play it; until no move is left or
400 plies. bitmoves against python-chess and the Rust-backed packages that
are installed (rust-chess 0.4, cozy-chess-py 0.1, shakmaty-python-binding),
interleaved in one process, medians of ROUNDS rounds.

    python crates/python/bench/playouts.py [ROUNDS] [--lean] [--cpu] [--base=DIR] [--variant=NAME]

`--lean` times a leaner harness, the same for every package: each
package's two calls written into the loop (no function call around them)
and the random picks drawn before the clock starts (`pick % len(moves)`
instead of `rng.randrange`), so that less of the time is the harness's own.
`--cpu` times each run by this process's CPU time instead of wall time
(steadier while other programs load the machine). `--base=DIR` also times
another build of bitmoves, the package directory DIR (one holding
`__init__.py` and `_bitmoves*.so`, imported as `bitmoves_base`), in the
same rounds: the before and after of a change, side by side.
`--variant=NAME` (a board class of python-chess's `chess.variant`, e.g.
`AtomicBoard`, or `all` for each in turn) times that variant's boards,
`bitmoves.variant`'s against python-chess's, from the variant's start.

Install the peers by hand (not dependencies of the project):
    pip install rust-chess==0.4.3 cozy-chess-py==0.1.1 shakmaty-python-binding==0.1.5
"""

import random
import re
import sys
import time

from common import interleaved, load_base, table

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


# Each package: the start position, the expression that lists the legal
# moves of `board`, and the statement that plays `move` on it.
PACKAGES = {
    "bitmoves": ("bitmoves", "bitmoves.Board()", "list(board.legal_moves)", "board.push(move)"),
    # The moves come from its legal generator: no second check.
    "rust-chess 0.4": ("rust_chess", "rust_chess.Board()", "list(board.generate_legal_moves())",
                       "board.make_move(move, check_legality=False)"),
    "cozy-chess-py 0.1": ("cozy_chess", "cozy_chess.Board()", "board.generate_moves()",
                          "board.play_unchecked(move)"),
    "shakmaty-python-binding": ("shakmaty_python_binding", f"shakmaty_python_binding.MyChess({START_FEN!r})",
                                "board.legal_moves()", "board.play(move)"),
    "python-chess": ("chess", "chess.Board()", "list(board.legal_moves)", "board.push(move)"),
}


def standard(module, new_board, legal, play):
    """The timed loop through `playouts`. A plain method call on `board` is
    passed as the method itself (`cozy_chess.Board.generate_moves`), a
    class called without arguments as the class, as a program would pass
    them; anything else becomes a lambda."""
    scope = {module: __import__(module)}
    board_type = type(eval(new_board, scope))

    def function(expression, arguments):
        method = re.fullmatch(r"board\.(\w+)\((move)?\)", expression)
        if method:
            return getattr(board_type, method.group(1))
        return eval(f"lambda {arguments}: {expression}", scope)

    start = re.fullmatch(r"([\w.]+)\(\)", new_board)
    make = eval(start.group(1), scope) if start else function(new_board, "")
    return playouts(make, function(legal, "board"), function(play, "board, move"))


LEAN_LOOP = """
def run():
    plies = 0
    for picks in PICKS:
        board = {new_board}
        for pick in picks:
            moves = {legal}
            if not moves:
                break
            move = moves[pick % len(moves)]
            {play}
            plies += 1
    return plies
"""


def lean(module, new_board, legal, play):
    """The lean loop: the package's expressions written into it, the
    seeded picks (32-bit numbers, one per ply) drawn beforehand."""
    picks = [[rng.getrandbits(32) for _ in range(MAX_PLIES)]
             for rng in (random.Random(seed) for seed in range(GAMES))]
    scope = {module: __import__(module), "PICKS": picks}
    exec(LEAN_LOOP.format(new_board=new_board, legal=legal, play=play), scope)
    return scope["run"]


VARIANTS = ["SuicideBoard", "GiveawayBoard", "AntichessBoard", "AtomicBoard", "KingOfTheHillBoard",
            "RacingKingsBoard", "HordeBoard", "ThreeCheckBoard", "CrazyhouseBoard"]


def variant_packages(name):
    """bitmoves.variant's and python-chess's board of one variant."""
    return {
        "bitmoves": ("bitmoves", f"bitmoves.variant.{name}()", "list(board.legal_moves)", "board.push(move)"),
        "python-chess": ("chess", f"chess.variant.{name}()", "list(board.legal_moves)", "board.push(move)"),
    }


def main():
    flags = {"--lean", "--cpu"}
    args = [arg for arg in sys.argv[1:] if arg not in flags and not arg.startswith("--")]
    rounds = int(args[0]) if args else 5
    harness = lean if "--lean" in sys.argv[1:] else standard
    cpu = "--cpu" in sys.argv[1:]
    base = next((arg.split("=", 1)[1] for arg in sys.argv[1:] if arg.startswith("--base=")), None)
    variant = next((arg.split("=", 1)[1] for arg in sys.argv[1:] if arg.startswith("--variant=")), None)
    if variant:
        import bitmoves.variant  # noqa: F401 (the expressions name it)
        import chess.variant  # noqa: F401
        clock = time.process_time if cpu else time.perf_counter
        for name in VARIANTS if variant == "all" else [variant]:
            contenders = {}
            for package, spec in variant_packages(name).items():
                contenders[package] = harness(*spec)
                contenders[package]()
            print(f"{name}: {GAMES} random games (at most {MAX_PLIES} plies), median of {rounds} "
                  f"interleaved rounds, {'CPU' if cpu else 'wall'} time")
            table(interleaved(contenders, rounds, clock), "plies", "bitmoves")
        return
    packages = dict(PACKAGES)
    if base:
        load_base(base)
        _, *expressions = PACKAGES["bitmoves"]
        renamed = [text.replace("bitmoves.", "bitmoves_base.") for text in expressions]
        packages = {"bitmoves": PACKAGES["bitmoves"], "bitmoves (base)": ("bitmoves_base", *renamed),
                    **PACKAGES}
    contenders = {}
    for name, package in packages.items():
        try:
            contenders[name] = harness(*package)
            contenders[name]()  # imports, and a warm-up game set
        except ImportError as error:
            print(f"skipped {name}: {error}")
    kind = "lean harness" if harness is lean else "standard harness"
    clock = "CPU time" if cpu else "wall time"
    print(f"{GAMES} random games (at most {MAX_PLIES} plies, {kind}), median of {rounds} interleaved rounds, {clock}")
    results = interleaved(contenders, rounds, time.process_time if cpu else time.perf_counter)
    table(results, "plies", "bitmoves")


if __name__ == "__main__":
    main()
