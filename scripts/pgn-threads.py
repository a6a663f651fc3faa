#!/usr/bin/env python3
"""Times `bitmoves pgn --threads 1` and `--threads 2` on one file, interleaved.

Usage: scripts/pgn-threads.py [--rounds N] FILE BITMOVES...

Each round runs every binary on one thread, then on two, by the wall clock
(the whole process: start, reading the file, the summary). Prints, per
binary, the median times and the median of the per-round ratios (one
thread's time over two threads'), so that binaries built from different
commits can be compared in one run. Make the corpus with
`cargo bench -p bitmoves-benches --bench pgn -- --write FILE --mb 32`.
"""

import statistics
import subprocess
import sys
import time


def main(argv):
    rounds = 15
    if argv[:1] == ["--rounds"]:
        rounds, argv = int(argv[1]), argv[2:]
    if len(argv) < 2:
        sys.exit("usage: scripts/pgn-threads.py [--rounds N] FILE BITMOVES...")
    path, binaries = argv[0], argv[1:]
    times = {(b, t): [] for b in binaries for t in (1, 2)}
    for _ in range(rounds):
        for binary in binaries:
            for threads in (1, 2):
                command = [binary, "pgn", "--threads", str(threads), path]
                start = time.perf_counter()
                subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
                times[binary, threads].append(time.perf_counter() - start)
    for binary in binaries:
        one, two = times[binary, 1], times[binary, 2]
        ratios = sorted(a / b for a, b in zip(one, two))
        print(
            f"{binary}: 1 thread {statistics.median(one) * 1000:.1f} ms, "
            f"2 threads {statistics.median(two) * 1000:.1f} ms, "
            f"2 threads / 1 thread {statistics.median(ratios):.3f}x "
            f"(rounds {ratios[0]:.3f}x to {ratios[-1]:.3f}x)"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
