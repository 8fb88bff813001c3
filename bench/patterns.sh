#!/usr/bin/env bash
# Fits a board family's pattern values (see README.md, "Patterns") to the self-play games kept
# in data/selfplay/<variant>/ (grown by bench/selfplay.sh): `draughts-api replay` prints their
# positions, then bench/train_patterns.py fits.
# Usage: bench/patterns.sh [options] OUT.bin [-- train_patterns.py options]
#   --variant V    whose games are fitted to (default international; english fits the 8x8
#                  short-king family, russian the 8x8 flying-king family)
#   --blend B      weight of the search labels in each target, 0 to 1 (default 0: results alone)
#   --files GLOB   which games files (default: data/selfplay/<variant>/*.games.gz)
#   --skip-build   use the binary already in target/release
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
variant=international
blend=0
files=""
build=1
out=""
train=()
while (($#)); do
  case $1 in
    --variant) variant=$2; shift ;;
    --blend) blend=$2; shift ;;
    --files) files=$2; shift ;;
    --skip-build) build=0 ;;
    --) shift; train=("$@"); break ;;
    -*) echo "patterns: unknown option $1" >&2; exit 2 ;;
    *) out=$1 ;;
  esac
  shift
done
[[ -n $out ]] || { echo "usage: bench/patterns.sh [options] OUT.bin [-- train options]" >&2; exit 2; }

[[ -x $here/.venv/bin/python ]] || python3 -m venv "$here/.venv"
"$here/.venv/bin/pip" install --quiet --disable-pip-version-check numpy==2.4.6

target=${CARGO_TARGET_DIR:-target}
[[ $target == /* ]] || target="$root/$target"
if ((build)); then
  (cd "$root" && cargo build --release --quiet)
fi
bin=$target/release/draughts-api
# shellcheck disable=SC2206 # the glob is meant to expand
games=(${files:-$root/data/selfplay/$variant/*.games.gz})
positions=$(mktemp "${TMPDIR:-/tmp}/draughts-positions.XXXXXX")
trap 'rm -f "$positions"' EXIT
"$bin" replay "${games[@]}" >"$positions"
echo "patterns: $(wc -l <"$positions") positions from ${#games[@]} games files"

case $variant in
  international) board=10 ;;
  turkish) board=orthogonal ;;
  *) board=8 ;;
esac
"$here/.venv/bin/python" "$here/train_patterns.py" --board "$board" --blend "$blend" "$out" "$positions" "${train[@]}"
