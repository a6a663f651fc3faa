"""Shared by the benchmarks: interleaved rounds, medians and a table."""

import importlib.util
import statistics
import sys
import time


def interleaved(contenders, rounds, clock=time.perf_counter):
    """Runs each contender (name -> function returning a work count) once per
    round, in turn, for `rounds` rounds; returns name -> (median seconds,
    work count of the last run). `clock` is wall time, or
    `time.process_time` for the CPU time of this process (steadier on a
    loaded machine)."""
    times = {name: [] for name in contenders}
    work = {}
    for _ in range(rounds):
        for name, run in contenders.items():
            start = clock()
            work[name] = run()
            times[name].append(clock() - start)
    return {name: (statistics.median(times[name]), work[name]) for name in contenders}


def table(results, unit, baseline):
    """Prints one line per contender: median time, rate, and its speed
    against `baseline` (how many times faster `baseline` is)."""
    base_time, base_work = results[baseline]
    base_rate = base_work / base_time
    print(f"{'contender':<28} {'median s':>10} {unit + '/s':>16} {baseline + ' vs it':>16}")
    for name, (seconds, work) in results.items():
        rate = work / seconds
        print(f"{name:<28} {seconds:>10.4f} {rate:>16,.0f} {base_rate / rate:>15.2f}x")


def load_base(directory):
    """Another build of bitmoves, the package in `directory`, as the module
    `bitmoves_base`."""
    spec = importlib.util.spec_from_file_location(
        "bitmoves_base", f"{directory}/__init__.py", submodule_search_locations=[directory]
    )
    module = importlib.util.module_from_spec(spec)
    sys.modules["bitmoves_base"] = module
    spec.loader.exec_module(module)
    return module
