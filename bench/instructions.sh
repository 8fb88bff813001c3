#!/usr/bin/env bash
# Instructions per game request in the service (no HTTP), counted by callgrind (valgrind),
# which unlike a timing does not depend on what else the machine is doing: the legal-moves
# answer for the English start position and for a 60-ply history, the replay of that history
# alone, and the same two answers with their JSON body read and written by serde.
# Usage: bench/instructions.sh [repetitions]   (default 2000)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "valgrind is not installed: apt-get install valgrind" >&2; exit 1; }
repetitions=${1:-2000}
cargo build --release --quiet --example request_cost
bin="${CARGO_TARGET_DIR:-target}/release/examples/request_cost"
collected() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" "$1" "$2" 2>&1 |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
for request in start midgame replay json-start json-midgame; do
  base=$(collected "$request" 0)
  total=$(collected "$request" "$repetitions")
  echo "$request: $(( (total - base) / repetitions )) instructions per request"
done
