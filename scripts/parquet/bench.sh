#!/usr/bin/env bash
# PGN to Parquet, timed side by side: `bitmoves pgn --uci` (the reading
# floor), `bitmoves pgn --parquet` on 1 and 2 threads, pgn-to-aix (zstd
# Parquet) and the python-chess + pyarrow script
# (crates/python/bench/parquet_peer.py, on the first SLICE bytes of the
# corpus, cut at a game, then scaled), ROUNDS interleaved rounds; prints
# the median wall and CPU seconds of each and MB/s by wall time.
#
#   scripts/parquet/bench.sh BITMOVES CORPUS [PGN_TO_AIX] [ROUNDS] [SLICE]
#
# BITMOVES: the release binary; PGN_TO_AIX: its binary (installed outside
# the repository: cargo install pgn-to-aix --locked --root DIR; its
# DuckDB downloads its Parquet writer when it exports, so offline see
# docs/parquet.md), or - to leave it
# out; ROUNDS default 5; SLICE default 2000000 bytes. PYTHON (default
# python3) must import chess and pyarrow, or the script is left out.
set -euo pipefail
if [ $# -lt 2 ]; then
  sed -n '2,15p' "$0" >&2
  exit 2
fi
bitmoves=$1 corpus=$2 aix=${3:--} rounds=${4:-5} slice=${5:-2000000}
here=$(cd "$(dirname "$0")/../.." && pwd)
python=${PYTHON:-python3}
work=$(mktemp -d /tmp/bitmoves-parquet-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT
# The slice for the Python script ends before a game's first tag.
head -c "$slice" "$corpus" | awk '/^\[Event /{last = NR} {lines[NR] = $0} END {for (i = 1; i < last; i++) print lines[i]}' >"$work/slice.pgn"
bytes=$(stat -c %s "$corpus")
slice_bytes=$(stat -c %s "$work/slice.pgn")

declare -A wall cpu
# run NAME COMMAND...: one timed run, its wall and CPU seconds appended.
run() {
  local name=$1
  shift
  rm -rf "$work/out" "$work/aix.duckdb" "$work/aix.parquet"
  /usr/bin/time -f "%e %U %S" -o "$work/time" "$@" >/dev/null 2>"$work/stderr" || {
    # `bitmoves pgn` exits 1 when games were damaged; anything else fails.
    status=$?
    [ "$name" != python ] && [ "$status" = 1 ] ||
      { echo "error: $name failed: $(tail -n 3 "$work/stderr")" >&2; exit 1; }
  }
  read -r e u s <"$work/time"
  wall[$name]="${wall[$name]:-} $e"
  cpu[$name]="${cpu[$name]:-} $(echo "$u + $s" | awk '{print $1 + $3}')"
}
have_python=0
"$python" -c "import chess, pyarrow" 2>/dev/null && have_python=1
for _ in $(seq "$rounds"); do
  run uci "$bitmoves" pgn "$corpus" --uci
  run parquet "$bitmoves" pgn "$corpus" --parquet "$work/out"
  run parquet-2 "$bitmoves" pgn "$corpus" --parquet "$work/out" --threads 2
  run parquet-cpu0 taskset -c 0 "$bitmoves" pgn "$corpus" --parquet "$work/out"
  if [ "$aix" != - ]; then
    run pgn-to-aix taskset -c 0 "$aix" -i "$corpus" -o "$work/aix" -c low \
      --headers Event,Site,White,Black,Result,WhiteElo,BlackElo,TimeControl,Termination \
      --parquet-compression zstd --parquet-compression-level 1 --continue-on-invalid-move
  fi
  if [ "$have_python" = 1 ]; then
    run python "$python" "$here/crates/python/bench/parquet_peer.py" "$work/slice.pgn" "$work/out"
  fi
done
median() { tr ' ' '\n' | grep . | sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
printf '%-12s %10s %10s %10s\n' run "wall s" "CPU s" "MB/s"
for name in uci parquet parquet-2 parquet-cpu0 pgn-to-aix python; do
  [ -n "${wall[$name]:-}" ] || continue
  w=$(median <<<"${wall[$name]}") c=$(median <<<"${cpu[$name]}")
  size=$bytes
  [ "$name" = python ] && size=$slice_bytes
  printf '%-12s %10s %10s %10.1f\n' "$name" "$w" "$c" "$(awk -v b="$size" -v w="$w" 'BEGIN {print b / 1e6 / w}')"
done
echo "(python: the first $slice_bytes bytes; the others: $bytes bytes; medians of $rounds rounds)"
