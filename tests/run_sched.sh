# Sourced by tests/run.sh (its helpers run/ok/bad/prun/json_num, $A $B, CACHE_DESIGNS): every
# issue policy of sim/core/sched.c and the two-level pool's inner and outer orders change the
# issue order; a design rejects the policies it does not support.

section "scheduler policies (sim/core/sched.c): each changes the issue order"
SG=seed=3,blocks=6,warps=8,regs=24,gmem=20,loops=6
S2="--preset small --set scheduler=two_level"
{ for pol in lrr gto two_level; do printf 'baseline, scheduler %s (sanitized)\t0\t%s\n' $pol "$A sim --preset small --set scheduler=$pol --set active_pool=2 --gen $SG --json $B/s.$pol.json"; done
  printf 'baseline, two_level/gto (sanitized)\t0\t%s\n' "$A sim $S2 --set scheduler_inner=gto --set active_pool=2 --gen $SG --json $B/s.tlg.json"
  printf 'baseline, two_level, outer round_robin (sanitized)\t0\t%s\n' "$A sim $S2 --set scheduler_outer=round_robin --set active_pool=2 --gen $SG --json $B/s.tlrr.json"
  for d in $CACHE_DESIGNS; do
    printf '%s, two_level/lrr (sanitized)\t0\t%s\n' $d "$A sim --design $d $S2 --gen $SG --json $B/s.$d.lrr.json"
    printf '%s, two_level/gto (sanitized)\t0\t%s\n' $d "$A sim --design $d $S2 --set scheduler_inner=gto --gen $SG --json $B/s.$d.gto.json"
    for o in age round_robin; do
      printf '%s, 2 places, outer %s (sanitized)\t0\t%s\n' $d $o "$A sim --design $d $S2 --set active_pool=2 --set scheduler_outer=$o --gen $SG --json $B/s.$d.$o.json"
    done
  done; } | prun
c=$(for pol in lrr gto two_level tlg; do json_num $B/s.$pol.json cycles; done | sort -u | wc -l)
[ "$c" = 4 ] && ok "baseline: lrr, gto, two_level/lrr, two_level/gto take 4 different cycle counts ($(for pol in lrr gto two_level tlg; do json_num $B/s.$pol.json cycles; done | xargs))" ||
  bad "baseline scheduler policies give $c distinct cycle counts"
a=$(json_num $B/s.two_level.json cycles); b=$(json_num $B/s.tlrr.json cycles)
[ -n "$a" ] && [ -n "$b" ] && [ "$a" != "$b" ] && ok "baseline two_level: the pool's outer order changes the cycles (age $a, round_robin $b)" || bad "baseline: scheduler_outer has no effect ($a, $b)"
for d in $CACHE_DESIGNS; do
  a=$(json_num $B/s.$d.lrr.json cycles); b=$(json_num $B/s.$d.gto.json cycles)
  [ -n "$a" ] && [ -n "$b" ] && [ "$a" != "$b" ] && ok "$d: the pool's inner order changes the cycles (lrr $a, gto $b)" || bad "$d: inner policy has no effect ($a, $b)"
  a=$(json_num $B/s.$d.age.json cycles); r=$(json_num $B/s.$d.round_robin.json cycles)
  [ -n "$a" ] && [ -n "$r" ] && [ "$a" != "$r" ] && ok "$d: the outer order changes the cycles (2 places taken oldest first $a, round-robin $r)" || bad "$d: outer order has no effect ($a, $r)"
  run "$d rejects scheduler gto" 2 $A sim --design $d --preset small --set scheduler=gto --gen seed=1
  echo "$out" | grep -q "field 'scheduler': design '$d' does not support 'gto'" && ok "$d: the error names the field and the design" || bad "$d scheduler message" "$out"
done
section "a design brings its paper's scheduler when the user names none"
for d in $DESIGNS; do
  run "$d on small with no scheduler named" 0 $A sim --design $d --preset small --gen seed=1,blocks=2 --json $B/s.def.$d.json
  got=$(jq -r .scheduler $B/s.def.$d.json); hdr=$(echo "$out" | grep '^scheduler: ')
  if two_level_only $d; then
    [ "$got" = two_level ] && [ "$hdr" = "scheduler: two_level ($d's default; preset small says lrr)" ] &&
      ok "$d: runs two_level, its paper's, and the header says why" || bad "$d default scheduler: '$got', '$hdr'"
  else
    [ "$got" = lrr ] && [ "$hdr" = "scheduler: lrr (the preset's)" ] && ok "$d: runs the preset's lrr" || bad "$d scheduler: '$got', '$hdr'"
  fi
done
run "bad scheduler_outer" 2 $A sim --preset small --set scheduler_outer=oldest --gen seed=1
echo "$out" | grep -q "field 'scheduler_outer'" && ok "scheduler_outer oldest: the message names the field" || bad "scheduler_outer message" "$out"
