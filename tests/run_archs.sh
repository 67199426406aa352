# Sourced by tests/run.sh (its helpers, $G $B $T, RTL_PID): every design in lockstep with
# every block on the smallest shared trace of each architecture, on the preset that
# architecture picks: Pascal's and Volta's (sm7_qv100 has pascal's parameters) RTL is in $G,
# Ampere's and Hopper's RTL binaries (gpurf-rtl-<preset>) are built by make rtl beside the
# suite's first sections, and $G runs them in its place.

section "lockstep on each architecture's own preset (Pascal, Volta, Ampere, Hopper; make rtl)"
wait $RTL_PID
[ "$(cat $B/rtl_bg.rc)" = 0 ] && ok "make rtl PRESET=p for $RTL_ARCH_PRESETS" || bad "make rtl" "$(tail -20 $B/rtl_bg.log)"
if [ -d "$T" ]; then
  ARCH_TRACES="vectoradd-sm61 opacus-reduce-sm70 torch-helpers-sm80 atax-v6-sm90"
  for k in $ARCH_TRACES; do for d in $DESIGNS; do
    printf '%s\t0\t%s\n' "cosim $d $k (every block)" "$G cosim --design $d --blocks all --threads 1 --trace $T/$k/kernelslist.g --json $B/ra.$k.$d.json"
  done; done | prun
  n=0; nbad=""; declare -A PFOR  # the preset of each binary version, looked up once
  $G designs > $B/designs.txt
  for k in $ARCH_TRACES; do for d in $DESIGNS; do f=$B/ra.$k.$d.json; n=$((n + 1))
    blocks=$(awk -v d=$d '$1 == d { sub("blocks=", "", $2); print $2 }' $B/designs.txt)
    v=$(jq '.kernels[0].binary_version' $f 2>/dev/null) || v=0
    [ -n "${PFOR[$v]:-}" ] || PFOR[$v]=$(preset_for $v)
    jq -e --arg b "$blocks" --arg p "${PFOR[$v]}" '([.lockstep[].mismatches] | add) == 0 and (.lockstep | keys - ($b | split(",")) | length) == 0
      and ([.lockstep[].cycles_compared] | min) > 0 and .stats.value_errors == 0 and .preset == $p' $f > /dev/null 2>&1 || nbad="$nbad $k/$d"
  done; done
  [ -z "$nbad" ] && ok "$n runs: every block each design instantiates compared, 0 mismatches, each on its architecture's preset" ||
    bad "own-preset lockstep:$nbad"
else
  echo "  skip  own-preset lockstep: $T is absent"
fi
# a preset's RTL binary: the correct RTL of every design block with that preset's parameters,
# a model Verilated once for all presets whose parameters of the block agree
keys() { for b in $($G designs | awk '$2 ~ /^blocks=/ { sub("blocks=", "", $2); print $2 }' | tr , '\n' | sort -u); do
  echo "$b ok $($B/gpurf-params --preset $1 --block $b --format key)"; done | sort; }
for p in a100 h100; do
  [ "$($B/gpurf-rtl-$p models | awk '{ print $1, $3, $4 }' | sort)" = "$(keys $p)" ] &&
    ok "gpurf-rtl-$p: the correct RTL of every design block, with $p's parameters" || bad "gpurf-rtl-$p models" "$($B/gpurf-rtl-$p models)"
done
own=$($B/gpurf-rtl-a100 models | awk '$2 == "a100"' | wc -l); shared=$($B/gpurf-rtl-a100 models | awk '$2 == "pascal"' | wc -l)
[ "$own" -gt 0 ] && [ "$shared" -gt 0 ] && [ "$($B/gpurf-rtl-h100 models | awk '$2 == "h100"' | wc -l)" = 0 ] &&
  ok "a100 shares $shared block models with pascal and Verilates $own of its own; h100 shares all of a100's" ||
  bad "shared models: a100 $own own, $shared pascal's" "$($B/gpurf-rtl-h100 models)"
# sm7_qv100's parameters are pascal's for every block: the main binary runs it, no RTL binary
[ "$(keys sm7_qv100 | comm -23 - <($G models | awk '{ print $1, $3, $4 }' | sort))" = "" ] && [ ! -e $B/gpurf-rtl-sm7_qv100 ] &&
  ok "sm7_qv100 runs on $G's models (its parameters are pascal's), no RTL binary built" || bad "sm7_qv100 models" "$(ls $B/gpurf-rtl-*)"
