#!/usr/bin/env bash
# Golden statistics (tests/golden/runs.txt): `record` writes tests/golden/<run>.json from the
# current build, `check` compares every statistic of every run with its golden file. The runs
# go two at a time (JOBS), the verdicts in the runs' order.
# usage: tests/golden.sh record|check [GPURF] ; prints "ok NAME" / "FAIL NAME: diff" lines
set -u
mode=$1; G=${2:-build/gpurf}; T=${SHARED:-../shared}/traces; D=tests/golden
out=${BUILD:-build}/golden; mkdir -p $out
designs=$($G designs --names 2>/dev/null || echo baseline ideal ltrf ltrf+ rfc-demand)
# the designs that run only under the two-level scheduler
two_level=" $($G designs 2>/dev/null | awk '$3 == "schedulers=two_level" { printf "%s ", $1 }')"
# one line "name args" per run
runs() {
  while IFS='|' read -r name args; do
    name=$(echo $name); [ -z "$name" ] || [ "${name#\#}" != "$name" ] && continue
    case "$args" in *'$T'*) [ -d "$T" ] || { echo "skip $name: $T is absent" >&2; continue; };; esac
    for d in $designs; do
      a=${args//DESIGN/$d}; a=${a//\$T/$T}
      case "$two_level" in *" $d "*) a="$a --set scheduler=two_level";; esac
      echo "${name//DESIGN/$d} $a"
    done
  done < $D/runs.txt
}
runs > $out/runs.list
G=$G O=$out xargs -P ${JOBS:-2} -L 1 bash -c 'n=$0; $G sim "$@" --json $O/$n.json > $O/$n.log 2>&1; echo $? > $O/$n.rc' < $out/runs.list
rc=0
while read -r n a; do
  if [ "$(cat $out/$n.rc)" != 0 ]; then echo "FAIL $n: gpurf exit $(cat $out/$n.rc)"; rc=1; continue; fi
  jq -S '.stats | del(.ipc)' $out/$n.json > $out/$n.stats
  if [ $mode = record ]; then cp $out/$n.stats $D/$n.json; echo "recorded $n"; continue; fi
  if diff <(jq -S . $D/$n.json) $out/$n.stats > $out/$n.diff; then echo "ok $n"
  else echo "FAIL $n: $(tr '\n' ' ' < $out/$n.diff | cut -c1-300)"; rc=1; fi
done < $out/runs.list
exit $rc
