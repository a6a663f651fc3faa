#!/usr/bin/env bash
# The timings of docs/gpu.md, on a machine with an NVIDIA GPU, from
# binaries built elsewhere: BIN holds `bitmoves` and `bitmoves-gpu`.
#
#   scripts/gpu/bench.sh BIN
#
# Each GPU line is one run of `bitmoves-gpu perft` (its stderr: time,
# nodes/s, leaves counted on the device); the CPU line is `bitmoves perft
# --threads $(nproc)` on the same machine.
set -euo pipefail
bin=${1:?usage: scripts/gpu/bench.sh BIN}
gpu() { echo "--> bitmoves-gpu perft $*"; "$bin/bitmoves-gpu" perft "$@"; }
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
for run in 1 2 3; do gpu startpos 8; done
for run in 1 2 3; do gpu startpos 9; done
gpu startpos 9 --paths
gpu startpos 9 --plies 4
gpu startpos 9 --plies 6
gpu 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1' 6
gpu 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1' 7
gpu startpos 10
for run in 1 2; do
  echo "--> bitmoves perft startpos 8 --threads $(nproc)"
  "$bin/bitmoves" perft startpos 8 --threads "$(nproc)"
done
