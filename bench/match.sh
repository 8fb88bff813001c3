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
  target=${CARGO_TARGET_DIR:-target}
  [[ $target == /* ]] || target="$root/$target"
  bin=${bin:-$target/release/draughts-api}
  if ((build)); then
    (cd "$root" && cargo build --release --quiet)
  fi
  [[ -x $bin ]] || { echo "match: no server binary at $bin (build it, or pass --url)" >&2; exit 2; }
  port=$("$py" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  log="$(mktemp "${TMPDIR:-/tmp}/draughts-match-server.XXXXXX")"
  ncpu=$(nproc)
  # One search thread per game at least, a queue that never refuses the games in flight,
  # a time cap above any --time-ms a match asks for, and no ops port (its default, 9090, would
  # stop a second match from starting while one runs).
  PORT=$port BIND_ADDR=127.0.0.1 OPS_PORT="${OPS_PORT:-off}" RUST_LOG="${RUST_LOG:-warn}" \
    SEARCH_THREADS="${SEARCH_THREADS:-$((jobs > ncpu ? jobs : ncpu))}" \
    SEARCH_QUEUE="${SEARCH_QUEUE:-$((jobs > 64 ? jobs : 64))}" \
    MAX_SEARCH_MS="${MAX_SEARCH_MS:-60000}" \
    "$bin" >"$log" 2>&1 &
  server=$!
  trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true' EXIT
  url="http://127.0.0.1:$port"
  echo "match: server pid $server on $url, log $log" >&2
fi

status=0
"$py" "$here/match.py" --url "$url" "${args[@]}" || status=$?
# The server's log is kept only when the match failed.
if [[ -n ${log:-} ]]; then
  if ((status == 0)); then rm -f "$log"; else echo "match: server log kept at $log" >&2; fi
fi
exit "$status"
