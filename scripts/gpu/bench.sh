#!/usr/bin/env bash
# The timings of docs/gpu.md, on a machine with an NVIDIA GPU, from
# binaries built elsewhere: BIN holds `bitmoves` and `bitmoves-gpu`; OLD,
# if given, holds an earlier `bitmoves-gpu`, timed on the same counts
# (interleaved with BIN's) for before-and-after numbers on one card.
#
#   scripts/gpu/bench.sh BIN [OLD]
#
# Each GPU line is one run of `bitmoves-gpu perft` (its stderr: time,
# nodes/s, leaves counted on the device); the CPU lines are `bitmoves
# perft --threads $(nproc)` on the same machine.
set -euo pipefail
bin=${1:?usage: scripts/gpu/bench.sh BIN [OLD]}
old=${2:-}
kiwipete='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
gpu() { # DIR ARGS...: one run of DIR/bitmoves-gpu perft ARGS
  local dir=$1; shift
  echo "--> $dir/bitmoves-gpu perft $*"
  "$dir/bitmoves-gpu" perft "$@"
}
both() { # ARGS...: BIN's run, and OLD's before it where OLD is given
  if [ -n "$old" ]; then gpu "$old" "$@"; fi
  gpu "$bin" "$@"
}
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
for run in 1 2 3; do both startpos 8; done
for run in 1 2 3; do both startpos 9; done
# Every path counted, five plies on the device: the kernels' raw speed.
for run in 1 2 3; do both startpos 9 --paths --plies 5; done
both "$kiwipete" 7
gpu "$bin" startpos 10
gpu "$bin" startpos 10
gpu "$bin" startpos 11
echo "--> bitmoves perft startpos 8 --threads $(nproc)"
"$bin/bitmoves" perft startpos 8 --threads "$(nproc)"
echo "--> bitmoves perft startpos 9 --threads $(nproc) --hash 16G"
timeout 200 "$bin/bitmoves" perft startpos 9 --threads "$(nproc)" --hash 16G || echo "(stopped after 200 s)"
