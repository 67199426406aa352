# Sourced by tests/run.sh (its helpers run/ok/bad/json_num, $A $G $B $T): design malekeh.
# Values never differ from the shadow; RF reads saved equal CCU hits; lockstep of every block
# C- and RTL-driven; each knob changes what it should; faults caught in the SM; bad input.

section "malekeh: caching collector units (value check, reads saved = hits, knobs)"
MG=seed=3,blocks=6,warps=8,regs=24,gmem=20,loops=6
mk() { # NAME ARGS...: a malekeh run into $B/mk.NAME.json
  local n=$1; shift; $G sim --design malekeh --preset small --gen $MG --json $B/mk.$n.json "$@" > /dev/null 2>&1; }
st() { jq ".stats.$2" $B/mk.$1.json; }
run "malekeh small, sanitized" 0 $A sim --design malekeh --preset small --gen $MG --json $B/mk.def.json
$G sim --design baseline --preset small --gen $MG --json $B/mk.base.json > /dev/null 2>&1
[ "$(st def value_errors)" = 0 ] && [ "$(st def operands_checked)" -gt 0 ] && ok "malekeh: $(st def operands_checked) operands checked, none differs" || bad "malekeh value check"
[ "$(( $(st def ccu_hits) + $(st def rf_reads) ))" = "$(st base rf_reads)" ] && [ "$(st def ccu_misses)" = "$(st def rf_reads)" ] &&
  ok "RF reads saved = CCU hits ($(st def ccu_hits)); misses = RF reads ($(st def rf_reads))" || bad "reads saved != hits"
for t in matrixmul vectoradd; do
  run "malekeh $t/pascal, sanitized" 0 $A sim --design malekeh --preset pascal --trace $T/$t-sm61/kernelslist.g --json $B/mk.$t.json
  [ "$(st $t value_errors)" = 0 ] && [ "$(st $t ccu_hits)" -gt 0 ] && ok "malekeh $t/pascal: values exact, $(st $t ccu_hits) hits" || bad "malekeh $t/pascal"
done
for r in static none; do mk $r --set reuse_src=$r; done
[ "$(st none ccu_wr_kept)" = 0 ] && [ "$(st none ccu_alloc_near)" = 0 ] && [ "$(st def ccu_wr_kept)" -gt 0 ] &&
  ok "reuse_src none: every operand far, no result kept, no near CCU (oracle keeps $(st def ccu_wr_kept))" || bad "reuse_src none"
[ "$(st static value_errors)" = 0 ] && [ "$(st static ccu_wr_kept)" -gt 0 ] && [ "$(st static ccu_hits)" != "$(st none ccu_hits)" ] &&
  ok "reuse_src static: hints from the recovered CFG ($(st static ccu_hits) hits, none $(st none ccu_hits))" || bad "reuse_src static"
mk r1 --set rthld=1; mk r100 --set rthld=100
[ "$(st r1 ccu_wr_kept)" -lt "$(st def ccu_wr_kept)" ] && [ "$(st def ccu_wr_kept)" -le "$(st r100 ccu_wr_kept)" ] &&
  ok "rthld 1 / 10 / 100: results kept $(st r1 ccu_wr_kept) < $(st def ccu_wr_kept) <= $(st r100 ccu_wr_kept)" || bad "rthld"
mk b1 --set reuse_bits=1
[ "$(st b1 value_errors)" = 0 ] && [ "$(st b1 ccu_hits)" != "$(st def ccu_hits)" ] &&
  ok "reuse_bits 1 (near bit) vs 3 (small's precise closeness): hits $(st b1 ccu_hits) vs $(st def ccu_hits)" || bad "reuse_bits has no effect"
mk s4 --set ccu_slots=6; mk s16 --set ccu_slots=16
[ "$(st s4 ccu_hits)" -lt "$(st s16 ccu_hits)" ] && ok "ccu_slots 6 -> 16: hits $(st s4 ccu_hits) -> $(st s16 ccu_hits)" || bad "ccu_slots"
fx() { mk $1 --set sthld_mode=fixed --set sthld_init=$2 --set sthld_counter=$3; }
fx f0 0 near; fx f16 16 near; fx f64 64 near; fx g0 0 grant; fx g16 16 grant
SC=$(jq .schedulers presets/small.json)
# the paper's counter: only a near replacement resets it, and it needs counter > STHLD, so
# every near replacement follows exactly STHLD + 1 waits (up to STHLD + 1 more per allocator
# left at the end)
between() { [ "$1" -ge "$2" ] && [ "$1" -le "$3" ]; }
between "$(st f0 stall_sthld)" "$(st f0 ccu_alloc_near)" "$(( $(st f0 ccu_alloc_near) + SC ))" &&
  between "$(st f16 stall_sthld)" "$(( 17 * $(st f16 ccu_alloc_near) ))" "$(( 17 * $(st f16 ccu_alloc_near) + 17 * SC ))" &&
  [ "$(st f64 sthld_final)" = 64 ] && [ "$(st f64 ccu_alloc_near)" -lt "$(st f16 ccu_alloc_near)" ] &&
  ok "sthld_counter near: STHLD 0 / 16 wait 1 / 17 cycles per near replacement ($(st f0 stall_sthld), $(st f16 stall_sthld) for $(st f0 ccu_alloc_near), $(st f16 ccu_alloc_near)); 64 replaces fewer ($(st f64 ccu_alloc_near))" || bad "fixed sthld, near counter"
# every grant resets the counter: STHLD 0 never waits, 16 waits at least 16 per replacement
[ "$(st g0 stall_sthld)" = 0 ] && [ "$(st g16 stall_sthld)" -ge "$(( 16 * $(st g16 ccu_alloc_near) ))" ] &&
  [ "$(st g16 cycles)" != "$(st f16 cycles)" ] &&
  ok "sthld_counter grant: STHLD 0 never waits; 16 waits $(st g16 stall_sthld) for $(st g16 ccu_alloc_near) replacements ($(st g16 cycles) cycles, near counter $(st f16 cycles))" || bad "fixed sthld, grant counter"
[ "$(st def sthld_intervals)" -gt 10 ] && ok "adaptive STHLD: $(st def sthld_intervals) intervals, ends at $(st def sthld_final) in state $(st def sthld_state)" || bad "sthld intervals"
# ccu_pool: one allocator over the SM's CCUs (a CCU serves other sub-cores' warps, reading
# their files), or each sub-core's own; both exact
run "malekeh ccu_pool subcore, sanitized" 0 $A sim --design malekeh --preset small --gen $MG --set ccu_pool=subcore --json $B/mk.psc.json
[ "$(st def ccu_alloc_foreign)" -gt 0 ] && [ "$(st psc ccu_alloc_foreign)" = 0 ] && [ "$(st psc value_errors)" = 0 ] &&
  [ "$(st psc ccu_hits)" != "$(st def ccu_hits)" ] &&
  ok "ccu_pool sm: $(st def ccu_alloc_foreign) CCUs of another sub-core granted, hits $(st def ccu_hits); subcore: none, hits $(st psc ccu_hits)" || bad "ccu_pool"
run "cosim of ccu_pool subcore against the preset's pooled RTL" 2 $G cosim --design malekeh --preset small --gen seed=1 --set ccu_pool=subcore --blocks ccu_alloc
echo "$out" | grep -q "block 'ccu_alloc' built for preset 'small': NumCcus=2 (built: 4)" && ok "ccu_pool subcore: the RTL built for the pool is refused, naming the parameter" || bad "subcore cosim message" "$out"
run "ccu_pool sm beyond the allocator's RTL" 2 $G sim --design malekeh --preset small --gen seed=1 --set collectors=32
echo "$out" | grep -q "field 'ccu_pool'" && ok "32 CCUs in one pool: exit 2 naming ccu_pool" || bad "pool limit message" "$out"
mk p0 --set ccu_priority=0
[ "$(st p0 cycles)" != "$(st def cycles)" ] && ok "ccu_priority 0 keeps the preset's scheduler: $(st p0 cycles) cycles, cache-aware $(st def cycles)" || bad "ccu_priority has no effect"
# two write ports, and the integer unit at interval 1 so that two units finish in one cycle
mk d1 --set wb_ports=2 --set ii_int=1; mk d2 --set wb_ports=2 --set ii_int=1 --set ccu_dports=2
[ "$(st d1 ccu_wr_dropped_port)" -gt 0 ] && [ "$(st d2 ccu_wr_dropped_port)" = 0 ] && [ "$(st d2 value_errors)" = 0 ] &&
  ok "ccu_dports 1 -> 2 (2 write ports): near writes dropped for the port $(st d1 ccu_wr_dropped_port) -> 0" || bad "ccu_dports"
run "--sthld-log" 0 $G sim --design malekeh --preset small --gen $MG --sthld-log $B/mk.log
# one line per interval; its IPC column adds up to the instructions before the last interval's
# end; the last line's state and STHLD are the final ones; one kernel
iv=$(jq .sthld_interval presets/small.json)
logsum=$(awk -v iv=$iv '!/^#/ { s += $2 * iv } END { printf "%.0f", s }' $B/mk.log)
tail1=$(awk '!/^#/ { c = $1 } END { print c }' $B/mk.log)
[ "$(grep -vc '^#' $B/mk.log)" = "$(st def sthld_intervals)" ] && [ "$logsum" -le "$(st def instructions)" ] &&
  [ $(( $(st def instructions) - logsum )) -le $(( ($(st def cycles) - tail1) * $(jq .schedulers presets/small.json) )) ] &&
  [ "$(tail -1 $B/mk.log | cut -d' ' -f3,4)" = "$(st def sthld_state) $(st def sthld_final)" ] &&
  [ "$(grep -v '^#' $B/mk.log | cut -d' ' -f5 | sort -u)" = 1 ] &&
  ok "--sthld-log: one line per interval ($(grep -vc '^#' $B/mk.log)), IPC adds up to $logsum of $(st def instructions) instructions, ends in the final state" ||
  bad "sthld log" "$(head -3 $B/mk.log)"
run "directed near/far stream" 0 $G sim --design malekeh --preset small --trace tests/streams/near_far.txt --json $B/mk.nf.json
[ "$(st nf value_errors)" = 0 ] && [ "$(st nf ccu_wr_invalidated)" -ge 1 ] && [ "$(st nf ccu_hits)" -ge 1 ] &&
  ok "near read hits, far write invalidates the copy, the later read sees the new value" || bad "near/far stream" "$(cat $B/mk.nf.json | jq -c .stats)"

section "malekeh: lockstep of rf, ccu, ccu_alloc, sthld; faults in the SM"
for p in small pascal; do
  run "cosim malekeh/$p --blocks all" 0 $G cosim --design malekeh --preset $p --gen seed=2,blocks=3 --blocks all
  [ "$(echo "$out" | grep -cE '^  (rf_pool|ccu|ccu_alloc|sthld) +[0-9]+ instances .* 0 mismatches  PASS$')" = 4 ] &&
    [ "$(echo "$out" | grep -cE '^  ccu_alloc +1 instances')" = 1 ] &&
    ok "malekeh/$p: rf_pool, ccu, the SM's one ccu_alloc, sthld compared, 0 mismatches" || bad "malekeh/$p lockstep table" "$out"
done
for t in matrixmul vectoradd; do for dr in c rtl; do
  $G cosim --design malekeh --preset pascal --trace $T/$t-sm61/kernelslist.g --blocks all --drive $dr --json $B/mk.cs.$dr.json > /dev/null 2>&1
done
  [ -n "$(json_num $B/mk.cs.c.json cycles)" ] && [ "$(json_num $B/mk.cs.c.json cycles)" = "$(json_num $B/mk.cs.rtl.json cycles)" ] &&
    [ "$(json_num $B/mk.cs.rtl.json mismatches)" = 0 ] &&
    ok "malekeh $t: C- and RTL-driven cosim agree ($(json_num $B/mk.cs.c.json cycles) cycles)" || bad "malekeh $t cosim drive c/rtl"
done
# every fault but the locked victim: under small's precise hints the victim is the farthest
# entry and an instruction's just-locked sources are its most recently used, so the SM seldom
# offers a locked candidate (blocksim and make formal catch that fault)
for f in $(echo $FAULTS_ccu | tr ' ' '\n' | grep -v '^FAULT_CCU_LOCKED_VICTIM$') $FAULTS_ccu_alloc $FAULTS_sthld; do
  run "$f detected in the malekeh design" 1 $G cosim --design malekeh --preset small --gen seed=2,blocks=3 --blocks all --variant $f
  c=$(echo "$out" | sed -n 's/^LOCKSTEP MISMATCH at cycle \([0-9]*\) in \([^ ]*\).*/\1 \2/p')
  [ -n "$c" ] && ok "$f caught at cycle ${c% *} in ${c#* }" || bad "$f: no mismatch report" "$out"
done
run "far write leaving a stale copy (directed stream)" 1 $G cosim --design malekeh --preset small --trace tests/streams/near_far.txt --blocks ccu --variant FAULT_CCU_FAR_STALE
run "--blocks ccu with a design without CCUs" 2 $G cosim --design baseline --preset small --gen seed=1 --blocks ccu
echo "$out" | grep -q "design 'baseline' has no block 'ccu'" && ok "--blocks: the error names the design and the block" || bad "--blocks message" "$out"
for kv in reuse_src=dynamic ccu_priority=2 sthld_counter=always ccu_pool=shared; do
  run "bad $kv" 2 $G sim --design malekeh --preset small --gen seed=1 --set $kv
  echo "$out" | grep -q "field '${kv%=*}'" && ok "bad $kv: names the field" || bad "bad $kv message" "$out"
done

section "malekeh: control fields (gpurf area --design malekeh)"
run "malekeh storage on pascal" 0 $G area --design malekeh --preset pascal
pn() { jq ".$1" presets/pascal.json; }
lg() { local n=$1 b=0; while [ $((1 << b)) -lt "$n" ]; do b=$((b + 1)); done; echo $b; }
n=$(pn collectors); e=$(pn ccu_slots); m=$(pn max_srcs); i=$(lg $e)
ct=$(( n * e * ($(lg $(pn arch_regs)) + 2 + $(pn reuse_bits) + i) )); oct=$(( n * m * i ))
got=$(echo "$out" | sed -n 's/.*cache tables: .* \([0-9][0-9]*\) bits = .*/\1/p'); go=$(echo "$out" | sed -n 's/.*collector tables: .* \([0-9][0-9]*\) bits = .*/\1/p')
[ "$got" = "$ct" ] && [ "$go" = "$oct" ] && [ $(( (ct + oct) * 100 / 1024 )) -ge 95 ] && [ $(( (ct + oct) * 100 / 1024 )) -le 105 ] &&
  ok "Malekeh's cache and collector tables: $ct + $oct bits per SM, within 5 % of the paper's 128 B" || bad "malekeh control fields $got + $go, want $ct + $oct" "$out"
run "malekeh storage with 16 entries" 0 $G area --design malekeh --preset pascal --set ccu_slots=16
g16=$(echo "$out" | sed -n 's/.*cache tables: .* \([0-9][0-9]*\) bits = .*/\1/p')
[ "$g16" = $(( n * 16 * ($(lg $(pn arch_regs)) + 2 + $(pn reuse_bits) + 4) )) ] && ok "ccu_slots 16: cache tables $g16 bits" || bad "ccu_slots 16: $g16" "$out"

section "make experiments-malekeh QUICK=1"
run "experiments-malekeh pipeline (QUICK=1)" 0 make -s BUILD=$B experiments-malekeh QUICK=1 SUITE=tests/suite_test.txt EXP_OUT=$B/exp_m
[ -s $B/exp_m/malekeh.png ] && grep -qE "^\| gq \| turing \| [0-9.]+ %, [0-9.]+ % \| [-+][0-9.]+ % \| [-+][0-9.]+ % \| .* \| 0\.[0-9]+ \| 0\.[0-9]+ \| [-+][0-9.]+ % \|" $B/exp_m/malekeh.md &&
  ok "experiments-malekeh writes the table (IPC, hit ratio, reads saved, energy) and the plot" || bad "experiments-malekeh output" "$out"
h=$(jq '.stats.ccu_hits' $B/exp_m/json_malekeh/gq.turing.mk.json); m=$(jq '.stats.ccu_misses' $B/exp_m/json_malekeh/gq.turing.mk.json)
r0=$(jq '.stats.rf_reads' $B/exp_m/json_malekeh/gq.turing.base.json); r1=$(jq '.stats.rf_reads' $B/exp_m/json_malekeh/gq.turing.mk.json)
[ $((r0 - r1)) = "$h" ] && [ "$r1" = "$m" ] && ok "turing: RF reads saved against the baseline ($((r0 - r1))) = CCU hits" || bad "reads saved $((r0 - r1)) != hits $h"
u=$(jq '.stats | .rf_reads / (.cycles * 16 * 2) - .bank_read_use | fabs < 1e-12' $B/exp_m/json_malekeh/gq.turing.base.json)
[ "$(jq .banks presets/turing.json),$(jq .bank_ports presets/turing.json)" = 16,2 ] && [ "$u" = true ] &&
  ok "bank_read_use = rf_reads / (cycles x 16 banks x 2 ports) ($(jq .stats.bank_read_use $B/exp_m/json_malekeh/gq.turing.base.json))" || bad "bank_read_use"
awk -F'|' '/^\| xbar_span=/ { n++; if ($3 !~ /[0-9]/) bad = 1 } END { exit !(n == 6 && !bad) }' $B/exp_m/malekeh.md &&
  [ "$(grep '^| xbar_span=' $B/exp_m/malekeh.md | awk -F'|' '{ print $3 }' | sort -u | wc -l)" -ge 3 ] &&
  ok "experiments-malekeh: Fig. 8 under the crossbar's span, its accounting and the CCU's data pricing, six readings, four that differ" || bad "malekeh pricing readings" "$(grep '^| xbar_span=' $B/exp_m/malekeh.md)"
e0=$(jq '.energy_pj.banks' $B/exp_m/json_malekeh/gq.turing.base.json); e1=$(jq '.energy_pj.banks' $B/exp_m/json_malekeh/gq.turing.mk.json)
awk -v a=$e0 -v b=$e1 'BEGIN { exit !(b < a) }' && ok "RF bank energy falls with the reads saved ($e0 -> $e1 pJ)" || bad "bank energy $e0 -> $e1"
# the two-kernel list: the log's kernel column runs 1 then 2, and the per-kernel table counts
# every interval once
tl=$B/exp_m/json_malekeh/two.sthld.log
ks=$(grep -v '^#' $tl | cut -d' ' -f5 | uniq | tr '\n' ' ')
tn=$(sed -n '/^| kernel | intervals/,/^$/p' $B/exp_m/malekeh.md | awk -F' [|] ' '$1 ~ /^[|] [12]$/ { s += $2 } END { print s + 0 }')
[ "$ks" = "1 2 " ] && [ "$tn" = "$(grep -vc '^#' $tl)" ] && ok "two-kernel STHLD log: kernel 1 then 2, the table counts its $tn intervals" ||
  bad "two-kernel log: kernels '$ks', table $tn of $(grep -vc '^#' $tl) intervals"

mk full --set ccu_slots=6
[ "$(st full value_errors)" = 0 ] && ok "ccu_slots = max_srcs: values exact ($(st full ccu_wr_dropped_locked) near writes found every entry locked)" || bad "ccu_slots = max_srcs"
