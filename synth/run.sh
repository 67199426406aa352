#!/usr/bin/env bash
# Synthesize one block for one preset with Yosys and the project liberty file.
#   synth/run.sh BLOCK PRESET OUTDIR [PERIOD_PS]  (the block's module and RTL files from gpurf-params;
#   the period defaults to the preset's rtl_clock_mhz)
#   LANES=n: the block with n lanes instead of the preset's (a lane slice, synth/slice.sh);
#   its files are named BLOCK__PRESET__lanesN.*
# Flow (DESIGN.md "Synthesis"): synth -flatten up to the fine stage; arrays marked
# (* gpurf_sram *) stay $mem_v2 cells (estimated as SRAM macros by `gpurf synth-report`), every
# other memory becomes flip-flops; generic techmap; dfflibmap; ABC maps to synth/cells.lib with
# delay target PERIOD_PS and reports the critical combinational path (stime -p); stat; the
# mapped netlist (SRAM macros as black boxes gpurf_sram) timed by OpenSTA against the clock.
# ABC's script merges equivalent nodes (fraig, scorr) and maps over structural choices (dch),
# without area rewriting (dc2): that rewrites a parallel prefix (the arbiters' Kogge-Stone
# counts and ORs) into a ripple chain, which no later mapping undoes (docs/synthesis.md).
# Writes OUTDIR/BLOCK__PRESET.{params,period,log,stat,json,mem,v,sta}.
set -eu
block=$1 preset=$2 out=$3
B=${BUILD:-build}
period=${4:-$($B/gpurf-params --preset "$preset" --block "$block" --format period)}
module=$($B/gpurf-params --preset "$preset" --block "$block" --format module)
files=$($B/gpurf-params --preset "$preset" --block "$block" --format files)
lib=synth/cells.lib
base=$out/${block}__${preset}
mkdir -p "$out"
params=$($B/gpurf-params --preset "$preset" --block "$block" --format yosys)
if [ -n "${LANES:-}" ]; then
  grep -q -- '-set Lanes ' <<< "$params" || { echo "synth: block $block has no Lanes parameter" >&2; exit 2; }
  params=$(sed -E "s/-set Lanes [0-9]+/-set Lanes $LANES/" <<< "$params")
  base=${base}__lanes$LANES
fi
echo "$params" > "$base.params"
echo "$period" > "$base.period"
# the SRAM cells' parameters, removed for OpenSTA's netlist reader
unset=""
for p in MEMID SIZE OFFSET ABITS WIDTH INIT RD_PORTS RD_CLK_ENABLE RD_CLK_POLARITY RD_TRANSPARENCY_MASK \
         RD_COLLISION_X_MASK RD_WIDE_CONTINUATION RD_CE_OVER_SRST RD_ARST_VALUE RD_SRST_VALUE \
         RD_INIT_VALUE WR_PORTS WR_CLK_ENABLE WR_CLK_POLARITY WR_PRIORITY_MASK WR_WIDE_CONTINUATION; do
  unset="$unset setparam -unset $p t:gpurf_sram;"
done
abc_script="+strash;&get,-n;&fraig,-x;&put;scorr;strash;&get,-n;&dch,-f;&nf,{D};&put;buffer;upsize,{D};dnsize,{D};stime,-p"
yosys -q -l "$base.log" -p "
read_verilog -DSYNTHESIS $files
chparam $params $module
hierarchy -check -top $module
rename -top $module
synth -flatten -top $module -run begin:fine
memory_map t:\$mem_v2 a:gpurf_sram %d
tee -q -o $base.mem dump t:\$mem_v2
opt -fast -full
techmap
opt -fast
dfflegalize -cell \$_DFF_P_ 01
dfflibmap -liberty $lib
abc -liberty $lib -D $period -script $abc_script
opt_clean
tee -q -o $base.json stat -json
tee -q -o $base.stat stat -liberty $lib
chtype -map \$mem_v2 gpurf_sram t:\$mem_v2
$unset
write_verilog -noattr -simple-lhs $base.v
" > /dev/null 2>&1 || { tail -20 "$base.log"; echo "synth: yosys failed for $block/$preset (log $base.log)" >&2; exit 1; }
# static timing of the mapped netlist (written with -simple-lhs: OpenSTA's reader rejects an
# assign to a concatenation): ports as flip-flop boundaries (delay 0), the worst path
# with the launching flip-flop's clock-to-Q and the capturing one's setup
sta_ns=$(awk -v p="$period" 'BEGIN { printf "%.3f", p / 1000 }')
sta -exit /dev/stdin > "$base.sta" 2>&1 <<EOF || { tail -20 "$base.sta"; echo "synth: opensta failed for $block/$preset (report $base.sta)" >&2; exit 1; }
read_liberty $lib
read_verilog $base.v
link_design $module
create_clock -name clk -period $sta_ns [get_ports clk_i]
set_input_delay 0 -clock clk [delete_from_list [all_inputs] [get_ports clk_i]]
set_output_delay 0 -clock clk [all_outputs]
report_checks -path_delay max -digits 3
EOF
