#!/usr/bin/env bash
# Grows the self-play data in data/selfplay/<variant>/ (data/README.md): one games file after
# another, each under the lowest seed no file of that variant has used, so no game is played
# twice, and data/selfplay/SUMMARY.txt written again. Stops after --files files (default: runs
# until stopped; a file stopped halfway is not kept).
# Usage: bench/selfplay.sh [options]
#   --variant V       the variant (default english)
#   --games N         games per file (default 2000)
#   --depth D         the depth each move is searched to (default 6)
#   --label-depth L   the depth each quiet position is scored to for its label (default 8; 0: none)
#   --files K         how many files to write (default 0: until stopped)
#   --skip-build      use the binary already in target/release
#   --bin PATH        use this binary (a copy, so that rebuilds during a long run change nothing)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
variant=english
games=2000
depth=6
label_depth=8
files=0
build=1
bin=""
while (($#)); do
  case $1 in
    --variant) variant=$2; shift ;;
    --games) games=$2; shift ;;
    --depth) depth=$2; shift ;;
    --label-depth) label_depth=$2; shift ;;
    --files) files=$2; shift ;;
    --skip-build) build=0 ;;
    --bin) bin=$2; build=0; shift ;;
    *) echo "selfplay: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done

target=${CARGO_TARGET_DIR:-target}
[[ $target == /* ]] || target="$root/$target"
if ((build)); then
  (cd "$root" && cargo build --release --quiet)
fi
bin=${bin:-$target/release/draughts-api}
dir=$root/data/selfplay/$variant
mkdir -p "$dir"

written=0
seed=1
while ((files == 0 || written < files)); do
  while compgen -G "$dir/*-s$(printf %04d "$seed").games.gz" >/dev/null; do seed=$((seed + 1)); done
  out=$dir/d$depth-l$label_depth-s$(printf %04d "$seed").games.gz
  started=$SECONDS
  "$bin" selfplay --variant "$variant" --games "$games" --depth "$depth" --label-depth "$label_depth" \
    --seed "$seed" --out "$out"
  echo "selfplay: $out ($games games, $((SECONDS - started)) s)"
  written=$((written + 1))
  # What tests/selfplay_data.rs replays every file against.
  (cd "$root" && "$bin" replay --summary data/selfplay/*/*.games.gz >data/selfplay/SUMMARY.txt)
done
