#!/usr/bin/env bash
# The experiments' report (make experiments, after the four papers' scripts): from $OUT's
# vs.tsv (our values beside the papers', exp_vs) one bar figure per paper figure, ours and the
# paper's side by side (PNG and SVG, gnuplot), every difference over 10 % listed under it with
# what was measured about it, then each paper's full tables; $OUT/report.md and, through
# cmark-gfm, $OUT/index.html.
set -eu
OUT=${OUT:-build/experiments}
V=$OUT/vs.tsv
[ "${RUNS_ENGINE:-local}" = dry ] && exit 0
[ -s "$V" ] || { echo "report: no $V (run make experiments)" >&2; exit 2; }
R=$OUT/report.md
title() { case $1 in ltrf) echo "LTRF (Sadrosadati et al., ASPLOS 2018)";; malekeh*) echo "Malekeh (Esfeden et al.)";;
  rename) echo "Cross-warp register renaming (Jeon and Annavaram)";; hybrid_1r1w) echo "Hybrid register cache / scratchpad, 1R1W (Bailey et al.)";;
  hybrid_mono) echo "Hybrid register cache / scratchpad, 6R2W, the paper's accounting: the main RF as one array (Bailey et al.)";;
  hybrid*) echo "Hybrid register cache / scratchpad, 6R2W (Bailey et al.)";; *) echo "$1";; esac; }
tables() { case $1 in ltrf) echo results.md;; *) echo "$1.md";; esac; }
# figure $2 of paper $1 as bars, one panel per label: each workload's value, then the mean
# of each workload set beside the paper's
plot() { local p=$1 f=$2 base=$3 d=$OUT/vs_$3 labels n t ext
  labels=$(awk -F '\t' -v p="$p" -v f="$f" '$1 == p && $2 == f { print $3 }' "$V" | awk '!s[$0]++')
  n=$(echo "$labels" | wc -l)
  for t in "pngcairo size 1100,$((300 * n + 60)) font \"sans,9\"" "svg size 1100,$((300 * n + 60)) font \"sans,9\""; do
    ext=png; case $t in svg*) ext=svg;; esac
    {
      echo "set terminal $t"; echo "set output \"$OUT/$base.$ext\""
      echo "set datafile missing '-'"; echo "set multiplot layout $n,1 title \"$f\""
      echo "set style data histograms; set style histogram clustered gap 1"
      echo "set style fill solid 0.85 border -1; set boxwidth 0.9; set grid ytics; set xzeroaxis"
      echo "set xtics rotate by -35 left noenhanced font \",8\"; set key outside right top vertical; set bmargin 6"
      local i=0 l
      while IFS= read -r l; do i=$((i + 1))
        awk -F '\t' -v p="$p" -v f="$f" -v l="$l" '$1 == p && $2 == f && $3 == l { printf "\"%s\" %s %s\n", $4, $5, $6 }' "$V" > "$d.$i.dat"
        # bars from zero unless a value is negative
        echo "set yrange [$(awk '{ if ($2 < 0 || ($3 != "-" && $3 < 0)) n = 1 } END { print n ? "*" : 0 }' "$d.$i.dat"):*]"
        echo "set title \"$l\" noenhanced"
        echo "plot \"$d.$i.dat\" using 2:xtic(1) title \"gpurf\" linecolor rgb \"#1f77b4\", \"\" using 3 title \"paper (its mean)\" linecolor rgb \"#ff7f0e\""
      done <<< "$labels"
      echo "unset multiplot"
    } | gnuplot
  done; }
{
echo "# gpurf: the four papers' figures on the workload suite"
echo
echo "Made by \`make experiments${QUICK:+ QUICK=$QUICK}\` on $(date -u +%Y-%m-%d), gpurf $(git rev-parse --short HEAD 2>/dev/null || echo '(no git)'), suite \`${SUITE:-scripts/suite.txt}\`."
echo "Each figure: our value per workload (blue), then our mean over each workload set beside the"
echo "paper's mean (orange): all, the real traces, the generated kernels and, for LTRF, the"
echo "register-sensitive ones (measured: LTRF Sec. 5). A real trace runs on its preset's whole GPU, a"
echo "generated kernel on one SM. Under each figure, every mean more than 10 % from the paper's, with"
echo "what was measured about it."
echo
for p in $(cut -f1 "$V" | awk '!s[$0]++'); do
  echo "## $(title $p)"
  echo
  i=0
  while IFS= read -r f; do i=$((i + 1)); base=${p}_$i
    plot "$p" "$f" "$base"
    echo "![$f]($base.png)"
    echo
    echo "[SVG]($base.svg)"
    echo
    awk -F '\t' -v p="$p" -v f="$f" '$1 == p && $2 == f && $6 != "-" {
        d = $5 - $6; r = $6 != 0 ? d / ($6 < 0 ? -$6 : $6) : 0
        if (r > 0.1 || r < -0.1) printf "- %s, %s: %s against the paper'"'"'s %s (%+.0f %%). Measured: %s\n", $3, $4, $5, $6, 100 * r, $7 }' "$V" > "$OUT/diff.tmp"
    if [ -s "$OUT/diff.tmp" ]; then
      echo "Over 10 % from the paper:"; echo; cat "$OUT/diff.tmp"; echo
    fi
  done < <(awk -F '\t' -v p="$p" '$1 == p { print $2 }' "$V" | awk '!s[$0]++')
  t=$OUT/$(tables $p)
  if [ -f "$t" ]; then
    echo "<details><summary>Every table of $(title $p) ($(basename "$t"))</summary>"
    echo
    sed 's/^#/##/' "$t"
    echo
    echo "</details>"
    echo
  fi
done
} > "$R"
rm -f "$OUT/diff.tmp" "$OUT"/vs_*.dat
{
  echo '<!DOCTYPE html><html><head><meta charset="utf-8"><title>gpurf experiments</title>'
  echo '<style>body{font-family:sans-serif;max-width:1100px;margin:2em auto;padding:0 1em}'
  echo 'table{border-collapse:collapse;font-size:12px}td,th{border:1px solid #ccc;padding:2px 6px}'
  echo 'img{max-width:100%}details{margin:1em 0}</style></head><body>'
  cmark-gfm --unsafe --extension table "$R"
  echo '</body></html>'
} > "$OUT/index.html"
echo "report: $OUT/index.html ($OUT/report.md; figures $OUT/*_N.png and .svg)"
