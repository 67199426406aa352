# The workload suite (scripts/suite.txt) for the experiment scripts (sourced after
# scripts/exp_run.sh):
#   exp_suite            WL ("name|stream args") of every workload (QUICK=1: those marked
#                        quick), GROUP[name] (real or generated), NATIVE[name] (its own preset);
#                        a real trace not found under $T is left out with a note
#   exp_group G          the names of WL in group G
#   exp_classify         register sensitivity by measurement (LTRF Sec. 5): baseline on
#                        table2_c1 with the cache's capacity added against table2_c6 (#6's
#                        capacity); sensitive when #6 admits more warps. SENS[name] = 1 or 0,
#                        and $OUT/classes.md
SUITE=${SUITE:-scripts/suite.txt}
declare -A GROUP NATIVE SENS
exp_suite() {
  local name group preset quick kind arg
  WL=()
  while read -r name group preset quick kind arg; do
    case $name in ''|'#'*) continue ;; esac
    [ "$QUICK" = 1 ] && [ "$quick" != 1 ] && continue
    case $kind in
      trace) if [ -f "$T/$arg/kernelslist.g" ]; then WL+=("$name|--trace $T/$arg/kernelslist.g")
             else echo "suite: $name left out: no $T/$arg/kernelslist.g" >&2; continue; fi ;;
      gen) WL+=("$name|--gen $arg") ;;
      *) echo "$SUITE: $name: stream must be 'trace FOLDER' or 'gen SPEC', not '$kind'" >&2; exit 2 ;;
    esac
    GROUP[$name]=$group; NATIVE[$name]=$preset
  done < "$SUITE"
}
exp_group() { local w; for w in "${WL[@]}"; do [ "${GROUP[${w%%|*}]}" = "$1" ] && echo -n "${w%%|*} "; done; true; }
# the reference of LTRF's Fig. 9 (table2_c1 plus the cache's capacity: active_pool x rfc_banks
# warp registers, 16 KB in the paper) and #6, per workload: the runs ID.ref and ID.f3.1 of
# the LTRF experiment, whose arguments these are
exp_ref_regs() {
  echo $(( $(jq .rf_warp_regs presets/table2_c1.json) + $(jq .active_pool presets/table2_c1.json) * $(jq .rfc_banks presets/table2_c1.json) ))
}
exp_classify() {
  local d=$OUT/json_classes w n lat1
  mkdir -p "$d"; lat1=$(jq .bank_latency presets/table2_c1.json)
  for w in "${WL[@]}"; do n=${w%%|*}
    echo "$n.ref table2_c1 baseline --set rf_warp_regs=$(exp_ref_regs)"
    echo "$n.f3.1 table2_c6 baseline --set bank_latency=$lat1 --latency-x 1"
  done > "$d/runs.txt"
  exp_run "$d/runs.txt" "$d" classes
  { echo "| workload | group | warps resident, reference | warps resident, #6 | register-sensitive |"
    echo "|---|---|---|---|---|"
    for w in "${WL[@]}"; do n=${w%%|*}
      local a b; a=$(jq .stats.max_resident_warps "$d/$n.ref.json"); b=$(jq .stats.max_resident_warps "$d/$n.f3.1.json")
      SENS[$n]=$(( a < b ? 1 : 0 ))
      echo "| $n | ${GROUP[$n]} | $a | $b | $([ "${SENS[$n]}" = 1 ] && echo yes || echo no) |"
    done; } > "$OUT/classes.md"
}
