#!/usr/bin/env bash
# make faults: every faulty variant of every block, with what catches it and when, as one
# markdown table ($OUT, default build/faults.md):
#   lockstep: the build-time variants (FAULT_*, Verilated into gpurf-full) under gpurf blocksim
#             (small preset, seed 1, up to 100,000 cycles): the cycle of the first C/RTL
#             mismatch or RTL invariant failure;
#   proof:    every variant formal/blocks.txt lists (build-time and proof-only FORMAL_FAULT_*):
#             the cycle of its counterexample in make formal (BUILD/formal/summary.txt).
# A variant neither catches is listed as not caught and the script exits 1.
# usage: faults.sh   (env: BUILD, G = gpurf-full)
set -u
B=${BUILD:-build}; G=${G:-$B/gpurf-full}; OUT=${OUT:-$B/faults.md}
SUM=$B/formal/summary.txt
[ -f "$SUM" ] || { echo "faults: no $SUM (run make formal first)" >&2; exit 2; }

# block<TAB>variant, build-time ones first, in the block list's order
{
  $G models | awk '$2 == "small" && $3 ~ /^FAULT_/ { print $1 "\t" $3 }'
  grep -vE '^(#|$)' formal/blocks.txt | awk -F'|' '{ gsub(/ /, "", $1); n = split($4, f, " ")
    for (i = 1; i <= n; i++) if (f[i] ~ /^FORMAL_FAULT_/) print $1 "\t" f[i] }'
} | awk -F'\t' '!seen[$2]++' > "$B/faults.list"

bad=0
{
echo "| block | variant | lockstep (blocksim) | proof (make formal) |"
echo "|---|---|---|---|"
while IFS=$'\t' read -r blk v; do
  lock="-"
  if [ "${v#FAULT_}" != "$v" ]; then
    r=$($G blocksim --block "$blk" --preset small --variant "$v" --cycles 100000 --seed 1 2>&1 | head -3)
    c=$(echo "$r" | sed -n 's/.*at cycle \([0-9]*\).*/\1/p' | head -1)
    if echo "$r" | grep -q 'LOCKSTEP MISMATCH'; then lock="mismatch, cycle $c"
    elif echo "$r" | grep -q 'CHECK FAILED'; then lock="RTL invariant${c:+, cycle $c}"
    else lock="not caught"; fi
  fi
  c=$(grep -E "^formal: [a-z_]+ $v fails as it must" "$SUM" | sed 's/.*in cycle \([0-9]*\).*/\1/' | sort -n | head -1)
  proof=${c:+counterexample, cycle $c}
  [ "$lock" != "not caught" ] && [ "$lock" != "-" ] || [ -n "$proof" ] || bad=1
  echo "| $blk | ${v} | $lock | ${proof:--} |"
done < "$B/faults.list"
} > "$OUT"
cat "$OUT"
echo "faults: $(($(wc -l < "$OUT") - 2)) variants; table in $OUT"
exit $bad
