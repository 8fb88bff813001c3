#!/usr/bin/env bash
# Search speed per variant: nodes per second and depth reached by `hard` from the start
# position in a fixed time (default 1000 ms), one search thread, as `think` reports it.
# Usage: bench/search.sh [--skip-build] [time_ms]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
build=1
if [[ ${1:-} == --skip-build ]]; then build=0; shift; fi
time_ms=${1:-1000}
if ((build)); then
  (cd "$here/.." && cargo build --release --quiet)
fi
bin="${CARGO_TARGET_DIR:-$here/../target}/release/draughts-api"
echo "| variant | depth | nodes | seconds | nodes/s | move |"
echo "|---|---|---|---|---|---|"
for variant in english russian brazilian international spanish italian czech turkish; do
  line=$("$bin" think --variant "$variant" --difficulty hard --time-ms "$time_ms")
  field() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<"$line"; }
  printf '| %s | %s | %s | %s | %s | %s |\n' "$variant" "$(field depth)" "$(field nodes)" \
    "$(field seconds)" "$(field nps)" "${line%% *}"
done
