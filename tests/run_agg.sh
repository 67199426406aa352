# Sourced by tests/run.sh (its helpers run/ok/bad, $G $A): the aggregates every experiment script
# takes its means from (gpurf mean, gpurf geomean; sim/cli/agg.h, unit tests in test_agg.c).

section "aggregates (gpurf mean, geomean)"
[ "$(printf '1 2\n4 8\n' | $A mean --digits 2)" = 3.75 ] && [ "$(printf '1 2\n4 8\n' | $A geomean --digits 4)" = 2.8284 ] &&
  ok "mean and geometric mean of known values (3.75, 2.8284)" || bad "known aggregates"
[ "$(echo 42.5 | $A geomean --digits 1)" = 42.5 ] && [ "$(printf '0\n10\n1000\n' | $A geomean --digits 1)" = 0.0 ] &&
  ok "one workload is its own mean; a zero makes the geometric mean 0" || bad "one value or zero"
run "geomean of a negative value" 2 $A geomean < <(printf '1\n-2\n')
echo "$out" | grep -q "value 2 (-2) is negative" && ok "the negative value is named" || bad "negative message" "$out"
run "mean of nothing" 2 $A mean < /dev/null
run "mean of a word" 2 $A mean < <(printf '1\n2 x3\n')
echo "$out" | grep -q "stdin:2: 'x3' is not a number" && ok "the bad number's line is named" || bad "bad number message" "$out"
run "mean with bad digits" 2 $A mean --digits 13 < <(echo 1)
