#!/usr/bin/env bash
# Load test of the HTTP service with wrk (Debian package `wrk`): throughput and latency of
# /healthz and of /v1/legal-moves (start position, and a mid-game position with a 60-move
# history), in one run, against a release build on loopback. The three take turns over several
# rounds, in a new order each round, and each legal-moves figure is divided by /healthz's of
# the same round: this machine's speed drifts by 10-20 % within a minute, so a ratio between
# windows far apart measures the drift as much as the server.
#
#   bench/load.sh                     # 64 connections, 3 rounds of 5 s per endpoint, RUST_LOG=info
#   ROUNDS=5 DURATION=10 bench/load.sh
#   WARMUP=0 bench/load.sh            # no unrecorded warm-up window per endpoint (default 2 s)
#   STALLS=0 bench/load.sh            # no stall count before and after the rounds (default 5 s)
#   RUST_LOG=warn bench/load.sh       # the same with per-request log lines off
#   CONNECTIONS=16 DURATION=5 bench/load.sh
#   PIN=0 bench/load.sh               # let server and wrk share every core
#
# By default (PIN=1, with taskset and at least 2 cores) the server runs on the first core and wrk
# on the others, so the load generator does not steal the server's core: sharing cores, each
# side is descheduled for whole time slices and p99 measures the scheduler rather than the
# server. The server sizes its worker pool from its CPU affinity, so it runs one worker there.
set -euo pipefail
cd "$(dirname "$0")/.."

command -v wrk >/dev/null || { echo "wrk is not installed: apt-get install wrk" >&2; exit 1; }
connections=${CONNECTIONS:-64}
duration=${DURATION:-5}
rounds=${ROUNDS:-3}
warmup=${WARMUP:-2}
stall_seconds=${STALLS:-5}
pin=${PIN:-1}
cores=$(nproc)
if [[ $pin == 1 && $cores -ge 2 ]] && command -v taskset >/dev/null; then
  server_cpus=${SERVER_CPUS:-0}
  client_cpus=${CLIENT_CPUS:-1-$((cores - 1))}
  server_cmd=(taskset -c "$server_cpus")
  client_cmd=(taskset -c "$client_cpus")
  placement="server on CPU $server_cpus, wrk on CPU $client_cpus"
  default_threads=$((cores - 1))
else
  server_cmd=()
  client_cmd=()
  placement="server and wrk share all cores"
  default_threads=2
fi
threads=${THREADS:-$default_threads}
port=${LOAD_PORT:-18098}
log_level=${RUST_LOG:-info}

cargo build --release --quiet
work=$(mktemp -d)
# The server's log goes through a pipe to a reader on wrk's CPUs that keeps its last lines, as a
# container runtime or a log shipper reads a pod's stdout. Written to a file here instead, the
# hundreds of megabytes of access lines of a run are written back to disk by the kernel from
# about 30 s into it, and the window running then shows it in its p99 (session 13: 2.3-3.7 ms in
# that window of every run, under 2 ms in most others; none with the log sent to /dev/null).
PORT=$port RUST_LOG=$log_level "${server_cmd[@]}" ./target/release/draughts-api \
  > >("${client_cmd[@]}" tail -n 1000 >"$work/server.log") 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT

python3 - "$port" "$work" <<'PY'
import json, sys, time, urllib.request
port, work = sys.argv[1], sys.argv[2]
base = f"http://127.0.0.1:{port}"
deadline = time.monotonic() + 30
while True:
    try:
        urllib.request.urlopen(base + "/readyz", timeout=1)
        break
    except OSError:
        if time.monotonic() > deadline:
            sys.exit("server not ready")
        time.sleep(0.1)

def post(path, body):
    request = urllib.request.Request(base + path, json.dumps(body).encode(), {"Content-Type": "application/json"})
    return json.load(urllib.request.urlopen(request))

# A 60-ply English game, chosen deterministically (the middle legal move each time).
moves = []
answer = post("/v1/legal-moves", {"variant": "english"})
while len(moves) < 60:
    legal = answer["moves"]
    assert legal, f"game ended after {len(moves)} plies"
    moves.append(legal[len(legal) // 2]["notation"])
    answer = post("/v1/legal-moves", {"variant": "english", "moves": moves})
assert answer["status"]["state"] == "ongoing"
json.dump({"variant": "english"}, open(f"{work}/start.json", "w"))
json.dump({"variant": "english", "moves": moves}, open(f"{work}/midgame.json", "w"))
PY

cat >"$work/post.lua" <<'LUA'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local file = io.open(os.getenv("BODY_FILE"), "r")
wrk.body = file:read("*a")
file:close()
LUA

# run NAME ARGS...: one wrk window; its rate and p99 are appended to rate[NAME] and p99[NAME],
# except in the warm-up.
declare -A rate p99
warming=0
run() {
  local name=$1; shift
  if [[ $warming == 1 ]]; then
    "${client_cmd[@]}" wrk -t"$threads" -c"$connections" -d"${warmup}s" "$@" >/dev/null
    return
  fi
  echo "### $name"
  "${client_cmd[@]}" wrk --latency -t"$threads" -c"$connections" -d"${duration}s" "$@" >"$work/wrk.out"
  grep -E "Requests/sec|Non-2xx|Socket errors|^ +(50|99)%|Latency " "$work/wrk.out"
  rate[$name]+="$(awk '/Requests\/sec/ {printf "%d", $2}' "$work/wrk.out") "
  p99[$name]+="$(awk '$1 == "99%" {print $2}' "$work/wrk.out") "
}
healthz() { run healthz "http://127.0.0.1:$port/healthz"; }
start() { BODY_FILE="$work/start.json" run start -s "$work/post.lua" "http://127.0.0.1:$port/v1/legal-moves"; }
midgame() { BODY_FILE="$work/midgame.json" run midgame -s "$work/post.lua" "http://127.0.0.1:$port/v1/legal-moves"; }

# stalls WHEN: how often the machine takes a CPU from a running thread, counted on every CPU at
# once while the server is idle (bench/stalls.py). Each stall of the server's or wrk's CPU delays
# every request in flight, so a window's p99 is read against these counts.
stalls() {
  [[ $stall_seconds == 0 ]] && return
  echo "## stalls $1"
  local pids=()
  for ((cpu = 0; cpu < cores; cpu++)); do
    python3 bench/stalls.py --cpu "$cpu" --seconds "$stall_seconds" >"$work/stalls.$cpu" &
    pids+=($!)
  done
  wait "${pids[@]}"
  for ((cpu = 0; cpu < cores; cpu++)); do cat "$work/stalls.$cpu"; done
}

echo "# wrk: $connections connections, $threads threads, ${warmup}s warm-up then $rounds rounds of ${duration}s per endpoint; RUST_LOG=$log_level; $cores cores, $placement; $(date -u +%FT%TZ)"
# Warm-up, not recorded: the first seconds after start-up pay once for the allocator's first
# pages, the first connections.
if [[ $warmup != 0 ]]; then
  warming=1
  healthz; start; midgame
  warming=0
fi
orders=("healthz start midgame" "start midgame healthz" "midgame healthz start")
stalls before
for ((round = 0; round < rounds; round++)); do
  echo "## round $((round + 1))"
  for endpoint in ${orders[round % 3]}; do
    "$endpoint"
  done
done
stalls after

echo "## summary: req/s (p99) per round; ratio = legal-moves / /healthz of the same round"
echo "| endpoint | each round | all rounds (mean req/s; ratio of the means) |"
echo "|---|---|---|"
for name in healthz start midgame; do
  read -ra rates <<<"${rate[$name]}"
  read -ra tails <<<"${p99[$name]}"
  cells=""
  for ((i = 0; i < ${#rates[@]}; i++)); do cells+="${rates[i]} (${tails[i]}) "; done
  total=$(printf '%s\n' "${rates[@]}" | awk '{s += $1} END {printf "%d", s / NR}')
  echo "| $name | $cells| $total |"
done
for name in start midgame; do
  awk -v a="${rate[$name]}" -v h="${rate[healthz]}" -v name="$name" 'BEGIN {
    n = split(a, x, " "); split(h, y, " ")
    for (i = 1; i <= n; i++) { line = line sprintf("%.2f ", x[i] / y[i]); sx += x[i]; sy += y[i] }
    printf "| ratio %s | %s| %.2f |\n", name, line, sx / sy
  }'
done
