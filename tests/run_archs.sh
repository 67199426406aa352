# Sourced by tests/run.sh (its helpers, $G $B $T, RTL_PID): every design in lockstep with
# every block on the smallest shared trace of each architecture, on the preset that
# architecture picks: pascal's RTL is in $G, the others' RTL binaries (gpurf-rtl-<preset>)
# are built by make rtl beside the suite's first sections, and $G runs them in its place.

section "lockstep on each architecture's own preset (Pascal, Volta, Ampere, Hopper; make rtl)"
wait $RTL_PID
[ "$(cat $B/rtl_bg.rc)" = 0 ] && ok "make rtl PRESET=p for $RTL_ARCH_PRESETS" || bad "make rtl" "$(tail -20 $B/rtl_bg.log)"
if [ -d "$T" ]; then
  ARCH_TRACES="vectoradd-sm61 opacus-reduce-sm70 torch-helpers-sm80 atax-v6-sm90"
  for k in $ARCH_TRACES; do for d in $DESIGNS; do
    printf '%s\t0\t%s\n' "cosim $d $k (every block)" "$G cosim --design $d --blocks all --threads 1 --trace $T/$k/kernelslist.g --json $B/ra.$k.$d.json"
  done; done | prun
  n=0; nbad=""
  for k in $ARCH_TRACES; do for d in $DESIGNS; do f=$B/ra.$k.$d.json; n=$((n + 1))
    blocks=$($G designs | awk -v d=$d '$1 == d { sub("blocks=", "", $2); print $2 }')
    [ -f $f ] && [ "$(jq '[.lockstep[].mismatches] | add' $f)" = 0 ] &&
      [ "$(jq --arg b "$blocks" '.lockstep | keys - ($b | split(",")) | length' $f)" = 0 ] &&
      [ "$(jq '[.lockstep[].cycles_compared] | min' $f)" -gt 0 ] && [ "$(jq '.stats.value_errors' $f)" = 0 ] &&
      [ "$(jq -r .preset $f)" = "$(preset_for "$(jq '.kernels[0].binary_version' $f)")" ] || nbad="$nbad $k/$d"
  done; done
  [ -z "$nbad" ] && ok "$n runs: every block each design instantiates compared, 0 mismatches, each on its architecture's preset" ||
    bad "own-preset lockstep:$nbad"
else
  echo "  skip  own-preset lockstep: $T is absent"
fi
[ "$($B/gpurf-rtl-a100 models | awk '{ print $2, $3 }' | sort -u)" = "a100 ok" ] &&
  ok "gpurf-rtl-a100 carries a100's correct RTL only" || bad "gpurf-rtl-a100 models" "$($B/gpurf-rtl-a100 models)"
