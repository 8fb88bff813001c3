#!/usr/bin/env bash
# Resources of one server process under load, to size the Deployment's requests and limits
# (k8s/base/deployment.yaml, BENCHMARKS.md "Resources"): resident memory (VmRSS sampled, VmHWM the
# peak, from /proc/PID/status) and CPU time per request ((utime + stime) from /proc/PID/stat,
# divided by the requests the server counted in /metrics).
#
# Phases, against a release build on loopback:
#   1. idle, after start;
#   2. POST /v1/legal-moves with wrk over many distinct positions (random games of three
#      variants, made through the API with a fixed seed);
#   3. POST /v1/ai-move over the same positions, each sent once, more of them than the
#      cache's CACHE_MAX_MIB holds, so that the search cache ends full (at DIFFICULTY, easy by
#      default); the cache's own count of its bytes and entries is printed beside the RSS;
#   4. POST /v1/ai-move at hard (1 s budget, the largest search table; not cached yet at that
#      level), HARD_CONCURRENCY at a time, so that every search thread is busy.
#   Phases 3 and 4 are skipped, and the table says so, when the server answers 404 (a build
#   without the computer player).
#
#   bench/resources.sh
#   POSITIONS=30000 CACHE_MAX_MIB=48 DIFFICULTY=normal bench/resources.sh
set -euo pipefail
cd "$(dirname "$0")/.."

command -v wrk >/dev/null || { echo "wrk is not installed: apt-get install wrk" >&2; exit 1; }
export DURATION=${DURATION:-20}           # seconds of wrk load on legal-moves
export CONNECTIONS=${CONNECTIONS:-64}     # wrk connections
export AI_CONCURRENCY=${AI_CONCURRENCY:-8}  # ai-move requests in flight (below SEARCH_QUEUE: no 503)
export POSITIONS=${POSITIONS:-12000}      # distinct positions (more than the cache holds)
export DIFFICULTY=${DIFFICULTY:-easy}     # the level of the cache-filling phase
export HARD_SEARCHES=${HARD_SEARCHES:-30}   # then this many hard searches (1 s each by default)
export HARD_CONCURRENCY=${HARD_CONCURRENCY:-4}
cache_mib=${CACHE_MAX_MIB:-24}
port=${RESOURCES_PORT:-18097}

bin=${SERVER_BIN:-./target/release/draughts-api}   # another build: SERVER_BIN=path (no build then)
[[ -n ${SERVER_BIN:-} ]] || cargo build --locked --release --quiet
work=$(mktemp -d)
CACHE_MAX_MIB=$cache_mib PORT=$port RUST_LOG=warn ENDGAME_DIR=off "$bin" >"$work/server.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT

python3 - "$port" "$server" "$work" "$cache_mib" <<'PY'
import http.client, json, os, random, re, subprocess, sys, threading, time
from concurrent.futures import ThreadPoolExecutor

port, pid, work, cache_mib = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
duration, connections = int(os.environ["DURATION"]), int(os.environ["CONNECTIONS"])
ai_concurrency, positions = int(os.environ["AI_CONCURRENCY"]), int(os.environ["POSITIONS"])
difficulty = os.environ["DIFFICULTY"]
hard_searches, hard_concurrency = int(os.environ["HARD_SEARCHES"]), int(os.environ["HARD_CONCURRENCY"])
tick = os.sysconf("SC_CLK_TCK")

def status_kib(field):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise RuntimeError(f"{field} missing")

def cpu_seconds():
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / tick   # utime, stime (fields 14, 15)

local = threading.local()
def call(method, path, body=None, retry=True):
    """One request on this thread's keep-alive connection (opened again if the server closed it)."""
    if not hasattr(local, "conn"):
        local.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    data = json.dumps(body).encode() if body is not None else None
    try:
        local.conn.request(method, path, data, {"Content-Type": "application/json"} if data else {})
        response = local.conn.getresponse()
        return response.status, response.read()
    except (http.client.RemoteDisconnected, ConnectionError):
        local.conn.close()
        del local.conn
        if not retry:
            raise
        return call(method, path, body, retry=False)

deadline = time.monotonic() + 30
while True:
    try:
        if call("GET", "/readyz")[0] == 200:
            break
    except OSError:
        pass
    if time.monotonic() > deadline:
        sys.exit("server not ready after 30 s")
    time.sleep(0.1)

def counted(route):
    """Requests the server counted for a route, by status."""
    text = call("GET", "/metrics")[1].decode()
    out = {}
    pattern = re.compile(r'^http_requests_total\{method="POST",route="%s",status="(\d+)"\} (\d+)' % re.escape(route), re.M)
    for status, n in pattern.findall(text):
        out[status] = out.get(status, 0) + int(n)
    return out

def metric(name, labels=""):
    match = re.search(r"^%s(?:\{%s\})? (\S+)$" % (name, re.escape(labels)), call("GET", "/metrics")[1].decode(), re.M)
    return float(match.group(1)) if match else None

class Sampler:
    """Samples VmRSS every 100 ms while a phase runs."""
    def __enter__(self):
        self.peak, self.stop = 0, threading.Event()
        def run():
            while not self.stop.wait(0.1):
                self.peak = max(self.peak, status_kib("VmRSS"))
        self.thread = threading.Thread(target=run)
        self.thread.start()
        return self
    def __exit__(self, *exc):
        self.stop.set()
        self.thread.join()
        self.peak = max(self.peak, status_kib("VmRSS"))

rows = []
def row(phase, requests, cpu, sampler, note=""):
    per = f"{cpu / requests * 1e6:.1f}" if requests else "—"
    rows.append((phase, f"{requests:,}", f"{cpu:.2f}", per, f"{sampler.peak / 1024:.1f}" if sampler else "—",
                 f"{status_kib('VmRSS') / 1024:.1f}", f"{status_kib('VmHWM') / 1024:.1f}", note))

rows.append(("idle after start", "0", f"{cpu_seconds():.2f}", "—", "—",
             f"{status_kib('VmRSS') / 1024:.1f}", f"{status_kib('VmHWM') / 1024:.1f}", ""))

# Distinct positions: random games (fixed seed) of three variants, every prefix one position.
rng = random.Random(1)
bodies, seen, variants = [], set(), ["english", "russian", "international"]
t0 = time.monotonic()
while len(bodies) < positions:
    variant, moves = variants[len(bodies) % 3], []
    while len(bodies) < positions:
        status, raw = call("POST", "/v1/legal-moves", {"variant": variant, "moves": moves})
        answer = json.loads(raw)
        assert status == 200, answer
        if answer["fen"] not in seen and answer["status"]["state"] == "ongoing":
            seen.add(answer["fen"])
            bodies.append({"variant": variant, "moves": list(moves)})
        if not answer["moves"] or len(moves) >= 120:
            break
        moves.append(rng.choice(answer["moves"])["notation"])
print(f"# {len(bodies)} distinct positions made in {time.monotonic() - t0:.0f} s", file=sys.stderr)
with open(f"{work}/bodies.jsonl", "w") as f:
    for body in bodies:
        f.write(json.dumps(body) + "\n")

lua = f"""
local bodies = {{}}
for line in io.lines("{work}/bodies.jsonl") do bodies[#bodies + 1] = line end
local i = 0
function init(args) math.randomseed(os.time() + math.random(1000)); i = math.random(#bodies) end
function request()
  i = i % #bodies + 1
  return wrk.format("POST", "/v1/legal-moves", {{["Content-Type"] = "application/json"}}, bodies[i])
end
"""
with open(f"{work}/bodies.lua", "w") as f:
    f.write(lua)

before, cpu0 = sum(counted("/v1/legal-moves").values()), cpu_seconds()
with Sampler() as sampler:
    out = subprocess.run(["wrk", "-t2", f"-c{connections}", f"-d{duration}s", "-s", f"{work}/bodies.lua",
                          f"http://127.0.0.1:{port}/v1/legal-moves"], check=True, capture_output=True, text=True).stdout
statuses = counted("/v1/legal-moves")
rps = re.search(r"Requests/sec:\s+(\S+)", out).group(1)
row("POST /v1/legal-moves (wrk)", sum(statuses.values()) - before, cpu_seconds() - cpu0, sampler,
    f"{rps} req/s, {connections} connections, {duration} s; statuses {statuses}")

def ai_phase(level, chosen, concurrency, label):
    """Sends each of `chosen` once to /v1/ai-move at `level`, `concurrency` at a time."""
    before, cpu0 = counted("/v1/ai-move"), cpu_seconds()
    def one(body):
        return call("POST", "/v1/ai-move", dict(body, difficulty=level, seed=1))[0]
    t0 = time.monotonic()
    with Sampler() as sampler, ThreadPoolExecutor(concurrency) as pool:
        list(pool.map(one, chosen))
    seconds = time.monotonic() - t0
    after = counted("/v1/ai-move")
    statuses = {k: v - before.get(k, 0) for k, v in after.items() if v - before.get(k, 0)}
    n = sum(statuses.values())
    hits = metric("draughts_search_cache_hits_total", 'kind="ai_move"')
    misses = metric("draughts_search_cache_misses_total", 'kind="ai_move"')
    cached, entries = metric("draughts_search_cache_bytes"), metric("draughts_search_cache_entries")
    full = cached >= 0.9 * cache_mib * 2**20
    row(label, n, cpu_seconds() - cpu0, sampler,
        f"{n / seconds:.1f} req/s, {concurrency} in flight; statuses {statuses}; cache hits {hits:.0f}, misses {misses:.0f};"
        f" cache {entries:.0f} entries weighing {cached / 2**20:.1f} MiB of {cache_mib} ({'full' if full else 'not full'})")

status, raw = call("POST", "/v1/ai-move", {"variant": "english", "difficulty": difficulty})
if status == 404:
    rows.append(("POST /v1/ai-move", "—", "—", "—", "—", "—", "—", "not measured: this build answers 404 (no computer player)"))
else:
    assert status == 200, raw
    ai_phase(difficulty, bodies, ai_concurrency, f"POST /v1/ai-move {difficulty}, each position once (fills the cache)")
    # Hard searches: the longest default budget (1 s) and the largest search table, on every
    # search thread at once; a level not asked before, so no answer comes from the cache.
    ai_phase("hard", bodies[1::len(bodies) // hard_searches][:hard_searches], hard_concurrency,
             f"POST /v1/ai-move hard, {hard_searches} positions")

print(f"# {os.cpu_count()} cores, CACHE_MAX_MIB={cache_mib}, RUST_LOG=warn, {time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime())}")
print("| phase | requests | CPU s | CPU µs/request | RSS peak in phase MiB | RSS after MiB | VmHWM MiB | notes |")
print("|---|---|---|---|---|---|---|---|")
for r in rows:
    print("| " + " | ".join(r) + " |")
PY
