#!/usr/bin/env bash
# Run every libFuzzer target (build/fuzz/fuzz_<t>) for RUNS executions on its corpus, seeded
# with the shared traces, tests/streams and presets/; then the kept regression inputs
# (tests/fuzz_regress/<t>/) once each. Prints one line per target with libFuzzer's coverage
# (cov: edges, ft: features, corp: corpus inputs) and exits non-zero on any crash, leak,
# timeout or sanitizer report (the input is kept in $FUZZ_WORK/crash-<t>-*). The trace target
# runs beside the other two (the machine's two cores).
# usage: tests/fuzz.sh RUNS   (FUZZ_WORK: where corpora, logs and crashes go; build/fuzz)
set -u
runs=${1:-1000000}
B=${BUILD:-build}
W=${FUZZ_WORK:-$B/fuzz}
T=${SHARED:-../shared}/traces
# target T: its run and its regression inputs; the lines to print, exit 1 on a failure
target() { local t=$1 rc=0 bin corpus seeds log r cov execs
  bin=$B/fuzz/fuzz_$t corpus=$W/corpus_$t seeds=$W/seeds_$t
  mkdir -p $corpus $seeds
  case $t in
    trace)  [ -d "$T" ] && for f in $T/*/*.traceg; do cp $f $seeds/$(basename $(dirname $f)).traceg; done
            cp tests/streams/*.traceg $seeds/ ;;
    native) cp tests/streams/*.txt $seeds/ ;;
    preset) cp presets/*.json $seeds/ ;;
  esac
  log=$W/$t.log
  $bin -runs=$runs -max_len=65536 -timeout=20 -rss_limit_mb=4096 -print_final_stats=1 \
       -artifact_prefix=$W/crash-$t- $corpus $seeds > $log 2>&1
  r=$?
  cov=$(grep -o 'cov: [0-9]* ft: [0-9]* corp: [0-9]*' $log | tail -1)
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' $log)
  if [ $r = 0 ]; then echo "fuzz_$t: $execs executions, $cov, no crash, hang or sanitizer report"
  else echo "fuzz_$t: FAILED (exit $r) after $execs executions; see $log and $W/crash-$t-*"; tail -30 $log; rc=1; fi
  if [ -d tests/fuzz_regress/$t ] && ls tests/fuzz_regress/$t/* > /dev/null 2>&1; then
    if $bin tests/fuzz_regress/$t/* > $W/$t.regress.log 2>&1; then
      echo "fuzz_$t: $(ls tests/fuzz_regress/$t | wc -l) regression inputs pass"
    else echo "fuzz_$t: a regression input fails; see $W/$t.regress.log"; rc=1; fi
  fi
  return $rc; }
mkdir -p $W
target trace > $W/trace.out 2>&1 & pid=$!
rc=0
for t in native preset; do target $t > $W/$t.out 2>&1 || rc=1; done
wait $pid || rc=1
cat $W/trace.out $W/native.out $W/preset.out
exit $rc
