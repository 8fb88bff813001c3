#!/usr/bin/env bash
# Soak test of the HTTP service (issue 38, "hostile clients"): ten minutes of a realistic mix
# (rules endpoints, ai-move at every level with bursts past the search pool, bad requests, made-up
# methods, slow and stalled clients) against a release build on loopback, with the server's
# memory (VmRSS), open file descriptors and /metrics size sampled every 5 s. Prints the requests
# by class (statuses, p50/p99/max), the slow clients, the resources and a verdict (no errors
# beyond the intended 4xx/503, RSS and /metrics flat after the warm-up, fds back to start,
# rules p99); exits 1 when the verdict fails. Samples and summary go to target/soak/.
# bench/soak.py's docstring describes the mix; every option is an environment variable.
#
#   bench/soak.sh                          # builds, then 600 s (about 11 minutes in all)
#   DURATION=90 bench/soak.sh              # a short run (warm-up DURATION/4)
#   SKIP_BUILD=1 CONCURRENCY=4 bench/soak.sh
#   WITHOUT="made-up method" bench/soak.sh # leave one hostile kind out, to find a leak's source
#   bench/soak.sh --url http://127.0.0.1:8080 --pid 1234   # a server already running
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ ${SKIP_BUILD:-0} != 1 && " $* " != *" --url "* && -z ${URL:-} ]]; then
  cargo build --locked --release --quiet
fi
exec python3 bench/soak.py "$@"
