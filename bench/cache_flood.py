#!/usr/bin/env python3
"""The largest cache entries one client can make, as fast as it can: analyses of a 1000-ply
game (the longest history a request may carry, every position of it kept in the cache key) at
depth 1, each under a new key (its `time_ms` and `lines`), on CLIENTS keep-alive connections for
SECONDS. Prints the server's resident memory (VmRSS, and VmHWM the peak) at start and at the end,
and the cache's own count of its bytes and entries, so that the cache's bound (CACHE_MAX_MIB) can
be read against the process's memory.

    python3 bench/cache_flood.py --bin target/release/draughts-api --cache-mib 24 --seconds 35
    python3 bench/cache_flood.py --cache-mib 240 --seconds 35     # the production overlay's cache

Python 3 standard library only.
"""

import argparse
import http.client
import json
import os
import re
import socket
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def options():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--bin", default=os.path.join(ROOT, "target/release/draughts-api"))
    p.add_argument("--cache-mib", type=int, default=24, help="CACHE_MAX_MIB of the server (24)")
    p.add_argument("--seconds", type=float, default=35.0, help="how long to send (35)")
    p.add_argument("--clients", type=int, default=1, help="keep-alive connections (1)")
    return p.parse_args()


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def status(pid):
    text = open(f"/proc/{pid}/status").read()
    kib = lambda name: int(re.search(rf"^{name}:\s+(\d+) kB", text, re.M).group(1))
    return kib("VmRSS") / 1024, kib("VmHWM") / 1024


def metric(port, name):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", "/metrics")
    text = conn.getresponse().read().decode()
    match = re.search(rf"^{name} (\S+)$", text, re.M)
    return float(match.group(1)) if match else float("nan")


def body(i):
    moves = (["29-25", "4-8", "25-29", "8-4"] * 250)[:1000]
    return json.dumps({"variant": "english", "fen": "W:WK29,21:BK4,12", "moves": moves,
                       "rules": {"draw": {"repetitions": 255, "quiet_moves": 0}},
                       "depth": 1, "lines": 1 + i % 10, "time_ms": 1 + i // 10})


def main():
    args = options()
    port = free_port()
    env = dict(os.environ, PORT=str(port), OPS_PORT="off", RUST_LOG="warn", CACHE_MAX_MIB=str(args.cache_mib),
               MAX_SEARCH_MS="100000000", ENDGAME_DIR="off")
    server = subprocess.Popen([args.bin], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
                conn.request("GET", "/readyz")
                if conn.getresponse().status == 200:
                    break
            except OSError:
                if time.monotonic() > deadline:
                    sys.exit("the server did not start")
                time.sleep(0.1)
        start = status(server.pid)
        counter = iter(range(10**9))
        lock = threading.Lock()
        sent, statuses = [0], {}
        stop = time.monotonic() + args.seconds

        def client():
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            while time.monotonic() < stop:
                with lock:
                    i = next(counter)
                conn.request("POST", "/v1/analyze", body(i), {"Content-Type": "application/json"})
                response = conn.getresponse()
                response.read()
                with lock:
                    sent[0] += 1
                    statuses[response.status] = statuses.get(response.status, 0) + 1

        threads = [threading.Thread(target=client) for _ in range(args.clients)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        end = status(server.pid)
        cached, entries = metric(port, "draughts_search_cache_bytes"), metric(port, "draughts_search_cache_entries")
        print(f"CACHE_MAX_MIB={args.cache_mib}: {sent[0]} analyses in {args.seconds:.0f} s on {args.clients} "
              f"connection(s), statuses {statuses}")
        print(f"RSS start {start[0]:.1f} MiB, end {end[0]:.1f} MiB, peak (VmHWM) {end[1]:.1f} MiB; "
              f"cache {entries:.0f} entries weighing {cached / 2**20:.1f} MiB")
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
