#!/usr/bin/env bash
# make formal: for every block of formal/blocks.txt, Yosys reads its RTL with FORMAL (and an
# optional fault) defined and proves the assertions under the assumptions by temporal
# k-induction (`sat -tempinduct`: the base case from the zero state, in which the properties
# assume reset, and the induction step from any state), up to the listed length. Every listed
# faulty variant must then fail. One line per check; exit 1 when a verdict is wrong.
# usage: formal/run.sh [BUILD_DIR]
set -u
B=${1:-build}/formal
G=${1:-build}/gpurf-params
mkdir -p "$B"
rc=0
# prove BLOCK PARAMS DEPTH [FAULT]: 0 proved, 1 not (log in $B/<line>.<block>[.<fault>].log)
prove() {
  local b=$1 params=$2 depth=$3 fault=${4:-} id=$line.$1${4:+.$4} files top
  files=$($G --make | sed -n "s/^RTL_FILES_$b := //p")
  top=$($G --make | sed -n "s/^RTL_MODULE_$b := //p")
  yosys -p "read_verilog -defer -sv -formal -DFORMAL ${fault:+-D$fault} $files; chparam $params $top;
            prep -top $top; flatten; memory_map; async2sync; dffunmap; opt -full;
            sat -tempinduct -prove-asserts -set-assumes -set-init-zero -maxsteps $depth -verify" \
    > "$B/$id.log" 2>&1
}
line=0
while IFS='|' read -r block params depth faults; do
  block=$(echo $block); [ -z "$block" ] || [ "${block#\#}" != "$block" ] && continue
  depth=$(echo $depth); line=$((line + 1))
  if prove "$block" "$params" $depth; then
    echo "formal: $block ($params) proved by $(grep -c 'Base case for induction length' $B/$line.$block.log)-induction"
  else echo "formal: FAIL $block ($params) not proved (see $B/$line.$block.log)"; rc=1; fi
  for f in $faults; do
    if prove "$block" "$params" $depth "$f"; then echo "formal: FAIL $block $f was proved (it must fail)"; rc=1
    else echo "formal: $block $f fails as it must: a counterexample in cycle $(( $(grep -c 'Base case for induction length' $B/$line.$block.$f.log) + 1 )) (cycle 1 is reset)"; fi
  done
done < formal/blocks.txt
exit $rc
