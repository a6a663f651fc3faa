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
# Register caps, perft(9) with every path counted (the kernels' raw speed),
# interleaved with the default: BITMOVES_GPU_NVRTC_OPTIONS.
for round in 1 2; do
  for regs in default 32 40 48 64; do
    if [ "$regs" = default ]; then unset BITMOVES_GPU_NVRTC_OPTIONS
    else export BITMOVES_GPU_NVRTC_OPTIONS=--maxrregcount=$regs; fi
    echo "registers: $regs"
    gpu startpos 9 --paths
  done
done
unset BITMOVES_GPU_NVRTC_OPTIONS
gpu 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1' 7
gpu startpos 10
echo "--> bitmoves perft startpos 8 --threads $(nproc)"
"$bin/bitmoves" perft startpos 8 --threads "$(nproc)"
echo "--> bitmoves perft startpos 9 --threads $(nproc) --hash 16G"
timeout 200 "$bin/bitmoves" perft startpos 9 --threads "$(nproc)" --hash 16G || echo "(stopped after 200 s)"
