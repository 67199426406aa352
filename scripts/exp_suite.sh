# The workload suite (scripts/suite.txt) for the experiment scripts (sourced after
# scripts/exp_run.sh):
#   exp_suite            WL ("name|stream args") of every workload (QUICK=1: those marked
#                        quick), GROUP[name] (real or generated); a real trace not found under
#                        $T is left out with a note
#   exp_fit PRESET...    WL reduced to the workloads that run on those presets (below)
#   exp_sets, exp_in_set the workload sets a report gives means for, and their names
# Register sensitivity is measured by the LTRF experiment (scripts/experiments.sh, rsens).
SUITE=${SUITE:-scripts/suite.txt}
declare -A GROUP
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
    GROUP[$name]=$group
  done < "$SUITE"
}
# exp_fit [--design D] PRESET...: keeps in WL the workloads that run on every PRESET (a probe
# each, on one SM, of the baseline and of design D when given: a kernel needing more registers
# per thread, warps or shared memory than the preset's SM has, or registers the design cannot
# name, cannot run there) and says why the others were left out in EXCLUDED (Markdown list
# lines)
exp_fit() {
  [ "$RUNS_ENGINE" = dry ] && return  # a dry run probes nothing: every workload listed
  local ds=baseline
  [ "$1" = --design ] && { ds="baseline $2"; shift 2; }
  local d=$OUT/json_fit_$(echo "$*" | tr ' ' '_') w n p x ok keep=()
  mkdir -p "$d"
  for w in "${WL[@]}"; do n=${w%%|*}; for p in "$@"; do for x in $ds; do
    echo "$n.$p.$x sim --design $x --preset $p ${w#*|} --sms 1 --threads 1"; done; done; done > "$d/runs.list"
  ( export RUNS_KEEP_GOING=1; runs_exec "$d/runs.list" "$d" "fit on $*" > /dev/null )
  EXCLUDED=""
  for w in "${WL[@]}"; do n=${w%%|*} ok=1
    for p in "$@"; do for x in $ds; do
      [ -f "$d/$n.$p.$x.json" ] && continue
      ok=0; EXCLUDED="$EXCLUDED- \`$n\` cannot run on \`$p\` ($x): $(grep -m1 -o "cannot run on preset.*\|field '[a-z_]*': .*" "$d/$n.$p.$x.failed" 2>/dev/null | head -1)"$'\n'
      break 2
    done; done
    [ $ok = 1 ] && keep+=("$w")
  done
  WL=("${keep[@]}")
}
# the sets of workloads a report gives means for: all, then each group present in WL (a
# script's probe outside the suite, with no group, is in none)
exp_sets() { echo all; local w; for w in "${WL[@]}"; do echo "${GROUP[${w%%|*}]:-}"; done | awk 'NF && !s[$0]++'; }
# the names of a set's suite workloads
exp_in_set() { local w g; for w in "${WL[@]}"; do g=${GROUP[${w%%|*}]:-}
  [ -n "$g" ] && { [ "$1" = all ] || [ "$g" = "$1" ]; } && echo -n "${w%%|*} "; done; true; }
