"""SquareSet and its bitboard functions, bitmoves against python-chess:
the same statements timed on both packages in turn (interleaved), ROUNDS
rounds, the best round of each.

    python crates/python/bench/squareset.py [ROUNDS] [--cpu] [--base=DIR]

Prints one line per statement: the time per run of each package, less
timeit's own loop (an empty statement timed alongside), and how many
times faster bitmoves is. `--cpu` times by
this process's CPU time (steadier while other programs load the machine).
`--base=DIR` also times another build of bitmoves, the package directory
DIR (imported as `bitmoves_base`, as `ops.py` does), in the same rounds.
"""

import importlib.util
import sys
import time
import timeit

import chess

import bitmoves

ROUNDS = int(next((arg for arg in sys.argv[1:] if arg.isdigit()), "7"))
TIMER = time.process_time if "--cpu" in sys.argv else time.perf_counter

CASES = {
    "(harness)": "pass",
    "SquareSet(int)": "S(m)",
    "a | b": "a | b",
    "a & int": "a & m",
    "a - b": "a - b",
    "~a": "~a",
    "a << 8": "a << 8",
    "a |= b": "d = c; d |= b",
    "a == b": "a == b",
    "a == int": "a == m",
    "E4 in a": "E4 in a",
    "len(a)": "len(a)",
    "bool(a)": "bool(a)",
    "list(a)": "list(a)",
    "for sq in a": "for sq in a: pass",
    "a.add/discard": "a.add(E4); a.discard(E4)",
    "a.issubset(b)": "a.issubset(b)",
    "a.union(b)": "a.union(b)",
    "a.mirror()": "a.mirror()",
    "SquareSet(list)": "S([0, 9, 18, 27])",
    "SquareSet.between": "S.between(0, 63)",
    "str(a)": "str(a)",
    "repr(a)": "repr(a)",
    "lsb(int)": "lib.lsb(m)",
    "scan_forward(int)": "for sq in lib.scan_forward(m): pass",
    "flip_vertical(int)": "lib.flip_vertical(m)",
    "shift_up(int)": "lib.shift_up(m)",
}

def env(lib):
    S = lib.SquareSet
    return dict(S=S, a=S(chess.BB_RANK_2 | chess.BB_FILE_E), b=S(chess.BB_LIGHT_SQUARES),
                c=S(chess.BB_A1), m=chess.BB_DARK_SQUARES, E4=chess.E4, lib=lib)

BASE = next((arg.split("=", 1)[1] for arg in sys.argv[1:] if arg.startswith("--base=")), None)
envs = {"bitmoves": env(bitmoves), "chess": env(chess)}
if BASE:
    spec = importlib.util.spec_from_file_location(
        "bitmoves_base", f"{BASE}/__init__.py", submodule_search_locations=[BASE]
    )
    base_module = importlib.util.module_from_spec(spec)
    sys.modules["bitmoves_base"] = base_module
    spec.loader.exec_module(base_module)
    envs["base"] = env(base_module)
best = {(name, lib): float("inf") for name in CASES for lib in envs}
numbers = {}
for name, stmt in CASES.items():
    for lib, g in envs.items():
        n, _ = timeit.Timer(stmt, timer=TIMER, globals=g).autorange()
        numbers[name, lib] = max(n // 4, 1)
for _ in range(ROUNDS):
    for name, stmt in CASES.items():
        for lib, g in envs.items():
            n = numbers[name, lib]
            t = timeit.Timer(stmt, timer=TIMER, globals=g).timeit(n) / n
            best[name, lib] = min(best[name, lib], t)
harness = min(best["(harness)", lib] for lib in envs)
extra = f" {'base':>9} {'speed-up':>9}" if BASE else ""
print(f"{'operation':20} {'bitmoves':>9} {'python-chess':>13} {'speed-up':>9}{extra}   (less {harness*1e9:.1f}ns of harness)")
for name in list(CASES)[1:]:
    ours, theirs = best[name, "bitmoves"] - harness, best[name, "chess"] - harness
    extra = ""
    if BASE:
        before = best[name, "base"] - harness
        extra = f" {before*1e9:7.0f}ns {theirs/before:8.1f}x"
    print(f"{name:20} {ours*1e9:7.0f}ns {theirs*1e9:11.0f}ns {theirs/ours:8.1f}x{extra}")
