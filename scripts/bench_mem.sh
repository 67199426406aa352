#!/usr/bin/env bash
# Memory target: a kernel's instructions stream through the SM a thread block at a time, so
# peak memory does not grow with the kernel. Simulates generated kernels of about 2 M and
# 20 M warp instructions directly (--gen) and a 1 M-instruction trace written by gpurf gen
# against one ten times smaller, each process reporting its own peak RSS (peak_rss_kb);
# prints the ratios and fails if a ratio exceeds 1.5.
# usage: scripts/bench_mem.sh GPURF OUTDIR
set -eu
G=$1 out=$2
mkdir -p $out
spec() { echo "seed=7,blocks=$1,warps=8,insts=40,loops=24"; }
rc=0
measure() { # label small-args large-args
  $G sim --preset pascal $2 --json $out/mem_small.json > /dev/null
  $G sim --preset pascal $3 --json $out/mem_large.json > /dev/null
  local i1 i2 m1 m2
  i1=$(jq .stats.instructions $out/mem_small.json); i2=$(jq .stats.instructions $out/mem_large.json)
  m1=$(jq .peak_rss_kb $out/mem_small.json); m2=$(jq .peak_rss_kb $out/mem_large.json)
  local r; r=$(echo "scale=2; $m2 / $m1" | bc)
  printf '%-28s %11s insts %8s KiB   %11s insts %8s KiB   RSS ratio %s (target <= 1.5)\n' "$1" $i1 $m1 $i2 $m2 $r
  [ "$(echo "$r <= 1.5" | bc)" = 1 ] || rc=1
}
measure "generated, simulated" "--gen $(spec 256)" "--gen $(spec 2560)"
$G gen $(spec 13) --out $out/trace_small > /dev/null
$G gen $(spec 128) --out $out/trace_large > /dev/null
measure "gpurf gen -> trace -> sim" "--trace $out/trace_small/kernelslist.g" "--trace $out/trace_large/kernelslist.g"
rm -rf $out/trace_small $out/trace_large
exit $rc
