#!/usr/bin/env bash
# Whole-GPU speed and memory (make bench): every design on all the SMs of a preset running the
# largest shared trace, warp instructions per second against Accel-Sim's wall time for the
# same trace and SM count (../shared/reference/accelsim.md; targets: 20x for the baseline, 5x
# for every other design); the baseline on 1 thread and on every core; one SM's blocks in
# lockstep with their RTL inside a whole-GPU run against the same run on the C models; peak
# memory of a whole-GPU kernel ten times longer than another (target <= 1.5). Each time is the
# best of REPEAT runs. Exit 1 when a target is missed.
# usage: scripts/bench_gpu.sh GPURF OUTDIR
set -u
G=$1 OUT=$2 REPEAT=${REPEAT:-2}
T=${TRACES:-../shared/traces} REF=${REF:-../shared/reference/accelsim.md}
K=${BENCH_GPU_TRACE:-flashinfer-decode-sm80} P=${BENCH_GPU_PRESET:-sm86_rtx3070}
mkdir -p "$OUT"
rc=0
CORES=$(nproc)
# Accel-Sim's wall time for the trace on the preset's SM count: "<trace> <n> SMs <s> s"
SMS=$(jq .sms presets/$P.json)
AS=$(grep -o "$K $SMS SMs [0-9.]* s" "$REF" | awk '{print $4}')
[ -n "$AS" ] || { echo "bench_gpu: no Accel-Sim wall time for $K on $SMS SMs in $REF" >&2; exit 2; }
best() { local b=; for t in "$@"; do [ -z "$b" ] || [ "$(echo "$t < $b" | bc -l)" = 1 ] && b=$t; done; echo $b; }
timed() { local ts=() i t0; for i in $(seq $REPEAT); do t0=$(date +%s.%N)
    "$G" "$@" --json "$OUT/r.json" > /dev/null 2>&1 || { echo fail; return; }
    ts+=($(echo "$(date +%s.%N) - $t0" | bc -l)); done; best "${ts[@]}"; }
sch() { $G designs | awk -v d=$1 '$1 == d && $3 == "schedulers=two_level" { f = 1 } END { exit !f }' && echo "--set scheduler=two_level"; }
N=$($G sim --preset $P --trace $T/$K/kernelslist.g --json "$OUT/r.json" > /dev/null 2>&1; jq .stats.instructions "$OUT/r.json")
ASR=$(echo "$N / $AS" | bc -l)
printf "Whole GPU: %s on %s (%s SMs), %s warp instructions; Accel-Sim %s s (%.0f insts/s); best of %s runs, %s cores\n" \
  "$K" "$P" "$SMS" "$N" "$AS" "$ASR" "$REPEAT" "$CORES"
printf "| design | threads | cycles | s | warp insts/s | x Accel-Sim | target |\n|---|---:|---:|---:|---:|---:|---|\n"
row() { # design threads target
  local t; t=$(timed sim --design $1 $(sch $1) --preset $P --trace $T/$K/kernelslist.g --threads $2)
  [ "$t" = fail ] && { echo "| $1 | $2 | | | | | run failed |"; rc=1; return; }
  local r x; r=$(echo "$N / $t" | bc -l); x=$(echo "$r / $ASR" | bc -l)
  local met=-
  if [ "$3" != - ]; then met="met (>= $3x)"; [ "$(echo "$x >= $3" | bc -l)" = 1 ] || { met="MISSED (< $3x)"; rc=1; }; fi
  printf "| %s | %s | %s | %.2f | %.0f | %.1f | %s |\n" $1 $2 "$(jq .stats.cycles "$OUT/r.json")" $t $r $x "$met"
}
row baseline 1 -
for d in $($G designs --names); do row $d $CORES $([ $d = baseline ] && echo 20 || echo 5); done
# lockstep of one SM's blocks inside a whole-GPU run (RTL is built for pascal and small)
GEN=seed=1,blocks=64,warps=8,regs=32,insts=48,loops=6
ts=$(timed sim --design baseline --preset pascal --sms 8 --gen $GEN); n=$(jq .stats.instructions "$OUT/r.json")
tc=$(timed cosim --design baseline --preset pascal --sms 8 --rtl-sm 0 --blocks all --gen $GEN)
printf "\nLockstep inside the GPU (pascal, 8 SMs, --gen %s, %s warp insts): C models %.2f s, SM 0's blocks against their RTL %.2f s (%.1fx slower), %s rf cycles compared, %s mismatches\n" \
  $GEN $n $ts $tc $(echo "$tc / $ts" | bc -l) "$(jq .lockstep.rf.cycles_compared "$OUT/r.json")" "$(jq '[.lockstep[].mismatches] | add' "$OUT/r.json")"
# memory as the kernel grows: blocks stream through the SMs
spec() { echo "seed=7,blocks=$1,warps=8,insts=40,loops=4"; }
$G sim --preset $P --gen $(spec 230) --json "$OUT/m1.json" > /dev/null 2>&1
$G sim --preset $P --gen $(spec 2300) --json "$OUT/m2.json" > /dev/null 2>&1
m1=$(jq .peak_rss_kb "$OUT/m1.json"); m2=$(jq .peak_rss_kb "$OUT/m2.json"); r=$(echo "scale=2; $m2 / $m1" | bc)
printf "\nWhole-GPU memory: %s insts %s KiB, %s insts %s KiB: RSS ratio %s (target <= 1.5)\n" \
  "$(jq .stats.instructions "$OUT/m1.json")" $m1 "$(jq .stats.instructions "$OUT/m2.json")" $m2 $r
[ "$(echo "$r <= 1.5" | bc)" = 1 ] || rc=1
exit $rc
