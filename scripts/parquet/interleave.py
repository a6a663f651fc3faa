"""Times shell commands side by side, interleaved round by round, and prints
the median wall and CPU seconds of each and MB/s of $CORPUS by wall time:
scripts/parquet/bench.sh's comparison where /usr/bin/time is missing.

    CORPUS=FILE python3 scripts/parquet/interleave.py ROUNDS NAME=COMMAND ...

Each round runs every command once, in order, after removing /tmp/pq-out
(the dataset folder the commands write to). Exit status 1 counts as done
(`bitmoves pgn` ends with 1 when games were damaged).
"""
import os
import resource
import statistics
import subprocess
import sys


def main():
    rounds = int(sys.argv[1])
    jobs = [arg.split("=", 1) for arg in sys.argv[2:]]
    wall = {name: [] for name, _ in jobs}
    cpu = {name: [] for name, _ in jobs}
    for _ in range(rounds):
        for name, command in jobs:
            subprocess.run(["rm", "-rf", "/tmp/pq-out"], check=True)
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = os.times().elapsed
            done = subprocess.run(command, shell=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            wall[name].append(os.times().elapsed - start)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu[name].append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
            if done.returncode not in (0, 1):
                sys.exit(f"error: {name} failed ({done.returncode}): {done.stderr[-500:].decode(errors='replace')}")
    size = os.path.getsize(os.environ["CORPUS"])
    print(f"{'run':14} {'wall s':>8} {'CPU s':>8} {'MB/s':>8}   (medians of {rounds}, {size} bytes)")
    for name, _ in jobs:
        w, c = statistics.median(wall[name]), statistics.median(cpu[name])
        print(f"{name:14} {w:8.3f} {c:8.3f} {size / 1e6 / w:8.1f}")


if __name__ == "__main__":
    main()
