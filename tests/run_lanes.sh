# Sourced by tests/run.sh (its helpers run/ok/bad/prun/json_num, $A $G $B $T, DESIGNS): what real
# traces need of the reader and of every design. Excerpts cut from real traces (tests/excerpts)
# in every tracer version; the generator's partial-write knobs (pdiv, pred), short warps
# (threads) and its export in the
# tracer's address modes; no lane lost in any design (directed stream, generated kernels, with
# the value check and the blocks in lockstep); kernel lists whose kernels differ; presets picked
# by the trace's architecture.

section "real-trace excerpts (tests/excerpts): address modes 1 and 2 with full, partial and empty masks, every tracer version"
for x in tests/excerpts/*.traceg; do n=$(basename $x .traceg); s=$B/ex/$n/src; mkdir -p $s
  want=$(awk '/^insts = /{print $3}' $x)
  # the header's architecture and registers, also for the variant without header keys
  xo="--preset pascal --arch sm_$(awk '/^-binary version/{print $NF}' $x) --regs $(awk '/^-nregs/{print $NF}' $x)"
  run "excerpt $n reads and runs" 0 $A sim $xo --trace $x --json $B/ex/$n.json
  [ "$(json_num $B/ex/$n.json instructions)" = "$want" ] && ok "excerpt $n: all $want lines run" || bad "excerpt $n: $(json_num $B/ex/$n.json instructions) of $want lines"
  # the same lines as tracer version 4 wrote them (a version 5 line's trailing immediate removed)
  v=$(awk '/tracer version/{print $NF}' $x)
  awk -v v=$v '/^-accelsim tracer version/ { print "-accelsim tracer version = 4"; next }
    /^[0-9a-f]+ [0-9a-f]+ [0-9]+ / { if (v >= 5) { sub(/[ \t]+$/, ""); sub(/ [^ ]+$/, "") } print; next }
    /^-enable lineinfo/ { li = 1 } /^#BEGIN_TB/ && !li { print "-enable lineinfo = 0"; li = 1 } { print }' $x > $s/kernel-1.traceg
  echo kernel-1.traceg > $s/kernelslist.g
  bash tests/trace_variants.sh $s $B/ex/$n/v
  $A sim $xo --trace $s/kernelslist.g --json $B/ex/$n.v4.json > /dev/null 2>&1
  # (bare, without header keys, is a one-warp block here: tests/run_traces.sh checks it)
  same=""; for t in v2 lineinfo v5 v6 noval xz gz; do
    $A sim $xo --trace $B/ex/$n/v/$t/kernelslist.g --json $B/ex/$n.$t.json > /dev/null 2>&1
    diff <(jq -S '.stats' $B/ex/$n.v4.json) <(jq -S '.stats' $B/ex/$n.$t.json) > /dev/null && same="$same $t"; done
  [ "$same" = " v2 lineinfo v5 v6 noval xz gz" ] && diff <(jq -S .stats $B/ex/$n.json) <(jq -S .stats $B/ex/$n.v4.json) > /dev/null &&
    ok "excerpt $n: as written, as tracer v4 and in$same: every statistic the same" || bad "excerpt $n variants: only$same agree"
done
grep -q ' 00000000 .* 1 0x0 0 0 $' tests/excerpts/*.traceg && grep -q ' 00000000 .* 1 0x0 0 $' tests/excerpts/*.traceg &&
  ok "the excerpts hold empty-mask base+stride lines with and without an immediate" || bad "excerpts lack the empty-mask forms"
n=$(jq .stats.instructions $B/ex/nn-v5-exit.json)
grep -q ' 000000ff 0 EXIT' tests/excerpts/nn-v5-exit.traceg && [ "$n" = "$(awk '/^insts = /{print $3}' tests/excerpts/nn-v5-exit.traceg)" ] &&
  ok "a thread goes on after an EXIT whose line shows it (reduce_kernel<512,1>): all $n lines run" || bad "nn-v5-exit: $n lines run"

section "generator: partial writes on both paths (pdiv), predication (pred), the tracer's address modes"
GS=seed=3,blocks=4,warps=4,pdiv=60,pred=25,gmem=20
for m in compress list; do $G gen $GS --addr-mode $m --out $B/gl_$m > /dev/null; done
$G gen seed=3,blocks=4,warps=4,gmem=20 --out $B/gl_off > /dev/null
modes() { awk '/^[0-9a-f]+ [0-9a-f]+ [0-9]+ /{ nd=$3; w=$(6+nd+$(5+nd)); if (w > 0) print $(7+nd+$(5+nd)) }' $1/kernel-1.traceg | sort -u | xargs; }
part() { awk '/^[0-9a-f]+ [0-9a-f]+ [0-9]+ / && $2 != "ffffffff" { n++ } END { print n + 0 }' $1/kernel-1.traceg; }
[ "$(modes $B/gl_compress)" = "1 2" ] && [ "$(modes $B/gl_list)" = 0 ] && grep -q ' 00000000 .* 4 1 0x0 0 $' $B/gl_compress/kernel-1.traceg &&
  ok "export: base+stride and base+delta as the tracer compresses (an empty mask as '1 0x0 0'), or every address listed" ||
  bad "export address modes: $(modes $B/gl_compress) / $(modes $B/gl_list)"
[ "$(part $B/gl_compress)" -gt $(( 4 * $(part $B/gl_off) + 100 )) ] && ok "pdiv and pred: $(part $B/gl_compress) lines under partial or empty masks ($(part $B/gl_off) without)" || bad "pdiv/pred masks: $(part $B/gl_compress) vs $(part $B/gl_off)"
$A sim --preset small --gen $GS --json $B/gl_direct.json > /dev/null 2>&1
for m in compress list; do $A sim --preset small --trace $B/gl_$m/kernelslist.g --json $B/gl_$m.json > /dev/null 2>&1
  diff <(jq -S .stats $B/gl_direct.json) <(jq -S .stats $B/gl_$m.json) > /dev/null && ok "pdiv/pred kernel read back ($m addresses): every statistic as simulated directly" || bad "gen round trip ($m) differs"; done
run "pdiv without the branch" 2 $A sim --gen div=0,pdiv=50
echo "$out" | grep -q "field 'pdiv'" && ok "pdiv=50 with div=0: the message names pdiv" || bad "pdiv message" "$out"
# threads=: a block's last warp short (blocks of 2 threads as opacus-reduce-sm70's)
$G gen seed=3,blocks=2,warps=3,threads=70 --out $B/gl_thr > /dev/null
w3() { awk '/^warp = /{ w = $3 } /^[0-9a-f]+ [0-9a-f]+ [0-9]+ / && w == 2 { print $2 }' $B/gl_thr/kernel-1.traceg | sort -u | xargs; }
[ "$(w3)" = 0000003f ] && grep -q "^-block dim = (70,1,1)" $B/gl_thr/kernel-1.traceg &&
  $A sim --preset small --trace $B/gl_thr/kernelslist.g --json $B/gl_thr.json > /dev/null 2>&1 &&
  $A sim --preset small --gen seed=3,blocks=2,warps=3,threads=70 --json $B/gl_thr_d.json > /dev/null 2>&1 &&
  diff <(jq -S .stats $B/gl_thr.json) <(jq -S .stats $B/gl_thr_d.json) > /dev/null &&
  ok "threads=70: the third warp runs on 6 lanes, the block is 70 threads, read back as simulated" || bad "threads knob: third warp's masks $(w3)"
run "threads too few for the warps" 2 $A sim --gen warps=3,threads=64
echo "$out" | grep -q "field 'threads'" && ok "threads=64 with 3 warps: the message names threads" || bad "threads message" "$out"
# a result on every lane a short warp has is a full write: the register cache allocates it
i=0; for t in "--gen seed=5,blocks=6,warps=3,threads=70,loops=3,div=0,pred=0" "--trace $T/opacus-reduce-sm70/kernelslist.g"; do
  n=$((i += 1))
  $A sim --design rc --preset sm7_qv100 --set scheduler=two_level $t --json $B/short.$n.json > /dev/null 2>&1
  [ "$(jq .stats.value_errors $B/short.$n.json)" = 0 ] && [ "$(jq .stats.rc_read_hits $B/short.$n.json)" -gt 0 ] &&
    [ "$(jq .stats.rc_partial_to_mrf $B/short.$n.json)" = 0 ] &&
    ok "rc on short warps (${t%% *} ${t##*/}): $(jq .stats.rc_read_hits $B/short.$n.json) hits, no result refused as partial" || bad "rc on short warps ($t)"
done

section "no lane lost: every design, partial writes under divergence and predication, value check and lockstep"
LG=blocks=6,warps=8,threads=250,pdiv=70,pred=30,idiv=30,gmem=15
{ for d in $DESIGNS; do
    printf '%s\t0\t%s\n' "$d: tests/streams/lane_patterns.txt (pascal, 32 lanes)" "$A sim --design $d --preset pascal --trace tests/streams/lane_patterns.txt --json $B/lp.$d.json"
    printf '%s\t0\t%s\n' "$d: lane patterns in lockstep with the RTL (small)" "$G cosim --design $d --preset small --blocks all --trace tests/streams/lane_patterns.txt --json $B/lpc.$d.json"
    for s in 4 7; do printf '%s\t0\t%s\n' "$d: maxwell, generated seed $s, regs=16" "$G sim --design $d --preset maxwell --gen seed=$s,$LG,regs=16 --json $B/lg.$d.$s.json"; done
    printf '%s\t0\t%s\n' "$d: maxwell, generated, regs=64 window=8" "$G sim --design $d --preset maxwell --gen seed=7,$LG,regs=64,window=8 --json $B/lg.$d.w.json"
    printf '%s\t0\t%s\n' "$d: generated, every block in lockstep (small)" "$G cosim --design $d --preset small --blocks all --gen seed=5,$LG,regs=16 --json $B/lgc.$d.json"
  done; } | prun
nbad=""; for d in $DESIGNS; do for f in $B/lp.$d.json $B/lpc.$d.json $B/lg.$d.4.json $B/lg.$d.7.json $B/lg.$d.w.json $B/lgc.$d.json; do
  [ -f $f ] && [ "$(jq .stats.value_errors $f)" = 0 ] && [ "$(jq .stats.operands_checked $f)" -gt 0 ] || nbad="$nbad $(basename $f)"; done; done
[ -z "$nbad" ] && ok "every design: value_errors 0 with operands checked on every run above" || bad "lane runs:$nbad"

section "kernel lists: kernels of other register counts one after another, every design"
mkdir -p $B/kl; $G gen seed=2,blocks=3,warps=4,regs=16 --out $B/kl/a > /dev/null; $G gen seed=3,blocks=5,warps=4,regs=40,pdiv=50,pred=20 --out $B/kl/b > /dev/null
cp $B/kl/a/kernel-1.traceg $B/kl/kernel-1.traceg; sed 's/^-kernel id = 1/-kernel id = 2/' $B/kl/b/kernel-1.traceg > $B/kl/kernel-2.traceg
printf 'kernel-1.traceg\nkernel-2.traceg\nkernel-1.traceg\n' > $B/kl/kernelslist.g
{ for d in $DESIGNS; do for p in small pascal; do
  printf '%s\t0\t%s\n' "$d/$p: three kernels (16, 40, 16 registers) in one list" "$A sim --design $d --preset $p --trace $B/kl/kernelslist.g --json $B/kl.$d.$p.json"; done; done; } | prun

section "presets by architecture"
for k in vectoradd-sm61 opacus-reduce-sm70 vecadd-sm80 atax-v6-sm90; do [ -f $T/$k/kernelslist.g ] || continue
  want=$(case $k in *sm61) echo pascal;; *sm70) echo sm7_qv100;; *sm80) echo a100;; *sm90) echo h100;; esac)
  run "$k with no --preset" 0 $A sim --trace $T/$k/kernelslist.g --json $B/pa.$k.json
  [ "$(jq -r .preset $B/pa.$k.json)" = $want ] && echo "$out" | grep -q "^preset: $want (the trace's sm_" && ok "$k: preset $want, and the header says why" || bad "$k preset: $(jq -r .preset $B/pa.$k.json)"
done
if [ -f $T/vecadd-sm80/kernelslist.g ]; then
  run "an sm_80 trace on sm7_qv100" 0 $A sim --preset sm7_qv100 --trace $T/vecadd-sm80/kernelslist.g
  echo "$out" | grep -q "warning: .*sm_80 (ampere); preset 'sm7_qv100' models sm_70 (volta)" && ok "a preset of another architecture: a warning naming both" || bad "arch warning" "$out"
fi
jq 'del(.sources.lat_alu)' presets/a100.json > $B/nosrc.json
run "a preset with sources lacking one" 2 $A sim --preset $B/nosrc.json --gen seed=1
echo "$out" | grep -q "field 'sources': no source for 'lat_alu'" && ok "sources: a parameter without a source is named" || bad "sources message" "$out"
mkdir -p $B/pdup; cp presets/pascal.json presets/sm6_titanx.json $B/pdup/; jq '.default_for = [61]' presets/sm6_titanx.json > $B/pdup/sm6_titanx.json
$G gen seed=1,blocks=1 --out $B/pdup/k > /dev/null
run "two presets claiming sm_61" 2 $A sim --presets-dir $B/pdup --trace $B/pdup/k/kernelslist.g
echo "$out" | grep -q "field 'default_for': sm_61 is also" && ok "default_for: a version two presets claim is an error" || bad "default_for message" "$out"

section "a run that stops says so in its JSON"
run "ltrf+ with every write taken as a kill (a deliberate pass fault)" 1 $A sim --design ltrf+ --preset small --trace tests/streams/diverged_partial_write.txt --pass-fault partial_write_kills --json $B/vf.json
[ "$(jq .exit_code $B/vf.json)" = 1 ] && [ "$(jq .stats.value_errors $B/vf.json)" -gt 0 ] && jq -r .error $B/vf.json | grep -q "VALUE CHECK FAILED" &&
  ok "value check failure: exit_code 1, value_errors $(jq .stats.value_errors $B/vf.json), the error text" || bad "value failure JSON: $(jq -c '{exit_code, error}' $B/vf.json)"
# the hybrid paper's accounting (mrf_array monolithic): the allocator fills the scratchpad
run "rsp with its fills forgotten (a deliberate pass fault)" 1 $A sim --design rsp --preset small --set mrf_array=monolithic --gen seed=1,blocks=2 --pass-fault rsp_no_fill --json $B/rf.json
[ "$(jq .exit_code $B/rf.json)" != 0 ] && [ "$(jq -r .error $B/rf.json)" != null ] &&
  ok "a design's own check: exit_code $(jq .exit_code $B/rf.json) and its error in the JSON" || bad "design error JSON: $(jq -c '{exit_code, error}' $B/rf.json)"
[ "$(jq .exit_code $B/lp.baseline.json)" = 0 ] && [ "$(jq .error $B/lp.baseline.json)" = null ] && ok "a run that completes: exit_code 0, error null" || bad "ok run JSON"

section "asynchronous copies: LDGSTS reads global memory, DEPBAR waits for the closed groups"
grep -v '^DEPBAR$' tests/streams/async_copy.txt > $B/ac_nowait.txt
$A sim --preset sm86_rtx3070 --trace tests/streams/async_copy.txt --json $B/ac.json > /dev/null 2>&1
$A sim --preset sm86_rtx3070 --trace $B/ac_nowait.txt --json $B/ac_nw.json > /dev/null 2>&1
a=$(json_num $B/ac.json cycles); b=$(json_num $B/ac_nw.json cycles); shl=$(jq .lat_shmem presets/sm86_rtx3070.json)
[ "$(json_num $B/ac.json dram_accesses)" -ge 1 ] && [ "$(json_num $B/ac.json loads)" = 2 ] &&
  ok "LDGSTS: a load from DRAM ($(json_num $B/ac.json dram_accesses) DRAM accesses), not a store" || bad "LDGSTS as a load"
[ -n "$a" ] && [ -n "$b" ] && [ $((a - b)) -ge $shl ] && ok "DEPBAR: the shared-memory read waits for the copy ($a cycles, $b without the wait; lat_shmem $shl)" || bad "DEPBAR wait: $a vs $b"
for k in 0 3; do sed "s/ KEEP $/ $k /" tests/streams/depbar_groups.traceg > $B/dg$k.traceg
  $A sim --preset sm86_rtx3070 --trace $B/dg$k.traceg --json $B/dg$k.json > /dev/null 2>&1; done
a=$(json_num $B/dg0.json cycles); b=$(json_num $B/dg3.json cycles)
[ -n "$a" ] && [ -n "$b" ] && [ "$a" -gt "$b" ] && ok "DEPBAR.LE's immediate: keeping 3 of 4 groups in flight waits less ($b cycles) than keeping none ($a)" || bad "DEPBAR.LE immediate: $a vs $b"
