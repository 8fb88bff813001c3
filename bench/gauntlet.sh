#!/usr/bin/env bash
# The gauntlet (README.md, "Gauntlet"): our engine against the strongest open engine of each
# board family, at equal time per move, every move refereed by our server (match.sh).
#
# Usage: bench/gauntlet.sh [--family F[,F...]] [--opponent SPEC[,...]] [--times MS[,MS...]] [--ballots N] [--player SPEC]
#                          [--out DIR] [match.sh options...]
#   --family   international (Scan 2.0), english (Cake 1.89g and GuiNN Checkers 2.06: even with
#              each other, so both), russian (KestoG 1.1), or all (default)
#   --opponent SPEC[,SPEC...]  instead of the family's opponents (e.g. kodra, scan31)
#   --times    milliseconds per move for both sides (default 500,1000), one match per time
#   --ballots  openings, each played with both colours (default 20: 40 games per match)
#   --player   our side (default api:hard)
#   --out      directory for each match's JSON and PDN (default bench/gauntlet-out/<date>)
# Other options go to match.sh (--jobs 2, --skip-build, --bin PATH, --url URL, -q ...).
# The opponents are built first by bench/engines/build.sh into $DRAUGHTS_ENGINES (default
# ~/.cache/draughts-engines). Exit status: 1 if any match had an illegal move, a forfeit, an
# aborted game or a desync.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
families="all"
times="500,1000"
ballots=20
player="api:hard"
out=""
only=""
pass=()
while (($#)); do
  case $1 in
    --family) families=$2; shift ;;
    --times) times=$2; shift ;;
    --ballots) ballots=$2; shift ;;
    --player) player=$2; shift ;;
    --opponent) only=$2; shift ;;
    --out) out=$2; shift ;;
    -h | --help) sed -n '2,20p' "$0"; exit 0 ;;
    *) pass+=("$1") ;;
  esac
  shift
done
[[ $families == all ]] && families="international,english,russian"
out=${out:-$here/gauntlet-out/$(date -u +%Y%m%d-%H%M%S)}
mkdir -p "$out"
engines=${DRAUGHTS_ENGINES:-$HOME/.cache/draughts-engines}

declare -A opponents=([international]=scan [english]=cake,guinn [russian]=kestog)
declare -A binary=([scan]=scan/scan [scan31]=scan31/scan [cake]=cake/cake-cbcli [guinn]=guinn/guinn-cbcli
  [kestog]=kestog/kestog-cbcli [kodra]=kodra/kodra-cbcli)

status=0
built=0
IFS=, read -ra fams <<<"$families"
IFS=, read -ra mss <<<"$times"
for fam in "${fams[@]}"; do
  [[ -n ${opponents[$fam]:-} ]] || { echo "gauntlet: unknown family $fam (international, english, russian)" >&2; exit 2; }
  IFS=, read -ra opps <<<"${only:-${opponents[$fam]}}"
  for opp in "${opps[@]}"; do
    if [[ -n ${binary[$opp]:-} && ! -x $engines/${binary[$opp]} ]]; then
      echo "gauntlet: $opp is not built in $engines; run: bench/engines/build.sh --dest $engines $opp" >&2
      exit 2
    fi
    for ms in "${mss[@]}"; do
      name="$fam-${opp//[^A-Za-z0-9]/_}-${ms}ms"
      echo "gauntlet: $player vs $opp, $fam, $ms ms per move, $ballots ballots x 2 colours -> $out/$name.*" >&2
      extra=()
      # Build the server once at most (match.sh builds unless told not to).
      ((built)) && extra+=(--skip-build)
      DRAUGHTS_ENGINES=$engines "$here/match.sh" "${pass[@]}" "${extra[@]}" "$player" "$opp" --variant "$fam" \
        --ballots "$ballots" --time-ms "$ms" --json "$out/$name.json" --pgn "$out/$name.pdn" \
        | tee "$out/$name.md" || status=1
      built=1
    done
  done
done
# All the matches in one table (each match's own table, notes included, is in $out/*.md).
{
  echo
  echo "gauntlet: $player against ${families//,/, } at ${times//,/, } ms per move ($out)"
  echo
  header=$(grep -h -m1 '^| A |' "$out"/*.md 2>/dev/null | head -1)
  if [[ -n $header ]]; then
    echo "$header"
    grep -h -m1 '^|---' "$out"/*.md | head -1
    grep -h "^| $player |" "$out"/*.md
  fi
} | tee "$out/summary.md"
echo "gauntlet: results in $out" >&2
exit "$status"
