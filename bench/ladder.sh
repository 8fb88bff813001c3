#!/usr/bin/env bash
# The ladder of levels, measured (README.md, "Ladder"): builds the release binary, starts it on a
# free local port and runs ladder.py against it.
#
# Usage: bench/ladder.sh [--bin PATH] [--skip-build] [ladder.py options...]
#   e.g. bench/ladder.sh --variant english --games 40 --anchor cake:10 --out ladder-english.json
# The server gets a search thread per game in flight (--jobs), no endgame databases (the
# levels are measured by their search alone) and room for the reviews (MAX_REVIEW_MS,
# ANSWER_TIMEOUT_MS). Sparring engines (--anchor) are built by bench/engines/build.sh.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
bin="$root/target/release/draughts-api"
build=1
jobs=1
args=()
while (($#)); do
  case $1 in
    --bin) bin=$2; build=0; shift ;;
    --skip-build) build=0 ;;
    --jobs | -j) jobs=$2; args+=("$1" "$2"); shift ;;
    -h | --help) exec python3 "$here/ladder.py" --help ;;
    *) args+=("$1") ;;
  esac
  shift
done
((build)) && (cd "$root" && cargo build --release --quiet)
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
log="$(mktemp "${TMPDIR:-/tmp}/draughts-ladder-server.XXXXXX")"
env PORT="$port" BIND_ADDR=127.0.0.1 OPS_PORT=off RUST_LOG=warn SEARCH_THREADS="$jobs" SEARCH_QUEUE=64 \
  MAX_SEARCH_MS=60000 MAX_REVIEW_MS=600000 ANSWER_TIMEOUT_MS=600000 RATE_LIMIT_PER_MINUTE=0 ENDGAME_DIR=off \
  "$bin" >"$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait 2>/dev/null || true' EXIT
echo "ladder: $bin (pid $server) on port $port, log $log" >&2
cd "$here"
python3 "$here/ladder.py" --url "http://127.0.0.1:$port" "${args[@]}"
