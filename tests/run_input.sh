# Sourced by tests/run.sh (its helpers run/ok/bad/prun/json_num, $A $B): bad traces, streams,
# presets and options exit 2 naming file, line and field; the parsers survive mutated and
# coverage-guided fuzzed input under the sanitizers.

section "bad input: file, line, field and exit 2"
for f in truncated register count header opcode; do
  run "parser rejects bad_$f" 2 $A sim --design baseline --preset small --trace tests/streams/bad_$f.traceg &&
    { echo "$out" | grep -q "bad_$f.traceg:[0-9]*: field '" && ok "bad_$f names file:line:field" || bad "bad_$f message" "$out"; }
done
run "native parser rejects bad register" 2 $A sim --preset small --trace tests/streams/bad_native.txt
echo "$out" | grep -q "bad_native.txt:4: field 'src'" && ok "native error names file:line:field" || bad "native message" "$out"
run "native parser rejects a mask wider than 32 bits" 2 $A sim --preset small --trace tests/streams/bad_mask.txt
echo "$out" | grep -q "bad_mask.txt:4: field 'mask'" && ok "mask error names file:line:field" || bad "mask message" "$out"
run "unknown pass fault" 2 $A sim --preset small --gen seed=1 --pass-fault nope
run "bad preset value" 2 $A sim --preset small --set banks=3 --gen seed=1
echo "$out" | grep -q "field 'banks'" && ok "preset error names field" || bad "preset message" "$out"
for kv in ccu_slots=4:ccu_slots ccu_slots=17:ccu_slots ccu_dports=0:ccu_dports ccu_dports=2:ccu_dports \
          ccu_lfsr_seed=0:ccu_lfsr_seed sthld_interval=3:sthld_interval sthld_init=300:sthld_init \
          sthld_max=256:sthld_max sthld_large_pct=0:sthld_large_pct sthld_large_pct=100:sthld_large_pct \
          sthld_step=0:sthld_step sthld_mode=sometimes:sthld_mode; do
  run "bad Malekeh setting ${kv%%:*}" 2 $A sim --preset small --set ${kv%%:*} --gen seed=1,blocks=1
  echo "$out" | grep -q "field '${kv##*:}'" && ok "${kv%%:*}: the message names ${kv##*:}" || bad "${kv%%:*} message" "$out"
done
# a field is checked against its blocks whatever the design runs: each design refuses the
# register cache's and scratchpad's impossible sizes and ports
bads=""
for d in $DESIGNS; do
  for kv in rc_lines=0:rc_lines rc_lines=257:rc_lines rsp_regs=0:rsp_regs rc_rports=9:rc_rports rc_wports=5:rc_wports; do
    o=$($A sim --design $d $(sch $d) --preset small --set ${kv%%:*} --gen seed=1,blocks=1 2>&1); rc=$?
    [ $rc = 2 ] && echo "$o" | grep -q "field '${kv##*:}'" || bads="$bads $d:${kv%%:*}($rc)"
  done
done
[ -z "$bads" ] && ok "every design refuses the rc and rsp blocks' impossible fields (exit 2, the field named)" || bad "fields accepted" "$bads"
run "unknown design" 2 $A sim --design nope --preset small --gen seed=1
run "unknown preset name" 2 $A sim --preset nosuch --gen seed=1
echo "$out" | grep -q "preset 'nosuch': no presets/nosuch.json (presets: a100, .*small.*)" && ok "an unknown preset lists the presets" || bad "unknown preset message" "$out"
run "missing preset file" 2 $A sim --preset $B/nosuch.json --gen seed=1
echo "$out" | grep -q "$B/nosuch.json: cannot open the preset file" && ok "a missing preset file is named" || bad "missing preset file message" "$out"
# a field's error in a preset file names its line
line=$(grep -n '"banks":' presets/small.json | head -1 | cut -d: -f1)
sed -E 's/"banks": [0-9]+/"banks": 9999/' presets/small.json > $B/bad_banks.json
run "a preset field out of range" 2 $A sim --preset $B/bad_banks.json --gen seed=1
echo "$out" | grep -q "$B/bad_banks.json:$line: field 'banks': 9999 is outside" && ok "the preset's error names file:line:field (line $line)" || bad "preset field line" "$out"
sed -E 's/"xbar_account": "wire"/"xbar_account": 3/' presets/small.json > $B/bad_enum.json
line=$(grep -n '"xbar_account":' presets/small.json | head -1 | cut -d: -f1)
run "a preset enum given a number" 2 $A sim --preset $B/bad_enum.json --gen seed=1
echo "$out" | grep -q "$B/bad_enum.json:$line: field 'xbar_account': expected a string" && ok "an enum's error names file:line:field (line $line)" || bad "preset enum line" "$out"
run "bad generator spec" 2 $A sim --preset small --gen seed=1,warps=0
run "missing stream" 2 $A sim --preset small --trace /nonexistent/kernelslist.g
# a list's later kernels load in a thread while the first runs (sim/stream/bgload.h): a bad
# one still exits 2 naming its file, line and field, once the kernels before it have run
L=$B/list_bad; rm -rf $L; mkdir -p $L; cp tests/excerpts/bfs-v3-modes.traceg $L/k1.traceg
cp tests/streams/bad_opcode.traceg $L/k2.traceg; printf 'k1.traceg\nk2.traceg\n' > $L/kernelslist.g
run "a list's bad second kernel exits 2" 2 $A sim --preset sm86_rtx3070 --trace $L/kernelslist.g --json $L/r.json &&
  { [ "$(jq '(.error | test("k2.traceg:16: field .opcode.")) and .exit_code == 2 and .stats.cycles > 0 and .stats.instructions > 0' $L/r.json)" = true ] &&
    ok "its error names k2.traceg:16 after the first kernel ran ($(jq .stats.cycles $L/r.json) cycles)" || bad "list's bad kernel" "$(cat $L/r.json)"; }

section "parser fuzzing: mutated traces and native streams (sanitized)"
$G gen seed=5,blocks=2,warps=2,insts=20 --out $B/fuzz_src > /dev/null
rm -rf $B/mutated; mkdir -p $B/mutated
# fz SEED SOURCE: one mutated stream run (two at a time); prints "exit-code seed source", and
# keeps the input of a crash as crash_<seed>.<ext>
fz() { local m=$B/mutated/m.$1.$(basename $2) o rc
  $B/asan/fuzz_mutate $2 $m $1 $((1 + $1 % 4))
  o=$(timeout 30 $A sim --preset small --trace $m 2>&1); rc=$?
  { [ $rc -gt 2 ] || echo "$o" | grep -q "Sanitizer\|runtime error"; } && { rc=99; cp $m $B/mutated/crash_$1.${2##*.}; }
  rm -f $m; echo "$rc $1 $2"; }
export -f fz; export A B
for i in $(seq 1 60); do
  for src in $B/fuzz_src/kernel-1.traceg tests/streams/fig6_nested.txt tests/streams/dup_operands.txt; do echo "$i $src"; done
done | xargs -P 2 -L 1 bash -c 'fz "$@"' fz > $B/mutated/results.txt
nf=$(wc -l < $B/mutated/results.txt); rej=$(awk '$1 == 2' $B/mutated/results.txt | wc -l)
crash=$(awk '$1 == 99 { printf " seed %s (%s)", $2, $3 }' $B/mutated/results.txt)
[ -z "$crash" ] && ok "$nf mutated streams: no crash, hang or sanitizer report ($rej rejected with exit 2)" ||
  bad "fuzzing found:$crash (inputs kept in $B/mutated)"

section "coverage-guided fuzzing, short budget (make fuzz runs 10^6 executions per target)"
if FUZZ_WORK=$B/fuzz-test bash tests/fuzz.sh 5000 > $B/fuzz-test.log 2>&1; then
  while read -r l; do ok "$l"; done < <(grep '^fuzz_' $B/fuzz-test.log)
else bad "libFuzzer found a crash, hang or sanitizer report" "$(grep -A5 '^fuzz_.*FAIL' $B/fuzz-test.log)"; fi
