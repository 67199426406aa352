# Sourced by tests/run.sh (its helpers run/ok/bad/json_num, $A $G $B $T): the trace reader.
# Tracer versions, compressed files and missing header keys read as the same kernel; wrong
# headers give warnings with the value used; opcode tables per architecture; uniform
# registers stay out of the main register file; memory stays flat as traces grow; every
# trace in ../shared/traces through every design and the lockstep.

section "trace reader: tracer versions 2..6, line numbers, values, xz/gz, missing header keys"
$G gen seed=4,blocks=3,warps=2,insts=24,loops=3 --out $B/tv_src > /dev/null
bash tests/trace_variants.sh $B/tv_src $B/tv
$A sim --preset small --trace $B/tv_src/kernelslist.g --json $B/tv/orig.json > /dev/null 2>&1
for v in v2 lineinfo v5 v6 noval bare xz gz; do
  run "variant $v reads" 0 $A sim --preset small --trace $B/tv/$v/kernelslist.g --json $B/tv/$v.json
  diff <(jq -S .stats $B/tv/orig.json) <(jq -S .stats $B/tv/$v.json) > /dev/null &&
    ok "variant $v: every statistic equals the tracer-v4 original's" || bad "variant $v: statistics differ"
done
n=$($A sim --preset small --trace $B/tv/bare/kernelslist.g 2>&1 >/dev/null | grep -c "^gpurf: warning: .*field '\(accelsim tracer version\|block dim\|binary version\|nregs\)'")
[ "$n" = 4 ] && ok "missing header keys: one warning each for version, block dim, binary version, nregs" || bad "bare header: $n warnings"
[ "$(jq '.kernels[0].nregs' $B/tv/bare.json)" = "$(jq '.kernels[0].nregs' $B/tv/orig.json)" ] &&
  ok "missing nregs: highest register named + 1, rounded to 8 ($(jq '.kernels[0].nregs' $B/tv/bare.json))" || bad "bare nregs"

# version strings as real tracers write them: the number they start with (Accel-Sim's %d)
ver() { # NAME SRC-VARIANT VERSION
  mkdir -p $B/tv/$1; cp $B/tv/$2/kernelslist.g $B/tv/$1/
  sed "s/^-accelsim tracer version = .*/-accelsim tracer version = $3/" $B/tv/$2/kernel-1.traceg > $B/tv/$1/kernel-1.traceg; }
ver dotted v2 1.2; ver suffixed v5 5.0-rc1; ver newer v6 9; ver word v5 beta
for v in dotted suffixed newer; do
  run "tracer version '$(awk '/^-accelsim tracer version/{print $NF}' $B/tv/$v/kernel-1.traceg)' reads" 0 $A sim --preset small --trace $B/tv/$v/kernelslist.g --json $B/tv/$v.json
  diff <(jq -S .stats $B/tv/orig.json) <(jq -S .stats $B/tv/$v.json) > /dev/null &&
    ok "tracer version $v: read by the number it starts with, every statistic the original's" || bad "tracer version $v: statistics differ"
done
n=$($A sim --preset small --trace $B/tv/newer/kernelslist.g 2>&1 >/dev/null | grep -c "warning: .*field 'accelsim tracer version': version 9 is newer")
m=$($A sim --preset small --trace $B/tv/dotted/kernelslist.g 2>&1 >/dev/null | grep -c "warning: .*field 'accelsim tracer version'")
[ "$n" = 1 ] && [ "$m" = 0 ] && ok "a version newer than the reader's warns once (9), a known one (1.2) not at all" || bad "version warnings: $n $m"
printf 'kernel-1.traceg\nkernel-1.traceg\n' > $B/tv/newer/twice.g
n=$($A sim --preset small --trace $B/tv/newer/twice.g 2>&1 >/dev/null | grep -c "is newer than this reader")
[ "$n" = 1 ] && ok "two kernels of a newer tracer: one warning" || bad "newer version warned $n times for two kernels"
run "tracer version 'beta'" 2 $A sim --preset small --trace $B/tv/word/kernelslist.g
echo "$out" | grep -q "kernel-1.traceg:[0-9]*: field 'accelsim tracer version': 'beta' does not start with a version number" &&
  ok "a version without a number: file, line and field named" || bad "tracer version beta message" "$out"

section "trace reader: wrong headers are warnings with the value used; --regs and --arch override"
hdr() { # NAME SED-EXPRESSION: a copy of the source trace with its header edited
  mkdir -p $B/th/$1; cp $B/tv_src/kernelslist.g $B/th/$1/; sed "$2" $B/tv_src/kernel-1.traceg > $B/th/$1/kernel-1.traceg; }
hdr zero 's/^-nregs = .*/-nregs = 0/'; hdr huge 's/^-nregs = .*/-nregs = 300/'; hdr low 's/^-nregs = .*/-nregs = 8/'
hdr bv0 's/^-binary version = .*/-binary version = 0/'
for h in zero huge low; do
  run "nregs $h: runs" 0 $A sim --preset small --trace $B/th/$h/kernelslist.g --json $B/th/$h.json
  echo "$out" | grep -q "warning: .*field 'nregs': .*using 24" && [ "$(jq '.kernels[0].nregs' $B/th/$h.json)" = 24 ] &&
    ok "nregs $h: warning names the field and the value used (24)" || bad "nregs $h warning" "$out"
done
run "binary version 0: runs" 0 $A sim --preset small --trace $B/th/bv0/kernelslist.g --json $B/th/bv0.json
echo "$out" | grep -q "warning: .*field 'binary version': 0; using sm_90" && ok "binary version 0: warning with the architecture inferred from the opcodes" || bad "bv0 warning" "$out"
$A sim --preset small --arch sm_61 --trace $B/th/bv0/kernelslist.g --json $B/th/bv0a.json > /dev/null 2>&1
[ "$(jq '.kernels[0].binary_version' $B/th/bv0a.json)" = 61 ] && ok "--arch sm_61 sets the architecture" || bad "--arch"
$A sim --preset small --regs 24 --trace $B/tv_src/kernelslist.g --json $B/th/r24.json > /dev/null 2>&1
$A sim --preset small --regs 200 --trace $B/tv_src/kernelslist.g --json $B/th/r200.json > /dev/null 2>&1
a=$(json_num $B/th/r24.json max_resident_warps); b=$(json_num $B/th/r200.json max_resident_warps)
[ "$(jq '.kernels[0].nregs' $B/th/r200.json)" = 200 ] && [ "$b" -lt "$a" ] &&
  ok "--regs 200 overrides the header and lowers occupancy ($a -> $b resident warps)" || bad "--regs: $a $b"
run "--regs below the registers named" 2 $A sim --preset small --regs 8 --trace $B/tv_src/kernelslist.g
run "unknown --arch" 2 $A sim --preset small --arch sm_99 --trace $B/tv_src/kernelslist.g
echo "$out" | grep -q -- "--arch 'sm_99'" && ok "unknown --arch: named in the message" || bad "--arch message" "$out"

section "opcode tables per architecture; --opcode-class"
hdr frob 's/ MOV 0 0/ FROB 0 0/'
run "an opcode in no table" 2 $A sim --preset small --trace $B/th/frob/kernelslist.g
echo "$out" | grep -q "kernel-1.traceg:[0-9]*: field 'opcode': 'FROB' is not in the pascal (sm_61) opcode table" && ok "unknown opcode: file, line, opcode, table" || bad "FROB message" "$out"
run "--opcode-class FROB=alu" 0 $A sim --preset small --opcode-class FROB=alu --trace $B/th/frob/kernelslist.g --json $B/th/frob_alu.json
$A sim --preset small --opcode-class FROB=sfu --trace $B/th/frob/kernelslist.g --json $B/th/frob_sfu.json > /dev/null 2>&1
[ "$(json_num $B/th/frob_alu.json cycles)" = "$(json_num $B/tv/orig.json cycles)" ] &&
  [ "$(json_num $B/th/frob_sfu.json cycles)" != "$(json_num $B/th/frob_alu.json cycles)" ] &&
  ok "--opcode-class: FROB=alu runs as MOV, FROB=sfu changes the cycles" || bad "--opcode-class cycles"
hdr viadd 's/ MOV 0 0/ VIADD 0 0/'
run "VIADD is not a Pascal opcode" 2 $A sim --preset small --trace $B/th/viadd/kernelslist.g
run "VIADD on --arch sm_90" 0 $A sim --preset small --arch sm_90 --trace $B/th/viadd/kernelslist.g
hdr xmad 's/-binary version = .*/-binary version = 90/; s/ MOV 0 0/ XMAD 0 0/'
run "XMAD is not a Hopper opcode" 2 $A sim --preset small --trace $B/th/xmad/kernelslist.g

section "trace reader: bad input names file, line and field (exit 2)"
half() { head -c $(( $(stat -c %s $1) / 2 )) $1; }
half $B/tv/xz/kernel-1.traceg.xz > $B/th/cut.traceg.xz
run "truncated xz" 2 $A sim --preset small --trace $B/th/cut.traceg.xz
echo "$out" | grep -q "cut.traceg.xz:[0-9]*: xz stream: truncated" && ok "truncated xz: file, line, what" || bad "xz message" "$out"
half $B/tv/gz/kernel-1.traceg.gz > $B/th/cut.traceg.gz
run "truncated gzip" 2 $A sim --preset small --trace $B/th/cut.traceg.gz
echo "$out" | grep -q "cut.traceg.gz:[0-9]*: gzip stream" && ok "truncated gzip: file, line, what" || bad "gz message" "$out"
mkdir -p $B/th/missing; printf 'MemcpyHtoD,0x0000000001000000,64\nkernel-9.traceg\n' > $B/th/missing/kernelslist.g
run "kernelslist naming a missing trace" 2 $A sim --preset small --trace $B/th/missing/kernelslist.g
echo "$out" | grep -q "kernelslist.g:2: field 'kernel'" && ok "missing trace: list file, line, field" || bad "missing message" "$out"
mkdir -p $B/th/v6bad; cp $B/tv/v6/kernelslist.g $B/th/v6bad/
awk '/ Val 1 0$/ && !d { sub(/ Val 1 0$/, " Val 5 1 2 3 4 5"); d = 1 } { print }' $B/tv/v6/kernel-1.traceg > $B/th/v6bad/kernel-1.traceg
run "v6 value count disagreeing with the mask" 2 $A sim --preset small --trace $B/th/v6bad/kernelslist.g
echo "$out" | grep -q "kernel-1.traceg:[0-9]*: field 'values'" && ok "v6 values: file, line, field" || bad "v6 values message" "$out"
# without --preset only the first kernel's header picks the preset: a later kernel's error
# is still the run's
mkdir -p $B/th/probe; cp $B/tv/v6/kernel-1.traceg $B/th/probe/
cp $B/th/v6bad/kernel-1.traceg $B/th/probe/kernel-2.traceg
printf 'kernel-1.traceg\nkernel-2.traceg\n' > $B/th/probe/kernelslist.g
run "no --preset, the second kernel broken" 2 $A sim --trace $B/th/probe/kernelslist.g
echo "$out" | grep -q "kernel-2.traceg:[0-9]*: field 'values'" && ok "no --preset: the second kernel's error named (file, line, field)" || bad "probe error" "$out"

section "uniform registers (tracer v6): their own file, never the main register file's banks"
if [ -d "$T" ]; then
  mkdir -p $B/th/nour; cp $T/atax-v6-sm90/kernelslist.g $B/th/nour/
  # the same kernel with every URn operand removed from the register lists
  awk 'function keep(k,   j, c, l) { c = 0; l = ""
          for (j = 0; j < k; j++) { if (f[i] !~ /^UR/) { l = l " " f[i]; c++ } i++ }
          return c l }
       /^[0-9a-f]+ [0-9a-f]+ [0-9]+/ { n = split($0, f, " "); o = f[1] " " f[2]; i = 4
          o = o " " keep(f[3]); o = o " " f[i]; i++; k = f[i]; i++; o = o " " keep(k)
          for (; i <= n; i++) o = o " " f[i]
          print o; next } { print }' \
      $T/atax-v6-sm90/kernel-1.traceg > $B/th/nour/kernel-1.traceg
  $A sim --preset pascal --trace $T/atax-v6-sm90/kernelslist.g --json $B/th/ur.json > /dev/null 2>&1
  $A sim --preset pascal --trace $B/th/nour/kernelslist.g --json $B/th/nour.json > /dev/null 2>&1
  [ "$(json_num $B/th/ur.json ur_reads)" -gt 0 ] && [ "$(json_num $B/th/ur.json ur_writes)" -gt 0 ] &&
    [ "$(json_num $B/th/nour.json ur_reads)" = 0 ] &&
    [ "$(json_num $B/th/ur.json rf_reads)" = "$(json_num $B/th/nour.json rf_reads)" ] &&
    [ "$(json_num $B/th/ur.json rf_writes)" = "$(json_num $B/th/nour.json rf_writes)" ] &&
    ok "atax-v6: $(json_num $B/th/ur.json ur_reads) uniform reads, $(json_num $B/th/ur.json ur_writes) writes; main RF reads/writes as without them" ||
    bad "uniform registers touch the main register file"
  $A cfg --insts --trace $T/atax-v6-sm90/kernelslist.g > $B/th/cfg.txt 2>&1
  grep -q "IMAD .* <- R10 R3 UR4" $B/th/cfg.txt && ok "cfg --insts shows uniform operands" || bad "cfg --insts: no UR4" "$(grep IMAD $B/th/cfg.txt)"
else
  echo "  skip  uniform registers: $T is absent (tests that use them need ../shared)"
fi

section "flat memory: a kernel's trace is read a thread block at a time"
$G gen seed=3,blocks=128,warps=8,insts=40,loops=24 --out $B/big > /dev/null
$G gen seed=3,blocks=13,warps=8,insts=40,loops=24 --out $B/big10 > /dev/null
$G sim --preset pascal --trace $B/big/kernelslist.g --json $B/big.json > /dev/null 2>&1
$G sim --preset pascal --trace $B/big10/kernelslist.g --json $B/big10.json > /dev/null 2>&1
i1=$(json_num $B/big.json instructions); i2=$(json_num $B/big10.json instructions)
m1=$(jq .peak_rss_kb $B/big.json); m2=$(jq .peak_rss_kb $B/big10.json)
[ "$i1" -ge 900000 ] && [ "$i2" -le $((i1 / 9)) ] && [ $((m1 * 2)) -le $((m2 * 3)) ] &&
  ok "$i1 warp instructions read back from gpurf gen: peak RSS $m1 KiB vs $m2 KiB for $i2 (<= 1.5x)" ||
  bad "flat memory: $i1 insts $m1 KiB vs $i2 insts $m2 KiB"
rm -rf $B/big $B/big10
$G sim --preset pascal --gen seed=7,blocks=640,warps=8,insts=40,loops=24 --json $B/gen5m.json > /dev/null 2>&1
$G sim --preset pascal --gen seed=7,blocks=64,warps=8,insts=40,loops=24 --json $B/gen05m.json > /dev/null 2>&1
i1=$(json_num $B/gen5m.json instructions); m1=$(jq .peak_rss_kb $B/gen5m.json); m2=$(jq .peak_rss_kb $B/gen05m.json)
[ "$i1" -ge 4500000 ] && [ $((m1 * 2)) -le $((m2 * 3)) ] &&
  ok "$i1 generated warp instructions simulated directly: peak RSS $m1 KiB vs $m2 KiB for a tenth (<= 1.5x)" ||
  bad "flat memory (generated): $i1 insts $m1 KiB vs $m2 KiB"

section "real traces (../shared/traces): every design on the trace's own preset, value check"
if [ -d "$T" ]; then
  TRACES=$(for k in $(ls $T); do [ -f $T/$k/kernelslist.g ] && echo $k; done)
  # sanitized when the trace is small (under 500 KB of lines; compressed files counted
  # uncompressed) on every SM of its preset, the plain build on 8 SMs otherwise; the hybrid
  # family (sanitized on generated kernels in run_hybrid.sh) runs plain; one thread a run
  # (prun runs two at a time)
  for k in $TRACES; do
    X=$A S=""; [ "$(for f in $T/$k/*.traceg*; do xzcat -f $f; done | wc -c)" -gt 500000 ] && X=$G S="--sms 8"
    for d in $DESIGNS; do Y=$X; case " $HY_FAMILY " in *" $d "*) Y=$G;; esac
      printf '%s\t0\t%s\n' "sim $d $k${S:+ ($S)}" "$Y sim --design $d --trace $T/$k/kernelslist.g $S --threads 1 --json $B/rt.$k.$d.json"; done
  done | prun
  n=0; nbad=""; declare -A PFOR  # the preset of each binary version, looked up once
  for k in $TRACES; do for d in $DESIGNS; do f=$B/rt.$k.$d.json; n=$((n + 1))
    r=($(jq -r '[.stats.value_errors, .stats.operands_checked, .preset, .kernels[0].binary_version] | map(tostring) | join(" ")' $f 2>/dev/null))
    [ ${#r[@]} = 4 ] && [ -z "${PFOR[${r[3]}]:-}" ] && PFOR[${r[3]}]=$(preset_for ${r[3]})
    [ ${#r[@]} = 4 ] && [ "${r[0]}" = 0 ] && [ "${r[1]}" -gt 0 ] && [ "${r[2]}" = "${PFOR[${r[3]}]}" ] || nbad="$nbad $k/$d"
  done; done
  [ -z "$nbad" ] && ok "$n runs: every operand checked lane by lane, value_errors 0, each on the preset its architecture picks" || bad "real-trace runs:$nbad"
  for k in vectoradd-sm61 matrixmul-sm61; do
    run "cosim --drive rtl $k" 0 $G cosim --preset pascal --drive rtl --trace $T/$k/kernelslist.g
  done
else
  echo "  skip  real traces: $T is absent (tests that use them need ../shared)"
fi
