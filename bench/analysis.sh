#!/usr/bin/env bash
# The analysis endpoints' figures (BENCHMARKS.md, "Analysis and review"): analyze with 3 lines
# against ai-move at the same budget, and a 100-ply review at the default budget.
# Usage: bench/analysis.sh [--skip-build] [--bin PATH] [analysis.py options]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
build=1
bin=""
args=()
while (($#)); do
  case $1 in
    --skip-build) build=0 ;;
    --bin) bin=$2; build=0; shift ;;
    *) args+=("$1") ;;
  esac
  shift
done
py=python3
source "$here/serve.sh"
start_server analysis CACHE_MAX_MIB=0 SEARCH_THREADS=1
status=0
(cd "$here" && "$py" analysis.py --url "$url" "${args[@]}") || status=$?
finish_server "$status"
exit "$status"
