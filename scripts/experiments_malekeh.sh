#!/usr/bin/env bash
# make experiments-malekeh: Malekeh's evaluation metrics (Secs. 9.1-9.4, Figs. 3 and 6-8) on
# gpurf's SM model: the workload suite (scripts/suite.txt) on presets turing (the paper's
# Table 1) and pascal; designs baseline, ideal, malekeh with adaptive and fixed STHLD, with one
# CCU pool per SM (the default) and per sub-core (ccu_pool subcore). Sweeps on turing: fixed
# STHLD (Fig. 3), RTHLD, hint source, CT size, D ports, ablation, and STHLD's trajectory on a
# two-kernel list (a high-reuse kernel, then a low-reuse one, long enough for tens of
# intervals each: the adaptive threshold's own probe, not a workload).
# Writes $OUT/malekeh.md (the paper's values beside ours), $OUT/malekeh.png (gnuplot) and the
# JSON of every run under $OUT/json_malekeh. QUICK=1: the quick workloads, few points.
set -eu
. scripts/exp_run.sh
exp_dir malekeh
if [ "$QUICK" = 1 ]; then
  STHLDS="0 32"; RTHLDS="1 10"; SLOTS="6 8"; PRESETS="turing"; TWO_IV=200
  TWO_HI="seed=3,blocks=2,warps=8,regs=32,insts=24,loops=3,window=4,dep=80"
  TWO_LO="seed=4,blocks=2,warps=8,regs=96,insts=24,loops=3,dep=10"
else
  STHLDS="0 8 16 32 64 128"; RTHLDS="1 3 10 30 100"; SLOTS="6 8 12 16"; PRESETS="turing pascal"
  TWO_IV=$(jq .sthld_interval presets/turing.json)
  # long enough for tens of the preset's intervals per kernel
  TWO_HI="seed=3,blocks=64,warps=8,regs=32,insts=48,loops=24,window=4,dep=80"
  TWO_LO="seed=4,blocks=64,warps=8,regs=96,insts=48,loops=24,dep=10"
fi
exp_suite
exp_fit --design malekeh turing pascal
# the two-kernel list: the high-reuse kernel, then the low-reuse one
TK=$OUT/malekeh_two_kernels
rm -rf "$TK"; mkdir -p "$TK"
$G gen "$TWO_HI" --out "$TK/a" > /dev/null
$G gen "$TWO_LO" --out "$TK/b" > /dev/null
cp "$TK/a/kernel-1.traceg" "$TK/kernel-1.traceg"
sed 's/^-kernel id = 1/-kernel id = 2/' "$TK/b/kernel-1.traceg" > "$TK/kernel-2.traceg"
printf 'kernel-1.traceg\nkernel-2.traceg\n' > "$TK/kernelslist.g"
WL+=("two|--trace $TK/kernelslist.g")
MK="malekeh --set reuse_src=oracle"
# no STHLD wait at all: STHLD 0 with the counter every grant resets (the paper's counter waits
# one cycle at STHLD 0)
NOWAIT="--set sthld_mode=fixed --set sthld_init=0 --set sthld_counter=grant"

# one run per line: json-name preset design extra-args...
runs() {
  for w in "${WL[@]}"; do n=${w%%|*}; [ $n = two ] && continue
    for p in $PRESETS; do
      echo "$n.$p.base $p baseline"
      echo "$n.$p.ideal $p ideal"
      echo "$n.$p.mk $p $MK"
      echo "$n.$p.mkfix $p $MK --set sthld_mode=fixed --set sthld_init=16"
      echo "$n.$p.mksc $p $MK --set ccu_pool=subcore"
    done
    for s in $STHLDS; do echo "$n.sthld.$s turing $MK --set sthld_mode=fixed --set sthld_init=$s"
      echo "$n.sthldg.$s turing $MK --set sthld_mode=fixed --set sthld_init=$s --set sthld_counter=grant"; done
    for r in $RTHLDS; do echo "$n.rthld.$r turing $MK --set rthld=$r"; done
    for src in static none; do echo "$n.src.$src turing $MK --set reuse_src=$src"; done
    echo "$n.precise turing $MK --set reuse_bits=4"
    for s in $SLOTS; do echo "$n.slots.$s turing $MK --set ccu_slots=$s"; done
    echo "$n.wb2.base turing baseline --set wb_ports=2"
    for d in 1 2; do echo "$n.dports.$d turing $MK --set wb_ports=2 --set ccu_dports=$d"; done
    echo "$n.abl.ccu turing $MK --set ccu_priority=0 $NOWAIT"
    echo "$n.abl.sched turing $MK $NOWAIT"
    echo "$n.abl.fixed turing $MK --set sthld_mode=fixed --set sthld_init=16"
  done
  echo "two.turing.mk turing $MK --set sthld_interval=$TWO_IV --sthld-log $JD/two.sthld.log"
  echo "two.turing.mkfix turing $MK $NOWAIT"
  echo "two.turing.base turing baseline"
}
runs > "$JD/runs.txt"
exp_run "$JD/runs.txt" "$JD" experiments-malekeh

div() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", b ? a / b : 0 }'; }
pct() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%+.1f %%", b ? 100 * (a / b - 1) : 0 }'; }
use() { awk -v a="$(exp_val $1 bank_read_use)" 'BEGIN { printf "%.1f %%", 100 * a }'; }
hit() { div "$(exp_val $1 ccu_hits)" "$(( $(exp_val $1 ccu_hits) + $(exp_val $1 ccu_misses) ))"; }
names=""; for w in "${WL[@]}"; do [ "${w%%|*}" = two ] || names="$names ${w%%|*}"; done
reg_bits=8
storage() { # bits of one SM's CCU state on preset $1 (CT: tag, lock, near, LRU; OCT: index)
  local s c m; s=$(jq .ccu_slots presets/$1.json); c=$(jq .collectors presets/$1.json); m=$(jq .max_srcs presets/$1.json)
  local ib; ib=$(awk -v s=$s 'BEGIN { b = 0; while (2 ^ b < s) b++; print b }')
  echo $(( c * (s * (reg_bits + 2 + ib) + m * ib) ))
}
R=$OUT/malekeh.md
{
echo "# gpurf: Malekeh evaluation metrics"
echo
echo "Workloads:"; exp_workloads
echo
echo "## Figs. 6-8 metrics: IPC and RF dynamic energy against the baseline, read hit ratio"
echo
echo "| workload | preset | bank-read use: baseline, malekeh | ideal IPC | malekeh IPC | fixed STHLD 16 IPC | sub-core pools: IPC, hit ratio | hit ratio | RF reads saved | RF energy | final STHLD |"
echo "|---|---|---|---|---|---|---|---|---|---|---|"
for n in $names; do for p in $PRESETS; do
  b=$n.$p.base; m=$n.$p.mk
  echo "| $n | $p | $(use $b), $(use $m) | $(pct $(exp_val $n.$p.ideal ipc) $(exp_val $b ipc)) | $(pct $(exp_val $m ipc) $(exp_val $b ipc)) | $(pct $(exp_val $n.$p.mkfix ipc) $(exp_val $b ipc)) | $(pct $(exp_val $n.$p.mksc ipc) $(exp_val $b ipc)), $(hit $n.$p.mksc) | $(hit $m) | $(div $(( $(exp_val $b rf_reads) - $(exp_val $m rf_reads) )) $(exp_val $b rf_reads)) | $(pct $(exp_val $m dynamic) $(exp_val $b dynamic)) | $(exp_val $m sthld_final) |"
done; done
echo "| paper (Rodinia, Deepbench) | Table 1 | - | - | +9.6 % mean, max +59.5 % (rnn_bench_i2), only loss b+tree (< 4 %) | - | - | 48.5 % mean (gaussian ~77 %, particlefilter_naive ~13.3 %) | = hit ratio | -29.1 % mean (-47.5 % rnn_bench_t2, -5.9 % particlefilter_naive) | - |"
exp_vs_reset malekeh
chg1() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f\n", b ? 100 * (a / b - 1) : 0 }'; }
# the report's values (%) of workload $2 on turing: IPC gain, hit ratio, RF dynamic energy; and
# what was measured about them: the ideal's gain (no bank conflicts), the baseline's bank-read
# use, the hit ratio at the largest fixed STHLD, the CCUs' and crossbar's share of the energy,
# the change in bank energy
v_ipc() { chg1 $(exp_val $2.turing.${1:-mk} ipc) $(exp_val $2.turing.base ipc); }
v_hit() { awk -v h=$(hit $2.${1:-turing.mk}) 'BEGIN { print 100 * h }'; }
v_en() { chg1 $(exp_val $2.turing.mk dynamic) $(exp_val $2.turing.base dynamic); }
v_use() { awk -v a="$(exp_val $2.turing.base bank_read_use)" 'BEGIN { print 100 * a }'; }
v_ccu() { jq '100 * (.energy_pj.collectors + .energy_pj.crossbar) / .energy_pj.dynamic' "$JD/$2.turing.mk.json"; }
v_bank() { chg1 $(exp_val $2.turing.mk banks) $(exp_val $2.turing.base banks); }
ms() { local n; for n in $3; do $1 "$2" $n; done | exp_mean; }
F68="Figs. 6-8 on turing (%)"; SMAX=${STHLDS##* }
for n in $names; do exp_vs_w "$F68" "IPC gain" $n "$(v_ipc "" $n)"; exp_vs_w "$F68" "CCU hit ratio" $n "$(v_hit "" $n)"
  exp_vs_w "$F68" "RF dynamic energy" $n "$(v_en "" $n)"; done
while read -r set; do ns=$(exp_in_set "$set")
  exp_vs "$F68" "IPC gain" "$set" "$(ms v_ipc "" "$ns")" 9.6 "the ideal register file (no bank conflicts) gains $(ms v_ipc ideal "$ns") %, the most that removing bank conflicts can give; the baseline uses $(ms v_use "" "$ns") % of the bank read slots"
  exp_vs "$F68" "CCU hit ratio" "$set" "$(ms v_hit "" "$ns")" 48.5 "at fixed STHLD $SMAX (Fig. 3's sweep: collectors held longest) $(ms v_hit sthld.$SMAX "$ns") %; at fixed STHLD 0 $(ms v_hit sthld.0 "$ns") %"
  exp_vs "$F68" "RF dynamic energy" "$set" "$(ms v_en "" "$ns")" -29.1 "bank energy $(ms v_bank "" "$ns") % with $(ms v_hit "" "$ns") % of reads saved; the CCUs' storage and the crossbar are $(ms v_ccu "" "$ns") % of malekeh's dynamic energy"
done < <(exp_sets)
echo
echo "Fig. 8 (RF dynamic energy: banks, arbiter, crossbar, CCUs; sim/energy/energy.h) against the"
echo "baseline, mean over the rows above, with each estimate of the energy model that has no"
echo "published source at x0.5 and x2 (the runs priced again, gpurf energy --run):"
echo
echo "| estimate | x0.5 | x1 | x2 |"
echo "|---|---|---|---|"
chg() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", 100 * (a / b - 1) }'; }
for k in $EXP_ESTIMATES; do
  row="| $k "
  for f in 0.5 1 2; do
    row="$row| $(for n in $names; do for p in $PRESETS; do
      chg "$(exp_reprice "$JD" $n.$p.mk $k $f dynamic)" "$(exp_reprice "$JD" $n.$p.base $k $f dynamic)"; echo; done; done | exp_mean) % "
  done
  echo "$row|"
done
echo
echo "Fig. 8 under the readings of the pricing the paper leaves open (the runs priced again):"
echo "xbar_span sm, the SM-wide crossbar AccelWattch prices for the baseline as for Malekeh (the"
echo "paper: the crossbar size unchanged), against subcore, the baseline on one sub-core's"
echo "crossbar and Malekeh's SM-wide pool on the SM's; ccu_data ocu, a CCU priced as the OCU data"
echo "fields it reuses with its D port, against own, its ccu_slots entries; and a warp register as"
echo "one 1024-bit line instead of 8 slices of 128 bits (sram_line_bits); and the crossbar charged as"
echo "AccelWattch charges it (xbar_account accelwattch: a 128-bit flit per warp operand read across a"
echo "banks x collectors matrix, writes not charged):"
echo
echo "| pricing | Fig. 8 RF dynamic energy (%) |"
echo "|---|---|"
for kv in "xbar_span=sm ccu_data=ocu" "xbar_span=subcore ccu_data=ocu" "xbar_span=sm ccu_data=own" \
  "xbar_span=subcore ccu_data=own" "xbar_span=sm ccu_data=ocu sram_line_bits=1024" \
  "xbar_span=sm ccu_data=ocu xbar_account=accelwattch"; do
  echo "| $kv | $(for n in $names; do for p in $PRESETS; do
    m=$(exp_reprice_as "$JD" $n.$p.mk "${kv// / --set }" dynamic); b=$(exp_reprice_as "$JD" $n.$p.base "${kv// / --set }" dynamic)
    chg "$m" "$b"; echo; done; done | exp_mean) |"
done
echo
echo "## Fig. 3 shapes: fixed STHLD (turing)"
echo
echo "The stall counter as the paper (Sec. 6) and its authors' prototype keep it (sthld_counter"
echo "near: only a near replacement resets it, which needs it higher than STHLD), and reset by every"
echo "grant (sthld_counter grant: every episode waits the whole STHLD)."
echo
echo "| workload | STHLD | hit ratio | IPC / baseline | stall_sthld | every grant resets: hit ratio | IPC / baseline | stall_sthld |"
echo "|---|---|---|---|---|---|---|---|"
for n in $names; do for s in $STHLDS; do
  r() { echo -n "$(hit $1) | $(div $(exp_val $1 ipc) $(exp_val $n.turing.base ipc)) | $(exp_val $1 stall_sthld)"; }
  echo "| $n | $s | $(r $n.sthld.$s) | $(r $n.sthldg.$s) |"
done; echo "| $n | adaptive (ends at $(exp_val $n.turing.mk sthld_final)) | $(hit $n.turing.mk) | $(div $(exp_val $n.turing.mk ipc) $(exp_val $n.turing.base ipc)) | $(exp_val $n.turing.mk stall_sthld) | - | - | - |"; done
echo
echo "## RTHLD, hint source, binary vs precise hints, CT size, D ports (turing): hit ratio (IPC / baseline)"
echo
echo "| workload | $(for r in $RTHLDS; do echo -n "RTHLD $r | "; done)oracle | static | none | precise (4 bits) | $(for s in $SLOTS; do echo -n "CT $s | "; done)1 D port | 2 D ports (wb_ports 2) |"
echo "|---|$(for r in $RTHLDS; do echo -n "---|"; done)---|---|---|---|$(for s in $SLOTS; do echo -n "---|"; done)---|---|"
for n in $names; do
  c() { echo -n "$(hit $1) ($(div $(exp_val $1 ipc) $(exp_val $2 ipc))) | "; }
  echo "| $n | $(for r in $RTHLDS; do c $n.rthld.$r $n.turing.base; done)$(c $n.turing.mk $n.turing.base)$(c $n.src.static $n.turing.base)$(c $n.src.none $n.turing.base)$(c $n.precise $n.turing.base)$(for s in $SLOTS; do c $n.slots.$s $n.turing.base; done)$(c $n.dports.1 $n.wb2.base)$(c $n.dports.2 $n.wb2.base)"
done
echo
echo "## Ablation (turing): IPC / baseline, hit ratio"
echo
echo "| workload | CCUs only | + cache-aware issue | + fixed STHLD 16 | + adaptive STHLD |"
echo "|---|---|---|---|---|"
for n in $names; do
  echo "| $n | $(for r in abl.ccu abl.sched abl.fixed turing.mk; do echo -n "$(div $(exp_val $n.$r ipc) $(exp_val $n.turing.base ipc)), $(hit $n.$r) | "; done)"
done
echo
echo "## STHLD on a two-kernel list (high reuse, then low reuse; turing, adaptive, $TWO_IV-cycle intervals)"
echo
echo "IPC / baseline: adaptive $(div $(exp_val two.turing.mk ipc) $(exp_val two.turing.base ipc)), no STHLD wait $(div $(exp_val two.turing.mkfix ipc) $(exp_val two.turing.base ipc)); hit ratio adaptive $(hit two.turing.mk), no wait $(hit two.turing.mkfix)."
echo
echo "| kernel | intervals | speculations (-> 3) | drops back (2 -> 5) | in state 6 | STHLD at its end | STHLD range |"
echo "|---|---|---|---|---|---|---|"
awk '!/^#/ { k = $5; n[k]++; if ($3 == 3 && ps != 3) sp[k]++; if ($3 == 5 && ps == 2) dr[k]++
             if ($3 == 6) st[k]++; last[k] = $4; if (!(k in lo) || $4 < lo[k]) lo[k] = $4; if ($4 > hi[k]) hi[k] = $4; ps = $3 }
     END { for (k = 1; k in n; k++) printf "| %d | %d | %d | %d | %.0f %% | %d | %d..%d |\n", k, n[k], sp[k], dr[k], 100 * st[k] / n[k], last[k], lo[k], hi[k] }' $JD/two.sthld.log
echo
echo "Per interval: cycle:state/STHLD."
echo
echo '```'
grep -v '^#' $JD/two.sthld.log | awk '{ printf "%s:%s/%s ", $1, $3, $4 } END { print "" }' | fold -s -w 100
echo '```'
echo
echo "## Sec. 9.4 storage and area"
echo
echo "| preset | CCUs | CT entries | OCT entries | bits per SM | bytes | of the main RF |"
echo "|---|---|---|---|---|---|---|"
for p in $PRESETS; do
  bits=$(storage $p); rf=$(( $(jq .rf_warp_regs presets/$p.json) * $(jq .lanes presets/$p.json) * 32 ))
  echo "| $p | $(jq .collectors presets/$p.json) | $(jq .ccu_slots presets/$p.json) | $(jq .max_srcs presets/$p.json) | $bits | $((bits / 8)) | $(awk -v a=$bits -v b=$rf 'BEGIN { printf "%.3f %%", 100 * a / b }') |"
done
echo "| paper | 8 | 8 | 8 | 8 x (8 x 13 + 8 x 3) = 1024 | 128 | 0.049 % of 256 KB (the paper says 0.04 %) |"
echo
echo "Per CT entry: an 8-bit tag (a CUDA register), lock, near bit and a log2(entries)-bit LRU rank,"
echo "no valid bit (the paper's count; RZ can mark an empty entry); per OCT entry a CT index."
for p in small pascal; do
  f=$B/synth/$p.json
  if [ -f "$f" ] && jq -e '.blocks.ccu and .blocks.ocu' "$f" > /dev/null 2>&1; then
    y() { jq ".blocks.$1.$2" $f; }
    echo "Synthesized ($p, Yosys, per instance): ccu $(y ccu logic_um2) um2 logic, $(y ccu flip_flops) flip-flops, critical path $(y ccu critical_path_ps) ps; ocu $(y ocu logic_um2) um2, $(y ocu flip_flops) flip-flops, $(y ocu critical_path_ps) ps; the main RF $(y rf logic_um2) um2 logic + $(y rf sram_um2) um2 SRAM per sub-core."
  else echo "Synthesized ccu vs ocu ($p): not available (make synth writes $f)."; fi
done
} > "$R"
{ for n in $names; do for s in $STHLDS; do echo "$n $s $(hit $n.sthld.$s) $(div $(exp_val $n.sthld.$s ipc) $(exp_val $n.turing.base ipc)) $(hit $n.sthldg.$s) $(div $(exp_val $n.sthldg.$s ipc) $(exp_val $n.turing.base ipc))"; done; echo; echo; done; } > "$OUT/malekeh_sthld.dat"
exp_plot "$OUT/malekeh.png" 1200,450 1,2 <<EOF
set key below; set xlabel "fixed STHLD"; set style data linespoints
set title "Fig. 3a metric: read hit ratio vs STHLD (turing)"
plot for [i=0:$(( $(echo $names | wc -w) - 1 ))] "$OUT/malekeh_sthld.dat" index i using 2:3 title word("$names", i+1), \
     for [i=0:$(( $(echo $names | wc -w) - 1 ))] "$OUT/malekeh_sthld.dat" index i using 2:5 dashtype 2 title word("$names", i+1)." (every grant resets)"
set title "Fig. 3b metric: IPC / baseline vs STHLD (turing)"
plot for [i=0:$(( $(echo $names | wc -w) - 1 ))] "$OUT/malekeh_sthld.dat" index i using 2:4 notitle, \
     for [i=0:$(( $(echo $names | wc -w) - 1 ))] "$OUT/malekeh_sthld.dat" index i using 2:6 dashtype 2 notitle
EOF
echo "experiments-malekeh: $R and $OUT/malekeh.png"
cat "$R"
