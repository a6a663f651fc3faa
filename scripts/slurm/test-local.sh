#!/usr/bin/env bash
# A real single-node Slurm cluster on this machine, for testing deep perft:
# munged, slurmctld and slurmd run as background processes with their own
# key, config, state and ports in a temporary directory, and are stopped
# again on exit, whatever happens.
#
# 1. submit.sh: startpos perft(7) split at ply 3 over 4 array tasks,
#    merged by a job that depends on the array (afterok): 3,195,901,860.
# 2. The fault case: one array task cancelled mid-run (scancel), the merge
#    then reports the missing units, only that index is resubmitted, and
#    the merge is exact again.
# 3. PGN to Parquet: submit-parquet.sh converts three files (one array task
#    each); with one folder lost and one left as by a task killed on
#    another node (a temporary part, a lock naming its ended job), the
#    resubmitted array redoes those two only.
#
#   scripts/slurm/test-local.sh            (needs target/release/bitmoves)
#
# Environment: BITMOVES (the binary), INSTALL=0 (never apt-get install the
# Debian packages slurm-wlm and munge when missing), KEEP=1 (keep the
# temporary directory), STARTUP_TIMEOUT (seconds for Slurm to come up,
# default 60), JOB_TIMEOUT (seconds per wait for jobs, default 300).
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
here=$root/scripts/slurm
bitmoves=${BITMOVES:-$root/target/release/bitmoves}
startup_timeout=${STARTUP_TIMEOUT:-60}
job_timeout=${JOB_TIMEOUT:-300}
expected=3195901860
started=$SECONDS

say() { printf '[slurm-test %4ds] %s\n' "$((SECONDS - started))" "$*"; }
fail() {
  printf 'error: %s\n' "$*" >&2
  exit 1
}

[ -x "$bitmoves" ] || fail "no bitmoves binary at $bitmoves: run 'cargo build --release -p bitmoves-cli' first"
bitmoves=$(cd "$(dirname "$bitmoves")" && pwd)/$(basename "$bitmoves")

# --- the packages ------------------------------------------------------------
missing=()
for tool in munged slurmctld slurmd sbatch squeue scancel scontrol sinfo; do
  command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "${INSTALL:-1}" = 1 ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    say "installing slurm-wlm and munge (missing: ${missing[*]})"
    export DEBIAN_FRONTEND=noninteractive
    if ! { timeout 600 apt-get update -qq >/dev/null &&
      timeout 900 apt-get install -y -qq slurm-wlm munge >/dev/null; }; then
      fail "could not install slurm-wlm and munge"
    fi
  else
    fail "Slurm is not installed (missing: ${missing[*]}); install the Debian packages slurm-wlm and munge"
  fi
fi

# --- a private cluster in a temporary directory --------------------------------
work=$(mktemp -d /tmp/bitmoves-slurm.XXXXXX)
chmod 755 "$work"
pids=()
cleanup() {
  status=$?
  set +e
  if [ -n "${SLURM_CONF:-}" ] && [ -f "${SLURM_CONF:-}" ]; then
    # Cancel whatever is left, so that no job step outlives the daemons.
    jobs_left=$(timeout 10 squeue -h -o %i 2>/dev/null)
    if [ -n "$jobs_left" ]; then
      # shellcheck disable=SC2086 # one id per word
      timeout 10 scancel $jobs_left 2>/dev/null
      for _ in $(seq 1 50); do
        [ -z "$(timeout 5 squeue -h -o %i 2>/dev/null)" ] && break
        sleep 0.2
      done
    fi
  fi
  # Stop the daemons we started, newest first, by process id.
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
    kill "${pids[i]}" 2>/dev/null
  done
  for pid in "${pids[@]}"; do
    for _ in $(seq 1 50); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    kill -9 "$pid" 2>/dev/null
  done
  if [ "$status" != 0 ]; then
    for log in "$work"/log/*.log; do
      [ -f "$log" ] || continue
      echo "--- last lines of $log" >&2
      tail -n 15 "$log" >&2
    done
  fi
  if [ "${KEEP:-0}" = 1 ]; then
    echo "kept $work" >&2
  else
    rm -rf "$work"
  fi
  say "stopped the cluster; total time $((SECONDS - started)) s"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

mkdir -p "$work"/{munge,state,spool,log,jobs}
chmod 755 "$work/munge"

# Ports nobody else on this machine is likely to use: each run its own.
free_port() {
  local port
  for _ in $(seq 1 50); do
    port=$((20000 + RANDOM % 20000))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      echo "$port"
      return
    fi
  done
  fail "no free TCP port"
}
ctld_port=$(free_port)
slurmd_port=$(free_port)
[ "$ctld_port" != "$slurmd_port" ] || slurmd_port=$((ctld_port + 1))

say "munged"
dd if=/dev/urandom of="$work/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$work/munge/munge.key"
socket=$work/munge/munge.socket
munged --foreground --force \
  --socket="$socket" --key-file="$work/munge/munge.key" \
  --pid-file="$work/munge/munged.pid" --seed-file="$work/munge/munged.seed" \
  --log-file="$work/log/munged.log" >"$work/log/munged.out" 2>&1 &
pids+=($!)
for _ in $(seq 1 50); do
  [ -S "$socket" ] && break
  sleep 0.1
done
[ -S "$socket" ] || fail "munged did not start"

node=$(hostname -s)
cpus=$(nproc)
export SLURM_CONF=$work/slurm.conf
cat >"$SLURM_CONF" <<CONF
ClusterName=bitmoves-test
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$socket
CredType=cred/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/log/slurmctld.log
SlurmdLogFile=$work/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SwitchType=switch/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MinJobAge=3600
SlurmctldTimeout=30
SlurmdTimeout=30
NodeName=$node NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=1000 State=UNKNOWN
PartitionName=test Nodes=$node Default=YES MaxTime=INFINITE State=UP
CONF

say "slurmctld and slurmd (ports $ctld_port, $slurmd_port)"
slurmctld -D -i -f "$SLURM_CONF" >"$work/log/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -N "$node" -f "$SLURM_CONF" >"$work/log/slurmd.out" 2>&1 &
pids+=($!)

deadline=$((SECONDS + startup_timeout))
until [ "$(timeout 5 sinfo -h -n "$node" -o %T 2>/dev/null)" = idle ]; do
  for pid in "${pids[@]}"; do
    kill -0 "$pid" 2>/dev/null || fail "a Slurm daemon (pid $pid) exited during start-up"
  done
  [ "$SECONDS" -lt "$deadline" ] ||
    fail "Slurm did not come up within $startup_timeout s (node state: $(timeout 5 sinfo -h -o %T 2>&1 || true))"
  sleep 0.5
done
say "cluster up: node $node idle with $cpus CPUs"

# --- helpers -------------------------------------------------------------------
# The state of a job or array task, as scontrol reports it (empty if unknown).
job_state() {
  timeout 10 scontrol -o show job "$1" 2>/dev/null |
    sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p' | head -n 1
}
# Waits until no job or task of `$1` is pending or running.
wait_done() {
  local deadline=$((SECONDS + job_timeout))
  while [ -n "$(timeout 10 squeue -h -j "$1" -o %i 2>/dev/null)" ]; do
    [ "$SECONDS" -lt "$deadline" ] || fail "job $1 did not finish within $job_timeout s"
    sleep 0.5
  done
}
submit() { timeout 30 sbatch --parsable "$@" | cut -d';' -f1; }

# --- 1. the plain run, through submit.sh --------------------------------------
submitted=$(BITMOVES=$bitmoves "$here/submit.sh" startpos 7 3 4 "$work/run")
echo "$submitted"
array=$(sed -n 's/^array job \([0-9]*\) .*/\1/p' <<<"$submitted")
merge=$(sed -n 's/.*merge job \([0-9]*\)$/\1/p' <<<"$submitted")
if [ -z "$array" ] || [ -z "$merge" ]; then fail "submit.sh did not print the job ids"; fi
say "submitted array $array (4 shards) and merge $merge (afterok:$array)"
wait_done "$array"
wait_done "$merge"
state=$(job_state "$merge")
out=$work/run/logs/merge-$merge.out
[ "$state" = COMPLETED ] || fail "merge job $merge ended $state: $(cat "$out" 2>/dev/null)"
grep -qx "Nodes searched: $expected" "$out" ||
  fail "merge printed $(cat "$out"), expected $expected"
say "plain run: Nodes searched: $expected"

# --- 2. a task cancelled mid-run, resubmitted ----------------------------------
# --no-bulk makes the shards slow enough (seconds) to cancel one mid-run.
units=$work/run/units.txt
results=$work/results-fault
array=$(submit --array=0-3 --output="$work/jobs/work-%A_%a.out" \
  "$here/work.sbatch" "$bitmoves" "$units" "$results" 4 --no-bulk)
merge=$(submit --dependency="afterok:$array" --kill-on-invalid-dep=yes \
  --output="$work/jobs/merge-%j.out" "$here/merge.sbatch" "$bitmoves" "$units" "$results")
victim=1
file=$results/shard-$victim-of-4.results
deadline=$((SECONDS + job_timeout))
until [ "$(job_state "${array}_$victim")" = RUNNING ] && [ -s "$file" ]; do
  state=$(job_state "${array}_$victim")
  case $state in COMPLETED | FAILED | CANCELLED | TIMEOUT)
    fail "task ${array}_$victim ended ($state) before it could be cancelled" ;;
  esac
  [ "$SECONDS" -lt "$deadline" ] || fail "task ${array}_$victim did not start within $job_timeout s"
  sleep 0.2
done
timeout 10 scancel "${array}_$victim"
say "cancelled task ${array}_$victim after $(wc -l <"$file") units"
wait_done "$array"
wait_done "$merge"
state=$(job_state "${array}_$victim")
[ "$state" = CANCELLED ] || fail "task ${array}_$victim ended $state, not CANCELLED"
state=$(job_state "$merge")
[ "$state" != COMPLETED ] || fail "merge $merge ran although a task was cancelled"
say "the dependent merge did not run ($state)"
if "$bitmoves" merge "$units" "$results" >"$work/merge.out" 2>"$work/merge.err"; then
  fail "merge succeeded with shard $victim cut short"
fi
grep -q "run these shards again: $victim/4" "$work/merge.err" ||
  fail "merge did not name shard $victim/4: $(cat "$work/merge.err")"
say "merge without the cancelled shard fails: $(cut -c1-100 "$work/merge.err")..."
retry=$(submit --array="$victim" --output="$work/jobs/work-%A_%a.out" \
  "$here/work.sbatch" "$bitmoves" "$units" "$results" 4)
merge=$(submit --dependency="afterok:$retry" --kill-on-invalid-dep=yes \
  --output="$work/jobs/merge-%j.out" "$here/merge.sbatch" "$bitmoves" "$units" "$results")
say "resubmitted index $victim as $retry, merge $merge (afterok:$retry)"
wait_done "$retry"
wait_done "$merge"
grep -q "earlier" "$work/jobs/work-${retry}_$victim.out" ||
  fail "the retried task did not report the units done earlier"
say "retry: $(tail -n 1 "$work/jobs/work-${retry}_$victim.out")"
state=$(job_state "$merge")
[ "$state" = COMPLETED ] || fail "merge job $merge ended $state: $(cat "$work/jobs/merge-$merge.out" 2>/dev/null)"
grep -qx "Nodes searched: $expected" "$work/jobs/merge-$merge.out" ||
  fail "merge printed $(cat "$work/jobs/merge-$merge.out"), expected $expected"
say "fault case: Nodes searched: $expected"
# --- 3. PGN to Parquet, one task per file, resumable ---------------------------
pgn_dir=$work/pgn
mkdir -p "$pgn_dir"
for spec in a:3 b:4 c:5; do
  name=${spec%:*} count=${spec#*:}
  for i in $(seq 1 "$count"); do
    printf '[Event "%s %d"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n' "$name" "$i"
  done >"$pgn_dir/$name.pgn"
  echo "$pgn_dir/$name.pgn"
done >"$work/list.txt"
out=$work/dataset
submitted=$(BITMOVES=$bitmoves "$here/submit-parquet.sh" "$work/list.txt" "$out")
array=$(sed -n 's/^array job \([0-9]*\) .*/\1/p' <<<"$submitted")
[ -n "$array" ] || fail "submit-parquet.sh did not print the job id: $submitted"
wait_done "$array"
for name in a b c; do
  [ -e "$out/source=$name/_SUCCESS" ] || fail "source=$name has no _SUCCESS: $(cat "$out"/logs/*)"
done
games=$(cat "$out"/logs/parquet-"$array"_*.out | sed -n 's/^games: //p' | awk '{n += $1} END {print n}')
[ "$games" = 12 ] || fail "the array converted $games games, expected 12"
say "parquet array $array: 3 files, 12 games"
kept=$(stat -c %Y.%s "$out/source=a/part-00000.parquet")
rm -r "$out/source=b"
rm "$out/source=c/_SUCCESS" "$out/source=c/part-00000.parquet"
: >"$out/source=c/.part-00000.parquet.tmp"
# c's lock, as a task killed on another node leaves it (its Slurm job,
# the first array, has ended): the task removes it and converts c.
printf 'run=dead\npid=1\nhost=another-node\nstart=1\nslurm_job=%s\n' "$array" >"$out/source=c/.bitmoves.lock"
submitted=$(BITMOVES=$bitmoves "$here/submit-parquet.sh" "$work/list.txt" "$out")
retry=$(sed -n 's/^array job \([0-9]*\) .*/\1/p' <<<"$submitted")
wait_done "$retry"
grep -q "not redone" "$out/logs/parquet-${retry}_0.out" || fail "the finished file a was converted again"
[ "$(stat -c %Y.%s "$out/source=a/part-00000.parquet")" = "$kept" ] || fail "source=a was rewritten"
for name in b c; do
  [ -e "$out/source=$name/_SUCCESS" ] || fail "source=$name was not redone: $(cat "$out"/logs/parquet-"$retry"_*)"
done
[ ! -e "$out/source=c/.part-00000.parquet.tmp" ] || fail "the killed task's temporary file is left"
[ ! -e "$out/source=c/.bitmoves.lock" ] || fail "the killed task's lock is left"
games=$(cat "$out"/logs/parquet-"$retry"_[12].out | sed -n 's/^games: //p' | awk '{n += $1} END {print n}')
[ "$games" = 9 ] || fail "the resubmitted array converted $games games, expected 9"
say "parquet resubmitted as $retry: a kept, b and c redone"
say "Slurm test passed"
