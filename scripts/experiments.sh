#!/usr/bin/env bash
# make experiments: the LTRF paper's evaluation metrics measured on gpurf's SM model, on
# generated kernels and on the real traces in ../shared/traces (when present):
#   Fig. 9   IPC of BL, RFC, LTRF, LTRF+ and Ideal on main register files #6 and #7 (Table 2),
#            normalized to BL on #1 with the cache's 16 KB added to its register file
#   Fig. 11  maximum tolerable average main-RF read latency (multiple of #1's, --latency-x) at 1, 5 and 10 % IPC loss
#            against that reference, per design
#   Fig. 10  register-file power of BL, RFC, LTRF and LTRF+ on #1, #6 and #7, normalized to BL
#            on #1, and at x0.5 and x2 of the energy model's estimates (gpurf energy --run)
#   Fig. 4   register-file cache hit rate of RFC against LTRF and LTRF+
#   Fig. 12  LTRF IPC with 8, 16 and 32 registers per interval (rfc_banks) as latency grows
#   Fig. 13  LTRF IPC with 4, 8 and 16 active warps (active_pool) as latency grows
#   and, under the readings the paper leaves open (scripts/exp_ltrf_readings.sh): Figs. 9, 10
#   and 11 with pipelined banks, the serial fill, every write-back rule, the activation time,
#   the register-limited workloads and a sweep of deactivations per 1,000 instructions
# Writes $OUT/results.md (tables, the paper's values beside ours), $OUT/*.png (gnuplot) and the
# JSON of every run under $OUT/json. QUICK=1 runs one small kernel over fewer points (tests).
set -eu
. scripts/exp_run.sh
. scripts/exp_ltrf_readings.sh
mkdir -p "$OUT/json"
rm -f "$OUT"/json/*.json "$OUT"/json/*.e "$OUT/runs.txt"

# workloads: the suite (scripts/suite.txt; QUICK=1 its quick ones) that runs on Table 2's
# configurations
exp_suite
exp_fit --design ltrf table2_c1 table2_c6 table2_c7
exp_vs_reset ltrf
if [ "$QUICK" = 1 ]; then MULTS="1 2 4"; SENS_MULTS="1 4"
else MULTS="1 2 3 4 5 6 8"; SENS_MULTS="1 4 8"; fi
# RFC, the paper's comparison point (Sec. 5, after Gebhart et al.), is the design rc: results
# written into the presets' 16 KB cache split among the active warps, misses read from the
# main RF
DESIGNS="baseline rc ltrf ltrf+"
RFC_ARGS="--set rc_partition=per_warp"
LAT1=$(sed -n 's/.*"bank_latency": *\([0-9]*\).*/\1/p' presets/table2_c1.json)
REGS1=$(sed -n 's/.*"rf_warp_regs": *\([0-9]*\).*/\1/p' presets/table2_c1.json)
BANKS=$(sed -n 's/.*"rfc_banks": *\([0-9]*\).*/\1/p' presets/table2_c1.json)
POOL=$(sed -n 's/.*"active_pool": *\([0-9]*\).*/\1/p' presets/table2_c1.json)
# BL's extra capacity: the cache's active_pool x rfc_banks warp registers (16 KB in the paper)
REGS_BL=$((REGS1 + POOL * BANKS))

# one run per line: json-name preset design extra-args...
dargs() { [ $1 = rc ] && echo "$RFC_ARGS" || true; }
runs() {
  for w in "${WL[@]}"; do n=${w%%|*}
    echo "$n.ref table2_c1 baseline --set rf_warp_regs=$REGS_BL"
    for c in c6 c7; do for d in $DESIGNS; do echo "$n.fig9.$c.$d table2_$c $d $(dargs $d)"; done; done
    for c in c6 c7; do echo "$n.fig9.$c.xbar table2_$c ltrf --set rfc_xbar_bits=1024"; done
    for d in $DESIGNS; do echo "$n.fig10.c1.$d table2_c1 $d $(dargs $d)"; done
    for m in $MULTS; do for d in $DESIGNS; do
      extra="--latency-x $m $(dargs $d)"; [ $d = baseline ] && extra="$extra --set rf_warp_regs=$REGS_BL"
      echo "$n.lat.$m.$d table2_c1 $d $extra"
    done; done
    # Fig. 3 (and Fig. 9's Ideal at 1x): the baseline with #6's capacity as its latency grows
    for m in $MULTS; do echo "$n.f3.$m table2_c6 baseline --set bank_latency=$LAT1 --latency-x $m"; done
    for m in $SENS_MULTS; do
      for k in 8 32; do echo "$n.banks.$k.$m table2_c1 ltrf --latency-x $m --set rfc_banks=$k --set rf_cache_wports=$k --set rfc_fill_ports=$k"; done
      for a in 4 16; do echo "$n.pool.$a.$m table2_c1 ltrf --latency-x $m --set active_pool=$a"; done
    done
  done
}
{ runs; readings_runs; } > "$OUT/runs.txt"
exp_run "$OUT/runs.txt" "$OUT/json" experiments
dsw_run

# a whole-GPU statistic or energy part of run $1 (exp_val: loaded once by exp_run)
val() { JD=$OUT/json exp_val "$1" "$2"; }
ipc() { val "$1" ipc; }
pct() { awk -v h="$1" -v l="$2" 'BEGIN { printf "%.1f %%", l ? 100 * h / l : 0 }'; }
# normalized IPC of run $2 against the reference of workload $1
norm() { awk -v a="$(ipc "$1.$2")" -v r="$(ipc "$1.ref")" 'BEGIN { printf "%.3f", a / r }'; }
# largest swept multiple up to which design $2 on workload $1 keeps IPC within $3 % of run $4
tolerable() {
  local t=0 m ok
  for m in $MULTS; do
    ok=$(awk -v a="$(ipc $1.lat.$m.$2)" -v r="$(ipc $4)" -v l=$3 'BEGIN { print (a >= r * (1 - l / 100)) }')
    [ "$ok" = 1 ] && t=$m || break
  done
  echo $t
}
names=$(exp_names)
# Fig. 10: the run of design $2 on config $1, its power against BL on #1 (pw), and priced again
# with estimate $3 of the energy model times $4 (pw_at; the reference priced alike)
f10() { [ $1 = c1 ] && echo fig10.c1.$2 || echo fig9.$1.$2; }
pw() { awk -v a="$(val $1.$2 power_mw)" -v r="$(val $1.fig10.c1.baseline power_mw)" 'BEGIN { printf "%.3f", a / r }'; }
en10() { awk -v a="$(val $1.$2 total)" -v r="$(val $1.fig10.c1.baseline total)" 'BEGIN { printf "%.3f", a / r }'; }
pw_at() { awk -v a="$(exp_reprice "$OUT/json" $1.$2 $3 $4 power_mw)" \
  -v r="$(exp_reprice "$OUT/json" $1.fig10.c1.baseline $3 $4 power_mw)" 'BEGIN { printf "%.3f", a / r }'; }
pw_as() { awk -v a="$(exp_reprice_as "$OUT/json" $1.$2 "$3" power_mw)" \
  -v r="$(exp_reprice_as "$OUT/json" $1.fig10.c1.baseline "$3" power_mw)" 'BEGIN { printf "%.3f", a / r }'; }
# register-sensitive: #6's capacity lets more warps reside than #1 plus the cache's capacity does
rsens() { [ "$(val $1.ref max_resident_warps)" -lt "$(val $1.f3.1 max_resident_warps)" ]; }
snames=""; for n in $names; do rsens $n && snames="$snames $n"; done
mean() { $G mean --digits 3; }
R=$OUT/results.md
{
echo "# gpurf: LTRF evaluation metrics"
echo
echo "Workloads (scripts/suite.txt):"; exp_workloads
echo
echo "Reference (1.00): \`baseline\` on table2_c1 with rf_warp_regs=$REGS_BL (#1 plus the cache's $((POOL * BANKS)) warp registers)."
echo
echo "## Fig. 9 metric: IPC normalized to the reference"
echo
echo "Ideal: #6's capacity at #1's latency. Last column: LTRF with a 1024-bit fill crossbar"
echo "(one warp register per cycle) instead of the paper's 256 bits."
echo
echo "Register-sensitive workloads (more warps reside with #6's capacity than on the reference):"
echo "${snames:- none}; resident warps per workload (reference -> #6):"
echo "$(for n in $names; do echo -n " $n $(val $n.ref max_resident_warps) -> $(val $n.f3.1 max_resident_warps);"; done)"
echo
echo "| workload | config | BL | RFC | LTRF | LTRF+ | Ideal | LTRF, 1024-bit xbar |"
echo "|---|---|---|---|---|---|---|---|"
for n in $names; do for c in c6 c7; do
  row="| $n | #${c#c} "
  for d in $DESIGNS; do row="$row| $(norm $n fig9.$c.$d) "; done
  echo "$row| $(norm $n f3.1) | $(norm $n fig9.$c.xbar) |"
done; done
# the workloads of a set: all, real, generated, sensitive, real sensitive, generated sensitive
set_of() { local n; for n in $names; do
  case "$1" in all) ;; sensitive) rsens $n || continue ;;
    *sensitive) [ "${GROUP[$n]}" = "${1% sensitive}" ] && rsens $n || continue ;;
    *) [ "${GROUP[$n]}" = "$1" ] || continue ;; esac
  echo -n "$n "; done; }
# the measured reason beside a Fig. 9 mean over workloads $1 of design $3 on config $2
hr1() { pct "$(val $1.lat.1.rc rc_read_hits)" "$(( $(val $1.lat.1.rc rc_read_hits) + $(val $1.lat.1.rc rc_read_misses) ))"; }
f9why() { local ns=$1 c=$2 d=$3 k=0 t=0 n
  for n in $ns; do t=$((t + 1)); rsens $n && k=$((k + 1)); done
  local ideal=$(for n in $ns; do norm $n f3.1; echo -n " "; done | mean)
  local w1=$(for n in $ns; do val $n.ref max_resident_warps; echo -n " "; done | $G mean --digits 1)
  local w6=$(for n in $ns; do val $n.f3.1 max_resident_warps; echo -n " "; done | $G mean --digits 1)
  local bl=$(for n in $ns; do norm $n fig9.$c.baseline; echo -n " "; done | mean)
  case $d in
    rc) echo "RFC's cache serves $(for n in $ns; do hr1 $n | tr -d ' %'; echo -n " "; done | $G mean --digits 1) % of operand reads at 1x (the rest pay #${c#c}'s latency); BL on #${c#c}, no cache: $bl" ;;
    *) echo "Ideal (#6's capacity at #1's latency), the ceiling of a capacity gain: $ideal; register-sensitive (more warps reside with #6's capacity): $k of $t workloads, resident warps $w1 -> $w6 (mean); BL on #${c#c}: $bl" ;;
  esac; }
F9="Fig. 9 IPC / BL+16KB"
for x in "rc c6 RFC #6" "ltrf c6 LTRF #6" "ltrf c7 LTRF #7" "ltrf+ c7 LTRF+ #7"; do set -- $x
  for n in $names; do exp_vs_w "$F9" "$3 $4" $n "$(norm $n fig9.$2.$1)"; done; done
for set in all real generated sensitive "real sensitive" "generated sensitive"; do
  ns=$(set_of "$set")
  [ -z "$ns" ] && continue
  for c in c6 c7; do
    row="| mean, $set | #${c#c} "
    for d in $DESIGNS xbar; do [ $d = xbar ] && row="$row| $(for n in $ns; do norm $n f3.1; echo -n " "; done | mean) "
      v=$(for n in $ns; do norm $n fig9.$c.$d; echo -n " "; done | mean); row="$row| $v "
      case $d.$c in ltrf.c6) exp_vs "$F9" "LTRF #6" "$set" $v 1.32 "$(f9why "$ns" $c $d)" ;;
        ltrf.c7) exp_vs "$F9" "LTRF #7" "$set" $v 1.28 "$(f9why "$ns" $c $d)" ;;
        ltrf+.c7) exp_vs "$F9" "LTRF+ #7" "$set" $v 1.31 "$(f9why "$ns" $c $d)" ;;
        rc.c6) exp_vs "$F9" "RFC #6" "$set" $v 0.86 "$(f9why "$ns" $c $d)" ;; esac
    done
    echo "$row|"
  done
done
echo "| paper (mean of 35 workloads) | #6 | - | 0.86 (8x RF: -14 %) | 1.32 | - | about 1.32 (LTRF is almost Ideal) | - |"
echo "| paper | #7 | - | 0.86 (8x RF: -14 %) | 1.28 | 1.31 | - | - |"
echo
echo "### Where a cache row's time goes (the Fig. 9 runs)"
echo
echo "Share of the row-cycles (active-pool rows x cycles, every sub-core; the runs' row_* counters):"
echo "the warp runs, its registers are fetched at an activation or at a register-interval switch"
echo "(PREFETCH), it waits at an interval header for the fetch to start, or it drains (write-backs"
echo "read out of the cache); free rows; and the warps ready to activate that no row takes (mean"
echo "per cycle)."
echo
echo "| workload | config | design | running | fetch, activation | fetch, switch | at header | draining | free | ready warps without a row |"
echo "|---|---|---|--:|--:|--:|--:|--:|--:|--:|"
rowt() { local r=$1 t=0 k
  for k in row_free row_running row_fetch_act row_fetch_switch row_fetch_demand row_header row_drain; do t=$((t + $(val $r $k))); done
  echo -n "| $(pct $(val $r row_running) $t) | $(pct $(val $r row_fetch_act) $t) | $(pct $(val $r row_fetch_switch) $t) | $(pct $(val $r row_header) $t) | $(pct $(val $r row_drain) $t) | $(pct $(val $r row_free) $t) "
  awk -v w="$(val $r row_wait_warps)" -v c="$(val $r cycles)" 'BEGIN { printf "| %.2f |\n", c ? w / c : 0 }'; }
for n in $names; do for c in c6 c7; do for d in ltrf ltrf+; do
  echo -n "| $n | #${c#c} | $d "; rowt $n.fig9.$c.$d
done; done; done
echo
echo "## Fig. 10 metric: register-file power normalized to BL on #1"
echo
echo "Power = the run's register-file energy (every structure's accesses and leakage, the"
echo "crossbars and arbiter; sim/energy/energy.h) over its time, against BL on #1 (no cache, no"
echo "added capacity) on the same workload. Then the mean at x0.5 and x2 of each estimate of the"
echo "energy model with no published source (the runs priced again: gpurf energy --run)."
echo
echo "| workload | config | BL | RFC | LTRF | LTRF+ |"
echo "|---|---|---|---|---|---|"
for n in $names; do for c in c1 c6 c7; do
  row="| $n | #${c#c} "
  for d in $DESIGNS; do row="$row| $(pw $n $(f10 $c $d)) "; done
  echo "$row|"
done; done
for c in c1 c6 c7; do
  row="| mean | #${c#c} "
  for d in $DESIGNS; do row="$row| $(for n in $names; do pw $n $(f10 $c $d); echo -n " "; done | mean) "; done
  echo "$row|"
done
echo "| paper (mean) | #7 | 0.65 (Table 2) | 0.649 (-35.1 %) | 0.646 (-35.4 %) | 0.539 (-46.1 %) |"
echo
echo "RFC priced as the table2 presets do, as LTRF's own cache (16 banks of two ports), against the"
echo "hybrid paper's single 6-read 2-write array (rc_priced_banks 1, temp_priced_ports 0: the runs"
echo "priced again), mean power against BL on #1:"
echo
echo "| config | RFC, LTRF's banked cache | RFC, one 6R2W array |"
echo "|---|---|---|"
for c in c1 c6 c7; do
  echo "| #${c#c} | $(for n in $names; do pw $n $(f10 $c rc); echo -n " "; done | mean) | $(for n in $names; do pw_as $n $(f10 $c rc) "rc_priced_banks=1 --set temp_priced_ports=0"; echo -n " "; done | mean) |"
done
echo
echo "Fig. 10 on #7 with a warp register priced as one 1024-bit line instead of 8 slices of 128"
echo "bits (sram_line_bits 1024, the runs priced again), mean power against BL on #1 priced alike:"
echo
echo "| line bits | BL | RFC | LTRF | LTRF+ |"
echo "|---|---|---|---|---|"
row="| 1024 "; for d in $DESIGNS; do row="$row| $(for n in $names; do pw_as $n $(f10 c7 $d) sram_line_bits=1024; echo -n " "; done | mean) "; done
echo "$row|"
echo
echo "Fig. 10 with the crossbars charged as AccelWattch, GPUWattch's successor (LTRF's figures are"
echo "GPUWattch's), charges them (xbar_account accelwattch: a flit of xbar_flit_bits per warp operand"
echo "read, writes not charged), every crossbar at AccelWattch's 128-bit flit or at the 256-bit links"
echo "of LTRF's narrowed crossbar (000 L339), the runs priced again, mean power against BL on #1"
echo "priced alike:"
echo
echo "| crossbar | config | BL | RFC | LTRF | LTRF+ |"
echo "|---|---|---|---|---|---|"
for fl in 128 256; do for c in c1 c6 c7; do
  row="| accelwattch, ${fl}-bit flit | #${c#c} "
  for d in $DESIGNS; do row="$row| $(for n in $names; do pw_as $n $(f10 $c $d) "xbar_account=accelwattch --set xbar_flit_bits=$fl"; echo -n " "; done | mean) "; done
  echo "$row|"
done; done
echo
echo "The same runs' register-file energy (not over time: a design that finishes sooner spends"
echo "its leakage over fewer cycles but draws more power), mean against BL on #1:"
echo
echo "| config | BL | RFC | LTRF | LTRF+ |"
echo "|---|---|---|---|---|"
for c in c1 c6 c7; do
  row="| #${c#c} "
  for d in $DESIGNS; do row="$row| $(for n in $names; do en10 $n $(f10 $c $d); echo -n " "; done | mean) "; done
  echo "$row|"
done
echo
echo "| estimate | factor | BL #7 | RFC #7 | LTRF #7 | LTRF+ #7 |"
echo "|---|---|---|---|---|---|"
for k in $EXP_ESTIMATES; do for f in 0.5 2; do
  row="| $k | x$f "
  for d in $DESIGNS; do row="$row| $(for n in $names; do pw_at $n $(f10 c7 $d) $k $f; echo -n " "; done | mean) "; done
  echo "$row|"
done; done
echo
echo "## Fig. 11 metric: maximum tolerable main-RF latency (multiple of #1's average read latency, --latency-x)"
echo
echo "The largest swept multiple m (of: $MULTS) such that the design's IPC stays within x % of the"
echo "reference at every multiple up to m; 0 when it is already further below at 1x."
echo
echo "| workload | loss | BL | RFC | LTRF | LTRF+ |"
echo "|---|---|---|---|---|---|"
for n in $names; do for loss in 1 5 10; do
  row="| $n | $loss % "
  for d in $DESIGNS; do
    t=$(tolerable $n $d $loss $n.ref)
    row="$row| ${t}x "; echo "$d $loss $t" >> "$OUT/tol.$n"
  done
  echo "$row|"
done; done
for loss in 1 5 10; do
  row="| mean | $loss % "
  for d in $DESIGNS; do row="$row| $(cat "$OUT"/tol.* | awk -v d=$d -v l=$loss '$1 == d && $2 == l { print $3 }' | $G mean --digits 1)x "; done
  echo "$row|"
done
rm -f "$OUT"/tol.*
echo
echo "The same sweep against each design's own IPC at 1x (how much latency the design hides,"
echo "apart from what it costs at 1x):"
echo
echo "| workload | loss | BL | RFC | LTRF | LTRF+ |"
echo "|---|---|---|---|---|---|"
for n in $names; do for loss in 5; do
  row="| $n | $loss % "
  for d in $DESIGNS; do row="$row| $(tolerable $n $d $loss $n.lat.1.$d)x "; done
  echo "$row|"
done; done
echo
echo "| paper | 1 % | - | 1.4x | 2.8x | 3.5x |"
echo "| paper | 5 % | - | 2.1x | 5.3x | 6.2x |"
echo "| paper | 10 % | - | 2.9x | 6.5x | 7.9x |"
echo
echo "## Fig. 3 metric: the baseline with 8x capacity (#6) as main-RF latency grows"
echo
echo "IPC of BL on #6's capacity with m times the average main-RF read latency it has at #1's"
echo "access time ($LAT1 cycles; --latency-x m), normalized to the reference (m = 1 is the paper's"
echo "Ideal TFET-SRAM; #6's own access time, $(jq .bank_latency presets/table2_c6.json) cycles, gives 5.3x #1's average read latency)."
echo
echo "| workload |$(for m in $MULTS; do echo -n " ${m}x |"; done)"
echo "|---|$(for m in $MULTS; do echo -n "---|"; done)"
for n in $names; do echo "| $n |$(for m in $MULTS; do echo -n " $(norm $n f3.$m) |"; done)"; done
echo "| paper | Ideal TFET-SRAM (1x): +37 % on register-sensitive workloads (+10 to +95 %); real TFET-SRAM latency: below the baseline |"
echo
echo "## Table 4 metric: register-interval length in dynamic instructions"
echo
echo "\`gpurf intervals --preset table2_c1\` (16 registers per interval): real intervals and the"
echo "optimal ones (no control-flow constraint)."
echo
echo "| workload | real avg | min | max | optimal avg | min | max |"
echo "|---|---|---|---|---|---|---|"
for w in "${WL[@]}"; do
  $G intervals --preset table2_c1 ${w#*|} > "$OUT/t4.${w%%|*}"
  l=$(grep 'Table 4 metric' "$OUT/t4.${w%%|*}")
  echo "| ${w%%|*} | $(echo "$l" | sed -E 's/.*real avg ([0-9.]+) min ([0-9]+) max ([0-9]+).*optimal avg ([0-9.]+) min ([0-9]+) max ([0-9]+).*/\1 | \2 | \3 | \4 | \5 | \6/') |"
done
echo "| paper (35 workloads) | 31.2 | 7 | 45 | 34.7 | 9 | 53 |"
echo
echo "## Fig. 4 metric: register-file cache hit rate (table2_c1, 1x latency)"
echo
echo "RFC (design rc): operand reads the cache served, of all operand reads. LTRF, LTRF+: registers"
echo "found valid in the cache when the lookup stage translates them (first attempt)."
echo
echo "| workload | RFC | LTRF | LTRF+ |"
echo "|---|---|---|---|"
for n in $names; do
  row="| $n | $(pct "$(val $n.lat.1.rc rc_read_hits)" "$(( $(val $n.lat.1.rc rc_read_hits) + $(val $n.lat.1.rc rc_read_misses) ))") "
  for d in ltrf ltrf+; do row="$row| $(pct "$(val $n.lat.1.$d wcb_hits)" "$(val $n.lat.1.$d wcb_lookups)") "; done
  echo "$row|"
done
echo "| paper | 8 to 30 % (Fig. 4, a 16 KB cache) | near 100 % by construction | same |"
echo
echo "## Figs. 12 and 13 metrics: LTRF IPC normalized to the reference"
echo
echo "| workload | latency | 8 regs/interval | 16 | 32 | 4 active warps | 8 | 16 |"
echo "|---|---|---|---|---|---|---|---|"
for n in $names; do for m in $SENS_MULTS; do
  echo "| $n | ${m}x | $(norm $n banks.8.$m) | $(norm $n lat.$m.ltrf) | $(norm $n banks.32.$m) | $(norm $n pool.4.$m) | $(norm $n lat.$m.ltrf) | $(norm $n pool.16.$m) |"
done; done
echo "| paper | slow RF | degrades significantly | default | not necessarily better | 36.9 % below 8 | default | no significant gain |"
echo
readings_tables
echo
dsw_table
} > "$R"

# the report's figures beyond Fig. 9 (scripts/report.sh): Fig. 10 power on #7, Fig. 11
# tolerable latency at 5 % loss, Table 4 interval lengths; each workload, then each set's mean
# with what was measured about it
sets4() { local set; for set in all real generated sensitive; do [ -n "$(set_of "$set")" ] && echo "$set"; done; }
m3() { local n; for n in $2; do $1 $n; echo -n " "; done | mean; }
m1() { local n; for n in $2; do $1 $n; echo -n " "; done | $G mean --digits 1; }
F10="Fig. 10 RF power on #7 / BL on #1"; F11="Fig. 11 tolerable latency at 5 % IPC loss (x #1's)"
F4="Table 4 register-interval length (dynamic instructions)"
t4() { grep -o "$2 avg [0-9.]*" "$OUT/t4.$1" | awk '{ s += $3; n++ } END { printf "%.1f", n ? s / n : 0 }'; }
bb() { sed -n 's/.* \([0-9]*\) static instructions, \([0-9]*\) basic blocks.*/\1 \2/p' "$OUT/t4.$1" |
  awk '{ s += $1; b += $2 } END { printf "%.1f", b ? s / b : 0 }'; }
# the same with the run's name first, for m3
pw_d() { pw $2 $1; }; en_d() { en10 $2 $1; }; norm_d() { norm $2 $1; }; t4_d() { t4 $2 $1; }
leak_d() { jq '100 * .energy_pj.leakage / .energy_pj.total' "$OUT/json/$2.$1.json"; }
cache_d() { jq '100 * (.energy_pj.cache + .energy_pj.temp) / .energy_pj.total' "$OUT/json/$2.$1.json"; }
for x in "baseline BL 0.65" "rc RFC 0.649" "ltrf LTRF 0.646" "ltrf+ LTRF+ 0.539"; do set -- $x
  for n in $names; do exp_vs_w "$F10" "$2" $n "$(pw $n fig9.c7.$1)"; done
  while read -r set; do ns=$(set_of "$set")
    exp_vs "$F10" "$2" "$set" "$(m3 "pw_d fig9.c7.$1" "$ns")" $3 "register-file energy of the same runs against BL on #1: $(m3 "en_d fig9.c7.$1" "$ns") (power is energy over time: a faster run draws more); leakage is $(m1 "leak_d fig9.c7.$1" "$ns") % of its energy, the cache's dynamic energy (LTRF's cache, RFC's temporary storage) $(m1 "cache_d fig9.c7.$1" "$ns") %"
  done < <(sets4); done
for x in "rc RFC 2.1" "ltrf LTRF 5.3" "ltrf+ LTRF+ 6.2"; do set -- $x
  for n in $names; do exp_vs_w "$F11" "$2" $n "$(tolerable $n $1 5 $n.ref)"; done
  while read -r set; do ns=$(set_of "$set")
    exp_vs "$F11" "$2" "$set" "$(for n in $ns; do tolerable $n $1 5 $n.ref; echo -n " "; done | $G mean --digits 1)" $3 "against its own IPC at 1x it tolerates $(for n in $ns; do tolerable $n $1 5 $n.lat.1.$1; echo -n " "; done | $G mean --digits 1)x (the latency it hides apart from its cost at 1x, IPC $(m3 "norm_d lat.1.$1" "$ns") of the reference); the sweep ends at ${MULTS##* }x"
  done < <(sets4); done
for x in "real 31.2" "optimal 34.7"; do set -- $x
  for n in $names; do exp_vs_w "$F4" "$1" $n "$(t4 $n $1)"; done
  while read -r set; do ns=$(set_of "$set")
    exp_vs "$F4" "$1" "$set" "$(m1 "t4_d $1" "$ns")" $2 "an interval ends at control flow: $(m1 bb "$ns") static instructions per basic block (mean); real / optimal $(awk -v a="$(m3 "t4_d real" "$ns")" -v b="$(m3 "t4_d optimal" "$ns")" 'BEGIN { printf "%.2f", b ? a / b : 0 }')"
  done < <(sets4); done
rm -f "$OUT"/t4.*

# plots: the means over the workloads
{ for m in $MULTS; do
    printf "%s" "$m"
    for d in $DESIGNS; do printf " %s" "$(for n in $names; do norm $n lat.$m.$d; echo -n " "; done | mean)"; done
    printf " %s\n" "$(for n in $names; do norm $n f3.$m; echo -n " "; done | mean)"
  done; } > "$OUT/latency.dat"
{ for c in c6 c7; do
    printf "%s" "$c"
    for d in $DESIGNS; do printf " %s" "$(for n in $names; do norm $n fig9.$c.$d; echo -n " "; done | mean)"; done
    printf " %s\n" "$(for n in $names; do norm $n f3.1; echo -n " "; done | mean)"
  done; } > "$OUT/fig9.dat"
{ for m in $SENS_MULTS; do
    printf "%s" "$m"
    for k in banks.8 lat banks.32 pool.4 pool.16; do
      printf " %s" "$(for n in $names; do [ $k = lat ] && norm $n lat.$m.ltrf || norm $n $k.$m; echo -n " "; done | mean)"; done
    echo
  done; } > "$OUT/sens.dat"
exp_plot "$OUT/ltrf.png" 1500,450 1,3 <<EOF
set title "Fig. 9 metric: IPC / reference (mean of workloads)"
set style data histograms; set style histogram clustered gap 1; set style fill solid 0.8 border -1
set yrange [0:*]; set key below
plot "$OUT/fig9.dat" using 2:xtic(1) title "BL", "" using 3 title "RFC", "" using 4 title "LTRF", "" using 5 title "LTRF+", "" using 6 title "Ideal"
set title "Fig. 11 metric: IPC / reference vs main-RF latency (x #1's average read latency)"
set style data linespoints; set xlabel "latency multiple"; set key top right
set arrow from graph 0, first 0.95 to graph 1, first 0.95 nohead dt 2
plot "$OUT/latency.dat" using 1:2 title "BL", "" using 1:3 title "RFC", "" using 1:4 title "LTRF", "" using 1:5 title "LTRF+", "" using 1:6 title "BL, 8x capacity (Fig. 3)"
unset arrow
set title "Figs. 12/13 metrics: LTRF IPC / reference"
plot "$OUT/sens.dat" using 1:2 title "8 regs/interval", "" using 1:3 title "16 regs, 8 active", "" using 1:4 title "32 regs/interval", "" using 1:5 title "4 active warps", "" using 1:6 title "16 active warps"
EOF
echo "experiments: $R and $OUT/ltrf.png"
cat "$R"
