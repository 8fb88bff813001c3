#!/usr/bin/env bash
# Instructions per game request in the rules core (no HTTP), counted by callgrind (valgrind),
# which unlike a timing does not depend on what else the machine is doing: the legal-moves view
# of the English start position, of a 60-ply history, the replay of that history alone, and the
# view of that history from a replayed game kept whole or kept but for its last move (the replay
# cache's memo, without the cache itself).
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
for request in start midgame replay memo-whole memo-next json-start json-midgame; do
  base=$(collected "$request" 0)
  total=$(collected "$request" "$repetitions")
  echo "$request: $(( (total - base) / repetitions )) instructions per request"
done
