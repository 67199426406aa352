#!/usr/bin/env bash
# Whole-GPU speed and memory (make bench), against Accel-Sim's CPU seconds for the same trace
# and SM count (../shared/reference/accelsim.md: Accel-Sim is single-threaded, so its CPU time
# is its time on an idle machine): every design on all the SMs of a preset running the largest
# shared trace (targets: 30x for the baseline, 10x for every other design); the baseline on 1
# thread and on every core; the baseline on one SM on every shared trace the reference times
# on one SM (target 30x); one SM's blocks in lockstep with their RTL inside a whole-GPU run
# against the same run on the C models; peak memory of a whole-GPU kernel ten times longer
# than another (target <= 1.5). Each time is the median of REPEAT runs (wall seconds).
# Exit 1 when a target is missed.
# usage: scripts/bench_gpu.sh GPURF OUTDIR
set -u
G=$1 OUT=$2 REPEAT=${REPEAT:-5}
T=${TRACES:-../shared/traces} REF=${REF:-../shared/reference/accelsim.md}
K=${BENCH_GPU_TRACE:-flashinfer-decode-sm80} P=${BENCH_GPU_PRESET:-sm86_rtx3070}
mkdir -p "$OUT"
rc=0
CORES=$(nproc)
# Accel-Sim's CPU seconds for the trace on the preset's SM count: "<trace> <n> SMs <s> s", and
# on one SM: "<trace> <n> SMs <s> s (...), one SM <s> s"
REFTXT=$(tr '\n' ' ' < "$REF")
SMS=$(jq .sms presets/$P.json)
AS=$(grep -o "$K $SMS SMs [0-9.]* s" <<< "$REFTXT" | awk '{print $4}')
[ -n "$AS" ] || { echo "bench_gpu: no Accel-Sim CPU time for $K on $SMS SMs in $REF" >&2; exit 2; }
one_sm_ref() { grep -oE "$1 [0-9]+ SMs [0-9.]+ s( \([^)]*\))?, one SM [0-9.]+ s" <<< "$REFTXT" | grep -oE 'one SM [0-9.]+' | awk '{print $3}'; }
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
timed() { local ts=() i t0; for i in $(seq $REPEAT); do t0=$(date +%s.%N)
    "$G" "$@" --json "$OUT/r.json" > /dev/null 2>&1 || { echo fail; return; }
    ts+=($(echo "$(date +%s.%N) - $t0" | bc -l)); done; median "${ts[@]}"; }
sch() { $G designs | awk -v d=$1 '$1 == d && $3 == "schedulers=two_level" { f = 1 } END { exit !f }' && echo "--set scheduler=two_level"; }
N=$($G sim --preset $P --trace $T/$K/kernelslist.g --json "$OUT/r.json" > /dev/null 2>&1; jq .stats.instructions "$OUT/r.json")
ASR=$(echo "$N / $AS" | bc -l)
printf "Whole GPU: %s on %s (%s SMs), %s warp instructions; Accel-Sim %s CPU s (%.0f insts/s); median of %s runs, %s cores\n" \
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
for d in $($G designs --names); do row $d $CORES $([ $d = baseline ] && echo 30 || echo 10); done
# one SM: the baseline on every shared trace Accel-Sim timed on one SM
printf "\nOne SM (%s --sms 1), the baseline against Accel-Sim's CPU seconds on one SM; median of %s runs\n" "$P" "$REPEAT"
printf "| trace | cycles | s | Accel-Sim s | x Accel-Sim | target |\n|---|---:|---:|---:|---:|---|\n"
for d in "$T"/*/; do
  k=$(basename "$d"); a=$(one_sm_ref "$k"); [ -n "$a" ] && [ -f "$d/kernelslist.g" ] || continue
  t=$(timed sim --preset $P --sms 1 --trace "$d/kernelslist.g")
  [ "$t" = fail ] && { echo "| $k | | | $a | | run failed |"; rc=1; continue; }
  x=$(echo "$a / $t" | bc -l); met="met (>= 30x)"
  [ "$(echo "$x >= 30" | bc -l)" = 1 ] || { met="MISSED (< 30x)"; rc=1; }
  printf "| %s | %s | %.3f | %s | %.1f | %s |\n" "$k" "$(jq .stats.cycles "$OUT/r.json")" "$t" "$a" "$x" "$met"
done
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
