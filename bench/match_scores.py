#!/usr/bin/env python3
"""What our engine thought during each game of a match: one line per game from a
``match.py --json`` file, with the result for player A, how the game ended, and the best and
worst score A's engine gave its own moves (hundredths of a man; ±9999 is a forced result).

A draw whose best score is far above zero is a game the engine believed it was winning and did
not convert; a draw that never rose above zero is one where no edge was built.

    python3 bench/match_scores.py games.json            # every game, draws first
    python3 bench/match_scores.py games.json --draws    # draws only, then a one-line summary
"""

import argparse
import json


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("json", help="a file written by match.py --json")
    ap.add_argument("--draws", action="store_true", help="draws only")
    ap.add_argument("--ahead", type=int, default=100,
                    help="a draw counts as 'was ahead' when A's best score reached this (default 100)")
    args = ap.parse_args()
    with open(args.json, encoding="utf-8") as f:
        games = json.load(f)["games"]
    order = {"D": 0, "L": 1, "W": 2}
    rows = []
    for g in games:
        a = "white" if g["a_is_white"] else "black"
        result = "D" if g["result"] == "draw" else "W" if g["result"] == a else "L"
        scores = g["stats"][a]["scores"]
        best, worst = (max(scores), min(scores)) if scores else (None, None)
        rows.append((order[result], g["index"], result, g["reason"], len(g["moves"]), best, worst, g["final_fen"]))
    rows.sort()
    for _, index, result, reason, plies, best, worst, fen in rows:
        if args.draws and result != "D":
            continue
        print(f"game {index:3}  {result}  {reason:12} {plies:4} plies  best {best}  worst {worst}  final {fen}")
    draws = [r for r in rows if r[2] == "D"]
    ahead = [r for r in draws if r[5] is not None and r[5] >= args.ahead]
    print(f"{len(draws)} draws, {len(ahead)} of them after A's engine scored {args.ahead} or more")


if __name__ == "__main__":
    main()
