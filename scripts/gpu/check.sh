#!/usr/bin/env bash
# Runs the GPU checks of docs/gpu.md on a machine with an NVIDIA GPU, from
# binaries built elsewhere: BIN holds `bitmoves`, `bitmoves-gpu` and the
# test binary `gpu-tests` (cargo test --release -p bitmoves-gpu --no-run).
#
#   scripts/gpu/check.sh BIN [LOG_DIR]
#
# 1. the ignored GPU tests: every depth of standard.epd, tricky.epd and
#    fischer.epd (the last two in batches), kiwipete 6 and 7, startpos 8
#    and 9, every path counted, tiny transposition tables;
# 2. `bitmoves perft startpos 8 --gpu` and `bitmoves perft startpos 10 --gpu`;
# 3. perft 9 through split / work --gpu (two shards) / merge.
# Timings: scripts/gpu/bench.sh.
set -uo pipefail
bin=${1:?usage: scripts/gpu/check.sh BIN [LOG_DIR]}
log=${2:-gpu-logs}
mkdir -p "$log"
status=0
run() { # NAME SECONDS COMMAND...: runs, logs, remembers a failure
  local name=$1 seconds=$2; shift 2
  echo "==> $name: $*"
  local start=$(date +%s%N)
  timeout "$seconds" "$@" > >(tee "$log/$name.out") 2> >(tee "$log/$name.err" >&2)
  local rc=$?
  echo "<== $name: exit $rc, $(( ($(date +%s%N) - start) / 1000000 )) ms"
  [ $rc -eq 0 ] || status=1
}
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
nproc
run tests 400 "$bin/gpu-tests" --ignored --test-threads 1
run perft8 120 "$bin/bitmoves" perft startpos 8 --gpu
grep -q '84998978956' "$log/perft8.out" || { echo "perft 8 wrong"; status=1; }
run perft10 120 "$bin/bitmoves" perft startpos 10 --gpu
grep -q '69352859712417' "$log/perft10.out" || { echo "perft 10 wrong"; status=1; }
units=$(mktemp -d)
run split 60 "$bin/bitmoves" split startpos 9 --at 4 -o "$units/units"
run work0 300 "$bin/bitmoves" work "$units/units" --gpu --shard 0/2 -o "$units/results"
run work1 300 "$bin/bitmoves" work "$units/units" --gpu --shard 1/2 -o "$units/results"
run merge 60 "$bin/bitmoves" merge "$units/units" "$units/results"
grep -q '2439530234167' "$log/merge.out" || { echo "merge total wrong"; status=1; }
exit $status
