# Sourced by tests/run.sh (its helpers run/ok/bad/prun/json_num/sch, $A $G $B, DESIGNS): diverged
# flows that run one after the other, as independent thread scheduling records them (Volta on).
# A register is dead only when every flow that can still read it has read it: the generator's
# its/calls knobs make half-warp flows through one BSSY/BSYNC region (the same code twice, or
# each its side), a subroutine called from up to eight sites inside it, and wide destinations
# written under one flow's mask and read by the other; excerpts of the shared traces hold wide
# operands on part of a warp. Every design runs them with every operand checked, C and RTL in
# lockstep, and the release pass's oracle replays every read.

section "diverged flows one after the other (generator its, calls; excerpts of wide operands under partial masks): values exact, C and RTL in lockstep"
mkdir -p $B/its
IS=seed=3,blocks=1,warps=2,regs=32,insts=16,loops=3,its=100,calls=6,wide=30
$G gen $IS --out $B/its/shape > /dev/null
$G gen seed=3,blocks=1,warps=2,regs=32,insts=16,loops=3,wide=30 --out $B/its/plain > /dev/null
ops() { awk '/^[0-9a-f]+ [0-9a-f]+ [0-9]+ / { n = $3; print $(4 + n) }' $1/kernel-1.traceg | sort | uniq -c; }
cnt() { ops $1 | awk -v o="$2" '$2 == o { s += $1 } END { print s + 0 }'; }
# serialized flows: a PC run again on lanes disjoint from its last run, with no full-mask line
# between; partial wide destinations: LDS.U.128 / IMAD.WIDE on part of the warp
serial() { awk 'function hx(c) { return index("0123456789abcdef", c) - 1 }
  function disjoint(a, b,   i, k, x, y) { for (i = 1; i <= 8; i++) { x = hx(substr(a, i, 1)); y = hx(substr(b, i, 1))
      for (k = 0; k < 4; k++) { if (x % 2 && y % 2) return 0; x = int(x / 2); y = int(y / 2) } } return 1 }
  /^warp = / { split("", last) } /^[0-9a-f]+ [0-9a-f]+ [0-9]+ / {
    if ($2 == "ffffffff") { split("", last); next }
    if (($1 in last) && disjoint(last[$1], $2)) n++; last[$1] = $2 }
  END { print n + 0 }' $1/kernel-1.traceg; }
pwide() { awk '/^[0-9a-f]+ [0-9a-f]+ [1-9] / && $2 != "ffffffff" && ($5 == "LDS.U.128" || $5 == "IMAD.WIDE") { n++ } END { print n + 0 }' $1/kernel-1.traceg; }
[ "$(cnt $B/its/shape BSSY)" -gt 0 ] && [ "$(cnt $B/its/shape BSYNC)" -gt "$(cnt $B/its/shape BSSY)" ] &&
  [ "$(cnt $B/its/shape CALL)" -gt 0 ] && [ "$(cnt $B/its/shape RET)" = "$(cnt $B/its/shape CALL)" ] &&
  [ "$(serial $B/its/shape)" -gt 10 ] && [ "$(pwide $B/its/shape)" -gt 4 ] &&
  [ "$(( $(cnt $B/its/plain BSSY) + $(cnt $B/its/plain CALL) + $(serial $B/its/plain) ))" = 0 ] &&
  ok "its=100,calls=6: $(cnt $B/its/shape BSYNC) BSYNC, $(cnt $B/its/shape CALL) calls, $(serial $B/its/shape) PCs run again by the next flow, $(pwide $B/its/shape) partial wide writes; its=0: none" ||
  bad "its shape: BSSY $(cnt $B/its/shape BSSY) BSYNC $(cnt $B/its/shape BSYNC) CALL $(cnt $B/its/shape CALL) RET $(cnt $B/its/shape RET) serial $(serial $B/its/shape) wide $(pwide $B/its/shape) (plain: serial $(serial $B/its/plain))"
$A sim --preset small --gen seed=3,blocks=1,warps=2,regs=32,insts=16,loops=3,wide=30 --json $B/its/plain.g.json > /dev/null 2>&1
$A sim --preset small --gen seed=3,blocks=1,warps=2,regs=32,insts=16,loops=3,wide=30,its=0,calls=5 --json $B/its/its0.g.json > /dev/null 2>&1
diff <(jq -S .stats $B/its/plain.g.json) <(jq -S .stats $B/its/its0.g.json) > /dev/null && [ -n "$(json_num $B/its/plain.g.json cycles)" ] &&
  ok "its=0 leaves the kernel as without the key (calls alone changes nothing)" || bad "its=0 changes the kernel"
# the recovered CFG keeps every return site: calls=8 gives the subroutine's RET eight successors
rets=$($G cfg --gen seed=3,blocks=1,warps=4,regs=32,insts=16,loops=6,its=100,calls=8 --insts |
  awk '/^BB/ { n = 0; for (i = 1; i <= NF; i++) if ($i == "->") n = NF - i } /  RET / { print n }')
[ "$rets" = 8 ] && ok "cfg: the subroutine's RET block has all 8 return sites as successors" || bad "RET successors: '$rets' (want 8)"
run "its without enough long-lived registers" 2 $G sim --gen regs=8,its=50
echo "$out" | grep -q "field 'its'" && ok "its with regs=8: the message names its" || bad "its regs message" "$out"
run "calls beyond 8" 2 $G sim --gen its=50,calls=9
echo "$out" | grep -q "field 'calls'" && ok "calls=9: the message names calls" || bad "calls message" "$out"

# one kernel list: first a kernel whose subroutine returns to eight sites (a recovered CFG that
# kept four successors per PC lost the others, and rc and the hybrids then read stale lanes of
# W+1 at its first kernel), then 50 seeds, each its own mix (wide, pred, div/idiv, short warps)
L=$B/its/list; rm -rf $L; mkdir -p $L; echo kernel-0.traceg > $L/kernelslist.g
$G gen seed=24,blocks=2,warps=4,regs=32,insts=24,loops=3,its=28,calls=8,div=25,idiv=50 --out $L/g0 > /dev/null &&
  sed "s/^-kernel id = 1$/-kernel id = 51/" $L/g0/kernel-1.traceg > $L/kernel-0.traceg; rm -rf $L/g0
for s in $(seq 1 50); do
  spec="seed=$s,blocks=1,warps=2,regs=$((20 + s % 3 * 12)),insts=12,loops=2,its=$((30 + s * 37 % 71)),calls=$((s % 9)),pred=$((s % 3 * 15)),div=$((s % 2 * 40)),idiv=$((s % 4 * 25)),wide=$((s % 5 * 20))"
  [ $((s % 4)) = 0 ] && spec="$spec,threads=$((33 + s % 31))"
  $G gen $spec --out $L/g$s > /dev/null && sed "s/^-kernel id = 1\$/-kernel id = $s/" $L/g$s/kernel-1.traceg > $L/kernel-$s.traceg
  rm -rf $L/g$s; echo kernel-$s.traceg >> $L/kernelslist.g
done
run "release oracle: every read of the 51 kernels covered" 0 $G releases --preset pascal --trace $L/kernelslist.g --check
run "release oracle: a partial write taken for a kill is caught" 1 $G releases --preset pascal --trace $L/kernelslist.g --check --pass-fault partial_write_kills
# lockstep: all 51 kernels on small's RTL; on pascal's (its widths and port counts) kernel 0
# and seeds 1-9, which hold every value of each knob's residue (calls s%9 0-8, pred s%3, div
# s%2, idiv s%4, wide s%5, short warps at s%4 = 0; the LTRF fill crossbar's 128 ports would take
# 45 s a run; there rf_fill, whose lanes and ports do not change what these flows test, is
# compared on small, and on pascal in the lockstep section)
head -10 $L/kernelslist.g > $L/lock10.g
# a design's blocks on pascal here: all, less rf_fill
pblocks() { $G designs | awk -v d=$1 '$1 == d { sub("blocks=", "", $2); print $2 }' | tr , '\n' | grep -vx rf_fill | paste -sd,; }
for d in $DESIGNS; do
  echo "its kernels, $d, small, sanitized	0	$A sim --design $d $(sch $d) --preset small --trace $L/kernelslist.g --json $B/its/s.$d.json"
  echo "its kernels, $d, small, every block in lockstep	0	$G cosim --design $d $(sch $d) --preset small --sms 1 --trace $L/kernelslist.g --blocks all --json $B/its/cs.$d.json"
  echo "its kernels 0-9, $d, pascal, blocks $(pblocks $d) in lockstep	0	$G cosim --design $d $(sch $d) --preset pascal --sms 1 --trace $L/lock10.g --blocks $(pblocks $d) --json $B/its/c.$d.json"
done | prun
# lockstep: every block compared something, none differed; values exact in both runs
lock_ok() { jq -e '(.lockstep | length) > 0 and ([.lockstep[] | select(.mismatches != 0 or .cycles_compared == 0)] | length) == 0' $1 > /dev/null 2>&1; }
bads=""; for d in $DESIGNS; do
  [ "$(json_num $B/its/s.$d.json value_errors)" = 0 ] && [ "$(json_num $B/its/s.$d.json operands_checked)" -gt 0 ] &&
  [ "$(json_num $B/its/cs.$d.json value_errors)" = 0 ] && [ "$(jq '.kernels | length' $B/its/cs.$d.json)" = 51 ] && lock_ok $B/its/cs.$d.json &&
  [ "$(json_num $B/its/c.$d.json value_errors)" = 0 ] && [ "$(jq '.kernels | length' $B/its/c.$d.json)" = 10 ] && lock_ok $B/its/c.$d.json || bads="$bads $d"; done
[ -z "$bads" ] && ok "every design: 51 kernels' operands exact and every block's RTL equal to its C model (small; pascal: 10 kernels)" || bad "its seeds wrong in:$bads"

# excerpts of the shared traces: wide operands on part of a warp
for x in tests/excerpts/diverged/*.traceg; do n=$(basename $x .traceg)
  xo="--preset pascal --arch sm_$(awk '/^-binary version/{print $NF}' $x) --regs $(awk '/^-nregs/{print $NF}' $x)"
  for d in $DESIGNS; do
    echo "excerpt $n, $d, every block in lockstep	0	$G cosim --design $d $(sch $d) $xo --trace $x --blocks all --json $B/its/x.$n.$d.json"
  done
done | prun
bads=""; for x in tests/excerpts/diverged/*.traceg; do n=$(basename $x .traceg); want=$(awk '/^insts = /{print $3}' $x)
  for d in $DESIGNS; do f=$B/its/x.$n.$d.json
    [ "$(json_num $f value_errors)" = 0 ] && [ "$(json_num $f instructions)" = "$want" ] && lock_ok $f || bads="$bads $n/$d"; done; done
[ -z "$bads" ] && ok "excerpts $(ls tests/excerpts/diverged | sed 's/\.traceg//' | xargs): every line run by every design, values exact, RTL equal" || bad "excerpts wrong:$bads"
