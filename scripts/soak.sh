#!/usr/bin/env bash
# make soak: every design with every block of SM 0 in lockstep with its Verilated RTL (gpurf
# cosim --blocks all) until each design has compared at least SOAK_CYCLES lockstep cycles (one
# block instance for one cycle), first over every shared trace (the whole GPU of the preset),
# then over generated kernels of consecutive seeds (one SM; rounds sized from the mean cycles
# of the design's seeds so far), each seed also drawing the generator's pattern knobs
# (divergence, predication with empty masks, diverged partial writes, wide and 64-bit
# operands, register windows, address modes, flows run one after the other through a region
# with a subroutine). Runs go through the run engine
# (scripts/runs.sh: every core, cached, RUNS_ENGINE=slurm for a job array). Every run must end
# with 0 mismatches, 0 value errors and exit 0; the first failure's log names the cycle, block
# and field (gpurf cosim's first-divergence report).
# Writes $OUT/summary.json and $OUT/summary.md: per design the lockstep cycles, fields compared,
# SM cycles, trace runs, seeds, mismatches and value errors; the wall time of the whole soak.
# usage: soak.sh   (env: BUILD, G, SOAK_CYCLES, SOAK_PRESET, SOAK_DESIGNS, SOAK_TRACES, SOAK_GEN,
#                  SOAK_SET: settings for every run, e.g. "mrf_array=monolithic")
set -eu
B=${BUILD:-build}; G=${G:-$B/gpurf}; OUT=${OUT:-$B/soak}
TARGET=${SOAK_CYCLES:-100000000}
P=${SOAK_PRESET:-pascal}
DESIGNS=${SOAK_DESIGNS:-$($G designs | awk '/^[a-z]/ {print $1}')}
TRACES=${SOAK_TRACES:-$(ls ${SHARED:-../shared}/traces/*/kernelslist.g 2>/dev/null || true)}
GEN=${SOAK_GEN:-blocks=4,warps=8,regs=32,insts=64,loops=6}
SETS=$(for kv in ${SOAK_SET:-}; do printf ' --set %s' "$kv"; done)
. scripts/runs.sh
mkdir -p "$OUT"; rm -f "$OUT"/*.json "$OUT"/*.log "$OUT"/*.failed
T0=$SECONDS

# the generated kernel of seed S: the base spec and knobs drawn from S
gen_spec() {
  RANDOM=$1
  local addr=(stream stride tile random)
  local k=($((RANDOM % 60)) $((RANDOM % 60)) $((RANDOM % 40)) $((RANDOM % 30)) $((RANDOM % 20)) \
    $((8 + RANDOM % 25)) "${addr[$((RANDOM % 4))]}")
  # half of the seeds: serialized flows through a region with a subroutine (its, calls), whose
  # four registers of its own leave the window at most 28 of regs=32
  local its=$((RANDOM % 2 * (10 + RANDOM % 90))) calls=$((RANDOM % 9))
  [ $its -gt 0 ] && [ ${k[5]} -gt 28 ] && k[5]=28
  printf 'seed=%s,%s,idiv=%d,pdiv=%d,pred=%d,wide=%d,dfma=%d,window=%d,addr=%s,its=%d,calls=%d' \
    "$1" "$GEN" "${k[@]}" $its $calls
}
# lockstep cycles of design D so far
done_cycles() {
  cat "$OUT"/*."$1".json 2>/dev/null | jq -s '[.[] | .lockstep[].cycles_compared] | add // 0'
}

# round 0: every trace and seed 1; then rounds of seeds until the target
: > "$OUT/runs.list"
n=0
for t in $TRACES; do n=$((n + 1)); for d in $DESIGNS; do
  echo "t$n.$d cosim --design $d --preset $P$SETS --trace $t --blocks all --threads 1"
done; done > "$OUT/runs.list"
declare -A seed
for d in $DESIGNS; do seed[$d]=1; done
round=0
while :; do
  for d in $DESIGNS; do
    [ $round = 0 ] && { echo "g1.$d cosim --design $d --preset $P$SETS --sms 1 --gen $(gen_spec 1) --blocks all --threads 1"; seed[$d]=2; continue; }
    have=$(done_cycles "$d")
    [ "$have" -ge "$TARGET" ] && continue
    # the mean of the design's seeds so far (one seed's knobs can make a kernel many times
    # larger than another's)
    per=$(cat "$OUT"/g*."$d".json | jq -s '[.[] | [.lockstep[].cycles_compared] | add] | add / length | floor')
    [ "$per" -gt 0 ] || per=1
    want=$(( (TARGET - have + per - 1) / per ))
    for _ in $(seq 1 "$want"); do
      s=${seed[$d]}; seed[$d]=$((s + 1))
      echo "g$s.$d cosim --design $d --preset $P$SETS --sms 1 --gen $(gen_spec "$s") --blocks all --threads 1"
    done
  done >> "$OUT/runs.list"
  [ -s "$OUT/runs.list" ] || break
  runs_exec "$OUT/runs.list" "$OUT" "make soak (round $round)"
  : > "$OUT/runs.list"
  round=$((round + 1))
done

# the summary: one row per design
for d in $DESIGNS; do
  cat "$OUT"/*."$d".json | jq -s --arg d "$d" --argjson tr "$(ls "$OUT"/t*."$d".json 2>/dev/null | wc -l)" '{design: $d,
    lockstep_cycles: ([.[] | .lockstep[].cycles_compared] | add),
    fields_compared: ([.[] | .lockstep[].fields_compared] | add),
    sm_cycles: ([.[] | .stats.cycles] | add), runs: length, trace_runs: $tr, seeds: (length - $tr),
    mismatches: ([.[] | .lockstep[].mismatches] | add),
    value_errors: ([.[] | .stats.value_errors] | add),
    failed_runs: ([.[] | select(.exit_code != 0)] | length)}'
done | jq -s --argjson target "$TARGET" --argjson wall $((SECONDS - T0)) --arg p "$P" \
  --argjson ntr "$n" --argjson jobs "$JOBS" \
  '{preset: $p, target_cycles: $target, traces: $ntr, cores: $jobs, wall_s: $wall, designs: .}' > "$OUT/summary.json"
{
echo "| design | lockstep cycles | fields compared | SM cycles | trace runs | seeds | mismatches | value errors |"
echo "|---|--:|--:|--:|--:|--:|--:|--:|"
jq -r '.designs[] | "| \(.design) | \(.lockstep_cycles) | \(.fields_compared) | \(.sm_cycles) | \(.trace_runs) | \(.seeds) | \(.mismatches) | \(.value_errors) |"' "$OUT/summary.json"
} > "$OUT/summary.md"
cat "$OUT/summary.md"
echo "preset $P, $n traces; wall $((SECONDS - T0)) s on $JOBS cores; report: $OUT/summary.md"
bad=$(jq '[.designs[] | .mismatches, .value_errors, .failed_runs] | add' "$OUT/summary.json")
[ "$bad" = 0 ] || { echo "make soak: $bad mismatches, value errors or failed runs" >&2; exit 1; }
