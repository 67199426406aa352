# The workload suite (scripts/suite.txt) for the experiment scripts (sourced after
# scripts/exp_run.sh):
#   exp_suite            WL ("name|stream args") of every workload (QUICK=1: those marked
#                        quick), GROUP[name] (real or generated), NATIVE[name] (its own preset);
#                        a real trace not found under $T is left out with a note
#   exp_fit PRESET...    WL reduced to the workloads that run on those presets (below)
#   exp_suite_add P...   the suite's workloads that run on presets P appended to a script's own
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
# exp_fit PRESET...: keeps in WL the workloads that run on every PRESET (a probe each: the
# baseline on one SM; a kernel needing more registers per thread, warps or shared memory than
# the preset's SM has cannot run there) and says why the others were left out in EXCLUDED
# (Markdown list lines)
exp_fit() {
  local d=$OUT/json_fit_$(echo "$*" | tr ' ' '_') w n p ok keep=()
  mkdir -p "$d"
  for w in "${WL[@]}"; do n=${w%%|*}; for p in "$@"; do
    echo "$n.$p sim --design baseline --preset $p ${w#*|} --sms 1 --threads 1"; done; done > "$d/runs.list"
  ( export RUNS_KEEP_GOING=1; runs_exec "$d/runs.list" "$d" "fit on $*" > /dev/null )
  EXCLUDED=""
  for w in "${WL[@]}"; do n=${w%%|*} ok=1
    for p in "$@"; do
      [ -f "$d/$n.$p.json" ] && continue
      ok=0; EXCLUDED="$EXCLUDED- \`$n\` cannot run on \`$p\`: $(grep -m1 -o "cannot run on preset.*\|field '[a-z_]*': .*" "$d/$n.$p.failed" 2>/dev/null | head -1)"$'\n'
    done
    [ $ok = 1 ] && keep+=("$w")
  done
  WL=("${keep[@]}")
}
# exp_suite_add PRESET...: the suite's workloads that run on every PRESET appended to WL (a
# script's own kernels first, in group "own")
exp_suite_add() {
  local own=("${WL[@]}") w
  for w in "${own[@]}"; do GROUP[${w%%|*}]=own; done
  exp_suite; exp_fit "$@"
  WL=("${own[@]}" "${WL[@]}")
}
# the sets of workloads a report gives means for: all, then each group present in WL
exp_sets() { echo all; local w; for w in "${WL[@]}"; do echo "${GROUP[${w%%|*}]:-own}"; done | awk '!s[$0]++'; }
# the names of a set's workloads
exp_in_set() { local w; for w in "${WL[@]}"; do
  [ "$1" = all ] || [ "${GROUP[${w%%|*}]:-own}" = "$1" ] && echo -n "${w%%|*} "; done; true; }
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
