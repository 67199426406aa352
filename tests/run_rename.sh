# Sourced by tests/run.sh (its helpers run/ok/bad/json_num, $A $G $B $T): register renaming's
# compiler passes through `gpurf releases`: JSON figures, the mask-aware oracle on serialized
# paths (accepting the pass, rejecting partial writes that kill liveness) and on real traces,
# bad input.

section "renaming: release points (gpurf releases)"
S=tests/streams/serialized_paths.txt
run "releases: serialized paths accepted by the oracle (sanitized)" 0 $A releases --preset small --trace $S --check --json $B/rl.ser.json
rj() { jq -r ".kernels[0].$2" $B/rl.$1.json; }
[ "$(rj ser check.ok)" = true ] && [ "$(rj ser releases)" = 3 ] && [ "$(rj ser pirs)" = 3 ] &&
  [ "$(jq -c '[.kernels[0].instructions[] | select(.pc == 96) | .release[]]' $B/rl.ser.json)" = "[1]" ] &&
  ok "serialized paths: R1 released at path B's read (0x60), $(rj ser check.reads) reads covered" || bad "serialized paths" "$(cat $B/rl.ser.json | head -30)"
run "releases: partial writes that kill liveness are rejected" 1 $G releases --preset small --trace $S --check --pass-fault partial_write_kills
echo "$out" | grep -q "warp 0: pc 0x60 reads R1 on lanes 0xffff0000 after its release at pc 0x10" &&
  ok "the oracle names warp, pc, register, lanes and the releasing pc" || bad "oracle message" "$out"
for t in matrixmul vectoradd; do
  run "releases $t/pascal: every warp's reads covered" 0 $G releases --preset pascal --trace $T/$t-sm61/kernelslist.g --check --json $B/rl.$t.json
  [ "$(rj $t check.ok)" = true ] && [ "$(rj $t releases)" -gt 0 ] && [ "$(rj $t pirs)" -ge "$(rj $t basic_blocks)" ] &&
    ok "$t: $(rj $t releases) release bits, $(rj $t pirs) pirs, $(rj $t pbrs) pbrs, static overhead $(rj $t static_overhead_pct) %" || bad "$t releases"
done
run "releases on a generated kernel with loops, checked" 0 $G releases --preset small --gen seed=3,blocks=2,loops=4 --check --json $B/rl.gen.json
[ "$(rj gen check.ok)" = true ] && ok "generated kernel: $(rj gen check.reads) reads covered" || bad "generated releases"
# each preset knob changes what it should
$G releases --preset small --trace $S --set rn_pir_slots=2 --json $B/rl.s2.json > /dev/null 2>&1
$G releases --preset pascal --trace $T/matrixmul-sm61/kernelslist.g --set rn_pir_bits=1 --json $B/rl.b1.json > /dev/null 2>&1
[ "$(rj s2 pirs)" = 6 ] && [ "$(rj b1 lost)" -gt 0 ] && [ $(( $(rj b1 releases) + $(rj b1 lost) )) = "$(rj matrixmul releases)" ] &&
  ok "rn_pir_slots 2: $(rj s2 pirs) pirs (3 with 18); rn_pir_bits 1 on matrixmul: $(rj b1 releases) releases + $(rj b1 lost) lost = $(rj matrixmul releases)" || bad "pir knobs"
$G releases --preset pascal --trace $T/matrixmul-sm61/kernelslist.g --set rn_table_bits=64 --json $B/rl.tb.json > /dev/null 2>&1
[ "$(rj tb eq1_bits)" -le 64 ] && [ "$(jq '.kernels[0].exempt | length' $B/rl.tb.json)" -gt "$(jq '.kernels[0].exempt | length' $B/rl.matrixmul.json)" ] &&
  ok "rn_table_bits 64: $(jq '.kernels[0].exempt | length' $B/rl.tb.json) registers exempt, Eq. 1 $(rj tb eq1_full_bits) -> $(rj tb eq1_bits) bits" || bad "rn_table_bits"
printf 'kernel name=w blocks=1 warps=1 regs=128\nwarp all\nMOV R70\nIADD R1 ; R70\nEXIT\n' > $B/rl_wide.txt
run "a register wider than rn_pbr_id_bits" 2 $G releases --preset small --trace $B/rl_wide.txt
echo "$out" | grep -q "rl_wide.txt:3: field 'register': R70 does not fit a 6-bit pbr id" && ok "R70 with 6-bit ids: file, line and field named" || bad "wide register message" "$out"
for kv in rn_policy=best rn_alloc=never rf_subarrays=3 rn_banks=3 rn_pir_slots=19; do
  run "bad $kv" 2 $G releases --preset small --trace $S --set $kv
  echo "$out" | grep -q "field '${kv%=*}'" && ok "bad $kv: names the field" || bad "bad $kv message" "$out"
done
jq 'del(.rn_alloc)' presets/small.json > $B/rl_nokey.json
run "a preset lacking a renaming parameter" 2 $G releases --preset $B/rl_nokey.json --trace $S
echo "$out" | grep -q "field 'rn_alloc': missing" && ok "missing rn_alloc named" || bad "missing key message" "$out"

section "renaming: design rename on the SM (fermi, generated kernels and traces)"
rs() { jq -r ".stats.$2" $B/rn.$1.json; }
TG=seed=1,blocks=12,warps=8,regs=24,gmem=20,loops=4,temps=40
run "fermi: global loads take 400-600 cycles (Sec. 4.1)" 0 $G sim --preset fermi --gen $TG --json $B/rn.base.json
lat=$(jq '.stats.load_latency_total / .stats.loads | floor' $B/rn.base.json)
[ "$lat" -ge 400 ] && [ "$lat" -le 600 ] && ok "fermi: mean global load $lat cycles" || bad "fermi load latency $lat"
run "rename on fermi, short-lived temporaries" 0 $G sim --design rename --preset fermi --gen $TG --json $B/rn.t40.json
[ "$(rs t40 value_errors)" = 0 ] && [ "$(rs t40 operands_checked)" -gt 0 ] && [ "$(rs t40 phys_peak)" -lt "$(rs t40 reserved_peak)" ] &&
  [ "$(rs t40 static_pj_reg)" -lt "$(rs t40 static_pj_base_reg)" ] && [ "$(rs t40 static_pj_subarray)" -lt "$(rs t40 static_pj_base_subarray)" ] &&
  [ $(( $(rs t40 rn_unmaps) + $(rs t40 rn_drained) )) -le "$(rs t40 rn_maps)" ] && [ "$(rs t40 rn_frees)" -gt 0 ] &&
  ok "rename: values checked, $(rs t40 phys_peak) of $(rs t40 reserved_peak) registers at the peak, register gating $(rs t40 static_pj_reg) < $(rs t40 static_pj_base_reg) pJ" ||
  bad "rename on fermi" "$(jq -c .stats $B/rn.t40.json)"
run "--reg-log" 0 $G sim --design rename --preset fermi --gen $TG --reg-log $B/rn.reglog
n=$(grep -vc '^#' $B/rn.reglog); m=$(awk '!/^#/ { s += $2; n++ } END { printf "%d", s / n }' $B/rn.reglog)
want=$(( $(rs t40 reg_cycles_alloc) / $(rs t40 cycles) ))
[ "$n" = $(( $(rs t40 cycles) / 100 )) ] && [ $(( (m - want) * (m - want) * 100 )) -le $(( want * want )) ] &&
  ok "--reg-log: $n lines, mean allocated $m (the counters' $want)" || bad "--reg-log: $n lines, mean $m, want $want"
# Eq. 1 (Sec. 7.1): the exemptions meet the table's budget, the warp count stays the baseline's
# (7-warp blocks: a retiring block's warps leave one by one, so a sub-core may hold any count)
for sp in $TG seed=2,blocks=16,warps=7,regs=28; do for d in baseline rename; do
  $G sim --design $d --preset fermi --gen $sp --json $B/rn.occ.$d.json > /dev/null 2>&1; done
  [ "$(rs occ.rename max_resident_warps)" = "$(rs occ.baseline max_resident_warps)" ] && [ "$(rs occ.rename exempt_regs)" -gt 0 ] &&
    ok "Eq. 1 exempts $(rs occ.rename exempt_regs) registers and keeps the baseline's $(rs occ.baseline max_resident_warps) warps ($sp)" || bad "Eq. 1 lowers the warps: $(rs occ.rename max_resident_warps) of $(rs occ.baseline max_resident_warps) ($sp)"
done
c_b=$(rs base cycles); c_r=$(rs t40 cycles)
[ $(( c_r * 100 )) -le $(( c_b * 110 )) ] && ok "rename cycles $c_r within 10 % of the baseline's $c_b" || bad "rename cycles $c_r, baseline $c_b"
run "rename, sanitized, small (two sub-cores, issue-time mapping)" 0 $A sim --design rename --preset small --set rn_alloc=issue --gen seed=3,blocks=4,warps=8,regs=24,gmem=20,loops=3,temps=30 --json $B/rn.asan.json
[ "$(rs asan value_errors)" = 0 ] && [ "$(rs asan rn_drained)" -ge 0 ] && ok "sanitized rename: no value errors" || bad "sanitized rename"
for t in matrixmul vectoradd; do
  run "rename $t/fermi" 0 $G sim --design rename --preset fermi --trace $T/$t-sm61/kernelslist.g --json $B/rn.$t.json
  [ "$(rs $t value_errors)" = 0 ] && [ "$(rs $t rn_pirs)" -gt 0 ] && [ "$(rs $t phys_peak)" -le "$(rs $t reserved_peak)" ] &&
    ok "$t: $(rs $t phys_peak) of $(rs $t reserved_peak) registers, $(rs $t rflc_hits) flag-cache hits" || bad "$t rename"
done
# write-back mapping (the default): only results that need a register wait for one, through a
# map slot per allocation port, so matrixmul keeps issue-time mapping's pace with fewer registers
$G sim --design rename --preset fermi --set rn_alloc=issue --trace $T/matrixmul-sm61/kernelslist.g --json $B/rn.mmi.json > /dev/null 2>&1
[ "$(( $(rs matrixmul cycles) * 100 ))" -le "$(( $(rs mmi cycles) * 102 ))" ] && [ "$(rs matrixmul phys_peak)" -lt "$(rs mmi phys_peak)" ] &&
  ok "matrixmul: write-back mapping $(rs matrixmul cycles) cycles, $(rs matrixmul phys_peak) registers at peak; at issue $(rs mmi cycles), $(rs mmi phys_peak)" || bad "write-back mapping pace: $(rs matrixmul cycles) vs $(rs mmi cycles)"
# each renaming knob changes what it should (same kernel)
K="--design rename --preset fermi --gen $TG"
knob() { $G sim $K $2 --json $B/rn.$1.json > /dev/null 2>&1; }
knob spread "--set rn_policy=spread"; knob first "--set rn_policy=first"; knob iss "--set rn_alloc=issue"
knob nba "--set rn_bank_aware=0"; knob tb "--set rn_table_bits=2048"; knob b1 "--set rn_banks=1"
knob fc1 "--set rflc_entries=1"; knob s6 "--set rn_pir_slots=6"; knob sa8 "--set rf_subarrays=8"
knob ret "--set pg_retention_pct=30"; knob lk "--set sram_p_bank_uw=1400"
knob rl "--set sram_p_table_uw=540"; knob ea "--set sram_e_table_fj=2280"
[ "$(rs t40 sa_cycles_on)" -lt "$(rs spread sa_cycles_on)" ] && [ "$(rs spread phys_distinct)" -gt "$(rs t40 phys_distinct)" ] &&
  ok "rn_policy: consolidate keeps $(rs t40 sa_cycles_on) sub-array-cycles on, spread $(rs spread sa_cycles_on) over $(rs spread phys_distinct) ids ($(rs t40 phys_distinct))" || bad "rn_policy spread"
[ "$(rs first sa_cycles_on)" != "$(rs spread sa_cycles_on)" ] && ok "rn_policy first: $(rs first sa_cycles_on) sub-array-cycles" || bad "rn_policy first"
[ "$(rs iss reg_cycles_alloc)" -gt "$(rs t40 reg_cycles_alloc)" ] && ok "rn_alloc issue: $(rs iss reg_cycles_alloc) > $(rs t40 reg_cycles_alloc) register-cycles allocated at write-back" || bad "rn_alloc"
[ "$(rs nba bank_conflicts)" != "$(rs t40 bank_conflicts)" ] && ok "rn_bank_aware 0: $(rs nba bank_conflicts) bank conflicts ($(rs t40 bank_conflicts) bank-aware)" || bad "rn_bank_aware"
[ "$(rs tb exempt_regs)" -gt "$(rs t40 exempt_regs)" ] && [ "$(rs tb value_errors)" = 0 ] && ok "rn_table_bits 2048: $(rs tb exempt_regs) exempt registers ($(rs t40 exempt_regs))" || bad "rn_table_bits"
[ "$(rs b1 rn_lookup_conflicts)" -gt "$(rs t40 rn_lookup_conflicts)" ] && ok "rn_banks 1: $(rs b1 rn_lookup_conflicts) lookup conflicts ($(rs t40 rn_lookup_conflicts))" || bad "rn_banks"
[ "$(rs fc1 rflc_misses)" -gt "$(rs t40 rflc_misses)" ] && ok "rflc_entries 1: $(rs fc1 rflc_misses) flag-cache misses ($(rs t40 rflc_misses))" || bad "rflc_entries"
[ "$(rs s6 static_flag_insts)" -gt "$(rs t40 static_flag_insts)" ] && ok "rn_pir_slots 6: $(rs s6 static_flag_insts) flag instructions ($(rs t40 static_flag_insts))" || bad "rn_pir_slots"
[ "$(rs sa8 sa_cycles_on)" -gt "$(rs t40 sa_cycles_on)" ] && ok "rf_subarrays 8: $(rs sa8 sa_cycles_on) sub-array-cycles on ($(rs t40 sa_cycles_on))" || bad "rf_subarrays"
PG="--design rename --preset fermi --gen seed=1,blocks=4,warps=8,regs=60,insts=80,temps=40"
$G sim $PG --json $B/rn.id6.json > /dev/null 2>&1; $G sim $PG --set rn_pbr_id_bits=8 --json $B/rn.id8.json > /dev/null 2>&1
[ "$(rs id8 rn_pbrs)" -gt "$(rs id6 rn_pbrs)" ] && [ "$(rs id8 value_errors)" = 0 ] && ok "rn_pbr_id_bits 8 (6 registers per pbr, 9 with 6 bits): $(rs id8 rn_pbrs) pbrs issued ($(rs id6 rn_pbrs))" || bad "rn_pbr_id_bits"
[ "$(rs ret static_pj_retention)" -lt "$(rs t40 static_pj_retention)" ] && ok "pg_retention_pct 30: retention line $(rs ret static_pj_retention) pJ ($(rs t40 static_pj_retention))" || bad "pg_retention_pct"
# the fermi table bank is the anchor's geometry (204.8 rows of 10 bits): its leakage and access
# read energy follow the anchors exactly
[ $(( $(rs lk static_pj_all) * 10 )) -le $(( $(rs t40 static_pj_all) * 6 )) ] && ok "sram_p_bank_uw halved: leakage $(rs lk static_pj_all) pJ ($(rs t40 static_pj_all))" || bad "sram_p_bank_uw"
d=$(( $(rs rl rnt_static_pj) - 2 * $(rs t40 rnt_static_pj) )); [ ${d#-} -le 2 ] && ok "sram_p_table_uw doubled: renaming-table leakage $(rs rl rnt_static_pj) pJ ($(rs t40 rnt_static_pj))" || bad "sram_p_table_uw"
# the anchor is a read (a lookup); a write follows CACTI 7's write shape under the new scale
$G energy --preset fermi --set sram_e_table_fj=2280 --json $B/rn.ea.etab.json > /dev/null
[ "$(jq .structures.rnt.read_pj $B/rn.ea.etab.json)" = 2.28 ] && [ "$(rs ea rnt_dynamic_pj)" -gt "$(rs t40 rnt_dynamic_pj)" ] &&
  ok "sram_e_table_fj doubled: a renaming-table read 2.28 pJ, the table's access energy $(rs ea rnt_dynamic_pj) pJ ($(rs t40 rnt_dynamic_pj))" || bad "sram_e_table_fj"
$G sim $K --set scheduler=gto --json $B/rn.gto.json > /dev/null 2>&1; $G sim $K --set scheduler=lrr --json $B/rn.lrr.json > /dev/null 2>&1
[ "$(rs gto value_errors)" = 0 ] && [ "$(rs lrr value_errors)" = 0 ] && [ "$(rs gto cycles)" != "$(rs lrr cycles)" ] && ok "rename under gto and lrr: $(rs gto cycles), $(rs lrr cycles) cycles" || bad "rename schedulers"
$G sim --preset fermi --gen ${TG%,temps=40} --design rename --json $B/rn.t0.json > /dev/null 2>&1
s0=$(( 100 - 100 * $(rs t0 phys_peak) / $(rs t0 reserved_peak) )); s40=$(( 100 - 100 * $(rs t40 phys_peak) / $(rs t40 reserved_peak) ))
[ $s40 -gt $s0 ] && ok "generator temps=40: peak saving $s40 % ($s0 % without short-lived temporaries)" || bad "temps knob: $s40 vs $s0"
run "generator temps leaving too few long-lived registers" 2 $G sim --gen regs=8,temps=90
echo "$out" | grep -q "field 'temps'" && ok "temps error names the field" || bad "temps message" "$out"

section "renaming: checks that stop the run"
run "a pass that kills liveness on partial writes: a released register's lanes are read" 1 $G sim --design rename --preset small --trace tests/streams/diverged_partial_write.txt --pass-fault partial_write_kills
echo "$out" | grep -q "warp 0 pc 0x210 (tests/streams/diverged_partial_write.txt:19) reads R5 on lanes 0x0000000c, which pc 0x200 mapped anew under a partial mask after pc 0x20 released it" &&
  ok "the lost lanes' read names warp, pc, register, lanes, the new mapping's and the releasing pc" || bad "lost-lanes message" "$out"
run "rename in lockstep with every RTL block, driven by the RTL" 0 $G cosim --design rename --preset small --gen seed=5,blocks=4,warps=8,regs=24,gmem=20,loops=3,temps=30 --blocks all --drive rtl --json $B/rn.rtl.json
$G sim --design rename --preset small --gen seed=5,blocks=4,warps=8,regs=24,gmem=20,loops=3,temps=30 --json $B/rn.c.json > /dev/null 2>&1
[ "$(rs rtl cycles)" = "$(rs c cycles)" ] && ok "RTL-driven rename runs the C-driven $(rs c cycles) cycles" || bad "rename --drive rtl cycles $(rs rtl cycles) vs $(rs c cycles)"

section "renaming: storage (gpurf area --design rename)"
run "renaming storage on fermi" 0 $G area --design rename --preset fermi
echo "$out" | grep -q "Eq. 1 renaming table *30240 bits = *3.69 KB" && echo "$out" | grep -q "with the availability flags *31264 bits = *3.82 KB" &&
  echo "$out" | grep -q "release-flag cache, 48 x 54 flag bits *2592 bits" && echo "$out" | grep -q "rnt: 816 entries" &&
  ok "Eq. 1: 3.69 KB, 3.82 KB with the flags, a 324 B flag cache; fermi's rnt holds 816 entries of the 1 KB budget" || bad "renaming storage" "$out"
run "area of an unknown design" 2 $G area --design ideal --preset fermi

section "make experiments-rename QUICK=1"
run "experiments-rename pipeline (QUICK=1)" 0 make -s BUILD=$B experiments-rename QUICK=1 SUITE=tests/suite_test.txt EXP_OUT=$B/exp_r
ej() { jq -r ".stats.$2" $B/exp_r/json_rename/$1.json; }
[ -s $B/exp_r/rename.png ] && grep -qE "^\| gq-temps32 \| [0-9]+ \| [0-9.]+ % \| [0-9.]+ % \|" $B/exp_r/rename.md &&
  grep -qE "^\| register savings \(Fig. 9\), consolidate \| 30 % avg; dct8x8 least \| [0-9.]+ %" $B/exp_r/rename.md &&
  [ "$(ej gq-temps32.rn phys_peak)" -lt "$(ej gq-temps32.rn reserved_peak)" ] && [ "$(ej gq-temps32.rn exempt_regs)" -gt 0 ] &&
  [ "$(ej gq-temps32.nolimit exempt_regs)" = 0 ] &&
  ok "experiments-rename: the table beside the paper's, the plot; gq-temps32 exempts $(ej gq-temps32.rn exempt_regs) registers, none without the budget" || bad "experiments-rename output" "$out"
# the summary's saving is the mean over the workloads of registers ever allocated against the
# reservation (Sec. 8.2)
want=$(for n in $(cd $B/exp_r/json_rename && ls *.rn.json | sed "s/\.rn\.json$//"); do awk -v r=$(ej $n.rn reserved_peak) -v p=$(ej $n.rn phys_distinct) 'BEGIN { printf "%.1f\n", 100 * (r - p) / r }'; done | awk '{ s += $1 } END { printf "%.1f", s / NR }')
got=$(sed -n 's/^| register savings (Fig. 9), consolidate | [^|]* | \([0-9.]*\) %.*/\1/p' $B/exp_r/rename.md)
[ -n "$got" ] && [ "$got" = "$want" ] && ok "experiments-rename: the saving headline $got % is the mean of the workloads' savings" || bad "rename headline '$got', mean of the workloads '$want'"
