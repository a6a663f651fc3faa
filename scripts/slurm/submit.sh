#!/usr/bin/env bash
# Deep perft on Slurm, end to end: split here, one array task per shard,
# then the merge once the whole array succeeded.
#
#   scripts/slurm/submit.sh POSITION DEPTH PLY SHARDS WORKDIR [WORK OPTIONS...]
#
# WORKDIR (on a shared file system) receives units.txt, results/ and the
# job logs. Extra options go to `bitmoves work` (e.g. --no-bulk, or --gpu
# with SBATCH_OPTIONS=--gres=gpu:1; docs/gpu.md). Set
# BITMOVES to the binary (default: `bitmoves` on PATH) and SBATCH_OPTIONS
# for site options (partition, account, --cpus-per-task=T for T threads
# per shard). Prints the array and merge job ids.
set -euo pipefail
if [ $# -lt 5 ]; then
  sed -n '2,13p' "$0" >&2
  exit 2
fi
position=$1 depth=$2 ply=$3 shards=$4 workdir=$5
shift 5
here=$(cd "$(dirname "$0")" && pwd)
bitmoves=$(command -v "${BITMOVES:-bitmoves}") || {
  echo "error: no bitmoves binary (set BITMOVES)" >&2
  exit 1
}
mkdir -p "$workdir/logs"
workdir=$(cd "$workdir" && pwd)
units=$workdir/units.txt results=$workdir/results
"$bitmoves" split "$position" "$depth" --at "$ply" -o "$units"
# shellcheck disable=SC2086 # SBATCH_OPTIONS is a list of options
array=$(sbatch --parsable ${SBATCH_OPTIONS:-} --array="0-$((shards - 1))" \
  --output="$workdir/logs/work-%A_%a.out" \
  "$here/work.sbatch" "$bitmoves" "$units" "$results" "$shards" "$@")
array=${array%%;*}
# shellcheck disable=SC2086
merge=$(sbatch --parsable ${SBATCH_OPTIONS:-} --dependency="afterok:$array" \
  --kill-on-invalid-dep=yes --output="$workdir/logs/merge-%j.out" \
  "$here/merge.sbatch" "$bitmoves" "$units" "$results")
merge=${merge%%;*}
echo "array job $array ($shards shards), merge job $merge"
echo "result: $workdir/logs/merge-$merge.out"
echo "a failed shard K: sbatch --array=K $here/work.sbatch $bitmoves $units $results $shards $*"
echo "  then: sbatch --dependency=afterok:<that job> $here/merge.sbatch $bitmoves $units $results"
