#!/bin/bash
# The Slurm recipe of docs/SCALING.md, run for real on this machine: a
# single-node Slurm (Debian's slurm-wlm, and munge) is installed if absent,
# configured in a scratch directory and started; the job array of
# tests/slurm/selfplay.sbatch plays a small self-play run in shards, the
# job tests/slurm/merge.sbatch (after the array, by dependency) merges and
# summarises them; the script checks the merged games against the same run
# played on one machine, then stops the daemons it started.
#
# Opt-in (it installs packages and starts daemons as root): neither
# tests/run.sh nor .ci/run calls it. Usage, from the repository:
#
#   tests/slurm/run.sh            # 4 shards, 40 games of Mirodol chess
#   SHARDS=8 GAMES=200 tests/slurm/run.sh
#
# Environment: SHARDS, GAMES, SEED, PLAYERS, GAME (the run); VARIANT (a
# built binary; default: built here, `cargo build --profile ci`); WORK (the
# scratch directory; default: a new one under /tmp); TIMEOUT (seconds the
# jobs may take, default 900); SLURM_PORT (slurmctld's port; slurmd takes
# the next one; default 16817).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
SHARDS=${SHARDS:-4}
GAMES=${GAMES:-40}
SEED=${SEED:-7}
PLAYERS=${PLAYERS:-engine:nodes=1000}
GAME=${GAME:-$ROOT/stdlib/mirodol.variant}
TIMEOUT=${TIMEOUT:-900}
SLURM_PORT=${SLURM_PORT:-16817}
WORK=${WORK:-$(mktemp -d /tmp/variant-slurm.XXXXXX)}

fail() {
    echo "slurm test: FAILED: $*" >&2
    exit 1
}

# Prints the last lines of a log, to show why a daemon or a job failed.
tail_log() {
    if [ -f "$1" ]; then
        echo "--- last lines of $1:" >&2
        tail -n 30 "$1" >&2
    else
        echo "--- $1 was not written" >&2
    fi
}

[ "$(id -u)" = 0 ] || fail "run as root (it installs slurm-wlm and starts its daemons)"

# 1. The packages.
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
    echo "installing slurm-wlm and munge"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm munge >/dev/null
fi
echo "slurm: $(slurmctld -V)"

# 2. The binary.
if [ -z "${VARIANT:-}" ]; then
    (cd "$ROOT" && cargo build --profile ci --bin variant)
    VARIANT=${CARGO_TARGET_DIR:-$ROOT/target}/ci/variant
fi
VARIANT=$(realpath "$VARIANT")
[ -x "$VARIANT" ] || fail "no binary at $VARIANT"
GAME=$(realpath "$GAME")

# 3. The configuration: this host as the one node, its CPUs and memory as
# slurmd itself reads them (`slurmd -C`).
mkdir -p "$WORK"/{state,spool,logs,results}
HOST=$(hostname -s)
NODE=$(slurmd -C | head -n 1)
case "$NODE" in
NodeName=*) ;;
*) fail "slurmd -C did not describe this host: $NODE" ;;
esac
cat >"$WORK/slurm.conf" <<EOF
ClusterName=variant
SlurmctldHost=$HOST(127.0.0.1)
SlurmctldPort=$SLURM_PORT
SlurmdPort=$((SLURM_PORT + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=$WORK/state
SlurmdSpoolDir=$WORK/spool
SlurmctldPidFile=$WORK/slurmctld.pid
SlurmdPidFile=$WORK/slurmd.pid
SlurmctldLogFile=$WORK/slurmctld.log
SlurmdLogFile=$WORK/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/filetxt
JobCompLoc=$WORK/jobcomp.log
MpiDefault=none
ReturnToService=2
MinJobAge=3600
$NODE NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=main Nodes=$HOST Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$WORK/slurm.conf

# 4. The daemons: munged (unless one answers already), slurmctld, slurmd;
# those started here are stopped on the way out, whatever happens.
STARTED_MUNGE=
cleanup() {
    local code=$?
    local pids=()
    for d in slurmd slurmctld; do
        if [ -f "$WORK/$d.pid" ]; then
            pids+=("$(cat "$WORK/$d.pid")")
        fi
    done
    if [ -n "$STARTED_MUNGE" ] && [ -f /run/munge/munged.pid ]; then
        pids+=("$(cat /run/munge/munged.pid)")
    fi
    for pid in "${pids[@]}"; do
        kill "$pid" 2>/dev/null || true
    done
    # Each exits in a few seconds (slurmctld saves its state first).
    for pid in "${pids[@]}"; do
        for _ in $(seq 1 60); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.5
        done
        kill -0 "$pid" 2>/dev/null && echo "slurm test: process $pid did not stop" >&2
    done
    echo "slurm test: daemons stopped; files in $WORK"
    exit $code
}
trap cleanup EXIT

if ! munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then
    mkdir -p /run/munge /var/log/munge /var/lib/munge
    chown munge:munge /run/munge /var/log/munge /var/lib/munge
    [ -f /etc/munge/munge.key ] || fail "no /etc/munge/munge.key (the munge package makes it)"
    runuser -u munge -- /usr/sbin/munged || { tail_log /var/log/munge/munged.log; fail "munged did not start"; }
    STARTED_MUNGE=1
    for _ in $(seq 1 20); do
        munge -n 2>/dev/null | unmunge >/dev/null 2>&1 && break
        sleep 0.5
    done
    munge -n | unmunge >/dev/null 2>&1 || { tail_log /var/log/munge/munged.log; fail "munged does not answer"; }
fi

slurmctld -f "$SLURM_CONF" || { tail_log "$WORK/slurmctld.log"; fail "slurmctld did not start"; }
slurmd -f "$SLURM_CONF" || { tail_log "$WORK/slurmd.log"; fail "slurmd did not start"; }
up=
for _ in $(seq 1 60); do
    state=$(sinfo -h -n "$HOST" -o %T 2>/dev/null || true)
    if [ "$state" = idle ]; then
        up=1
        break
    fi
    sleep 1
done
if [ -z "$up" ]; then
    echo "node state: ${state:-none}" >&2
    tail_log "$WORK/slurmctld.log"
    tail_log "$WORK/slurmd.log"
    fail "the node did not come up idle within 60 s"
fi
echo "slurm up: node $HOST idle ($(sinfo -h -n "$HOST" -o '%c CPUs, %m MB'))"

# 5. The recipe: the array of shards, then the merge once all ended well.
cd "$WORK"
export VARIANT GAME GAMES SEED PLAYERS SHARDS RESULTS=results
started=$(date +%s)
ARRAY=$(sbatch --parsable --array=1-"$SHARDS" "$ROOT/tests/slurm/selfplay.sbatch") ||
    fail "sbatch of the array refused"
MERGE=$(sbatch --parsable --dependency=afterok:"$ARRAY" --kill-on-invalid-dep=yes \
    "$ROOT/tests/slurm/merge.sbatch") || fail "sbatch of the merge refused"
echo "submitted: array job $ARRAY (tasks 1-$SHARDS), merge job $MERGE after it"

# 6. Wait for both to leave the queue.
while [ -n "$(squeue -h -j "$ARRAY,$MERGE" -o %i 2>/dev/null)" ]; do
    if (($(date +%s) - started > TIMEOUT)); then
        squeue -j "$ARRAY,$MERGE" >&2 || true
        scancel "$ARRAY" "$MERGE" || true
        fail "the jobs did not finish within $TIMEOUT s"
    fi
    sleep 2
done
took=$(($(date +%s) - started))

# 7. Every job ended well (the completion log), the merge wrote its files.
ended=$(grep -c "JobState=COMPLETED" "$WORK/jobcomp.log" || true)
if [ "$ended" != $((SHARDS + 1)) ]; then
    grep -v "JobState=COMPLETED" "$WORK/jobcomp.log" >&2 || true
    for f in logs/*.out; do tail_log "$f"; done
    fail "$ended of $((SHARDS + 1)) jobs completed"
fi
[ -s results/all.jsonl ] && [ -s results/summary.txt ] || fail "the merge wrote no games or no summary"
records=$(wc -l <results/all.jsonl)
[ "$records" = "$GAMES" ] || fail "$records merged records, not $GAMES"
shards=$(ls results/shard-*.jsonl | wc -l)
[ "$shards" = "$SHARDS" ] || fail "$shards shard files, not $SHARDS"

# 8. The summary is sane: its games and seed, each seat's wins and the
# draws adding up to the games (two-player games), and the same games as
# one machine plays them (game i depends only on the seed and i).
head -n 1 results/summary.txt | grep -q ": $GAMES games (seed $SEED)" ||
    fail "the summary's first line: $(head -n 1 results/summary.txt)"
"$VARIANT" selfplay "$GAME" --games "$GAMES" --seed "$SEED" --players "$PLAYERS" \
    --threads 2 --out whole.jsonl >whole.txt
cmp -s <(sort whole.jsonl) <(sort results/all.jsonl) ||
    fail "the merged games differ from the same run on one machine"
cmp -s whole.txt results/summary.txt || fail "the summaries differ: $(diff whole.txt results/summary.txt)"
seats=$(sed -n '3,$p' results/summary.txt | grep -c " engine\| random\| greedy" || true)
if [ "$seats" = 2 ]; then
    wins=$(sed -n '3,4p' results/summary.txt | awk '{s += $3} END {print s}')
    draws=$(grep '^draws:' results/summary.txt | awk '{print $2}')
    [ $((wins + draws)) = "$GAMES" ] || fail "wins $wins + draws $draws are not $GAMES games"
fi

echo
cat results/summary.txt
echo
echo "slurm test: ok: $SHARDS shards of $GAMES games ($PLAYERS) on one node, merged by a dependent job: $records records, the same as one machine's run; $took s from submission to merge"
