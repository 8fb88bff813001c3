#!/usr/bin/env bash
# Search tree size: the nodes `hard` searches to exactly DEPTH from each position of FILE (one
# PDN FEN per line, `#` comments), as `think --depth` reports them, and their total. Untimed,
# so the same build gives the same counts on any machine: a change to the search that keeps
# strength and shrinks this total reaches deeper in the same time.
# Usage: bench/tree.sh [--skip-build] [--bin PATH] VARIANT FILE DEPTH
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
build=1
bin="${CARGO_TARGET_DIR:-$here/../target}/release/draughts-api"
while [[ ${1:-} == --* ]]; do
  case $1 in
    --skip-build) build=0; shift ;;
    --bin) bin=${2:?--bin needs a path}; build=0; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
if (($# != 3)); then
  echo "usage: bench/tree.sh [--skip-build] [--bin PATH] VARIANT FILE DEPTH" >&2
  exit 2
fi
variant=$1 file=$2 depth=$3
if ((build)); then
  (cd "$here/.." && cargo build --release --quiet)
fi
field() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<"$line"; }
total=0 seconds=0 count=0
echo "| position | move | score | nodes |"
echo "|---|---|---|---|"
while IFS= read -r fen; do
  [[ -z $fen || $fen == \#* ]] && continue
  count=$((count + 1))
  line=$("$bin" think --variant "$variant" --fen "$fen" --depth "$depth" </dev/null)
  nodes=$(field nodes)
  total=$((total + nodes))
  seconds=$(awk -v a="$seconds" -v b="$(field seconds)" 'BEGIN { print a + b }')
  printf '| %s | %s | %s | %s |\n' "$count" "${line%% *}" "$(field score)" "$nodes"
done <"$file"
echo
echo "$count positions, depth $depth: $total nodes in $seconds s"
