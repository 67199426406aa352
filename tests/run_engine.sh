# Sourced by tests/run.sh: the run engine of the experiments and make run (scripts/runs.sh):
# every run once, results cached by their inputs, a changed input runs again, the dry and
# Slurm-less paths, a failed run, the suite file, make run's table.
section "run engine: cache keyed by inputs, progress, dry run, failures; the suite; make run's table"
E=$B/engine; rm -rf $E; mkdir -p $E/t
$G gen seed=5,blocks=1,warps=2,insts=16 --out $E/t > /dev/null
eng() { (export G BUILD=$B RUNS_CACHE=$E/cache; . scripts/runs.sh; runs_exec "$@") 2>&1; }
done_n() { local f=$1/runs.progress; [ -f $f ] && wc -l < $f || echo 0; }
printf '%s\n' "a sim --design baseline --preset small --gen seed=1,blocks=1,warps=2 --threads 1" \
  "b sim --design ltrf --preset small --gen seed=1,blocks=1,warps=2 --threads 1" \
  "c sim --design baseline --preset small --trace $E/t/kernelslist.g --threads 1" > $E/l1
out=$(eng $E/l1 $E/d1 t1); rc=$?
[ $rc = 0 ] && [ "$(done_n $E/d1)" = 3 ] && [ "$(ls $E/cache/*.json | wc -l)" = 3 ] && ok "3 runs, 3 results cached" || bad "engine first pass (rc $rc)" "$out"
echo "$out" | grep -q "3/3 runs done" && ok "progress line: done / total and the time left" || bad "progress line" "$out"
$G sim --design ltrf --preset small --gen seed=1,blocks=1,warps=2 --threads 1 --json $E/direct.json > /dev/null 2>&1
cmp -s <(jq -S '.stats' $E/d1/b.json) <(jq -S '.stats' $E/direct.json) && ok "the engine's result is gpurf's" || bad "engine result differs from a direct run"
out=$(eng $E/l1 $E/d2 t2)
[ "$(done_n $E/d2)" = 0 ] && [ -f $E/d2/c.json ] && ok "run again: all 3 cached, none run" || bad "cache not used" "$out"
sed -i 's/--threads 1$/--threads 1 --set bank_latency=6/; 2s/--set bank_latency=6//' $E/l1
out=$(eng $E/l1 $E/d3 t3)
[ "$(done_n $E/d3)" = 2 ] && ok "a changed setting runs again (2 of 3)" || bad "changed --set not rerun: $(done_n $E/d3)" "$out"
[ "$(jq .stats.cycles $E/d3/a.json)" != "$(jq .stats.cycles $E/d1/a.json)" ] && ok "bank_latency=6 changed a's cycles" || bad "bank_latency had no effect"
printf '\n' >> $E/t/kernel-1.traceg
out=$(eng $E/l1 $E/d4 t4)
[ "$(done_n $E/d4)" = 1 ] && ok "a changed trace file runs again (its run only)" || bad "trace change: $(done_n $E/d4) runs" "$out"
cp $G $E/gpurf-copy; printf 'x' >> $E/gpurf-copy
out=$(G=$E/gpurf-copy; eng $E/l1 $E/d5 t5)
[ "$(done_n $E/d5)" = 3 ] && ok "another binary runs every run again" || bad "binary change: $(done_n $E/d5) runs" "$out"
# d runs for about a second: the failing run e below cuts it short
echo "d sim --design ltrf --preset small --gen seed=9,blocks=16,warps=4 --threads 1" >> $E/l1
n0=$(ls $E/cache/*.json | wc -l)
out=$(RUNS_ENGINE=dry eng $E/l1 $E/d6 t6)
[ "$(ls $E/cache/*.json | wc -l)" = "$n0" ] && echo "$out" | grep -q "sbatch --wait --array=1-1 " &&
  [ "$(echo "$out" | grep -c "sim --design ltrf --preset small --gen seed=9,blocks=16")" = 1 ] &&
  ok "dry run: the one command to run and its sbatch line, nothing run" || bad "dry run" "$out"
echo "e sim --design baseline --preset small --gen seed=1,blocks=1 --set no_such_key=1 --threads 1" >> $E/l1
out=$(eng $E/l1 $E/d7 t7); rc=$?
[ $rc != 0 ] && echo "$out" | grep -q "run e failed" && ! ls $E/cache/*.tmp.* > /dev/null 2>&1 &&
  ok "a failed run fails the list, with its log; the run it cut short leaves nothing in the cache" || bad "failed run (rc $rc)" "$out$(ls $E/cache | grep tmp)"
# the suite: every line well formed, every real trace of the shared folder listed
T=${SHARED:-../shared}/traces
bad_lines=$(awk '!/^#/ && NF && (NF != 6 || ($2 != "real" && $2 != "generated") || ($4 != 0 && $4 != 1) || ($5 != "trace" && $5 != "gen")) { print NR }' scripts/suite.txt)
[ -z "$bad_lines" ] && ok "suite.txt: name group preset quick stream on every line" || bad "suite.txt lines $bad_lines"
for p in $(awk '!/^#/ && NF { print $3 }' scripts/suite.txt | sort -u); do
  [ -f presets/$p.json ] || bad "suite.txt names preset $p, not in presets/"; done
if [ -d "$T" ]; then
  missing=$(for d in $T/*/; do n=$(basename $d); grep -q "trace $n\$" scripts/suite.txt || echo $n; done)
  [ -z "$missing" ] && ok "suite.txt lists every trace of $T" || bad "traces not in the suite: $missing"
fi
# exp_fit: a workload the paper's design cannot run (rename names registers with 6-bit ids on
# fermi: R63 and up) is left out with the design's reason; the baseline alone keeps it
fit() { ( set -eu; OUT=$E/fit$1 BUILD=$B RUNS_CACHE=$E/cache; . scripts/exp_run.sh; G=$B/gpurf
  WL=("r24|--gen seed=1,blocks=1,regs=24,insts=24" "r64|--gen seed=1,blocks=1,regs=64,insts=24")
  exp_fit $2 fermi; echo "kept: $(exp_names)"; exp_workloads ) 2>&1; }
out=$(fit 1 "--design rename")
echo "$out" | grep -q "^kept:  r24$" && [ "$(echo "$out" | grep -c '^- `r')" = 2 ] &&
  echo "$out" | grep -A1 "^Left out" | grep -q "^- \`r64\` cannot run on \`fermi\` (rename): field 'register': R63 does not fit a 6-bit pbr id" &&
  ok "exp_fit --design rename: the 64-register kernel left out, the design's reason listed under the workloads" || bad "exp_fit --design" "$out"
out=$(fit 2 "")
echo "$out" | grep -q "^kept:  r24 r64$" && ok "exp_fit without a design: the baseline runs both" || bad "exp_fit baseline" "$out"
# make run's table (scripts/main_run.sh) on the small preset: one row per design, in lockstep
run "main_run.sh: baseline and malekeh in lockstep, one table" 0 env BUILD=$B G=$G OUT=$E/run RUNS_CACHE=$E/cache RUN_PRESET=small \
  RUN_GEN=seed=1,blocks=1,warps=4,insts=24 RUN_TRACE=/nonexistent RUN_DESIGNS="baseline malekeh" bash scripts/main_run.sh $E/none.json
rows=$(grep -c '^| generated' $E/run/summary.md)
hr=$(awk -F'|' '/^\| generated/ { gsub(/ /, "", $3); gsub(/ /, "", $8); print $3 "=" $8 }' $E/run/summary.md | tr '\n' ' ')
mm=$(awk -F'|' '/^\| generated/ { s += $13 } END { print s + 0 }' $E/run/summary.md)
fc=$(awk -F'|' '/^\| generated/ && $12 + 0 > 0 { n++ } END { print n + 0 }' $E/run/summary.md)
[ "$rows" = 2 ] && [ "$mm" = 0 ] && [ "$fc" = 2 ] && echo "$hr" | grep -q "baseline=- malekeh=0\.[0-9]*" &&
  ok "table: 2 designs, fields compared, 0 mismatches, malekeh's hit rate ($hr)" || bad "make run table" "$(cat $E/run/summary.md)"
# the CSV beside it: the same rows and figures, a quoted kernel name, an empty cell for none
csv=$(python3 -c 'import csv,sys; r=list(csv.reader(open(sys.argv[1]))); print(len(r), r[0][0], r[0][11], r[1][0].startswith("generated (seed=1,"), r[1][1], r[1][6] == "", r[2][1], float(r[2][6]) > 0, r[1][2] == sys.argv[2])' \
  $E/run/summary.csv "$(awk -F'|' '/^\| generated/ { gsub(/ /, "", $4); print $4; exit }' $E/run/summary.md)")
[ "$csv" = "3 kernel mismatches True baseline True malekeh True True" ] && ok "summary.csv: header and the two runs, the baseline's hit rate empty, the cycles the table's" || bad "summary.csv" "$csv $(cat $E/run/summary.csv)"
