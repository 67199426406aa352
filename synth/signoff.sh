#!/usr/bin/env bash
# Timing sign-off of synthesis summaries (gpurf-synth's <preset>.json): every block must meet its
# clock in OpenSTA (meets_clock: the worst slack, setup and the launching clock-to-Q counted, is
# not negative). Names each block that misses, with its slack, and exits 1 when one does.
#   synth/signoff.sh SUMMARY.json...
set -eu
[ $# -gt 0 ] || { echo "usage: synth/signoff.sh SUMMARY.json..." >&2; exit 2; }
miss=0 n=0
for s in "$@"; do
  [ -r "$s" ] || { echo "signoff: $s: cannot read" >&2; exit 2; }
  jq -e '.preset and (.blocks | type == "object")' "$s" > /dev/null 2>&1 ||
    { echo "signoff: $s: not a gpurf-synth summary (no preset or blocks)" >&2; exit 2; }
  ! jq -e '[.blocks[] | select(.lanes_sliced)] | length > 0' "$s" > /dev/null ||
    { echo "signoff: $s: holds lane-slice estimates (gpurf-synth --slices), not a sign-off" >&2; exit 2; }
  n=$(( n + $(jq '.blocks | length' "$s") ))
  while IFS=$'\t' read -r p b sl per; do
    echo "signoff: $b on $p misses the ${per} ps clock in OpenSTA: slack $sl ps (report $(dirname "$s")/${b}__${p}.sta)" >&2
    miss=$(( miss + 1 ))
  done < <(jq -r '.preset as $p | .blocks | to_entries[] | select(.value.meets_clock != true) |
                  [$p, .key, .value.sta_slack_ps, .value.clock_period_ps] | @tsv' "$s")
done
[ "$miss" = 0 ] || { echo "signoff: $miss of $n blocks miss the clock" >&2; exit 1; }
echo "signoff: all $n blocks meet the clock in OpenSTA"
