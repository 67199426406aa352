#!/usr/bin/env bash
# make run: every design family on the same generated kernel and on one real trace, each run
# with every block of the design in lockstep with its Verilated RTL (gpurf cosim --blocks all),
# through the run engine (scripts/runs.sh: every core, cached), with the area of each design
# from the synthesis summary SYNTH_JSON when it exists (make synth's, or the lane-slice
# estimates of scripts/area_synth.sh); one side-by-side table on
# the terminal, in $OUT/summary.md and as $OUT/summary.csv (empty cells: no figure), every
# run's JSON and log in $OUT.
# usage: main_run.sh SYNTH_JSON   (env: BUILD, G, and RUN_PRESET, RUN_GEN, RUN_TRACE,
# RUN_DESIGNS, whose one definition is the Makefile's, mk/run.mk)
set -eu
B=${BUILD:-build}; G=${G:-$B/gpurf}; OUT=${OUT:-$B/run}
SYN=$1
P=${RUN_PRESET:?set by make run}
GEN=${RUN_GEN:?set by make run}
TR=${RUN_TRACE:?set by make run}
DESIGNS=${RUN_DESIGNS:?set by make run}
. scripts/runs.sh
mkdir -p "$OUT"; rm -f "$OUT"/*.json "$OUT"/*.log
SYNARG=""; [ -f "$SYN" ] && SYNARG="--synth $SYN"
kernels="gen"; [ -f "$TR" ] && kernels="gen trace" || echo "make run: no trace $TR; the generated kernel only"
for d in $DESIGNS; do for k in $kernels; do
  case $k in gen) s="--gen $GEN";; trace) s="--trace $TR";; esac
  echo "$k.$d cosim --design $d --preset $P $s --blocks all $SYNARG --threads 1"
done; done > "$OUT/runs.list"
runs_exec "$OUT/runs.list" "$OUT" "make run"
kname() { case $1 in gen) echo "generated ($GEN)";; trace) echo "$(basename "$(dirname "$TR")")";; esac; }
# one row per run (kernel, design, figures): the Markdown table and the CSV beside it
rows() { for k in $kernels; do for d in $DESIGNS; do
  jq -c --arg k "$(kname $k)" '[$k, .design, .stats.cycles, .stats.ipc, .stats.rf_reads, .stats.rf_writes,
     (.cache_hit_rate // null), .energy_pj.total / 1000, (.area_mm2 // null),
     ([.lockstep[].cycles_compared] | add), ([.lockstep[].fields_compared] | add),
     ([.lockstep[].mismatches] | add)]' "$OUT/$k.$d.json"
done; done; }
HEAD='kernel,design,cycles,IPC,main-RF reads,main-RF writes,cache hit rate,RF energy (nJ),area (mm2),lockstep cycles,fields compared,mismatches'
{
echo "| ${HEAD//,/ | } |"
echo "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|"
rows | jq -r 'map(if . == null then -1 else . end) | @tsv' | awk -F '\t' '{ na = "-"
  printf "| %s | %s | %d | %.3f | %d | %d | %s | %.1f | %s | %d | %d | %d |\n", $1, $2, $3, $4, $5, $6,
    $7 < 0 ? na : sprintf("%.3f", $7), $8, $9 < 0 ? na : sprintf("%.3f", $9), $10, $11, $12 }'
} > "$OUT/summary.md"
{ echo "$HEAD"; rows | jq -r '@csv'; } > "$OUT/summary.csv"
column -t -s '|' -o '|' "$OUT/summary.md" | sed '2d'
bad=$(jq -s '[.[] | .exit_code, ([.lockstep[].mismatches]|add), .stats.value_errors] | add' "$OUT"/*.*.json)
echo "preset $P; every operand value checked lane by lane against the functional shadow"
if [ -z "$SYNARG" ]; then echo "area: no synthesis summary $SYN (make run writes one; make synth signs every block off)"
elif jq -e '[.blocks[] | select(.lanes_sliced)] | length > 0' "$SYN" > /dev/null; then
  echo "area: Yosys lane-slice estimates, $SYN (make synth: every block as it is, with sign-off)"
else echo "area: Yosys estimates of $SYN"; fi
echo "report: $OUT/summary.md and summary.csv (runs: $OUT/*.json)"
[ "$bad" = 0 ] || { echo "make run: $bad mismatches, value errors or failed runs" >&2; exit 1; }
