# Sourced by tests/run.sh (its helpers ok/bad/json_num, $G $B): the main register file's
# latency as an average (mrf_read_latency_avg): the Table 2 presets' access times and
# --latency-x follow one rule (sim/cli/latency_x.h).
# --latency-x F and the Table 2 presets: the access time whose average main-RF read latency on
# the reference kernel (sim/cli/latency_x.h) is nearest F times the reference's
LATX="seed=3,blocks=16,warps=8,regs=64,insts=200,loops=2,window=8"
lavg() { $G sim --preset $1 --set bank_latency=$2 --gen $LATX --json $B/lx.json >/dev/null 2>&1 && jq .stats.mrf_read_latency_avg $B/lx.json; }
# nearest P L F REF: the ratio at L is within 10 % of F and nearer F than at L - 1 and L + 1
nearest() { local r0 r1 r2
  r0=$(lavg $1 $(($2 - 1))) r1=$(lavg $1 $2) r2=$(lavg $1 $(($2 + 1)))
  awk -v a=$r0 -v b=$r1 -v c=$r2 -v f=$3 -v r=$4 'function d(x) { x = x / r - f; return x < 0 ? -x : x }
    BEGIN { exit !(d(b) <= 0.1 * f && d(b) <= d(a) && d(b) <= d(c)) }' && echo "$(awk -v b=$r1 -v r=$4 'BEGIN { printf "%.2f", b / r }')"; }
ref1=$(lavg table2_c1 $(jq .bank_latency presets/table2_c1.json))
for cf in c6:5.3 c7:6.3; do c=${cf%:*} f=${cf#*:} l=$(jq .bank_latency presets/table2_$c.json)
  got=$(nearest table2_$c $l $f $ref1) && ok "Table 2 #${c#c}: bank_latency $l gives $got x #1's average read latency (paper $f x), nearer than $((l - 1)) or $((l + 1))" ||
    bad "Table 2 #${c#c}: bank_latency $l is not the access time nearest $f x #1's average read latency"
done
$G sim --design ltrf --preset table2_c1 --latency-x 6.5 --gen seed=1,blocks=2 --json $B/a.json >/dev/null 2>&1
l=$(jq '.latency_x.bank_latency' $B/a.json)
$G sim --design ltrf --preset table2_c1 --set bank_latency=$l --gen seed=1,blocks=2 --json $B/b.json >/dev/null 2>&1
got=$(nearest table2_c1 $l 6.5 $ref1) && [ "$(printf %.2f "$(jq .latency_x.ratio $B/a.json)")" = "$got" ] &&
  [ "$(json_num $B/a.json cycles)" = "$(json_num $B/b.json cycles)" ] &&
  ok "--latency-x 6.5 on #1: bank_latency $l, the reference kernel's average read latency $got x (printed in the run's JSON)" ||
  bad "--latency-x 6.5: bank_latency '$l', ratio $(jq .latency_x.ratio $B/a.json), nearest '$got'"
