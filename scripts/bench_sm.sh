#!/usr/bin/env bash
# SM-level speed (make bench): warp instructions and cycles per second of every design on one
# fixed generated kernel, C models only and in cosim (every block against its RTL twin), side by
# side with a build of BASE (a commit, built in a temporary worktree) measured in the same run.
# Each C-only figure is the best of REPEAT runs (cosim runs are long: one run). Where the cycle
# counts of BASE and this build differ (a model changed since BASE) the row says so; a design
# BASE lacks is measured alone.
# usage: scripts/bench_sm.sh GPURF BASE_COMMIT OUTDIR
set -u
G=$(realpath "$1") BASE=$2 OUT=$3 REPEAT=${REPEAT:-5}
GEN=${BENCH_GEN:-seed=1,blocks=16,warps=8,regs=32,insts=48,loops=12} PRESET=${BENCH_SM_PRESET:-pascal}
mkdir -p "$OUT"; OUT=$(realpath "$OUT")
WT=$OUT/base-worktree
if [ ! -x "$WT/build/gpurf" ] || [ "$(git -C "$WT" rev-parse HEAD 2>/dev/null)" != "$(git rev-parse "$BASE")" ]; then
  git worktree remove --force "$WT" 2>/dev/null; rm -rf "$WT"
  git worktree add --detach "$WT" "$BASE" > /dev/null 2>&1 || { echo "bench: cannot check out $BASE" >&2; exit 2; }
  echo "bench: building $BASE in $WT (its own presets and Makefile) ..."
  make -C "$WT" -j2 build > "$OUT/base-build.log" 2>&1 || { echo "bench: base build failed, see $OUT/base-build.log" >&2; exit 2; }
fi
best() { local b=; for t in "$@"; do [ -z "$b" ] || [ "$(echo "$t < $b" | bc -l)" = 1 ] && b=$t; done; echo $b; }
time_runs() { local bin=$1 dir=$2 reps=$REPEAT; shift 2; local ts=()
  [ "$1" = cosim ] && reps=1
  for i in $(seq $reps); do local t0=$(date +%s.%N)
    (cd "$dir" && "$bin" "$@" --json "$OUT/r.json" > /dev/null 2>&1) || { echo fail; return; }
    ts+=($(echo "$(date +%s.%N) - $t0" | bc -l)); done
  best "${ts[@]}"; }
printf "SM-level speed, preset %s, --gen %s, C-only: best of %s runs; base = %s\n" "$PRESET" "$GEN" "$REPEAT" "$(git rev-parse --short "$BASE")"
printf "| design | mode | cycles | warp insts | base s | this s | base insts/s | this insts/s | this cycles/s | speedup |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n"
rc=0
# the base's designs: `gpurf designs --names`, or (older builds) its usage line's --design list
BASE_DESIGNS=" $({ "$WT/build/gpurf" designs --names 2>/dev/null ||
  "$WT/build/gpurf" 2>&1 | sed -n 's/.*--design \([a-z0-9+|]*\) .*/\1/p' | head -1 | tr '|' '\n'; } | tr '\n' ' ') "
for d in $($G designs --names); do
  sch=""; $G designs | awk -v d=$d '$1 == d && $3 == "schedulers=two_level" { f = 1 } END { exit !f }' && sch="--set scheduler=two_level"
  for mode in sim cosim; do
    extra=""; [ $mode = cosim ] && extra="--blocks all"
    if [ "${BASE_DESIGNS/ $d /}" = "$BASE_DESIGNS" ]; then # a design the base does not have
      tn=$(time_runs "$G" "$PWD" $mode --design $d --preset $PRESET --gen $GEN $extra $sch)
      cn=$(jq .stats.cycles "$OUT/r.json"); n=$(jq .stats.instructions "$OUT/r.json")
      [ "$tn" = fail ] && { echo "| $d | $mode | | | | | | | | run failed |"; rc=1; continue; }
      printf "| %s | %s | %s | %s | - | %.2f | - | %.0f | %.0f | not in base |\n" $d $mode $cn $n $tn \
        $(echo "$n / $tn" | bc -l) $(echo "$cn / $tn" | bc -l)
      continue
    fi
    tb=$(time_runs "$WT/build/gpurf" "$WT" $mode --design $d --preset $PRESET --gen $GEN $extra $sch)
    cb=$(jq .stats.cycles "$OUT/r.json" 2>/dev/null)
    tn=$(time_runs "$G" "$PWD" $mode --design $d --preset $PRESET --gen $GEN $extra $sch)
    cn=$(jq .stats.cycles "$OUT/r.json"); n=$(jq .stats.instructions "$OUT/r.json")
    if [ "$tn" = fail ] || [ "$tb" = fail ]; then
      echo "| $d | $mode | $cn (base $cb) | $n | $tb | $tn | | | | a run failed |"; rc=1; continue; fi
    # a model change since BASE moves the cycle count: the speed is then per instruction only
    note=""; [ "$cb" != "$cn" ] && note=" (base ran $cb cycles: the model changed since)"
    printf "| %s | %s | %s | %s | %.2f | %.2f | %.0f | %.0f | %.0f | %.2fx%s |\n" $d $mode $cn $n $tb $tn \
      $(echo "$n / $tb" | bc -l) $(echo "$n / $tn" | bc -l) $(echo "$cn / $tn" | bc -l) $(echo "$tb / $tn" | bc -l) "$note"
  done
done
exit $rc
