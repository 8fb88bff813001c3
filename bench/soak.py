#!/usr/bin/env python3
"""Soak test of the HTTP service (issue 38, "hostile clients"): DURATION seconds (600) of a
realistic mix of traffic against one server, with the server's memory, open files and /metrics
size sampled throughout. It answers three questions:

  1. Errors: does every request get an answer from its intended set? Valid requests: 200 (and
     for ai-move also 503 `overloaded`, which the search pool answers when it is full); bad
     requests: their 4xx; slow clients: cut off by the server within SLOW_LIMIT seconds.
     Anything else (a 5xx, an unexpected 4xx, a reset, a timeout, a connection the server keeps
     open, an illegal computer move, an ERROR or panic line in the server's log) is an error.
  2. Leaks: after the warm-up (WARMUP seconds), does resident memory (VmRSS) stay flat, does
     the /metrics text stay the same size, and is the count of open file descriptors back to
     its value at start once the clients have gone?
  3. Latency: the p99 of the rules endpoints (legal-moves, apply-move), measured by the client,
     after the warm-up and in each window of the run.

The traffic, all from one asyncio process, over loopback:

  - CONCURRENCY workers (8), each on its own keep-alive connection with a random think time
    (THINK_MS, 20 ms on average) between requests: legal-moves and apply-move on real games of
    all eight variants (the start position, or 20-80 moves of history: random legal games that
    the script plays through the API at setup), board.svg of those positions, /v1/variants,
    /v1/variants/{id}, /healthz, /readyz and the demo page;
  - AI_WORKERS players (2), each asking ai-move at easy, normal or hard (45/45/10 %) then
    thinking 0.5-2 s, without a seed (as the demo page asks); and every BURST_EVERY seconds a
    burst of BURST simultaneous ai-move requests (a quarter of them hard), more than the search
    pool admits (SEARCH_THREADS + SEARCH_QUEUE, 66 on 2 cores), so that 503 overloaded is seen;
  - BAD_WORKERS hostile clients (2), each on a new raw connection per request, every 20 ms on
    average: malformed JSON, unknown variants, unknown fields, illegal moves, invalid FENs, bad
    difficulties, too many moves, bad board.svg queries, wrong methods, made-up methods
    (`FOO /healthz`, and random names such as `QZKVX /v1/variants`), unknown paths, bodies over
    MAX_BODY_BYTES (with Content-Length, and chunked), a corrupt gzip body, a body coded
    `gzip, gzip` (415), an ai-move whose client half-closes its connection (closed without an
    answer), a review over its time budget (422), analyses of 1000-ply games under new keys (the
    largest cache entries a client can make) and bytes that are not HTTP (a TLS hello);
  - SLOW_CLIENTS slow clients (24) at any time, a third of them sending a request's head one
    byte a second, a third sending a POST's head with Content-Length and part of its body, then
    nothing, and a third sending a chunked body one byte a second (the server must answer 408
    and close the connection).
    Each waits up to SLOW_HOLD seconds (60) for the server to answer or close, then closes; one
    still open after SLOW_LIMIT seconds (30) is an error.

It starts the server itself (unless --url), with the built-in defaults, on a free port, with
RUST_LOG=warn (no per-request lines; the log is a file under the output directory and is
scanned for ERROR lines and panics at the end), and samples /proc/PID/status (VmRSS, VmHWM,
threads), /proc/PID/fd and /metrics every SAMPLE seconds (5). With --url it drives a server
that is already running: memory and file descriptors then come from /proc/PID if --pid is
given, else from the server's own process_resident_memory_bytes and process_open_fds.

At the end it prints markdown tables (requests by class with statuses and latency
percentiles, slow clients, resources, rules p99 by window) and a verdict, writes the samples
(samples.csv) and everything else (summary.json) under OUT (target/soak), and exits 1 if the
verdict fails, 2 if the run could not be made.

    bench/soak.sh                                   # builds, then 600 s
    DURATION=90 bench/soak.sh                       # a short run (warm-up 22 s)
    python3 bench/soak.py --duration 120 --concurrency 4 --bin /tmp/old-build
    python3 bench/soak.py --url http://127.0.0.1:8080 --pid "$(pgrep -n draughts-api)"

Every option also reads an environment variable (the upper-case name in --help). Python 3
standard library only.
"""

import argparse
import asyncio
import gzip
import json
import math
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import time
import urllib.parse
from collections import Counter, defaultdict

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VARIANTS = ["english", "russian", "brazilian", "international", "spanish", "italian", "czech", "turkish"]
ALIASES = {"english": ["checkers", "american", "English"], "international": ["polish"]}
RULES = ("legal-moves", "apply-move")
MIB = 1024 * 1024


def env(name, default, kind=str):
    value = os.environ.get(name)
    return kind(value) if value not in (None, "") else default


def options():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    a = p.add_argument
    a("--duration", type=float, default=env("DURATION", 600.0, float), help="seconds of load (DURATION, 600)")
    a("--warmup", type=float, default=env("WARMUP", None, float),
      help="seconds of warm-up not judged (WARMUP; default min(60, DURATION/4))")
    a("--concurrency", type=int, default=env("CONCURRENCY", 8, int), help="rules workers (CONCURRENCY, 8)")
    a("--think-ms", type=float, default=env("THINK_MS", 20.0, float), help="rules workers' mean think time (THINK_MS, 20)")
    a("--ai-workers", type=int, default=env("AI_WORKERS", 2, int), help="ai-move players (AI_WORKERS, 2)")
    a("--burst", type=int, default=env("BURST", 96, int), help="ai-move requests per burst (BURST, 96; 0: none)")
    a("--burst-every", type=float, default=env("BURST_EVERY", None, float),
      help="seconds between bursts (BURST_EVERY; default min(120, max(20, DURATION/3)))")
    a("--bad-workers", type=int, default=env("BAD_WORKERS", 2, int), help="hostile clients (BAD_WORKERS, 2)")
    a("--bad-think-ms", type=float, default=env("BAD_THINK_MS", 20.0, float), help="their mean pause (BAD_THINK_MS, 20)")
    a("--without", default=env("WITHOUT", ""),
      help="comma-separated hostile kinds left out, to find which one a fault comes from, e.g. 'made-up method' "
           "(WITHOUT; default none). Kinds: " + ", ".join(sorted(set(BAD_KINDS))))
    a("--slow-clients", type=int, default=env("SLOW_CLIENTS", 24, int), help="slow connections at once (SLOW_CLIENTS, 24)")
    a("--slow-hold", type=float, default=env("SLOW_HOLD", 60.0, float), help="seconds a slow client waits (SLOW_HOLD, 60)")
    a("--slow-limit", type=float, default=env("SLOW_LIMIT", 30.0, float),
      help="a slow connection still open after this many seconds is an error (SLOW_LIMIT, 30)")
    a("--sample", type=float, default=env("SAMPLE", 5.0, float), help="seconds between samples (SAMPLE, 5)")
    a("--windows", type=int, default=env("WINDOWS", 10, int), help="latency windows over the run (WINDOWS, 10)")
    a("--bin", default=env("SERVER_BIN", os.path.join(ROOT, "target/release/draughts-api")),
      help="server binary (SERVER_BIN, target/release/draughts-api)")
    a("--port", type=int, default=env("SOAK_PORT", 0, int), help="port for the server started here (SOAK_PORT; 0: a free one)")
    a("--url", default=env("URL", None), help="drive this running server instead (URL, loopback only)")
    a("--pid", type=int, default=env("SERVER_PID", None, int), help="with --url: the server's PID for /proc (SERVER_PID)")
    a("--games", type=int, default=env("GAMES", 3, int), help="random games per variant made at setup (GAMES, 3)")
    a("--seed", type=int, default=env("SEED", 1, int), help="seed of every random choice (SEED, 1)")
    a("--out", default=env("OUT", os.path.join(ROOT, "target/soak")), help="output directory (OUT, target/soak)")
    a("--rss-growth-mib", type=float, default=env("RSS_GROWTH_MIB", 4.0, float),
      help="allowed RSS growth after warm-up, MiB (RSS_GROWTH_MIB, 4) ...")
    a("--rss-growth-pct", type=float, default=env("RSS_GROWTH_PCT", 10.0, float),
      help="... or per cent of RSS at warm-up end, whichever is larger (RSS_GROWTH_PCT, 10)")
    a("--metrics-growth-pct", type=float, default=env("METRICS_GROWTH_PCT", 10.0, float),
      help="allowed /metrics size growth after warm-up, per cent (METRICS_GROWTH_PCT, 10)")
    a("--fd-slack", type=int, default=env("FD_SLACK", 0, int), help="allowed extra fds at the end (FD_SLACK, 0)")
    a("--p99-ms", type=float, default=env("P99_MS", 25.0, float),
      help="target: rules p99 after warm-up, ms (P99_MS, 25)")
    a("--server-p99-ms", type=float, default=env("SERVER_P99_MS", 2.5, float),
      help="target: rules p99 after warm-up in the server's http_request_duration_seconds, ms; "
           "read as a bucket bound (SERVER_P99_MS, 2.5)")
    args = p.parse_args()
    args.without = {k.strip() for k in args.without.split(",") if k.strip()}
    unknown = args.without - set(BAD_KINDS)
    if unknown:
        p.error(f"--without: unknown kinds {sorted(unknown)}")
    if args.warmup is None:
        args.warmup = min(60.0, args.duration / 4)
    if args.burst_every is None:
        args.burst_every = min(120.0, max(20.0, args.duration / 3))
    return args


# ---------------------------------------------------------------- HTTP over asyncio streams


class Stale(Exception):
    """The server closed a keep-alive connection before answering anything."""


class Response:
    __slots__ = ("status", "headers", "body")

    def __init__(self, status, headers, body):
        self.status, self.headers, self.body = status, headers, body

    def code(self):
        """The problem's `code`, if the answer is a problem."""
        if "problem" not in self.headers.get("content-type", ""):
            return None
        try:
            return json.loads(self.body).get("code")
        except (ValueError, AttributeError):
            return None


async def read_response(reader, method):
    line = await reader.readline()
    if not line:
        raise Stale()
    parts = line.split(None, 2)
    if len(parts) < 2 or not parts[0].startswith(b"HTTP/"):
        raise ConnectionError(f"not an HTTP status line: {line[:60]!r}")
    status, headers = int(parts[1]), {}
    while True:
        h = await reader.readline()
        if not h:
            raise ConnectionError("connection closed in the response head")
        if h in (b"\r\n", b"\n"):
            break
        k, _, v = h.decode("latin-1").partition(":")
        headers[k.strip().lower()] = v.strip()
    if method == "HEAD" or status in (204, 304) or status < 200:
        body = b""
    elif "content-length" in headers:
        body = await reader.readexactly(int(headers["content-length"]))
    elif "chunked" in headers.get("transfer-encoding", "").lower():
        chunks = []
        while True:
            size = int((await reader.readline()).split(b";")[0], 16)
            if size == 0:
                while (await reader.readline()) not in (b"\r\n", b"\n", b""):
                    pass
                break
            chunks.append(await reader.readexactly(size))
            await reader.readexactly(2)
        body = b"".join(chunks)
    else:
        body = await reader.read()
    return Response(status, headers, body)


def head(method, path, host, headers=(), length=None):
    lines = [f"{method} {path} HTTP/1.1", f"Host: {host}", "User-Agent: draughts-api-soak"]
    lines += [f"{k}: {v}" for k, v in headers]
    if length is not None:
        lines.append(f"Content-Length: {length}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


class Conn:
    """One keep-alive connection; reopened when the server has closed it."""

    def __init__(self, host, port):
        self.host, self.port, self.reader, self.writer = host, port, None, None

    def close(self):
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None

    async def request(self, method, path, body=None, headers=()):
        data = json.dumps(body).encode() if isinstance(body, (dict, list)) else body
        hs = list(headers) + ([("Content-Type", "application/json")] if data is not None else [])
        raw = head(method, path, f"{self.host}:{self.port}", hs, len(data) if data is not None else None) + (data or b"")
        for attempt in (0, 1):
            fresh = self.writer is None
            if fresh:
                self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
            try:
                self.writer.write(raw)
                await self.writer.drain()
                response = await read_response(self.reader, method)
            except (Stale, ConnectionResetError, BrokenPipeError):
                self.close()
                if fresh or attempt == 1:
                    raise
                continue  # a keep-alive connection the server had closed: once more on a new one
            except BaseException:
                self.close()
                raise
            if response.headers.get("connection", "").lower() == "close":
                self.close()
            return response


# ---------------------------------------------------------------- records


class Record:
    """Outcomes and latencies per class of request, and every error."""

    def __init__(self, t0, warmup):
        self.t0, self.warmup = t0, warmup
        self.outcomes = defaultdict(Counter)
        self.latency = defaultdict(list)          # class -> [(t, seconds)]
        self.errors = Counter()                   # (class, what) -> n
        self.examples = {}                        # (class, what) -> first detail
        self.slow = defaultdict(list)             # kind -> [(t, outcome, seconds open)]

    def now(self):
        return time.monotonic() - self.t0

    def ok(self, cls, outcome, started, seconds):
        self.outcomes[cls][outcome] += 1
        self.latency[cls].append((started, seconds))

    def error(self, cls, what, detail=""):
        self.outcomes[cls]["ERROR " + what] += 1
        self.errors[(cls, what)] += 1
        self.examples.setdefault((cls, what), f"t={self.now():.1f}s {detail}"[:300])


def percentile(values, q):
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, max(0, math.ceil(q * len(values)) - 1))]


# ---------------------------------------------------------------- the games


class Games:
    """Random legal games of every variant, played through the API at setup."""

    def __init__(self):
        self.positions = defaultdict(list)  # variant -> [dict(moves, fen, legal, ongoing, last)]
        self.start_fen = {}

    async def make(self, host, port, rng, games, plies=80):
        conn = Conn(host, port)
        answer = await conn.request("GET", "/v1/variants")
        assert answer.status == 200, answer.status
        for v in json.loads(answer.body):
            self.start_fen[v["id"]] = v["fen"]
        conn.close()

        async def one(variant, seed):
            g = random.Random(seed)
            c, moves = Conn(host, port), []
            while True:
                r = await c.request("POST", "/v1/legal-moves", {"variant": variant, "moves": moves})
                assert r.status == 200, (variant, moves, r.status, r.body[:200])
                a = json.loads(r.body)
                legal = [m["notation"] for m in a["moves"]]
                ongoing = a["status"]["state"] == "ongoing"
                self.positions[variant].append(
                    {"moves": list(moves), "fen": a["fen"], "legal": legal, "ongoing": ongoing,
                     "last": moves[-1] if moves else None})
                if not ongoing or len(moves) >= plies:
                    break
                moves.append(g.choice(legal))
            c.close()

        await asyncio.gather(*(one(v, rng.random()) for v in VARIANTS for _ in range(games)))

    def pick(self, rng, ongoing=False):
        """A position: the start (1 in 5) or one with 20-80 moves of history."""
        variant = rng.choice(VARIANTS)
        pool = [p for p in self.positions[variant] if p["ongoing"] or not ongoing]
        if rng.random() < 0.2:
            starts = [p for p in pool if not p["moves"]]
            if starts:
                return variant, rng.choice(starts)
        deep = [p for p in pool if 20 <= len(p["moves"]) <= 80]
        return variant, rng.choice(deep or pool)


def game_body(rng, games, variant, position, moves=None):
    body = {"variant": rng.choice(ALIASES.get(variant, [variant]) + [variant] * 3),
            "moves": position["moves"] if moves is None else moves}
    if rng.random() < 0.1:
        body["fen"] = games.start_fen[variant]
    return body


# ---------------------------------------------------------------- the workers


async def timed(rec, cls, coro, timeout):
    started = rec.now()
    t = time.perf_counter()
    try:
        response = await asyncio.wait_for(coro, timeout)
    except asyncio.TimeoutError:
        rec.error(cls, "timeout", f"no answer in {timeout} s")
        return None, 0.0, started
    except (OSError, ConnectionError, asyncio.IncompleteReadError, Stale, ValueError) as e:
        rec.error(cls, type(e).__name__, str(e))
        return None, 0.0, started
    return response, time.perf_counter() - t, started


async def rules_worker(rec, games, host, port, rng, args, stop):
    conn = Conn(host, port)
    mix = [("legal-moves", 40), ("apply-move", 35), ("board.svg", 10), ("variants", 4), ("variants/{id}", 3),
           ("healthz", 4), ("readyz", 2), ("demo /", 2)]
    names, weights = zip(*mix)
    think = args.think_ms / 1000
    while not stop.is_set():
        cls = rng.choices(names, weights)[0]
        check = None
        if cls == "legal-moves":
            variant, pos = games.pick(rng)
            req = ("POST", "/v1/legal-moves", game_body(rng, games, variant, pos))
            check = lambda a, pos=pos: a["fen"] == pos["fen"] or f"fen {a['fen']} != {pos['fen']}"
        elif cls == "apply-move":
            variant, pos = games.pick(rng, ongoing=True)
            move = rng.choice(pos["legal"])
            req = ("POST", "/v1/apply-move", dict(game_body(rng, games, variant, pos), move=move))
            check = lambda a, move=move: a["move"]["notation"] == move or f"played {a['move']['notation']} for {move}"
        elif cls == "board.svg":
            variant, pos = games.pick(rng)
            q = {"variant": variant, "fen": pos["fen"]}
            if pos["last"]:
                q["last_move"] = pos["last"]
            if rng.random() < 0.3:
                q["flip"] = "true"
            if rng.random() < 0.3:
                q["size"] = str(rng.choice([64, 240, 480, 800]))
            req = ("GET", "/v1/board.svg?" + urllib.parse.urlencode(q), None)
        elif cls == "variants":
            req = ("GET", "/v1/variants", None)
        elif cls == "variants/{id}":
            req = ("GET", "/v1/variants/" + rng.choice(VARIANTS + ["polish", "Checkers"]), None)
        elif cls == "healthz":
            req = ("GET", "/healthz", None)
        elif cls == "readyz":
            req = ("GET", "/readyz", None)
        else:
            req = ("GET", "/", None)
        response, seconds, started = await timed(rec, cls, conn.request(*req), 30)
        if response is not None:
            if response.status != 200:
                rec.error(cls, f"status {response.status}", f"{req[0]} {req[1][:120]} -> {response.body[:200]!r}")
            elif check is not None:
                try:
                    verdict = check(json.loads(response.body))
                except (ValueError, KeyError, TypeError) as e:
                    verdict = f"answer not read: {e}"
                if verdict is not True:
                    rec.error(cls, "wrong answer", str(verdict))
                else:
                    rec.ok(cls, "200", started, seconds)
            else:
                rec.ok(cls, "200", started, seconds)
        else:
            conn.close()
        await asyncio.sleep(rng.expovariate(1 / think) if think > 0 else 0)
    conn.close()


async def ai_request(rec, games, host, port, rng, level, conn=None):
    cls = f"ai-move {level}"
    variant, pos = games.pick(rng, ongoing=True)
    own = conn is None
    conn = conn or Conn(host, port)
    body = dict(game_body(rng, games, variant, pos), difficulty=level)
    response, seconds, started = await timed(rec, cls, conn.request("POST", "/v1/ai-move", body), 120)
    if own or response is None:
        conn.close()
    if response is None:
        return
    if response.status == 200:
        try:
            move = json.loads(response.body)["move"]["notation"]
        except (ValueError, KeyError, TypeError) as e:
            return rec.error(cls, "wrong answer", f"answer not read: {e}")
        if move not in pos["legal"]:
            return rec.error(cls, "illegal computer move", f"{variant} {pos['moves']}: {move}")
        rec.ok(cls, "200", started, seconds)
    elif response.status == 503 and response.code() == "overloaded" and response.headers.get("retry-after") == "1":
        rec.ok(cls, "503 overloaded", started, seconds)
    else:
        rec.error(cls, f"status {response.status} {response.code()}", repr(response.body[:200]))


async def ai_worker(rec, games, host, port, rng, stop):
    conn = Conn(host, port)
    while not stop.is_set():
        level = rng.choices(["easy", "normal", "hard"], [45, 45, 10])[0]
        await ai_request(rec, games, host, port, rng, level, conn)
        await asyncio.sleep(rng.uniform(0.5, 2.0))
    conn.close()


async def bursts(rec, games, host, port, rng, args, stop):
    """Every BURST_EVERY s, BURST ai-move requests at once: more than the search pool admits."""
    wait = min(30.0, args.warmup / 2)
    while args.burst > 0:
        try:
            await asyncio.wait_for(stop.wait(), wait)
            return
        except asyncio.TimeoutError:
            pass
        levels = ["hard" if i % 4 == 0 else rng.choice(["easy", "normal"]) for i in range(args.burst)]
        rec.outcomes["burst"][f"at {rec.now():.0f} s"] += 1
        await asyncio.gather(*(ai_request(rec, games, host, port, random.Random(rng.random()), lv) for lv in levels))
        wait = args.burst_every


def random_method(rng):
    fixed = ["FOO", "PROPFIND", "TRACE", "PURGE", "DEBUG", "MKCOL", "get", "Post"]
    if rng.random() < 0.5:
        return rng.choice(fixed)
    return "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(rng.randint(3, 10)))


BAD_KINDS = ["malformed json", "unknown variant", "unknown field", "illegal move", "illegal history", "invalid fen",
             "bad difficulty", "too many moves", "bad svg query", "wrong method", "made-up method", "made-up method",
             "unknown path", "oversized body", "oversized chunked body", "corrupt gzip", "repeated coding",
             "half-closed search", "review over budget", "largest cache keys", "not http"]

# Kinds whose client closes its sending side once the request is sent (then reads).
HALF_CLOSED = {"half-closed search"}


def endless_shuffle(plies):
    """An English king shuffle of `plies` plies that never ends (repetition and quiet-move
    draws set out of its reach): every position stays in a search's cache key."""
    moves = (["29-25", "4-8", "25-29", "8-4"] * (plies // 4 + 1))[:plies]
    return {"variant": "english", "fen": "W:WK29,21:BK4,12", "moves": moves,
            "rules": {"draw": {"repetitions": 255, "quiet_moves": 0}}}


def bad_request(rng, games, host, kinds):
    """(kind, raw bytes, intended statuses); None among the statuses: closed without an answer."""
    variant, pos = games.pick(rng, ongoing=True)
    moves = pos["moves"]

    def post(path, body, extra=()):
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        return head("POST", path, host, [("Content-Type", "application/json"), *extra], len(data)) + data

    kind = rng.choice(kinds)
    if kind == "malformed json":
        raw = post("/v1/legal-moves", rng.choice([b'{"variant": "english", "moves": ["11-15",', b"not json", b"",
                                                  b'["english"]', b'{"variant": "english"} trailing']))
        return kind, raw, {400}
    if kind == "unknown variant":
        endpoint = rng.choice(RULES)
        body = {"variant": rng.choice(["chess", "go", "xyz%d" % rng.randrange(1000)])}
        if endpoint == "apply-move":
            body["move"] = "11-15"
        return kind, post("/v1/" + endpoint, body), {404}
    if kind == "unknown field":
        return kind, post("/v1/legal-moves", {"variant": variant, "colour": "white"}), {400}
    if kind in ("illegal move", "illegal history"):
        # A move that no legal move of the position matches by its first and last squares (a
        # shortened capture is read by them), or one that is not a square of the board.
        ends = {(m[0], m[-1]) for m in (re.split(r"[-x:]", n) for n in pos["legal"])}
        if pos["legal"][0][0].isdigit():  # the board's own naming (numbered boards also read names)
            squares = [str(i) for i in range(1, 51)]
        else:
            squares = [f + r for f in "abcdefghij" for r in "12345678"]
        while True:
            a, b = rng.choice(squares), rng.choice(squares)
            if a != b and (a, b) not in ends:
                break
        move = f"{a}{rng.choice('-x')}{b}"
        if kind == "illegal move":
            return kind, post("/v1/apply-move", {"variant": variant, "moves": moves, "move": move}), {400, 422}
        return kind, post("/v1/legal-moves", {"variant": variant, "moves": moves + [move] + moves[:3]}), {400, 422}
    if kind == "invalid fen":
        return kind, post("/v1/legal-moves", {"variant": variant, "fen": rng.choice(["W:Wzz:B1", "X:W1:B2", "W:W1,1:B2", "nonsense"])}), {400, 422}
    if kind == "bad difficulty":
        return kind, post("/v1/ai-move", {"variant": variant, "difficulty": "expert"}), {400}
    if kind == "too many moves":
        return kind, post("/v1/legal-moves", {"variant": "english", "moves": ["11-15", "23-19"] * 501}), {422}
    if kind == "bad svg query":
        q = rng.choice(["variant=english&size=5000", "variant=english&flip=yes", "variant=english&colour=red",
                        "fen=W:W1:B2", "variant=nope"])
        return kind, head("GET", "/v1/board.svg?" + q, host), {400, 404}
    if kind == "wrong method":
        m, path = rng.choice([("GET", "/v1/legal-moves"), ("DELETE", "/v1/variants"), ("PUT", "/healthz"),
                              ("POST", "/v1/variants"), ("PATCH", "/v1/ai-move")])
        return kind, head(m, path, host, length=0 if m in ("POST", "PUT", "PATCH") else None), {405}
    if kind == "made-up method":
        path = rng.choice(["/healthz", "/v1/variants", "/v1/legal-moves", "/metrics", "/nowhere"])
        return kind, head(random_method(rng), path, host), {404, 405}
    if kind == "unknown path":
        path = rng.choice(["/.env", "/wp-login.php", "/admin", "/v2/legal-moves", "/v1/legal-moves/x",
                           "/api/%08x" % rng.getrandbits(32), "/v1/variants/english/extra", "/%2e%2e/etc/passwd"])
        return kind, head(rng.choice(["GET", "POST"]), path, host, length=0), {404, 405}
    if kind == "oversized body":
        body = {"variant": "english", "moves": [], "pad": "x" * (70_000 + rng.randrange(30_000))}
        return kind, post("/v1/legal-moves", body), {413}
    if kind == "oversized chunked body":
        chunk = b" " * 16384
        raw = head("POST", "/v1/legal-moves", host, [("Content-Type", "application/json"),
                                                     ("Transfer-Encoding", "chunked")])
        return kind, raw + (b"4000\r\n" + chunk + b"\r\n") * 8, {413}
    if kind == "repeated coding":
        return kind, post("/v1/legal-moves", {"variant": variant}, [("Content-Encoding", "gzip, gzip")]), {415}
    if kind == "half-closed search":
        # Closed without an answer, or answered when the answer was ready (from the cache, or a
        # full pool's 503) before the server read the end of the stream; never a made-up status.
        return kind, post("/v1/ai-move", {"variant": variant, "moves": moves, "difficulty": "hard"}), {None, 200, 503}
    if kind == "review over budget":
        return kind, post("/v1/review", dict(endless_shuffle(rng.randrange(60, 1000)), time_ms=5000)), {422}
    if kind == "largest cache keys":
        # A 1000-ply game (the longest history) under a new key each time: the cache's memory
        # must stay within CACHE_MAX_MIB however many of these come.
        body = dict(endless_shuffle(1000), depth=1, lines=rng.randrange(1, 11), time_ms=rng.randrange(1, 5000))
        return kind, post("/v1/analyze", body), {200, 503}
    if kind == "corrupt gzip":
        data = gzip.compress(json.dumps({"variant": variant}).encode())
        data = data[:10] + bytes(rng.randrange(256) for _ in range(len(data) - 10))
        return kind, post("/v1/legal-moves", data, [("Content-Encoding", "gzip")]), {400}
    # not HTTP at all: the start of a TLS ClientHello, or noise.
    raw = rng.choice([bytes.fromhex("160301020001000100fc0303") + os.urandom(64), b"\x00\xff garbage \r\n\r\n",
                      b"GET /healthz HTTP/9.9\r\n\r\n", b"GET  HTTP/1.1\r\n\r\n"])
    return "not http", raw, {400, 505, None}


async def bad_worker(rec, games, host, port, rng, args, stop):
    kinds = [k for k in BAD_KINDS if k not in args.without]
    if not kinds:
        return
    while not stop.is_set():
        kind, raw, intended = bad_request(rng, games, host, kinds)
        cls = "bad: " + kind

        async def exchange():
            reader, writer = await asyncio.open_connection(host, port)
            try:
                writer.write(raw)
                await writer.drain()
                if kind in HALF_CLOSED:
                    writer.write_eof()
                try:
                    return await read_response(reader, "GET")
                except Stale:
                    return None  # closed without an answer
            finally:
                writer.close()

        started = rec.now()
        t = time.perf_counter()
        try:
            response = await asyncio.wait_for(exchange(), 30)
        except asyncio.TimeoutError:
            rec.error(cls, "timeout", "no answer in 30 s")
        except (OSError, ConnectionError, asyncio.IncompleteReadError, ValueError) as e:
            rec.error(cls, type(e).__name__, f"{raw[:80]!r}: {e}")
        else:
            status = response.status if response is not None else None
            if status in intended:
                code = response.code() if response is not None else None
                outcome = "closed" if status is None else f"{status} {code}" if code else str(status)
                rec.ok(cls, outcome, started, time.perf_counter() - t)
            else:
                rec.error(cls, f"status {status}", f"{raw[:80]!r} -> {response.body[:160] if response else b''!r}")
        await asyncio.sleep(rng.expovariate(1000 / args.bad_think_ms) if args.bad_think_ms > 0 else 0)


async def slow_client(rec, host, port, rng, args, stop, kind, open_conns):
    """One slow connection after another: a head sent a byte a second, or a body that stalls."""
    while not stop.is_set():
        try:
            reader, writer = await asyncio.open_connection(host, port)
        except OSError as e:
            rec.error("slow: " + kind, type(e).__name__, str(e))
            await asyncio.sleep(1)
            continue
        opened = rec.now()
        entry = [kind, opened]
        open_conns.add(id(entry))
        open_conns_meta[id(entry)] = entry

        async def trickle():
            if kind == "slow head":
                data = head("GET", "/v1/variants", f"{host}:{port}", [("Accept", "application/json")])
                for i in range(len(data)):
                    writer.write(data[i:i + 1])
                    await writer.drain()
                    await asyncio.sleep(1.0)
            elif kind == "trickled chunked":
                writer.write(head("POST", "/v1/legal-moves", f"{host}:{port}", [("Content-Type", "application/json"),
                                                                               ("Transfer-Encoding", "chunked")]))
                while True:
                    writer.write(b"1\r\n \r\n")
                    await writer.drain()
                    await asyncio.sleep(1.0)
            else:
                body = json.dumps({"variant": "english", "moves": ["11-15", "23-19", "8-11", "22-17"]}).encode()
                writer.write(head("POST", "/v1/legal-moves", f"{host}:{port}", [("Content-Type", "application/json")],
                                  len(body)) + body[: len(body) // 3])
                await writer.drain()
            await asyncio.Event().wait()  # then nothing

        sender = asyncio.ensure_future(trickle())
        outcome = None
        try:
            response = await asyncio.wait_for(read_response(reader, "GET"), args.slow_hold)
            outcome = str(response.status)
            if kind == "trickled chunked":
                # Answered before its body ended: the server must also close the connection.
                left = max(args.slow_hold - (rec.now() - opened), 0.1)
                while await asyncio.wait_for(reader.read(65536), left):
                    pass
                outcome += " and closed"
        except Stale:
            outcome = "closed"
        except asyncio.TimeoutError:
            outcome = "kept open"
        except asyncio.CancelledError:
            outcome = "cancelled"
        except (OSError, ConnectionError, asyncio.IncompleteReadError, ValueError):
            outcome = "closed"  # reset or cut mid-answer: the server ended it
        finally:
            sender.cancel()
            writer.close()
            open_conns.discard(id(entry))
            open_conns_meta.pop(id(entry), None)
        held = rec.now() - opened
        if outcome == "cancelled":
            # The run ended while this connection waited: judged only if it outlived the limit.
            if held > args.slow_limit:
                rec.slow[kind].append((opened, "kept open", held))
                rec.error("slow: " + kind, f"open > {args.slow_limit:.0f} s", f"still open at the end after {held:.0f} s")
            raise asyncio.CancelledError()
        rec.slow[kind].append((opened, outcome, held))
        if held > args.slow_limit:
            rec.error("slow: " + kind, f"open > {args.slow_limit:.0f} s", f"{outcome} after {held:.0f} s")
        else:
            rec.outcomes["slow: " + kind][f"{outcome} by the server"] += 1
        await asyncio.sleep(rng.uniform(0, 1))


open_conns_meta = {}

SLOW_KINDS = ["slow head", "stalled body", "trickled chunked"]


# ---------------------------------------------------------------- sampling


def proc_sample(pid):
    out = {}
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                k, _, v = line.partition(":")
                if k in ("VmRSS", "VmHWM", "Threads"):
                    out[k] = int(v.split()[0])
        out["fds"] = len(os.listdir(f"/proc/{pid}/fd"))
    except (FileNotFoundError, ProcessLookupError, PermissionError):
        pass
    return out


def metrics_facts(text):
    series = [l for l in text.splitlines() if l and not l.startswith("#")]
    methods = set(re.findall(r'^http_requests_total\{method="([^"]*)"', text, re.M))
    rss = re.search(r"^process_resident_memory_bytes (\S+)", text, re.M)
    fds = re.search(r"^process_open_fds (\S+)", text, re.M)
    return {"metrics_bytes": len(text.encode()), "series": len(series), "methods": len(methods),
            "metrics_rss": float(rss.group(1)) if rss else None, "metrics_fds": float(fds.group(1)) if fds else None}


def histogram(text, route):
    """Cumulative buckets of http_request_duration_seconds for POST `route`."""
    out = {}
    pattern = r'^http_request_duration_seconds_bucket\{method="POST",route="%s",le="([^"]+)"\} (\d+)' % re.escape(route)
    for le, n in re.findall(pattern, text, re.M):
        out[float(le)] = int(n)
    return out


def server_p99(before, after):
    """The bucket bound under which 99 % of the requests between two scrapes fell (seconds)."""
    delta = sorted((le, after.get(le, 0) - before.get(le, 0)) for le in after)
    if not delta or delta[-1][1] <= 0:
        return None
    total = delta[-1][1]  # +Inf
    for le, n in delta:
        if n >= 0.99 * total:
            return le
    return math.inf


class Sampler:
    def __init__(self, rec, host, port, pid):
        self.rec, self.host, self.port, self.pid = rec, host, port, pid
        self.samples = []
        self.conn = Conn(host, port)
        self.texts = {}

    async def take(self, label=""):
        s = {"t": round(self.rec.now(), 1), "label": label}
        if self.pid:
            s.update(proc_sample(self.pid))
        try:
            r = await asyncio.wait_for(self.conn.request("GET", "/metrics"), 30)
            text = r.body.decode()
            s.update(metrics_facts(text))
            if label:
                self.texts[label] = text
        except (asyncio.TimeoutError, OSError, ConnectionError, Stale, asyncio.IncompleteReadError) as e:
            self.conn.close()
            self.rec.error("GET /metrics", type(e).__name__, str(e))
        if "VmRSS" not in s and s.get("metrics_rss"):
            s["VmRSS"] = int(s["metrics_rss"] / 1024)
        if "fds" not in s and s.get("metrics_fds") is not None:
            s["fds"] = int(s["metrics_fds"])
        s["slow_open"] = len(open_conns_meta)
        self.samples.append(s)
        return s

    async def run(self, every, warmup, stop):
        warm_taken = False
        while True:
            try:
                await asyncio.wait_for(stop.wait(), every)
                return
            except asyncio.TimeoutError:
                pass
            label = ""
            if not warm_taken and self.rec.now() >= warmup:
                label, warm_taken = "warm", True
            await self.take(label)


# ---------------------------------------------------------------- the run


def fail(message):
    """The run could not be made: exit status 2."""
    print(f"soak: {message}", file=sys.stderr)
    sys.exit(2)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def wait_ready(host, port, proc, seconds=30):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            fail(f"the server exited at start-up with status {proc.returncode}")
        try:
            c = Conn(host, port)
            r = await asyncio.wait_for(c.request("GET", "/readyz"), 2)
            c.close()
            if r.status == 200:
                return
        except (OSError, asyncio.TimeoutError, Stale, ConnectionError):
            pass
        await asyncio.sleep(0.1)
    fail(f"server not ready after {seconds} s")


def fmt_ms(s):
    return "—" if s != s else f"{s * 1000:.1f}" if s < 10 else f"{s * 1000:.0f}"


async def main(args):
    rng = random.Random(args.seed)
    os.makedirs(args.out, exist_ok=True)
    proc = None
    if args.url:
        u = urllib.parse.urlsplit(args.url)
        host, port = u.hostname, u.port or 80
        if host not in ("localhost", "::1") and not host.startswith("127."):
            fail("--url: only a server on this machine (loopback) may be soaked")
        pid = args.pid
        log_path = None
    else:
        if not os.access(args.bin, os.X_OK):
            fail(f"{args.bin} not found: cargo build --release (or bench/soak.sh, which builds)")
        host, port = "127.0.0.1", args.port or free_port()
        log_path = os.path.join(args.out, "server.log")
        environment = dict(os.environ, PORT=str(port), BIND_ADDR="127.0.0.1", RUST_LOG=os.environ.get("RUST_LOG", "warn"),
                           OPS_PORT=os.environ.get("OPS_PORT", "off"))
        for name in ("DURATION", "CONCURRENCY", "URL"):  # this script's, not the server's
            environment.pop(name, None)
        log = open(log_path, "wb")
        proc = subprocess.Popen([args.bin], env=environment, stdout=log, stderr=subprocess.STDOUT)
        pid = proc.pid
    try:
        return await run(args, rng, host, port, pid, proc, log_path)
    finally:
        if proc is not None and proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(35)
            except subprocess.TimeoutExpired:
                proc.kill()


async def run(args, rng, host, port, pid, proc, log_path):
    started_at = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    await wait_ready(host, port, proc)
    rec = Record(time.monotonic(), args.warmup)
    sampler = Sampler(rec, host, port, pid)
    start = await sampler.take("start")
    games = Games()
    t = time.monotonic()
    await games.make(host, port, rng, args.games)
    n_pos = sum(len(v) for v in games.positions.values())
    print(f"# setup: {n_pos} positions from {args.games * len(VARIANTS)} random games in {time.monotonic() - t:.1f} s",
          file=sys.stderr)

    rec.t0 = time.monotonic()  # the load starts now
    cpu0 = os.times()
    stop = asyncio.Event()
    tasks = [asyncio.ensure_future(sampler.run(args.sample, args.warmup, stop))]
    tasks += [asyncio.ensure_future(rules_worker(rec, games, host, port, random.Random(rng.random()), args, stop))
              for _ in range(args.concurrency)]
    tasks += [asyncio.ensure_future(ai_worker(rec, games, host, port, random.Random(rng.random()), stop))
              for _ in range(args.ai_workers)]
    tasks.append(asyncio.ensure_future(bursts(rec, games, host, port, random.Random(rng.random()), args, stop)))
    tasks += [asyncio.ensure_future(bad_worker(rec, games, host, port, random.Random(rng.random()), args, stop))
              for _ in range(args.bad_workers)]
    slow_tasks = [asyncio.ensure_future(slow_client(rec, host, port, random.Random(rng.random()), args, stop,
                                                    SLOW_KINDS[i % len(SLOW_KINDS)], set()))
                  for i in range(args.slow_clients)]

    async def progress():
        while not stop.is_set():
            try:
                await asyncio.wait_for(stop.wait(), 30)
            except asyncio.TimeoutError:
                s = sampler.samples[-1]
                n = sum(sum(c.values()) for c in rec.outcomes.values())
                print(f"# t={rec.now():.0f}s requests={n} errors={sum(rec.errors.values())} "
                      f"RSS={s.get('VmRSS', 0) / 1024:.1f}MiB fds={s.get('fds')} /metrics={s.get('metrics_bytes', 0)}B",
                      file=sys.stderr)
    tasks.append(asyncio.ensure_future(progress()))

    died = None
    while rec.now() < args.duration:
        await asyncio.sleep(min(1.0, args.duration - rec.now()))
        if proc is not None and proc.poll() is not None:
            died = proc.returncode
            break
    load_seconds = rec.now()
    end_loaded = await sampler.take("end-loaded") if died is None else {}
    stop.set()
    for task in slow_tasks:
        task.cancel()
    done, pending = await asyncio.wait(tasks + slow_tasks, timeout=150)
    for task in pending:
        task.cancel()
    for task in done:
        if not task.cancelled() and task.exception() is not None:
            rec.error("harness", type(task.exception()).__name__, repr(task.exception()))
    cpu1 = os.times()
    client_cpu = (cpu1.user + cpu1.system - cpu0.user - cpu0.system) / max(load_seconds, 1e-9)
    # Quiet: every client connection is closed; idle keep-alive ones end within the server's 5 s.
    end = {}
    if died is None:
        await asyncio.sleep(7)
        end = await sampler.take("end")
    sampler.conn.close()
    if proc is not None and proc.poll() is not None and died is None:
        died = proc.returncode
    return report(args, rec, sampler, start, end_loaded, end, died, log_path, started_at, load_seconds, client_cpu, n_pos)


def report(args, rec, sampler, start, end_loaded, end, died, log_path, started_at, load_seconds, client_cpu, n_pos):
    samples = sampler.samples
    warm = next((s for s in samples if s.get("label") == "warm"), None)
    after = [s for s in samples if s["t"] >= args.warmup and s.get("VmRSS")]
    if log_path:
        with open(log_path, errors="replace") as f:
            log = f.read().splitlines()
        bad_lines = [l for l in log if re.search(r'"level":"(ERROR|WARN)"|\b(ERROR|WARN)\b|panicked', l)]
        # actix-http logs every request it cannot parse at ERROR ("stream error: request parse
        # error: ..."): the client's fault, answered 400 as intended, so counted apart.
        parse_errors = [l for l in bad_lines if "request parse error" in l]
        for line in bad_lines:
            if "request parse error" not in line:
                rec.error("server log", "ERROR, WARN or panic", line)
    else:
        log, parse_errors = [], []
    if died is not None:
        rec.error("server", "exited", f"status {died}")

    out = []
    p = out.append
    p(f"# soak: {load_seconds:.0f} s of load (warm-up {args.warmup:.0f} s), {args.concurrency} rules workers "
      f"(think {args.think_ms:g} ms), {args.ai_workers} ai-move players, bursts of {args.burst} ai-moves every "
      f"{args.burst_every:.0f} s, {args.bad_workers} hostile clients, {args.slow_clients} slow connections "
      f"(hold {args.slow_hold:g} s, limit {args.slow_limit:g} s); {n_pos} positions")
    target = args.url or f"{os.path.relpath(args.bin, ROOT)} (defaults, RUST_LOG={os.environ.get('RUST_LOG', 'warn')})"
    p(f"# server {target}; {os.cpu_count()} cores ({cpu_model()}), load average {os.getloadavg()[0]:.2f} at the end; "
      f"load generator CPU {client_cpu * 100:.0f} % of one core; started {started_at}")
    p("")
    p("## requests (latency from the client: request written to answer read; p50/p99 over the whole run)")
    p("")
    p("| class | requests | per s | outcomes | p50 ms | p99 ms | max ms | errors |")
    p("|---|---|---|---|---|---|---|---|")
    order = list(RULES) + ["board.svg", "variants", "variants/{id}", "healthz", "readyz", "demo /",
                           "ai-move easy", "ai-move normal", "ai-move hard"]
    classes = order + sorted(c for c in rec.outcomes if c not in order and c != "burst")
    for cls in classes:
        if cls not in rec.outcomes:
            continue
        counts = rec.outcomes[cls]
        total = sum(counts.values())
        lat = [s for _, s in rec.latency[cls]]
        errors = sum(n for k, n in counts.items() if k.startswith("ERROR "))
        shown = ", ".join(f"{k} {n}" for k, n in counts.most_common())
        p(f"| {cls} | {total} | {total / load_seconds:.1f} | {shown} | {fmt_ms(percentile(lat, 0.5))} | "
          f"{fmt_ms(percentile(lat, 0.99))} | {fmt_ms(max(lat) if lat else float('nan'))} | "
          f"{'**' + str(errors) + '**' if errors else 0} |")
    if log_path:
        p("")
        p(f"server log ({os.path.relpath(log_path, os.getcwd())}): {len(log)} lines, of which {len(parse_errors)} at ERROR "
          "from actix-http's request parser (\"stream error: request parse error\", one per request that is not HTTP, "
          "answered 400 as intended: not counted as errors)")
    p("")
    p("## slow clients (seconds from connecting until the server answered or closed)")
    p("")
    p("| kind | connections judged | outcomes | median s | max s | open longer than the limit |")
    p("|---|---|---|---|---|---|")
    for kind in SLOW_KINDS:
        rows = rec.slow.get(kind, [])
        held = [h for _, o, h in rows]
        outcomes = Counter(o for _, o, _ in rows)
        over = sum(1 for h in held if h > args.slow_limit)
        p(f"| {kind} | {len(rows)} | {', '.join(f'{k} {n}' for k, n in outcomes.most_common())} | "
          f"{statistics.median(held) if held else float('nan'):.1f} | {max(held) if held else float('nan'):.1f} | "
          f"{'**' + str(over) + '**' if over else 0} |")
    p("")
    p("## resources (the server process)")
    p("")
    p("| sample | t s | RSS MiB | VmHWM MiB | fds | threads | /metrics bytes | series | method labels | slow connections open |")
    p("|---|---|---|---|---|---|---|---|---|---|")
    rss_max = max(after, key=lambda s: s["VmRSS"]) if after else None
    fds_max = max((s for s in samples if s.get("fds") is not None), key=lambda s: s["fds"], default=None)
    for name, s in (("start", start), ("warm-up end", warm), ("max RSS after warm-up", rss_max), ("max fds", fds_max),
                    ("end of load", end_loaded), ("end, clients gone", end)):
        if not s:
            continue
        p(f"| {name} | {s['t']} | {mib(s.get('VmRSS'))} | {mib(s.get('VmHWM'))} | {s.get('fds', '—')} | "
          f"{s.get('Threads', '—')} | {s.get('metrics_bytes', '—')} | {s.get('series', '—')} | {s.get('methods', '—')} | "
          f"{s.get('slow_open', '—')} |")
    slope = trend(after)
    if slope is not None:
        p(f"\nRSS trend after warm-up (least squares over {len(after)} samples): {slope:+.1f} MiB/hour")

    # Rules p99 by window, after warm-up and over the run.
    p("")
    p("## rules endpoints p99 by window (client side, ms)")
    p("")
    width = load_seconds / max(1, args.windows)
    windows = []
    for i in range(args.windows):
        a, b = i * width, (i + 1) * width
        lat = [s for c in RULES for t, s in rec.latency[c] if a <= t < b]
        windows.append((a, b, len(lat), percentile(lat, 0.99)))
    p("| window s | " + " | ".join(f"{a:.0f}-{b:.0f}" for a, b, _, _ in windows) + " |")
    p("|---" * (len(windows) + 1) + "|")
    p("| requests | " + " | ".join(str(n) for _, _, n, _ in windows) + " |")
    p("| p99 ms | " + " | ".join(fmt_ms(q) for _, _, _, q in windows) + " |")
    judged = {c: [s for t, s in rec.latency[c] if t >= args.warmup] for c in RULES}
    both = judged["legal-moves"] + judged["apply-move"]
    p99 = percentile(both, 0.99)
    server = {}
    if warm and "warm" in sampler.texts and "end-loaded" in sampler.texts:
        for c in RULES:
            server[c] = server_p99(histogram(sampler.texts["warm"], "/v1/" + c), histogram(sampler.texts["end-loaded"], "/v1/" + c))
    p("")
    p("after warm-up: " + ", ".join(
        f"{c} p50 {fmt_ms(percentile(judged[c], 0.5))} ms, p99 {fmt_ms(percentile(judged[c], 0.99))} ms, "
        f"max {fmt_ms(max(judged[c]) if judged[c] else float('nan'))} ms"
        + (f" (server's histogram: p99 ≤ {server[c] * 1000:g} ms)" if server.get(c) else "") for c in RULES))

    # Verdict.
    checks = []
    n_errors = sum(rec.errors.values())
    checks.append(("errors (anything but the intended statuses)", n_errors == 0, str(n_errors), "0"))
    if warm and after and end:
        base = warm["VmRSS"]
        allowed = max(args.rss_growth_mib * 1024, base * args.rss_growth_pct / 100)
        grow_max, grow_end = rss_max["VmRSS"] - base, end.get("VmRSS", base) - base
        checks.append(("RSS flat after warm-up", grow_max <= allowed and grow_end <= allowed,
                       f"{mib(base)} at warm-up end, max {mib(rss_max['VmRSS'])}, end {mib(end.get('VmRSS'))} MiB "
                       f"({grow_end / 1024:+.1f} MiB)",
                       f"growth ≤ {allowed / 1024:.1f} MiB (max of {args.rss_growth_mib:g} MiB and {args.rss_growth_pct:g} %)"))
    else:
        checks.append(("RSS flat after warm-up", False, "not measured (no warm-up sample, or the server died)", ""))
    cache_text = sampler.texts.get("end-loaded", "")
    cached = re.search(r"^draughts_search_cache_bytes (\S+)$", cache_text, re.M)
    if cached:
        budget = int(os.environ.get("CACHE_MAX_MIB", "24")) * MIB
        checks.append(("search cache within CACHE_MAX_MIB", float(cached.group(1)) <= budget,
                       f"{float(cached.group(1)) / MIB:.2f} MiB at the end of the load", f"≤ {budget / MIB:g} MiB"))
    if start.get("fds") is not None and end.get("fds") is not None:
        checks.append(("open fds back to start once the clients are gone", end["fds"] - start["fds"] <= args.fd_slack,
                       f"{start['fds']} at start, max {fds_max['fds'] if fds_max else '—'}, {end['fds']} at the end",
                       f"end ≤ start + {args.fd_slack}"))
    if warm and end.get("metrics_bytes"):
        mb, me = warm["metrics_bytes"], end["metrics_bytes"]
        checks.append(("/metrics size flat after warm-up", me <= mb * (1 + args.metrics_growth_pct / 100),
                       f"{start.get('metrics_bytes')} B at start, {mb} at warm-up end, {me} at the end ({(me / mb - 1) * 100:+.0f} %); "
                       f"method labels {warm.get('methods')} → {end.get('methods')}",
                       f"growth ≤ {args.metrics_growth_pct:g} %"))
    checks.append(("rules p99 after warm-up (client side)", p99 <= args.p99_ms / 1000,
                   f"{fmt_ms(p99)} ms over {len(both)} requests", f"≤ {args.p99_ms:g} ms"))
    if server:
        worst = max((v for v in server.values() if v is not None), default=None)
        checks.append(("rules p99 after warm-up (the server's own histogram)",
                       worst is not None and worst <= args.server_p99_ms / 1000,
                       "bucket ≤ " + ", ".join(f"{c} {server[c] * 1000:g} ms" for c in RULES if server.get(c)),
                       f"≤ {args.server_p99_ms:g} ms"))
    p("")
    p("## verdict")
    p("")
    p("| check | figure | target | met |")
    p("|---|---|---|---|")
    for name, good, figure, goal in checks:
        p(f"| {name} | {figure} | {goal} | {'yes' if good else '**no**'} |")
    if rec.errors:
        p("")
        p("errors by class, first example of each:")
        for (cls, what), n in rec.errors.most_common():
            p(f"- {cls}: {what} ×{n}: {rec.examples[(cls, what)]}")
    passed = all(good for _, good, _, _ in checks)
    p("")
    p(f"VERDICT: {'PASS' if passed else 'FAIL'}")
    text = "\n".join(out)
    print(text)

    with open(os.path.join(args.out, "samples.csv"), "w") as f:
        keys = ["t", "label", "VmRSS", "VmHWM", "fds", "Threads", "metrics_bytes", "series", "methods", "slow_open"]
        f.write(",".join(keys) + "\n")
        for s in samples:
            f.write(",".join(str(s.get(k, "")) for k in keys) + "\n")
    with open(os.path.join(args.out, "summary.json"), "w") as f:
        json.dump({"options": vars(args), "started": started_at, "load_seconds": load_seconds, "client_cpu": client_cpu,
                   "outcomes": {c: dict(v) for c, v in rec.outcomes.items()},
                   "latency_ms": {c: {"n": len(v), "p50": percentile([s for _, s in v], 0.5) * 1000,
                                      "p99": percentile([s for _, s in v], 0.99) * 1000,
                                      "max": max(s for _, s in v) * 1000} for c, v in rec.latency.items() if v},
                   "windows": [{"from": a, "to": b, "n": n, "p99_ms": q * 1000} for a, b, n, q in windows],
                   "slow": {k: [{"opened": o, "outcome": w, "held": h} for o, w, h in v] for k, v in rec.slow.items()},
                   "errors": [{"class": c, "what": w, "n": n, "example": rec.examples[(c, w)]} for (c, w), n in rec.errors.items()],
                   "checks": [{"check": n, "met": g, "figure": fi, "target": go} for n, g, fi, go in checks],
                   "samples": samples, "server_log_lines": len(log),
                   "server_log_parse_errors": len(parse_errors), "passed": passed}, f, indent=1, default=str)
    with open(os.path.join(args.out, "report.md"), "w") as f:
        f.write(text + "\n")
    print(f"# samples: {os.path.relpath(os.path.join(args.out, 'samples.csv'), os.getcwd())}, "
          f"summary.json, report.md" + (", server.log" if log_path else ""), file=sys.stderr)
    return 0 if passed else 1


def mib(kib):
    return "—" if kib is None else f"{kib / 1024:.1f}"


def trend(samples):
    """RSS slope in MiB per hour by least squares."""
    if len(samples) < 3:
        return None
    xs = [s["t"] for s in samples]
    ys = [s["VmRSS"] / 1024 for s in samples]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    den = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / den * 3600 if den else None


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown CPU"


if __name__ == "__main__":
    try:
        sys.exit(asyncio.run(main(options())))
    except KeyboardInterrupt:
        sys.exit(130)
