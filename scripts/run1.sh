#!/usr/bin/env bash
# One run of a keyed runs list (scripts/runs.sh): "ID KEY ARGS..." as one argument. Runs
# $G ARGS, keeps its JSON and log in $RUNS_CACHE/KEY.{json,log} when it succeeds (written
# under a temporary name first: a run cut short leaves nothing), prints the progress line (about
# twenty per list). A failed run's log goes to $RUNS_DIR/ID.failed.
set -u
read -r id key args <<< "$1"
tmp=$RUNS_CACHE/$key.$$.tmp
trap 'rm -f "$tmp.json" "$tmp.log"; exit 1' TERM INT
if ! $G $args --json "$tmp.json" > "$tmp.log" 2>&1; then
  cp "$tmp.log" "$RUNS_DIR/$id.failed"
  [ -n "${RUNS_KEEP_GOING:-}" ] || { echo "$RUNS_LABEL: run $id failed: $G $args"; tail -5 "$tmp.log"; }
  rm -f "$tmp.json" "$tmp.log"; exit 1
fi
mv "$tmp.log" "$RUNS_CACHE/$key.log"; mv "$tmp.json" "$RUNS_CACHE/$key.json"
if [ -n "${RUNS_PROGRESS:-}" ]; then
  done_=$(flock "$RUNS_PROGRESS" bash -c 'echo >> "$0"; wc -l < "$0"' "$RUNS_PROGRESS")
  # about twenty lines per list
  step=$(( RUNS_TOTAL / 20 )); [ $step -lt 1 ] && step=1
  [ $((done_ % step)) = 0 ] || [ "$done_" = "$RUNS_TOTAL" ] || exit 0
  el=$(( $(date +%s) - RUNS_START ))
  left=$(( el * (RUNS_TOTAL - done_) / done_ ))
  printf '%s: %d/%d runs done (%d cached), %dm%02ds, about %dm%02ds left\n' "$RUNS_LABEL" "$done_" \
    "$RUNS_TOTAL" "$RUNS_CACHED" $((el / 60)) $((el % 60)) $((left / 60)) $((left % 60))
fi
