#!/usr/bin/env bash
# PGN files to one Parquet dataset on Slurm: one array task per file
# (parquet.sbatch), each writing OUT/source=NAME; resubmitting converts
# only the files not yet finished.
#
#   scripts/slurm/submit-parquet.sh LIST OUT [PGN OPTIONS...]
#
# LIST holds one PGN path per line (plain, .zst or .gz); OUT (on a shared
# file system) receives the dataset and logs/. Two files with the same
# NAME are refused. Set BITMOVES to the binary (default: `bitmoves` on
# PATH) and SBATCH_OPTIONS for site options (partition, account,
# --cpus-per-task=T for T threads per file). Prints the array job id.
set -euo pipefail
if [ $# -lt 2 ]; then
  sed -n '2,12p' "$0" >&2
  exit 2
fi
list=$1 out=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
bitmoves=$(command -v "${BITMOVES:-bitmoves}") || {
  echo "error: no bitmoves binary (set BITMOVES)" >&2
  exit 1
}
[ -r "$list" ] || {
  echo "error: cannot read the list $list" >&2
  exit 1
}
list=$(cd "$(dirname "$list")" && pwd)/$(basename "$list")
files=$(grep -c . "$list" || true)
[ "$files" -gt 0 ] || {
  echo "error: $list names no file" >&2
  exit 1
}
[ "$files" = "$(wc -l <"$list")" ] || {
  echo "error: $list has empty lines" >&2
  exit 1
}
duplicates=$(sed -e 's|.*/||' -e 's/\.zst$//' -e 's/\.gz$//' -e 's/\.pgn$//' "$list" | sort | uniq -d)
[ -z "$duplicates" ] || {
  echo "error: two files of $list share the name $(head -n 1 <<<"$duplicates")" >&2
  exit 1
}
mkdir -p "$out/logs"
out=$(cd "$out" && pwd)
# shellcheck disable=SC2086 # SBATCH_OPTIONS is a list of options
array=$(sbatch --parsable ${SBATCH_OPTIONS:-} --array="0-$((files - 1))" \
  --output="$out/logs/parquet-%A_%a.out" \
  "$here/parquet.sbatch" "$bitmoves" "$list" "$out" "$@")
array=${array%%;*}
echo "array job $array ($files files)"
echo "the dataset: $out (one folder source=NAME per file)"
echo "resubmit to finish what failed: the same command, or sbatch --array=K $here/parquet.sbatch $bitmoves $list $out $*"
