#!/usr/bin/env python3
"""The analysis endpoints' figures (BENCHMARKS.md, "Analysis and review").

1. `POST /v1/analyze` with 3 lines against `POST /v1/ai-move` (hard) at the same budget, from
   the same positions: the depth each reaches.
2. A whole International game's review at the default per-position budget: the game is
   played by the server's own `easy` level (seeded, so it repeats) for `--plies` plies, then
   reviewed; the total time, as the summary gives it and as the client measured it.

The server must run with CACHE_MAX_MIB=0 (bench/analysis.sh starts one so).
"""

import argparse
import json
import time

from match import Api

POSITIONS = [
    ("english", []),
    ("english", ["11-15", "23-19", "8-11", "22-17"]),
    ("russian", []),
    ("international", []),
    ("international", ["32-28", "18-23", "37-32", "12-18"]),
]


def depth_table(api: Api, budget_ms: int) -> None:
    # Both keep a transposition table per search thread: every computer move is searched first,
    # then every analysis, so that no search follows another of its own position.
    games = [{"variant": variant, "moves": moves} for variant, moves in POSITIONS]
    singles = [api.post("/v1/ai-move", {**game, "difficulty": "hard", "time_ms": budget_ms}) for game in games]
    analyses = [api.post("/v1/analyze", {**game, "lines": 3, "time_ms": budget_ms}) for game in games]
    print("| variant | moves | ai-move depth | analyze (3 lines) depth | ai-move nodes | analyze nodes |")
    print("|---|---|---|---|---|---|")
    for game, single, lines in zip(games, singles, analyses):
        print(f"| {game['variant']} | {len(game['moves'])} | {single['depth']} | {lines['depth']} "
              f"| {single['nodes']:,} | {lines['nodes']:,} |")


def review_time(api: Api, variant: str, plies: int, seed: int) -> None:
    moves: list = []
    while len(moves) < plies:
        answer = api.post("/v1/ai-move", {"variant": variant, "moves": moves, "difficulty": "easy", "seed": seed})
        moves.append(answer["move"]["notation"])
        if answer["status"]["state"] != "ongoing":
            break
    started = time.monotonic()
    review = api.post("/v1/review", {"variant": variant, "moves": moves})
    wall = time.monotonic() - started
    summary = review["summary"]
    depths = [p["depth"] for p in review["plies"]]
    print(f"{variant}: {len(moves)} plies reviewed in {summary['time_ms']} ms (client: {wall * 1000:.0f} ms); "
          f"depth per position {min(depths)}-{max(depths)}, mean {sum(depths) / len(depths):.1f}; "
          f"white {json.dumps(summary['white'])}; black {json.dumps(summary['black'])}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", required=True)
    parser.add_argument("--budget-ms", type=int, default=1000, help="the budget of both searches (default 1000)")
    parser.add_argument("--plies", type=int, default=100, help="the reviewed game's length (default 100)")
    parser.add_argument("--seed", type=int, default=5, help="the seed of the game played for the review")
    args = parser.parse_args()
    api = Api(args.url)
    api.wait_ready(30)
    depth_table(api, args.budget_ms)
    review_time(api, "international", args.plies, args.seed)


if __name__ == "__main__":
    main()
