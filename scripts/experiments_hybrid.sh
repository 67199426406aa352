#!/usr/bin/env bash
# make experiments-hybrid: Bailey et al.'s evaluation (Figs. 3, 7-12, Secs. IV-B3, IV-D, III-A4)
# (with Fig. 4) on gpurf's SM model, preset maxwell (the paper's Table I): the workload suite
# (scripts/suite.txt; gen-hotspot is hotspot-like: a long arithmetic loop, few loads;
# gen-stream streamcluster-like: a tight loop with a load in the middle and many loop-carried
# registers). The RC, RSP and hybrid designs run the two-level scheduler (round-robin outer, GTO
# inner), the baseline GTO, as in Table I.
# Writes $OUT/hybrid$S.md (the paper's values beside ours, a sentence per difference),
# $OUT/hybrid$S.png (gnuplot: Figs. 9, 10, 7, 8) and every run's JSON under $OUT/json_hybrid$S.
# PORTS="R W": the RC's and RSP's read and write ports (default the paper's 6 and 2, S empty;
# otherwise S = _RrWw). ACCOUNT=monolithic: every run (the baseline too) under the hybrid paper's
# accounting, the main RF priced as one array (mrf_array monolithic, docs/energy.md; S gains
# _mono). QUICK=1: the quick workloads and fewer capacities.
set -eu
. scripts/exp_run.sh
PORTS=${PORTS:-6 2}
read -r RP WP <<< "$PORTS"
S=""; [ "$PORTS" = "6 2" ] || S="_${RP}r${WP}w"
ACCOUNT=${ACCOUNT:-banked}
AC=""; [ "$ACCOUNT" = banked ] || { S="${S}_mono"; AC="--set mrf_array=$ACCOUNT"; }
PT="--set rc_rports=$RP --set rc_wports=$WP"
exp_dir hybrid$S
SIZES="8 12 16 20 24"; [ "$QUICK" = 1 ] && SIZES="8 12 16"
exp_suite
exp_fit --design hybrid maxwell
names=$(exp_names)
P=maxwell
TL="--set scheduler=two_level $PT"
# KB/SM -> register-cache lines and scratchpad registers per warp (4 schedulers, 4 active warps,
# 128 B registers): lines = 2 x KB, registers = KB / 2
runs() {
  for n in $names; do
    echo "$n.base $P baseline"
    echo "$n.rc $P rc $TL --set rc_lines=24"
    echo "$n.rsp $P rsp $TL --set rsp_regs=6"
    echo "$n.hyb $P hybrid $TL"
    echo "$n.evict $P hybrid-evict $TL"
    echo "$n.life $P hybrid-lifetime $TL"
    echo "$n.rcpw $P rc $TL --set rc_lines=24 --set rc_partition=per_warp"
    echo "$n.rcidx $P rc $TL --set rc_lines=24 --set rc_index=reg"
    echo "$n.rchalf $P rc $TL --set rc_lines=24 --set energy_kb=6"
    echo "$n.rsphalf $P rsp $TL --set rsp_regs=6 --set energy_kb=6"
    for kb in $SIZES; do
      [ $kb = 12 ] && continue
      echo "$n.rc$kb $P rc $TL --set rc_lines=$((2 * kb))"
      echo "$n.rsp$kb $P rsp $TL --set rsp_regs=$((kb / 2))"
    done
    for kb in $SIZES; do echo "$n.hyb$kb $P hybrid $TL --set rc_lines=$kb --set rsp_regs=$((kb / 4))"; done
    for r in 1 3 4; do echo "$n.split$r $P hybrid $TL --set rsp_regs=$r --set rc_lines=$((24 - 4 * r))"; done
  done
}
runs | sed "s/\$/ $AC/" > "$JD/runs.txt"
exp_run "$JD/runs.txt" "$JD" experiments-hybrid

# register energy relative to the baseline (%); with a factor on the cache / scratchpad part
en() { awk -v k="$(exp_val $1 banks)" -v t="$(exp_val $1 temp)" -v f="${2:-1}" -v b="$(exp_val ${1%%.*}.base reg)" \
  'BEGIN { print 100 * (k + f * t) / b }'; }
# the run's RF dynamic energy, every part (crossbar, collectors, arbiter too), against the
# baseline's (%)
dyn() { awk -v a="$(exp_val $1 dynamic)" -v b="$(exp_val ${1%%.*}.base dynamic)" 'BEGIN { print 100 * a / b }'; }
# dyn with the energy model's estimate $2 times $3, both runs priced again
dyn_at() { awk -v a="$(exp_reprice "$JD" $1 $2 $3 dynamic)" \
  -v b="$(exp_reprice "$JD" ${1%%.*}.base $2 $3 dynamic)" 'BEGIN { print 100 * a / b }'; }
fmt() { awk -v x="$1" 'BEGIN { printf "%.1f", x }'; }
welide() { exp_pc $(( $(exp_val $1 reg_writes) - $(exp_val $1 rf_writes) )) "$(exp_val $1 reg_writes)"; }
relide() { exp_pc $(( $(exp_val $1 reg_reads) - $(exp_val $1 rf_reads) )) "$(exp_val $1 reg_reads)"; }
geo() { $G geomean --digits 1; }
gm() { for n in $names; do $1 $n.$2 ${3:-}; echo; done | awk NF | geo; }
# per structure (Sec. IV-C): writes into it from above less write-backs from it, over all
# writes; reads it serves over all reads
rsp_w() { exp_pc $(( $(exp_val $1 rsp_writes) - $(exp_val $1 rsp_writebacks) )) "$(exp_val $1 reg_writes)"; }
rc_w() { exp_pc $(( $(exp_val $1 rc_writes) - $(exp_val $1 rc_evictions) - $(exp_val $1 rsp_evict_fills) )) "$(exp_val $1 reg_writes)"; }
rsp_r() { exp_pc "$(exp_val $1 rsp_reads)" "$(exp_val $1 reg_reads)"; }
rc_r() { exp_pc "$(exp_val $1 rc_read_hits)" "$(exp_val $1 reg_reads)"; }
hit() { exp_pc "$(exp_val $1 rc_read_hits)" $(( $(exp_val $1 rc_read_hits) + $(exp_val $1 rc_read_misses) )); }
ips() { awk -v a="$(exp_val $1 instructions)" -v b="$(exp_val $1 strands_entered)" 'BEGIN { printf "%.1f", b ? a / b : 0 }'; }
young() { local s=0; for b in 0 1 2 3; do s=$((s + $(exp_val $1 age_$2_$b))); done; echo $s; }
ipc() { exp_pc "$(exp_val $1 ipc)" "$(exp_val ${1%%.*}.base ipc)"; }
lowest() { awk -v a="$1" -v b="$2" -v c="$3" 'BEGIN { exit !(c < a && c < b) }'; }
highest() { awk -v a="$1" -v b="$2" -v c="$3" 'BEGIN { exit !(c > a && c > b) }'; }

R=$OUT/hybrid$S.md
{
echo "# gpurf: hybrid register cache / scratchpad (Bailey et al.) evaluation metrics"
echo
echo "Preset \`$P\` (Table I), 12 KB/SM of temporary storage: RC 24 lines per scheduler, RSP 6"
echo "registers per active warp, hybrid 16 lines + 2 registers (8 KB + 4 KB). Register energy ="
echo "main-RF bank accesses + RC and RSP accesses and tag checks (sim/energy/energy.h), relative to"
echo "the baseline's main-RF bank accesses in the same workload; every structure priced by the one"
echo "SRAM model (gpurf energy --preset $P), the RC and RSP with $RP read and $WP write ports (the"
echo "paper's: 6 and 2), the main RF priced as $([ "$ACCOUNT" = banked ] && echo "its banks (the physical"
echo "structure)" || echo "one array of its capacity (the paper's CACTI accounting)") (mrf_array $ACCOUNT). Workloads:"; exp_workloads
echo
echo "## Summary: the paper's values beside ours (geomean over the workloads)"
echo
echo "| metric | paper | gpurf |"
echo "|---|---|---|"
echo "| Fig. 9 register energy RC / RSP / hybrid (%) | 47.9 / 47.1 / 38.7 | $(gm en rc) / $(gm en rsp) / $(gm en hyb) |"
echo "| Fig. 9 half-size power RC / RSP (%) | 45.1 / 43.1 | $(gm en rchalf) / $(gm en rsphalf) |"
echo "| RF dynamic energy, every part (crossbar, collectors), RC / RSP / hybrid (%) | - | $(gm dyn rc) / $(gm dyn rsp) / $(gm dyn hyb) |"
for k in $EXP_ESTIMATES; do for f in 0.5 2; do
  echo "| the same, $k x$f (%) | - | $(gm dyn_at rc "$k $f") / $(gm dyn_at rsp "$k $f") / $(gm dyn_at hyb "$k $f") |"
done; done
echo "| Fig. 10 writes elided RC / RSP / hybrid (%) | 73.3 / 58.1 / 78.3 | $(gm welide rc) / $(gm welide rsp) / $(gm welide hyb) |"
echo "| Fig. 10 reads elided RC / RSP / hybrid (%) | 71.5 / 64.8 / 75.5 | $(gm relide rc) / $(gm relide rsp) / $(gm relide hyb) |"
echo "| Fig. 11 in hybrid: writes RSP / RC, reads RSP / RC (%) | RSP > RC | $(gm rsp_w hyb) / $(gm rc_w hyb), $(gm rsp_r hyb) / $(gm rc_r hyb) |"
echo "| Fig. 11 RC read hit rate in hybrid (8 KB) / alone (12 KB) (%) | 51.3 / 71.5 | $(gm hit hyb) / $(gm hit rc) |"
exp_vs_reset "hybrid$S"
# what was measured about a difference: reads each structure serves, its own accesses' energy
# (of the baseline's register energy), write-backs and evictions that reach the main RF
tmp() { jq -n --slurpfile r "$JD/$1.json" --slurpfile b "$JD/${1%%.*}.base.json" '100 * $r[0].energy_pj.temp / $b[0].energy_pj.reg'; }
am() { for n in $names; do $1 $n.$2 ${3:-}; echo; done | awk NF | exp_mean; }
wback() { exp_pc "$(exp_val $1 rf_writes)" "$(exp_val $1 reg_writes)"; }
AL=""; [ "$ACCOUNT" = banked ] || AL=", MRF $ACCOUNT"
F9="Fig. 9 register energy ($RP R, $WP W ports$AL, %)"; F10="Fig. 10 writes elided ($RP R, $WP W ports$AL, %)"
for x in "rc RC" "rsp RSP" "hyb hybrid"; do set -- $x
  for n in $names; do exp_vs_w "$F9" "$2" $n "$(fmt $(en $n.$1))"; done; done
for x in "rc RC" "rsp RSP" "hyb hybrid"; do set -- $x
  for n in $names; do exp_vs_w "$F10" "$2" $n "$(welide $n.$1)"; done; done
while read -r set; do names_all=$names; names=$(exp_in_set "$set")
  for x in "rc RC 47.9" "rsp RSP 47.1" "hyb hybrid 38.7"; do set -- $x
    exp_vs "$F9" "$2" "$set" "$(gm en $1)" $3 "main-RF reads left $(am relide $1 | awk '{ print 100 - $1 }') %, writes left $(am wback $1) % of the register accesses; the cache's and scratchpad's own accesses cost $(am tmp $1) % of the baseline's register energy; RC read hit rate $(am hit $1) %, scratchpad reads $(am rsp_r $1) %"; done
  for x in "rc RC 73.3" "rsp RSP 58.1" "hyb hybrid 78.3"; do set -- $x
    exp_vs "$F10" "$2" "$set" "$(gm welide $1)" $3 "writes that reach the main RF: $(am wback $1) % of register writes (RSP write-backs and RC evictions of values still live); instructions per strand $(am ips rsp)"; done
  names=$names_all
done < <(exp_sets)
echo "| Fig. 4 RC register energy, shared / per-warp partition (%) | shared lower | $(gm en rc) / $(gm en rcpw) |"
echo "| RC set index (reg + warp) mod sets / reg mod sets: register energy, RC hit rate (%) | no index given | $(gm en rc) / $(gm en rcidx), $(gm hit rc) / $(gm hit rcidx) |"
echo "| Sec. IV-D register energy evict / lifetime / hybrid (%) | 43.7 / 39.8 / 38.7 | $(gm en evict) / $(gm en life) / $(gm en hyb) |"
echo "| IPC vs baseline RC / RSP / hybrid (%) | negligible change | $(gm ipc rc) / $(gm ipc rsp) / $(gm ipc hyb) |"
echo
echo "## Fig. 9 and 10 per workload"
echo
echo "| workload | energy RC | RSP | hybrid | half RC | half RSP | writes elided RC | RSP | hybrid | reads elided RC | RSP | hybrid | instructions / strand |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
for n in $names; do
  echo "| $n | $(fmt $(en $n.rc)) | $(fmt $(en $n.rsp)) | $(fmt $(en $n.hyb)) | $(fmt $(en $n.rchalf)) | $(fmt $(en $n.rsphalf)) | $(welide $n.rc) | $(welide $n.rsp) | $(welide $n.hyb) | $(relide $n.rc) | $(relide $n.rsp) | $(relide $n.hyb) | $(ips $n.rsp) |"
done
echo
echo "## Fig. 3: scratchpad elision vs dynamic instructions per strand"
echo
echo "| workload | instructions / strand | RSP writes elided (%) | RSP reads elided (%) |"
echo "|---|---|---|---|"
for n in $names; do echo "| $n | $(ips $n.rsp) | $(welide $n.rsp) | $(relide $n.rsp) |"; done
echo
echo "## Fig. 12: reads within 16 cycles of the register's last access, in hybrid"
echo
echo "| workload | RSP | RC | main RF |"
echo "|---|---|---|---|"
for n in $names; do echo "| $n | $(young $n.hyb rsp) | $(young $n.hyb rc) | $(young $n.hyb mrf) |"; done
echo
echo "## Fig. 7: register energy (%) by total capacity, hybrid split evenly"
echo
echo "| KB/SM | RC | RSP | hybrid |"
echo "|---|---|---|---|"
for kb in $SIZES; do
  s=$kb; [ $kb = 12 ] && s=""
  echo "| $kb | $(gm en rc$s) | $(gm en rsp$s) | $(gm en hyb$kb) |"
done
echo
echo "## Fig. 8: hybrid register energy (%) by the scratchpad's share of 12 KB/SM"
echo
echo "| RSP KB | RC KB | energy |"
echo "|---|---|---|"
for r in 1 2 3 4; do id=split$r; [ $r = 2 ] && id=hyb; echo "| $((2 * r)) | $((12 - 2 * r)) | $(gm en $id) |"; done
echo
echo "## Sec. IV-B3: balanced workloads (|RC - RSP| < 10 % of baseline, half-size power)"
echo
nb=0; nl=0; nw=0; nr=0; nu=0; nbeat=0
for n in $names; do
  a=$(en $n.rchalf); b=$(en $n.rsphalf); h=$(en $n.hyb)
  if awk -v a="$a" -v b="$b" 'BEGIN { d = a - b; exit !(d < 10 && d > -10) }'; then
    nb=$((nb + 1))
    lowest "$(en $n.rc)" "$(en $n.rsp)" "$h" && nl=$((nl + 1))
    highest "$(welide $n.rc)" "$(welide $n.rsp)" "$(welide $n.hyb)" && nw=$((nw + 1))
    highest "$(relide $n.rc)" "$(relide $n.rsp)" "$(relide $n.hyb)" && nr=$((nr + 1))
  else
    nu=$((nu + 1)); lowest "$(en $n.rc)" "$(en $n.rsp)" "$h" && nbeat=$((nbeat + 1))
  fi
done
echo "| metric | paper (Rodinia, 21) | gpurf ($(echo $names | wc -w)) |"
echo "|---|---|---|"
echo "| balanced | 13 | $nb |"
echo "| hybrid lowest energy / most writes / most reads elided, of the balanced | 9 / 11 / 7 | $nl / $nw / $nr |"
echo "| hybrid beats both, of the unbalanced | 3 of 8 | $nbeat of $nu |"
echo
echo "## RC and RSP energies x0.5 and x2: which orderings hold (geomean register energy, %)"
echo
echo "Register energy (banks and the RC / RSP) takes none of the energy model's estimates (array"
echo "efficiency, wire capacitance, arbiter: they price area, crossbars and arbitration); the rows"
echo "scale the RC and RSP part instead."
echo
echo "| factor | RC | RSP | hybrid | hybrid lowest |"
echo "|---|---|---|---|---|"
for f in 0.5 1 2; do
  a=$(gm en rc $f); b=$(gm en rsp $f); h=$(gm en hyb $f)
  echo "| $f | $a | $b | $h | $(lowest "$a" "$b" "$h" && echo yes || echo no) |"
done
echo
echo "## Area (Sec. III-A4)"
echo
echo "Storage beside the main register file (gpurf area --design hybrid); the paper reports die"
echo "area (+5.7 % RC, +3.6 % RSP, +4.7 % hybrid), which includes the rest of the GPU."
echo
echo '```'
$G area --preset $P --design hybrid
echo '```'
echo
echo "## Allocation candidates by what became of them (hybrid, per workload)"
echo
echo "The compiler's initial candidates (a register's reads before its first write in a strand, its"
echo "first write to its last read; gpurf strands --alloc, rspalloc.h): mapped, or the first rule"
echo "that refused them (saving: no energy saved at this accounting; no_register: no scratchpad"
echo "register free over the range; flow: a covered access outside the head's dominance or the"
echo "tail's post-dominance; mask: a write under a partial mask; global_load: a global load's"
echo "write; covered: an access already mapped). Candidates / the accesses they cover; a refused"
echo "candidate's reductions may still be mapped."
echo
whys="mapped saving no_register flow mask global_load covered rule"
echo "| workload | $(echo $whys | sed 's/ / | /g') |"
echo "|---$(for w in $whys; do printf '|---'; done)|"
for n in $names; do
  # shellcheck disable=SC2046
  $G strands --preset $P $PT $AC $(exp_stream_of $n) --alloc --json "$JD/$n.strands.json" > /dev/null
  echo "| $n | $(for w in $whys; do jq -r --arg w $w '[.kernels[].initial[$w]] | "\(map(.candidates) | add) / \(map(.accesses) | add)"' "$JD/$n.strands.json"; done | paste -sd'|' | sed 's/|/ | /g') |"
done
echo
echo "## Why ours differ"
echo
echo "- Fig. 9/10: our workloads are five kernels, not Rodinia's 21: the generated kernels' strands"
echo "  are short (a load's consumer every few instructions), so the scratchpad's share is smaller"
echo "  than in the paper's arithmetic-heavy applications, and the register cache's hit rate follows"
echo "  the generator's dependency distance (dep), not real code."
echo "- Ports decide the verdict. The paper gives access times, no energies (Sec. IV-A). Priced by"
echo "  CACTI's multi-ported cell (two wire pitches per port on each side, energy/sram.h), an access"
echo "  of the 6-read, 2-write RC or RSP costs more than one of a single-ported 16 KB main-RF bank"
echo "  (gpurf energy --preset $P: rc, rsp against mrf), so the compiler maps nothing to the RSP and"
echo "  the RC raises register energy; with one read and one write port (PORTS=\"1 1\": hybrid_1r1w.md)"
echo "  they save. The"
echo "  paper's savings need an RC access well below a bank access, which its text does not give."
echo "- Fig. 7/8: the capacity trend comes from the SRAM model's square-root growth with rows;"
echo "  the paper's rise past 12 KB needs its CACTI curve."
echo "- Sec. IV-D: hybrid-evict here writes the cache copy back and fills from the cache's data (one"
echo "  main-RF write, no extra main-RF read), so it costs less than the paper's variant."
echo "- Fig. 4: a per-warp partition pays for its flushes when warps leave the pool; how much the"
echo "  shared cache gains depends on how unevenly the active warps use it, which the generated"
echo "  kernels (every warp runs the same code) make small."
} > "$R"

# the plot's data: per workload energy, elision; capacity curves
{ for n in $names; do echo "$n $(en $n.rc) $(en $n.rsp) $(en $n.hyb) $(welide $n.rc) $(welide $n.rsp) $(welide $n.hyb) $(relide $n.rc) $(relide $n.rsp) $(relide $n.hyb)"; done; } > "$OUT/hybrid$S.dat"
{ for kb in $SIZES; do s=$kb; [ $kb = 12 ] && s=""
    echo "$kb $(gm en rc$s) $(gm en rsp$s) $(gm en hyb$kb)"; done; } > "$OUT/hybrid$S.kb.dat"
{ for r in 1 2 3 4; do id=split$r; [ $r = 2 ] && id=hyb; echo "$((2 * r)) $(gm en $id)"; done; } > "$OUT/hybrid$S.split.dat"
exp_plot "$OUT/hybrid$S.png" 1400,900 2,2 <<EOF
set style data histograms; set style histogram clustered; set style fill solid 0.8; set key below
set title "Fig. 9: register energy vs baseline (%), 12 KB/SM"
set yrange [0:*]
plot "$OUT/hybrid$S.dat" using 2:xtic(1) title "RC", "" using 3 title "RSP", "" using 4 title "hybrid"
set title "Fig. 10: writes (w) and reads (r) elided (%)"
set yrange [0:100]
plot "$OUT/hybrid$S.dat" using 5:xtic(1) title "RC w", "" using 6 title "RSP w", "" using 7 title "hybrid w", "" using 8 title "RC r", "" using 9 title "RSP r", "" using 10 title "hybrid r"
set style data linespoints; set xlabel "KB/SM"; set yrange [0:*]
set title "Fig. 7: register energy (%) by capacity (geomean)"
plot "$OUT/hybrid$S.kb.dat" using 1:2 title "RC", "" using 1:3 title "RSP", "" using 1:4 title "hybrid"
set xlabel "RSP KB of 12"
set title "Fig. 8: hybrid register energy (%) by RSP share (geomean)"
plot "$OUT/hybrid$S.split.dat" using 1:2 title "hybrid"
EOF
echo "experiments-hybrid: $R and $OUT/hybrid$S.png"
cat "$R"
