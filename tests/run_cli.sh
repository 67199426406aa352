# Sourced by tests/run.sh: the command line a new user meets - every command's --help, gpurf
# run from another directory, make install, and the set-up waiting for a held apt lock.
section "command line: --help for every command, any working directory, make install, a held apt lock"
for c in sim cosim bench blocksim gen cfg intervals reuse releases strands area energy mean geomean models designs; do
  run "gpurf $c --help" 0 $G $c --help
  echo "$out" | head -1 | grep -q "^usage: gpurf \(mean|\)\?$c" && [ "$(echo "$out" | wc -l)" -ge 3 ] &&
    ok "$c --help: its usage and what it does" || bad "$c --help" "$out"
done
run "gpurf --help" 0 $G --help
[ "$(echo "$out" | grep -c '^  gpurf ')" -ge 15 ] && ok "gpurf --help lists every command" || bad "gpurf --help" "$out"
run "an unknown command's --help" 2 $G nope --help
# from another directory: the presets beside the binary's directory (build/gpurf)
GA=$(readlink -f $G)
run "gpurf from another directory finds its presets" 0 sh -c "cd / && $GA sim --design baseline --preset maxwell --gen seed=1,blocks=1 --json $(readlink -f $B)/cli_dir.json"
[ "$(jq .stats.instructions $B/cli_dir.json)" -gt 0 ] && ok "run from / on maxwell: $(jq .stats.cycles $B/cli_dir.json) cycles" || bad "run from /"
# make install: the binary, presets and views under PREFIX, usable from any directory
rm -rf $B/inst
run "make install PREFIX=$B/inst" 0 make -s BUILD=$B install PREFIX=$(readlink -f $B)/inst
[ "$(ls $B/inst/share/gpurf/presets/*.json | wc -l)" = "$(ls presets/*.json | wc -l)" ] &&
  [ "$(ls $B/inst/share/gpurf/waves/*.gtkw | wc -l)" = "$(git ls-files 'waves/*.gtkw' | wc -l)" ] &&
  ok "installed: bin/gpurf, every preset and every view" || bad "make install contents" "$(find $B/inst | head)"
run "the installed gpurf runs from /" 0 sh -c "cd / && $(readlink -f $B)/inst/bin/gpurf sim --design ltrf --set scheduler=two_level --preset small --gen seed=1,blocks=1 --json $(readlink -f $B)/cli_inst.json"
$G sim --design ltrf --set scheduler=two_level --preset small --gen seed=1,blocks=1 --json $B/cli_build.json > /dev/null 2>&1
cmp -s <(jq -S 'del(.peak_rss_kb)' $B/cli_inst.json) <(jq -S 'del(.peak_rss_kb)' $B/cli_build.json) &&
  ok "the installed gpurf gives the build's report" || bad "installed gpurf's report differs"
# a held apt lock is waited for (scripts/deps.sh), other apt errors fail at once: apt-get,
# dpkg-query and id replaced by stand-ins on PATH
fk=$B/fakeapt; rm -rf $fk; mkdir -p $fk
printf '#!/bin/sh\nexit 1\n' > $fk/dpkg-query
printf '#!/bin/sh\necho 0\n' > $fk/id
printf '#!/bin/sh\nn=$(cat %s/n 2>/dev/null || echo 0); echo $((n+1)) > %s/n\n[ "$n" -lt 2 ] && { echo "E: Could not get lock /var/lib/dpkg/lock-frontend" >&2; exit 100; }\nexit 0\n' "$(readlink -f $fk)" "$(readlink -f $fk)" > $fk/apt-get
chmod +x $fk/*
run "deps: a held apt lock is waited for" 0 env PATH=$(readlink -f $fk):$PATH DEPS_LOCK_POLL_S=0 bash scripts/deps.sh no-such-pkg
echo "$out" | grep -q "holds the lock; waiting" && [ "$(cat $fk/n)" = 4 ] && ok "deps: two held-lock refusals, then update and install" || bad "deps lock wait" "$out"
printf '#!/bin/sh\necho "E: Unable to locate package no-such-pkg" >&2; exit 100\n' > $fk/apt-get
run "deps: another apt error fails at once" 1 env PATH=$(readlink -f $fk):$PATH DEPS_LOCK_POLL_S=0 bash scripts/deps.sh no-such-pkg
# a run longer than a second shows its progress on a terminal (script(1) gives it one) and
# nothing on a pipe
if [ -d "$T" ]; then
  pr="sim --design rfc-demand --preset sm86_rtx3070 --threads 1 --trace $T/bfs-sm80/kernelslist.g"
  script -qc "$G $pr > /dev/null" /dev/null | tr '\r' '\n' | grep -a '^.*gpurf: kernel [0-9]* of 15 (.*), cycle [0-9]*$' > $B/progress.txt
  cyc=$(sed 's/.*cycle //' $B/progress.txt | tr -d '\r' | tr '\n' ' ')
  n=$(echo $cyc | wc -w); first=$(echo $cyc | cut -d' ' -f1); last=$(echo $cyc | awk '{ print $NF }')
  quiet=$($G $pr 2>&1 > /dev/null | wc -c)
  [ "$n" -ge 2 ] && [ "${last:-0}" -gt "${first:-0}" ] && [ "$quiet" = 0 ] &&
    ok "progress: $n lines on a terminal (cycle $first to $last, kernels of 15), nothing on a pipe" || bad "progress" "n=$n cycles=$cyc pipe bytes=$quiet"
fi
# a model this binary lacks: what it has and where the rest is built
run "cosim of a fault in the default binary" 2 $B/gpurf cosim --preset small --gen seed=1,blocks=1 --variant FAULT_RF_RR_STUCK
echo "$out" | grep -q "no RTL model of block 'rf' for preset 'small' variant 'FAULT_RF_RR_STUCK' in this binary (it has 'rf' for the parameters of: .*small.*); faulty variants are built into build/gpurf-full" &&
  ok "a fault asked of build/gpurf names build/gpurf-full" || bad "fault in gpurf message" "$out"
# the correct RTL of a preset outside the binary is its RTL binary's (tests/run_archs.sh runs
# it); a faulty variant is built with small's parameters only
run "cosim of a fault on a preset without faulty RTL" 2 $G cosim --preset a100 --gen seed=1,blocks=1 --variant FAULT_RF_RR_STUCK
echo "$out" | grep -q "for preset 'a100' variant 'FAULT_RF_RR_STUCK' in this binary (it has 'rf' for the parameters of: .*pascal.*; .*make builds the RTL of presets pascal small into its binaries, \`make rtl PRESET=p\` any other's); faulty variants are built for preset small only" &&
  ok "a fault on a preset without faulty RTL: the presets that have it named" || bad "preset without faulty RTL message" "$out"
run "make rtl of an unknown preset" 2 make -s BUILD=$B rtl PRESET=nosuch
echo "$out" | grep -q "make rtl PRESET=<.*a100.*>" && ok "make rtl names the presets" || bad "make rtl PRESET=nosuch" "$out"
