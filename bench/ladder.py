#!/usr/bin/env python3
"""The ladder of levels, measured: each level against its neighbours and against fixed anchors,
ratings fitted with error bars, and each level's accuracy as ``review`` measures it.

Run through ladder.sh, which builds and starts the server; see README.md ("Ladder").

For one variant, plays ``--games`` games (half with each colour, from seeded random even
openings) in every pair of neighbours: a random mover against level 1, level 1 against level 2,
..., level 9 against level 10, and ``--anchor SPEC`` (a sparring engine at a fixed short time,
e.g. ``cake:10``) against each level of ``--anchor-levels``. Every move is refereed by the
server (match.py's ``play_game``).

The ratings are the Bradley–Terry (logistic Elo) fit by maximum likelihood of every game, a draw
counting half a win and half a loss, with one virtual draw added to every pair so that a pair
won 100 % still has a finite gap; the random mover is 0 (or, without level 1, the lowest level). The error bars are one standard error
from the fit's information matrix. Each level's accuracy is the average expected-score loss per
move of its own moves (``POST /v1/review`` at ``--review-ms`` per position, from the position
after the opening), over ``--review-games`` of the games it played against the level below.

``--known`` adds a pair measured in an earlier run of the same players to the fit (its total is
all the fit needs), so that a change to some levels re-plays only the pairs it touches.

Writes the whole record as JSON (``--out``) and prints the markdown table BENCHMARKS.md and
docs/api.md show.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from multiprocessing import get_context
from typing import Optional

import match

RANDOM = "random"


def parse_args(argv: Optional[list[str]]) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--url", required=True, help="the server that plays our levels and referees")
    ap.add_argument("--variant", "-v", required=True, help="one variant id")
    ap.add_argument("--games", type=int, default=20, help="games per pair, half with each colour (default 20)")
    ap.add_argument("--top-games", type=int, default=None,
                    help="games in the pairs with level 10, the costly ones (default --games)")
    ap.add_argument("--levels", default="1-10", metavar="LOW-HIGH", help="the levels to measure (default 1-10)")
    ap.add_argument("--anchor", default=None, metavar="SPEC",
                    help="a sparring engine at a fixed short time (a match.py player, e.g. cake:10)")
    ap.add_argument("--anchor-levels", default="7,9", help="the levels the anchor plays (default 7,9)")
    ap.add_argument("--review-games", type=int, default=4, help="games reviewed per level (default 4; 0: none)")
    ap.add_argument("--review-ms", type=int, default=200, help="review time per position (default 200)")
    ap.add_argument("--random-plies", default="4-8", metavar="MIN-MAX", help="random opening plies (default 4-8)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the openings and the players (default 1)")
    ap.add_argument("--max-plies", type=int, default=300, help="adjudicate a draw after this many plies (default 300)")
    ap.add_argument("--jobs", "-j", type=int, default=1, help="games played at once (default 1)")
    ap.add_argument("--known", action="append", default=[], metavar="STRONG,WEAK,GAMES,POINTS",
                    help="a pair measured in an earlier run of the same two players, fitted with the "
                         "games played now: STRONG scored POINTS in GAMES against WEAK (e.g. "
                         "api:10,api:9,24,18; repeatable)")
    ap.add_argument("--out", default=None, help="write every game and the fit here (JSON)")
    args = ap.parse_args(argv)
    low, _, high = args.levels.partition("-")
    args.level_range = range(int(low), int(high or low) + 1)
    args.random_plies = tuple(int(x) for x in args.random_plies.split("-"))
    args.anchor_level_list = [int(x) for x in args.anchor_levels.split(",") if x] if args.anchor else []
    args.known_pairs = [known_pair(k) for k in args.known]
    return args


def known_pair(text: str) -> tuple[str, str, int, float]:
    """``STRONG,WEAK,GAMES,POINTS`` as (strong, weak, games, points)."""
    strong, weak, games, points = text.split(",")
    if not 0 <= float(points) <= int(games) or float(points) * 2 % 1:
        raise SystemExit(f"--known {text}: POINTS must be whole or half points from 0 to GAMES")
    return strong, weak, int(games), float(points)


def known_results(strong: str, weak: str, games: int, points: float) -> list[tuple[str, str, float]]:
    """Results (weak, strong, weak's score) with the strong side's ``points`` in ``games``: the
    fit depends on a pair's total alone."""
    wins, draw = int(points), points % 1 == 0.5
    return ([(weak, strong, 0.0)] * wins + [(weak, strong, 0.5)] * draw
            + [(weak, strong, 1.0)] * (games - wins - draw))


def pairs(args: argparse.Namespace) -> list[tuple[str, str]]:
    """Every pair to play, the weaker side first."""
    levels = [f"api:{n}" for n in args.level_range]
    out = [(RANDOM, levels[0])] if args.level_range[0] == 1 else []
    out += list(zip(levels, levels[1:]))
    out += [(args.anchor, f"api:{n}") for n in args.anchor_level_list]
    return out


def fit(games: list[tuple[str, str, float]], fixed: str) -> tuple[dict[str, float], dict[str, float]]:
    """Bradley–Terry ratings (Elo scale) of every player of ``games`` (a, b, a's score), ``fixed``
    at 0, and their standard errors; one virtual draw is added to every pair."""
    players = sorted({p for a, b, _ in games for p in (a, b)} - {fixed})
    index = {p: i for i, p in enumerate(players)}
    pairs_seen = {(a, b) for a, b, _ in games}
    data = games + [(a, b, 0.5) for a, b in pairs_seen]
    scale = math.log(10) / 400
    r = [0.0] * len(players)

    def rating(p: str) -> float:
        return 0.0 if p == fixed else r[index[p]]

    for _ in range(100):
        grad = [0.0] * len(players)
        hess = [[0.0] * len(players) for _ in players]
        for a, b, s in data:
            e = 1 / (1 + math.exp(-scale * (rating(a) - rating(b))))
            w = scale * scale * e * (1 - e)
            for p, sign in ((a, 1), (b, -1)):
                if p != fixed:
                    grad[index[p]] += sign * scale * (s - e)
            for p in (a, b):
                for q in (a, b):
                    if p != fixed and q != fixed:
                        hess[index[p]][index[q]] += w if p == q else -w
        step = solve(hess, grad)
        r = [x + d for x, d in zip(r, step)]
        if max(abs(d) for d in step) < 1e-6:
            break
    inverse = invert(hess)
    ratings = {fixed: 0.0, **{p: r[i] for p, i in index.items()}}
    errors = {fixed: 0.0, **{p: math.sqrt(max(inverse[i][i], 0.0)) for p, i in index.items()}}
    return ratings, errors


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix⁻¹ · vector`` (Gaussian elimination; the matrix is positive definite)."""
    inverse = invert(matrix)
    return [sum(row[j] * vector[j] for j in range(len(vector))) for row in inverse]


def invert(matrix: list[list[float]]) -> list[list[float]]:
    n = len(matrix)
    m = [row[:] + [float(i == j) for j in range(n)] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda i: abs(m[i][col]))
        m[col], m[pivot] = m[pivot], m[col]
        p = m[col][col]
        m[col] = [x / p for x in m[col]]
        for i in range(n):
            if i != col and m[i][col]:
                f = m[i][col]
                m[i] = [x - f * y for x, y in zip(m[i], m[col])]
    return [row[n:] for row in m]


def accuracy(api: match.Api, game: match.GameRecord, colour: str, review_ms: int) -> Optional[tuple[float, int]]:
    """The average expected-score loss of ``colour``'s moves after the opening, and their number."""
    after = api.post("/v1/legal-moves", {"variant": game.variant, "fen": game.start_fen,
                                         "moves": game.moves[:game.opening_plies]})
    moves = game.moves[game.opening_plies:]
    if not moves:
        return None
    review = api.post("/v1/review", {"variant": game.variant, "fen": after["fen"], "moves": moves,
                                     "time_ms": review_ms})
    side = review["summary"][colour]
    return (side["average_loss"], side["moves"]) if side["moves"] else None


def main(argv: Optional[list[str]] = None) -> int:
    args = parse_args(argv)
    api = match.api_for(args.url)
    api.wait_ready(30)
    start = api.get(f"/v1/variants/{args.variant}")["fen"]
    todo = pairs(args)
    per_pair = (args.games + 1) // 2
    books = match.random_openings(api, args.variant, start, per_pair * len(todo), args.random_plies, args.seed)
    print(match.machine_line(), file=sys.stderr)
    jobs = []
    for k, (weak, strong) in enumerate(todo):
        games = args.top_games if args.top_games and strong == "api:10" else args.games
        for g in range(2 * ((games + 1) // 2)):
            opening = books[(k * per_pair + g // 2) % len(books)]
            weak_white = g % 2 == 0
            white, black = (weak, strong) if weak_white else (strong, weak)
            jobs.append(match.GameJob(k, g, args.url, args.variant, opening, white, black, weak_white,
                                      args.seed * 1_000_003 + k * 1000 + g, args.max_plies, None))
    started = time.perf_counter()
    records: list[match.GameRecord] = []
    with ProcessPoolExecutor(max_workers=args.jobs, mp_context=get_context("spawn")) as pool:
        for n, future in enumerate(as_completed([pool.submit(match.run_job, j) for j in jobs]), 1):
            records.append(future.result())
            if n % 20 == 0 or n == len(jobs):
                print(f"ladder: {n}/{len(jobs)} games, {time.perf_counter() - started:.0f} s", file=sys.stderr)
    results: list[tuple[str, str, float]] = []
    problems = []
    for g in records:
        weak, strong = todo[g.match]
        if g.result == "aborted" or g.reason in ("illegal_move", "forfeit"):
            problems.append(f"{weak} vs {strong}, game {g.index}: {g.reason} {g.detail}")
        if g.result == "aborted":
            continue
        weak_side = match.side_of(g, True)
        results.append((weak, strong, 0.5 if g.result == "draw" else float(g.result == weak_side)))
    for strong, weak, games, points in args.known_pairs:
        results += known_results(strong, weak, games, points)
    ratings, errors = fit(results, todo[0][0])
    rows = []
    for k, (weak, strong) in enumerate(todo):
        scores = [1 - s for a, b, s in results if (a, b) == (weak, strong)]
        played = [g for g in records if g.match == k and g.result != "aborted"]
        row = {"player": strong, "against": weak, "games": len(scores),
               "score": sum(scores) / len(scores) if scores else None,
               "rating": ratings.get(strong), "error": errors.get(strong)}
        if args.review_games and strong.startswith("api:") and weak != args.anchor:
            losses = [accuracy(api, g, match.side_of(g, False), args.review_ms) for g in played[:args.review_games]]
            losses = [x for x in losses if x]
            moves = sum(n for _, n in losses)
            row["average_loss"] = sum(a * n for a, n in losses) / moves if moves else None
            row["reviewed_moves"] = moves
        rows.append(row)
    for strong, weak, games, points in args.known_pairs:
        rows.append({"player": strong, "against": weak, "games": games, "score": points / games, "known": True,
                     "rating": ratings.get(strong), "error": errors.get(strong)})
    listed = {row["player"] for row in rows}
    for anchor in sorted({p for p in ratings if not p.startswith("api:")} - listed - {todo[0][0]}):
        rows.append({"player": anchor, "rating": ratings[anchor], "error": errors[anchor]})
    print(f"\n{args.variant}: ratings against {todo[0][0]} (0), {args.games} games a pair, "
          f"{time.perf_counter() - started:.0f} s\n")
    print("| player | rating ± error | score against | games | average loss per move |")
    print("|---|---|---|---|---|")
    for row in rows:
        score = f"{100 * row['score']:.1f} % vs {row['against']}" if row.get("score") is not None else "—"
        score += " (known)" if row.get("known") else ""
        loss = f"{row['average_loss']:.4f}" if row.get("average_loss") is not None else "—"
        print(f"| {row['player']} | {row['rating']:.0f} ± {row['error']:.0f} | {score} | {row.get('games', '—')} "
              f"| {loss} |")
    for p in problems:
        print(f"ladder: {p}", file=sys.stderr)
    if args.out:
        with open(args.out, "w") as f:
            json.dump({"machine": match.machine_line(), "args": {k: v for k, v in vars(args).items()
                                                               if k != "level_range"},
                       "rows": rows, "ratings": ratings, "errors": errors,
                       "games": [match.asdict(g) for g in records]}, f, indent=1)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
