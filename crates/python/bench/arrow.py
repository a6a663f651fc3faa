"""read_arrow into a Polars frame against the CLI writing the Parquet
dataset of the same file: wall-clock medians of ROUNDS interleaved rounds
in one process. Needs polars (for this measurement only).

    python crates/python/bench/arrow.py CORPUS BITMOVES [ROUNDS]
"""

import shutil
import subprocess
import sys
import tempfile
import time

import polars as pl

import bitmoves.pgn
from common import interleaved


def main():
    corpus, cli = sys.argv[1:3]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    out = tempfile.mkdtemp()

    def arrow():
        return pl.from_arrow(bitmoves.pgn.read_arrow(corpus).read_all()).height

    def parquet():
        shutil.rmtree(out, ignore_errors=True)
        subprocess.run([cli, "pgn", corpus, "--parquet", out], capture_output=True)
        return 0

    results = interleaved({"read_arrow -> polars": arrow, "CLI --parquet": parquet}, rounds,
                          clock=time.perf_counter)
    for name, (seconds, _) in results.items():
        print(f"{name:<24} median {seconds:.2f} s wall")
    shutil.rmtree(out, ignore_errors=True)


if __name__ == "__main__":
    main()
