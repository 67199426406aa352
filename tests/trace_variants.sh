#!/usr/bin/env bash
# Write variants of an Accel-Sim trace (a kernelslist.g + kernel-1.traceg of tracer version
# 3/4, as `gpurf gen` writes) that must read as the same kernel:
#   v2       tracer version 2: every line prefixed with its thread block and warp
#   lineinfo "-enable lineinfo = 1": every line prefixed with a source line number
#   v5       a trailing immediate
#   v6       "imm1 imm2 Val" and per operand one value (a count of 1) or 32 values
#   noval    v6 with "NoVal"
#   bare     no optional header keys (kernel name, grid/block dim, nregs, binary version,
#            tracer version, lineinfo, stream id)
#   xz, gz   the trace compressed (the kernelslist still names kernel-1.traceg)
# usage: tests/trace_variants.sh SRC_DIR OUT_DIR
set -eu
src=$1 out=$2
mkdir -p $out
variant() { # name awk-program
  mkdir -p $out/$1; cp $src/kernelslist.g $out/$1/
  awk "$2" $src/kernel-1.traceg > $out/$1/kernel-1.traceg
}
inst='/^[0-9a-f]+ [0-9a-f]+ [0-9]+ /'
variant v2 '/^-accelsim tracer version/ { print "-accelsim tracer version = 2"; next }
  /^thread block/ { split($0, a, "[=,]"); tb = a[2] + 0 " " a[3] + 0 " " a[4] + 0 }
  /^warp =/ { w = $3 }
  '"$inst"' { print tb, w, $0; next } { print }'
variant lineinfo '/^-enable lineinfo/ { print "-enable lineinfo = 1"; next }
  '"$inst"' { print NR % 1000, $0; next } { print }'
variant v5 '/^-accelsim tracer version/ { print "-accelsim tracer version = 5"; next }
  '"$inst"' { print $0 " 0"; next } { print }'
v6='/^-accelsim tracer version/ { print "-accelsim tracer version = 6"; next }
  '"$inst"' { nd = $3; ns = $(5 + nd); line = $0 " 7 0 " (VAL ? "Val" : "NoVal")
    for (o = 0; VAL && o < nd + ns; o++) {
      if (o % 2) { line = line " 32"; for (l = 0; l < 32; l++) line = line sprintf(" %x", l * 4 + o) }
      else line = line " 1 " sprintf("%x", o) }
    print line; next } { print }'
variant v6 "BEGIN { VAL = 1 } $v6"
variant noval "BEGIN { VAL = 0 } $v6"
variant bare '/^-(kernel name|grid dim|block dim|nregs|binary version|accelsim tracer version|enable lineinfo|cuda stream id)/ { next } { print }'
for z in xz gz; do
  mkdir -p $out/$z; cp $src/kernelslist.g $out/$z/
  if [ $z = xz ]; then xz -c -1 $src/kernel-1.traceg > $out/xz/kernel-1.traceg.xz
  else gzip -c -1 $src/kernel-1.traceg > $out/gz/kernel-1.traceg.gz; fi
done
