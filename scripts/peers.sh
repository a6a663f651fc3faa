#!/usr/bin/env bash
# Times bitmoves' bulk perft next to the C/C++ perft programs you give it
# (ellxor/perft, MPerft 2.0 and perft_cpu_2026) on one core, and prints a Markdown table of
# Mnps per program and position, with totals and the ratios of bitmoves to
# each program.
#
#   scripts/peers.sh [--bitmoves [LABEL=]PATH[@SLIDERS]]... [--ellxor PATH]
#                    [--mperft PATH] [--cpu2026 PATH] [--rounds N] [--cpu C]
#                    [--wall | --cpu-time] [--quick]
#
#   --bitmoves [LABEL=]PATH[@SLIDERS]
#                  a prebuilt perft example of bitmoves (`cargo build
#                  --release -p bitmoves --example perft`, then
#                  target/release/examples/perft copied aside), timed under
#                  LABEL (default: PATH) with BITMOVES_SLIDERS=SLIDERS when
#                  given (magic, pext, pext+avx2, pext+avx512); repeat it
#                  to time several builds interleaved, such as two commits'.
#                  With it the script builds nothing and needs no cargo.
#   --ellxor PATH  an ellxor/perft binary (github.com/ellxor/perft), built by
#                  its own README; run as `PATH FEN DEPTH`
#   --mperft PATH  an MPerft binary (github.com/abulmo/MPerft), built by its
#                  own README; run as `PATH -f FEN -d DEPTH -b`
#   --cpu2026 PATH a perft_cpu_2026 binary (github.com/ankan-ban/perft_cpu_2026),
#                  built by hand outside this repository; run as `PATH FEN
#                  DEPTH -nott` (bulk counting, no transposition table, one
#                  thread; it reports "Perft(DD): N, time: T seconds")
#   --rounds N     rounds of the whole table, interleaved program by program
#                  and position by position; each cell is the median
#                  (default 3)
#   --cpu C        the core every run is pinned to with taskset (default 0)
#   --wall         time whole processes (start-up and table set-up
#                  included) instead of the perft time each program reports
#   --cpu-time     time the CPU seconds (user + system) of whole processes,
#                  start-up included: for a loaded machine, where wall time
#                  favours a program with several threads on the pinned
#                  core (ellxor/perft starts one per core) over one with one
#   --quick        one ply shallower everywhere: checks the script in
#                  seconds, too short to time well
#
# Each peer is optional: the script times the programs it is given, and
# bitmoves alone without any. Without --bitmoves it builds bitmoves' perft
# example twice: the default build (target/) and a `-C target-cpu=native`
# one (target/peers-native/). Every count is checked against the known
# value; a wrong one stops the script. The output names the CPU and the
# variant of perft each bitmoves binary ran (as it reports it; the
# environment's BITMOVES_SLIDERS applies to every binary without @SLIDERS).
# Progress goes to stderr, the table to stdout. Needs taskset (and GNU
# time, /usr/bin/time, for --cpu-time).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

rounds=3 cpu=0 wall=false cputime=false quick=false ellxor="" mperft="" cpu2026=""
declare -A bin_path bin_sliders
ours=()
while [ $# -gt 0 ]; do
  case $1 in
    --bitmoves)
      spec=${2:?--bitmoves needs a PATH}
      label=$spec
      [[ $spec == *=* ]] && { label=${spec%%=*}; spec=${spec#*=}; }
      path=${spec%@*}
      [[ $label == "${2}" ]] && label=$path
      [ -n "${bin_path[$label]:-}" ] && { echo "error: two binaries labelled '$label'" >&2; exit 2; }
      case $label in ellxor | MPerft | perft_cpu_2026) echo "error: the label '$label' names a peer; choose another" >&2; exit 2 ;; esac
      bin_path[$label]=$path
      if [[ $spec == *@* ]]; then
        bin_sliders[$label]=${spec##*@}
      fi
      ours+=("$label")
      shift 2 ;;
    --ellxor) ellxor=${2:?--ellxor needs a PATH}; shift 2 ;;
    --mperft) mperft=${2:?--mperft needs a PATH}; shift 2 ;;
    --cpu2026) cpu2026=${2:?--cpu2026 needs a PATH}; shift 2 ;;
    --rounds) rounds=${2:?--rounds needs N}; shift 2 ;;
    --cpu) cpu=${2:?--cpu needs a core number}; shift 2 ;;
    --wall) wall=true; shift ;;
    --cpu-time) cputime=true; shift ;;
    --quick) quick=true; shift ;;
    -h | --help) sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "error: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
if $wall && $cputime; then
  echo "error: --wall and --cpu-time exclude each other" >&2
  exit 2
fi
[[ $rounds =~ ^[1-9][0-9]*$ ]] || { echo "error: --rounds wants a positive number, not '$rounds'" >&2; exit 2; }
for peer in "$ellxor" "$mperft" "$cpu2026" "${bin_path[@]}"; do
  if [ -n "$peer" ] && { [ ! -f "$peer" ] || [ ! -x "$peer" ]; }; then
    echo "error: $peer is not an executable file" >&2
    exit 2
  fi
done

# name, FEN, depth and count at the peer table's depths, depth and count one ply shallower.
cases=(
  "startpos|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|6|119060324|5|4865609"
  "kiwipete|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1|5|193690690|4|4085603"
  "pos3|8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1|7|178633661|6|11030083"
  "pos4|r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1|6|706045033|5|15833292"
  "pos5|rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8|5|89941194|4|2103487"
  "pos6|r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10|5|164075551|4|3894594"
)
if [ ${#ours[@]} -eq 0 ]; then
  echo "building bitmoves' perft example: default, then target-cpu=native" >&2
  (cd "$root" && cargo build --release --quiet -p bitmoves --example perft)
  (cd "$root" && RUSTFLAGS="-C target-cpu=native" CARGO_TARGET_DIR=target/peers-native \
    cargo build --release --quiet -p bitmoves --example perft)
  ours=("bitmoves default" "bitmoves native")
  bin_path["bitmoves default"]=$root/target/release/examples/perft
  bin_path["bitmoves native"]=$root/target/peers-native/release/examples/perft
fi
# Each bitmoves binary judges its variant's name itself (perft at depth 1;
# an unknown name, @SLIDERS's or the environment's, is its one `error:`
# line; older builds accept any).
for label in "${ours[@]}"; do
  env=()
  [ -n "${bin_sliders[$label]:-}" ] && env=(env "BITMOVES_SLIDERS=${bin_sliders[$label]}")
  if ! out=$("${env[@]}" "${bin_path[$label]}" 1 2>&1 >/dev/null); then
    echo "${out:-error: ${bin_path[$label]} failed on perft 1}" | grep -m1 . >&2
    exit 2
  fi
done
programs=("${ours[@]}")
[ -n "$ellxor" ] && programs+=(ellxor)
[ -n "$mperft" ] && programs+=(MPerft)
[ -n "$cpu2026" ] && programs+=(perft_cpu_2026)
declare -A variant

# Runs program $1 on FEN $2 to depth $3, pinned; prints "NODES SECONDS
# VARIANT" (VARIANT: what a bitmoves binary reports running, or "-").
run() {
  local out start end timer=() sliders=()
  # With --cpu-time, GNU time adds a line "cpu-seconds USER SYSTEM".
  $cputime && timer=(/usr/bin/time -f "cpu-seconds %U %S")
  [ -n "${bin_sliders[$1]:-}" ] && sliders=(env "BITMOVES_SLIDERS=${bin_sliders[$1]}")
  start=$(date +%s%N)
  case $1 in
    ellxor) out=$("${timer[@]}" taskset -c "$cpu" "$ellxor" "$2" "$3" 2>&1) ;;
    MPerft) out=$("${timer[@]}" taskset -c "$cpu" "$mperft" -f "$2" -d "$3" -b 2>&1) ;;
    perft_cpu_2026) out=$("${timer[@]}" taskset -c "$cpu" "$cpu2026" "$2" "$3" -nott 2>&1) ;;
    *) out=$("${timer[@]}" "${sliders[@]}" taskset -c "$cpu" "${bin_path[$1]}" "$3" "$2" 2>&1) ;;
  esac
  end=$(date +%s%N)
  # bitmoves: "N nodes in T s: M Mnps (variant V)", older builds without
  # the variant; ellxor: "Result: N" and "Time taken: T seconds.";
  # MPerft: "perft D : N leaves in T s ..."; perft_cpu_2026: "Perft(DD): N,
  # time: T seconds, nps: R" (its last such line is the depth asked).
  awk -v wall="$wall" -v cputime="$cputime" -v ns="$((end - start))" '
    BEGIN { v = "-" }
    / nodes in / { n = $1; t = $4; if ($8 == "(variant") { v = $9; sub(/\)$/, "", v) } }
    /^Result:/ { n = $2 }
    /^Time taken:/ { t = $3 }
    / leaves in / { for (i = 1; i <= NF; i++) { if ($i == "leaves") n = $(i - 1); if ($i == "in") t = $(i + 1) } }
    /^Perft\([0-9]+\): / { n = $2; sub(/,$/, "", n); t = $4 }
    /^cpu-seconds / { c = $2 + $3 }
    END { if (wall == "true") t = ns / 1e9; if (cputime == "true") t = c; print n, t, v }' <<<"$out"
}

declare -A times
for ((r = 1; r <= rounds; r++)); do
  for c in "${cases[@]}"; do
    IFS='|' read -r name fen depth count qdepth qcount <<<"$c"
    if $quick; then depth=$qdepth count=$qcount; fi
    for p in "${programs[@]}"; do
      read -r nodes seconds ran <<<"$(run "$p" "$fen" "$depth")"
      variant[$p]=$ran
      if [ "$nodes" != "$count" ]; then
        echo "error: $p counts ${nodes:-nothing} on $name at depth $depth, not $count" >&2
        exit 1
      fi
      times[$p|$name]+="$seconds "
      printf 'round %d/%d  %-9s d%d  %-17s %s s\n' "$r" "$rounds" "$name" "$depth" "$p" "$seconds" >&2
    done
  done
done

median() { tr ' ' '\n' <<<"$1" | grep . | sort -g | awk '{ v[NR] = $1 } END { print v[int(NR / 2) + 1] }'; }

model=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || true)
# The CPU's features that decide bitmoves' variant.
features=$(awk -F': ' '/^flags/ { print " " $2 " "; exit }' /proc/cpuinfo 2>/dev/null || true)
has=""
for f in bmi2 avx2 avx512f avx512_vpopcntdq; do [[ $features == *" $f "* ]] && has+=" $f"; done
source=$($wall && echo "wall time of each process" || echo "the perft time each program reports")
$cputime && source="CPU time (user + system) of each process"
plural=$([ "$rounds" = 1 ] && echo round || echo rounds)
echo "Bulk perft on one core (taskset -c $cpu), ${model:-unknown CPU} (with:${has:- none of bmi2, avx2, avx512f}): Mnps from the median of $rounds interleaved $plural, $source."
echo
for p in "${ours[@]}"; do
  v=${variant[$p]}
  [ "$v" = - ] && v="not reported by this build"
  forced=${bin_sliders[$p]:-${BITMOVES_SLIDERS:-}}
  echo "- $p: \`${bin_path[$p]}\`, variant $v${forced:+ (BITMOVES_SLIDERS=$forced)}"
done
echo
header="| position | depth | nodes |" rule="|---|---:|---:|"
for p in "${programs[@]}"; do header+=" $p |"; rule+="---:|"; done
echo "$header"
echo "$rule"
declare -A total_seconds
total_nodes=0
for c in "${cases[@]}"; do
  IFS='|' read -r name fen depth count qdepth qcount <<<"$c"
  if $quick; then depth=$qdepth count=$qcount; fi
  total_nodes=$((total_nodes + count))
  line="| $name | $depth | $count |"
  for p in "${programs[@]}"; do
    s=$(median "${times[$p|$name]}")
    total_seconds[$p]=$(awk -v a="${total_seconds[$p]:-0}" -v b="$s" 'BEGIN { print a + b }')
    line+=$(awk -v n="$count" -v s="$s" 'BEGIN { printf " %.0f |", (s > 0 ? n / s / 1e6 : 0) }')
  done
  echo "$line"
done
declare -A total_mnps
line="| **total** | | $total_nodes |"
for p in "${programs[@]}"; do
  total_mnps[$p]=$(awk -v n="$total_nodes" -v s="${total_seconds[$p]}" 'BEGIN { printf "%.1f", (s > 0 ? n / s / 1e6 : 0) }')
  line+=$(awk -v m="${total_mnps[$p]}" 'BEGIN { printf " **%.0f** |", m }')
done
echo "$line"
for one in "${ours[@]}"; do
  line="| $one ÷ program | | |"
  for p in "${programs[@]}"; do
    line+=$(awk -v a="${total_mnps[$one]}" -v b="${total_mnps[$p]}" 'BEGIN { printf " %.2f× |", (b > 0 ? a / b : 0) }')
  done
  echo "$line"
done
