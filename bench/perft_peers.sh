#!/usr/bin/env bash
# Perft speed of draughts libraries from PyPI next to our draughts-api binary (see README.md).
# Usage: bench/perft_peers.sh [--skip-build] [perft_peers.py options, e.g. --turkish 8 --only turkish]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
build=1
args=()
for a in "$@"; do
  if [[ $a == --skip-build ]]; then build=0; else args+=("$a"); fi
done

[[ -x $here/.venv/bin/python ]] || python3 -m venv "$here/.venv"
"$here/.venv/bin/pip" install --quiet --disable-pip-version-check dame-rs==0.2.0 kish==1.1.7 py-draughts==1.10.1

if ((build)); then
  (cd "$here/.." && cargo build --release --quiet) || echo "perft_peers: cargo build failed; peers still run" >&2
fi
exec "$here/.venv/bin/python" "$here/perft_peers.py" "${args[@]}"
