# Sourced by the experiment scripts: run every line of a runs file ("id preset design
# extra-args...") in parallel, the stream of workload ${id%%.*} from the WL array
# ("name|stream args"), JSON and log per run in a directory.
# usage: exp_run RUNS_FILE JSON_DIR LABEL   (uses $G, $J, WL)
# The environment both scripts read: BUILD, OUT, TRACES, JOBS, QUICK.
B=${BUILD:-build}
G=$B/gpurf
OUT=${OUT:-$B/experiments}
T=${TRACES:-../shared/traces}
J=${JOBS:-$(nproc)}
QUICK=${QUICK:-0}
# the workloads as a Markdown list
exp_workloads() { for w in "${WL[@]}"; do echo "- \`${w%%|*}\`: \`${w#*|}\`"; done; }
exp_stream_of() { for w in "${WL[@]}"; do [ "${w%%|*}" = "$1" ] && echo "${w#*|}"; done; }
exp_run() {
  local runs=$1 dir=$2 label=$3
  echo "$label: $(wc -l < "$runs") runs of $G on $J cores, JSON in $dir"
  while read -r id preset design extra; do
    echo "$id|$preset|$design|$(exp_stream_of "${id%%.*}") $extra"
  done < "$runs" | G=$G D=$dir L=$label xargs -P "$J" -I{} bash -c '
    IFS="|" read -r id preset design args <<< "{}"
    if ! $G sim --design $design --preset $preset $args --json $D/$id.json > $D/$id.log 2>&1; then
      echo "$L: run $id failed:"; tail -5 $D/$id.log; exit 255; fi'
}
