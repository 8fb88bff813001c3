#!/usr/bin/env python3
"""Self-play of a candidate build against a base build, stopped by a sequential probability
ratio test (SPRT).

Run through sprt.sh, which builds both and starts a server for each; see README.md ("SPRT").

Each opening is played twice, once with each colour, by ``api:<level>:<ms>@<candidate>``
against ``api:<level>:<ms>@<base>``, refereed by the candidate's server through match.py's
``play_game``. A pair scores 0, ½, 1, 1½ or 2 for the candidate (the pentanomial model), which
removes most of what the opening itself decides. After every pair the log-likelihood ratio of
H1 (the candidate is ``elo1`` stronger) against H0 (it is ``elo0`` stronger) is updated with
the normal approximation of the generalised SPRT:

    LLR = N · (s1 − s0) · (2·m − s0 − s1) / (2·v)

where N is the number of pairs, m and v the mean and variance of a pair's score (per game,
0…1), and s0, s1 the expected scores of the two hypotheses (logistic Elo:
s = 1 / (1 + 10^(−elo/400))). The test stops when LLR ≥ log((1−β)/α) (H1: keep the change)
or LLR ≤ log(β/(1−α)) (H0: drop it), or after ``--max-games``.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from multiprocessing import get_context
from typing import Optional

import match


def expected_score(elo: float) -> float:
    """A game's expected score for the side that is ``elo`` stronger (logistic model)."""
    return 1 / (1 + 10 ** (-elo / 400))


def elo_of(score: float) -> float:
    """The logistic Elo difference that gives ``score`` (clamped away from 0 and 1)."""
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


@dataclass
class Tally:
    """Game and pair results from the candidate's side."""

    wins: int = 0
    draws: int = 0
    losses: int = 0
    # Pairs by their score for the candidate in half points: 0, 1, 2, 3 or 4.
    pairs: list[int] = field(default_factory=lambda: [0] * 5)

    def add_game(self, score: float) -> None:
        if score == 1:
            self.wins += 1
        elif score == 0:
            self.losses += 1
        else:
            self.draws += 1

    def add_pair(self, first: float, second: float) -> None:
        self.pairs[round(2 * (first + second))] += 1

    @property
    def pair_count(self) -> int:
        return sum(self.pairs)

    def mean_and_variance(self) -> tuple[float, float]:
        """The mean and variance of a pair's score per game (0…1)."""
        n = self.pair_count
        mean = sum(k / 4 * c for k, c in enumerate(self.pairs)) / n
        variance = sum(c * (k / 4 - mean) ** 2 for k, c in enumerate(self.pairs)) / n
        return mean, variance

    def llr(self, elo0: float, elo1: float) -> float:
        """The generalised SPRT's log-likelihood ratio of H1 against H0 (0 until it can be told)."""
        if self.pair_count < 2:
            return 0.0
        mean, variance = self.mean_and_variance()
        if variance <= 0:
            # Every pair scored the same: as if one pair had gone the other way.
            variance = 1 / (16 * self.pair_count)
        s0, s1 = expected_score(elo0), expected_score(elo1)
        return self.pair_count * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance)

    def elo(self) -> tuple[float, float]:
        """The Elo estimate and its 95 % margin, from the pairs."""
        n = self.pair_count
        if n < 2:
            return 0.0, math.inf
        mean, variance = self.mean_and_variance()
        margin = 1.96 * math.sqrt(variance / n)
        return elo_of(mean), (elo_of(min(mean + margin, 1)) - elo_of(max(mean - margin, 0))) / 2

    def line(self, elo0: float, elo1: float, bounds: tuple[float, float]) -> str:
        elo, margin = self.elo()
        games = self.wins + self.draws + self.losses
        score = (self.wins + self.draws / 2) / games if games else 0
        return (f"games {games} W–D–L {self.wins}–{self.draws}–{self.losses} score {100 * score:.1f}% "
                f"Elo {elo:+.1f} ± {margin:.1f} pairs(0,½,1,1½,2) {self.pairs} "
                f"LLR {self.llr(elo0, elo1):+.2f} ({bounds[0]:+.2f}, {bounds[1]:+.2f}) [{elo0:g}, {elo1:g}]")


def parse_args(argv: Optional[list[str]] = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--candidate", required=True, metavar="URL", help="the candidate build's server (also referees)")
    ap.add_argument("--base", required=True, metavar="URL", help="the base build's server")
    ap.add_argument("--variant", "-v", required=True, help="one variant id")
    ap.add_argument("--level", default="hard", help="the difficulty both sides play (default hard)")
    ap.add_argument("--time-ms", type=int, default=100, help="time per move for both sides (default 100)")
    ap.add_argument("--candidate-limit", default=None, metavar="MS|cMS+MS",
                    help="the candidate's own limit instead of --time-ms, e.g. a clock c2500+50 (time left + "
                         "increment) against the base's fixed time per move")
    ap.add_argument("--elo0", type=float, default=0.0, help="H0: the candidate is this much stronger (default 0)")
    ap.add_argument("--elo1", type=float, default=10.0, help="H1: the candidate is this much stronger (default 10)")
    ap.add_argument("--alpha", type=float, default=0.05, help="false positive rate (default 0.05)")
    ap.add_argument("--beta", type=float, default=0.05, help="false negative rate (default 0.05)")
    ap.add_argument("--max-games", type=int, default=4000, help="stop undecided after this many games (default 4000)")
    ap.add_argument("--openings", default=None, metavar="FILE[:KEY]|random",
                    help="ballot file in bench/openings/ (default: random openings, distinct, even in material; "
                         "a ballot file caps the games at two per ballot, since hard repeats a game exactly)")
    ap.add_argument("--random-plies", default="4-8", metavar="MIN-MAX",
                    help="plies of a random opening (default 4-8: enough distinct openings for thousands of games)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the openings' order and of random openings")
    ap.add_argument("--max-plies", type=int, default=300, help="adjudicate a draw after this many plies (default 300)")
    ap.add_argument("--jobs", "-j", type=int, default=2, help="games played at once (default 2)")
    ap.add_argument("--report-every", type=int, default=20, help="print the tally every this many pairs (default 20)")
    args = ap.parse_args(argv)
    if args.variant not in match.VARIANTS:
        ap.error(f"unknown variant {args.variant!r}")
    if not args.elo0 < args.elo1:
        ap.error("--elo0 must be below --elo1")
    lo, _, hi = args.random_plies.partition("-")
    args.random_plies = (int(lo), int(hi or lo))
    return args


def openings(args: argparse.Namespace, api: match.Api) -> list[match.Opening]:
    """Enough distinct openings for ``--max-games``, in a seeded order."""
    spec = args.openings or "random"
    wanted = (args.max_games + 1) // 2
    if spec == "random":
        start = api.get(f"/v1/variants/{args.variant}")["fen"]
        return match.random_openings(api, args.variant, start, wanted, args.random_plies, args.seed)
    ballots = match.load_ballots(spec)
    match.random.Random(args.seed).shuffle(ballots)
    # `hard` plays without randomness: an opening played again would repeat its games.
    args.max_games = min(args.max_games, 2 * len(ballots))
    return ballots


def main(argv: Optional[list[str]] = None) -> int:
    args = parse_args(argv)
    referee = match.api_for(args.candidate)
    referee.wait_ready(30)
    match.api_for(args.base).wait_ready(30)
    books = openings(args, referee)
    if not books:
        raise SystemExit("sprt: no openings")
    bounds = (math.log(args.beta / (1 - args.alpha)), math.log((1 - args.beta) / args.alpha))
    candidate = f"api:{args.level}:{args.candidate_limit or args.time_ms}@{args.candidate}"
    base = f"api:{args.level}:{args.time_ms}@{args.base}"
    print(match.machine_line(), file=sys.stderr)
    limits = f"{args.time_ms} ms per move" + (f", the candidate {args.candidate_limit}" if args.candidate_limit else "")
    print(f"sprt: {args.variant}, {args.level} at {limits}, {len(books)} openings, "
          f"H0 {args.elo0:g} Elo, H1 {args.elo1:g} Elo, α {args.alpha}, β {args.beta}, {args.jobs} at a time",
          file=sys.stderr)

    def job(index: int) -> match.GameJob:
        opening = books[(index // 2) % len(books)]
        candidate_white = index % 2 == 0
        white, black = (candidate, base) if candidate_white else (base, candidate)
        return match.GameJob(0, index, args.candidate, args.variant, opening, white, black, candidate_white,
                             args.seed * 1_000_003 + index // 2, args.max_plies, args.time_ms)

    tally = Tally()
    # Each side's time per move (ai-move's own time_ms), and the candidate's on a clock as a
    # share of the time it had left before the move.
    spent: dict[bool, list[float]] = {True: [], False: []}
    shares: list[float] = []
    halves: dict[int, float] = {}
    failures = 0
    verdict = "undecided"
    started = time.perf_counter()
    pool = ProcessPoolExecutor(max_workers=args.jobs, mp_context=get_context("spawn"))
    running: dict[Future, int] = {}
    next_index = 0
    try:
        while True:
            while len(running) < args.jobs and next_index < args.max_games and verdict == "undecided":
                running[pool.submit(match.run_job, job(next_index))] = next_index
                next_index += 1
            if not running:
                break
            done, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                index = running.pop(future)
                game = future.result()
                if game.result == "aborted" or game.reason in ("illegal_move", "forfeit"):
                    failures += 1
                    print(f"sprt: game {index} {game.reason}: {game.detail}", file=sys.stderr)
                score = {"draw": 0.5, "aborted": 0.5}.get(game.result, float(game.result == match.side_of(game, True)))
                for is_candidate in (True, False):
                    stats = game.stats[match.side_of(game, is_candidate)]
                    spent[is_candidate] += stats.search_ms
                    if is_candidate:
                        shares += stats.clock_shares
                tally.add_game(score)
                pair = index // 2
                if pair in halves:
                    tally.add_pair(halves.pop(pair), score)
                    if tally.pair_count % args.report_every == 0:
                        print(f"[{time.perf_counter() - started:.0f} s] {tally.line(args.elo0, args.elo1, bounds)}",
                              file=sys.stderr, flush=True)
                    llr = tally.llr(args.elo0, args.elo1)
                    if verdict == "undecided" and llr >= bounds[1]:
                        verdict = "H1 accepted: keep the candidate"
                    elif verdict == "undecided" and llr <= bounds[0]:
                        verdict = "H0 accepted: drop the candidate"
                else:
                    halves[pair] = score
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    print(match.machine_line() + f"; {args.jobs} game(s) at a time; {time.perf_counter() - started:.0f} s in all")
    print(f"sprt {args.variant} {args.level} {args.time_ms} ms/move: {tally.line(args.elo0, args.elo1, bounds)}")
    print(f"verdict: {verdict}")
    for is_candidate, name in ((True, "candidate"), (False, "base")):
        if spent[is_candidate]:
            times = spent[is_candidate]
            print(f"{name}: {len(times)} moves, {sum(times) / len(times):.1f} ms a move on average, longest {max(times):.0f} ms")
    if shares:
        print(f"candidate on the clock: the longest move took {100 * max(shares):.1f} % of the time left before it "
              f"({len(shares)} moves)")
    if failures:
        print(f"sprt: {failures} game(s) aborted, forfeited or lost by an illegal move", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        print("\nsprt: interrupted", file=sys.stderr)
        sys.exit(130)
