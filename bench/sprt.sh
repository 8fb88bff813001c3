#!/usr/bin/env bash
# SPRT self-play of the working tree (the candidate) against a git revision (the base); see
# README.md ("SPRT").
# Usage: bench/sprt.sh [--base-ref REF] [--base-bin PATH] [--candidate-bin PATH] [sprt.py options]
#   --base-ref REF        the base revision (default main), built once in target/sprt/<commit>
#   --base-bin PATH       a base binary already built (instead of --base-ref)
#   --candidate-bin PATH  a candidate binary already built (default: build the working tree)
#   --candidate-env K=V   an environment setting for the candidate's server only (repeatable),
#   --base-env K=V        or the base's, e.g. --candidate-env ENDGAME_DIR=/data/endgame (both
#                         servers start with ENDGAME_DIR=off unless told otherwise)
# Everything else goes to sprt.py (--help lists it), e.g. --variant english --time-ms 100.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
base_ref=main
base_bin=""
candidate_bin=""
candidate_env=()
base_env=()
jobs=2
args=()
while (($#)); do
  case $1 in
    --base-ref) base_ref=$2; shift ;;
    --base-bin) base_bin=$2; shift ;;
    --candidate-bin) candidate_bin=$2; shift ;;
    --candidate-env) candidate_env+=("$2"); shift ;;
    --base-env) base_env+=("$2"); shift ;;
    --jobs | -j) jobs=$2; args+=("$1" "$2"); shift ;;
    -h | --help) exec python3 "$here/sprt.py" --help ;;
    *) args+=("$1") ;;
  esac
  shift
done

target=${CARGO_TARGET_DIR:-$root/target}
if [[ -z $candidate_bin ]]; then
  (cd "$root" && cargo build --release --quiet)
  candidate_bin="$target/sprt/candidate"
  mkdir -p "$target/sprt"
  cp "$target/release/draughts-api" "$candidate_bin"
fi
if [[ -z $base_bin ]]; then
  commit=$(git -C "$root" rev-parse --verify "$base_ref^{commit}")
  base_bin="$target/sprt/$commit"
  if [[ ! -x $base_bin ]]; then
    tree="$(mktemp -d "${TMPDIR:-/tmp}/sprt-base.XXXXXX")"
    git -C "$root" worktree add --detach --quiet "$tree" "$commit"
    (cd "$tree" && CARGO_TARGET_DIR="$target/sprt-base" cargo build --release --quiet)
    mkdir -p "$target/sprt"
    cp "$target/sprt-base/release/draughts-api" "$base_bin"
    git -C "$root" worktree remove --force "$tree"
  fi
fi

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
servers=()
trap 'for p in "${servers[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true' EXIT
url=""
start() { # binary [K=V...] → $url; each server gets a search thread per game in flight
  local binary=$1 port log
  shift
  port=$(free_port)
  log="$(mktemp "${TMPDIR:-/tmp}/draughts-sprt-server.XXXXXX")"
  env PORT="$port" BIND_ADDR=127.0.0.1 OPS_PORT=off RUST_LOG=warn SEARCH_THREADS="$jobs" SEARCH_QUEUE=64 \
    MAX_SEARCH_MS=60000 RATE_LIMIT_PER_MINUTE=0 ENDGAME_DIR=off "$@" "$binary" >"$log" 2>&1 &
  servers+=($!)
  echo "sprt: $binary ${*} (pid $!) on port $port, log $log" >&2
  url="http://127.0.0.1:$port"
}
start "$candidate_bin" "${candidate_env[@]}"
candidate_url=$url
start "$base_bin" "${base_env[@]}"
base_url=$url
python3 "$here/sprt.py" --candidate "$candidate_url" --base "$base_url" "${args[@]}"
