# Sourced by tests/run.sh: LTRF's fill (rfc_alloc_ports, rfc_fill_ports, rfc_fill_latency), its write-back rule
# (rfc_writeback) and the Table 2 bank reading (--latency-x F@PRESET), each shown to change
# what it should; the parallel fill in lockstep with faults a serial or a lost fill shows.
section "LTRF: parallel fill, write-back rule, bank reading"
# (its runs in the background are waited for by pid: a bare wait would wait for the suite's
# background builds and proofs too)
# the LTRF experiments' register-hungry kernel (sim/cli/latency_x.h) on one SM
KF="--gen seed=3,blocks=16,warps=8,regs=64,insts=200,loops=2,window=8 --sms 1"
fj() { echo $B/fill.$(echo "$*" | tr ' =' '_-').json; }
fsim() { $G sim $(sch $1) --design "$@" $KF --json $(fj "$@") > /dev/null 2>&1 || bad "sim $*"; }
fv() { jq ".stats.$1" $(fj "${@:2}"); }
# cycles a row spends fetching per activation
fact() { jq '.stats.row_fetch_act / .stats.activations' $(fj "$@"); }
lt() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a < b) }'; }
for d in ltrf ltrf+; do for p in table2_c1 table2_c6; do
  pids=(); for ap in "1 1" "8 1" "1 16" "8 16"; do set -- $ap
    fsim $d --preset $p --set rfc_alloc_ports=$1 --set rfc_fill_ports=$2 & pids+=($!)
  done; wait "${pids[@]}"
  a() { fact $d --preset $p --set rfc_alloc_ports=$1 --set rfc_fill_ports=$2; }
  e=0; for ap in "1 1" "8 1" "1 16" "8 16"; do set -- $ap
    e=$((e + $(fv value_errors $d --preset $p --set rfc_alloc_ports=$1 --set rfc_fill_ports=$2))); done
  [ $e = 0 ] && lt "$(a 8 16)" "$(a 1 16)" && lt "$(a 8 16)" "$(a 8 1)" && lt "$(a 1 16)" "$(a 1 1)" && ! lt "$(a 1 1)" "$(a 8 1)" &&
    ok "$d/$p: an activation fetches in $(a 8 16) cycles with 8 allocations and 16 reads a cycle, $(a 1 16) allocating one a cycle, $(a 8 1) reading one, $(a 1 1) serial; 0 value errors" ||
    bad "$d/$p activation cycles: parallel $(a 8 16), one allocation $(a 1 16), one read $(a 8 1), serial $(a 1 1); value errors $e"
done; done
c() { fv cycles ltrf --preset table2_c6 --set rfc_alloc_ports=$1 --set rfc_fill_ports=$2; }
lt "$(c 8 16)" "$(c 1 1)" && ok "ltrf on #6: the parallel fill runs in $(c 8 16) cycles, the serial one in $(c 1 1)" ||
  bad "ltrf on #6: parallel fill $(c 8 16) cycles, serial $(c 1 1)"
run "rfc_alloc_ports above the row's banks refused" 2 $G sim --design ltrf $(sch ltrf) --preset small --set rfc_alloc_ports=9 --gen seed=1
echo "$out" | grep -q "field 'rfc_alloc_ports': 9, more than a row's 8 cache banks" && ok "the message names the field and the bound" || bad "rfc_alloc_ports message" "$out"
run "rfc_fill_ports 0 refused" 2 $G sim --design ltrf $(sch ltrf) --preset small --set rfc_fill_ports=0 --gen seed=1
echo "$out" | grep -q "rfc_fill_ports" && ok "the message names rfc_fill_ports" || bad "rfc_fill_ports message" "$out"
run "an unknown write-back rule refused" 2 $G sim --design ltrf $(sch ltrf) --preset small --set rfc_writeback=some --gen seed=1
echo "$out" | grep -q "rfc_writeback" && ok "the message names rfc_writeback" || bad "rfc_writeback message" "$out"
run "the lockstep instance takes rfc_fill_ports from the preset its RTL was built for" 2 $G cosim --design ltrf $(sch ltrf) --preset small --set rfc_fill_ports=1 --gen seed=1 --blocks all
echo "$out" | grep -q "NumPorts=4 (built: 32)" && ok "the message names the fill ports' RTL parameter" || bad "rf_fill parameter message" "$out"

# the fill read's latency (rfc_fill_latency): rf_fill's BankLatency is the larger of it and
# bank_latency; on pascal (bank_latency 0) one cycle more per fill read, on #6 (11) nothing
bl() { $B/gpurf-params --preset $1 --block rf_fill --format yosys | grep -o 'BankLatency [0-9]*' | cut -d' ' -f2; }
[ "$(bl pascal)" = 1 ] && [ "$(bl table2_c6)" = "$(jq .bank_latency presets/table2_c6.json)" ] &&
  ok "rf_fill's BankLatency: pascal $(bl pascal) (rfc_fill_latency 1 over bank_latency 0), #6 $(bl table2_c6) (its bank_latency)" ||
  bad "rf_fill BankLatency: pascal $(bl pascal), #6 $(bl table2_c6)"
pids=(); for v in 0 1; do for p in pascal table2_c6; do
  fsim ltrf+ --preset $p --set rfc_fill_latency=$v & pids+=($!); done; done; wait "${pids[@]}"
fl() { fv $1 ltrf+ --preset $2 --set rfc_fill_latency=$3; }
e=0; for v in 0 1; do for p in pascal table2_c6; do e=$((e + $(fl value_errors $p $v))); done; done
# every main-RF read of ltrf+ is a fill: its cycles from grant to data, (mrf_read_latency -
# the request-cycles lost to conflicts) / reads, are 1 + rf_fill's BankLatency; the cycle count
# moves (either way: later fills reorder the rows' work)
lat() { jq '(.stats.mrf_read_latency - .stats.bank_conflicts) / .stats.rf_reads' $(fj ltrf+ --preset $1 --set rfc_fill_latency=$2); }
[ $e = 0 ] && [ "$(lat pascal 0)" = 1 ] && [ "$(lat pascal 1)" = 2 ] && [ "$(lat table2_c6 0)" = 12 ] && [ "$(lat table2_c6 1)" = 12 ] &&
  [ "$(fl cycles pascal 0)" != "$(fl cycles pascal 1)" ] && [ "$(fl cycles table2_c6 0)" = "$(fl cycles table2_c6 1)" ] &&
  ok "ltrf+ fill reads: pascal $(lat pascal 0) -> $(lat pascal 1) cycles each ($(fl cycles pascal 0) -> $(fl cycles pascal 1) cycles), #6 $(lat table2_c6 1) either way ($(fl cycles table2_c6 1) cycles); 0 value errors" ||
  bad "rfc_fill_latency: pascal reads $(lat pascal 0) -> $(lat pascal 1), cycles $(fl cycles pascal 0) -> $(fl cycles pascal 1); #6 reads $(lat table2_c6 0) / $(lat table2_c6 1), cycles $(fl cycles table2_c6 0) / $(fl cycles table2_c6 1); value errors $e"
run "the lockstep instance takes rfc_fill_latency from the preset its RTL was built for" 2 $G cosim --design ltrf $(sch ltrf) --preset pascal --set rfc_fill_latency=0 --gen seed=1 --blocks all
echo "$out" | grep -q "BankLatency=0 (built: 1)" && ok "the message names the fill reads' RTL parameter" || bad "rf_fill BankLatency message" "$out"

# the write-back rule: what each writes back on #6, each design's paper rule its default
for d in ltrf ltrf+; do pids=(); for r in paper all live dirty live+dirty; do fsim $d --preset table2_c6 --set rfc_writeback=$r & pids+=($!); done; wait "${pids[@]}"; done
wb() { fv writebacks $1 --preset table2_c6 --set rfc_writeback=$2; }
e=0; for d in ltrf ltrf+; do for r in paper all live dirty live+dirty; do
  e=$((e + $(fv value_errors $d --preset table2_c6 --set rfc_writeback=$r))); done; done
[ $e = 0 ] && ok "ltrf, ltrf+ under every write-back rule on #6: 0 value errors" || bad "write-back rules: $e value errors"
[ "$(wb ltrf paper)" = "$(wb ltrf all)" ] && [ "$(wb ltrf+ paper)" = "$(wb ltrf+ live)" ] &&
  ok "the paper rule is every valid register for ltrf ($(wb ltrf paper) write-backs), the live ones for ltrf+ ($(wb ltrf+ paper))" ||
  bad "paper rules: ltrf $(wb ltrf paper) (all $(wb ltrf all)), ltrf+ $(wb ltrf+ paper) (live $(wb ltrf+ live))"
for d in ltrf ltrf+; do
  lt "$(wb $d live)" "$(wb $d all)" && lt "$(wb $d dirty)" "$(wb $d all)" && lt "$(wb $d live+dirty)" "$(wb $d live)" && lt "$(wb $d live+dirty)" "$(wb $d dirty)" &&
    ok "$d write-backs on #6: all $(wb $d all), live $(wb $d live), dirty $(wb $d dirty), live+dirty $(wb $d live+dirty)" ||
    bad "$d write-backs: all $(wb $d all), live $(wb $d live), dirty $(wb $d dirty), live+dirty $(wb $d live+dirty)"
done
# the dirty rules on the kernels of divergence, partial and wide writes (run_its.sh's class)
for k in seed=24,blocks=2,warps=4,regs=32,insts=24,loops=3,its=28,calls=8,div=25,idiv=50 \
         seed=7,blocks=2,warps=4,regs=40,insts=30,loops=3,pred=20,pdiv=30,wide=20,threads=100; do
  for r in dirty live+dirty; do for d in ltrf ltrf+ rfc-demand; do
    run "$d rfc_writeback=$r, sanitized, $k" 0 $A sim --design $d $(sch $d) --preset small --set rfc_writeback=$r --gen $k
  done; done
done

# the bank reading: the non-pipelined rule gives the presets' access times, the pipelined one its own
lx() { $G sim --design baseline --preset $1 "${@:3}" --latency-x $2 --gen seed=1,blocks=1,warps=1,insts=4 --sms 1 --json $B/lx.json > /dev/null 2>&1 &&
  jq -r '"\(.latency_x.bank_latency) \(.latency_x.ratio)"' $B/lx.json; }
set -- $(lx table2_c6 5.3@table2_c1) $(lx table2_c7 6.3@table2_c1)
[ "$1" = "$(jq .bank_latency presets/table2_c6.json)" ] && [ "$3" = "$(jq .bank_latency presets/table2_c7.json)" ] &&
  ok "--latency-x 5.3@table2_c1 on #6 gives its preset's access time $1 (ratio $2), 6.3@ on #7 $3 (ratio $4)" ||
  bad "--latency-x F@table2_c1: #6 $1, #7 $3; presets $(jq .bank_latency presets/table2_c6.json), $(jq .bank_latency presets/table2_c7.json)"
set -- $(lx table2_c6 5.3@table2_c1 --set bank_pipelined=1)
awk -v r="$2" 'BEGIN { exit !(r > 5.0 && r < 5.6) }' && [ "$1" != "$(jq .bank_latency presets/table2_c6.json)" ] &&
  ok "pipelined reading: #6 at $1 cycles gives $2 x #1's average read latency" || bad "pipelined reading: #6 $1 cycles, ratio $2"
run "--latency-x F@ without a preset refused" 2 $G sim --preset table2_c6 --latency-x 5.3@ --gen seed=1,blocks=1
run "--latency-x F@ with an unknown preset refused" 2 $G sim --preset table2_c6 --latency-x 5.3@nope --gen seed=1,blocks=1
echo "$out" | grep -q "latency-x '5.3@nope'" && ok "the message names the argument" || bad "--latency-x @ message" "$out"
# the most fill ports a main register file takes: 8 rows x 32 (Fig. 12's 32 registers per interval)
run "ltrf with 256 main-RF fill ports (rfc_banks 32), sanitized" 0 $A sim --design ltrf --preset table2_c1 --set rfc_banks=32 --set rf_cache_wports=32 --set rfc_fill_ports=32 --gen seed=3,blocks=2,warps=8,regs=24,insts=24,loops=3
# every preset names and sources every parameter, the fill's and write-back's included
for p in presets/*.json; do p=$(basename $p .json)
  run "preset $p loads and runs" 0 $G sim --design baseline --preset $p --gen seed=1,blocks=1,warps=1,insts=4 --sms 1
done
