"""Players for match.py that are engines from other projects, run as child processes.

Built outside the repository by ``bench/engines/build.sh`` (see README.md, "Gauntlet"), found in
``$DRAUGHTS_ENGINES`` (default ``~/.cache/draughts-engines``), one directory per engine:

- ``hub:<path>[:<ms>]``: any engine speaking the Hub protocol (Scan 2.0's Hub-1 or Scan 3.1's
  Hub-2, told apart by the answer to ``hub``), international only. ``<path>`` is the engine
  binary, started as ``<path> hub`` in its own directory (where Scan finds scan.ini and data/).
- ``scan[:<ms>]``: ``hub:$DRAUGHTS_ENGINES/scan/scan`` (Scan 2.0, 2-4 piece bitbases, no book);
  ``scan31[:<ms>]``: Scan 3.1 (no bitbases, no book).
- ``cb:<path>:<variant>[:<ms>]``: an engine written for CheckerBoard's API, driven through our
  ``cbcli`` wrapper (bench/engines/cbcli.c) at ``<path>``, for one 8x8 variant.
- ``cake[:<ms>]``, ``guinn[:<ms>]``: Cake 1.89g, GuiNN Checkers 2.06 (english); ``kestog[:<ms>]``,
  ``kodra[:<ms>]``: KestoG 1.1, Kodra 1.0 (russian).

None of them keeps a board of ours: each move the player sends the engine the referee's
position (Hub: the game's first position and every move since, so that the engine sees
repetitions; CheckerBoard engines: the position, as CheckerBoard does), reads the engine's
move and translates it to the server's notation by matching it against the server's legal
moves: Hub moves by origin, destination and captured squares; CheckerBoard engines by the board
they return after their move, compared with the board each legal move leads to. A reply that
matches no legal move is sent as written, for the referee to refuse (an illegal move); an
engine that crashes, errs or stays silent past its deadline forfeits. Each engine's time per
move is a hard limit: Scan is told a fixed time per move (which it keeps to the millisecond);
CheckerBoard engines get getmove's maxtime and a watchdog that presses CheckerBoard's "play
now" at the budget. A "desync" counts an engine whose view disagreed with the referee's: a
Hub engine refusing a move of the game, or a CheckerBoard engine's returned board differing
from the position its matched move leads to.
"""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any, Optional


def _match_module() -> ModuleType:
    """match.py as loaded in this process: run as a script it is ``__main__`` (``__mp_main__``
    in its worker processes), and its Player and PlayerError must be the ones the referee uses."""
    for name in ("__main__", "__mp_main__", "match"):
        mod = sys.modules.get(name)
        if mod is not None and hasattr(mod, "PlayerError") and hasattr(mod, "find_legal"):
            return mod
    import match

    return match


m = _match_module()

Json = dict[str, Any]

ENGINES_DIR = Path(os.environ.get("DRAUGHTS_ENGINES") or Path.home() / ".cache" / "draughts-engines")

EXTERNAL_HELP = """  hub:<path>[:<ms>]               a Hub-protocol engine (Scan 2.0 / 3.1): international
  scan[:<ms>], scan31[:<ms>]      Scan 2.0 (2-4 piece bitbases, no book) / Scan 3.1 (no bitbases, no
                                  book), built by bench/engines/build.sh into $DRAUGHTS_ENGINES
  cb:<path>:<variant>[:<ms>]      a CheckerBoard-API engine behind bench/engines/cbcli.c
  cake[:<ms>], guinn[:<ms>]       Cake 1.89g, GuiNN Checkers 2.06 (english), no book, no endgame database
  kestog[:<ms>], kodra[:<ms>]     KestoG 1.1, Kodra 1.0 (russian)"""

NAMED = {
    "scan": ("hub", "scan/scan", "international"),
    "scan31": ("hub", "scan31/scan", "international"),
    "cake": ("cb", "cake/cake-cbcli", "english"),
    "guinn": ("cb", "guinn/guinn-cbcli", "english"),
    "kestog": ("cb", "kestog/kestog-cbcli", "russian"),
    "kodra": ("cb", "kodra/kodra-cbcli", "russian"),
}
# enginecommand()s sent to a CheckerBoard engine before its first move: its options, as
# CheckerBoard would set them. Cake: 64 MiB hash (its default is 16), no book (it has none
# here anyway). GuiNN's 64 MiB and no book are its build's defaults (bench/engines/guinn/).
CB_SETUP = {"cake": ["set hashsize 64", "set book 0"]}


def make_external_player(spec: str, default_ms: Optional[int]) -> Optional[m.Player]:
    """The player for ``spec`` if it names an external engine, else None."""
    name, _, rest = spec.partition(":")
    if name in NAMED:
        kind, rel, variant = NAMED[name]
        path = ENGINES_DIR / rel
        limit = rest
    elif name == "hub":
        path_text, _, limit = rest.rpartition(":") if re.search(r":\d+(ms)?$", rest) else (rest, "", "")
        kind, path, variant = "hub", Path(path_text).expanduser(), "international"
    elif name == "cb":
        parts = rest.split(":")
        if len(parts) < 2:
            raise ValueError(f"{spec}: use cb:<path>:<variant>[:<ms>]")
        limit = parts[2] if len(parts) > 2 else ""
        kind, path, variant = "cb", Path(parts[0]).expanduser(), parts[1]
        if variant not in ("english", "russian"):
            raise ValueError(f"{spec}: cb engines play english or russian")
    else:
        return None
    depth, ms = m.parse_limit(limit or None)
    if depth is not None:
        raise ValueError(f"{spec}: give a time per move (ms), not a depth")
    ms = ms or default_ms or 1000
    if not path.exists():
        raise ValueError(f"{spec}: no engine at {path} (build it: bench/engines/build.sh {name if name in NAMED else '...'}"
                         f" --dest {ENGINES_DIR}, or set DRAUGHTS_ENGINES)")
    if kind == "hub":
        return HubPlayer(spec, path, ms)
    return CbPlayer(spec, path, variant, ms, CB_SETUP.get(name, []))


class EngineProcess:
    """A child process spoken to line by line, every read with a deadline."""

    def __init__(self, argv: list[str], cwd: Path):
        self.proc = subprocess.Popen(argv, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, bufsize=0)
        self.buf = b""
        self.argv = argv

    def send(self, *lines: str) -> None:
        try:
            assert self.proc.stdin is not None
            self.proc.stdin.write("".join(line + "\n" for line in lines).encode())
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError) as e:
            raise m.PlayerError(f"{self.argv[0]}: cannot write to the engine ({e}), exit status {self.proc.poll()}") from e

    def readline(self, deadline: float) -> str:
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        while b"\n" not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0:
                raise m.PlayerError(f"{self.argv[0]}: no answer in time")
            ready, _, _ = select.select([fd], [], [], left)
            if ready:
                chunk = os.read(fd, 65536)
                if not chunk:
                    raise m.PlayerError(f"{self.argv[0]}: the engine exited (status {self.proc.wait()})")
                self.buf += chunk
        line, _, self.buf = self.buf.partition(b"\n")
        return line.decode(errors="replace").rstrip("\r")

    def close(self) -> None:
        if self.proc.poll() is None:
            try:
                self.send("quit")
                self.proc.wait(timeout=2)
            except (m.PlayerError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()


class ExternalPlayer(m.Player):
    """An engine in a child process, started for each game and stopped after it."""

    engine: Optional[EngineProcess] = None
    time_ms: int

    def limit_text(self) -> str:
        return f"{self.time_ms} ms"

    def close(self) -> None:
        if self.engine is not None:
            self.engine.close()
            self.engine = None

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # noqa: BLE001 - interpreter shutdown
            pass

    def deadline(self) -> float:
        """Time to wait for a move before forfeiting the engine: generous, never reached by a
        working engine (the budget is already a hard limit for it)."""
        return time.monotonic() + self.time_ms / 1000 * 3 + 10


# ---------------------------------------------------------------------------------------------
# Hub protocol (Scan)
# ---------------------------------------------------------------------------------------------


def hub_position(fen: str, version: int) -> str:
    """The Hub position string: side to move then the 50 squares (w, b, W, B or e)."""
    side, pieces = m.parse_fen(fen)
    turn = "w" if side == "white" else "b"
    return (turn.upper() if version == 2 else turn) + "".join(pieces.get(str(s), "e") for s in range(1, 51))


def hub_move(move: Json) -> str:
    """A server move object in Hub notation: ``32-28``, or ``28x19x23`` (captures, any order)."""
    caps = [m.sq(c) for c in move["captures"]]
    if not caps:
        return f"{m.sq(move['from'])}-{m.sq(move['to'])}"
    return "x".join([m.sq(move["from"]), m.sq(move["to"]), *caps])


class HubPlayer(ExternalPlayer):
    """An engine speaking the Hub protocol (international): Hub-1 (Scan 2.0: ``pos <51>``,
    ``move <m>``, ``time <ms>``, ``go`` -> ``move <m> [<ponder>]``) or Hub-2 (Scan 3.1:
    ``pos pos=<51> moves="..."``, ``level move-time=<s>``, ``go think`` -> ``done move=<m>``)."""

    variants = ("international",)

    def __init__(self, spec: str, path: Path, time_ms: int):
        self.spec = spec
        self.path = path
        self.time_ms = time_ms
        self.version = 1
        self.name = ""
        self.history: list[str] = []  # the game's moves in Hub notation, from start_fen
        self.start_fen = ""

    def start(self, pos: m.Position, seed: int) -> None:
        self.close()
        self.engine = EngineProcess([str(self.path.resolve()), "hub"], self.path.resolve().parent)
        self.engine.send("hub")
        deadline = time.monotonic() + 60
        while True:
            line = self.engine.readline(deadline)
            if line.startswith("id "):
                self.version = 2
                self.name = line
            elif line.startswith("name "):
                self.name = line[5:]
            elif line.strip() == "wait":
                break
        if self.version == 2:
            # Scan 3.1's own parameters are in its scan.ini; the variant is set here.
            self.engine.send("set-param name=variant value=normal")
        self.engine.send("init")
        while not self.engine.readline(deadline).startswith("ready"):
            pass
        if self.version == 2:
            self.engine.send("new-game")
        self.start_fen = pos.start_fen
        self.history = []

    def played(self, move: Json, pos: m.Position) -> None:
        self.history.append(hub_move(move))

    def send_position(self, pos: m.Position) -> None:
        """The game from its first position with every move since (repetitions); if the engine
        refuses one of them (a desync), the current position alone."""
        assert self.engine is not None
        if self.version == 2:
            moves = " ".join(self.history)
            self.engine.send(f"pos pos={hub_position(self.start_fen, 2)}" + (f' moves="{moves}"' if moves else ""),
                             "ping")
        else:
            self.engine.send(f"pos {hub_position(self.start_fen, 1)}", *(f"move {mv}" for mv in self.history), "ping")
        errors = []
        deadline = time.monotonic() + 30
        while (line := self.engine.readline(deadline)).strip() != "pong":
            if line.startswith("error"):
                errors.append(line)
        if errors:
            self.desyncs += 1
            self.engine.send(f"pos pos={hub_position(pos.fen, 2)}" if self.version == 2 else f"pos {hub_position(pos.fen, 1)}")

    def choose(self, pos: m.Position) -> m.Choice:
        if self.engine is None:
            raise m.PlayerError(f"{self.spec}: engine not started")
        self.send_position(pos)
        if self.version == 2:
            self.engine.send(f"level move-time={self.time_ms / 1000:.3f}")
            go = "go think"
        else:
            self.engine.send(f"time {self.time_ms}")
            go = "go"
        t0 = time.perf_counter()
        self.engine.send(go)
        deadline = self.deadline()
        depth: Optional[int] = None
        score: Optional[int] = None
        answer = None
        while answer is None:
            line = self.engine.readline(deadline)
            words = line.split()
            if not words:
                continue
            if words[0] == "info":
                depth, score = self.parse_info(line, depth, score)
            elif words[0] == "error":
                raise m.PlayerError(f"{self.spec}: {line}")
            elif self.version == 1 and words[0] == "move" and len(words) > 1:
                answer = words[1]
            elif self.version == 2 and words[0] == "done":
                found = re.search(r"\bmove=(\S+)", line)
                if not found:
                    raise m.PlayerError(f"{self.spec}: {line!r} has no move")
                answer = found.group(1)
        ms = (time.perf_counter() - t0) * 1000
        nums = re.findall(r"\d+", answer)
        if len(nums) < 2:
            raise m.PlayerError(f"{self.spec}: unreadable move {answer!r}")
        frm, to, caps = nums[0], nums[1], nums[2:]
        hit = m.find_legal(pos.legal, frm, to, caps)
        if hit is None:
            return m.Choice(m.move_text(frm, to, caps), ms, depth=depth, score=score,
                            note=f"hub move {answer} matches none of the server's legal moves")
        return m.Choice(hit["notation"], ms, depth=depth, score=score)

    def parse_info(self, line: str, depth: Optional[int], score: Optional[int]) -> tuple[Optional[int], Optional[int]]:
        """Hub-1: ``info <depth> <mean depth> <score, 1/100 man> <nodes> <s> <Mnps> <pv>``;
        Hub-2: ``info depth=.. score=<men> ...``. Unreadable lines leave the values as they were."""
        try:
            if self.version == 2:
                d = re.search(r"(?:^|\s)depth=(\d+)", line)  # not mean-depth=
                s = re.search(r"(?:^|\s)score=(-?[\d.]+)", line)
                return (int(d.group(1)) if d else depth), (round(float(s.group(1)) * 100) if s else score)
            words = line.split()
            return int(words[1]), int(float(words[3]))
        except (ValueError, IndexError):
            return depth, score


# ---------------------------------------------------------------------------------------------
# CheckerBoard engines (english, russian) through cbcli
# ---------------------------------------------------------------------------------------------


def cb_coords(square: str, variant: str) -> tuple[int, int]:
    """CheckerBoard's board[x][y] of one of our squares. CheckerBoard puts black's home rows at
    y = 0..2 and white's at y = 5..7 in every 8x8 game. English: squares 1-32, 1-12 black's
    (1 = x 6, y 0; 4 = x 0, y 0; 5 = x 7, y 1). Russian: algebraic, white on ranks 1-3, so the
    board is turned: x = 7 - file, y = 8 - rank."""
    if variant == "english":
        n = int(square) - 1
        y = n // 4
        return 2 * (3 - n % 4) + (y % 2), y
    file, rank = ord(square[0]) - ord("a"), int(square[1:])
    return 7 - file, 8 - rank


_CB_SQUARES: dict[str, dict[tuple[int, int], str]] = {}


def cb_square(x: int, y: int, variant: str) -> str:
    """Our square at CheckerBoard's board[x][y] (KeyError for a light or off-board square)."""
    if variant not in _CB_SQUARES:
        names = [str(n) for n in range(1, 33)] if variant == "english" else \
            [f"{f}{r}" for f in "abcdefgh" for r in range(1, 9) if (ord(f) - ord("a") + r) % 2 == 1]
        _CB_SQUARES[variant] = {cb_coords(n, variant): n for n in names}
    return _CB_SQUARES[variant][(x, y)]


def cb_board(pieces: dict[str, str], variant: str) -> str:
    """cbcli's 32-character board: dark squares by (y, then x), 'e' where empty."""
    cells = ["e"] * 32
    for s, p in pieces.items():
        x, y = cb_coords(s, variant)
        cells[y * 4 + x // 2] = p
    return "".join(cells)


def cb_after(pieces: dict[str, str], move: Json, variant: str) -> str:
    """The board32 the server's legal ``move`` leads to (for matching the engine's)."""
    after = dict(pieces)
    frm, to = m.sq(move["from"]), m.sq(move["to"])
    piece = after.pop(frm)
    for c in move["captures"]:
        after.pop(m.sq(c), None)
    after[to] = piece.upper() if move.get("promotes") else piece
    return cb_board(after, variant)


class CbPlayer(ExternalPlayer):
    """A CheckerBoard engine behind cbcli: ``go <ms> <w|b> <board32> [reset] exact hard=<ms>``
    -> ``info <status>``, ``move <fx> <fy> <tx> <ty> <n> <captured x y>... <result> <board32>``."""

    def __init__(self, spec: str, path: Path, variant: str, time_ms: int, setup: Optional[list[str]] = None):
        self.spec = spec
        self.path = path
        self.variants = (variant,)
        self.time_ms = time_ms
        self.setup = setup or []
        self.first = True

    def start(self, pos: m.Position, seed: int) -> None:
        self.close()
        self.engine = EngineProcess([str(self.path.resolve())], self.path.resolve().parent)
        deadline = time.monotonic() + 60
        for command in self.setup:
            # The reply is only logged by the engine's own rules (Cake answers "cannot access
            # registry" and still takes the value); a missing reply is a forfeit.
            self.engine.send(f"cmd {command}")
            while not self.engine.readline(deadline).startswith("cmd "):
                pass
        self.first = True

    def choose(self, pos: m.Position) -> m.Choice:
        if self.engine is None:
            raise m.PlayerError(f"{self.spec}: engine not started")
        variant = pos.variant
        side, pieces = m.parse_fen(pos.fen)
        board = cb_board(pieces, variant)
        colour = "w" if side == "white" else "b"
        opts = ("reset " if self.first else "") + f"exact hard={self.time_ms}"
        self.first = False
        t0 = time.perf_counter()
        self.engine.send(f"go {self.time_ms} {colour} {board} {opts}")
        deadline = self.deadline()
        status = ""
        while True:
            line = self.engine.readline(deadline)
            if line.startswith("info "):
                status = line[5:]
            elif line.startswith("error"):
                raise m.PlayerError(f"{self.spec}: {line}")
            elif line.startswith("move "):
                break
        ms = (time.perf_counter() - t0) * 1000
        words = line.split()
        after = words[-1]
        depth, score = self.parse_status(status, side)
        hits = [mv for mv in pos.legal if cb_after(pieces, mv, variant) == after]
        if not hits and after != board:
            # A board changed in a way no legal move explains: the engine's rules or view differ.
            self.desyncs += 1
        if not hits:
            # The engine's CBmove (from, to, captured squares), for engines that fill it in and
            # leave the board as it was (Kodra); GuiNN does the opposite, KestoG both.
            try:
                nums = [int(w) for w in words[1:-2]]
                frm, to = cb_square(nums[0], nums[1], variant), cb_square(nums[2], nums[3], variant)
                caps = [cb_square(nums[5 + 2 * j], nums[6 + 2 * j], variant) for j in range(nums[4])]
            except (ValueError, IndexError, KeyError):
                frm = to = None
                caps = []
            hit = m.find_legal(pos.legal, frm, to, caps) if frm and to else None
            if hit is not None:
                hits = [hit]
        if not hits:
            note = f"neither the board {self.spec} returned ({after}) nor its move ({' '.join(words[1:-2])}) " \
                   "is one of the server's legal moves"
            return m.Choice(f"cb:{' '.join(words[1:6])}", ms, depth=depth, score=score, note=note)
        return m.Choice(hits[0]["notation"], ms, depth=depth, score=score)

    @staticmethod
    def parse_status(status: str, side: str) -> tuple[Optional[int], Optional[int]]:
        """Depth and score (for the mover, in the engine's own units) from the engine's status
        line, where it gives them: KestoG ``[depth 14] ... [eval 3]``, GuiNN ``Eval: -12  Depth:
        17/30``, both + good for black; Kodra ``[depth 14] [eval 2]``, the same; Cake ``depth
        15/46/21.3 ... value=4`` (depth only: its value's sign convention is not documented)."""
        d = re.search(r"\[depth (\d+)\]", status) or re.search(r"Depth: (\d+)", status) or \
            re.search(r"\bdepth (\d+)/", status)  # Cake: "depth 15/46/21.3"
        depth = int(d.group(1)) if d else None
        score = None
        e = re.search(r"\[eval (-?\d+)\]", status) or re.search(r"Eval: (-?\d+)", status)
        if e:
            score = int(e.group(1)) * (1 if side == "black" else -1)
        return depth, score
