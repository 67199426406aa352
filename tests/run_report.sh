# Sourced by tests/run.sh after the experiments' tests: the report (scripts/report.sh) of the
# LTRF and renaming test runs: one figure per paper figure, each workload's value and the sets'
# means beside the paper's, every mean more than 10 % from the paper's listed under it with
# what was measured about it.
section "the experiments' report: figures with the paper's values, differences over 10 %"
RP=$B/exp_rep; rm -rf $RP; mkdir -p $RP
cat $B/exp_t/vs.tsv $B/exp_r/vs.tsv > $RP/vs.tsv; cp $B/exp_t/results.md $B/exp_r/rename.md $RP/
run "report.sh on the ltrf and rename test runs" 0 env OUT=$RP bash scripts/report.sh
nfig=$(cut -f1,2 $RP/vs.tsv | sort -u | wc -l)
[ "$(ls $RP/*_[0-9].png | wc -l)" = "$nfig" ] && [ "$(ls $RP/*_[0-9].svg | wc -l)" = "$nfig" ] &&
  [ "$(grep -c '<img src="[a-z_0-9]*\.png"' $RP/index.html)" = "$nfig" ] &&
  ok "one PNG and SVG figure per paper figure ($nfig), each in index.html" || bad "report figures" "$(ls $RP)"
want=$(awk -F'\t' '$6 != "-" { r = $6 != 0 ? ($5 - $6) / ($6 < 0 ? -$6 : $6) : 0; if (r > 0.1 || r < -0.1) n++ } END { print n + 0 }' $RP/vs.tsv)
got=$(grep -c "against the paper's" $RP/report.md)
[ "$got" = "$want" ] && [ "$want" -gt 0 ] && ok "every mean over 10 % from the paper's listed ($got)" || bad "differences listed $got, want $want"
# each with a measured reason holding numbers of its own runs
why=$(grep "against the paper's" $RP/report.md | grep -cE "Measured: [^0-9]*[0-9.]+[^0-9]+[0-9.]+")
[ "$why" = "$got" ] && ok "each difference with its measured reason" || bad "$((got - why)) differences without a measured reason"
# every workload of the paper's test suite in every panel, before the sets' means
nw=$(grep -vc '^#' tests/suite_test.txt); nl=$(grep -vc '^#' $B/suite_ltrf.txt)
bad_panels=$(awk -F'\t' -v nw=$nw -v nl=$nl '$6 == "-" { w[$1 FS $2 FS $3]++ }
  END { for (k in w) if (w[k] != (k ~ /^ltrf\t/ ? nl : nw)) print k }' $RP/vs.tsv)
[ -z "$bad_panels" ] && [ "$(awk -F'\t' '$6 == "-"' $RP/vs.tsv | wc -l)" -gt 0 ] && ok "each panel: its suite's workloads one by one (LTRF $nl, renaming $nw)" || bad "panels without every workload: $bad_panels"
grep -q "<table>" $RP/index.html && grep -q "Every table of LTRF" $RP/index.html &&
  ok "the papers' full tables in the page" || bad "report tables"
if command -v chromium > /dev/null; then
  timeout 120 chromium --headless --no-sandbox --disable-gpu --window-size=1200,2000 --screenshot=$RP/shot.png file://$(readlink -f $RP)/index.html > /dev/null 2>&1
  [ "$(stat -c %s $RP/shot.png 2>/dev/null || echo 0)" -gt 50000 ] && ok "chromium renders the report ($(stat -c %s $RP/shot.png) bytes of screenshot)" || bad "chromium screenshot"
fi
