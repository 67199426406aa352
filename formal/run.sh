#!/usr/bin/env bash
# make formal: for every line of formal/blocks.txt (or the given file), Yosys reads the block's
# RTL with FORMAL (and an optional fault) defined and proves the assertions under the
# assumptions by temporal k-induction (`sat -tempinduct`: the base case from the zero state,
# in which the properties assume reset, and the induction step from any state), up to the
# listed length. Every listed faulty variant must then fail with a counterexample from reset
# within that length (the base case alone). The checks run $JOBS at a time (default: every
# core), the deepest first (they take longest); one line per check, in that order, also kept in
# BUILD/formal/summary.txt (each check's time in joblog.txt); exit non-zero when a verdict is
# wrong.
# usage: formal/run.sh [BUILD_DIR [BLOCKS_FILE]]
set -u
BUILD=${1:-build}
LIST=${2:-formal/blocks.txt}
B=$BUILD/formal
G=$BUILD/gpurf-params
mkdir -p "$B"

# check ID BLOCK PARAMS DEPTH [FAULT]: the verdict line; exit 1 when it is wrong
check() {
  local id=$1 b=$2 params=$3 depth=$4 fault=${5:-} files top log
  log=$B/$id.$b${fault:+.$fault}.log
  files=$($G --make | sed -n "s/^RTL_FILES_$b := //p")
  top=$($G --make | sed -n "s/^RTL_MODULE_$b := //p")
  # a faulty variant needs only the base case (a counterexample from reset): its induction
  # steps would be solved for nothing
  yosys -p "read_verilog -defer -sv -formal -DFORMAL ${fault:+-D$fault} $files; chparam $params $top;
            prep -top $top; flatten; memory_map; async2sync; dffunmap; opt -full;
            sat -tempinduct ${fault:+-tempinduct-baseonly} -prove-asserts -set-assumes -set-init-zero -maxsteps $depth -verify" \
    > "$log" 2>&1
  local proved=$? base
  base=$(grep -c 'Base case for induction length' "$log")
  if [ -z "$fault" ]; then
    [ $proved = 0 ] && { echo "formal: $b ($params) proved by $base-induction"; return 0; }
    echo "formal: FAIL $b ($params) not proved (see $log)"; return 1
  fi
  # the base case alone passes when no counterexample from reset exists within the depth
  if [ $proved = 0 ] || ! grep 'Solving problem' "$log" | tail -1 | grep -q '^\[base case'; then
    echo "formal: FAIL $b $fault has no counterexample within $depth cycles (see $log)"; return 1
  fi
  echo "formal: $b $fault fails as it must: a counterexample in cycle $((base + 1)) (cycle 1 is reset)"
}
export -f check
export B G

line=0
while IFS='|' read -r block params depth faults; do
  block=$(echo $block); [ -z "$block" ] || [ "${block#\#}" != "$block" ] && continue
  depth=$(echo $depth); params=$(echo $params); line=$((line + 1))
  printf '%s\t%s\t%s\t%s\t\n' $line "$block" "$params" "$depth"
  for f in $faults; do printf '%s\t%s\t%s\t%s\t%s\n' $line "$block" "$params" "$depth" "$f"; done
done < "$LIST" | sort -t$'\t' -k4,4nr -s |
  parallel --will-cite -k -j "${JOBS:-$(nproc)}" --joblog "$B/joblog.txt" --colsep '\t' check {1} {2} {3} {4} {5} | tee "$B/summary.txt"
exit "${PIPESTATUS[2]}"
