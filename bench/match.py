#!/usr/bin/env python3
"""Engine matches refereed by the draughts-api server.

Run through match.sh, which sets up the virtualenv with the pinned peers, builds and starts
the server; see README.md ("Matches").

The referee is our own server: a game is a start FEN plus the list of moves played, and every
move from every player is checked by ``POST /v1/apply-move``. A move the server refuses loses
the game on the spot and is counted in the summary as an illegal move; so is a player that
fails to answer (a forfeit). Games that reach ``--max-plies`` are adjudicated draws, counted
separately.

Players (``--help`` repeats this):

- ``api:<level>[:<ms>|:c<ms>+<ms>]``: our engine, ``POST /v1/ai-move`` at a level (1 to 10, or
  easy, normal, hard), with a time per move or on a clock (time left + increment, charged the
  server's reported ``time_ms``; a player whose clock falls below zero forfeits on time).
- ``random``: a legal move from ``POST /v1/legal-moves``, chosen with a seeded RNG.
- ``pydraughts-simple[:<limit>]``, ``pydraughts-turbo[:<limit>]``: py-draughts 1.10.1's
  SimpleEngine (english, russian, brazilian, international) and TurboEngine (international).
- ``damers[:<limit>]``: dame-rs 0.2.0's engine (international).

A ``<limit>`` is ``<N>`` or ``<N>ms`` (milliseconds per move) or ``d<N>`` (search depth).
Without one, ``--time-ms`` applies (1000 by default), so both sides get the same budget.
"""

from __future__ import annotations

import argparse
import datetime
import http.client
import json
import math
import os
import random
import re
import sys
import time
import urllib.parse
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from multiprocessing import get_context
from pathlib import Path
from typing import Any, Iterable, Optional

HERE = Path(__file__).resolve().parent
OPENINGS_DIR = HERE / "openings"

VARIANTS = ["english", "russian", "brazilian", "international", "spanish", "italian", "czech", "turkish",
            "frisian", "frysk", "pool", "thai", "antidraughts", "breakthrough", "canadian"]
# Ballot files in bench/openings/ (copied from the project's reference opening ballots) and the key used.
DEFAULT_OPENINGS = {
    "english": "3move_english.json:standard",
    "russian": "russian.json:all",
    "brazilian": "brazilian.json:all",
    "italian": "11_italian.json:all",
}
# PDN GameType numbers.
GAME_TYPES = {"international": 20, "english": 21, "italian": 22, "pool": 23, "spanish": 24, "russian": 25,
              "brazilian": 26, "canadian": 27, "czech": 29, "turkish": 30, "thai": 31, "frisian": 40, "frysk": 97,
              "antidraughts": 20, "breakthrough": 20}

Json = dict[str, Any]
Square = str  # every square as a string: "32" on numeric boards, "c3" on algebraic ones


def sq(value: Any) -> Square:
    """A square from the API (a number or a name) as a string key."""
    return str(value).lower()


# ---------------------------------------------------------------------------------------------
# HTTP client for our server (keep-alive, retries on 503/429 and dropped connections)
# ---------------------------------------------------------------------------------------------


class ApiError(Exception):
    """A non-2xx answer from the server: HTTP status, problem ``code`` and the whole body."""

    def __init__(self, status: int, body: Json):
        self.status = status
        self.body = body
        self.code = str(body.get("code", ""))
        super().__init__(f"HTTP {status} {self.code}: {body.get('detail', body)}")


class Api:
    """A small JSON client over one keep-alive ``http.client`` connection."""

    def __init__(self, base_url: str, timeout: float = 300.0):
        parts = urllib.parse.urlsplit(base_url)
        if parts.scheme not in ("http", "https"):
            raise ValueError(f"--url must be http(s)://host:port, got {base_url!r}")
        self.https = parts.scheme == "https"
        self.host = parts.hostname or "localhost"
        self.port = parts.port or (443 if self.https else 80)
        self.prefix = parts.path.rstrip("/")
        self.timeout = timeout
        self.conn: Optional[http.client.HTTPConnection] = None

    def _connection(self) -> http.client.HTTPConnection:
        if self.conn is None:
            cls = http.client.HTTPSConnection if self.https else http.client.HTTPConnection
            self.conn = cls(self.host, self.port, timeout=self.timeout)
        return self.conn

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None

    def request(self, method: str, path: str, body: Optional[Json] = None) -> Json:
        """Sends one request; returns the JSON answer or raises ApiError (after retries)."""
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        failures = 0
        while True:
            try:
                conn = self._connection()
                conn.request(method, self.prefix + path, body=payload, headers=headers)
                resp = conn.getresponse()
                data = resp.read()
            except (http.client.HTTPException, OSError) as e:
                self.close()
                failures += 1
                if failures > 5:
                    raise ApiError(0, {"code": "connection", "detail": f"{type(e).__name__}: {e}"}) from e
                time.sleep(0.2 * failures)
                continue
            try:
                answer = json.loads(data) if data else {}
            except json.JSONDecodeError:
                answer = {"code": "not_json", "detail": data[:200].decode(errors="replace")}
            if resp.status in (429, 503) and failures < 50:
                failures += 1
                time.sleep(min(float(resp.getheader("Retry-After") or 1), 5.0))
                continue
            if not 200 <= resp.status < 300:
                raise ApiError(resp.status, answer if isinstance(answer, dict) else {"detail": answer})
            return answer

    def post(self, path: str, body: Json) -> Json:
        return self.request("POST", path, body)

    def get(self, path: str) -> Json:
        return self.request("GET", path)

    def wait_ready(self, seconds: float) -> None:
        """Polls ``/readyz`` until it answers 2xx, or raises after ``seconds``."""
        deadline = time.monotonic() + seconds
        while True:
            try:
                self.request("GET", "/readyz")
                return
            except ApiError as e:
                if time.monotonic() > deadline:
                    raise SystemExit(f"match: server at {self.host}:{self.port} not ready: {e}") from e
                time.sleep(0.2)


_APIS: dict[str, Api] = {}


def api_for(url: str) -> Api:
    """One connection per server and process (worker processes each get their own)."""
    if url not in _APIS:
        _APIS[url] = Api(url)
    return _APIS[url]


# ---------------------------------------------------------------------------------------------
# Positions
# ---------------------------------------------------------------------------------------------


def parse_fen(fen: str) -> tuple[str, dict[Square, str]]:
    """A PDN FEN as (side to move 'white'/'black', {square: 'w','W','b','B'}); kings upper case.

    Accepts ranges (``31-50``, ``K1-3``), algebraic squares, and ignores trailing fields.
    """
    fields = fen.strip().strip('"').split(":")
    side = {"W": "white", "B": "black"}[fields[0].strip().upper()[:1]]
    pieces: dict[Square, str] = {}
    for f in fields[1:]:
        f = f.strip()
        if not f or f[0].upper() not in "WB":
            continue
        colour = f[0].lower()
        for token in filter(None, (t.strip() for t in f[1:].split(","))):
            king = token[0].upper() == "K"
            token = token[1:] if king else token
            symbol = colour.upper() if king else colour
            m = re.fullmatch(r"(\d+)-(\d+)", token)
            if m:
                for n in range(int(m.group(1)), int(m.group(2)) + 1):
                    pieces[str(n)] = symbol
            else:
                pieces[token.lower()] = symbol
    return side, pieces


@dataclass
class Position:
    """What a player is shown: the game so far and what the referee allows now."""

    variant: str
    start_fen: str
    moves: list[str]  # history from start_fen, in the server's notation
    fen: str  # the current position
    side: str  # side to move: "white" or "black"
    legal: list[Json]  # the legal moves (server move objects)
    status: Json


def move_text(frm: Square, to: Square, captures: Iterable[Square], path: Optional[list[Square]] = None) -> str:
    """A move in PDN from squares (used only when a peer move matches none of ours)."""
    caps = list(captures)
    if caps:
        return "x".join(path) if path and len(path) > 2 else f"{frm}x{to}"
    return f"{frm}-{to}"


def find_legal(legal: list[Json], frm: Square, to: Square, captures: Iterable[Square],
               promotes: Optional[bool] = None) -> Optional[Json]:
    """The server move object with this origin, destination and set of captured squares."""
    caps = sorted(captures)
    found = [m for m in legal
             if sq(m["from"]) == frm and sq(m["to"]) == to and sorted(sq(c) for c in m["captures"]) == caps]
    if len(found) > 1 and promotes is not None:
        found = [m for m in found if bool(m.get("promotes")) == promotes] or found
    return found[0] if found else None


# ---------------------------------------------------------------------------------------------
# Players
# ---------------------------------------------------------------------------------------------


@dataclass
class Choice:
    """A player's answer: a move in text, the wall time it took, and what the engine said."""

    move: str
    ms: float
    cached: bool = False
    depth: Optional[int] = None
    note: Optional[str] = None  # e.g. "no match in the server's legal moves"
    fen: Optional[str] = None  # the position the player expects after its move (ai-move answers it)
    search_ms: Optional[float] = None  # the engine's own account of its time (ai-move's time_ms)
    clock_left: Optional[float] = None  # on a clock: the time it had left before this move (ms)
    score: Optional[int] = None  # for the mover, hundredths of a man; a forced result as ±(10000 - moves)


class PlayerError(Exception):
    """A player could not produce a move (crash, error answer): it forfeits the game."""


def parse_limit(text: Optional[str]) -> tuple[Optional[int], Optional[int]]:
    """``d8`` -> (depth 8, None); ``500`` or ``500ms`` -> (None, 500 ms); None -> (None, None)."""
    if not text:
        return None, None
    m = re.fullmatch(r"d(\d+)", text)
    if m:
        return int(m.group(1)), None
    m = re.fullmatch(r"(\d+)(ms)?", text)
    if m:
        return None, int(m.group(1))
    raise ValueError(f"bad limit {text!r}: use <ms>, <ms>ms or d<depth>")


class Player:
    """Base class. The referee calls ``start`` once, then ``choose`` on the player's turns and
    ``played`` after every move of either side (including the opening's pre-played plies)."""

    spec: str
    variants: tuple[str, ...] = tuple(VARIANTS)
    desyncs: int = 0

    def start(self, pos: Position, seed: int) -> None:
        """A new game from ``pos`` (the ballot position, before any opening plies)."""

    def choose(self, pos: Position) -> Choice:
        raise NotImplementedError

    def played(self, move: Json, pos: Position) -> None:
        """``move`` (a server move object) was played; ``pos`` is the position after it."""

    def limit_text(self) -> str:
        return ""


class RandomPlayer(Player):
    """A uniformly random legal move, from ``/v1/legal-moves``, with a seeded RNG."""

    def __init__(self, spec: str, api: Api):
        self.spec = spec
        self.api = api
        self.rng = random.Random(0)

    def start(self, pos: Position, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, pos: Position) -> Choice:
        t0 = time.perf_counter()
        try:
            ans = self.api.post("/v1/legal-moves", {"variant": pos.variant, "fen": pos.start_fen, "moves": pos.moves})
        except ApiError as e:
            raise PlayerError(f"legal-moves: {e}") from e
        if not ans.get("moves"):
            raise PlayerError(f"legal-moves lists no move in an ongoing game: {ans.get('status')}")
        move = self.rng.choice(ans["moves"])["notation"]
        return Choice(move, (time.perf_counter() - t0) * 1000)


class ApiPlayer(Player):
    """Our engine: ``POST /v1/ai-move`` at a level, with a ``time_ms`` cap or on a clock."""

    LEVELS = ("easy", "normal", "hard") + tuple(str(n) for n in range(1, 11))

    def __init__(self, spec: str, api: Api, level: str, time_ms: Optional[int],
                 clock: Optional[tuple[int, int]] = None):
        if level not in self.LEVELS:
            raise ValueError(f"{spec}: the level must be 1 to 10, easy, normal or hard")
        self.spec = spec
        self.api = api
        self.level = level
        self.time_ms = time_ms
        self.clock = clock  # (start ms, increment ms)
        self.left = 0.0
        self.seed = 0

    def start(self, pos: Position, seed: int) -> None:
        self.seed = seed
        self.left = float(self.clock[0]) if self.clock else 0.0

    def limit_text(self) -> str:
        if self.clock:
            return f"clock {self.clock[0]} ms + {self.clock[1]} ms"
        return f"{self.time_ms} ms" if self.time_ms else "server default"

    def choose(self, pos: Position) -> Choice:
        body: Json = {"variant": pos.variant, "fen": pos.start_fen, "moves": pos.moves,
                      "seed": (self.seed + len(pos.moves)) % 2**32}
        body["level" if self.level.isdigit() else "difficulty"] = int(self.level) if self.level.isdigit() else self.level
        if self.time_ms:
            body["time_ms"] = self.time_ms
        left = self.left
        if self.clock:
            body["clock"] = {"time_left_ms": max(0, int(left)), "increment_ms": self.clock[1]}
        t0 = time.perf_counter()
        try:
            ans = self.api.post("/v1/ai-move", body)
        except ApiError as e:
            raise PlayerError(f"ai-move: {e}") from e
        ms = (time.perf_counter() - t0) * 1000
        try:
            notation = ans["move"]["notation"]
        except (KeyError, TypeError) as e:
            raise PlayerError(f"ai-move answer has no move.notation: {str(ans)[:200]}") from e
        if self.clock:
            self.left -= float(ans.get("time_ms", 0))
            if self.left < 0:
                raise PlayerError(f"out of time: {ans.get('time_ms')} ms taken with {left:.0f} ms left")
            self.left += self.clock[1]
        score = ans.get("score")
        if score is not None and ans.get("score_kind"):
            score = (10000 - abs(score)) * (1 if score > 0 else -1)
        return Choice(notation, ms, cached=bool(ans.get("cached")), depth=ans.get("depth"), fen=ans.get("fen"),
                      search_ms=ans.get("time_ms"), score=score, clock_left=left if self.clock else None)


class PeerPlayer(Player):
    """A Python engine with its own board, kept in step with the referee by replaying every
    move into it and comparing its position with the server's FEN after each one."""

    board: Any

    def position_of_board(self) -> tuple[str, dict[Square, str]]:
        raise NotImplementedError

    def load(self, fen: str) -> None:
        raise NotImplementedError

    def push(self, move: Json) -> None:
        raise NotImplementedError

    def start(self, pos: Position, seed: int) -> None:
        self.load(pos.start_fen)
        self.check(pos)

    def played(self, move: Json, pos: Position) -> None:
        try:
            self.push(move)
        except Exception:  # noqa: BLE001 - any failure to follow the referee is a desync
            self.desyncs += 1
            self.load(pos.fen)
            return
        self.check(pos)

    def check(self, pos: Position) -> None:
        """After a mismatch the board is rebuilt from the server's FEN (history lost)."""
        if self.position_of_board() != parse_fen(pos.fen):
            self.desyncs += 1
            self.load(pos.fen)


class PyDraughtsPlayer(PeerPlayer):
    """py-draughts' SimpleEngine or TurboEngine.

    Numbering: py-draughts indexes squares from 0 (``Move.square_list``); its square n+1 is
    our n+1 on english and international. On russian and brazilian our API names squares
    (``c3``); the board's ``SQUARE_NAMES`` give the name of each index. py-draughts' American
    board makes captures optional, so english uses a subclass with captures forced, which
    the engine's whole search then follows.
    """

    def __init__(self, spec: str, kind: str, depth: Optional[int], time_ms: Optional[int]):
        import draughts  # noqa: F401 - checked here so a missing venv fails early
        from draughts.engines.simple import SimpleEngine
        from draughts.engines.turbo import TurboEngine

        self.spec = spec
        self.kind = kind
        self.depth = depth
        self.time_ms = time_ms
        self.variants = ("international",) if kind == "turbo" else ("english", "russian", "brazilian", "international")
        self.engine_cls = TurboEngine if kind == "turbo" else SimpleEngine
        self.engine: Any = None
        self.board_cls: Any = None
        self.names: list[str] = []

    def limit_text(self) -> str:
        if self.time_ms:
            return f"{self.time_ms} ms" + (f", depth ≤ {self.depth}" if self.depth else "")
        return f"depth {self.depth or (6 if self.kind == 'simple' else 12)}"

    def start(self, pos: Position, seed: int) -> None:
        self.board_cls = pydraughts_board_class(pos.variant)
        self.names = [n.lower() for n in self.board_cls.SQUARE_NAMES] if pos.variant in ("russian", "brazilian") else []
        secs = self.time_ms / 1000 if self.time_ms else None
        if self.kind == "turbo":
            self.engine = self.engine_cls(depth_limit=self.depth if self.depth else (None if secs else 12), time_limit=secs)
        else:
            self.engine = self.engine_cls(depth_limit=self.depth or (64 if secs else 6), time_limit=secs)
        super().start(pos, seed)

    def ours(self, index: int) -> Square:
        return self.names[index] if self.names else str(index + 1)

    def load(self, fen: str) -> None:
        self.board = self.board_cls.from_fen(fen)

    def position_of_board(self) -> tuple[str, dict[Square, str]]:
        from draughts.models import Color

        symbols = {-1: "w", -2: "W", 1: "b", 2: "B"}
        pieces = {self.ours(i): symbols[v] for i in range(self.board.SQUARES_COUNT) if (v := self.board._get(i))}
        return ("white" if self.board.turn == Color.WHITE else "black"), pieces

    def push(self, move: Json) -> None:
        frm, to = sq(move["from"]), sq(move["to"])
        caps = sorted(sq(c) for c in move["captures"])
        path = [sq(s) for s in move["path"]]
        candidates = [m for m in self.board.legal_moves
                      if self.ours(m.square_list[0]) == frm and self.ours(m.square_list[-1]) == to
                      and sorted(self.ours(c) for c in m.captured_list) == caps]
        if not candidates:
            raise ValueError(f"{move['notation']} is not among py-draughts' legal moves")
        exact = [m for m in candidates if [self.ours(s) for s in m.square_list] == path]
        self.board.push((exact or candidates)[0])

    def choose(self, pos: Position) -> Choice:
        t0 = time.perf_counter()
        try:
            mv = self.engine.get_best_move(self.board)
        except Exception as e:  # noqa: BLE001
            raise PlayerError(f"{self.spec}: {type(e).__name__}: {e}") from e
        ms = (time.perf_counter() - t0) * 1000
        depth = getattr(self.engine, "completed_depth", None) if self.kind == "turbo" else None
        path = [self.ours(s) for s in mv.square_list]
        caps = [self.ours(c) for c in mv.captured_list]
        hit = find_legal(pos.legal, path[0], path[-1], caps, mv.is_promotion if mv.captured_list else None)
        if hit is None:
            return Choice(move_text(path[0], path[-1], caps, path), ms, depth=depth,
                          note=f"py-draughts move {mv} matches none of the server's legal moves")
        return Choice(hit["notation"], ms, depth=depth)


def pydraughts_board_class(variant: str) -> Any:
    """py-draughts' board for a variant; english gets mandatory captures."""
    import draughts

    if variant == "english":
        return ForcedCaptureAmericanBoard()
    return {"russian": draughts.RussianBoard, "brazilian": draughts.BrazilianBoard,
            "international": draughts.StandardBoard}[variant]


_FORCED: Any = None


def ForcedCaptureAmericanBoard() -> Any:  # noqa: N802 - returns a class
    """py-draughts' AmericanBoard with English draughts' mandatory capture (any capture
    sequence may be chosen, no maximum rule), built lazily so the module imports without it."""
    global _FORCED
    if _FORCED is None:
        from draughts.boards._core import CORE_AMERICAN
        from draughts.boards.american import Board as AmericanBoard

        class EnglishBoard(AmericanBoard):
            """American checkers with captures mandatory (English rules)."""

            @property
            def legal_moves(self) -> list:
                return self._legal_moves_from_core(CORE_AMERICAN, max_capture=False, captures_optional=False)

        _FORCED = EnglishBoard
    return _FORCED


class DamePlayer(PeerPlayer):
    """dame-rs' engine (international only). Squares are 1-50 as ours; ``Move.captured`` is
    the sorted list of captured squares, which identifies a move with origin and destination."""

    variants = ("international",)

    def __init__(self, spec: str, depth: Optional[int], time_ms: Optional[int]):
        import dame

        self.dame = dame
        self.spec = spec
        self.depth = depth
        self.time_ms = time_ms
        self.engine: Any = None

    def limit_text(self) -> str:
        if self.time_ms:
            return f"{self.time_ms} ms" + (f", depth ≤ {self.depth}" if self.depth else "")
        return f"depth {self.depth or 10}"

    def start(self, pos: Position, seed: int) -> None:
        self.engine = self.dame.Engine(hash_mb=64)
        super().start(pos, seed)

    def load(self, fen: str) -> None:
        self.board = self.dame.Board(fen)

    def position_of_board(self) -> tuple[str, dict[Square, str]]:
        pieces = {str(s): p.symbol() for s, p in self.board.piece_map().items()}
        return ("white" if self.board.turn == self.dame.WHITE else "black"), pieces

    def push(self, move: Json) -> None:
        frm, to = int(move["from"]), int(move["to"])
        caps = sorted(int(c) for c in move["captures"])
        found = [m for m in self.board.legal_moves
                 if m.from_square == frm and m.to_square == to and sorted(m.captured) == caps]
        if not found:
            raise ValueError(f"{move['notation']} is not among dame-rs' legal moves")
        self.board.push(found[0])

    def choose(self, pos: Position) -> Choice:
        kwargs: Json = {}
        if self.time_ms:
            kwargs["time"] = self.time_ms / 1000
        if self.depth or not self.time_ms:
            kwargs["depth"] = self.depth or 10
        t0 = time.perf_counter()
        try:
            res = self.engine.search(self.board, **kwargs)
        except Exception as e:  # noqa: BLE001
            raise PlayerError(f"{self.spec}: {type(e).__name__}: {e}") from e
        ms = (time.perf_counter() - t0) * 1000
        mv = res.best_move
        if mv is None:
            raise PlayerError(f"{self.spec}: no move in an ongoing game")
        frm, to, caps = str(mv.from_square), str(mv.to_square), [str(c) for c in mv.captured]
        hit = find_legal(pos.legal, frm, to, caps)
        if hit is None:
            return Choice(move_text(frm, to, caps), ms, depth=res.depth,
                          note=f"dame-rs move {mv.hub()} matches none of the server's legal moves")
        return Choice(hit["notation"], ms, depth=res.depth)


PLAYER_HELP = """players:
  api:<level>[:<ms>|:c<ms>+<ms>][@<url>]
                                  our engine via POST /v1/ai-move at a level (1 to 10, easy,
                                  normal or hard), with a time_ms cap or on a clock (c<time
                                  left>+<increment>, charged the answers' time_ms); @<url>: the
                                  engine of another running server (e.g. an older build), while
                                  --url still referees
  random                          a random legal move (POST /v1/legal-moves, seeded)
  pydraughts-simple[:<limit>]     py-draughts SimpleEngine: english, russian, brazilian, international
  pydraughts-turbo[:<limit>]      py-draughts TurboEngine: international
  damers[:<limit>]                dame-rs Engine: international
  hub:<path>[:<ms>], scan[:<ms>], scan31[:<ms>], cb:<path>:<variant>[:<ms>], cake[:<ms>],
  guinn[:<ms>], kestog[:<ms>], kodra[:<ms>]
                                  engines of other projects, built by bench/engines/build.sh
                                  (external_players.py; README.md, "Gauntlet")
  <limit> is <ms>, <ms>ms or d<depth>; without one, --time-ms applies (default 1000 ms; with
  --time-ms 0 each engine's own default: server's per difficulty, py-draughts simple depth 6,
  turbo depth 12, dame-rs depth 10)."""


def make_player(spec: str, api: Api, default_ms: Optional[int]) -> Player:
    """A player from its command-line spec (see PLAYER_HELP)."""
    name, _, rest = spec.partition(":")
    if name == "api":
        rest, _, url = rest.partition("@")
        level, _, limit = rest.partition(":")
        clock = re.fullmatch(r"c(\d+)\+(\d+)", limit)
        if clock:
            return ApiPlayer(spec, api_for(url) if url else api, level or "normal", None,
                             (int(clock.group(1)), int(clock.group(2))))
        depth, ms = parse_limit(limit or None)
        if depth is not None:
            raise ValueError(f"{spec}: ai-move takes a time (ms) or a clock, not a depth")
        return ApiPlayer(spec, api_for(url) if url else api, level or "normal", ms or default_ms)
    if name == "random":
        return RandomPlayer(spec, api)
    from external_players import make_external_player  # engines of other projects (the gauntlet)

    external = make_external_player(spec, default_ms)
    if external is not None:
        return external
    depth, ms = parse_limit(rest or None)
    if depth is None and ms is None:
        ms = default_ms
    if name in ("pydraughts-simple", "pydraughts-turbo"):
        return PyDraughtsPlayer(spec, name.split("-")[1], depth, ms)
    if name == "damers":
        return DamePlayer(spec, depth, ms)
    raise ValueError(f"unknown player {spec!r}\n{PLAYER_HELP}")


# ---------------------------------------------------------------------------------------------
# Openings
# ---------------------------------------------------------------------------------------------


@dataclass
class Opening:
    """A start: a ballot FEN (or the start position) plus plies the referee plays first."""

    name: str
    fen: str
    moves: list[str] = field(default_factory=list)


def resolve_file(name: str) -> Path:
    for p in (Path(name), OPENINGS_DIR / name):
        if p.is_file():
            return p
    raise SystemExit(f"match: no openings file {name!r} (looked in . and {OPENINGS_DIR})")


def load_ballots(spec: str) -> list[Opening]:
    """``file[:key]``: a ballot file maps ``all`` to {name: fen}; other keys list names."""
    fname, _, key = spec.partition(":")
    data = json.loads(resolve_file(fname).read_text())
    key = key or ("standard" if "standard" in data else "all")
    if key not in data:
        raise SystemExit(f"match: {fname} has no key {key!r} (keys: {', '.join(data)})")
    chosen = data[key]
    items = list(chosen.items()) if isinstance(chosen, dict) else [(n, data["all"][n]) for n in chosen]
    seen: set[str] = set()
    out = []
    for name, fen in items:
        if name not in seen:
            seen.add(name)
            out.append(Opening(name, fen))
    return out


def pick(items: list[Opening], n: int, sample_seed: Optional[int]) -> list[Opening]:
    """``n`` of them: evenly spaced through the list, or a seeded sample."""
    if n >= len(items):
        return list(items)
    if sample_seed is not None:
        idx = sorted(random.Random(sample_seed).sample(range(len(items)), n))
    else:
        idx = [i * len(items) // n for i in range(n)]
    return [items[i] for i in idx]


def random_openings(api: Api, variant: str, start_fen: str, n: int, plies: tuple[int, int], seed: int,
                    even: bool = True) -> list[Opening]:
    """``n`` distinct openings of a random number of random legal plies from the start. With
    ``even``, only those that end with as many pieces on each side and no capture due, so that
    no opening hands one side a man (``32-27 16-21 27x16``) or stops in the middle of an
    exchange."""
    out: list[Opening] = []
    seen: set[tuple[str, ...]] = set()
    attempt = 0
    while len(out) < n and attempt < 50 * n + 50:
        rng = random.Random(f"{seed}:{variant}:{attempt}")
        attempt += 1
        moves: list[str] = []
        for _ in range(rng.randint(*plies)):
            ans = api.post("/v1/legal-moves", {"variant": variant, "fen": start_fen, "moves": moves})
            if not ans["moves"]:
                break
            moves.append(rng.choice(ans["moves"])["notation"])
        if tuple(moves) in seen:
            continue
        if even:
            ans = api.post("/v1/legal-moves", {"variant": variant, "fen": start_fen, "moves": moves})
            pieces = parse_fen(ans["fen"])[1].values()
            white = sum(1 for p in pieces if p in "wW")
            if white * 2 != len(pieces) or any(m.get("captures") for m in ans["moves"]):
                continue
        seen.add(tuple(moves))
        out.append(Opening("random: " + " ".join(moves) if moves else "start", start_fen, moves))
    return out


# ---------------------------------------------------------------------------------------------
# The referee
# ---------------------------------------------------------------------------------------------


@dataclass
class GameJob:
    """One game to play (picklable, sent to worker processes)."""

    match: int
    index: int
    url: str
    variant: str
    opening: Opening
    white: str  # player specs
    black: str
    a_is_white: bool
    seed: int
    max_plies: int
    default_ms: Optional[int]


@dataclass
class SideStats:
    """Per-player accounting in one game (cached answers are counted apart, not timed)."""

    moves: int = 0
    ms: list[float] = field(default_factory=list)
    search_ms: list[float] = field(default_factory=list)  # ai-move's own time_ms, where given
    cached: int = 0
    depths: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)  # what the engine said of each of its moves, where it says
    clock_shares: list[float] = field(default_factory=list)  # on a clock: each move's time_ms / time left before it
    desyncs: int = 0
    fen_mismatches: int = 0


@dataclass
class GameRecord:
    """A finished (or aborted) game."""

    match: int
    index: int
    variant: str
    opening: str
    start_fen: str
    opening_plies: int
    white: str
    black: str
    a_is_white: bool
    moves: list[str]
    result: str  # "white", "black", "draw" or "aborted"
    reason: str  # no_pieces, no_moves, repetition, quiet_moves, endgame, adjudicated, illegal_move, forfeit, ...
    detail: str
    offender: Optional[str]  # "white"/"black" for illegal_move/forfeit
    final_fen: str
    seconds: float
    stats: dict[str, SideStats]


# apply-move's answers that mean "this move is not legal here"; any other error is the referee's.
REFUSALS = ("illegal_move", "ambiguous_move", "invalid_move_syntax")


def play_game(job: GameJob) -> GameRecord:
    """Plays one game; every move goes through ``/v1/apply-move``."""
    t_start = time.perf_counter()
    api = api_for(job.url)
    players = {"white": make_player(job.white, api, job.default_ms), "black": make_player(job.black, api, job.default_ms)}
    stats = {"white": SideStats(), "black": SideStats()}
    base = {"variant": job.variant, "fen": job.opening.fen}
    moves: list[str] = []

    def record(result: str, reason: str, detail: str = "", offender: Optional[str] = None, fen: str = "") -> GameRecord:
        for colour, p in players.items():
            stats[colour].desyncs = p.desyncs
            if hasattr(p, "close"):  # an engine process (external_players.py): stopped after each game
                p.close()
        return GameRecord(job.match, job.index, job.variant, job.opening.name, job.opening.fen, len(job.opening.moves),
                          job.white, job.black, job.a_is_white, list(moves), result, reason, detail, offender, fen,
                          time.perf_counter() - t_start, stats)

    try:
        ans = api.post("/v1/legal-moves", {**base, "moves": []})
    except ApiError as e:
        return record("aborted", "referee_error", f"legal-moves on the opening: {e}", fen=job.opening.fen)
    pos = Position(job.variant, job.opening.fen, moves, ans["fen"], ans["side_to_move"], ans["moves"], ans["status"])
    for colour, p in players.items():
        try:
            p.start(pos, job.seed * 2 + ((colour == "white") == job.a_is_white))  # per player, not colour
        except Exception as e:  # noqa: BLE001
            return record("aborted", "player_setup", f"{p.spec}: {type(e).__name__}: {e}", fen=pos.fen)

    def advance(text: str) -> Json:
        ans = api.post("/v1/apply-move", {**base, "moves": moves, "move": text})
        moves.append(ans["move"]["notation"])
        pos.fen, pos.side, pos.legal, pos.status = ans["fen"], ans["side_to_move"], ans["moves"], ans["status"]
        for p in players.values():
            p.played(ans["move"], pos)
        return ans

    for text in job.opening.moves:
        try:
            advance(text)
        except ApiError as e:
            return record("aborted", "referee_error", f"opening ply {text}: {e}", fen=pos.fen)

    while pos.status.get("state") == "ongoing":
        if len(moves) >= job.max_plies:
            return record("draw", "adjudicated", f"{job.max_plies} plies", fen=pos.fen)
        side = pos.side
        player = players[side]
        try:
            choice = player.choose(pos)
        except PlayerError as e:
            return record("black" if side == "white" else "white", "forfeit", str(e), side, pos.fen)
        st = stats[side]
        st.moves += 1
        if choice.cached:
            st.cached += 1
        else:
            st.ms.append(round(choice.ms, 1))
            if choice.search_ms is not None:
                st.search_ms.append(float(choice.search_ms))
                if choice.clock_left:
                    st.clock_shares.append(float(choice.search_ms) / choice.clock_left)
        if choice.depth is not None:
            st.depths.append(int(choice.depth))
        if choice.score is not None:
            st.scores.append(int(choice.score))
        try:
            ans = advance(choice.move)
        except ApiError as e:
            if e.code in REFUSALS:
                detail = f"{player.spec} played {choice.move} at ply {len(moves) + 1}: {e.code}"
                if choice.note:
                    detail += f" ({choice.note})"
                return record("black" if side == "white" else "white", "illegal_move", detail, side, pos.fen)
            return record("aborted", "referee_error", f"apply-move {choice.move}: {e}", fen=pos.fen)
        if choice.fen is not None and parse_fen(choice.fen) != parse_fen(ans["fen"]):
            st.fen_mismatches += 1
    status = pos.status
    if status.get("state") == "win":
        return record(status["winner"], status.get("reason", "win"), fen=pos.fen)
    return record("draw", status.get("reason", "draw"), fen=pos.fen)


def run_job(job: GameJob) -> GameRecord:
    """Worker entry point: a crash in the harness itself becomes an aborted game, not a hang."""
    try:
        return play_game(job)
    except Exception as e:  # noqa: BLE001
        return GameRecord(job.match, job.index, job.variant, job.opening.name, job.opening.fen,
                          len(job.opening.moves), job.white, job.black, job.a_is_white, [], "aborted",
                          "harness_error", f"{type(e).__name__}: {e}", None, "", 0.0,
                          {"white": SideStats(), "black": SideStats()})


# ---------------------------------------------------------------------------------------------
# Summary, PDN, JSON
# ---------------------------------------------------------------------------------------------


@dataclass
class MatchSpec:
    """Player A against player B in one variant, over a list of openings, both colours each."""

    a: str
    b: str
    variant: str
    openings_label: str
    openings: list[Opening]
    limits: tuple[str, str]


def side_of(g: GameRecord, a: bool) -> str:
    return "white" if g.a_is_white == a else "black"


def summarise(m: MatchSpec, games: list[GameRecord]) -> Json:
    """Wins/draws/losses and score for player A, counts of illegal moves and forfeits per player,
    adjudicated and aborted games, and the time each player used per move."""
    s: Json = {"a": m.a, "b": m.b, "variant": m.variant, "openings": m.openings_label,
               "ballots": len(m.openings), "games": 0, "a_wins": 0, "draws": 0, "a_losses": 0,
               "adjudicated": 0, "aborted": 0, "illegal": {"a": 0, "b": 0}, "forfeits": {"a": 0, "b": 0},
               "desyncs": {"a": 0, "b": 0}, "fen_mismatches": {"a": 0, "b": 0}, "cached": {"a": 0, "b": 0},
               "moves": {"a": 0, "b": 0}, "avg_ms": {}, "max_ms": {}, "avg_search_ms": {}, "max_search_ms": {},
               "avg_depth": {}, "max_clock_share": {}, "clock_moves": {}, "plies": 0,
               "reasons": {}, "limits": {"a": m.limits[0], "b": m.limits[1]}}
    ms: dict[str, list[float]] = {"a": [], "b": []}
    search_ms: dict[str, list[float]] = {"a": [], "b": []}
    depths: dict[str, list[int]] = {"a": [], "b": []}
    shares: dict[str, list[float]] = {"a": [], "b": []}
    for g in games:
        if g.result == "aborted":
            s["aborted"] += 1
            continue
        s["games"] += 1
        s["plies"] += len(g.moves) - g.opening_plies
        a_side = side_of(g, True)
        s["reasons"][g.reason] = s["reasons"].get(g.reason, 0) + 1
        if g.result == "draw":
            s["draws"] += 1
            s["adjudicated"] += g.reason == "adjudicated"
        elif g.result == a_side:
            s["a_wins"] += 1
        else:
            s["a_losses"] += 1
        if g.offender:
            who = "a" if g.offender == a_side else "b"
            s["illegal" if g.reason == "illegal_move" else "forfeits"][who] += 1
        for who, colour in (("a", a_side), ("b", side_of(g, False))):
            st = g.stats[colour]
            for key in ("desyncs", "fen_mismatches", "cached", "moves"):
                s[key][who] += getattr(st, key)
            ms[who] += st.ms
            search_ms[who] += st.search_ms
            depths[who] += st.depths
            shares[who] += st.clock_shares
    for who in ("a", "b"):
        s["max_clock_share"][who] = max(shares[who]) if shares[who] else None
        s["clock_moves"][who] = len(shares[who])
        s["avg_ms"][who] = sum(ms[who]) / len(ms[who]) if ms[who] else None
        s["max_ms"][who] = max(ms[who]) if ms[who] else None
        s["avg_search_ms"][who] = sum(search_ms[who]) / len(search_ms[who]) if search_ms[who] else None
        s["max_search_ms"][who] = max(search_ms[who]) if search_ms[who] else None
        s["avg_depth"][who] = sum(depths[who]) / len(depths[who]) if depths[who] else None
    n = s["games"]
    s["score_pct"] = 100 * (s["a_wins"] + s["draws"] / 2) / n if n else None
    s["avg_plies"] = s["plies"] / n if n else None
    return s


def fmt_ms(v: Optional[float]) -> str:
    if v is None:
        return "—"
    return f"{v:.0f}" if v >= 10 else f"{v:.1f}"


def markdown_table(summaries: list[Json]) -> str:
    """The summary, one row per match, ready to paste into BENCHMARKS.md."""
    head = ("| A | B | variant | openings | games | A won–drawn–lost | A score | illegal moves A / B "
            "| forfeits A / B | adjudicated | aborted | ms/move A / B | avg plies |")
    lines = [head, "|" + "---|" * (head.count("|") - 1)]
    for s in summaries:
        score = f"{s['score_pct']:.1f}%" if s["score_pct"] is not None else "—"
        plies = f"{s['avg_plies']:.0f}" if s["avg_plies"] is not None else "—"
        ill = f"{s['illegal']['a']} / {s['illegal']['b']}"
        if s["illegal"]["a"] or s["illegal"]["b"]:
            ill = f"**{ill}**"
        lines.append(
            f"| {s['a']} | {s['b']} | {s['variant']} | {s['openings']} ({s['ballots']} × 2) | {s['games']} "
            f"| {s['a_wins']}–{s['draws']}–{s['a_losses']} | {score} | {ill} "
            f"| {s['forfeits']['a']} / {s['forfeits']['b']} | {s['adjudicated']} | {s['aborted']} "
            f"| {fmt_ms(s['avg_ms']['a'])} / {fmt_ms(s['avg_ms']['b'])} | {plies} |")
    return "\n".join(lines)


def notes(summaries: list[Json]) -> list[str]:
    """One line per match (limits, slowest move, depth, cached answers, how games ended), plus a
    loud line for anything wrong: a peer's board out of step, ai-move's fen not apply-move's."""
    out = []
    for s in summaries:
        tag = f"{s['a']} vs {s['b']} ({s['variant']})"
        parts = [f"limits A {s['limits']['a'] or 'none'}, B {s['limits']['b'] or 'none'}",
                 f"slowest move A {fmt_ms(s['max_ms']['a'])} ms, B {fmt_ms(s['max_ms']['b'])} ms"]
        searched = [f"{w.upper()} average {fmt_ms(s['avg_search_ms'][w])} ms, longest {fmt_ms(s['max_search_ms'][w])} ms"
                    for w in ("a", "b") if s["avg_search_ms"][w] is not None]
        if searched:
            parts.append("ai-move's own time_ms " + ", ".join(searched))
        depth = {w: s["avg_depth"][w] for w in ("a", "b") if s["avg_depth"][w] is not None}
        if depth:
            parts.append("average depth " + ", ".join(f"{w.upper()} {d:.1f}" for w, d in depth.items()))
        on_clock = [f"{w.upper()} {100 * s['max_clock_share'][w]:.1f}% over {s['clock_moves'][w]} moves"
                    for w in ("a", "b") if s["max_clock_share"][w] is not None]
        if on_clock:
            parts.append("longest move on the clock, as a share of the time left before it: " + ", ".join(on_clock))
        cached = [f"{w.upper()} {s['cached'][w]} of {s['moves'][w]}" for w in ("a", "b") if s["cached"][w]]
        if cached:
            parts.append("cached answers (not timed) " + ", ".join(cached))
        parts.append("endings: " + ", ".join(f"{k} {v}" for k, v in sorted(s["reasons"].items())))
        out.append(f"{tag}: " + "; ".join(parts))
        for w in ("a", "b"):
            if s["desyncs"][w]:
                out.append(f"**{tag}: {s[w]}'s board out of step with the server {s['desyncs'][w]} times** "
                           "(rebuilt from the server's FEN)")
            if s["fen_mismatches"][w]:
                out.append(f"**{tag}: {s[w]}'s ai-move fen differed from apply-move's {s['fen_mismatches'][w]} times**")
    return out


def pdn_of(g: GameRecord, first_mover: str) -> str:
    """One game in PDN, with the ballot as a FEN tag and the end reason as a comment."""
    intl = g.variant == "international"
    result = {"white": "2-0" if intl else "1-0", "black": "0-2" if intl else "0-1",
              "draw": "1-1" if intl else "1/2-1/2", "aborted": "*"}[g.result]
    tags = {"Event": f"draughts-api match {g.match + 1}", "Round": str(g.index + 1), "White": g.white,
            "Black": g.black, "Result": result, "GameType": str(GAME_TYPES.get(g.variant, 0)),
            "FEN": g.start_fen, "Opening": g.opening}
    out = [f'[{k} "{v}"]' for k, v in tags.items()]
    side, _ = parse_fen(g.start_fen)
    ply = 0 if side == first_mover else 1
    words = []
    for i, mv in enumerate(g.moves):
        n = (i + ply) // 2 + 1
        if (i + ply) % 2 == 0:
            words.append(f"{n}. {mv}")
        elif i == 0:
            words.append(f"{n}... {mv}")
        else:
            words.append(mv)
    comment = g.reason + (f": {g.detail}" if g.detail else "")
    words.append("{" + comment.replace("}", ")") + "}")
    words.append(result)
    body, line = [], ""
    for w in words:
        if len(line) + len(w) + 1 > 90:
            body.append(line)
            line = w
        else:
            line = f"{line} {w}" if line else w
    body.append(line)
    return "\n".join(out) + "\n\n" + "\n".join(body) + "\n"


# ---------------------------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------------------------


def machine_line() -> str:
    try:
        cpuinfo = Path("/proc/cpuinfo").read_text()
        model = next((ln.split(":", 1)[1].strip() for ln in cpuinfo.splitlines() if ln.startswith("model name")), "?")
    except OSError:
        model = "?"
    now = datetime.datetime.now().astimezone().isoformat(timespec="seconds")
    return f"machine: nproc={os.cpu_count()}, CPU: {model}, date: {now}"


def parse_args(argv: Optional[list[str]] = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(
        description=__doc__.splitlines()[0], epilog=PLAYER_HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("a", nargs="?", metavar="PLAYER_A", help="player A (its score is reported)")
    ap.add_argument("b", nargs="?", metavar="PLAYER_B", help="player B")
    ap.add_argument("--pair", nargs=2, action="append", default=[], metavar=("A", "B"),
                    help="another match (repeatable); each pair plays every selected variant")
    ap.add_argument("--url", default=os.environ.get("DRAUGHTS_URL", "http://127.0.0.1:8080"),
                    help="our server (match.sh starts one and passes this)")
    ap.add_argument("--variant", "-v", default=None,
                    help="comma-separated variants, or 'all' (default: every variant both players support)")
    ap.add_argument("--openings", action="append", default=[], metavar="[VARIANT=]FILE[:KEY]|random|start",
                    help="ballot file (in . or bench/openings/) for the variants given, or VARIANT=...; "
                         "'random' = random plies from the start position, 'start' = the start position. "
                         f"Defaults: {', '.join(f'{k} {v}' for k, v in DEFAULT_OPENINGS.items())}, others random")
    ap.add_argument("--ballots", "-n", type=int, default=10, help="openings per match (each played twice; default 10)")
    ap.add_argument("--sample-seed", type=int, default=None,
                    help="pick ballots as a seeded random sample instead of evenly spaced through the list")
    ap.add_argument("--random-plies", default="2-4", metavar="MIN-MAX",
                    help="plies of a random opening (variants without ballots; default 2-4)")
    ap.add_argument("--uneven-openings", action="store_true",
                    help="keep random openings that leave one side a piece up or a capture due (by default "
                         "they are drawn again)")
    ap.add_argument("--seed", type=int, default=1, help="seed for random openings, random players and ai-move")
    ap.add_argument("--time-ms", type=int, default=1000,
                    help="per-move budget in ms for every player without a limit of its own, so that both "
                         "sides get equal time (default 1000; 0 = none: each engine's own default)")
    ap.add_argument("--max-plies", type=int, default=400,
                    help="adjudicate a draw after this many plies (default 400; the server takes at most 1000)")
    ap.add_argument("--jobs", "-j", type=int, default=1, help="games played at once, each in its own process")
    ap.add_argument("--pgn", type=Path, help="write every game in PDN to this file")
    ap.add_argument("--json", type=Path, help="write the summaries and every game as JSON to this file")
    ap.add_argument("--quiet", "-q", action="store_true", help="no line per finished game")
    args = ap.parse_args(argv)
    if (args.a is None) != (args.b is None):
        ap.error("give two players, PLAYER_A PLAYER_B")
    if args.a is not None:
        args.pair.insert(0, [args.a, args.b])
    if not args.pair:
        ap.error("no players: give PLAYER_A PLAYER_B (or --pair A B)")
    m = re.fullmatch(r"(\d+)-(\d+)", args.random_plies)
    if not m or int(m.group(1)) > int(m.group(2)):
        ap.error("--random-plies must be MIN-MAX, e.g. 2-4")
    args.random_plies = (int(m.group(1)), int(m.group(2)))
    args.time_ms = args.time_ms or None
    if args.ballots < 1 or args.jobs < 1 or args.max_plies < 1:
        ap.error("--ballots, --jobs and --max-plies must be positive")
    return args


def plan(args: argparse.Namespace, api: Api) -> list[MatchSpec]:
    """Every (pair, variant) match with its openings."""
    openings_for: dict[str, str] = {}
    general: Optional[str] = None
    for o in args.openings:
        v, eq, rest = o.partition("=")
        if eq and v in VARIANTS:
            openings_for[v] = rest
        else:
            general = o
    starts: dict[str, str] = {}
    matches = []
    for a, b in args.pair:
        try:
            pa, pb = make_player(a, api, args.time_ms), make_player(b, api, args.time_ms)
        except ValueError as e:
            raise SystemExit(f"match: {e}") from e
        supported = [v for v in VARIANTS if v in pa.variants and v in pb.variants]
        if args.variant in (None, "all"):
            variants = supported
        else:
            variants = [v.strip() for v in args.variant.split(",") if v.strip()]
            for v in variants:
                if v not in VARIANTS:
                    raise SystemExit(f"match: unknown variant {v!r} (one of {', '.join(VARIANTS)})")
            skipped = [v for v in variants if v not in supported]
            variants = [v for v in variants if v in supported]
            if not variants:
                raise SystemExit(f"match: {a} vs {b} can play none of {args.variant} (they share: {', '.join(supported)})")
            if skipped:
                print(f"match: {a} vs {b} skips {', '.join(skipped)} (they share: {', '.join(supported)})", file=sys.stderr)
        for v in variants:
            if v not in starts:
                starts[v] = api.get(f"/v1/variants/{v}")["fen"]
            spec = openings_for.get(v) or general or DEFAULT_OPENINGS.get(v, "random")
            if spec == "random":
                lo, hi = args.random_plies
                even = not args.uneven_openings
                ops = random_openings(api, v, starts[v], args.ballots, args.random_plies, args.seed, even)
                label = f"random {lo}–{hi} plies" + (", even" if even else "")
            elif spec == "start":
                ops, label = [Opening("start", starts[v])], "start position"
            else:
                ops = pick(load_ballots(spec), args.ballots, args.sample_seed)
                label = Path(spec.partition(":")[0]).name + (f":{spec.partition(':')[2]}" if ":" in spec else "")
            matches.append(MatchSpec(a, b, v, label, ops, (pa.limit_text(), pb.limit_text())))
    return matches


def main(argv: Optional[list[str]] = None) -> int:
    args = parse_args(argv)
    api = api_for(args.url)
    api.wait_ready(30)
    matches = plan(args, api)

    jobs: list[GameJob] = []
    for mi, m in enumerate(matches):
        for oi, op in enumerate(m.openings):
            for a_white in (True, False):
                white, black = (m.a, m.b) if a_white else (m.b, m.a)
                jobs.append(GameJob(mi, len([j for j in jobs if j.match == mi]), args.url, m.variant, op, white, black,
                                    a_white, args.seed * 1_000_003 + mi * 10_007 + oi, args.max_plies, args.time_ms))

    print(machine_line(), file=sys.stderr)
    print(f"match: {len(matches)} match(es), {len(jobs)} games, {args.jobs} at a time, server {args.url}", file=sys.stderr)
    records: list[GameRecord] = []
    t0 = time.perf_counter()

    def progress(g: GameRecord) -> None:
        records.append(g)
        if args.quiet:
            return
        mark = {"white": "1-0", "black": "0-1", "draw": "½-½", "aborted": "aborted"}[g.result]
        loud = "  <<< ILLEGAL MOVE" if g.reason == "illegal_move" else ("  <<< FORFEIT" if g.reason == "forfeit" else "")
        print(f"[{len(records)}/{len(jobs)}] {g.variant} {g.opening}: {g.white} (W) vs {g.black} (B) {mark} "
              f"{g.reason}{': ' + g.detail if g.detail else ''}, {len(g.moves)} plies, {g.seconds:.1f} s{loud}",
              file=sys.stderr, flush=True)

    if args.jobs == 1:
        for job in jobs:
            progress(run_job(job))
    else:
        pool = ProcessPoolExecutor(max_workers=args.jobs, mp_context=get_context("spawn"))
        try:
            for fut in as_completed([pool.submit(run_job, j) for j in jobs]):
                progress(fut.result())
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
    elapsed = time.perf_counter() - t0
    records.sort(key=lambda g: (g.match, g.index))

    summaries = [summarise(m, [g for g in records if g.match == mi]) for mi, m in enumerate(matches)]
    limits = ", ".join(sorted({f"{s[w]}: {s['limits'][w] or 'none'}" for s in summaries for w in ("a", "b")}))
    print()
    print(machine_line() + f"; {args.jobs} game(s) at a time; {elapsed:.0f} s in all")
    print(f"limits per move: {limits}; draws adjudicated at {args.max_plies} plies\n")
    print(markdown_table(summaries))
    print()
    for line in notes(summaries):
        print("- " + line)
    illegal = sum(s["illegal"]["a"] + s["illegal"]["b"] for s in summaries)
    forfeits = sum(s["forfeits"]["a"] + s["forfeits"]["b"] for s in summaries)
    aborted = sum(s["aborted"] for s in summaries)
    desync = sum(s["desyncs"]["a"] + s["desyncs"]["b"] for s in summaries)
    for g in records:
        if g.reason in ("illegal_move", "forfeit") or g.result == "aborted":
            print(f"- **{g.reason}** in game {g.index + 1} of match {g.match + 1} ({g.variant}, {g.opening}): {g.detail}")

    if args.pgn:
        first = {}
        for v in {g.variant for g in records}:
            info = api.get(f"/v1/variants/{v}")
            first[v] = info.get("first_to_move") or parse_fen(info["fen"])[0]
        args.pgn.write_text("\n".join(pdn_of(g, first[g.variant]) for g in records))
    if args.json:
        doc = {"machine": machine_line(), "argv": sys.argv[1:], "seconds": round(elapsed, 1),
               "summaries": summaries, "games": [asdict(g) for g in records]}
        args.json.write_text(json.dumps(doc, indent=1))
    if illegal or forfeits or aborted or desync:
        print(f"\nmatch: {illegal} illegal move(s), {forfeits} forfeit(s), {aborted} aborted game(s), "
              f"{desync} desync(s)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        print("\nmatch: interrupted", file=sys.stderr)
        sys.exit(130)
