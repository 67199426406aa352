# Quiet edges (harness/blocks.h): a C-only block instance whose inputs find it quiet skips its
# clock edge and keeps its outputs. gpurf blocksim runs a skipping instance beside the C model
# evaluated every cycle on the same random inputs, with runs of idle cycles in between; sim
# --every-cycle turns the skipping off and must not change a result. Sourced by tests/run.sh.
section "quiet edges: skipped, and invisible at every output and in every result"
QUIET_BLOCKS="rf ocu aau wcb rfc"
for b in $QUIET_BLOCKS; do for p in small pascal; do
  run "blocksim $b/$p: skipping and every-cycle C models agree" 0 $G blocksim --block $b --preset $p --cycles 20000 --seed 3
  n=$(echo "$out" | sed -n 's/.* \([0-9]*\) quiet edges skipped, outputs equal$/\1/p')
  [ "${n:-0}" -gt 1000 ] && ok "$b/$p: $n of 20000 edges skipped as quiet" || bad "$b/$p: ${n:-no} quiet edges skipped" "$out"
done; done
# the check can fail: taking every cycle without a strobe for quiet skips edges that move the
# rfc's fill and eviction pipelines
run "a wrong skip (--quiet-fault) is caught" 1 $G blocksim --block rfc --preset small --cycles 20000 --quiet-fault
echo "$out" | grep -qE "^QUIET SKIP MISMATCH at cycle [0-9]+ in rfc: output [a-z_]+\[[0-9]+\]" &&
  ok "quiet-fault: the first differing output named" || bad "quiet-fault: no mismatch report" "$out"
# every design, on a generated kernel and on two real traces over 4 SMs: the same report
mkdir -p $B/quiet
for d in $DESIGNS; do
  for w in "pascal --gen seed=4,blocks=6,warps=8,regs=32,insts=48,loops=6" \
           ${T:+"sm86_rtx3070 --sms 4 --trace $T/vecadd-sm80/kernelslist.g"} \
           ${T:+"sm86_rtx3070 --sms 4 --trace $T/torch-helpers-sm80/kernelslist.g"}; do
    $G sim --design $d $(sch $d) --threads 1 --preset $w --json $B/quiet/q.json > /dev/null 2>&1
    $G sim --design $d $(sch $d) --threads 1 --preset $w --every-cycle --json $B/quiet/e.json > /dev/null 2>&1
    cmp -s <(jq -S 'del(.peak_rss_kb)' $B/quiet/q.json) <(jq -S 'del(.peak_rss_kb)' $B/quiet/e.json) &&
      [ "$(jq .stats.value_errors $B/quiet/q.json)" = 0 ] &&
      ok "$d ($(echo $w | awk '{print $NF}' | sed 's|.*/traces/||; s|/kernelslist.g||')): --every-cycle gives the same report ($(jq .stats.cycles $B/quiet/q.json) cycles)" ||
      bad "$d: skipping quiet edges changes the results ($w)"
  done
done
