# The run engine of the experiments (sourced by scripts/exp_run.sh and scripts/main_run.sh).
# An experiment is a list of independent runs, one per line:
#   ID ARGS...      ARGS: a gpurf command line without the binary (sim --design D --preset P ...)
# runs_exec LIST DIR LABEL runs every line whose result is not cached, then puts each run's
# JSON and log in DIR/ID.json and DIR/ID.log; it fails, with the failed runs' logs, when one
# fails.
#
# Cache: a finished run is kept under $RUNS_CACHE (build/run-cache) by a key of its inputs:
# the gpurf binary's checksum, the preset file's, the trace folder's (every file of it) and
# the arguments. A run whose key is there is not run again.
# Engines (RUNS_ENGINE): local (default: GNU parallel on $JOBS cores), slurm (a job array of
# scripts/sweep.slurm over the runs to do; sbatch --wait), dry (print the commands of the
# runs to do and of the Slurm submission, then end the calling script: nothing runs).
# A progress line after each run: done / to do, cached, elapsed and the time left.
# RUNS_KEEP_GOING=1: failed runs do not stop the others or fail the list; each leaves its log
# in DIR/ID.failed and no DIR/ID.json (probes of what runs where: exp_fit).
RUNS_CACHE=${RUNS_CACHE:-${BUILD:-build}/run-cache}
RUNS_ENGINE=${RUNS_ENGINE:-local}
JOBS=${JOBS:-$(nproc)}
declare -A RUNS_SUM_

# the checksum of a file or of every file of a folder in RUNS_SUM_[path] (computed once)
runs_sum_() {
  local p=$1
  [ -n "${RUNS_SUM_[$p]:-}" ] && return
  if [ -d "$p" ]; then RUNS_SUM_[$p]=$(cd "$p" && find . -type f | LC_ALL=C sort | xargs sha256sum | sha256sum | cut -c1-32)
  elif [ -f "$p" ]; then RUNS_SUM_[$p]=$(sha256sum < "$p" | cut -c1-32)
  else RUNS_SUM_[$p]=none; fi
}

# the inputs of one run as a line (its key is the line's checksum): runs_inputs "ARGS..."
runs_inputs() {
  local args=$1 prev="" a f
  runs_sum_ "$G"; printf 'gpurf %s' "${RUNS_SUM_[$G]}"
  for a in $args; do
    f=""
    case $prev in --preset) f=presets/$a.json ;; --trace) f=$(dirname "$a") ;; --run|--synth) f=$a ;; esac
    [ -n "$f" ] && { runs_sum_ "$f"; printf ' %s %s' "${prev#--}" "${RUNS_SUM_[$f]}"; }
    prev=$a
  done
  # a run without --preset takes the preset of its trace's binary version: the file of every
  # preset then counts
  case " $args " in *" --preset "*) ;; *) runs_sum_ presets; printf ' presets %s' "${RUNS_SUM_[presets]}" ;; esac
  # paths of the run's inputs are in the checksums above: the key does not depend on where
  # the traces are
  printf ' args %s\n' "$(echo "$args" | sed 's#[^ ]*/\([^/ ]*\)#\1#g')"
}

runs_exec() {
  local list=$1 dir=$2 label=$3 keyed todo n ntodo
  mkdir -p "$dir" "$RUNS_CACHE"
  keyed=$dir/runs.keyed; todo=$dir/runs.todo
  rm -f "$dir"/*.failed
  # checksums in this shell (computed once per file), then one sha256sum per run
  local ids=() argl=() id args k=0 key
  while read -r id args; do [ -z "$id" ] && continue; ids+=("$id"); argl+=("$args"); done < "$list"
  for args in "${argl[@]}"; do runs_inputs "$args"; done > "$dir/runs.inputs"
  : > "$keyed"
  while IFS= read -r line; do
    key=$(printf '%s' "$line" | sha256sum | cut -c1-32)
    echo "${ids[$k]} $key ${argl[$k]}" >> "$keyed"; k=$((k + 1))
  done < "$dir/runs.inputs"
  # a run that writes files of its own (--sthld-log, --reg-log, --waves) always runs: the
  # cache keeps only its report and output
  awk -v c="$RUNS_CACHE" '/ --(sthld-log|reg-log|waves) / { print; next }
    { f = c "/" $2 ".json"; if ((getline l < f) < 0) print; else close(f) }' "$keyed" > "$todo"
  n=$(wc -l < "$keyed"); ntodo=$(wc -l < "$todo")
  echo "$label: $n runs, $((n - ntodo)) cached, $ntodo to run ($RUNS_ENGINE, $JOBS at a time; cache $RUNS_CACHE)"
  if [ "$ntodo" -gt 0 ]; then
    export G RUNS_CACHE
    export RUNS_LABEL=$label RUNS_TOTAL=$ntodo RUNS_CACHED=$((n - ntodo)) RUNS_START=$(date +%s)
    export RUNS_PROGRESS=$dir/runs.progress RUNS_DIR=$dir RUNS_KEEP_GOING=${RUNS_KEEP_GOING:-}
    : > "$RUNS_PROGRESS"
    case $RUNS_ENGINE in
      local) if [ -n "${RUNS_KEEP_GOING:-}" ]; then parallel --will-cite -j "$JOBS" bash scripts/run1.sh :::: "$todo" || true
             elif ! parallel --will-cite -j "$JOBS" --halt now,fail=1 bash scripts/run1.sh :::: "$todo"; then
               # the runs a failure cut short leave no partial files in the cache
               while read -r id key args; do rm -f "$RUNS_CACHE/$key".*.tmp.*; done < "$todo"
               return 1
             fi ;;
      slurm) sbatch --wait --array=1-"$ntodo" --export=ALL --output="$dir/slurm-%a.out" \
               scripts/sweep.slurm "$todo" > /dev/null || [ -n "${RUNS_KEEP_GOING:-}" ] ||
               { cat "$dir"/slurm-*.out 2>/dev/null | tail -20; return 1; } ;;
      dry) echo "# the runs to do (scripts/run1.sh runs one line of $todo):"
           while read -r id key args; do echo "$G $args --json $RUNS_CACHE/$key.json"; done < "$todo"
           echo "# on a Slurm cluster:"
           echo "sbatch --wait --array=1-$ntodo --export=ALL scripts/sweep.slurm $todo"
           exit 0 ;;
      *) echo "$label: unknown RUNS_ENGINE '$RUNS_ENGINE' (local, slurm or dry)" >&2; return 2 ;;
    esac
  fi
  local bad=0
  while read -r id key args; do
    rm -f "$dir/$id.json"
    if [ -f "$RUNS_CACHE/$key.json" ]; then
      cp "$RUNS_CACHE/$key.json" "$dir/$id.json"; cp "$RUNS_CACHE/$key.log" "$dir/$id.log"
    elif [ -z "${RUNS_KEEP_GOING:-}" ]; then echo "$label: run $id has no result ($G $args)"; bad=1; fi
  done < "$keyed"
  return $bad
}
