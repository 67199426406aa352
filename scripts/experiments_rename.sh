#!/usr/bin/env bash
# make experiments-rename: Jeon and Annavaram's evaluation metrics (Secs. 4.4, 5.2, 7.1, 8.2-8.3,
# Figs. 2 and 9-13) on gpurf's SM model, preset fermi (the paper's Table 1): the workload suite
# (scripts/suite.txt: its gen-temps kernels make Fig. 3(a)'s r12, r0 and r2 patterns with the
# generator's temps knob; gen-temps32's table exceeds the 1 KB budget); design rename under
# each allocation policy, scheduler, mapping time and table budget beside the baseline.
# Writes $OUT/rename.md (the paper's values beside ours, a sentence per difference),
# $OUT/rename.png (gnuplot: Fig. 9 savings, Fig. 10a energy, Fig. 2 utilization over time from
# --reg-log) and the JSON of every run under $OUT/json_rename. QUICK=1: the
# suite's quick workloads.
set -eu
. scripts/exp_run.sh
exp_dir rename
exp_suite
exp_fit --design rename fermi
names=$(exp_names)
P=fermi
runs() {
  for n in $names; do
    echo "$n.base $P baseline"
    echo "$n.rn $P rename --reg-log $JD/$n.reglog"
    for pol in spread first; do echo "$n.$pol $P rename --set rn_policy=$pol"; done
    echo "$n.iss $P rename --set rn_alloc=issue"
    echo "$n.nolimit $P rename --set rn_table_bits=0"
    echo "$n.nba $P rename --set rn_bank_aware=0"
    for s in gto lrr; do
      echo "$n.base_$s $P baseline --set scheduler=$s"
      echo "$n.rn_$s $P rename --set scheduler=$s"
    done
  done
}
runs > "$JD/runs.txt"
exp_run "$JD/runs.txt" "$JD" experiments-rename
for w in "${WL[@]}"; do
  $G releases --preset $P ${w#*|} --json "$JD/${w%%|*}.releases.json" > /dev/null
done

rel() { jq -r "[.kernels[].$2] | add" "$JD/$1.releases.json"; }
# Sec. 8.2: "the number of registers that are ever allocated" against the baseline's
# reservation (save); the peak allocated at once as a second figure (save_peak)
save() { exp_pc $(( $(exp_val $1 reserved_peak) - $(exp_val $1 phys_distinct) )) "$(exp_val $1 reserved_peak)"; }
# the time average: register-cycles allocated over those the baseline reserves
avg() { awk -v a="$(exp_val $1 reg_cycles_alloc)" -v b="$(exp_val $1 reg_cycles_reserved)" 'BEGIN { printf "%.3f", b ? a / b : 0 }'; }
save_peak() { exp_pc $(( $(exp_val $1 reserved_peak) - $(exp_val $1 phys_peak) )) "$(exp_val $1 reserved_peak)"; }
chg() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%+.1f", b ? 100 * (a / b - 1) : 0 }'; }
R=$OUT/rename.md
{
echo "# gpurf: register renaming (Jeon and Annavaram) evaluation metrics"
echo
echo "Preset \`$P\` (Table 1). Workloads:"; exp_workloads
echo
echo "Register saving = 1 - (physical registers ever allocated, Sec. 8.2) / (most registers the"
echo "baseline reserves at once: resident warps x the kernel's registers); the peak saving puts the"
echo "most registers allocated at once in the numerator. Static power: leakage energy of the run"
echo "(the energy model's bank leakage, anchored to Table 2's 2.8 mW per 4 KB) under each gating, against the same gating"
echo "applied to the baseline allocation (a register or sub-array on from its first write to the"
echo "kernel's end), in the same run."
echo
echo "## Summary: the paper's values beside ours"
echo
echo "| metric | paper | gpurf (mean over the workloads) |"
echo "|---|---|---|"
m_save=$(for n in $names; do save $n.rn; echo; done | exp_mean)
exp_vs_reset rename
# the report's values of workload $1 and what was measured about them: the saving at the peak,
# registers live over reserved in the first 10K cycles, the saving lost to Eq. 1's exemptions,
# the leakage that the baseline's own gating leaves (of the ungated file's)
v_save() { save $1.rn; echo; }
v_sa() { chg $(exp_val $1.rn static_pj_subarray) $(exp_val $1.rn static_pj_base_subarray); echo; }
v_reg() { chg $(exp_val $1.rn static_pj_reg) $(exp_val $1.rn static_pj_base_reg); echo; }
v_peak() { save_peak $1.rn; echo; }
v_util() { exp_pc $(exp_val $1.rn util_live_10k) $(exp_val $1.rn util_reserved_10k); echo; }
v_loss() { awk -v a=$(save $1.nolimit) -v b=$(save $1.rn) 'BEGIN { printf "%.1f\n", a - b }'; }
v_left() { exp_pc $(exp_val $1.rn static_pj_base_$2) $(exp_val $1.rn static_pj_all); echo; }
ms() { local n; for n in $2; do $1 $n ${3:-}; done | exp_mean; }
F9="Fig. 9 register savings (%)"; F10="Fig. 10a static power vs baseline gating (%)"
for n in $names; do exp_vs_w "$F9" consolidate $n "$(v_save $n)"; exp_vs_w "$F10" sub-array $n "$(v_sa $n)"
  exp_vs_w "$F10" register $n "$(v_reg $n)"; done
while read -r set; do ns=$(exp_in_set "$set")
  exp_vs "$F9" consolidate "$set" "$(ms v_save "$ns")" 30 "at the peak (registers allocated at once) $(ms v_peak "$ns") %; registers live over those reserved, first 10K cycles: $(ms v_util "$ns") %; Eq. 1's exemptions (1 KB table) cost $(ms v_loss "$ns") points"
  exp_vs "$F10" sub-array "$set" "$(ms v_sa "$ns")" -23 "the baseline's own sub-array gating already leaves $(ms v_left "$ns" subarray) % of the ungated file's leakage"
  exp_vs "$F10" register "$set" "$(ms v_reg "$ns")" -26 "the baseline's own register gating already leaves $(ms v_left "$ns" reg) % of the ungated file's leakage; renaming saves $(ms v_save "$ns") % of the registers"
done < <(exp_sets)
m_peak=$(for n in $names; do save_peak $n.rn; echo; done | exp_mean)
m_nba=$(for n in $names; do save $n.nba; echo; done | exp_mean)
m_sa_nba=$(for n in $names; do chg $(exp_val $n.nba static_pj_subarray) $(exp_val $n.nba static_pj_base_subarray); echo; done | exp_mean)
m_pol=$(for pol in spread first; do echo -n "$pol $(for n in $names; do save $n.$pol; echo; done | exp_mean) %, "; done)
m_sa=$(for n in $names; do chg $(exp_val $n.rn static_pj_subarray) $(exp_val $n.rn static_pj_base_subarray); echo; done | exp_mean)
m_reg=$(for n in $names; do chg $(exp_val $n.rn static_pj_reg) $(exp_val $n.rn static_pj_base_reg); echo; done | exp_mean)
m_rs=$(for n in $names; do exp_pc $(exp_val $n.rn rnt_static_pj) $(exp_val $n.rn static_pj_all); echo; done | exp_mean)
m_rd=$(for n in $names; do exp_pc $(exp_val $n.rn rnt_dynamic_pj) $(exp_val $n.rn banks); echo; done | exp_mean)
m_st=$(for n in $names; do exp_pc $(exp_val $n.rn static_flag_insts) $(exp_val $n.rn static_insts); echo; done | exp_mean)
m_dy=$(for n in $names; do exp_pc $(( $(exp_val $n.rn rn_pirs) + $(exp_val $n.rn rn_pbrs) )) $(exp_val $n.rn instructions); echo; done | exp_mean)
m_cy=$(for n in $names; do chg $(exp_val $n.rn cycles) $(exp_val $n.base cycles); echo; done | exp_mean)
m_ut=$(for n in $names; do exp_pc $(exp_val $n.rn util_live_10k) $(exp_val $n.rn util_reserved_10k); echo; done | exp_mean)
m_pbr=$(for n in $names; do awk -v a=$(exp_val $n.rn rn_pbr_releases) -v b=$(exp_val $n.rn rn_pbrs) 'BEGIN { if (b) printf "%.2f\n", a / b }'; done | exp_mean)
m_loss=$(for n in $names; do awk -v a=$(save $n.nolimit) -v b=$(save $n.rn) 'BEGIN { printf "%.1f\n", a - b }'; done | exp_mean)
echo "| register savings (Fig. 9), consolidate | 30 % avg; dct8x8 least | $m_save % (${m_pol%, }); at the peak $m_peak % |"
echo "| bank-aware allocation off (our assumption): saving, sub-array gating | - | $m_nba %, $m_sa_nba % |"
echo "| static power vs baseline gating (Fig. 10a) | -23 % sub-array, -26 % register | $m_sa % sub-array, $m_reg % register |"
echo "| rnt static / dynamic overhead | 1.2 % / 0.02 % (Table 2 implies ~3 % if every operand looks up the rnt) | $m_rs % / $m_rd % of the register file's |"
echo "| Eq. 1 saving loss from exemptions (Fig. 11) | < 1 % | $m_loss points of saving |"
echo "| static / dynamic instructions / cycles (Fig. 12) | +11 % / < 2 % / +1 % (bfs +8 %) | +$m_st % / +$m_dy % / $m_cy % |"
echo "| utilization, first 10K cycles (Fig. 2) | vectorAdd 100 % by ~2K cycles; others about half | $m_ut % (allocated / reserved) |"
echo "| registers per pbr (Sec. 5.2) | < 2 | $m_pbr |"
echo
echo "## Fig. 9: register savings per allocation policy; Fig. 13: per scheduler"
echo
echo "| workload | reserved peak | consolidate | spread | first | at the peak (consolidate) | issue-time mapping: saving, cycles vs baseline | not bank-aware | ids used (consolidate / spread / first) | two-level | gto | lrr | allocated / reserved, time average (two-level / gto / lrr) | cycles vs baseline (two-level / gto / lrr) |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
for n in $names; do
  echo "| $n | $(exp_val $n.rn reserved_peak) | $(save $n.rn) % | $(save $n.spread) % | $(save $n.first) % | $(save_peak $n.rn) % | $(save $n.iss) %, $(chg $(exp_val $n.iss cycles) $(exp_val $n.base cycles)) % | $(save $n.nba) % | $(exp_val $n.rn phys_distinct) / $(exp_val $n.spread phys_distinct) / $(exp_val $n.first phys_distinct) | $(save $n.rn) % | $(save $n.rn_gto) % | $(save $n.rn_lrr) % | $(avg $n.rn) / $(avg $n.rn_gto) / $(avg $n.rn_lrr) | $(chg $(exp_val $n.rn cycles) $(exp_val $n.base cycles)) / $(chg $(exp_val $n.rn_gto cycles) $(exp_val $n.base_gto cycles)) / $(chg $(exp_val $n.rn_lrr cycles) $(exp_val $n.base_lrr cycles)) % |"
done
echo
echo "## Fig. 10: static energy (pJ) and the renaming table's overhead"
echo
echo "| workload | no gating | baseline register gating | renamed, register gating | baseline sub-array gating | renamed, sub-array gating | retention line | rnt static | rnt dynamic | bank dynamic |"
echo "|---|---|---|---|---|---|---|---|---|---|"
for n in $names; do
  echo "| $n | $(exp_val $n.rn static_pj_all) | $(exp_val $n.rn static_pj_base_reg) | $(exp_val $n.rn static_pj_reg) ($(chg $(exp_val $n.rn static_pj_reg) $(exp_val $n.rn static_pj_base_reg)) %) | $(exp_val $n.rn static_pj_base_subarray) | $(exp_val $n.rn static_pj_subarray) ($(chg $(exp_val $n.rn static_pj_subarray) $(exp_val $n.rn static_pj_base_subarray)) %) | $(exp_val $n.rn static_pj_retention) | $(exp_val $n.rn rnt_static_pj) | $(exp_val $n.rn rnt_dynamic_pj) | $(exp_val $n.rn banks) |"
done
echo
echo "## Fig. 11 and Sec. 7.1: Eq. 1 and exemptions; Fig. 12 and Sec. 5: flag instructions"
echo
echo "| workload | registers | warps | Eq. 1 full | constrained | exempt | saving, 1 KB / no limit | static flag instructions | pirs issued / flag-cache hits | pbrs (registers each) | cycles vs baseline |"
echo "|---|---|---|---|---|---|---|---|---|---|---|"
for n in $names; do
  echo "| $n | $(rel $n registers) | $(rel $n warps) | $(rel $n eq1_full_bits) bits | $(rel $n eq1_bits) bits | $(jq '[.kernels[].exempt | length] | add' $JD/$n.releases.json) | $(save $n.rn) / $(save $n.nolimit) % | $(exp_val $n.rn static_flag_insts) of $(exp_val $n.rn static_insts) | $(exp_val $n.rn rn_pirs) / $(exp_val $n.rn rflc_hits) | $(exp_val $n.rn rn_pbrs) ($(awk -v a=$(exp_val $n.rn rn_pbr_releases) -v b=$(exp_val $n.rn rn_pbrs) 'BEGIN { printf "%.2f", b ? a / b : 0 }')) | $(chg $(exp_val $n.rn cycles) $(exp_val $n.base cycles)) % |"
done
echo
echo "## Differences from the paper"
echo
echo "- Register savings: the paper's applications are Rodinia and CUDA SDK kernels compiled by"
echo "  nvcc 4.0; ours are the suite's traces (Pascal to Hopper) and generated kernels, so the"
echo "  fraction of short-lived registers differs: a generated kernel without the temps knob reads"
echo "  every register in its loop and keeps them live, which is why its saving is small."
echo "- Sub-array gating: with 4 sub-arrays of 64 rows per bank, a kernel that reserves nearly all"
echo "  1024 registers keeps most sub-arrays on under either allocation; the paper's -23 % comes"
echo "  from applications that leave more of the file unused."
echo "- The rnt's dynamic overhead: Table 2's 1.14 pJ per table access against 8 x 4.68 pJ per warp"
echo "  register (8 clusters' 128-bit entries) is about 3 % per renamed operand; the paper's 0.02 %"
echo "  cannot follow from its Table 2 unless almost no operand looks the table up."
echo "- Flag instructions: a static pir per 18 instructions and per block, and pbrs at"
echo "  reconvergence points; their dynamic share is below the static one because the"
echo "  release-flag cache skips most pirs."
} > "$R"
{ for n in $names; do echo "$n $(save $n.rn) $(save $n.spread) $(save $n.first) $(chg $(exp_val $n.rn static_pj_subarray) $(exp_val $n.rn static_pj_base_subarray)) $(chg $(exp_val $n.rn static_pj_reg) $(exp_val $n.rn static_pj_base_reg))"; done; } > "$OUT/rename.dat"
exp_plot "$OUT/rename.png" 1200,450 1,3 <<EOF
set style data histograms; set style histogram clustered; set style fill solid 0.8; set key below
set title "Fig. 9 metric: register savings (%) per policy (fermi)"
set yrange [0:*]
plot "$OUT/rename.dat" using 2:xtic(1) title "consolidate", "" using 3 title "spread", "" using 4 title "first"
set title "Fig. 10a metric: static energy vs baseline gating (%)"
set yrange [*:0]
plot "$OUT/rename.dat" using 5:xtic(1) title "sub-array gating", "" using 6 title "register gating"
set style data lines; set xlabel "cycle"; set xrange [0:10000]; set yrange [0:105]
set title "Fig. 2 metric: allocated / reserved (%), first 10K cycles"
plot for [n in "$names"] "$JD/".n.".reglog" using 1:(\$4 > 0 ? 100 * \$2 / \$4 : 1/0) title n
EOF
echo "experiments-rename: $R and $OUT/rename.png"
cat "$R"
