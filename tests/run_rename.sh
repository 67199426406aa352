# Sourced by tests/run.sh (its helpers run/ok/bad/json_num, $A $G $B $T): register renaming's
# compiler passes through `gpurf releases`: JSON figures, the mask-aware oracle on serialized
# paths (accepting the pass, rejecting partial writes that kill liveness) and on real traces,
# bad input.

echo "== renaming: release points (gpurf releases)"
S=tests/streams/serialized_paths.txt
run "releases: serialized paths accepted by the oracle (sanitized)" 0 $A releases --preset small --trace $S --check --json $B/rl.ser.json
rj() { jq -r ".kernels[0].$2" $B/rl.$1.json; }
[ "$(rj ser check.ok)" = true ] && [ "$(rj ser releases)" = 3 ] && [ "$(rj ser pirs)" = 3 ] &&
  [ "$(jq -c '[.kernels[0].instructions[] | select(.pc == 96) | .release[]]' $B/rl.ser.json)" = "[1]" ] &&
  ok "serialized paths: R1 released at path B's read (0x60), $(rj ser check.reads) reads covered" || bad "serialized paths" "$(cat $B/rl.ser.json | head -30)"
run "releases: partial writes that kill liveness are rejected" 1 $G releases --preset small --trace $S --check --pass-fault partial_write_kills
echo "$out" | grep -q "warp 0: pc 0x60 reads R1 on lanes 0xffff0000 after its release at pc 0x10" &&
  ok "the oracle names warp, pc, register, lanes and the releasing pc" || bad "oracle message" "$out"
for t in matrixmul vectoradd; do
  run "releases $t/pascal: every warp's reads covered" 0 $G releases --preset pascal --trace $T/$t-sm61/kernelslist.g --check --json $B/rl.$t.json
  [ "$(rj $t check.ok)" = true ] && [ "$(rj $t releases)" -gt 0 ] && [ "$(rj $t pirs)" -ge "$(rj $t basic_blocks)" ] &&
    ok "$t: $(rj $t releases) release bits, $(rj $t pirs) pirs, $(rj $t pbrs) pbrs, static overhead $(rj $t static_overhead_pct) %" || bad "$t releases"
done
run "releases on a generated kernel with loops, checked" 0 $G releases --preset small --gen seed=3,blocks=2,loops=4 --check --json $B/rl.gen.json
[ "$(rj gen check.ok)" = true ] && ok "generated kernel: $(rj gen check.reads) reads covered" || bad "generated releases"
# each preset knob changes what it should
$G releases --preset small --trace $S --set rn_pir_slots=2 --json $B/rl.s2.json > /dev/null 2>&1
$G releases --preset pascal --trace $T/matrixmul-sm61/kernelslist.g --set rn_pir_bits=1 --json $B/rl.b1.json > /dev/null 2>&1
[ "$(rj s2 pirs)" = 6 ] && [ "$(rj b1 lost)" -gt 0 ] && [ $(( $(rj b1 releases) + $(rj b1 lost) )) = "$(rj matrixmul releases)" ] &&
  ok "rn_pir_slots 2: $(rj s2 pirs) pirs (3 with 18); rn_pir_bits 1 on matrixmul: $(rj b1 releases) releases + $(rj b1 lost) lost = $(rj matrixmul releases)" || bad "pir knobs"
$G releases --preset pascal --trace $T/matrixmul-sm61/kernelslist.g --set rn_table_bits=64 --json $B/rl.tb.json > /dev/null 2>&1
[ "$(rj tb eq1_bits)" -le 64 ] && [ "$(jq '.kernels[0].exempt | length' $B/rl.tb.json)" -gt "$(jq '.kernels[0].exempt | length' $B/rl.matrixmul.json)" ] &&
  ok "rn_table_bits 64: $(jq '.kernels[0].exempt | length' $B/rl.tb.json) registers exempt, Eq. 1 $(rj tb eq1_full_bits) -> $(rj tb eq1_bits) bits" || bad "rn_table_bits"
printf 'kernel name=w blocks=1 warps=1 regs=128\nwarp all\nMOV R70\nIADD R1 ; R70\nEXIT\n' > $B/rl_wide.txt
run "a register wider than rn_pbr_id_bits" 2 $G releases --preset small --trace $B/rl_wide.txt
echo "$out" | grep -q "rl_wide.txt:3: field 'register': R70 does not fit a 6-bit pbr id" && ok "R70 with 6-bit ids: file, line and field named" || bad "wide register message" "$out"
for kv in rn_policy=best rn_alloc=never rf_subarrays=3 rn_banks=3 rn_pir_slots=19; do
  run "bad $kv" 2 $G releases --preset small --trace $S --set $kv
  echo "$out" | grep -q "field '${kv%=*}'" && ok "bad $kv: names the field" || bad "bad $kv message" "$out"
done
jq 'del(.rn_alloc)' presets/small.json > $B/rl_nokey.json
run "a preset lacking a renaming parameter" 2 $G releases --preset $B/rl_nokey.json --trace $S
echo "$out" | grep -q "field 'rn_alloc': missing" && ok "missing rn_alloc named" || bad "missing key message" "$out"
