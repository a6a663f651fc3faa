"""perft(5) from Python against the Rust CLI, single thread, interleaved in
one process, medians of ROUNDS rounds. The CLI's time is the one it prints
on stderr (the count alone, no process start-up); Python's is the call to
Board.perft, GIL release included.

    cargo build --release -p bitmoves-cli
    python crates/python/bench/perft.py [ROUNDS]
"""

import pathlib
import re
import subprocess
import sys
import time

import bitmoves
from common import table

ROOT = pathlib.Path(__file__).resolve().parents[3]
CLI = ROOT / "target" / "release" / "bitmoves"
POSITIONS = {
    "startpos": (bitmoves.STARTING_FEN, 4_865_609),
    "kiwipete": ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 193_690_690),
}
DEPTH = 5


def cli_seconds(name, nodes):
    out = subprocess.run([str(CLI), "perft", name, str(DEPTH), "--threads", "1"],
                         capture_output=True, text=True, check=True)
    assert f"Nodes searched: {nodes}" in out.stdout, out.stdout
    return float(re.search(r"Time: ([0-9.]+) s", out.stderr).group(1))


def python_seconds(fen, nodes):
    board = bitmoves.Board(fen)
    start = time.perf_counter()
    assert board.perft(DEPTH) == nodes
    return time.perf_counter() - start


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    if not CLI.exists():
        sys.exit(f"build the CLI first: cargo build --release -p bitmoves-cli ({CLI} is missing)")
    import statistics

    for name, (fen, nodes) in POSITIONS.items():
        times = {"bitmoves CLI": [], "bitmoves Python": []}
        for _ in range(rounds):
            times["bitmoves CLI"].append(cli_seconds(name, nodes))
            times["bitmoves Python"].append(python_seconds(fen, nodes))
        results = {k: (statistics.median(v), nodes) for k, v in times.items()}
        print(f"\n{name} perft({DEPTH}), {nodes:,} nodes, one thread, median of {rounds}")
        table(results, "nodes", "bitmoves CLI")


if __name__ == "__main__":
    main()
