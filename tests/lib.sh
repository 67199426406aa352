# The test suite's helpers (sourced by tests/run.sh): counts, sections with their times, the
# failures listed again at the end, runs checked for their exit code.
pass=0 fail=0
ok()  { pass=$((pass+1)); printf '  ok    %s\n' "$1"; }
bad() { fail=$((fail+1)); failed+=("$SECTION: $1"); printf '  FAIL  %s\n' "$1"; [ -n "${2:-}" ] && printf '%s\n' "$2" | head -20 | sed 's/^/        /'; }
# section TITLE: the previous section's time, then this one's title
failed=() SECTION=start T_SECTION=$SECONDS
section() { [ "$SECTION" = start ] || printf '  (%s: %d s)\n' "$SECTION" $((SECONDS - T_SECTION))
            SECTION=$1 T_SECTION=$SECONDS; echo "== $1"; }
# run NAME EXPECTED_RC CMD... ; output in $out
run() { local name=$1 want=$2; shift 2; out=$("$@" 2>&1); local rc=$?
        if [ $rc -eq "$want" ]; then ok "$name"; return 0; fi
        bad "$name (exit $rc, want $want)" "$out"; return 1; }
# prun: lines "name<TAB>expected exit<TAB>command" on stdin, run two at a time (the machine's
# two cores), reported in their order as run would
prun() { local d=$B/prun i=0 n name want cmd; rm -rf $d; mkdir -p $d
  while IFS=$'\t' read -r name want cmd; do i=$((i+1)); printf '%s\n' "$name" > $d/$i.name; echo $want > $d/$i.want; printf '%s\n' "$cmd" > $d/$i.cmd; done
  seq 1 $i | xargs -P 2 -I{} bash -c "bash $d/{}.cmd > $d/{}.out 2>&1; echo \$? > $d/{}.rc"
  for n in $(seq 1 $i); do
    if [ "$(cat $d/$n.rc)" = "$(cat $d/$n.want)" ]; then ok "$(cat $d/$n.name)"
    else bad "$(cat $d/$n.name) (exit $(cat $d/$n.rc), want $(cat $d/$n.want))" "$(cat $d/$n.out)"; fi
  done; }
json_num() { sed -n "s/.*\"$2\": \([0-9.]*\).*/\1/p" "$1" | head -1; }
# the preset whose default_for names binary version $1
preset_for() { for p in presets/*.json; do
  jq -e --argjson v $1 'any((.default_for // [])[]; . == $v)' $p > /dev/null && basename $p .json; done; }
