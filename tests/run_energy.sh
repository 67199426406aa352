# Sourced by tests/run.sh (its helpers run/ok/bad, $G $A $B): the energy model (sim/energy/sram.h,
# energy.h): the anchors reproduced, every setting moving what it prices, a run priced again
# equal to its own report, bad input.

section "energy model (gpurf energy)"
E=$B/energy; mkdir -p $E
# energy table of preset $1 with settings $3...: JSON in $E/$2.json
etab() { local p=$1 n=$2; shift 2; $G energy --preset $p "$@" --json $E/$n.json > /dev/null; }
ev() { jq -r ".structures.$2.$3" $E/$1.json; }
# awk comparisons: cmp A OP B
cmp() { awk -v a="$1" -v b="$3" "BEGIN { exit !(a $2 b) }"; }
# A / B within 1e-9 of R: ratio A B R
ratio() { awk -v a="$1" -v b="$2" -v r="$3" 'BEGIN { d = a / b - r; exit !(d < 1e-9 && d > -1e-9) }'; }
run "gpurf energy on every preset" 0 bash -c "for p in presets/*.json; do $G energy --preset \$(basename \$p .json) > /dev/null || exit 1; done"
etab fermi fermi
# fermi's renaming-table bank is the second anchor's geometry (204.8 rows of 10 bits, 1 port)
cmp "$(ev fermi rnt access_pj)" "==" 1.14 && cmp "$(ev fermi rnt leak_uw)" "==" 270 &&
  ok "the renaming-table anchor reproduced: $(ev fermi rnt access_pj) pJ, $(ev fermi rnt leak_uw) uW (Jeon Table 2: 1.14 pJ, 0.27 mW)" || bad "anchor not reproduced: $(ev fermi rnt access_pj) pJ"
etab pascal base
etab pascal p6 --set bank_ports=4
cmp "$(ev p6 mrf access_pj)" ">" "$(ev base mrf access_pj)" && cmp "$(ev p6 mrf area_um2)" ">" "$(ev base mrf area_um2)" &&
  cmp "$(ev p6 mrf leak_uw)" ">" "$(ev base mrf leak_uw)" &&
  ok "more ports: a bank access, area and leakage grow ($(ev base mrf access_pj) -> $(ev p6 mrf access_pj) pJ)" || bad "ports do not price"
cmp "$(ev base ocu access_pj)" "<" "$(ev base ccu access_pj)" && cmp "$(ev base ccu access_pj)" "<" "$(ev base mrf access_pj)" &&
  ok "more rows cost more: collector $(ev base ocu access_pj) < CCU $(ev base ccu access_pj) < bank $(ev base mrf access_pj) pJ" || bad "rows do not price"
for t in tfet_sram:0.13125 dwm:0.08125 lstp_sram:0.4; do
  etab pascal $t --set mrf_tech=${t%:*}
  r=$(awk -v a="$(ev $t mrf access_pj)" -v b="$(ev base mrf access_pj)" 'BEGIN { printf "%.5f", a / b }')
  [ "$r" = "$(printf %.5f ${t#*:})" ] && cmp "$(ev $t ocu access_pj)" "==" "$(ev base ocu access_pj)" &&
    ok "mrf_tech ${t%:*}: a bank costs ${t#*:} of HP SRAM's (LTRF Table 2), the collectors unchanged" || bad "mrf_tech ${t%:*}: ratio $r"
done
etab pascal dwmarea --set mrf_tech=dwm
cmp "$(ev dwmarea xbar wire_mm)" "<" "$(ev base xbar wire_mm)" && ok "a DWM register file is smaller, its crossbar shorter ($(ev dwmarea xbar wire_mm) mm)" || bad "dwm area"
etab pascal w2 --set wire_ff_per_mm=400
ratio "$(ev w2 xbar access_pj)" "$(ev base xbar access_pj)" 2 && cmp "$(ev w2 mrf access_pj)" "==" "$(ev base mrf access_pj)" &&
  ok "wire_ff_per_mm doubled: the crossbar costs twice, the banks the same" || bad "wire_ff_per_mm"
etab pascal v2 --set vdd_mv=480
ratio "$(ev v2 xbar access_pj)" "$(ev base xbar access_pj)" 0.25 && ok "vdd_mv halved: a wire crossing costs a quarter" || bad "vdd_mv"
etab pascal ae --set array_eff_pct=25
cmp "$(ev ae mrf area_um2)" ">" "$(ev base mrf area_um2)" && cmp "$(ev ae xbar access_pj)" ">" "$(ev base xbar access_pj)" &&
  ok "array_eff_pct 25: arrays larger, the crossbar longer" || bad "array_eff_pct"
etab pascal f2 --set sram_f_nm=80
ratio "$(ev f2 mrf area_um2)" "$(ev base mrf area_um2)" 4 && ok "sram_f_nm doubled: four times the area" || bad "sram_f_nm"
etab pascal eb --set sram_e_bank_fj=9360
etab pascal pb --set sram_p_bank_uw=3000
cmp "$(ev eb mrf access_pj)" ">" "$(ev base mrf access_pj)" && cmp "$(ev pb mrf leak_uw)" ">" "$(ev base mrf leak_uw)" && cmp "$(ev eb mrf leak_uw)" "==" "$(ev base mrf leak_uw)" &&
  ok "sram_e_bank_fj and sram_p_bank_uw: the access energy and the leakage follow their anchor" || bad "bank anchors"
etab pascal arb --set e_arbiter_fj=100
[ "$(jq .arbiter_pj $E/arb.json)" = 0.1 ] && ok "e_arbiter_fj 100: 0.1 pJ per request-cycle" || bad "e_arbiter_fj"

# a run priced again by its own preset equals its report; with another setting it moves
for d in baseline malekeh ltrf rename hybrid; do
  $G sim --design $d --preset pascal $(sch $d) --gen seed=3,blocks=4,loops=2 --json $E/run.$d.json > /dev/null 2>&1
  $G energy --preset pascal --run $E/run.$d.json --json $E/rp.$d.json > /dev/null 2>&1
  $G energy --preset pascal --set wire_ff_per_mm=400 --run $E/run.$d.json --json $E/rw.$d.json > /dev/null 2>&1
  [ "$(jq -n --slurpfile a $E/run.$d.json --slurpfile b $E/rp.$d.json '$a[0].energy_pj == $b[0].energy_pj')" = true ] &&
    cmp "$(jq .energy_pj.crossbar $E/rw.$d.json)" ">" "$(jq .energy_pj.crossbar $E/rp.$d.json)" &&
    cmp "$(jq .energy_pj.leakage $E/run.$d.json)" ">" 0 && cmp "$(jq .energy_pj.power_mw $E/run.$d.json)" ">" 0 &&
    ok "$d: the run priced again equals its report; wider wires cost more ($(jq .energy_pj.total $E/run.$d.json) pJ)" || bad "$d reprice"
done
cmp "$(jq .energy_pj.collectors $E/run.malekeh.json)" ">" 0 && cmp "$(jq .energy_pj.cache $E/run.ltrf.json)" ">" 0 &&
  cmp "$(jq .energy_pj.rename $E/run.rename.json)" ">" 0 && cmp "$(jq .energy_pj.temp $E/run.hybrid.json)" ">" 0 &&
  [ "$(jq .energy_pj.cache $E/run.baseline.json)" = 0 ] && [ "$(jq .energy_pj.temp $E/run.baseline.json)" = 0 ] &&
  ok "each design is charged for its own structures (CCUs, LTRF cache, renaming table, RC/RSP), the baseline for none" || bad "structures per design"
cmp "$(jq .energy_pj.leakage $E/run.ltrf.json)" ">" "$(jq -n --slurpfile a $E/run.baseline.json --slurpfile b $E/run.ltrf.json '$a[0].energy_pj.leakage * $b[0].stats.cycles / $a[0].stats.cycles')" &&
  ok "LTRF leaks more per cycle than the baseline (its cache, WCB and AAU)" || bad "ltrf leakage"

section "energy model: bad input (exit 2, the file or field named)"
run "energy --run of a missing file" 2 $A energy --preset pascal --run $E/none.json
echo "$out" | grep -q "$E/none.json" && ok "the missing run file is named" || bad "missing run message" "$out"
echo '{"mode": "sim"}' > $E/nostats.json
run "energy --run of a file without statistics" 2 $A energy --preset pascal --run $E/nostats.json
echo "$out" | grep -q 'no "stats" object' && ok "a file without statistics is refused" || bad "no-stats message" "$out"
run "energy --run of a truncated file" 2 $A energy --preset pascal --run tests/run_energy.sh
for kv in mrf_tech=mram sram_f_nm=0 vdd_mv=50 array_eff_pct=0 array_eff_pct=101 wire_ff_per_mm=0 sram_e_bank_fj=0; do
  run "energy: bad $kv" 2 $A energy --preset pascal --set $kv
  echo "$out" | grep -q "'${kv%%=*}'" && ok "energy $kv: the message names ${kv%%=*}" || bad "energy $kv message" "$out"
done
run "baseline run with anchors the model cannot fit" 2 $A sim --preset pascal --set sram_p_table_uw=3000 --gen seed=1,blocks=1
echo "$out" | grep -q "field 'sram_p_table_uw'" && ok "every run is priced: a design without its own energy check stops too, naming the field" || bad "baseline anchor message" "$out"
