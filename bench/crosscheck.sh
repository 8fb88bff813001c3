#!/usr/bin/env bash
# Cross-check of our move generator against pydraughts 0.6.7 (see README.md, "Cross-check
# against pydraughts").
# Usage: bench/crosscheck.sh [--skip-build] [--bin PATH] [--url URL] [crosscheck.py options]
#   --skip-build   use the binary already in target/release
#   --bin PATH     the server binary to start (default: target/release/draughts-api; no build)
#   --url URL      use a running server instead of starting one
# Everything else goes to crosscheck.py (--help): --positions N, --seed S, --variants a,b, ...
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
build=1
url=""
bin=""
help=0
args=()
while (($#)); do
  case $1 in
    --skip-build) build=0 ;;
    --bin) bin=$2; build=0; shift ;;
    --bin=*) bin=${1#--bin=}; build=0 ;;
    --url) url=$2; shift ;;
    --url=*) url=${1#--url=} ;;
    -h | --help) help=1; args+=("$1") ;;
    *) args+=("$1") ;;
  esac
  shift
done

[[ -x $here/.venv/bin/python ]] || python3 -m venv "$here/.venv"
py="$here/.venv/bin/python"
# pydraughts installs a package named `draughts`, and so does py-draughts, which match.sh and
# perft_peers.sh install into this venv: a plain `pip install` would overwrite theirs. So
# pydraughts goes into a folder of its own inside the venv, which crosscheck.py puts first on
# sys.path. --no-deps: its one dependency, msl-loadlib, serves only its engine wrappers.
pd_version=0.6.7
pd_dir="$here/.venv/pydraughts-$pd_version"
if [[ ! -d $pd_dir/pydraughts-$pd_version.dist-info ]]; then
  rm -rf "$pd_dir"
  "$here/.venv/bin/pip" install --quiet --disable-pip-version-check --no-deps \
    --target "$pd_dir" "pydraughts==$pd_version"
fi

if ((help)); then
  exec "$py" "$here/crosscheck.py" "${args[@]}"
fi

if [[ -z $url ]]; then
  source "$here/serve.sh"
  start_server crosscheck
fi

status=0
"$py" "$here/crosscheck.py" --url "$url" "${args[@]}" || status=$?
# The server's log is kept only when the check failed.
if [[ $(type -t finish_server) == function ]]; then finish_server "$status"; fi
exit "$status"
