#!/usr/bin/env bash
# Install the Debian packages gpurf needs when missing (as root), else print the command.
set -u
missing=()
# apt-get, waiting up to 10 minutes while another apt-get or dpkg holds its lock (a fresh
# machine's unattended upgrades)
apt_wait() {
  local i err
  for i in $(seq 60); do
    err=$(apt-get -o DPkg::Lock::Timeout=10 "$@" 2>&1 >/dev/null) && return 0
    echo "$err" | grep -q "Could not get lock\|is held by\|Unable to lock" || { echo "$err" >&2; return 1; }
    [ "$i" = 1 ] && echo "deps: another apt-get holds the lock; waiting for it" >&2
    sleep "${DEPS_LOCK_POLL_S:-10}"
  done
  return 1
}
for p in "$@"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -eq 0 ]; then
  echo "deps: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt_wait update -qq && apt_wait install -y -qq "${missing[@]}" || {
    echo "deps: apt-get install failed" >&2; exit 1; }
else
  echo "deps: missing packages: ${missing[*]}" >&2
  echo "deps: run: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
