#!/usr/bin/env bash
# A screenshot of a dump opened in GTKWave with its view, on a virtual display (Xvfb):
# wave_shot.sh DUMP.fst VIEW.gtkw OUT.png; prints the GTKWave window's size ("WxH") and the
# number of pixels in GTKWave's trace colour (#00FF00: the waves drawn). Exit 1 when the
# window never appears.
set -eu
[ $# = 3 ] || { echo "usage: wave_shot.sh DUMP.fst VIEW.gtkw OUT.png" >&2; exit 2; }
if [ -z "${WAVE_SHOT_INNER:-}" ]; then
  WAVE_SHOT_INNER=1 exec xvfb-run -a -s "-screen 0 1920x1200x24" bash "$0" "$@"
fi
gtkwave "$1" "$2" > /dev/null 2>&1 &
pid=$!
geom=""
for _ in $(seq 1 100); do
  geom=$(xwininfo -root -tree 2>/dev/null | awk '/"GTKWave - / { print $(NF-1); exit }')
  [ -n "$geom" ] && break
  sleep 0.2
done
[ -n "$geom" ] && sleep 2 && import -window root "$3"
kill $pid 2>/dev/null || true
wait $pid 2>/dev/null || true
[ -n "$geom" ] || { echo "wave_shot.sh: no GTKWave window within 20 s" >&2; exit 1; }
green=$(convert-im6.q16 "$3" -fill black +opaque '#00FF00' -fill white -opaque '#00FF00' -format '%[fx:round(mean*w*h)]' info:)
echo "${geom%%+*} $green"
