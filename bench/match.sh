#!/usr/bin/env bash
# Engine matches refereed by our server (see README.md, "Matches").
# Usage: bench/match.sh [--skip-build] [--url URL] [match.py options] PLAYER_A PLAYER_B
#   --skip-build   use the binary already in target/release
#   --url URL      use a running server instead of starting one
#   --bin PATH     the server binary to start (default: target/release/draughts-api)
# Everything else goes to match.py (--help lists the players and options).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
build=1
url=""
jobs=1
help=0
bin=""
args=()
while (($#)); do
  case $1 in
    --skip-build) build=0 ;;
    --url) url=$2; shift ;;
    --url=*) url=${1#--url=} ;;
    --bin) bin=$2; build=0; shift ;;
    --bin=*) bin=${1#--bin=}; build=0 ;;
    --jobs | -j) jobs=$2; args+=("$1" "$2"); shift ;;
    --jobs=*) jobs=${1#--jobs=}; args+=("$1") ;;
    -h | --help) help=1; args+=("$1") ;;
    *) args+=("$1") ;;
  esac
  shift
done

[[ -x $here/.venv/bin/python ]] || python3 -m venv "$here/.venv"
"$here/.venv/bin/pip" install --quiet --disable-pip-version-check dame-rs==0.2.0 py-draughts==1.10.1
py="$here/.venv/bin/python"

if ((help)); then
  exec "$py" "$here/match.py" "${args[@]}"
fi

if [[ -z $url ]]; then
  source "$here/serve.sh"
  ncpu=$(nproc)
  # One search thread per game at least, a queue that never refuses the games in flight, and a
  # time cap above any --time-ms a match asks for.
  start_server match \
    SEARCH_THREADS="${SEARCH_THREADS:-$((jobs > ncpu ? jobs : ncpu))}" \
    SEARCH_QUEUE="${SEARCH_QUEUE:-$((jobs > 64 ? jobs : 64))}" \
    MAX_SEARCH_MS="${MAX_SEARCH_MS:-60000}"
fi

status=0
"$py" "$here/match.py" --url "$url" "${args[@]}" || status=$?
# The server's log is kept only when the match failed.
if [[ $(type -t finish_server) == function ]]; then finish_server "$status"; fi
exit "$status"
