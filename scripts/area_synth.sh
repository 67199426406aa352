#!/usr/bin/env bash
# The area of a preset's design blocks for make run (and gpurf sim --synth): each block's lane
# slices (synth/slice.sh: Yosys with 1 and 2 lanes, extrapolated to the preset's lanes by
# gpurf-synth --slices), keyed by a checksum of everything the result depends on (the block's
# RTL files and the ones they include, its parameters, the clock, the flow's scripts, the
# liberty file, the Yosys and OpenSTA versions). A block whose key matches is taken from
# $BUILD/synth/slices/PRESET (built here before) or from synth/cache/PRESET (committed, make
# synth-cache); the others are synthesized, every core. A block whose slices Yosys does not
# finish within SLICE_TIMEOUT seconds (default 3600) gets BLOCK.none, kept and keyed like
# slices: it has no figure, and the area of a design using it stays empty. Writes the summary
# OUT.json.
#   scripts/area_synth.sh PRESET OUT.json BLOCK...   summary of the blocks
#   scripts/area_synth.sh --save PRESET BLOCK...     the same, then the slices into synth/cache
#   scripts/area_synth.sh --check PRESET             exit 1 unless every committed entry's key
#                                                    matches the current inputs
set -eu
B=${BUILD:-build}
TO=${SLICE_TIMEOUT:-3600}
mode=run
case ${1:-} in --save|--check) mode=${1#--}; shift;; esac
P=$1; shift
CACHE=synth/cache/$P W=$B/synth/slices/$P
mkdir -p "$W"
key() { # BLOCK
  local files inc
  files=$($B/gpurf-params --preset "$P" --block "$1" --format files)
  # the files they include, but the proofs' properties (read only with FORMAL)
  inc=$(sed -n 's/^[[:space:]]*`include "\(.*\)".*/rtl\/\1/p' $files | grep -v '_props\.vh$' | sort -u)
  { $B/gpurf-params --preset "$P" --block "$1" --format yosys
    $B/gpurf-params --preset "$P" --block "$1" --format period
    cat $files $inc synth/run.sh synth/slice.sh synth/cells.lib
    yosys -V; sta -version; } | sha256sum | cut -c1-64; }
if [ $mode = check ]; then
  [ -d "$CACHE" ] || { echo "area_synth: no committed cache $CACHE" >&2; exit 1; }
  bad=0 n=0
  for k in "$CACHE"/*.key; do
    b=$(basename "$k" .key); n=$((n + 1))
    [ "$(cat "$k")" = "$(key "$b")" ] ||
      { echo "area_synth: $CACHE/$b is stale: its RTL, parameters or flow changed (make synth-cache PRESET=$P)" >&2; bad=1; }
  done
  [ $bad = 0 ] && echo "area_synth: $n entries of $CACHE match their inputs"
  exit $bad
fi
if [ $mode = run ]; then OUT=$1; shift; fi
pending=() hit=0 built=0
for b in "$@"; do
  k=$(key "$b")
  if [ -f "$W/$b.key" ] && [ "$(cat "$W/$b.key")" = "$k" ]; then built=$((built + 1)); continue; fi
  rm -f "$W/${b}__$P".* "$W/${b}__${P}__"* "$W/$b.none"
  if [ -f "$CACHE/$b.key" ] && [ "$(cat "$CACHE/$b.key")" = "$k" ]; then
    cp "$CACHE/$b.key" "$W/"; hit=$((hit + 1))
    if [ -f "$CACHE/$b.none" ]; then cp "$CACHE/$b.none" "$W/"; else cp "$CACHE/${b}__$P"* "$W/"; fi
  else pending+=("$b"); fi
done
if [ ${#pending[@]} -gt 0 ]; then
  echo "area: synthesizing ${#pending[*]} block(s) of $P as lane slices (${pending[*]}), $(nproc) at a time, at most $TO s each"
  printf '%s\n' "${pending[@]}" | xargs -P "$(nproc)" -I{} bash -c '
    timeout '"$TO"' env BUILD='"$B"' bash synth/slice.sh {} '"$P $W"' > '"$W"'/{}.out 2>&1; rc=$?
    if [ $rc = 124 ]; then rm -f '"$W"'/{}__'"$P"'.* '"$W"'/{}__'"$P"'__*
      echo "Yosys did not finish the lane slices within '"$TO"' s" > '"$W"'/{}.none
    elif [ $rc != 0 ]; then cat '"$W"'/{}.out >&2; exit 1; fi'
  for b in "${pending[@]}"; do key "$b" > "$W/$b.key"; done
fi
echo "area: $P: ${#pending[*]} block(s) synthesized, $hit from $CACHE, $built built before"
have=()
for b in "$@"; do
  if [ -f "$W/$b.none" ]; then echo "area: $b: no figure ($(cat "$W/$b.none")): the area of a design using it is left empty"
  else have+=("$b"); fi
done
if [ $mode = save ]; then
  rm -rf "$CACHE"; mkdir -p "$CACHE"
  for b in "$@"; do
    cp "$W/$b.key" "$CACHE/"
    if [ -f "$W/$b.none" ]; then cp "$W/$b.none" "$CACHE/"; else cp "$W/${b}__$P"* "$CACHE/"; fi
  done
  echo "area: $# block(s) saved in $CACHE"
  exit 0
fi
$B/gpurf-synth --slices "$W" synth/cells.lib "$P" "$OUT" "${have[@]}" > "${OUT%.json}.txt"
