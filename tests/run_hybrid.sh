# Sourced by tests/run.sh (its helpers run/ok/bad/prun/json_num, $A $G $B $T): the register
# cache / scratchpad family (Bailey et al.): design rc on every preset and trace under the value
# check, its blocks against their RTL inside the design, the faulty rc caught there, each rc
# setting changing what it should, and bad input.

echo "== register cache (design rc): values, lockstep, settings"
hj() { json_num $B/hy.$1.json $2; }
{ for p in small pascal maxwell; do
    printf 'rc/%s under the value check (sanitized)\t0\t%s\n' $p "$A sim --design rc --preset $p --gen seed=4,blocks=6,loops=4 --json $B/hy.rc.$p.json"
    printf 'baseline/%s\t0\t%s\n' $p "$A sim --preset $p --gen seed=4,blocks=6,loops=4 --json $B/hy.bl.$p.json"
  done
  for t in matrixmul vectoradd; do
    printf 'rc/%s trace\t0\t%s\n' $t "$G sim --design rc --preset maxwell --trace $T/$t-sm61/kernelslist.g --json $B/hy.rc.$t.json"
    printf 'baseline/%s trace\t0\t%s\n' $t "$G sim --preset maxwell --trace $T/$t-sm61/kernelslist.g --json $B/hy.bl.$t.json"
  done; } | prun
for r in small pascal maxwell matrixmul vectoradd; do
  [ "$(hj rc.$r value_errors)" = 0 ] && [ "$(hj rc.$r operands_checked)" = "$(hj bl.$r operands_checked)" ] &&
    [ "$(hj rc.$r rc_read_hits)" -gt 0 ] && [ "$(hj rc.$r rf_reads)" -lt "$(hj bl.$r rf_reads)" ] && [ "$(hj rc.$r rf_writes)" -lt "$(hj bl.$r rf_writes)" ] &&
    ok "rc/$r: $(hj rc.$r operands_checked) operands as baseline, none differs; main-RF reads $(hj rc.$r rf_reads) < $(hj bl.$r rf_reads), writes $(hj rc.$r rf_writes) < $(hj bl.$r rf_writes)" ||
    bad "rc/$r values or traffic"
  # every operand is served once: by a hit or, after a miss, by the main RF
  [ $(( $(hj rc.$r rc_read_hits) + $(hj rc.$r rc_read_misses) )) = "$(hj rc.$r cu_fills)" ] && [ "$(hj rc.$r rc_read_misses)" = "$(hj rc.$r rf_reads)" ] &&
    [ $(( $(hj rc.$r rc_writes) + $(hj rc.$r rc_partial_to_mrf) )) = "$(hj bl.$r rf_writes)" ] &&
    ok "rc/$r: hits + misses = operands read, misses = main-RF reads, cache + main-RF result writes = results" || bad "rc/$r accounting"
done
for dr in c rtl; do
  run "cosim rc/small --blocks all (drive $dr)" 0 $G cosim --design rc --preset small --gen seed=2,blocks=3 --blocks all --drive $dr --json $B/hy.co.$dr.json
  [ "$(echo "$out" | grep -cE '^  (rf|ocu|rc) +[0-9]+ instances .* 0 mismatches  PASS$')" = 3 ] && ok "rc/small driven by $dr: rf, ocu and rc compared, 0 mismatches" || bad "rc lockstep table ($dr)" "$out"
done
[ "$(hj co.c cycles)" = "$(hj co.rtl cycles)" ] && ok "rc driven by the RTL blocks runs the C-driven cycle count" || bad "rc --drive rtl cycles differ"
for f in $FAULTS_rc; do
  run "$f caught inside design rc" 1 $G cosim --design rc --preset small --gen seed=2,blocks=3 --blocks rc --variant $f
  echo "$out" | grep -q "^LOCKSTEP MISMATCH at cycle [0-9]* in rc.sc" && ok "$f: mismatch report in rc.sc*" || bad "$f: no mismatch report" "$out"
done
HG="--gen seed=4,blocks=6,loops=4"
{ printf 'rc lines 4\t0\t%s\n' "$G sim --design rc --preset pascal $HG --set rc_lines=4 --json $B/hy.l4.json"
  printf 'rc lines 48\t0\t%s\n' "$G sim --design rc --preset pascal $HG --set rc_lines=48 --json $B/hy.l48.json"
  printf 'rc direct-mapped\t0\t%s\n' "$G sim --design rc --preset pascal $HG --set rc_ways=1 --json $B/hy.w1.json"
  printf 'rc index reg\t0\t%s\n' "$G sim --design rc --preset pascal $HG --set rc_index=reg --json $B/hy.ir.json"
  printf 'rc miss penalty 4\t0\t%s\n' "$G sim --design rc --preset pascal $HG --set rc_miss_penalty=4 --json $B/hy.mp4.json"
  printf 'rc one read port\t0\t%s\n' "$G sim --design rc --preset pascal $HG --set rc_rports=1 --json $B/hy.rp1.json"; } | prun
P=rc.pascal
[ "$(hj l4 rc_read_hits)" -lt "$(hj $P rc_read_hits)" ] && [ "$(hj $P rc_read_hits)" -lt "$(hj l48 rc_read_hits)" ] &&
  ok "rc_lines: 4, 16, 48 lines hit $(hj l4 rc_read_hits) < $(hj $P rc_read_hits) < $(hj l48 rc_read_hits) times" || bad "rc_lines has no effect"
[ "$(hj w1 rc_read_hits)" -lt "$(hj $P rc_read_hits)" ] && ok "rc_ways 1: fewer hits than 2 ways ($(hj w1 rc_read_hits) < $(hj $P rc_read_hits))" || bad "rc_ways has no effect"
[ "$(hj ir rc_read_hits)" != "$(hj $P rc_read_hits)" ] && ok "rc_index reg: another hit count ($(hj ir rc_read_hits), reg_plus_warp $(hj $P rc_read_hits))" || bad "rc_index has no effect"
[ "$(hj mp4 cycles)" -gt "$(hj $P cycles)" ] && [ "$(hj mp4 rc_read_misses)" -gt 0 ] && ok "rc_miss_penalty 4: misses take longer ($(hj mp4 cycles) > $(hj $P cycles) cycles)" || bad "rc_miss_penalty has no effect"
[ "$(hj rp1 cycles)" -gt "$(hj $P cycles)" ] && ok "rc_rports 1: lookups queue ($(hj rp1 cycles) > $(hj $P cycles) cycles)" || bad "rc_rports has no effect"
[ "$(hj $P rc_last_use_sent)" -gt 0 ] && [ "$(hj $P rc_invalidations)" -gt 0 ] && ok "last-use hints sent ($(hj $P rc_last_use_sent)) and lines dropped unwritten ($(hj $P rc_invalidations))" || bad "no last-use invalidation"

echo "== register cache: bad input (exit 2, the field named)"
for kv in rc_lines=15:rc_lines rc_lines=0:rc_lines rc_lines=128:rc_lines rc_ways=0:rc_ways rc_rports=9:rc_rports \
          rc_wports=0:rc_wports rc_index=hash:rc_index rc_partition=fifo:rc_partition rc_partition=per_warp:rc_partition; do
  run "rc: bad ${kv%%:*}" 2 $A sim --design rc --preset small --set ${kv%%:*} --gen seed=1,blocks=1
  echo "$out" | grep -q "field '${kv##*:}'" && ok "rc ${kv%%:*}: the message names ${kv##*:}" || bad "rc ${kv%%:*} message" "$out"
done

echo "== strands and scratchpad allocation (gpurf strands, tests/streams/strands)"
SD=tests/streams/strands
sj() { jq -c "$2" $B/st.$1.json; }
for f in join loop calls gmem barrier fig5c; do
  run "strands $f (sanitized)" 0 $A strands --preset small --trace $SD/$f.txt --insts --alloc --json $B/st.$f.json
done
for f in reduce runs; do
  run "strands $f, one scratchpad register (sanitized)" 0 $A strands --preset small --set rsp_regs=1 --trace $SD/$f.txt --alloc --json $B/st.$f.json
done
reasons() { sj $1 '[.kernels[0].strands[] | .reason]'; }
[ "$(reasons join)" = '["entry","after_barrier","join"]' ] && ok "(1) the block at 0x40, entered from an earlier strand, starts one (join)" || bad "join: $(reasons join)"
[ "$(reasons loop)" = '["entry","backedge_target","after_backward_branch"]' ] &&
  ok "(2)(3) the loop body starts at the back edge's target, the backward branch ends it" || bad "loop: $(reasons loop)"
[ "$(reasons calls)" = '["entry","after_call","join","after_return","after_exit"]' ] &&
  [ "$(sj calls '.kernels[0].strands[3] | [.first_pc, .last_pc]')" = "[80,160]" ] &&
  ok "(4) call and return end strands; the predicated EXIT at 0x70 does not, the unpredicated one at 0xa0 does" || bad "calls: $(reasons calls)"
[ "$(sj gmem '[.kernels[0].strands[] | [.first_pc, .reason]]')" = '[[0,"entry"],[48,"gmem_consumer"],[144,"gmem_consumer"]]' ] &&
  ok "(5) may-analysis: R2's first read (0x30) and R5 loaded on one path (0x90) start strands; R2's second read and R6, overwritten on both paths, do not" ||
  bad "gmem: $(sj gmem '[.kernels[0].strands[] | [.first_pc, .reason]]')"
[ "$(reasons barrier)" = '["entry","after_barrier"]' ] && ok "(6) a barrier ends its strand" || bad "barrier: $(reasons barrier)"
op() { sj $1 ".kernels[0].operands[] | select(.pc == $2) | $3"; }
[ "$(sj reduce '.kernels[0] | [.mapped, .reductions, .regenerated]')" = "[3,2,1]" ] &&
  [ "$(op reduce 32 '.writebacks')" = '[{"reg":1,"slot":0}]' ] && [ "$(op reduce 96 '[.src_rsp[0], .fill[0]]')" = "[0,true]" ] &&
  [ "$(sj reduce '[.kernels[0].allocations[] | select(.slot >= 0) | .how]')" = '["initial","tail_reduced","regenerated"]' ] &&
  ok "reductions: R1's write allocation cut back to 0x20 (live-out, written back) around R2's; its reads at 0x60, 0x70 regenerated as a read allocation" ||
  bad "reduce: $(sj reduce '.kernels[0].allocations')"
[ "$(op runs 0 '[.src_rsp[0], .fill[0]]')" = "[0,true]" ] && [ "$(op runs 16 '.src_rsp[0]')" = 0 ] && [ "$(op runs 32 '.src_rsp')" = "[-1,0]" ] &&
  [ "$(op runs 48 '[.src_rsp[0], .fill[0]]')" = "[0,true]" ] && [ "$(op runs 64 '.src_rsp[0]')" = 0 ] &&
  ok "read runs: runs of 4 and 3 reads overlap R2, two runs of 2 map (0x00-0x10, 0x30-0x40), R1 at 0x20 stays in the backing store" ||
  bad "runs: $(sj runs '.kernels[0].operands')"
[ "$(op fig5c 112 '.src_rsp[0]')" = -1 ] && [ "$(sj fig5c '[.kernels[0].operands[] | select(.pc >= 32 and .pc <= 64) | .src_rsp[0]] | all(. >= 0)')" = true ] &&
  ok "Fig. 5c: R1's reads in the loop come from the scratchpad, the counter R4 read at 0x70 never does" || bad "fig5c: $(sj fig5c '.kernels[0].operands')"
run "strands with energies missing for the scratchpad's size" 2 $G strands --preset small --set rsp_regs=5 --trace $SD/loop.txt
echo "$out" | grep -q "field 'e_rsp_fj': no energies for 5 KB/SM" && ok "the missing capacity is named" || bad "missing-capacity message" "$out"
for t in matrixmul vectoradd; do
  run "strands $t/maxwell (sanitized)" 0 $A strands --preset maxwell --trace $T/$t-sm61/kernelslist.g --alloc --json $B/st.$t.json
  [ "$(sj $t '.kernels[0].mapped')" -gt 0 ] && [ "$(sj $t '[.kernels[0].strands[].instructions] | add')" = "$(sj $t '.kernels[0].instructions')" ] &&
    ok "$t: the strands cover the $(sj $t '.kernels[0].instructions') instructions once, $(sj $t '.kernels[0].mapped') allocations mapped" || bad "$t strands"
done
run "strands on a generated kernel with loops (sanitized)" 0 $A strands --preset maxwell --gen seed=7,blocks=2,loops=6,gmem=30 --alloc
