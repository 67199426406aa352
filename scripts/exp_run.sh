# Sourced by the experiment scripts: run every line of a runs file ("id preset design
# extra-args...") through the run engine (scripts/runs.sh: cached, in parallel or on Slurm),
# the stream of workload ${id%%.*} from the WL array ("name|stream args"), JSON and log per
# run in a directory.
# usage: exp_run RUNS_FILE JSON_DIR LABEL   (uses $G, WL)
# The environment the scripts read: BUILD, OUT, TRACES, JOBS, QUICK, SMS (the SMs of every run,
# `gpurf sim --sms`: auto by default, a real trace on its preset's whole GPU, as the papers'
# figures are, and a generated kernel on one SM, the load its blocks are sized for; a number or
# all sets every run's). A run takes one thread (the runs themselves go JOBS at a time).
B=${BUILD:-build}
G=$B/gpurf
OUT=${OUT:-$B/experiments}
T=${TRACES:-../shared/traces}
. scripts/runs.sh
. scripts/exp_suite.sh
QUICK=${QUICK:-0}
SMS=${SMS:-auto}
# the --sms of workload $1's runs
exp_sms_arg() { case $SMS in all) ;; auto) [ "${GROUP[$1]:-}" = real ] || echo "--sms 1" ;; *) echo "--sms $SMS" ;; esac; }
# the workloads as a Markdown list, then those exp_fit left out with its reasons
exp_workloads() { for w in "${WL[@]}"; do echo "- \`${w%%|*}\`${GROUP[${w%%|*}]:+ (${GROUP[${w%%|*}]})}: \`${w#*|}\`"; done
  [ -z "${EXCLUDED:-}" ] || { echo; echo "Left out (the preset or the design cannot run them):"; echo -n "$EXCLUDED"; }; }
# the workloads' names
exp_names() { for w in "${WL[@]}"; do echo -n " ${w%%|*}"; done; }
exp_stream_of() { for w in "${WL[@]}"; do [ "${w%%|*}" = "$1" ] && echo "${w#*|}"; done; }
exp_run() {
  local runs=$1 dir=$2 label=$3
  mkdir -p "$dir"
  exp_latx "$runs" "$dir" "$label" || return
  while read -r id preset design extra; do
    echo "$id sim --design $design --preset $preset $(exp_stream_of "${id%%.*}") $extra $(exp_sms_arg "${id%%.*}") --threads 1"
  done < "$dir/runs.resolved" > "$dir/runs.list"
  runs_exec "$dir/runs.list" "$dir" "$label" || return
  exp_load "$dir"
}
# every scalar statistic and energy part of the runs in directory $1, and each run's preset,
# read by one jq into EXP_V["DIR/RUN FIELD"] (FIELD .preset: the preset) (exp_val: one lookup
# instead of a jq per value)
declare -A EXP_V
exp_load() { local k v
  while IFS=$'\t' read -r k v; do EXP_V[$1/$k]=$v; done < <(cd "$1" && ls | grep '\.json$' | xargs -r jq -r '
    (input_filename | rtrimstr(".json")) as $id | (.stats // {}) as $s | (.energy_pj // {}) as $e
    | "\($id) .preset\t\(.preset)",
      ([($s | keys[]), ($e | keys[])] | unique[] | . as $k | ($s[$k] // $e[$k])
       | select(type != "object" and type != "array") | "\($id) \($k)\t\(.)")')
}
# every preset's scalar fields as jq prints them, EXP_P["PRESET FIELD"] (read once)
declare -A EXP_P
while IFS=$'\t' read -r k v; do EXP_P[$k]=$v; done < <(jq -r '(input_filename | sub(".*/"; "")
  | rtrimstr(".json")) as $p | to_entries[] | select(.value | type == "number" or type == "string")
  | "\($p) \(.key)\t\(.value | tojson)"' presets/*.json)
# the preset of run $2 in directory $1
exp_preset() { local k="$1/$2 .preset"; if [ -n "${EXP_V[$k]+x}" ]; then echo "${EXP_V[$k]}"; else jq -r .preset "$1/$2.json"; fi; }
# `--latency-x F` measured once per setting: its access time depends only on the preset, the
# run's --set settings and F (sim/cli/latency_x.h: the baseline on a fixed reference kernel),
# not on the design or the workload. Each distinct setting is one run of the engine (cached;
# its JSON's latency_x.bank_latency), and every run of it gets `--set bank_latency=N` in place
# of `--latency-x F`: the same configuration, without measuring it again per run. Writes
# DIR/runs.resolved.
exp_latx() {
  local runs=$1 dir=$2 label=$3 id
  # a dry run prints the runs as written: each measures its own setting, to the same result
  if [ "$RUNS_ENGINE" = dry ] || ! grep -q -- ' --latency-x ' "$runs"; then cp "$runs" "$dir/runs.resolved"; return; fi
  # the setting of a run line: "preset --set ... --latency-x F" (both passes below)
  local key='function key(   k, i) { k = $2; for (i = 4; i < NF; i++) if ($i == "--set") k = k " --set " $(i + 1)
    for (i = 4; i < NF; i++) if ($i == "--latency-x") return k " --latency-x " $(i + 1); return "" }'
  awk "$key"' { k = key(); if (k != "" && !(k in id)) { id[k] = ++n
      print "latx." n " sim --design baseline --preset " k " --gen seed=1,blocks=1,warps=1,insts=4 --sms 1 --threads 1" } }' \
    "$runs" > "$dir/latx.list"
  runs_exec "$dir/latx.list" "$dir/latx" "$label (--latency-x settings)" || return
  (cd "$dir/latx" && awk '{ print $1 ".json" }' ../latx.list |
     xargs jq -r '"\(input_filename | rtrimstr(".json")) \(.latency_x.bank_latency)"') |
    awk "$key"' FNR == NR { lat[$1] = $2; next }
      { k = key(); if (k != "") { if (!(k in id)) id[k] = "latx." ++n
          for (i = 4; i < NF; i++) if ($i == "--latency-x") { $i = ""; $(i + 1) = "" }
          $0 = $0 " --set bank_latency=" lat[id[k]]; $1 = $1 } print }' - "$runs" > "$dir/runs.resolved"
}
# run $2 of directory $1 priced again with the energy model's estimate $3 times $4 (gpurf
# energy --run, with the run's own --set settings from the runs file beside its JSON), its
# energy_pj.$5 (priced once per run: a pricing newer than the run's JSON is read again)
exp_reprice() { local v
  v=$(awk -v x="${EXP_P[$(exp_preset "$1" "$2") $3]}" -v f=$4 'BEGIN { printf "%d", x * f }')
  exp_reprice_as "$1" "$2" "$3=$v" "$5"; }
# exp_reprice_as DIR ID KEY=VALUE PART: the same with the setting KEY=VALUE (an accounting)
exp_reprice_as() { local j=$1/$2.json e p rf=$1/runs.txt sets
  e=$1/$2.$(printf %s "$3" | tr -c 'A-Za-z0-9=_.' _).e
  if ! [ "$e" -nt "$j" ]; then
    [ -f "$rf" ] || rf=$1/../runs.txt
    sets=$(awk -v id="$2" '$1 == id' "$rf" | grep -o -- '--set [^ ]*' | tr '\n' ' ')
    p=$(exp_preset "$1" "$2")
    $G energy --preset $p $sets --set $3 --run "$j" --json "$e" > /dev/null || return
  fi
  jq .energy_pj.$4 "$e"; }
# the energy model's estimates with no published source (presets' energy source notes)
EXP_ESTIMATES="wire_ff_per_mm e_arbiter_fj"
# exp_vs FIGURE LABEL SET OURS PAPER WHY: our mean over a workload set beside the paper's value
# for the report's figures (scripts/report.sh), with what was measured about the difference,
# a line of $OUT/vs.tsv under the paper $EXP_PAPER; exp_vs_w FIGURE LABEL WORKLOAD OURS: one
# workload's value (no paper value: the papers' benchmarks are not ours); exp_vs_reset drops
# the paper's lines of an earlier run
exp_vs() { printf '%s\t%s\t%s\tmean, %s\t%s\t%s\t%s\n' "$EXP_PAPER" "$1" "$2" "$3" "$4" "$5" "$6" >> "$OUT/vs.tsv"; }
exp_vs_w() { printf '%s\t%s\t%s\t%s\t%s\t-\t-\n' "$EXP_PAPER" "$1" "$2" "$3" "$4" >> "$OUT/vs.tsv"; }
exp_vs_reset() { EXP_PAPER=$1; mkdir -p "$OUT"; touch "$OUT/vs.tsv"
  awk -F '\t' -v p="$1" '$1 != p' "$OUT/vs.tsv" > "$OUT/vs.tsv.new"; mv "$OUT/vs.tsv.new" "$OUT/vs.tsv"; }
# the experiment's JSON directory: JD=$OUT/json_NAME, emptied
exp_dir() { JD=$OUT/json_$1; mkdir -p "$JD"; rm -f "$JD"/*.json "$JD"/*.log "$JD"/*.e; }
# a statistic or energy part of run $1 in $JD: exp_val RUN FIELD
exp_val() { local k="$JD/$1 $2"
  if [ -n "${EXP_V[$k]+x}" ]; then echo "${EXP_V[$k]}"; else jq -r ".stats.$2 // .energy_pj.$2" "$JD/$1.json"; fi; }
# 100 a / b, one decimal (0 when b is 0)
exp_pc() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b ? 100 * a / b : 0 }'; }
# the mean of one number per line, one decimal
exp_mean() { $G mean --digits 1; }
# gnuplot with the common frame: exp_plot PNG WIDTH,HEIGHT ROWS,COLS; the plots on stdin
exp_plot() {
  { echo "set terminal pngcairo size $2 font \"sans,10\""; echo "set output \"$1\""
    echo "set multiplot layout $3"; cat; echo "unset multiplot"; } | gnuplot
}
