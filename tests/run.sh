#!/usr/bin/env bash
# gpurf test suite: unit tests (ASan+UBSan), RTL lint, parser errors, simulation and lockstep
# on generated kernels and real traces, deliberately faulty RTL, trace round trip.
# Ends with "N passed, N failed".
set -u
shopt -s lastpipe  # a loop piped into prun runs in this shell (its counts stay)
B=${BUILD:-build}
G=${G:-$B/gpurf}
A=$B/asan/gpurf
T=${SHARED:-../shared}/traces
. tests/lib.sh
# the register-file cache designs support only the two-level scheduler (their rows are its pool)
two_level_only() { $G designs | awk -v d="$1" '$1 == d && $3 == "schedulers=two_level" { f = 1 } END { exit !f }'; }
sch() { two_level_only "$1" && echo "--set scheduler=two_level"; }
DESIGNS=$($G designs --names)
CACHE_DESIGNS=$(for d in $DESIGNS; do two_level_only $d && echo $d; done)
# the register cache / scratchpad family (Bailey et al.)
HY_FAMILY="rc rsp hybrid hybrid-evict hybrid-lifetime"
# the register-file cache designs of LTRF (their blocks include the rfc)
LTRF_DESIGNS=$($G designs | awk '$2 ~ /[=,]rfc(,|$)/ { print $1 }')
# BLOCKS, RTL_FILES_<b>, RTL_MODULE_<b>, FAULTS_<b> as the Makefile sees them
eval "$($B/gpurf-params --make | grep -E '^[A-Za-z0-9_]+ :=' | sed -E 's/ := ?/="/; s/$/"/')"

# the synthesis estimates (checked at the end) on one core from the start: most sections run
# one simulation at a time
SYNTH_SMALL="$(echo $BLOCKS | tr ' ' '\n' | grep -vxE 'rnt|avail|rf_phys|rf_pool|ocu_phys|rc|rc_pw|ccu_alloc_gr' | tr '\n' ' ')"
# then make formal on that core (its proofs, one at a time, fill the core the sections that
# run one simulation at a time leave idle; the formal section reads their verdicts)
rm -f $B/synth_bg.rc $B/formal_bg.rc
(make -s -j1 BUILD=$B SYNTH_BLOCKS="$SYNTH_SMALL" $B/synth/small.json > $B/synth_bg.log 2>&1; echo $? > $B/synth_bg.rc
 env -u MAKEFLAGS -u MAKELEVEL JOBS=1 make -s BUILD=$B formal > $B/formal_bg.log 2>&1; echo $? > $B/formal_bg.rc) &
SYNTH_PID=$!
# the RTL binaries of the presets the shared traces' Ampere and Hopper kernels pick (make rtl;
# Volta's sm7_qv100 has pascal's parameters, whose models the main binaries carry), on one
# core beside the sections before tests/run_archs.sh
RTL_ARCH_PRESETS="a100 h100"
rm -f $B/rtl_bg.rc
(rc=0; for p in $RTL_ARCH_PRESETS; do env -u MAKEFLAGS -u MAKELEVEL make -s JOBS=1 BUILD=$B rtl PRESET=$p || { rc=1; break; }; done \
  > $B/rtl_bg.log 2>&1; echo $rc > $B/rtl_bg.rc) &
RTL_PID=$!

section "unit tests (C models, sanitizers)"
for t in $B/asan/test_*; do run "unit $(basename $t)" 0 "$t"; done

section "RTL lint (verilator -Wall, iverilog -g2005, yosys) for every preset with RTL models"
RTL_PRESETS=$($G models | awk '$3 == "ok" {print $2}' | sort -u)
{ for p in $RTL_PRESETS; do
    for b in $BLOCKS; do eval m=\$RTL_MODULE_$b files=\"\$RTL_FILES_$b\"
      prm=$($B/gpurf-params --preset $p --block $b --format verilator)
      printf '%s\t0\t%s\n' "verilator lint $b/$p ($files, invariant checks on)" "verilator --lint-only -Wall --top-module $m +define+GPURF_CHECKS $files $prm"
      printf '%s\t0\t%s\n' "iverilog $b/$p" "iverilog -g2005 -DGPURF_CHECKS -s $m -o /dev/null $(echo $prm | sed "s/-G/-P$m./g") $files"
    done
  done
  for m in $(ls rtl/*.v); do m=$(basename $m .v); printf '%s\t0\t%s\n' "yosys read $m" "yosys -q -p 'read_verilog rtl/$m.v; hierarchy -top $m'"; done
} | prun

section "designs as plug-ins"
$G designs > $B/designs.txt
for d in $DESIGNS; do
  got=$(awk -v d=$d '$1 == d { sub("blocks=", "", $2); gsub(",", " ", $2); print $2 }' $B/designs.txt)
  want=$(grep "^DESIGN($d," sim/design/designs.def | sed 's/[^"]*"\([^"]*\)".*/\1/' | tr ' ' ',')
  [ -n "$got" ] && [ "$got" = "$(echo $want | tr , ' ')" ] && ok "gpurf designs: $d composes $got (designs.def)" || bad "gpurf designs: $d blocks '$got', designs.def '$want'"
done
hits=$(grep -nwE "$(echo $DESIGNS | sed 's/+/\\+/g; s/ /|/g')|DESIGN_[A-Z_]+|design_(baseline|ideal|ltrf|ltrf_plus|rfc_demand)" sim/core/*.c sim/core/*.h)
[ -z "$hits" ] && ok "the core (sim/core) names no design and tests no design id" || bad "the core names a design" "$hits"
n=$(grep -c '^DESIGN(' sim/design/designs.def)
[ "$n" = "$(echo $DESIGNS | wc -w)" ] && ok "one registry: designs.def lists the $n designs gpurf knows" || bad "registry and gpurf designs differ"
section "golden statistics (tests/golden: every counter of every design on fixed runs)"
if out=$(BUILD=$B bash tests/golden.sh check $G 2>&1); then ok "golden: $(echo "$out" | grep -c '^ok') runs reproduce every statistic"
else bad "golden statistics differ" "$(echo "$out" | grep -v '^ok')"; fi

. tests/run_sched.sh; . tests/run_input.sh; . tests/run_units.sh; . tests/run_quiet.sh; . tests/run_cli.sh; . tests/run_engine.sh

section "simulation with value check (sanitized C models)"
for p in small pascal; do for d in baseline ideal; do for s in 1 2 3; do
  run "sim $d/$p seed $s" 0 $A sim --design $d --preset $p --gen seed=$s,blocks=4 --json $B/t.json
done; done; done
for p in table2_c1 table2_c6 table2_c7; do
  run "sim baseline/$p (C models; LTRF Table 2 main register file)" 0 $A sim --preset $p --gen seed=2,regs=128,blocks=12 --json $B/$p.json
done
[ "$(json_num $B/table2_c6.json max_resident_warps)" -gt "$(json_num $B/table2_c1.json max_resident_warps)" ] &&
  [ "$(json_num $B/table2_c7.json cycles)" -ge "$(json_num $B/table2_c6.json cycles)" ] &&
  ok "configurations #6/#7: 8x capacity raises occupancy; #7's slower banks take no fewer cycles than #6's" ||
  bad "Table 2 presets: occupancy or latency ordering"
run "sim two-level scheduler" 0 $A sim --preset small --set scheduler=two_level --set active_pool=2 --gen seed=4
run "sim gto dual issue" 0 $A sim --preset small --set scheduler=gto --set issue_width=2 --gen seed=5
iw() { $A sim --preset sm6_titanx --set collectors=32 --set issue_width=$1 --trace $2 --json $B/iw.json >/dev/null 2>&1; json_num $B/iw.json cycles; }
[ "$(iw 2 tests/streams/dual_issue_mixed.txt)" -lt "$(iw 1 tests/streams/dual_issue_mixed.txt)" ] &&
  [ "$(iw 2 tests/streams/dual_issue_alu.txt)" = "$(iw 1 tests/streams/dual_issue_alu.txt)" ] &&
  ok "issue_width 2: a warp dual-issues ALU with SFU, never two ALU instructions" || bad "dual issue units"
run "sim bank_map reg, latency 3" 0 $A sim --preset small --set bank_map=reg --set bank_latency=3 --gen seed=6
run "sim duplicate operands (native)" 0 $A sim --preset small --trace tests/streams/dup_operands.txt --json $B/t.json
[ "$(json_num $B/t.json ocu_dup_reads_saved)" -gt 0 ] 2>/dev/null && ok "duplicate source read once" || bad "dup reads not saved"
$A sim --preset small --gen seed=7 --json $B/a.json >/dev/null 2>&1
$A sim --preset small --set rf_warp_regs=512 --gen seed=7 --json $B/b.json >/dev/null 2>&1
[ "$(json_num $B/b.json max_resident_warps)" -gt "$(json_num $B/a.json max_resident_warps)" ] &&
  ok "larger register file raises occupancy" || bad "occupancy does not follow register file capacity"

section "register-file cache designs ltrf, ltrf+, rfc-demand: nothing lost across deactivation, write-back, refetch"
for p in small pascal; do for s in 1 2; do for d in baseline ltrf ltrf+ rfc-demand; do
  printf '%s\t0\t%s\n' "sim $d/$p seed $s" "$A sim --design $d $(sch $d) --preset $p --gen seed=$s,blocks=4 --json $B/c.$d.$p.$s.json"
done; done; done | prun
for p in small pascal; do for s in 1 2; do
  j=$B/c.ltrf.$p.$s.json; jp=$B/c.ltrf+.$p.$s.json; jr=$B/c.rfc-demand.$p.$s.json
  n=$(json_num $B/c.baseline.$p.$s.json operands_checked)
  [ -n "$n" ] && [ "$n" -gt 0 ] && [ "$(json_num $j operands_checked)" = "$n" ] && [ "$(json_num $jp operands_checked)" = "$n" ] &&
    [ "$(json_num $jr operands_checked)" = "$n" ] && ok "$p seed $s: every design delivered the same $n checked operands" ||
    bad "$p seed $s: operands checked differ between designs"
  [ "$(json_num $j wcb_hits)" = "$(json_num $j wcb_lookups)" ] && [ "$(json_num $j wcb_lookups)" -gt 0 ] &&
    [ "$(json_num $jr wcb_hits)" -lt "$(json_num $jr wcb_lookups)" ] &&
    ok "$p seed $s: prefetching serves every lookup from the cache; the demand-filled cache misses" || bad "$p seed $s: hit rates"
  [ "$(json_num $j deactivations)" -gt 0 ] && [ "$(json_num $j activations)" -gt "$(json_num $j blocks_launched)" ] &&
    [ "$(json_num $j prefetches)" -gt 0 ] && ok "$p seed $s: warps were deactivated, reactivated and switched intervals" ||
    bad "$p seed $s: no deactivation or prefetch exercised"
  [ "$(json_num $jp fetches)" -lt "$(json_num $j fetches)" ] && [ "$(json_num $jp writebacks)" -lt "$(json_num $j writebacks)" ] &&
    ok "$p seed $s: liveness cuts fetches and write-backs (ltrf+ $(json_num $jp fetches)/$(json_num $jp writebacks), ltrf $(json_num $j fetches)/$(json_num $j writebacks))" ||
    bad "$p seed $s: ltrf+ does not move fewer registers than ltrf"
  # where a row's time goes: every row-cycle in one class; prefetching fetches at activations
  # and switches, the demand-filled cache on its misses
  pool=$(jq '.active_pool * .schedulers' presets/$p.json); rows=$(( pool * $(json_num $j cycles) ))
  rsum() { jq '.stats | .row_free + .row_running + .row_fetch_act + .row_fetch_switch + .row_fetch_demand + .row_header + .row_drain' $1; }
  [ "$(rsum $j)" = "$rows" ] && [ "$(rsum $jr)" = "$(( pool * $(json_num $jr cycles) ))" ] &&
    [ "$(json_num $j row_fetch_act)" -gt 0 ] && [ "$(json_num $j row_fetch_switch)" -gt 0 ] && [ "$(json_num $j row_fetch_demand)" = 0 ] &&
    [ "$(json_num $jr row_fetch_demand)" -gt 0 ] && [ "$(json_num $jr row_fetch_switch)" = 0 ] && [ "$(json_num $j row_wait_warps)" -gt 0 ] &&
    ok "$p seed $s: row-cycles ($rows) all classed; ltrf fetches $(json_num $j row_fetch_act) at activations and $(json_num $j row_fetch_switch) at switches, rfc-demand $(json_num $jr row_fetch_demand) on misses" ||
    bad "$p seed $s: row time $(rsum $j) of $rows: $(jq -c '.stats | [.row_fetch_act, .row_fetch_switch, .row_fetch_demand, .row_wait_warps]' $j)"
done; done
for d in $LTRF_DESIGNS; do
  printf '%s\t0\t%s\n' "sim $d/table2_c7 (128 banks, latency 13)" "$A sim --design $d --preset table2_c7 --gen seed=3,blocks=4,regs=64"
  printf '%s\t0\t%s\n' "sim $d/small two active warps, 4 registers per interval" "$A sim --design $d $(sch $d) --preset small --set active_pool=2 --set rfc_banks=6 --set rfc_alloc_ports=6 --set rfc_fill_ports=6 --gen seed=4,blocks=3,regs=12"
done | prun
run "ltrf rejects an instruction wider than the interval" 2 $A sim --design ltrf $(sch ltrf) --preset small --set rfc_banks=2 --set rfc_alloc_ports=2 --set rfc_fill_ports=2 --trace tests/streams/wide_block.txt
echo "$out" | grep -q "names 3 registers, more than the 2" && ok "rejection names the instruction" || bad "wide instruction message" "$out"
run "--latency-x rejects a bad factor" 2 $A sim --preset table2_c1 --latency-x 0 --gen seed=1,blocks=1
. tests/run_latency.sh
run "baseline with a non-power-of-two row count (BL + 16 KB)" 0 $A sim --preset table2_c1 --set rf_warp_regs=2176 --gen seed=1,blocks=4
# the test suite's generic kernel (its renaming and hotspot kernels are the other experiments'
# tests', its real trace the hybrid's, whose scripts run real traces the same way)
grep -E '^gq ' tests/suite_test.txt > $B/suite_ltrf.txt
run "experiments pipeline (QUICK=1, the test suite)" 0 make -s BUILD=$B experiments-ltrf QUICK=1 SUITE=$B/suite_ltrf.txt EXP_OUT=$B/exp_t
[ -s $B/exp_t/ltrf.png ] && grep -qE "^\| gq \| #7 \| [0-9.]+ \| [0-9.]+ \| [0-9.]+ \| [0-9.]+ \| [0-9.]+ \|" $B/exp_t/results.md &&
  ok "experiments write the tables and the plot" || bad "experiments output" "$out"
awk -F'|' '/^\| gq \| #[67] \| ltrf\+? \|/ { s = 0; for (i = 5; i <= 10; i++) { v = $i; sub(/ %/, "", v); s += v } n++
  if (s < 99.5 || s > 100.5) bad++ } END { exit !(n == 4 && !bad) }' $B/exp_t/results.md &&
  ok "experiments: a row's time in six classes summing to 100 % for ltrf and ltrf+ on #6 and #7" || bad "row-time table" "$(grep '^| gq | #' $B/exp_t/results.md)"
awk -F'|' '/^\| #[167] \| [0-9.]+ \| [0-9.]+ \|$/ { n++; if ($4 + 0 <= $3 + 0) bad++ } END { exit !(n == 3 && !bad) }' $B/exp_t/results.md &&
  ok "experiments: Fig. 10's RFC priced as LTRF's banked cache and as one 6R2W array, the array dearer on #1, #6, #7" || bad "RFC pricing table" "$(grep -E '^\| #[167] \| [0-9.]+ \| [0-9.]+ \|$' $B/exp_t/results.md)"
# AccelWattch's crossbar accounting: six rows (two flits x three configurations); a wider flit costs more
awk -F'|' '/^\| accelwattch, (128|256)-bit flit \| #[167] \|/ { n++; for (i = 4; i <= 7; i++) if ($i !~ /[0-9]/) bad++; v[$2 $3] = $4 + 0 }
  END { exit !(n == 6 && !bad && v[" accelwattch, 256-bit flit  #1 "] > 0) }' $B/exp_t/results.md &&
  ok "experiments: Fig. 10 with the crossbar as AccelWattch charges it, at 128- and 256-bit flits on #1, #6, #7" || bad "accelwattch Fig. 10 table" "$(grep '^| accelwattch' $B/exp_t/results.md)"

section "lane-accurate values: a partial-mask write is no kill (tests/streams/diverged_partial_write.txt)"
D=tests/streams/diverged_partial_write.txt
run "ltrf+ with writes under a partial mask taken as kills loses lanes: the value check stops it" 1 $A sim --design ltrf+ $(sch ltrf+) --preset small --trace $D --pass-fault partial_write_kills
echo "$out" | grep -q "warp 0 (slot 0), instruction #10 pc 0x210 IADD ($D:19): operand R5 lane 2 delivered" &&
  ok "the failure names warp, PC, register and lane" || bad "value-check message" "$out"
for d in $DESIGNS; do
  run "cosim $d: the corrected liveness keeps R5 live, every lane delivered" 0 $G cosim --design $d $(sch $d) --preset small --trace $D --json $B/dv.$d.json
  [ "$(json_num $B/dv.$d.json value_errors)" = 0 ] && [ "$(json_num $B/dv.$d.json operands_checked)" = "$(json_num $B/dv.baseline.json operands_checked)" ] &&
    ok "$d: same checked operands as baseline, none differs" || bad "$d: operands differ on the diverged stream"
done

section "main register file bank timing: bank_ports, bank_pipelined"
for lat in 2 6; do
  for pp in "1 1" "1 0" "2 1" "2 0"; do set -- $pp
    $A sim --preset small --set bank_latency=$lat --set bank_ports=$1 --set bank_pipelined=$2 --gen seed=3,blocks=4 --json $B/bt.$lat.$1.$2.json >/dev/null 2>&1 ||
      bad "sim latency $lat ports $1 pipelined $2"
  done
  c() { json_num $B/bt.$lat.$1.$2.json cycles; }; k() { json_num $B/bt.$lat.$1.$2.json bank_conflicts; }
  [ "$(c 1 0)" -gt "$(c 1 1)" ] && [ "$(k 1 0)" -gt "$(k 1 1)" ] &&
    ok "latency $lat: non-pipelined single-ported banks take more cycles ($(c 1 0) > $(c 1 1)) and conflicts" || bad "latency $lat: pipelining changes nothing"
  [ "$(c 2 1)" -le "$(c 1 1)" ] && [ "$(k 2 1)" -lt "$(k 1 1)" ] && [ "$(c 2 0)" -lt "$(c 1 0)" ] &&
    ok "latency $lat: a second bank port cuts conflicts ($(k 2 1) < $(k 1 1)) and cycles" || bad "latency $lat: bank_ports changes nothing"
done
for p in pascal small; do
  prm=$($B/gpurf-params --preset $p --block rf --format verilator)
  run "cosim rf on $p ($(echo $prm | grep -o 'BankPorts=[0-9]*') $(echo $prm | grep -o 'BankPipelined=[0-9]*'))" 0 $G cosim --preset $p --gen seed=2,blocks=3 --blocks rf --json $B/bp.$p.json
  [ "$(jq '.lockstep.rf.mismatches' $B/bp.$p.json)" = 0 ] && [ "$(jq '.lockstep.rf.cycles_compared' $B/bp.$p.json)" -gt 0 ] &&
    ok "$p: rf C model and RTL agree" || bad "$p: rf lockstep"
done
section "register-cache write-back ports into the main register file (rf_cache_wports)"
WK="--preset table2_c7 --set scheduler=two_level --gen seed=2,blocks=4,warps=8,regs=128,insts=200,loops=1,window=8"
for v in 0 16; do for d in baseline ltrf; do
  $G sim --design $d $WK --set rf_cache_wports=$v --json $B/cw.$d.$v.json >/dev/null 2>&1 || bad "sim $d rf_cache_wports=$v"
done; done
cw() { json_num $B/cw.$1.$2.json $3; }
[ "$(cw ltrf 16 cycles)" -lt "$(cw ltrf 0 cycles)" ] && [ "$(cw ltrf 0 writebacks)" -gt 0 ] &&
  ok "ltrf: write-backs landing on the cache's own main-RF write ports, not on free result ports, take fewer cycles ($(cw ltrf 16 cycles) < $(cw ltrf 0 cycles))" || bad "rf_cache_wports changes nothing for ltrf"
[ "$(cw baseline 16 cycles)" = "$(cw baseline 0 cycles)" ] && ok "baseline: no cache, its write ports stay idle (same cycles)" || bad "rf_cache_wports changes the baseline"
run "cosim refuses an override of a parameter the RTL was built with" 2 $G cosim --preset small --set bank_ports=2 --gen seed=1 --blocks rf
echo "$out" | grep -q "BankPorts" && ok "the refusal names the RTL parameter" || bad "override refusal message" "$out"

section "memory hierarchy (sim/mem): coalescing, L1/MSHRs/L2/DRAM, address patterns, deactivation rule"
for a in stream tile random; do $A sim --preset small --gen seed=1,blocks=4,addr=$a,tile=4 --json $B/mem.$a.json >/dev/null 2>&1 || bad "sim addr=$a"; done
h() { jq ".stats.l1_hits / (.stats.l1_hits + .stats.l1_misses) * 100 | floor" $B/mem.$1.json; }
[ "$(h stream)" -le 5 ] && [ "$(h tile)" -ge 90 ] && [ "$(h random)" -le 5 ] &&
  ok "L1 hit rate follows the address pattern: stream $(h stream)%, tile $(h tile)%, random $(h random)%" || bad "L1 hit rates $(h stream) $(h tile) $(h random)"
[ "$(json_num $B/mem.random.json dram_accesses)" -gt "$((10 * $(json_num $B/mem.stream.json dram_accesses)))" ] &&
  [ "$(json_num $B/mem.random.json mshr_stalls)" -gt "$(json_num $B/mem.stream.json mshr_stalls)" ] &&
  ok "uncoalesced random lanes: one request per lane, more DRAM traffic and MSHR stalls" || bad "coalescing"
$A sim --preset small --gen seed=1,blocks=4,addr=tile,tile=4 --set l1_gmem_bypass=1 --json $B/mem.byp.json >/dev/null 2>&1
[ "$(json_num $B/mem.byp.json l1_hits)" = 0 ] && [ "$(json_num $B/mem.byp.json l1_bypassed)" -gt 0 ] &&
  [ "$(json_num $B/mem.byp.json cycles)" -gt "$(json_num $B/mem.tile.json cycles)" ] &&
  ok "l1_gmem_bypass: global loads skip the L1 and take longer" || bad "bypass switch"
$A sim --preset small --gen seed=1,blocks=4,addr=tile,tile=4 --set l1_mshrs=1 --json $B/mem.m1.json >/dev/null 2>&1
[ "$(json_num $B/mem.m1.json mshr_stalls)" -gt "$(json_num $B/mem.tile.json mshr_stalls)" ] && ok "fewer MSHRs, more MSHR stalls" || bad "l1_mshrs"
$A sim --preset small --gen seed=1,blocks=4 --set dram_bw=1 --json $B/mem.bw.json >/dev/null 2>&1
[ "$(json_num $B/mem.bw.json load_latency_total)" -gt "$(json_num $B/mem.stream.json load_latency_total)" ] && ok "lower DRAM bandwidth, longer loads" || bad "dram_bw"
for d in ltrf ltrf+; do
  $A sim --design $d --preset table2_c7 --gen seed=1,blocks=4,regs=32,addr=tile,tile=4 --json $B/dr.l1.json >/dev/null 2>&1
  $A sim --design $d --preset table2_c7 --gen seed=1,blocks=4,regs=32,addr=tile,tile=4 --set deact_rule=any_global --json $B/dr.any.json >/dev/null 2>&1
  [ "$(json_num $B/dr.any.json deactivations)" -gt "$(json_num $B/dr.l1.json deactivations)" ] &&
    ok "$d: deactivating on any global load deactivates more than on L1 misses ($(json_num $B/dr.any.json deactivations) > $(json_num $B/dr.l1.json deactivations))" || bad "$d: deact_rule"
  [ "$(json_num $B/dr.any.json prefetch_pending)" -gt 0 ] && [ "$(json_num $B/dr.any.json act_prefetches)" -gt 0 ] &&
    ok "$d: interval switches start with results pending ($(json_num $B/dr.any.json prefetch_pending)), reactivations at a header fetch the new interval ($(json_num $B/dr.any.json act_prefetches))" ||
    bad "$d: switch with pending results / activation prefetch"
done
mj() { $A sim --preset small --gen seed=1,blocks=4 --set dram_channels=2 --set dram_banks=4 "$@" --json $B/mem.x.json >/dev/null 2>&1; jq -r "$J" $B/mem.x.json; }
J='.stats.load_latency_total'
[ "$(mj --set icnt_latency=10)" -gt "$(mj)" ] && ok "icnt_latency: crossing the interconnect lengthens loads" || bad "icnt_latency"
[ "$(mj --set dram_tcl_ps=50000)" -gt "$(mj)" ] && [ "$(mj --set dram_trcd_ps=50000)" -gt "$(mj)" ] &&
  [ "$(mj --set dram_trcd_ps=50000 --set dram_trp_ps=50000)" -gt "$(mj --set dram_trcd_ps=50000)" ] &&
  ok "DRAM tCL, tRCD and tRP each lengthen loads" || bad "DRAM timings"
# one bank: a 1 MB row holds every 256-byte row, so it misses no more often, and less here
J='.stats.dram_row_misses'; rm_small=$(mj --set dram_channels=1 --set dram_banks=1 --set dram_row_bytes=256)
rm_big=$(mj --set dram_channels=1 --set dram_banks=1 --set dram_row_bytes=1048576)
J='.stats.dram_accesses'; acc=$(mj)
[ "$rm_big" -lt "$rm_small" ] && [ "$rm_small" -lt "$acc" ] && [ "$rm_big" -gt 0 ] &&
  ok "one DRAM bank: 1 MB rows miss less than 256-byte rows, and open rows hit ($rm_big < $rm_small < $acc reads)" || bad "dram_row_bytes: $rm_big $rm_small $acc"
J='.stats.cycles'
[ "$(mj --set clock_mhz=3000 --set dram_trcd_ps=20000)" -gt "$(mj --set dram_trcd_ps=20000)" ] &&
  ok "clock_mhz: the same DRAM nanoseconds are more core cycles at a faster clock" || bad "clock_mhz"
for kv in "l1_size=5000:l1_size" "l1_mshrs=0:l1_mshrs" "l1_sector=256:l1_sector" "l2_size=70000:l2_size" "deact_rule=never:deact_rule" "dram_interleave=300:dram_interleave" "dram_row_bytes=1000:dram_row_bytes" "clock_mhz=0:clock_mhz"; do
  run "bad memory parameter ${kv%%:*}" 2 $A sim --preset small --set ${kv%%:*} --gen seed=1
  echo "$out" | grep -q "field '${kv##*:}'" && ok "the error names field ${kv##*:}" || bad "message for ${kv%%:*}" "$out"
done
run "generator window larger than the registers" 2 $A sim --preset small --gen regs=8,window=9
echo "$out" | grep -q "field 'window'" && ok "window error names the field" || bad "window message" "$out"
for d in baseline ideal ltrf ltrf+ rfc-demand; do
  run "cosim $d on a diverging kernel (idiv=50): every lane checked" 0 $G cosim --design $d $(sch $d) --preset small --gen seed=5,blocks=3,idiv=50,addr=tile --json $B/idv.$d.json
done
# partial writes pending across interval switches, deactivations and demand fills (seeds that
# once lost lanes: a result landing beside a fill or after a write-back)
for d in ltrf ltrf+ rfc-demand; do
  for sd in 2 5 8; do
    run "$d on table2_c7, diverging kernel seed $sd: values checked" 0 $A sim --design $d --preset table2_c7 --gen seed=$sd,blocks=3,idiv=50
  done
done
[ "$(json_num $B/idv.ltrf+.json operands_checked)" = "$(json_num $B/idv.baseline.json operands_checked)" ] && ok "diverging kernel: ltrf+ checked the baseline's operands" || bad "idiv operands differ"
$A intervals --preset pascal --gen seed=1,regs=64,insts=96,window=12 > $B/win.txt 2>&1; $A intervals --preset pascal --gen seed=1,regs=64,insts=96 > $B/nowin.txt 2>&1
rl() { sed -n 's/.*real avg \([0-9.]*\).*/\1/p' $1; }
[ -n "$(rl $B/win.txt)" ] && [ "$(echo "$(rl $B/win.txt) > 1.5 * $(rl $B/nowin.txt)" | bc)" = 1 ] &&
  ok "window=12: register-intervals grow ($(rl $B/win.txt) against $(rl $B/nowin.txt) dynamic instructions)" || bad "window knob" "$(cat $B/win.txt | head -3)"

section "generator round trip through Accel-Sim traces"
run "gen writes traces" 0 $G gen seed=9,blocks=3,idiv=40,addr=tile --out $B/gen9
$G sim --preset small --gen seed=9,blocks=3,idiv=40,addr=tile --json $B/a.json >/dev/null 2>&1
$G sim --preset small --trace $B/gen9/kernelslist.g --json $B/b.json >/dev/null 2>&1
[ -n "$(json_num $B/a.json cycles)" ] && [ "$(json_num $B/a.json cycles)" = "$(json_num $B/b.json cycles)" ] &&
  ok "trace of generated kernel runs in the same cycles" || bad "round trip cycles differ"
run "cfg print" 0 $G cfg --gen seed=9 --insts
echo "$out" | grep -q "basic blocks" && ok "cfg lists basic blocks" || bad "cfg output" "$out"

section "compiler passes: liveness, register-intervals (Algorithms 1 and 2), Table 4 metric"
run "intervals: Fig. 6 nested loops" 0 $A intervals --preset small --trace tests/streams/fig6_nested.txt --insts
echo "$out" | grep -q "2 after pass 1 (0 blocks cut), 1 after pass 2 (1 merging rounds)" &&
  ok "Fig. 6: pass 1 leaves the inner loop separate, pass 2 merges the outer loop into one interval" ||
  bad "Fig. 6 intervals" "$out"
echo "$out" | grep -q "0060   RI0 STG.E              R2(dead) R3(dead) R4(dead)" &&
  echo "$out" | grep -q "0020   RI0 FFMA               R1 R2$" &&
  ok "dead-operand bits: last uses dead, loop-carried uses live" || bad "dead bits" "$out"
run "intervals: calls" 0 $A intervals --preset small --trace tests/streams/calls.txt
echo "$out" | grep -q "4 after pass 1 (0 blocks cut), 4 after pass 2" &&
  echo "$out" | grep -q "RI1  PREFETCH at pc 0x0100" &&
  ok "each call and return site starts its own interval" || bad "call intervals" "$out"
run "intervals: irreducible-looking loop" 0 $A intervals --preset small --trace tests/streams/irreducible.txt
echo "$out" | grep -q "PREFETCH at pc 0x0020" && echo "$out" | grep -q "PREFETCH at pc 0x0040" &&
  ok "a two-entry loop keeps both entries as interval headers" || bad "irreducible intervals" "$out"
run "intervals: block wider than N" 0 $A intervals --preset small --trace tests/streams/wide_block.txt
echo "$out" | grep -q "(2 blocks cut)" && ! echo "$out" | grep -qE "PREFETCH at pc 0x[0-9a-f]+  ([9]|[1-9][0-9]+) registers" &&
  ok "Algorithm 1 cuts a basic block whose registers exceed N" || bad "block cut" "$out"
run "intervals: instruction wider than N is rejected" 2 $A intervals --preset small --set rfc_banks=2 --trace tests/streams/wide_block.txt
echo "$out" | grep -q "names 3 registers, more than the 2" && ok "rejection names pc and counts" || bad "wide instruction message" "$out"
for g in seed=3 seed=4,loops=20,div=40; do
  run "intervals: generated $g" 0 $A intervals --preset pascal --gen $g
  n=$(echo "$out" | sed -n 's/.*PREFETCH at pc 0x[0-9a-f]*  \([0-9]*\) registers.*/\1/p' | sort -n | tail -1)
  [ -n "$n" ] && [ "$n" -le 16 ] && ok "every interval of $g holds at most 16 registers ($n)" || bad "interval size $n"
done
# calibration (README): the baseline's cycles on one SM of the Accel-Sim-modelled presets within 15 % of
# Accel-Sim's, as ../shared/reference/accelsim.md lists them (the 1-SM row where there is one;
# the first row of a trace name that starts the table's cell, e.g. "bfs-sm80 (15 launches)")
REF=${SHARED:-../shared}/reference/accelsim.md
if [ -d "$T" ] && [ -f "$REF" ]; then
  for pk in sm6_titanx:SM6_TITANX:matrixmul-sm61 sm6_titanx:SM6_TITANX:vectoradd-sm61 \
            sm7_qv100:SM7_QV100:matrixmul-sm61 sm7_qv100:SM7_QV100:opacus-reduce-sm70 \
            sm86_rtx3070:SM86_RTX3070:vecadd-sm80 sm86_rtx3070:SM86_RTX3070:bfs-sm80 \
            sm86_rtx3070:SM86_RTX3070:flashinfer-decode-sm80 sm86_rtx3070:SM86_RTX3070:torch-helpers-sm80; do
    IFS=: read -r p cfgname k <<< "$pk"
    ref=$(awk -F'|' -v k="$k" -v c="$cfgname" '{for(i=2;i<=NF;i++) gsub(/^ +| +$/,"",$i)}
      ($2==k || index($2, k " (")==1) && index($3,c)==1 {n=$5; gsub(",","",n); if ($4=="1" || (!first && n ~ /^[0-9]+$/)) first=n}
      END{print first}' "$REF")
    X=$A; [ "$(for f in $T/$k/*.traceg*; do xzcat -f $f; done | wc -c)" -gt 2000000 ] && X=$G
    $X sim --preset $p --sms 1 --trace $T/$k/kernelslist.g --json $B/cal.json >/dev/null 2>&1 || bad "calibration run $p $k"
    got=$(json_num $B/cal.json cycles)
    within=0; [ -n "$ref" ] && [ -n "$got" ] && [ $((100 * got)) -le $((115 * ref)) ] && [ $((100 * got)) -ge $((85 * ref)) ] && within=1
    [ $within = 1 ] && ok "calibration: $k on $p takes $got cycles, Accel-Sim $ref (within 15 %)" ||
      bad "calibration $k on $p: $got vs $ref"
  done
fi
section "memory path settings: l1_sector_issue, l1_lookup_first (tests/streams/mem_two_loads.txt)"
# one SM with a DRAM of 32 bytes a cycle: the transfers set the pace, as the rule below assumes
for v in 00 01 10; do $A sim --preset sm86_rtx3070 --sms 1 --set dram_bw=32 --set l1_lookup_first=${v:0:1} --set l1_sector_issue=${v:1:1} \
  --trace tests/streams/mem_two_loads.txt --json $B/ml$v.json > /dev/null 2>&1; done
l00=$(json_num $B/ml00.json load_latency_total); l01=$(json_num $B/ml01.json load_latency_total); l10=$(json_num $B/ml10.json load_latency_total)
lat=$(jq .l1_latency presets/sm86_rtx3070.json)
# the first load's 4 sectors leave one per cycle: its data 3 cycles later, and the second load's
# lines start 3 cycles later (8 lines of 1 sector: no wait of their own)
[ $((l01 - l00)) = 6 ] && ok "l1_sector_issue 1: the 4-sector line's last sector leaves 3 cycles after the first (load latency total $l00 -> $l01)" || bad "l1_sector_issue: $l00 -> $l01, want +6"
[ $((l10 - l00)) = $((2 * lat)) ] && ok "l1_lookup_first 1: each of the 2 misses passes the L1's $lat cycles first ($l00 -> $l10)" || bad "l1_lookup_first: $l00 -> $l10, want +$((2 * lat))"
if [ -d "$T" ]; then for k in vectoradd-sm61 matrixmul-sm61; do
  run "intervals: $k" 0 $A intervals --preset pascal --trace $T/$k/kernelslist.g
  echo "$out" | grep -q "Table 4 metric): real avg" && ok "$k: real and optimal interval lengths" || bad "$k lengths" "$out"
done; fi

section "reuse distances (Malekeh Secs. 3, 4, 8): gpurf reuse, static and oracle"
for t in 1 2; do
  run "reuse on tests/streams/reuse.txt, rthld $t" 0 $A reuse --preset small --set rthld=$t --trace tests/streams/reuse.txt --json $B/reuse$t.json
done
got=$(jq -c '[.kernels[0].sources.operands, .kernels[0].sources.near_oracle, .kernels[0].sources.near_static, .kernels[0].destinations.operands, .kernels[0].destinations.near_oracle, .kernels[0].sources.oracle_histogram]' $B/reuse1.json)
[ "$got" = "[7,1,1,6,3,[1,1,0,0,0,0,0,5]]" ] && ok "hand-counted distances at rthld 1: 1 of 7 sources and 3 of 6 destinations near" || bad "reuse rthld 1: $got"
got=$(jq -c '[.kernels[0].sources.near_oracle, .kernels[0].destinations.near_oracle]' $B/reuse2.json)
[ "$got" = "[2,5]" ] && ok "rthld 2: 2 sources and 5 destinations near" || bad "reuse rthld 2: $got"
prev=-1; mono=1
for t in 1 10 100; do
  $A reuse --preset small --set rthld=$t --gen seed=3,blocks=2,warps=2 --json $B/reuse_g$t.json > /dev/null 2>&1
  n=$(jq '.kernels[0].sources.near_oracle' $B/reuse_g$t.json); [ "$n" -gt "$prev" ] || mono=0; prev=$n
done
[ $mono = 1 ] && ok "a larger rthld marks more operands near (rthld 1, 10, 100)" || bad "rthld does not change the near count"
read -r ns no ag ops <<< "$(jq -r '.kernels[0].sources | "\(.near_static) \(.near_oracle) \(.agree) \(.operands)"' $B/reuse_g10.json)"
[ "$ns" -ge "$no" ] && [ $((ag * 10)) -ge $((ops * 9)) ] &&
  ok "static hints never farther than the oracle's ($ns >= $no near) and agree on $ag of $ops sources" || bad "static vs oracle: $ns $no $ag $ops"
if [ -d "$T" ]; then
  $A reuse --preset pascal --trace $T/matrixmul-sm61/kernelslist.g --json $B/reuse_mm.json > /dev/null 2>&1
  read -r ag ops <<< "$(jq -r '.kernels[0].sources | "\(.agree) \(.operands)"' $B/reuse_mm.json)"
  [ "$ag" = "$ops" ] && ok "matrixmul: static and oracle hints agree on all $ops sources" || bad "matrixmul agreement $ag of $ops"
fi
run "reuse: malformed stream" 2 $A reuse --preset small --trace tests/streams/bad_register.traceg
echo "$out" | grep -q "bad_register.traceg:[0-9]*: field '" && ok "reuse: bad stream names file:line:field" || bad "reuse bad stream message" "$out"
run "reuse: rthld 0" 2 $A reuse --preset small --set rthld=0 --gen seed=1
echo "$out" | grep -q "field 'rthld'" && ok "rthld 0 names the field" || bad "rthld message" "$out"

section "lockstep C vs RTL"
for s in 1 2 3; do run "cosim small seed $s" 0 $G cosim --preset small --gen seed=$s --json $B/t.json
  [ "$(json_num $B/t.json mismatches)" = 0 ] && ok "json lockstep mismatches 0" || bad "json lockstep"; done
run "cosim pascal seed 1" 0 $G cosim --preset pascal --gen seed=1,blocks=2
run "cosim ideal (ocu only)" 0 $G cosim --design ideal --preset small --gen seed=2
run "cosim bank latency 2 preset" 0 $G cosim --preset small --gen seed=3,warps=8
$G cosim --preset small --gen seed=11 --drive c --json $B/a.json >/dev/null 2>&1
$G cosim --preset small --gen seed=11 --drive rtl --json $B/b.json >/dev/null 2>&1
[ -n "$(json_num $B/a.json cycles)" ] && [ "$(json_num $B/a.json cycles)" = "$(json_num $B/b.json cycles)" ] &&
  ok "--drive rtl gives the C-driven cycle count" || bad "--drive rtl cycles differ"

# pascal on a shorter kernel (its fill crossbar's 128 ports of 1,024 bits take 2.5 ms of
# RTL a cycle): still dozens of deactivations, prefetches and a thousand write-backs
for d in $LTRF_DESIGNS; do for p in small pascal; do
  spec=seed=2,blocks=3; [ $p = pascal ] && spec=seed=2,blocks=2,insts=40,loops=2
  printf '%s\t0\t%s\n' "cosim $d/$p: wcb, aau, aau_off, rfc, rf_fill, ocu against RTL" "$G cosim --design $d $(sch $d) --preset $p --gen $spec --blocks all --json $B/lk.$d.$p.json"
done; done | prun
for d in $LTRF_DESIGNS; do for p in small pascal; do f=$B/lk.$d.$p.json
  jq -e '(.lockstep | keys) == ["aau","aau_off","ocu","rf_fill","rfc","wcb"] and all(.lockstep[]; .mismatches == 0 and .cycles_compared > 0)
    and .stats.deactivations > 0' $f > /dev/null 2>&1 &&
    ok "$d/$p: all six blocks compared, 0 mismatches, $(jq .stats.deactivations $f) deactivations" || bad "$d/$p lockstep" "$(jq -c '[.lockstep, .stats.deactivations]' $f 2>&1)"
done; done
$G cosim --design ltrf+ $(sch ltrf+) --preset small --gen seed=5,blocks=3 --blocks all --drive c --json $B/a.json >/dev/null 2>&1
$G cosim --design ltrf+ $(sch ltrf+) --preset small --gen seed=5,blocks=3 --blocks all --drive rtl --json $B/b.json >/dev/null 2>&1
[ -n "$(json_num $B/a.json cycles)" ] && [ "$(json_num $B/a.json cycles)" = "$(json_num $B/b.json cycles)" ] &&
  ok "ltrf+ driven by the RTL blocks runs the C-driven cycle count" || bad "ltrf+ --drive rtl cycles differ"
for f in FAULT_WCB_DEACT_KEEPS_VALID FAULT_AAU_SAME_CYCLE FAULT_AAU_RELALL_KEEPS_OCC FAULT_AAU_ALLOC_ONE FAULT_AAU_HEADS_SAME FAULT_RFC_XBAR_OVERLAP FAULT_RFC_FILL_NO_PRIORITY; do
  run "$f detected in the ltrf+ design" 1 $G cosim --design ltrf+ $(sch ltrf+) --preset small --gen seed=2,blocks=3 --blocks all --variant $f
  echo "$out" | grep -q "^LOCKSTEP MISMATCH at cycle [0-9]* in " && ok "$f: mismatch report" || bad "$f: no mismatch report" "$out"
done

. tests/run_traces.sh
. tests/run_lanes.sh
. tests/run_wide.sh
. tests/run_its.sh
. tests/run_fill.sh
. tests/run_malekeh.sh
. tests/run_rename.sh
. tests/run_hybrid.sh
. tests/run_report.sh
. tests/run_energy.sh
. tests/run_agg.sh
. tests/run_gpu.sh
. tests/run_archs.sh

section "make formal: every property of formal/blocks.txt proved by k-induction, every listed faulty variant failing"
wait $SYNTH_PID
run "make formal (started with the tests)" 0 bash -c "cat $B/formal_bg.log; exit \$(cat $B/formal_bg.rc)"
nl=$(grep -vcE '^(#|$)' formal/blocks.txt); nf=$(grep -vE '^(#|$)' formal/blocks.txt | cut -d'|' -f4 | wc -w)
[ "$(echo "$out" | grep -cE "^formal: [a-z_]+ \(.*\) proved by [0-9]+-induction")" = "$nl" ] && ok "formal: all $nl proofs ($(grep -vE '^(#|$)' formal/blocks.txt | cut -d'|' -f1 | tr -d ' ' | sort -u | tr '\n' ' '))" || bad "formal proofs" "$out"
[ "$(echo "$out" | grep -c "fails as it must: a counterexample in cycle [0-9]")" = "$nf" ] && ! echo "$out" | grep -q "^formal: FAIL" &&
  ok "formal: each of the $nf listed faulty variants fails its proof" || bad "formal faults" "$out"
missing=""
for b in $($B/gpurf-params --list); do
  grep -vE '^(#|$)' formal/blocks.txt | cut -d'|' -f1 | tr -d ' ' | grep -qx "$b" || missing="$missing $b"
  grep -vE '^(#|$)' formal/blocks.txt | awk -F'|' -v b="$b" '{gsub(/ /, "", $1)} $1 == b && $4 ~ /FAULT/' | grep -q . ||
    missing="$missing $b(no fault)"
done
[ -z "$missing" ] && ok "formal: every block has a proof line and a faulty variant failing it" || bad "formal: blocks without a proof" "$missing"
run "faults: every faulty variant caught by lockstep or a proof" 0 env BUILD=$B G=$G bash scripts/faults.sh
nv=$(($(wc -l < $B/faults.md) - 2))
nb=$($G models | awk '$2 == "small" && $3 ~ /^FAULT_/' | wc -l)
np=$(grep -vE '^(#|$)' formal/blocks.txt | cut -d'|' -f4 | tr ' ' '\n' | grep '^FORMAL_FAULT_' | sort -u | wc -l)
[ "$nv" = $((nb + np)) ] && ok "faults: the table lists all $nv variants ($nb built, $np proof-only)" || bad "faults table" "$nv rows, $nb + $np variants"
[ "$(grep -oE '^\| [a-z_]+ \| (FORMAL_)?FAULT_[A-Z0-9_]+' README.md | sort)" = "$(grep -oE '^\| [a-z_]+ \| (FORMAL_)?FAULT_[A-Z0-9_]+' $B/faults.md | sort)" ] &&
  ok "faults: README's table names the same variants as make faults" || bad "README fault table differs from make faults"
# a fault with no counterexample from reset within the depth is reported: sthld's steady state
# is first reached in cycle 19 of the proof's parameters
grep '^sthld' formal/blocks.txt | sed 's/| [0-9]* |[^|]*$/| 4 | FAULT_STHLD_STUCK_STEADY/' > $B/formal_short.txt
run "formal: a fault without a counterexample within the depth" 1 bash formal/run.sh $B $B/formal_short.txt
echo "$out" | grep -q "FAIL sthld FAULT_STHLD_STUCK_STEADY has no counterexample within 4 cycles" &&
  ok "formal: a fault with no counterexample within the depth is reported, not counted as failing" || bad "formal short depth" "$out"

section "block-level random lockstep (gpurf blocksim: every input field random each cycle)"
MODELS=$($G models)
for p in small pascal; do for b in $BLOCKS; do for sd in 1 2; do
  # a block built for the small preset only (Makefile SMALL_ONLY_BLOCKS) has no pascal model
  [ -n "$(echo "$MODELS" | awk -v b=$b -v p=$p '$1 == b && $2 == p && $3 == "ok"')" ] || continue
  printf '%s\t0\t%s\n' "blocksim $b/$p seed $sd" "$G blocksim --block $b --preset $p --cycles 20000 --seed $sd"
done; done; done | prun
run "blocksim rejects an unknown bias input" 2 $G blocksim --block aau --preset small --bias nope=0.1

section "faulty RTL is caught"
for f in $FAULTS_rf $FAULTS_ocu; do
  spec=seed=1; [ $f = FAULT_OCU_DUP_UNFILLED ] && spec=""
  if [ -n "$spec" ]; then run "$f detected" 1 $G cosim --preset small --gen $spec --variant $f --waves $B/w
  else run "$f detected" 1 $G cosim --preset small --trace tests/streams/dup_operands.txt --variant $f; fi
  c=$(echo "$out" | sed -n 's/^LOCKSTEP MISMATCH at cycle \([0-9]*\) in \([^ ]*\).*/\1 \2/p')
  [ -n "$c" ] && ok "$f caught at cycle ${c% *} in ${c#* }" || bad "$f: no mismatch report" "$out"
  echo "$out" | grep -q "gtkwave .*mismatch_.*\.fst .*mismatch_.*\.gtkw" && ok "$f wave window written" || bad "$f: no wave window" "$out"
done

section "faulty block RTL is caught by random lockstep"
nfaults=0
for b in $BLOCKS; do eval fl=\"\$FAULTS_$b\"; for f in $fl; do nfaults=$((nfaults+1))
  [ -n "$($G models | awk -v b=$b -v f=$f '$1 == b && $3 == f')" ] || bad "$f of rtl/ is not built into gpurf"
  run "$f detected by blocksim" 1 $G blocksim --block $b --preset small --variant $f --cycles 20000
  c=$(echo "$out" | sed -n 's/^LOCKSTEP MISMATCH at cycle \([0-9]*\) .*/\1/p')
  [ -n "$c" ] && ok "$f caught at cycle $c (blocksim seed 1)" || bad "$f: no mismatch report" "$out"
done; done
nmod=$(for b in $BLOCKS; do eval echo \$RTL_MODULE_$b; done | sort -u | wc -l)
[ $nfaults -ge $((3 * nmod - 3)) ] && ok "$nfaults fault variants from the rtl/ ifdefs of $nmod modules" || bad "only $nfaults fault variants"

section "RTL invariant checks (GPURF_CHECKS, on in the test builds) stop a faulty simulation"
for v in CHECKS_FAULT_RFC_FILL_NO_PRIORITY:rfc CHECKS_FAULT_AAU_REL_UNCHECKED:aau CHECKS_FAULT_WCB_DEACT_KEEPS_VALID:wcb; do b=${v#*:}; v=${v%:*}
  run "$v stops the run" 1 $G blocksim --block $b --preset small --variant $v --cycles 20000
  echo "$out" | grep -q "^GPURF CHECK FAILED $b: " && ok "$v: the $b invariant names what broke" || bad "$v: no invariant message" "$out"
done

section "waves: dumps with views fitted to them, opened by GTKWave (xvfb)"
# view_ok NAME FST: every signal of the fitted view resolves in GTKWave (a row per signal, a
# per-entry row per bit it gathers), every row under a name no other row has and without a dot
# (GTKWave shows a name's last dot-separated part), the dump's time in cycles (100 ps units, a
# cycle 1 ns), group titles of at most 40 characters (a longer one widens the names' pane)
view_ok() { local v=${2%.fst}.gtkw want got names dup ts
  want=$(grep -E '^[+#]\{' "$v" 2>/dev/null | grep -o 'TOP\.' | wc -l)
  got=$(timeout 120 xvfb-run -a gtkwave -S tests/gtkwave_signals.tcl "$2" "$v" 2>/dev/null | sed -n 's/^DISPLAYED: //p')
  names=$(grep -oE '^[+#]\{[^}]*\}' "$v")
  dup=$(echo "$names" | sort | uniq -d | head -3 | tr '\n' ' ')$(echo "$names" | grep -F . | head -1)
  ts=$(fst2vcd "$2" 2>/dev/null | sed -n '/^\$timescale/,/\$end/p' | tr -d ' \n\t')
  title=$(awk '/^-/ && length($0) > m { m = length($0) } END { print m - 1 }' "$v")
  [ "${want:-0}" -gt 0 ] && [ "$got" = "$want" ] && [ -z "$dup" ] && [ "$ts" = '$timescale100ps$end' ] && [ "$title" -le 40 ] &&
    ok "$1: gtkwave shows all $want signals and bits, each row named once, time in 100 ps units, titles of $title characters at most" ||
    bad "$1: gtkwave shows ${got:-0} of ${want:-0}, repeated or dotted names: ${dup:-none}, timescale ${ts:-?}, longest title $title"; }
# make waves: the block's stimulus on small and a real kernel on its own preset, each named
for b in rf ocu ccu rc; do
  run "make waves BLOCK=$b" 0 make -s BUILD=$B waves BLOCK=$b
  f=$(echo "$out" | sed -n 's/^  gtkwave \([^ ]*\.fst\) .*/\1/p' | head -1)
  t=$(echo "$out" | sed -n 's/^  gtkwave \([^ ]*trace\/[^ ]*\.fst\) .*/\1/p' | head -1)
  [ -n "$f" ] && view_ok "$b view (small)" "$f" || bad "make waves BLOCK=$b printed no gtkwave command" "$out"
  [ -n "$t" ] && echo "$out" | grep -q "^$b on a real kernel, .*matrixmul-sm61.*, its own preset:$" && view_ok "$b view (matrixmul-sm61, pascal)" "$t" ||
    bad "make waves BLOCK=$b: no real-kernel dump" "$out"
  [ $b = rf ] && rf_small_view=${f%.fst}.gtkw
  [ $b = rc ] && rc_trace=$t
done
# the replacement views show the victim: rc's evictions on the real kernel (each write port's
# evicting flag and the line it takes) change in the dump and are rows of the view
n=$(fst2vcd "$rc_trace" 2>/dev/null | awk '$1 == "$var" && $5 == "ev_w" { id = $4 }
  id != "" && (($0 ~ /^1/ && substr($0, 2) == id) || ($1 ~ /^b[01]*1/ && $2 == id)) { c++ } END { print c + 0 }')
r=$(grep -cE '^[+#]\{rc ev_[wl](\[[0-9]+\])?\}' ${rc_trace%.fst}.gtkw)
[ "$n" -gt 0 ] && [ "$r" -gt 0 ] && ok "rc on matrixmul: $n cycles with an eviction, $r victim rows (per write port)" || bad "rc victim rows: $n evictions, $r rows"
# a screenshot of that view in GTKWave (scripts/wave_shot.sh): the window sized by the view,
# the waves drawn
shot=$(bash scripts/wave_shot.sh "$rc_trace" "${rc_trace%.fst}.gtkw" $B/rc_shot.png 2>&1)
w=$(echo "$shot" | awk '{ split($1, d, "x"); print d[1] + 0 }'); h=$(echo "$shot" | awk '{ split($1, d, "x"); print d[2] + 0 }')
g=$(echo "$shot" | awk '{ print $2 + 0 }')
[ "$w" -ge 1600 ] && [ "$h" -ge 1000 ] && [ "$g" -gt 10000 ] &&
  ok "screenshot: GTKWave window ${w}x${h}, $g pixels of waves ($B/rc_shot.png)" || bad "screenshot" "$shot"
for b in aau aau_off wcb rfc ccu sthld ccu_alloc ccu_alloc_gr rnt avail rflc rc rc_pw rsp; do
  run "$b dump (blocksim)" 0 $G blocksim --block $b --preset small --cycles 200 --waves $B/wb
  view_ok "$b view (small)" $B/wb/$b.0.fst
done
run "pascal dumps" 0 $G cosim --preset pascal --gen seed=1,blocks=1,insts=16 --waves $B/wp
view_ok "rf view (pascal)" $B/wp/rf.sc0.fst
# the view's optional read-pipeline lines: bank_latency 2 (small) has the stages, 0 (pascal) none
a=$(grep -c 'g_pipe\.pv_q' "$rf_small_view"); b=$(grep -c 'g_pipe\.pv_q' $B/wp/rf.sc0.gtkw)
[ "$a" -gt 0 ] && [ "$b" = 0 ] && ok "rf view: $a pipeline stages at bank_latency 2, none at 0" || bad "rf view pipeline lines: small $a, pascal $b"
view_ok "ocu view (pascal)" $B/wp/ocu.sc0.0.fst
run "ltrf+ dumps merged into the prefetch view" 0 $G cosim --design ltrf+ $(sch ltrf+) --preset small --gen seed=2,blocks=2 --blocks all --waves $B/wl
echo "$out" | grep -q "gtkwave $B/wl/prefetch.sc0.fst $B/wl/prefetch.sc0.gtkw" && ok "prefetch view command printed" || bad "no prefetch view command" "$out"
view_ok "prefetch view across wcb, aau_off, aau, rf, rfc" $B/wl/prefetch.sc0.fst
run "rename dumps merged into the rename view" 0 $G cosim --design rename --preset small --gen seed=2,blocks=2,temps=40 --blocks all --waves $B/wn
echo "$out" | grep -q "gtkwave $B/wn/rename.sc0.fst $B/wn/rename.sc0.gtkw" && ok "rename view command printed" || bad "no rename view command" "$out"
view_ok "rename view across rflc, avail, rnt, rf_phys" $B/wn/rename.sc0.fst
# the merged dump carries each block's value changes unchanged
changes() { fst2vcd "$1" 2>/dev/null | awk -v s="$2" '$1 == "$var" && $5 == s { id = $4 } /^#/ { t = $0 } id != "" && $0 ~ "^[01]" && substr($0, 2) == id { print t, substr($0, 1, 1) } id != "" && $1 ~ "^b" && $2 == id { print t, $1 }'; }
a=$(changes $B/wl/rfc.sc0.fst fill_done_valid_o | md5sum); b=$(changes $B/wl/prefetch.sc0.fst fill_done_valid_o | md5sum)
n=$(changes $B/wl/rfc.sc0.fst fill_done_valid_o | wc -l)
[ "$n" -gt 2 ] && [ "$a" = "$b" ] && ok "merged dump: rfc fill_done_valid (one bit per bank) has the same $n changes" || bad "merged dump differs from the rfc dump ($n changes)"
cp waves/rf.gtkw $B/stale.gtkw; echo TOP.rf.no_such_signal >> $B/stale.gtkw
mkdir -p $B/views && cp $B/stale.gtkw $B/views/rf.gtkw && cp waves/ocu.gtkw $B/views/
run "stale view is an error" 2 env GPURF_VIEWS=$B/views $G cosim --preset small --gen seed=1,blocks=1 --blocks rf --waves $B/ws
echo "$out" | grep -q "rf.gtkw:[0-9]*: signal 'TOP.rf.no_such_signal'" && ok "stale view names file:line:signal" || bad "stale view message" "$out"

section "benchmark engines agree on recorded stimulus"
# one pass of each engine (--min-seconds 0): agreement, not timing (make bench times them)
run "bench: --min-seconds out of range refused" 2 $G bench --preset small --min-seconds -1
echo "$out" | grep -q -- "--min-seconds '-1'" && ok "the message names --min-seconds" || bad "--min-seconds message" "$out"
# the blocks in two halves side by side (a core each), rf in the first
BH1=$(echo $BLOCKS | tr ' ' '\n' | awk '$1 == "rf" || NR % 2' | paste -sd,)
BH2=$(echo $BLOCKS | tr ' ' '\n' | awk '$1 != "rf" && !(NR % 2)' | paste -sd,)
$G bench --preset small --blocks "$BH2" --cycles 400 --min-seconds 0 --out $B/bench_t2 > $B/bench_t2.log 2>&1 &
BPID=$!
run "bench small (C, Verilated, lockstep, Icarus), blocks $BH1" 0 $G bench --preset small --blocks "$BH1" --cycles 400 --min-seconds 0 --out $B/bench_t
r1=$?
if wait $BPID; then ok "bench small (C, Verilated, lockstep, Icarus), blocks $BH2"; r2=0
else r2=$?; bad "bench small, blocks $BH2 (exit $r2, want 0)" "$(cat $B/bench_t2.log)"; fi
if [ $r1 = 0 ] && [ $r2 = 0 ]; then
  out="$out
$(cat $B/bench_t2.log)"
  n=$(echo "$out" | grep -cE '^  (C model|Verilated RTL|lockstep C\+RTL|Icarus \(vvp\)) +[0-9]+ +[0-9.]+ +0$')
  want=$((4 * $(echo $BLOCKS | wc -w)))
  [ "$n" = "$want" ] && ok "all four engines reproduce the recorded outputs of every block ($n rows)" || bad "bench table ($n of $want rows)" "$out"
  # the generated testbench really compares: one corrupted expected line is reported
  awk 'NR == 7 { c = substr($0, length($0)); $0 = substr($0, 1, length($0) - 1) (c == "0" ? "1" : "0") } 1' \
    $B/bench_t/rf.out.hex > $B/bench_t/x && mv $B/bench_t/x $B/bench_t/rf.out.hex
  (cd . && vvp -n $B/bench_t/tb_rf.vvp > $B/bench_t/corrupt.log 2>&1)
  grep -q "mismatches=1 first=6" $B/bench_t/corrupt.log && ok "Icarus testbench reports a corrupted expected value at its cycle" ||
    bad "Icarus testbench missed a corrupted line" "$(cat $B/bench_t/corrupt.log)"
fi

section "the RTL's clock: each preset's rtl_clock_mhz sets the period make synth maps for"
mkdir -p $B/pclk && jq '.rtl_clock_mhz = 500' presets/small.json > $B/pclk/small.json
a=$($B/gpurf-params --preset small --block rflc --format period); b=$($B/gpurf-params --presets-dir $B/pclk --preset small --block rflc --format period)
[ "$a" = 1000 ] && [ "$b" = 2000 ] && ok "rtl_clock_mhz 1000 -> $a ps, 500 -> $b ps" || bad "period: $a at 1000 MHz, $b at 500 MHz"

section "synthesis estimates (small preset; rnt and avail, 2 CPU minutes more, rf_phys, rf_pool and ocu_phys, the rf and ocu with wider fields or more ports, rc and rc_pw, a minute more, and ccu_alloc_gr, ccu_alloc's RTL, only in make synth)"
preset_num() { sed -n "s/.*\"$2\": *\([0-9]*\).*/\1/p" presets/$1.json | head -1; }
if run "make synth small (started with the tests)" 0 bash -c "cat $B/synth_bg.log; exit \$(cat $B/synth_bg.rc)"; then
  S=$B/synth/small.json
  want=$(( $(preset_num small rf_warp_regs) * $(preset_num small lanes) * 32 / $(preset_num small schedulers) ))
  got=$(sed -n '/"rf"/,/}/p' $S | sed -n 's/.*"memory_bits": \([0-9]*\).*/\1/p')
  [ "$got" = "$want" ] && ok "rf SRAM bits = register-file bits per sub-core ($want)" || bad "rf memory bits $got, want $want"
  ocu_data=$(( $(preset_num small max_srcs) * $(preset_num small lanes) * 32 ))
  ffs=$(sed -n '/"ocu"/,/}/p' $S | sed -n 's/.*"flip_flops": \([0-9]*\).*/\1/p')
  [ "${ffs:-0}" -ge "$ocu_data" ] && ok "ocu holds its operand data in $ffs flip-flops (>= $ocu_data)" || bad "ocu flip-flops $ffs < $ocu_data"
  ccu_data=$(( $(preset_num small ccu_slots) * $(preset_num small lanes) * 32 ))
  got=$(jq '.blocks.ccu | [.memory_bits, .sram_macros, .flip_flops] | join(" ")' -r $S)
  [ "$(jq --argjson d $ccu_data '.blocks.ccu | .memory_bits == $d and .sram_macros == 1 and .flip_flops < $d / 2' $S)" = true ] &&
    ok "ccu holds its cache table's data in one SRAM macro of $ccu_data bits (bits, macros, flip-flops: $got)" || bad "ccu storage (bits, macros, flip-flops) $got, want $ccu_data bits in one macro"
  rsp_data=$(( $(preset_num small active_pool) * $(preset_num small rsp_regs) * $(preset_num small lanes) * 32 ))
  got=$(jq '.blocks.rsp | [.memory_bits, .sram_macros, .flip_flops] | join(" ")' -r $S)
  [ "$(jq --argjson d $rsp_data '.blocks.rsp | .memory_bits == $d and .sram_macros == 1 and .flip_flops < 100' $S)" = true ] &&
    ok "rsp holds its scratchpad's data in one SRAM macro of $rsp_data bits (bits, macros, flip-flops: $got)" || bad "rsp storage (bits, macros, flip-flops) $got, want $rsp_data bits in one macro"
  crit=$(sed -n 's/.*"critical_path_ps": \([0-9]*\).*/\1/p' $S | sort -n | head -1)
  [ "${crit:-0}" -gt 0 ] && ok "critical paths reported (shortest $crit ps)" || bad "no critical path"
  per=$(( 1000000 / $(preset_num small rtl_clock_mhz) ))
  [ "$(jq --argjson p $per '[.blocks[] | select(.clock_period_ps != $p or (.sta_slack_ps < 0 and .meets_clock))] | length' $S)" = 0 ] &&
    ok "every block mapped for the preset's rtl_clock_mhz ($per ps) and marked as meeting it or not by OpenSTA" || bad "clock periods in $S" "$(jq -c '.blocks | map_values(.clock_period_ps)' $S)"
  # OpenSTA on the mapped netlist agrees with ABC: its worst path adds the launching flip-flop's
  # clock-to-Q (under 100 ps in synth/cells.lib) to the same logic; a path from port to port has
  # none, and there the two timers' delay models (ABC's load-based gains, OpenSTA's liberty
  # tables with slews) may put OpenSTA a few percent below ABC; SRAM macros are black boxes to it
  far=$(jq '[.blocks | to_entries[] | select(.value.sram_macros == 0 and (.value.sta_arrival_ps < .value.critical_path_ps * 0.95 or .value.sta_arrival_ps > .value.critical_path_ps + 100)) | .key] | join(" ")' -r $S)
  n=$(jq '[.blocks[] | select(.sram_macros == 0)] | length' $S)
  [ "$n" -gt 0 ] && [ -z "$far" ] && ok "OpenSTA's worst path within ABC's + 100 ps on the $n blocks without SRAM macros" || bad "OpenSTA and ABC disagree on: $far" "$(jq -c '.blocks | map_values([.critical_path_ps, .sta_arrival_ps])' $S)"
  # a netlist OpenSTA could not read in full is refused, not reported from the part it read
  T=$(mktemp -d); cp $B/synth/ocu__small.* $T/
  sed -i '1i Error: ocu__small.v, line 9 syntax error' $T/ocu__small.sta
  run "gpurf-synth refuses an OpenSTA report with an error" 2 $B/gpurf-synth $T synth/cells.lib small $T/s.json ocu
  echo "$out" | grep -q "ocu__small.sta: OpenSTA: Error" && ok "the error names the report" || bad "OpenSTA error message" "$out"
  # a negative slack: the block misses the clock, named in the table and on stderr
  cp $B/synth/ocu__small.sta $T/ && sed -i -E 's/^( *)[-0-9.]+( *slack \()MET\)/\1-0.004\2VIOLATED)/' $T/ocu__small.sta
  run "gpurf-synth on a negative OpenSTA slack" 0 $B/gpurf-synth $T synth/cells.lib small $T/s.json ocu
  [ "$(jq '.blocks.ocu | [.sta_slack_ps, .meets_clock] | join(" ")' -r $T/s.json)" = "-4 false" ] && echo "$out" | grep -q "misses the clock (OpenSTA)" &&
    ok "the block is marked as missing the clock (slack -4 ps)" || bad "negative slack not reported" "$out"
  # a slack OpenSTA prints as 0.000 and calls VIOLATED misses the clock: its verdict, not the rounded figure
  cp $B/synth/ocu__small.sta $T/ && sed -i -E 's/^( *)[-0-9.]+( *slack \()MET\)/\10.000\2VIOLATED)/' $T/ocu__small.sta
  run "gpurf-synth on a slack OpenSTA rounds to 0 and calls violated" 0 $B/gpurf-synth $T synth/cells.lib small $T/s0.json ocu
  [ "$(jq '.blocks.ocu | [.sta_slack_ps, .meets_clock] | join(" ")' -r $T/s0.json)" = "0 false" ] &&
    ok "OpenSTA's VIOLATED at 0.000 ns is a miss" || bad "a zero VIOLATED slack taken as met" "$(jq -c .blocks.ocu $T/s0.json)"
  # the sign-off (make synth's last step): every block of small meets the clock; one that misses
  # fails it and is named
  run "sign-off of small: every block meets the clock in OpenSTA" 0 bash synth/signoff.sh $S
  run "sign-off fails on a block that misses the clock" 1 bash synth/signoff.sh $T/s.json
  echo "$out" | grep -q "ocu on small misses the 1000 ps clock in OpenSTA: slack -4 ps" && ok "the sign-off names the block and its slack" || bad "sign-off message" "$out"
  echo '{"x":1}' > $T/bad.json
  run "sign-off refuses a file that is not a summary" 2 bash synth/signoff.sh $T/bad.json
  rm -rf $T
  run "sim prints the design's area" 0 $G sim --preset small --gen seed=1 --synth $S
  echo "$out" | grep -q "design total: logic" && ok "area/timing in the run report" || bad "no area in report" "$out"
  run "LTRF storage and area report" 0 $G area --preset small --synth $S
  echo "$out" | grep -q "8 active warps: 114880 bits (paper: 114,880)" && echo "$out" | grep -q "LTRF additions" &&
    ok "WCB storage formula reproduces the paper's 114,880 bits; added area reported" || bad "area report" "$out"
  # the fill ports' logic is added in place of the baseline rf's: rf_fill's instances with +,
  # as many rf with -
  nf=$(echo "$out" | awk '$1 == "rf_fill" && $2 > 0 { print $2 }'); nr=$(echo "$out" | awk '$1 == "rf" && $2 < 0 { print -$2 }')
  [ -n "$nf" ] && [ "$nf" = "$nr" ] && ok "LTRF area: $nf rf_fill in place of $nr rf" || bad "LTRF area without rf_fill for rf" "$out"
  run "area report refuses a summary of another preset" 2 $G area --preset pascal --synth $S
  run "area skipped for other parameters" 0 $G sim --preset small --set lanes=8 --gen seed=1 --synth $S
  echo "$out" | grep -q "not synthesized with these parameters" && ok "stale synthesis figures are not shown" || bad "stale figures shown" "$out"
fi

section "area for make run: lane slices (synth/slice.sh) extrapolated, the committed cache's keys"
# rf and rfc of small as lane slices of 1 and 2 lanes beside their synthesis with small's 4 (the
# section above): the extrapolated logic area within 10 %, the SRAM bits the same (a slice is
# linear in the lanes but for what does not grow with them: rfc's beats over its fixed link)
L=$B/slices_test; rm -rf $L $B/synth/slices/small; mkdir -p $L
if run "area_synth.sh: rf and rfc of small as lane slices" 0 env BUILD=$B bash scripts/area_synth.sh small $L/a.json rf rfc; then
  $B/gpurf-synth $B/synth synth/cells.lib small $L/full.json rf rfc > /dev/null 2>&1
  cmp=$(jq -r --slurpfile f $L/full.json '.blocks | to_entries[] | [.key, .value.lanes_sliced,
          ((.value.logic_um2 / $f[0].blocks[.key].logic_um2 - 1) * 100 | tostring),
          (.value.memory_bits == $f[0].blocks[.key].memory_bits)] | join(":")' $L/a.json | tr '\n' ' ')
  [ "$(echo "$cmp" | awk '{ for (i = 1; i <= NF; i++) { split($i, f, ":"); d = f[3] < 0 ? -f[3] : f[3]
        if (f[2] != 4 || d > 10 || f[4] != "true") bad = 1; n++ } } END { print n == 2 && !bad }')" = 1 ] &&
    ok "slices extrapolated to 4 lanes match the 4-lane synthesis (block:lanes:logic %:bits equal: $cmp)" || bad "lane slices against the full synthesis" "$cmp"
  run "a second area_synth.sh takes every block from its build" 0 env BUILD=$B bash scripts/area_synth.sh small $L/b.json rf rfc
  echo "$out" | grep -q "0 block(s) synthesized, 0 from synth/cache/small, 2 built before" && command cmp -s $L/a.json $L/b.json &&
    ok "built slices reused, the same summary" || bad "slices not reused" "$out"
  run "sim prints the area from a lane-slice summary" 0 $G sim --preset small --gen seed=1 --synth $L/a.json
  echo "$out" | grep -q "design total: logic" && ok "lane-slice area in the run report" || bad "no area from slices" "$out"
  run "sign-off refuses lane-slice estimates" 2 bash synth/signoff.sh $L/a.json
fi
# the committed lane slices make run reads on pascal: every design block there, every key the
# current inputs'
run "synth/cache/pascal: every entry's key matches its RTL, parameters and flow" 0 env BUILD=$B bash scripts/area_synth.sh --check pascal
miss=$(for b in $($B/gpurf-params --make | sed -n 's/^DESIGN_BLOCKS_[^ ]* := *//p' | tr ' ' '\n' | sort -u); do [ -f synth/cache/pascal/$b.key ] || echo $b; done | tr '\n' ' ')
[ -z "$miss" ] && ok "synth/cache/pascal holds every design block" || bad "synth/cache/pascal lacks: $miss"
# the key takes what a block's RTL includes (but the proofs' properties): a line added to
# unary.vh makes stale exactly the blocks that count in unary, one to rf_props.vh none
K=$B/key_test; rm -rf $K; mkdir -p $K; cp -r rtl synth scripts presets $K/
stale_after() { # FILE: the committed entries stale once FILE has one more line
  local ab; ab=$(realpath $B); cp rtl/$1 $K/rtl/$1; echo "// one more line" >> $K/rtl/$1
  (cd $K && env BUILD="$ab" bash scripts/area_synth.sh --check pascal 2>&1) |
    sed -n 's/.*cache\/pascal\/\([a-z_]*\) is stale.*/\1/p' | sort | tr '\n' ' '; cp rtl/$1 $K/rtl/$1; }
st=$(stale_after unary.vh)
[ "$st" = "avail ccu ccu_alloc rc " ] && ok "a change to unary.vh makes stale: $st" || bad "unary.vh's users not all stale" "$st"
st=$(stale_after rf_props.vh)
[ -z "$st" ] && ok "a change to a block's properties leaves its synthesis current" || bad "properties in the synthesis key" "$st"

section "summary: every failure again"
for f in "${failed[@]}"; do printf '  FAIL  %s\n' "$f"; done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
