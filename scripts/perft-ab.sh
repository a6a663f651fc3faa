#!/usr/bin/env bash
# Compares builds of bitmoves' perft example (and optionally ellxor/perft
# and perft_cpu_2026) by CPU time: each binary runs bulk perft on the six
# standard positions at the peer table's depths (or the sparse set), interleaved binary by binary and position by
# position, pinned to one core, timed by `perf stat -e task-clock` (CPU
# milliseconds of the whole process, so a loaded machine's waiting is left
# out). Prints the median per position and binary, the sums, and each
# binary's speed relative to the first.
#
#   scripts/perft-ab.sh [--rounds N] [--cpu C] [--set standard|sparse|all]
#                       [--ellxor PATH] [--cpu2026 PATH] BINARY[@SLIDERS]...
#
#   BINARY         a build of `cargo build --release -p bitmoves --example
#                  perft` (copy target/release/examples/perft aside before
#                  building the next); run as `BINARY DEPTH FEN`, with
#                  BITMOVES_SLIDERS=SLIDERS when given (magic, pext,
#                  pext+avx2, pext+avx512; the binary rejects any other
#                  name), so one binary may be timed in several variants
#   --ellxor PATH  an ellxor/perft binary, run as `PATH FEN DEPTH` (its
#                  threads all share the pinned core)
#   --cpu2026 PATH a perft_cpu_2026 binary (github.com/ankan-ban/perft_cpu_2026,
#                  built outside this repository), run as `PATH FEN DEPTH
#                  -nott` (bulk counting, no transposition table, one thread)
#   --set S        the positions: `standard` (the six, default), `sparse`
#                  (six endgames: few pieces, many king moves, checks, one
#                  root in check), or `all` (both)
#   --rounds N     rounds (default 3); --cpu C the core (default 0)
#
# Needs perf and taskset; never cargo. Every count is checked against the
# known value. The output names the CPU and the variant each bitmoves
# binary reports running (older builds do not report it).
set -euo pipefail
rounds=3 cpu=0 set=standard bins=() kinds=() sliders=()
while [ $# -gt 0 ]; do
  case $1 in
    --rounds) rounds=${2:?--rounds needs N}; shift 2 ;;
    --cpu) cpu=${2:?--cpu needs a core}; shift 2 ;;
    --set) set=${2:?--set needs standard, sparse or all}; shift 2 ;;
    --cpu2026) bins+=("${2:?--cpu2026 needs a PATH}"); kinds+=(cpu2026); sliders+=(""); shift 2 ;;
    --ellxor) bins+=("${2:?--ellxor needs a PATH}"); kinds+=(ellxor); sliders+=(""); shift 2 ;;
    -h | --help) sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "error: unknown option '$1' (see --help)" >&2; exit 2 ;;
    *@*) bins+=("${1%@*}"); kinds+=(bitmoves); sliders+=("${1##*@}"); shift ;;
    *) bins+=("$1"); kinds+=(bitmoves); sliders+=(""); shift ;;
  esac
done
[ ${#bins[@]} -gt 0 ] || { echo "error: give at least one binary (see --help)" >&2; exit 2; }
for bin in "${bins[@]}"; do
  [ -f "$bin" ] && [ -x "$bin" ] || { echo "error: $bin is not an executable file" >&2; exit 2; }
done
# Each bitmoves binary judges its variant's name itself (perft at depth 1;
# an unknown name is its one `error:` line; older builds accept any).
for i in "${!bins[@]}"; do
  [ "${kinds[$i]}" = bitmoves ] || continue
  env=()
  [ -n "${sliders[$i]}" ] && env=(env "BITMOVES_SLIDERS=${sliders[$i]}")
  if ! out=$("${env[@]}" "${bins[$i]}" 1 2>&1 >/dev/null); then
    echo "${out:-error: ${bins[$i]} failed on perft 1}" | grep -m1 . >&2
    exit 2
  fi
done
case $set in standard | sparse | all) ;; *) echo "error: --set wants standard, sparse or all, not '$set'" >&2; exit 2 ;; esac
standard=(
  "startpos|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|6|119060324"
  "kiwipete|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1|5|193690690"
  "pos3|8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1|7|178633661"
  "pos4|r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1|6|706045033"
  "pos5|rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8|5|89941194"
  "pos6|r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10|5|164075551"
)
# Sparse endgames (few pieces, many king moves and checks); each count is
# Stockfish's `go perft` and bitmoves' alike.
sparse=(
  "bishop|8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1|8|102503850"
  "rook|3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1|8|130459988"
  "queen-knight|8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1|7|197013195"
  "pawns|4k3/3p1p2/8/4P3/4K3/8/8/8 b - - 0 1|9|106089422"
  "in-check|8/2p5/3p4/KP5r/1R3p1k/6P1/4P3/8 b - - 0 1|7|76036362"
  "castling|8/8/8/8/8/8/6k1/4K2R w K - 0 1|9|315564669"
)
case $set in
  standard) cases=("${standard[@]}") ;;
  sparse) cases=("${sparse[@]}") ;;
  all) cases=("${standard[@]}" "${sparse[@]}") ;;
esac
times=$(mktemp)
trap 'rm -f "$times" "$times.out" "$times.variants"' EXIT
for ((round = 1; round <= rounds; round++)); do
  echo "round $round of $rounds" >&2
  for case in "${cases[@]}"; do
    IFS='|' read -r name fen depth nodes <<<"$case"
    for i in "${!bins[@]}"; do
      case ${kinds[$i]} in
        ellxor) args=("$fen" "$depth") ;;
        cpu2026) args=("$fen" "$depth" -nott) ;;
        *) args=("$depth" "$fen") ;;
      esac
      env=()
      [ -n "${sliders[$i]}" ] && env=(env "BITMOVES_SLIDERS=${sliders[$i]}")
      out=$("${env[@]}" taskset -c "$cpu" perf stat -x, -e task-clock -o "$times.out" "${bins[$i]}" "${args[@]}")
      if [[ $out != *"$nodes"* ]]; then
        echo "error: ${bins[$i]} did not count $nodes on $name at depth $depth" >&2
        exit 1
      fi
      ms=$(awk -F, '/task-clock/ {print $1}' "$times.out")
      echo "$i $name $ms" >>"$times"
      variant=$(sed -n 's/.*(variant \(.*\))$/\1/p' <<<"$out")
      echo "$i ${variant:--}" >>"$times.variants"
    done
  done
done
model=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || true)
features=$(awk -F': ' '/^flags/ { print " " $2 " "; exit }' /proc/cpuinfo 2>/dev/null || true)
has=""
for f in bmi2 avx2 avx512f avx512_vpopcntdq; do [[ $features == *" $f "* ]] && has+=" $f"; done
echo "CPU time of bulk perft on one core (taskset -c $cpu), ${model:-unknown CPU} (with:${has:- none of bmi2, avx2, avx512f}), medians of $rounds interleaved rounds."
echo
labels=()
for i in "${!bins[@]}"; do
  label=${bins[$i]}
  [ -n "${sliders[$i]}" ] && label+="@${sliders[$i]}"
  labels+=("$label")
  if [ "${kinds[$i]}" = bitmoves ]; then
    variant=$(awk -v i="$i" '$1 == i { v = $2 } END { print v }' "$times.variants")
    [ "$variant" = - ] && variant="not reported by this build"
    echo "- \`$label\`: variant $variant${sliders[$i]:+ (BITMOVES_SLIDERS=${sliders[$i]})}"
  fi
done
echo
python3 - "$times" "${labels[@]}" <<'EOF'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
bins = sys.argv[2:]
names = list(dict.fromkeys(r[1] for r in rows))
med = {(int(i), n): statistics.median(float(r[2]) for r in rows if r[0] == i and r[1] == n)
       for i, n, _ in rows}
print("| position | " + " | ".join(f"`{b}`" for b in bins) + " |")
print("|---|" + "---:|" * len(bins))
for n in names:
    print(f"| {n} | " + " | ".join(f"{med[(i, n)]:.1f}" for i in range(len(bins))) + " |")
total = [sum(med[(i, n)] for n in names) for i in range(len(bins))]
print("| **total (CPU ms)** | " + " | ".join(f"**{t:.1f}**" for t in total) + " |")
print("| speed ÷ first | " + " | ".join(f"{total[0] / t:.3f}×" for t in total) + " |")
if len(bins) > 1:
    print()
    print("The first binary's speed over each, per position:")
    print()
    print("| position | " + " | ".join(f"`{b}`" for b in bins[1:]) + " |")
    print("|---|" + "---:|" * (len(bins) - 1))
    for n in names:
        print(f"| {n} | " + " | ".join(f"{med[(i, n)] / med[(0, n)]:.2f}×" for i in range(1, len(bins))) + " |")
EOF
