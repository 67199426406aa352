#!/usr/bin/env bash
# Install the Debian packages gpurf needs when missing (as root), else print the command.
set -u
missing=()
for p in "$@"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -eq 0 ]; then
  echo "deps: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq "${missing[@]}" >/dev/null || {
    echo "deps: apt-get install failed" >&2; exit 1; }
else
  echo "deps: missing packages: ${missing[*]}" >&2
  echo "deps: run: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
