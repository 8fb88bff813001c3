#!/usr/bin/env bash
# Regenerate the expected-score data with selfplay and refit (see README.md, "Expected score").
# Usage: bench/fit_expected_score.sh [--bin PATH] [--build HASH] [--raw DIR] [--from-raw] [--only FAMILY]
#   --bin PATH     the binary to play with (default: target/release/draughts-api; not built here)
#   --build HASH   the commit the binary was built from, recorded with the data (default: git
#                  log -1 --format=%h in this repository)
#   --raw DIR      keep the raw selfplay output (with FENs) in DIR/<family>.txt (default: a
#                  temporary directory, deleted at the end)
#   --from-raw     play nothing: import the raw files already in --raw DIR, then refit
#   --only FAMILY  regenerate one family only (the others keep their stored data)
# Selfplay runs one game at a time under `nice -n 15`, one family after another (about 40 min
# on the 2-core dev machine). Each family's data is written to bench/expected_score/ and
# bench/fit_expected_score.py refits all families (with a bootstrap of 200 resamples over games)
# and rewrites fits.json and calibration.md.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
bin="$root/target/release/draughts-api"
raw=""
from_raw=0
only=""
build=""
while (($#)); do
  case $1 in
    --bin) bin=$2; shift ;;
    --bin=*) bin=${1#--bin=} ;;
    --build) build=$2; shift ;;
    --build=*) build=${1#--build=} ;;
    --raw) raw=$2; shift ;;
    --raw=*) raw=${1#--raw=} ;;
    --from-raw) from_raw=1 ;;
    --only) only=$2; shift ;;
    --only=*) only=${1#--only=} ;;
    -h | --help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
  shift
done

# family, variant played, games, depth. Every family: 6 random opening plies, noise 10, seed 1.
# Canadian (12x12) games are long: fewer games at depth 5.
families=(
  "short_kings_8 english 2000 6"
  "flying_kings_8 russian 2000 6"
  "flying_kings_10 international 1200 6"
  "flying_kings_12 canadian 300 5"
  "turkish turkish 400 6"
  "give_away antidraughts 2000 6"
  "breakthrough breakthrough 1500 6"
)

if [[ -z $raw ]]; then
  ((from_raw)) && { echo "--from-raw needs --raw DIR" >&2; exit 2; }
  raw=$(mktemp -d)
  trap 'rm -rf "$raw"' EXIT
fi
mkdir -p "$raw"
if ((!from_raw)); then
  [[ -x $bin ]] || { echo "no binary at $bin (cargo build --release, or --bin PATH)" >&2; exit 1; }
fi

[[ -n $build ]] || build=$(git -C "$root" log -1 --format=%h)
imports=()
for row in "${families[@]}"; do
  read -r family variant games depth <<<"$row"
  [[ -n $only && $only != "$family" ]] && continue
  args=(selfplay --variant "$variant" --games "$games" --depth "$depth" --opening-plies 6 --noise 10 --seed 1
    --out "$raw/$family.games.gz")
  command="draughts-api ${args[*]} && draughts-api replay $raw/$family.games.gz"
  if ((!from_raw)); then
    echo "$family: $command" >&2
    start=$(date +%s)
    rm -f "$raw/$family.games.gz"
    nice -n 15 "$bin" "${args[@]}"
    "$bin" replay "$raw/$family.games.gz" >"$raw/$family.txt"
    seconds=$(($(date +%s) - start))
    echo "$seconds" >"$raw/$family.seconds"
    echo "$family: $(wc -l <"$raw/$family.txt") positions in ${seconds} s" >&2
  fi
  seconds=$(cat "$raw/$family.seconds" 2>/dev/null || echo "")
  imports+=("$family|$variant|$command|$seconds")
done

for item in "${imports[@]}"; do
  IFS='|' read -r family variant command seconds <<<"$item"
  python3 "$here/fit_expected_score.py" import --family "$family" --variant "$variant" \
    --command "$command" --build "$build" ${seconds:+--seconds "$seconds"} "$raw/$family.txt"
done
python3 "$here/fit_expected_score.py" fit --write --bootstrap 200
