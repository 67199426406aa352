# Sourced by tests/run.sh (its helpers run/ok/bad/prun/json_num, $A $G $B, DESIGNS): wide
# operands. The generator's register-bandwidth knobs (wide: IMAD.WIDE and 128-bit shared
# accesses; dfma: three 64-bit sources) make what they say, aligned, through the Accel-Sim
# export with the access width; every design runs them with every operand exact; the lanes of
# a 128-bit access are 16 bytes apart in the native format too.

section "wide operands: generator knobs wide and dfma, alignment, export, every design exact"
WG=seed=5,blocks=2,warps=4,regs=40,insts=32,loops=3,alu=80,shmem=20,gmem=0,sfu=0
ops() { # OUT SPEC: the opcodes of the exported trace, counted
  $G gen "$2" --out $B/wide/$1 > /dev/null 2>&1
  awk '/^[0-9a-f]+ [0-9a-f]+ [0-9]+ / { n = $3; print $(4 + n) }' $B/wide/$1/kernel-1.traceg | sort | uniq -c > $B/wide/$1.ops; }
cnt() { awk -v o="$2" '$2 == o { s += $1 } END { print s + 0 }' $B/wide/$1.ops; }
mkdir -p $B/wide
ops w0 $WG; ops w100 $WG,wide=100; ops d100 $WG,dfma=100; ops w50 $WG,wide=50,dfma=20
[ "$(( $(cnt w0 IMAD.WIDE) + $(cnt w0 DFMA) + $(cnt w0 LDS.U.128) + $(cnt w0 STS.128) ))" = 0 ] &&
  [ "$(cnt w100 IMAD.WIDE)" -gt 0 ] && [ "$(( $(cnt w100 LDS.U.128) + $(cnt w100 STS.128) ))" -gt 0 ] &&
  [ "$(( $(cnt w100 LDS.U.32) + $(cnt w100 STS) + $(cnt w100 FFMA) + $(cnt w100 DFMA) ))" = 0 ] &&
  [ "$(cnt d100 DFMA)" -gt 0 ] && [ "$(( $(cnt d100 FFMA) + $(cnt d100 IMAD.WIDE) ))" = 0 ] &&
  [ "$(cnt w50 IMAD.WIDE)" -gt 0 ] && [ "$(cnt w50 DFMA)" -gt 0 ] && [ "$(cnt w50 FFMA)" -gt 0 ] &&
  ok "wide=0: none; wide=100: $(cnt w100 IMAD.WIDE) IMAD.WIDE, $(( $(cnt w100 LDS.U.128) + $(cnt w100 STS.128) )) 128-bit shared, no narrow; dfma=100: $(cnt d100 DFMA) DFMA" ||
  bad "wide/dfma opcode mix" "$(cat $B/wide/w0.ops $B/wide/w100.ops $B/wide/d100.ops)"
# every wide operand starts at a register aligned to its width; the access width is written
mis=$(cat $B/wide/w50/kernel-1.traceg | awk '/^[0-9a-f]+ [0-9a-f]+ [0-9]+ / {
    n = $3; op = $(4 + n); ns = $(5 + n); d = substr($4, 2) + 0
    for (i = 1; i <= ns; i++) s[i] = substr($(5 + n + i), 2) + 0
    if (op == "DFMA" && (d % 2 || s[1] % 2 || s[2] % 2 || s[3] % 2)) bad++
    if (op == "IMAD.WIDE" && (d % 2 || s[3] % 2)) bad++
    if (op == "LDS.U.128" && (d % 4 || $(6 + n + ns) != 16)) bad++
    if (op == "STS.128" && (s[2] % 4 || $(6 + n + ns) != 16)) bad++
    if (op ~ /^(DFMA|IMAD.WIDE|LDS.U.128|STS.128)$/) w++ }
  END { print bad + 0, w + 0 }')
[ "${mis% *}" = 0 ] && [ "${mis#* }" -gt 10 ] && ok "${mis#* } wide instructions, each operand aligned to its width, 128-bit accesses written as 16 bytes" ||
  bad "wide alignment / width (misaligned, wide): $mis"
run "generated wide kernel runs from its exported trace" 0 $G sim --preset small --trace $B/wide/w50/kernelslist.g --json $B/wide/w50.t.json
$G sim --preset small --gen $WG,wide=50,dfma=20 --json $B/wide/w50.g.json > /dev/null 2>&1
[ -n "$(json_num $B/wide/w50.g.json cycles)" ] && [ "$(json_num $B/wide/w50.g.json cycles)" = "$(json_num $B/wide/w50.t.json cycles)" ] &&
  ok "wide kernel: the same $(json_num $B/wide/w50.g.json cycles) cycles from --gen and from its trace" || bad "wide round trip cycles differ"
# a register-bandwidth-bound stream reads more registers per instruction than a narrow one
$G sim --preset turing --gen $WG --json $B/wide/n.json > /dev/null 2>&1
$G sim --preset turing --gen $WG,wide=100 --json $B/wide/w.json > /dev/null 2>&1
rpi() { jq '.stats | .rf_reads / .instructions' $1; }
awk -v a="$(rpi $B/wide/n.json)" -v b="$(rpi $B/wide/w.json)" 'BEGIN { exit !(b > a + 0.3) }' &&
  ok "wide=100 reads $(rpi $B/wide/w.json) registers per instruction, narrow $(rpi $B/wide/n.json)" || bad "wide reads per instruction"
for d in $DESIGNS; do
  echo "wide operands, $d, sanitized, values exact	0	$A sim --design $d $(sch $d) --preset small --gen $WG,wide=60,dfma=20,div=30,pdiv=30,pred=10 --json $B/wide/d.$d.json"
done | prun
bads=""; for d in $DESIGNS; do [ "$(json_num $B/wide/d.$d.json value_errors)" = 0 ] && [ "$(json_num $B/wide/d.$d.json operands_checked)" -gt 0 ] || bads="$bads $d"; done
[ -z "$bads" ] && ok "every design: the wide kernel's operands exact, lane by lane" || bad "wide values wrong in:$bads"
# native format: a 128-bit access's lanes are 16 bytes apart (one 512-byte run of 4 lines)
printf 'kernel name=w blocks=1 warps=1 regs=8\nwarp all\nMOV R0\nMOV R1\nLDG.E.128 R4 ; R0\nEXIT\n' > $B/wide/n128.txt
printf 'kernel name=w blocks=1 warps=1 regs=8\nwarp all\nMOV R0\nMOV R1\nLDG.E R4 ; R0\nEXIT\n' > $B/wide/n32.txt
$G sim --preset small --trace $B/wide/n128.txt --json $B/wide/n128.json > /dev/null 2>&1
$G sim --preset small --trace $B/wide/n32.txt --json $B/wide/n32.json > /dev/null 2>&1
l() { jq '.stats | .l1_misses + .l1_hits + .l1_bypassed' $1; }
[ "$(l $B/wide/n128.json)" = "$(( 4 * $(l $B/wide/n32.json) ))" ] && [ "$(l $B/wide/n32.json)" -gt 0 ] &&
  ok "native LDG.E.128: 4x the line accesses of LDG.E ($(l $B/wide/n128.json) vs $(l $B/wide/n32.json))" || bad "native 128-bit lanes: $(l $B/wide/n128.json) vs $(l $B/wide/n32.json)"
run "bad wide" 2 $G sim --preset small --gen seed=1,wide=101
echo "$out" | grep -q "field 'wide'" && ok "bad wide: names the field" || bad "bad wide message" "$out"
