#!/usr/bin/env python3
"""Instructions the whole server spends per request, counted by callgrind (valgrind).

Runs the release binary under callgrind, sends N requests over one keep-alive connection,
stops it with SIGTERM and reads callgrind's total; the same with 10 requests, so that the
difference divided by N - 10 is the cost of one request, start-up and shutdown cancelled out.
Three requests, as `bench/load.sh` sends them: GET /healthz, POST /v1/legal-moves for the
English start position, and the same for a 60-ply English history (the middle legal move each
time). Unlike a timing, the count does not depend on what else the machine is doing.

    bench/server_instructions.py                       # target/release/draughts-api, N = 1010
    bench/server_instructions.py --bin OLD --bin NEW   # two builds, one after the other
    bench/server_instructions.py --distinct            # also: a different 60-ply history each
                                                       # request (none found in the replay cache)
"""

import argparse
import http.client
import json
import os
import random
import re
import signal
import subprocess
import sys
import time

PORT = 18311


def start(command, env):
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120
    while True:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=60)
            connection.request("GET", "/readyz")
            connection.getresponse().read()
            return process, connection
        except OSError:
            if time.monotonic() > deadline or process.poll() is not None:
                process.kill()
                sys.exit("the server did not become ready")
            time.sleep(0.2)


def send(connection, body, count):
    for i in range(count):
        if isinstance(body, list):
            connection.request("POST", "/v1/legal-moves", body[i % len(body)], {"Content-Type": "application/json"})
        elif body is None:
            connection.request("GET", "/healthz")
        else:
            connection.request("POST", "/v1/legal-moves", body, {"Content-Type": "application/json"})
        response = connection.getresponse()
        response.read()
        if response.status != 200:
            sys.exit(f"status {response.status}")


def bodies(binary, env, distinct):
    """The two legal-moves bodies; the 60-ply history is built through the API. With
    `distinct`, also that many other 60-ply histories (random legal moves, seeded)."""
    process, connection = start([binary], env)

    def post(body):
        connection.request("POST", "/v1/legal-moves", json.dumps(body), {"Content-Type": "application/json"})
        return json.loads(connection.getresponse().read())

    moves = []
    answer = post({"variant": "english"})
    while len(moves) < 60:
        legal = answer["moves"]
        moves.append(legal[len(legal) // 2]["notation"])
        answer = post({"variant": "english", "moves": moves})
    chosen = random.Random(12)
    others = []
    while len(others) < distinct:
        history, answer = [], post({"variant": "english"})
        while len(history) < 60 and answer["moves"]:
            history.append(chosen.choice(answer["moves"])["notation"])
            answer = post({"variant": "english", "moves": history})
        if len(history) == 60:
            others.append(json.dumps({"variant": "english", "moves": history}).encode())
    process.send_signal(signal.SIGTERM)
    process.communicate()
    requests = {
        "GET /healthz": None,
        "legal-moves, start position": json.dumps({"variant": "english"}).encode(),
        "legal-moves, 60-move history": json.dumps({"variant": "english", "moves": moves}).encode(),
    }
    if others:
        requests["legal-moves, a different 60-move history each time"] = others
    return requests


def collected(binary, env, body, count, cpu):
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", binary]
    if cpu is not None:
        command = ["taskset", "-c", cpu] + command
    process, connection = start(command, env)
    send(connection, body, count)
    process.send_signal(signal.SIGTERM)
    stderr = process.communicate()[1].decode()
    match = re.search(r"Collected : (\d+)", stderr)
    if not match:
        sys.exit(f"no callgrind total:\n{stderr}")
    return int(match.group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", action="append", help="server binary (repeatable; default target/release/draughts-api)")
    parser.add_argument("--requests", type=int, default=1010, help="requests per measured run (default 1010)")
    parser.add_argument("--cpu", default=None, help="pin the server to this CPU (taskset)")
    parser.add_argument("--distinct", action="store_true", help="also send a different 60-ply history each request")
    args = parser.parse_args()
    binaries = args.bin or ["target/release/draughts-api"]
    env = dict(os.environ, PORT=str(PORT), RUST_LOG=os.environ.get("RUST_LOG", "info"))
    requests = bodies(binaries[0], env, args.requests + 10 if args.distinct else 0)
    print(f"| request | {' | '.join(binaries)} |")
    print(f"|---|{'---|' * len(binaries)}")
    for name, body in requests.items():
        costs = []
        for binary in binaries:
            few = collected(binary, env, body, 10, args.cpu)
            many = collected(binary, env, body, args.requests, args.cpu)
            costs.append(f"{(many - few) / (args.requests - 10):,.0f}")
        print(f"| {name} | {' | '.join(costs)} |", flush=True)


if __name__ == "__main__":
    main()
