#!/usr/bin/env bash
# make test-slurm: a one-node Slurm on localhost (slurmctld, slurmd and munged started here,
# configuration and state under $B/slurm), a small experiment submitted as a job array
# through the run engine (RUNS_ENGINE=slurm, scripts/sweep.slurm), waited for, and its
# results compared with the same list run locally: every run's statistics and energy equal.
# Needs root (munged and slurmd) and the packages slurm-wlm and munge.
set -eu
B=${BUILD:-build}; G=${G:-$B/gpurf}
S=$(readlink -f $B/slurm); rm -rf "$S"; mkdir -p "$S/state" "$S/spool" "$S/log"
[ "$(id -u)" = 0 ] || { echo "test-slurm: needs root (munged, slurmd)" >&2; exit 2; }
host=$(hostname -s); cpus=$(nproc); mem=$(awk '/MemTotal/ { print int($2 / 1024) - 512 }' /proc/meminfo)
cat > "$S/slurm.conf" <<CONF
ClusterName=gpurf
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=$S/state
SlurmdSpoolDir=$S/spool
SlurmctldPidFile=$S/slurmctld.pid
SlurmdPidFile=$S/slurmd.pid
SlurmctldLogFile=$S/log/slurmctld.log
SlurmdLogFile=$S/log/slurmd.log
SlurmctldPort=16817
SlurmdPort=16818
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
ReturnToService=2
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$S/slurm.conf
# munge: a key if the package left none, the daemon if it is not running
[ -s /etc/munge/munge.key ] || { mungekey --create 2>/dev/null || dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 2>/dev/null; }
chown munge:munge /etc/munge/munge.key 2>/dev/null || true; chmod 400 /etc/munge/munge.key
mkdir -p /run/munge && chown munge:munge /run/munge 2>/dev/null || true
pgrep -x munged > /dev/null || su -s /bin/sh munge -c munged 2>/dev/null || munged --force
stop() { [ -f "$S/slurmd.pid" ] && kill "$(cat "$S/slurmd.pid")" 2>/dev/null
         [ -f "$S/slurmctld.pid" ] && kill "$(cat "$S/slurmctld.pid")" 2>/dev/null; true; }
trap stop EXIT
slurmctld -i; slurmd
for i in $(seq 60); do sinfo -h -o %T 2>/dev/null | grep -qx idle && break; sleep 1; done
sinfo -h -o %T | grep -qx idle || { echo "test-slurm: the node did not come up"; tail -20 "$S"/log/*.log; exit 1; }
echo "test-slurm: one-node Slurm up ($(sinfo -h -o '%N %c CPUs %T'))"
# the experiment: every design on a small generated kernel, and two sweep points
L=$S/list
for d in baseline ltrf malekeh rename hybrid; do
  echo "$d sim --design $d --preset small --gen seed=4,blocks=2,warps=4,insts=24 --threads 1"; done > "$L"
for x in 2 6; do echo "lat$x sim --design ltrf --preset small --gen seed=4,blocks=2,warps=4,insts=24 --set bank_latency=$x --threads 1"; done >> "$L"
n=$(wc -l < "$L")
export G BUILD=$B
( RUNS_CACHE=$S/cache-slurm RUNS_ENGINE=slurm; . scripts/runs.sh; runs_exec "$L" "$S/slurm" slurm )
( RUNS_CACHE=$S/cache-local RUNS_ENGINE=local; . scripts/runs.sh; runs_exec "$L" "$S/local" local )
ran=$(ls "$S"/slurm/slurm-*.out 2>/dev/null | wc -l)
[ "$ran" = "$n" ] || { echo "test-slurm: $ran array tasks wrote output, want $n"; exit 1; }
bad=0
while read -r id _; do
  cmp -s <(jq -S '{stats, energy_pj, exit_code}' "$S/slurm/$id.json") <(jq -S '{stats, energy_pj, exit_code}' "$S/local/$id.json") ||
    { echo "test-slurm: run $id differs between Slurm and local"; bad=1; }
done < "$L"
[ $bad = 0 ] && echo "test-slurm: $n runs as a Slurm job array of $n tasks, results equal to the local runs"
exit $bad
