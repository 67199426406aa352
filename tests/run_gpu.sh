# The whole GPU (sim/core/gpu.h): SMs sharing L2 slices and DRAM, the block scheduler, threads
# that do not change results, per-SM statistics, bad input, deadlock reports, and every shared
# sm_61/sm_70/sm_80 trace against Accel-Sim's whole-GPU cycles. Sourced by tests/run.sh.
section "the whole GPU: SMs, block scheduler, threads, Accel-Sim's whole-GPU cycles"
mkdir -p $B/gpu
GG="--gen seed=2,blocks=48,warps=4,regs=32,insts=40,loops=6"
# every design on 6 SMs of sm6_titanx: bit-identical results on 1, 2 and 4 threads
for d in $DESIGNS; do
  for t in 1 2 4; do $G sim --design $d $(sch $d) --preset sm6_titanx --sms 6 --threads $t $GG \
    --json $B/gpu/th.$d.$t.json > /dev/null 2>&1 || bad "gpu run $d threads $t"; done
  same=1; for t in 2 4; do cmp -s <(jq -S 'del(.peak_rss_kb)' $B/gpu/th.$d.1.json) <(jq -S 'del(.peak_rss_kb)' $B/gpu/th.$d.$t.json) || same=0; done
  [ $same = 1 ] && [ "$(jq .stats.value_errors $B/gpu/th.$d.1.json)" = 0 ] && [ "$(jq .sms $B/gpu/th.$d.1.json)" = 6 ] &&
    ok "$d on 6 SMs: 1, 2 and 4 threads give the same report ($(jq .stats.cycles $B/gpu/th.$d.1.json) cycles), no value error" ||
    bad "$d: threads change the results"
done
if [ -d "$T" ]; then
  for t in 1 2; do $G sim --preset sm86_rtx3070 --design malekeh --threads $t --trace $T/torch-helpers-sm80/kernelslist.g --json $B/gpu/tk.$t.json > /dev/null 2>&1; done
  cmp -s <(jq -S 'del(.peak_rss_kb)' $B/gpu/tk.1.json) <(jq -S 'del(.peak_rss_kb)' $B/gpu/tk.2.json) &&
    ok "malekeh, torch-helpers-sm80 (8 launches) on 46 SMs: 1 and 2 threads agree" || bad "malekeh torch-helpers threads differ"
  # --sms 1 on 4 threads is the single-SM model: a golden run reproduced
  $G sim --design baseline --preset pascal --sms 1 --threads 4 --trace $T/matrixmul-sm61/kernelslist.g --json $B/gpu/g1.json > /dev/null 2>&1
  cmp -s <(jq -S '.stats | del(.ipc)' $B/gpu/g1.json) <(jq -S . tests/golden/matrixmul.baseline.json) &&
    ok "--sms 1 --threads 4: the golden single-SM statistics (matrixmul.baseline)" || bad "--sms 1 moves the golden statistics"
  # GPGPU-Sim's block scheduler: 196 blocks of 8 warps over 46 SMs holding 6 each, one per SM
  # per cycle round robin: SMs 0-11 take 5, the others 4
  $G sim --preset sm86_rtx3070 --trace $T/vecadd-sm80/kernelslist.g --json $B/gpu/va.json > /dev/null 2>&1
  [ "$(jq -c '[.per_sm[].blocks_launched] | [(.[0:12] | unique), (.[12:] | unique)]' $B/gpu/va.json)" = "[[5],[4]]" ] &&
    ok "block scheduler: vecadd-sm80's 196 blocks go 5 to SMs 0-11 and 4 to the other 34" ||
    bad "block distribution" "$(jq -c '[.per_sm[].blocks_launched]' $B/gpu/va.json)"
  [ "$(jq '[.per_sm[].instructions] | add' $B/gpu/va.json)" = "$(jq .stats.instructions $B/gpu/va.json)" ] &&
    [ "$(jq '.per_sm | length' $B/gpu/va.json)" = 46 ] && [ "$(jq '[.per_sm[].cycles] | unique' -c $B/gpu/va.json)" = "[$(jq .stats.cycles $B/gpu/va.json)]" ] &&
    ok "per-SM statistics: 46 SMs, their instructions sum to the GPU's, each SM's cycles the GPU's" || bad "per-SM statistics"
  # sms and l2_slices change what they should
  $G sim --preset sm86_rtx3070 --sms 8 --trace $T/vecadd-sm80/kernelslist.g --json $B/gpu/va8.json > /dev/null 2>&1
  $G sim --preset sm86_rtx3070 --set l2_slices=1 --trace $T/vecadd-sm80/kernelslist.g --json $B/gpu/va1s.json > /dev/null 2>&1
  c46=$(jq .stats.cycles $B/gpu/va.json); c8=$(jq .stats.cycles $B/gpu/va8.json); c1s=$(jq .stats.cycles $B/gpu/va1s.json)
  [ "$c8" -gt $((2 * c46)) ] && ok "--sms 8: vecadd takes $c8 cycles, 46 SMs $c46" || bad "--sms 8: $c8 vs $c46"
  [ "$c1s" -gt "$c46" ] && ok "l2_slices 1: one slice takes one request a cycle for 46 SMs ($c1s cycles, 32 slices $c46)" || bad "l2_slices 1: $c1s vs $c46"
  # the whole GPU against Accel-Sim (../shared/reference/accelsim.md, the row with all the SMs)
  for pk in sm6_titanx:SM6_TITANX:28:matrixmul-sm61 sm6_titanx:SM6_TITANX:28:vectoradd-sm61 \
            sm7_qv100:SM7_QV100:80:matrixmul-sm61 sm7_qv100:SM7_QV100:80:opacus-reduce-sm70 \
            sm86_rtx3070:SM86_RTX3070:46:matrixmul-sm61 sm86_rtx3070:SM86_RTX3070:46:vecadd-sm80 \
            sm86_rtx3070:SM86_RTX3070:46:bfs-sm80 sm86_rtx3070:SM86_RTX3070:46:flashinfer-decode-sm80 \
            sm86_rtx3070:SM86_RTX3070:46:torch-helpers-sm80; do
    IFS=: read -r p cfgname n k <<< "$pk"
    ref=$(awk -F'|' -v k="$k" -v c="$cfgname" -v n="$n" '{for(i=2;i<=NF;i++) gsub(/^ +| +$/,"",$i)}
      ($2==k || index($2, k " (")==1) && $3==c && $4==n {x=$5; gsub(",","",x); print x; exit}' "$REF")
    $G sim --preset $p --trace $T/$k/kernelslist.g --json $B/gpu/as.json >/dev/null 2>&1 || bad "whole-GPU run $p $k"
    got=$(jq .stats.cycles $B/gpu/as.json)
    [ "$(jq .sms $B/gpu/as.json)" = "$n" ] && [ -n "$ref" ] && [ $((100 * got)) -le $((120 * ref)) ] && [ $((100 * got)) -ge $((80 * ref)) ] &&
      ok "whole GPU: $k on $p ($n SMs) takes $got cycles, Accel-Sim $ref (within 20 %)" || bad "whole GPU $k on $p: $got vs ${ref:-no reference}"
  done
fi
# one SM in lockstep with its RTL blocks inside a whole-GPU run, on a worker thread
run "cosim of SM 1 of 4 (pascal RTL) on 2 threads" 0 $G cosim --design baseline --preset pascal --sms 4 --rtl-sm 1 --threads 2 \
  --gen seed=1,blocks=8,warps=8,regs=32,insts=32,loops=4 --json $B/gpu/cs.json
[ "$(jq '[.lockstep[] | .mismatches] | add' $B/gpu/cs.json)" = 0 ] && [ "$(jq '.lockstep.rf.cycles_compared' $B/gpu/cs.json)" -gt 0 ] &&
  ok "lockstep inside the GPU: $(jq '.lockstep.rf.cycles_compared' $B/gpu/cs.json) rf cycles compared, 0 mismatches" || bad "cosim inside the GPU"
# bad input: exit 2 naming the field
for a in "--sms 0:sms" "--sms 257:sms" "--threads 0:threads" "--sms 4 --rtl-sm 4:rtl_sm" "--deadlock 0:deadlock" "--set sms=0:sms" "--set l2_slices=3:l2_slices"; do
  run "sim ${a%:*}: exit 2" 2 $G sim --preset small ${a%:*} --gen seed=1
  echo "$out" | grep -q "field '${a#*:}'" && ok "${a%:*}: the message names '${a#*:}'" || bad "${a%:*} message" "$out"
done
# a deadlock across SMs stops the run with every SM's state (rsp_barrier none: matrixmul's
# barrier waiters hold the scratchpad; tests/run_hybrid.sh), and --deadlock sets how soon
if [ -d "$T" ]; then
  run "deadlock on 4 SMs: exit 2" 2 $G sim --design hybrid --set scheduler=two_level --preset maxwell \
    --set rsp_barrier=none --sms 4 --deadlock 2000 --trace $T/matrixmul-sm61/kernelslist.g
  [ "$(echo "$out" | grep -cE '^  SM [0-3]: [0-9]+ blocks')" = 4 ] && echo "$out" | grep -q "no forward progress for 2001 cycles" &&
    echo "$out" | grep -qE "SM 0: 1 blocks, 32 warps resident \(16 at a barrier" &&
    ok "deadlock report: every SM's blocks and warps, after the --deadlock 2000 cycles" || bad "deadlock report" "$out"
fi
# the experiment scripts' runs take SMS (scripts/exp_run.sh; one SM by default)
rm -rf $B/gpu/exp; mkdir -p $B/gpu/exp; echo "t.a small baseline" > $B/gpu/exp/runs.txt
for s in "" 3; do ( WL=("t|--gen seed=1,blocks=6"); BUILD=$B SMS=$s; [ -z "$s" ] && unset SMS; . scripts/exp_run.sh
  exp_run $B/gpu/exp/runs.txt $B/gpu/exp lbl > /dev/null; mv $B/gpu/exp/t.a.json $B/gpu/exp/sms${s:-1}.json ); done
[ "$(jq .sms $B/gpu/exp/sms1.json),$(jq .sms $B/gpu/exp/sms3.json)" = "1,3" ] &&
  [ "$(jq '.per_sm | map(.blocks_launched) | min' $B/gpu/exp/sms3.json)" = 2 ] &&
  ok "experiment runs: one SM by default, SMS=3 spreads 6 blocks 2 per SM" || bad "experiment SMS" "$(jq -c .per_sm $B/gpu/exp/sms3.json 2>&1 | head -3)"
# ThreadSanitizer (build/tsan/gpurf): the SM worker threads on a multi-launch trace, a kernel
# list's background load and a kernel's read-ahead thread beside one SM, and its rewinds (gpurf
# reuse reads every kernel twice); the same results as the plain build
if [ -d "$T" ]; then
  TS="$B/tsan/gpurf"; export TSAN_OPTIONS="halt_on_error=1 exitcode=66"
  run "ThreadSanitizer: ltrf, torch-helpers-sm80 (8 launches) on 8 SMs, 2 threads" 0 $TS sim --preset sm86_rtx3070 --sms 8 --design ltrf \
    --set scheduler=two_level --threads 2 --trace $T/torch-helpers-sm80/kernelslist.g --json $B/gpu/ts1.json
  run "ThreadSanitizer: bfs-sm80 (15 launches) on one SM, its kernels loaded and its blocks read ahead" 0 $TS sim --preset sm86_rtx3070 --sms 1 \
    --trace $T/bfs-sm80/kernelslist.g --json $B/gpu/ts2.json
  $G sim --preset sm86_rtx3070 --sms 1 --trace $T/bfs-sm80/kernelslist.g --json $B/gpu/ts2p.json > /dev/null 2>&1
  jq -e '.stats.cycles > 0' $B/gpu/ts2.json > /dev/null 2>&1 && command cmp -s <(jq -S .stats $B/gpu/ts2.json) <(jq -S .stats $B/gpu/ts2p.json) && ok "bfs-sm80 under ThreadSanitizer: the plain build's statistics" ||
    bad "ThreadSanitizer build's statistics differ"
  run "ThreadSanitizer: gpurf reuse rewinds each of bfs-sm80's kernels" 0 $TS reuse --preset sm86_rtx3070 --trace $T/bfs-sm80/kernelslist.g
  unset TSAN_OPTIONS
fi
