#!/usr/bin/env bash
# A block's lane slices: synthesized (synth/run.sh) with 1 and with 2 lanes, the preset's own
# parameters beside them in OUTDIR/BLOCK__PRESET__slice.params; gpurf-synth --slices
# extrapolates them to the preset's lanes (synth_read_sliced). A block without a Lanes
# parameter is synthesized as it is. The slices' Yosys logs are cut to what gpurf-synth
# reads (ABC's delay) and their netlists removed.
#   synth/slice.sh BLOCK PRESET OUTDIR
set -eu
block=$1 preset=$2 out=$3
B=${BUILD:-build}
mkdir -p "$out"
params=$($B/gpurf-params --preset "$preset" --block "$block" --format yosys)
if ! grep -q -- '-set Lanes ' <<< "$params"; then
  bash synth/run.sh "$block" "$preset" "$out"
  bases=$out/${block}__${preset}
else
  for l in 1 2; do LANES=$l bash synth/run.sh "$block" "$preset" "$out"; done
  echo "$params" > "$out/${block}__${preset}__slice.params"
  bases="$out/${block}__${preset}__lanes1 $out/${block}__${preset}__lanes2"
fi
for b in $bases; do
  grep -E 'ABC: .*Delay =' "$b.log" > "$b.log.cut" || true
  mv "$b.log.cut" "$b.log"
  rm -f "$b.v"
done
