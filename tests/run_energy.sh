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
cmp "$(ev fermi rnt read_pj)" "==" 1.14 && cmp "$(ev fermi rnt leak_uw)" "==" 270 &&
  ok "the renaming-table anchor reproduced: $(ev fermi rnt read_pj) pJ, $(ev fermi rnt leak_uw) uW (Jeon Table 2: 1.14 pJ, 0.27 mW)" || bad "anchor not reproduced: $(ev fermi rnt read_pj) pJ"
etab pascal base
etab pascal p6 --set bank_ports=4
cmp "$(ev p6 mrf read_pj)" ">" "$(ev base mrf read_pj)" && cmp "$(ev p6 mrf area_um2)" ">" "$(ev base mrf area_um2)" &&
  cmp "$(ev p6 mrf leak_uw)" ">" "$(ev base mrf leak_uw)" &&
  ok "more ports: a bank access, area and leakage grow ($(ev base mrf read_pj) -> $(ev p6 mrf read_pj) pJ)" || bad "ports do not price"
cmp "$(ev base ocu read_pj)" "<" "$(ev base ccu read_pj)" && cmp "$(ev base ccu read_pj)" "<" "$(ev base mrf read_pj)" &&
  ok "more rows cost more: collector $(ev base ocu read_pj) < CCU $(ev base ccu read_pj) < bank $(ev base mrf read_pj) pJ" || bad "rows do not price"
for t in tfet_sram:0.13125 dwm:0.08125 lstp_sram:0.4; do
  etab pascal $t --set mrf_tech=${t%:*}
  r=$(awk -v a="$(ev $t mrf read_pj)" -v b="$(ev base mrf read_pj)" 'BEGIN { printf "%.5f", a / b }')
  [ "$r" = "$(printf %.5f ${t#*:})" ] && cmp "$(ev $t ocu read_pj)" "==" "$(ev base ocu read_pj)" &&
    ok "mrf_tech ${t%:*}: a bank costs ${t#*:} of HP SRAM's (LTRF Table 2), the collectors unchanged" || bad "mrf_tech ${t%:*}: ratio $r"
done
etab pascal dwmarea --set mrf_tech=dwm
cmp "$(ev dwmarea xbar wire_mm)" "<" "$(ev base xbar wire_mm)" && ok "a DWM register file is smaller, its crossbar shorter ($(ev dwmarea xbar wire_mm) mm)" || bad "dwm area"
etab pascal w2 --set wire_ff_per_mm=400
ratio "$(ev w2 xbar read_pj)" "$(ev base xbar read_pj)" 2 && cmp "$(ev w2 mrf read_pj)" "==" "$(ev base mrf read_pj)" &&
  ok "wire_ff_per_mm doubled: the crossbar costs twice, the banks the same" || bad "wire_ff_per_mm"
etab pascal v2 --set vdd_mv=480
ratio "$(ev v2 xbar read_pj)" "$(ev base xbar read_pj)" 0.25 && ok "vdd_mv halved: a wire crossing costs a quarter" || bad "vdd_mv"
etab pascal lb --set sram_line_bits=1024
[ "$(ev lb mrf slices)" = 1 ] && [ "$(ev base mrf slices)" = 8 ] && cmp "$(ev lb mrf read_pj)" ">" "$(ev base mrf read_pj)" &&
  cmp "$(ev lb rnt read_pj)" "==" "$(ev base rnt read_pj)" &&
  ok "sram_line_bits 1024: a warp register in one array instead of 8 slices costs more a read ($(ev base mrf read_pj) -> $(ev lb mrf read_pj) pJ); narrow tables unchanged" || bad "sram_line_bits"
cmp "$(ev base mrf write_pj)" ">" "$(ev base mrf read_pj)" && ok "a bank write costs more than a read ($(ev base mrf write_pj) vs $(ev base mrf read_pj) pJ: CACTI 7's ratio)" || bad "write energy"
etab pascal mono --set mrf_array=monolithic
[ "$(ev mono mrf instances)" = 1 ] && [ "$(ev mono mrf rows)" = "$(jq -n "$(ev base mrf rows) * $(ev base mrf instances)")" ] &&
  cmp "$(ev mono mrf read_pj)" ">" "$(jq -n "3 * $(ev base mrf read_pj)")" && cmp "$(ev mono rc read_pj)" "==" "$(ev base rc read_pj)" &&
  ok "mrf_array monolithic: the main RF one array of all its rows, an access $(ev mono mrf read_pj) pJ against a bank's $(ev base mrf read_pj)" || bad "mrf_array"
etab pascal sub --set xbar_span=subcore
[ "$(ev base xbar instances)" = 1 ] && [ "$(ev sub xbar instances)" = 4 ] && ratio "$(ev base xbar read_pj)" "$(ev sub xbar read_pj)" 2 &&
  cmp "$(ev sub pool_xbar read_pj)" "==" "$(ev base xbar read_pj)" &&
  ok "xbar_span subcore: a sub-core's crossbar, half the SM's length on 4 sub-cores ($(ev base xbar read_pj) -> $(ev sub xbar read_pj) pJ); the SM-wide pool's stays" || bad "xbar_span"
etab pascal aw --set xbar_account=accelwattch
etab pascal aw2 --set xbar_account=accelwattch --set xbar_flit_bits=256
[ "$(ev aw xbar bits)" = 128 ] && ratio "$(ev aw2 xbar read_pj)" "$(ev aw xbar read_pj)" 4 &&
  ratio "$(ev aw2 rfc_xbar read_pj)" "$(ev aw rfc_xbar read_pj)" 4 && cmp "$(ev aw xbar read_pj)" "<" "$(ev base xbar read_pj)" &&
  cmp "$(ev aw mrf read_pj)" "==" "$(ev base mrf read_pj)" &&
  ok "xbar_account accelwattch: a 128-bit flit across a banks x collectors matrix ($(ev base xbar read_pj) -> $(ev aw xbar read_pj) pJ); twice the flit, four times the energy" || bad "xbar_account"
etab pascal awpitch --set xbar_account=accelwattch --set sram_f_nm=80
etab pascal p16 --set xbar_pitch_f=16
ratio "$(ev awpitch xbar wire_mm)" "$(ev aw xbar wire_mm)" 2 && ok "xbar_account accelwattch: the wire pitch follows the feature size (8 F)" || bad "accelwattch pitch"
etab pascal awp16 --set xbar_account=accelwattch --set xbar_pitch_f=16
etab pascal aww2 --set xbar_account=accelwattch --set wire_ff_per_mm=400
ratio "$(ev awp16 xbar read_pj)" "$(ev aw xbar read_pj)" 2 && ratio "$(ev awp16 xbar read_pj)" "$(ev aww2 xbar read_pj)" 1 &&
  cmp "$(ev awp16 mrf read_pj)" "==" "$(ev aw mrf read_pj)" && cmp "$(ev p16 xbar read_pj)" "==" "$(ev base xbar read_pj)" &&
  ok "xbar_pitch_f doubled: the AccelWattch crossbar costs twice, as wire_ff_per_mm doubled; the wire accounting and the banks unchanged" || bad "xbar_pitch_f"
etab pascal own --set ccu_data=own
[ "$(ev base ccu rows)" = "$(ev base ocu rows)" ] && [ "$(ev own ccu rows)" = "$(jq .ccu_slots presets/pascal.json)" ] &&
  cmp "$(ev own ccu read_pj)" ">" "$(ev base ccu read_pj)" && cmp "$(ev base ccu read_pj)" ">" "$(ev base ocu read_pj)" &&
  ok "ccu_data: ocu prices a CCU as the OCU's rows with its D port ($(ev base ccu read_pj) pJ, OCU $(ev base ocu read_pj)), own as its $(ev own ccu rows) slots ($(ev own ccu read_pj))" || bad "ccu_data"
etab pascal rb --set rc_priced_banks=4
[ "$(ev rb rc rows)" = 4 ] && [ "$(ev rb rc instances)" = 16 ] && cmp "$(ev rb rc read_pj)" "<" "$(ev base rc read_pj)" &&
  cmp "$(ev rb rsp read_pj)" "==" "$(ev base rsp read_pj)" &&
  ok "rc_priced_banks 4: the register cache priced as 4 banks of 4 lines a scheduler, an access touching one ($(ev base rc read_pj) -> $(ev rb rc read_pj) pJ)" || bad "rc_priced_banks"
etab pascal tp1 --set temp_priced_ports=1
[ "$(ev tp1 rc ports)" = 1 ] && [ "$(ev base rc ports)" = 8 ] && cmp "$(ev tp1 rsp read_pj)" "<" "$(ev base rsp read_pj)" &&
  cmp "$(ev tp1 mrf read_pj)" "==" "$(ev base mrf read_pj)" &&
  ok "temp_priced_ports 1: the register cache and scratchpad priced single-ported ($(ev base rc read_pj) -> $(ev tp1 rc read_pj) pJ)" || bad "temp_priced_ports"
etab pascal f2 --set sram_f_nm=80
ratio "$(ev f2 mrf area_um2)" "$(ev base mrf area_um2)" 4 && ok "sram_f_nm doubled: four times the area" || bad "sram_f_nm"
etab pascal eb --set sram_e_bank_fj=9360
etab pascal pb --set sram_p_bank_uw=3000
cmp "$(ev eb mrf read_pj)" ">" "$(ev base mrf read_pj)" && cmp "$(ev pb mrf leak_uw)" ">" "$(ev base mrf leak_uw)" && cmp "$(ev eb mrf leak_uw)" "==" "$(ev base mrf leak_uw)" &&
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
# AccelWattch's accounting: a flit per warp operand read (main RF and cache), writes not charged
for d in baseline ltrf; do
  $G energy --preset pascal --set xbar_account=accelwattch --run $E/run.$d.json --json $E/ra.$d.json > /dev/null 2>&1
  want=$(jq -n --slurpfile r $E/run.$d.json --slurpfile t $E/aw.json \
    '$r[0].stats as $s | ($s.rf_reads // 0) * $t[0].structures.xbar.read_pj + ($s.rfc_reads // 0) * $t[0].structures.rfc_xbar.read_pj')
  ratio "$(jq .energy_pj.crossbar $E/ra.$d.json)" "$want" 1 && cmp "$(jq .energy_pj.banks $E/ra.$d.json)" "==" "$(jq .energy_pj.banks $E/rp.$d.json)" &&
    ok "$d under xbar_account accelwattch: crossbar = reads x a flit ($(jq .energy_pj.crossbar $E/rp.$d.json) -> $(jq .energy_pj.crossbar $E/ra.$d.json) pJ), banks unchanged" || bad "$d accelwattch crossbar" "$(jq .energy_pj.crossbar $E/ra.$d.json) want $want"
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
for kv in mrf_tech=mram sram_f_nm=0 vdd_mv=50 sram_line_bits=0 mrf_array=flat temp_priced_ports=999 xbar_span=gpu xbar_account=mcpat xbar_flit_bits=0 xbar_pitch_f=0 ccu_data=big rc_priced_banks=0 wire_ff_per_mm=0 sram_e_bank_fj=0; do
  run "energy: bad $kv" 2 $A energy --preset pascal --set $kv
  echo "$out" | grep -q "'${kv%%=*}'" && ok "energy $kv: the message names ${kv%%=*}" || bad "energy $kv message" "$out"
done
run "baseline run with anchors the model cannot fit" 2 $A sim --preset pascal --set sram_p_table_uw=3000 --gen seed=1,blocks=1
echo "$out" | grep -q "field 'sram_p_table_uw'" && ok "every run is priced: a design without its own energy check stops too, naming the field" || bad "baseline anchor message" "$out"

section "the SRAM law against CACTI 7 (gpurf energy --check)"
GRID=../shared/reference/cacti7/grid.tsv
run "energy --check" 0 $G energy --check --json $E/check.json
[ "$(jq .pass $E/check.json)" = true ] && cmp "$(jq .worst_used $E/check.json)" "<=" 0.25 &&
  [ "$(jq '[.points[] | select(.used_by != "")] | length' $E/check.json)" -ge 10 ] &&
  [ "$(jq '.points | length' $E/check.json)" = 144 ] &&
  ok "every point the presets use within 25 % of CACTI 7 (largest $(jq .worst_used $E/check.json)), 144 points compared" || bad "energy --check" "$out"
# a used point moved by 40 % fails the check
used=$(jq -r '[.points[] | select(.used_by != "")][0] | "\(.capacity_bytes) \(.line_bits) \(.ports)"' $E/check.json)
awk -F'\t' -v OFS='\t' -v u="$used" 'BEGIN { split(u, x, " ") } NR > 1 && $1 == 40 && $2 == x[1] && $3 == x[2] && $5 + $6 + $7 == x[3] { $10 *= 1.4 } 1' $GRID > $E/grid.moved.tsv
run "energy --check of a grid with a used point moved" 1 $G energy --check --grid $E/grid.moved.tsv
echo "$out" | grep -q "off CACTI 7 by" && ok "a used point 40 % off fails the check (exit 1)" || bad "moved grid" "$out"
sed '3s/\t128\t/\tx128\t/' $GRID > $E/grid.bad.tsv
run "energy --check of a bad grid" 2 $A energy --check --grid $E/grid.bad.tsv
echo "$out" | grep -q "grid.bad.tsv:3: field 'line_bits'" && ok "a bad grid field is named with its line" || bad "bad grid message" "$out"
run "energy --check of a missing grid" 2 $A energy --check --grid $E/none.tsv
# the law's constants are what scripts/sram_fit.py fits on the grid
scripts/sram_fit.py $GRID > $E/sram_fit.h 2> /dev/null && diff -q $E/sram_fit.h sim/energy/sram_fit.h > /dev/null &&
  ok "sim/energy/sram_fit.h is scripts/sram_fit.py's fit of the grid" || bad "sram_fit.h differs from the fit (scripts/sram_fit.py $GRID > sim/energy/sram_fit.h)"

section "the hybrid paper's accounting (mrf_array monolithic): the scratchpad used"
for p in maxwell pascal; do
  for d in rsp hybrid hybrid-evict hybrid-lifetime; do
    $G sim --design $d --preset $p --set scheduler=two_level --set mrf_array=monolithic \
      --trace $T/matrixmul-sm61/kernelslist.g --json $E/mono.$d.$p.json > /dev/null 2> $E/mono.$d.$p.err
  done
  run "hybrid on $p, banked accounting" 0 $G sim --design hybrid --preset $p --set scheduler=two_level --trace $T/matrixmul-sm61/kernelslist.g
  echo "$out" | grep -q "scratchpad allocator maps nothing.*mrf_array=monolithic" && [ ! -s $E/mono.hybrid.$p.err ] &&
    ok "$p: banked, the run says the allocator maps nothing and names mrf_array; monolithic, it says nothing" || bad "$p: the nothing-mapped note" "$out"
  n=$(for d in rsp hybrid hybrid-evict hybrid-lifetime; do jq .stats.rsp_reads $E/mono.$d.$p.json; done | awk '$1 > 0' | wc -l)
  k=$(for d in hybrid hybrid-evict hybrid-lifetime; do jq -c '[.stats.rsp_reads, .stats.rc_read_hits, .stats.cycles]' $E/mono.$d.$p.json; done | sort -u | wc -l)
  [ "$n" = 4 ] && [ "$k" = 3 ] && [ "$(jq .stats.value_errors $E/mono.hybrid.$p.json)" = 0 ] &&
    ok "$p, monolithic: rsp and the three hybrids read the scratchpad, and the hybrids differ ($(jq .stats.rsp_reads $E/mono.hybrid.$p.json) scratchpad reads)" || bad "$p monolithic: $n designs use the scratchpad, $k distinct hybrids"
done
