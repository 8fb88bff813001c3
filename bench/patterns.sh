#!/usr/bin/env bash
# Fits a board family's pattern values (see README.md, "Patterns"): self-play games of one
# variant, one process per job, then bench/train_patterns.py on all of them.
# Usage: bench/patterns.sh [options] OUT.bin [-- train_patterns.py options]
#   --variant V    the variant that plays the games (default international; english fits the
#                  8x8 short-king family, russian the 8x8 flying-king family)
#   --games N      games per job (default 5000)
#   --depth D      the depth each self-play move is searched to (default 6)
#   --jobs J       self-play processes, each pinned to one CPU when taskset exists (default: CPUs)
#   --seed S       the first job's seed; job i uses S + i (default 1)
#   --data DIR     where the games are written and kept (default: a new directory in /tmp)
#   --skip-build   use the binary already in target/release
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
variant=international
games=5000
depth=6
jobs=$(nproc)
seed=1
data=""
build=1
out=""
train=()
while (($#)); do
  case $1 in
    --variant) variant=$2; shift ;;
    --games) games=$2; shift ;;
    --depth) depth=$2; shift ;;
    --jobs) jobs=$2; shift ;;
    --seed) seed=$2; shift ;;
    --data) data=$2; shift ;;
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
data=${data:-$(mktemp -d "${TMPDIR:-/tmp}/draughts-selfplay.XXXXXX")}
mkdir -p "$data"

pids=()
for ((i = 0; i < jobs; i++)); do
  pin=()
  command -v taskset >/dev/null && pin=(taskset -c $((i % $(nproc))))
  "${pin[@]}" "$bin" selfplay --variant "$variant" --games "$games" --depth "$depth" \
    --seed $((seed + i)) >"$data/games-$((seed + i)).txt" &
  pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid"; done
echo "patterns: self-play games in $data"

case $variant in
  international) board=10 ;;
  turkish) board=orthogonal ;;
  *) board=8 ;;
esac
"$here/.venv/bin/python" "$here/train_patterns.py" --board "$board" "$out" "$data"/games-*.txt "${train[@]}"
