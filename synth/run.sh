#!/usr/bin/env bash
# Synthesize one block for one preset with Yosys and the project liberty file.
#   synth/run.sh BLOCK PRESET OUTDIR [PERIOD_PS]  (the block's module and RTL files from gpurf-params;
#   the period defaults to the preset's rtl_clock_mhz)
# Flow (DESIGN.md "Synthesis"): synth -flatten up to the fine stage; arrays marked
# (* gpurf_sram *) stay $mem_v2 cells (estimated as SRAM macros by `gpurf synth-report`), every
# other memory becomes flip-flops; generic techmap; dfflibmap; ABC maps to synth/cells.lib with
# delay target PERIOD_PS and reports the critical combinational path (stime -p); stat.
# Writes OUTDIR/BLOCK__PRESET.{params,period,log,stat,json,mem}.
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
# blocks whose search logic exhausts memory in Yosys's SAT-based resource sharing (share): the
# avail's per-port allocation chain (24 GB and killed, small and pascal); synthesized without it
noshare=""; case $block in avail) noshare=-noshare ;; esac
echo "$params" > "$base.params"
echo "$period" > "$base.period"
abc_script="+strash;&get,-n;&fraig,-x;&put;scorr;dc2;strash;&get,-n;&dch,-f;&nf,{D};&put;buffer;upsize,{D};dnsize,{D};stime,-p"
yosys -q -l "$base.log" -p "
read_verilog -DSYNTHESIS $files
chparam $params $module
hierarchy -check -top $module
rename -top $module
synth -flatten $noshare -top $module -run begin:fine
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
" > /dev/null 2>&1 || { tail -20 "$base.log"; echo "synth: yosys failed for $block/$preset (log $base.log)" >&2; exit 1; }
