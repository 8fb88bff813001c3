# Sourced by match.sh and crosscheck.sh: the release server a bench run talks to.
#
# start_server NAME [VAR=value ...] starts $bin (default: the release binary, built first unless
# build=0) on a free local port with no ops port (its default, 9090, would stop a second bench
# run from starting) and RUST_LOG=warn, plus the given environment; it sets `url`, `server` and
# `log`, and stops the server when the script exits. The caller waits for /readyz (match.py's
# Api.wait_ready). finish_server STATUS removes the server's log after a run that succeeded and
# names it after one that failed. Needs `root`, `py`, `build` and `bin` set.

start_server() {
  local name=$1
  shift
  local target=${CARGO_TARGET_DIR:-target}
  [[ $target == /* ]] || target="$root/$target"
  bin=${bin:-$target/release/draughts-api}
  if ((build)); then
    (cd "$root" && cargo build --release --quiet)
  fi
  [[ -x $bin ]] || { echo "$name: no server binary at $bin (build it, or pass --url)" >&2; exit 2; }
  local port
  port=$("$py" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  log="$(mktemp "${TMPDIR:-/tmp}/draughts-$name-server.XXXXXX")"
  env PORT="$port" BIND_ADDR=127.0.0.1 OPS_PORT="${OPS_PORT:-off}" RUST_LOG="${RUST_LOG:-warn}" "$@" \
    "$bin" >"$log" 2>&1 &
  server=$!
  trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true' EXIT
  url="http://127.0.0.1:$port"
  echo "$name: server pid $server on $url, log $log" >&2
}

finish_server() {
  local status=$1
  if [[ -n ${log:-} ]]; then
    if ((status == 0)); then rm -f "$log"; else echo "server log kept at $log" >&2; fi
  fi
}
