# Sourced by scripts/experiments.sh: the LTRF evaluation under the readings the paper leaves
# open, side by side with the defaults, and what the mechanism needs from a workload.
#   bank reading   Table 2's latencies as non-pipelined banks (bank_pipelined 0, the default:
#                  "CACTI's non-pipelined register file bank models", Sec. 2.2) or as
#                  pipelined ones (prefix pb.): every configuration's banks pipelined, #6 and
#                  #7 at the access time whose average read latency is 5.3x / 6.3x #1's
#                  (--latency-x F@table2_c1, the rule the presets' access times come from)
#   fill           parallel (the presets' rfc_alloc_ports, rfc_fill_ports) or serial (prefix
#                  ser.: one register allocated and one read a cycle per row)
#   write-back     rfc_writeback all, live, dirty, live+dirty (prefix wb-RULE.); each design's
#                  paper rule is its default run
#   deactivations  generated kernels of more or fewer loads missing the L1 (gmem weight, addr
#                  tile or stream) on #6: deactivations per 1,000 instructions against the gain
# Uses the caller's WL, DESIGNS, MULTS, REGS_BL, LAT1, dargs, val, ipc, tolerable (its workload
# argument a run prefix here: gq.pb, gq.wb-dirty), rsens, mean, G, OUT.
RULES="all live dirty live+dirty"
# the paper's write-back rule of design $1 (its runs without a wb- prefix)
paper_rule() { [ $1 = ltrf+ ] && echo live || echo all; }
# the pipelined reading's extra arguments for config $1 (c1, c6, c7)
pb_args() { case $1 in c6) echo "--set bank_pipelined=1 --latency-x 5.3@table2_c1" ;;
  c7) echo "--set bank_pipelined=1 --latency-x 6.3@table2_c1" ;; *) echo "--set bank_pipelined=1" ;; esac; }
SERIAL="--set rfc_alloc_ports=1 --set rfc_fill_ports=1"

readings_runs() {
  local w n c d m r x
  for w in "${WL[@]}"; do n=${w%%|*}
    echo "$n.pb.ref table2_c1 baseline --set rf_warp_regs=$REGS_BL $(pb_args c1)"
    echo "$n.pb.f3.1 table2_c6 baseline --set bank_latency=$LAT1 $(pb_args c1)"
    for c in c6 c7; do for d in $DESIGNS; do echo "$n.pb.fig9.$c.$d table2_$c $d $(pb_args $c) $(dargs $d)"; done; done
    for d in $DESIGNS; do echo "$n.pb.fig10.c1.$d table2_c1 $d $(pb_args c1) $(dargs $d)"; done
    for m in $MULTS; do for d in $DESIGNS; do
      x="--latency-x $m $(pb_args c1) $(dargs $d)"; [ $d = baseline ] && x="$x --set rf_warp_regs=$REGS_BL"
      echo "$n.pb.lat.$m.$d table2_c1 $d $x"
    done; done
    for d in ltrf ltrf+; do
      for c in c6 c7; do echo "$n.ser.fig9.$c.$d table2_$c $d $SERIAL"; done
      echo "$n.ser.fig10.c1.$d table2_c1 $d $SERIAL"
      for r in $RULES; do [ $r = $(paper_rule $d) ] && continue
        for c in c6 c7; do echo "$n.wb-$r.fig9.$c.$d table2_$c $d --set rfc_writeback=$r"; done
        for m in $MULTS; do echo "$n.wb-$r.lat.$m.$d table2_c1 $d --set rfc_writeback=$r --latency-x $m"; done
      done
    done
  done
}

# the run prefix of workload $1 under write-back rule $2 for design $3 (the paper rule's: $1)
wbpre() { [ $2 = $(paper_rule $3) ] && echo "$1" || echo "$1.wb-$2"; }
# the run of workload $1, design $3 under write-back rule $2 on config/run kind $4 (fig9.c6,
# lat.2, ...): the paper rule's run is the default one
wbrun() { echo "$(wbpre $1 $2 $3).$4.$3"; }
# normalized IPC of run $1 against reference run $2
normr() { awk -v a="$(ipc "$1")" -v r="$(ipc "$2")" 'BEGIN { printf "%.3f", a / r }'; }
# power of run $1 against run $2
pwr() { awk -v a="$(jq .energy_pj.power_mw "$OUT/json/$1.json")" -v r="$(jq .energy_pj.power_mw "$OUT/json/$2.json")" \
  'BEGIN { printf "%.3f", a / r }'; }
# cycles a row spends fetching per activation (row_fetch_act / activations) of run $1
act() { awk -v f="$(val $1 row_fetch_act)" -v a="$(val $1 activations)" 'BEGIN { printf "%.1f", a ? f / a : 0 }'; }
# the bank reading of a run prefix ("" or pb.)
rdname() { [ -n "$1" ] && echo pipelined || echo non-pipelined; }
# the bank access time run $1 was given (its --latency-x resolved by exp_latx, else preset $2's)
lat_of() { local l; l=$(awk -v id="$1" '$1 == id' "$OUT/json/runs.resolved" | grep -o 'bank_latency=[0-9]*' | tail -1)
  [ -n "$l" ] && echo ${l#*=} || jq .bank_latency presets/$2.json; }

# the deactivation sweep: the LTRF experiments' register-hungry kernel with more or fewer
# global loads (gmem weight) on tiled or streamed addresses (L1 hits or misses: a warp that
# waits on an L1 miss gives its row back, deact_rule l1_miss), run in $OUT/json_dsw
DSW_BASE="seed=3,blocks=16,warps=8,regs=64,insts=200,loops=2,window=8"
dsw_run() {
  local saved=("${WL[@]}") dir=$OUT/json_dsw k=0 g a w n
  mkdir -p "$dir"; rm -f "$dir"/*.json
  WL=()
  for g in $([ "$QUICK" = 1 ] && echo 10 || echo 2 10 30); do for a in tile stream; do
    k=$((k + 1)); WL+=("dsw$k|--gen $DSW_BASE,gmem=$g,addr=$a"); GROUP[dsw$k]=generated; done; done
  DSW=("${WL[@]}")
  for w in "${WL[@]}"; do n=${w%%|*}
    echo "$n.ref table2_c1 baseline --set rf_warp_regs=$REGS_BL"
    echo "$n.ideal table2_c6 baseline --set bank_latency=$LAT1"
    for d in ltrf ltrf+; do echo "$n.$d table2_c6 $d"; done
  done > "$dir/runs.txt"
  exp_run "$dir/runs.txt" "$dir" deactivations
  WL=("${saved[@]}")
}
dval() { jq ".stats.$2" "$OUT/json_dsw/$1.json"; }
dsw_table() {
  local w n
  echo "### What the mechanism needs from a workload: deactivations per 1,000 instructions"
  echo
  echo "\`$DSW_BASE\` with the global-load weight \`gmem\` and the address mode \`addr\` varied:"
  echo "tiled addresses hit the L1, streamed ones miss it, and a warp waiting on an L1 miss gives its"
  echo "row back. IPC on #6 against the reference (BL on #1 + 16 KB); Ideal is #6's capacity at #1's"
  echo "latency. Rows sorted by LTRF's deactivations per 1,000 instructions."
  echo
  echo "| kernel | deactivations / 1,000 instr. (LTRF) | LTRF+ | L1 hit rate | LTRF | LTRF+ | Ideal |"
  echo "|---|--:|--:|--:|--:|--:|--:|"
  for w in "${DSW[@]}"; do n=${w%%|*}
    awk -v k="${w#*--gen $DSW_BASE,}" -v d1="$(dval $n.ltrf deactivations)" -v i1="$(dval $n.ltrf instructions)" \
      -v d2="$(dval $n.ltrf+ deactivations)" -v i2="$(dval $n.ltrf+ instructions)" \
      -v h="$(dval $n.ref l1_hits)" -v m="$(dval $n.ref l1_misses)" -v r="$(dval $n.ref ipc)" \
      -v a="$(dval $n.ltrf ipc)" -v b="$(dval $n.ltrf+ ipc)" -v c="$(dval $n.ideal ipc)" \
      'BEGIN { printf "%012.3f| %s | %.1f | %.1f | %.1f %% | %.3f | %.3f | %.3f |\n", 1000 * d1 / i1, k, 1000 * d1 / i1, 1000 * d2 / i2,
        h + m ? 100 * h / (h + m) : 0, a / r, b / r, c / r }'
  done | sort | cut -d'|' -f2- | sed 's/^/|/'
}

readings_tables() {
  local n c d r p x
  echo "## The readings the paper leaves open"
  echo
  echo "### Table 2's latency: non-pipelined banks (default) or pipelined ones"
  echo
  echo "Sec. 2.2 (L89) takes Table 2's latencies from \"CACTI's non-pipelined register file bank"
  echo "models\" fed to GPGPU-Sim, queuing included. The authors' published code"
  echo "(CMU-SAFARI/Register-Interval) holds only the register-interval pass, and GPGPU-Sim 3.x's"
  echo "operand collector has no bank latency at all (a bank serves one access a cycle), so the"
  echo "text is the only evidence: non-pipelined banks, busy for their whole access, are the"
  echo "default. The pipelined reading makes every configuration's banks pipelined and gives #6"
  echo "and #7 the access time at which the baseline's average read latency is 5.3x / 6.3x that"
  echo "of #1 (pipelined too), by the same rule (\`--latency-x F@table2_c1\`)."
  echo
  local w1; w1=$(echo $names | cut -d' ' -f1)
  echo "Bank access time: non-pipelined #6 $(lat_of $w1.fig9.c6.ltrf table2_c6), #7 $(lat_of $w1.fig9.c7.ltrf table2_c7) cycles;"
  echo "pipelined #6 $(lat_of $w1.pb.fig9.c6.ltrf table2_c6), #7 $(lat_of $w1.pb.fig9.c7.ltrf table2_c7) cycles (#1: $LAT1)."
  echo
  echo "Fig. 9 metric (IPC / each reading's reference, BL on #1 + 16 KB) and Fig. 10 metric (power on"
  echo "#7 / BL on #1, the same reading):"
  echo
  echo "| workload | reading | config | BL | RFC | LTRF | LTRF+ | Ideal |"
  echo "|---|---|---|---|---|---|---|---|"
  for n in $names; do for p in "" pb.; do for c in c6 c7; do
    x="| $n | $(rdname "$p") | #${c#c} "
    for d in $DESIGNS; do x="$x| $(normr $n.${p}fig9.$c.$d $n.${p}ref) "; done
    echo "$x| $(normr $n.${p}f3.1 $n.${p}ref) |"
  done; done; done
  for p in "" pb.; do for c in c6 c7; do
    x="| mean | $(rdname "$p") | #${c#c} "
    for d in $DESIGNS; do x="$x| $(for n in $names; do normr $n.${p}fig9.$c.$d $n.${p}ref; echo -n " "; done | mean) "; done
    echo "$x| $(for n in $names; do normr $n.${p}f3.1 $n.${p}ref; echo -n " "; done | mean) |"
  done; done
  echo "| paper | - | #6 | - | 0.86 | 1.32 | - | about 1.32 |"
  echo "| paper | - | #7 | - | 0.86 | 1.28 | 1.31 | - |"
  echo
  echo "| workload | reading | Fig. 10: BL #7 | RFC #7 | LTRF #7 | LTRF+ #7 | Fig. 11 at 5 %: BL | RFC | LTRF | LTRF+ | against its own 1x: LTRF | LTRF+ |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
  for n in $names; do for p in "" pb.; do
    local pre=$n${p:+.pb}
    x="| $n | $(rdname "$p") "
    for d in $DESIGNS; do x="$x| $(pwr $n.${p}fig9.c7.$d $n.${p}fig10.c1.baseline) "; done
    for d in $DESIGNS; do x="$x| $(tolerable $pre $d 5 $n.${p}ref)x "; done
    echo "$x| $(tolerable $pre ltrf 5 $n.${p}lat.1.ltrf)x | $(tolerable $pre ltrf+ 5 $n.${p}lat.1.ltrf+)x |"
  done; done
  echo "| paper | - | - | - | - | - | - | 2.1x | 5.3x | 6.2x | - | - |"
  echo
  echo "### Fill: a warp's registers allocated and read in parallel (default) or one a cycle"
  echo
  echo "Cycles a row spends fetching per activation (row_fetch_act / activations), and Fig. 9's"
  echo "metric; parallel: $(jq .rfc_alloc_ports presets/table2_c6.json) registers allocated and $(jq .rfc_fill_ports presets/table2_c6.json) main-RF reads offered a cycle per row."
  echo
  echo "| workload | design | fill | activation at #1 | activation at #6 | Fig. 9 #6 | Fig. 9 #7 |"
  echo "|---|---|---|--:|--:|--:|--:|"
  for n in $names; do for d in ltrf ltrf+; do for p in "" ser.; do
    echo "| $n | $d | $([ -n "$p" ] && echo serial || echo parallel) | $(act $n.${p}fig10.c1.$d) | $(act $n.${p}fig9.c6.$d) | $(normr $n.${p}fig9.c6.$d $n.ref) | $(normr $n.${p}fig9.c7.$d $n.ref) |"
  done; done; done
  echo
  echo "### What a deactivation writes back (sensitivities; the paper's rule is each design's default)"
  echo
  local W=$(jq .warp_slots presets/table2_c6.json) A=$(jq .arch_regs presets/table2_c6.json)
  echo "WCB storage each rule adds per SM ($W warps x $A registers; the paper's WCB: 114,880 bits for"
  echo "64 warps): all none; live a liveness bit-vector ($((W * A)) bits) and the dead-operand bits in"
  echo "the instructions (LTRF+ has both); dirty a dirty bit-vector ($((W * A)) bits, set by a result"
  echo "written into the cache); live+dirty both."
  echo
  echo "| workload | design | rule | WCB bits added | write-backs / instruction #6 | Fig. 9 #6 | Fig. 9 #7 | Fig. 10 #7 | Fig. 11 at 5 % |"
  echo "|---|---|---|--:|--:|--:|--:|--:|--:|"
  for n in $names; do for d in ltrf ltrf+; do for r in $RULES; do
    local bits=0
    case $r.$d in live.ltrf) bits=$((W * A)) ;; dirty.*|live+dirty.ltrf+) bits=$((W * A)) ;; live+dirty.ltrf) bits=$((2 * W * A)) ;; esac
    local run6=$(wbrun $n $r $d fig9.c6) run7=$(wbrun $n $r $d fig9.c7)
    echo "| $n | $d | $r$([ $r = $(paper_rule $d) ] && echo ' (paper)') | $bits | $(awk -v a="$(val $run6 writebacks)" -v i="$(val $run6 instructions)" 'BEGIN { printf "%.2f", i ? a / i : 0 }') | $(normr $run6 $n.ref) | $(normr $run7 $n.ref) | $(pwr $run7 $n.fig10.c1.baseline) | $(tolerable $(wbpre $n $r $d) $d 5 $n.ref)x |"
  done; done; done
  echo
  echo "Table 4's interval lengths come from the compiler pass alone: the bank reading, the fill and"
  echo "the write-back rule leave them as above."
  echo
  echo "### Register-limited workloads"
  echo
  echo "Resident warps per SM on #1 with the cache's 16 KB added (the reference) and with #6's 8x"
  echo "capacity: a workload is register-limited on #1 when more of its warps reside with more"
  echo "registers (the paper recompiled its register-sensitive workloads with maxregcount, Sec. 2)."
  echo
  echo "| workload | kind | warps on #1 + 16 KB | on #6 | register-limited on #1 |"
  echo "|---|---|--:|--:|---|"
  for n in $names; do
    echo "| $n | ${GROUP[$n]:-} | $(val $n.ref max_resident_warps) | $(val $n.f3.1 max_resident_warps) | $(rsens $n && echo yes || echo no) |"
  done
}
