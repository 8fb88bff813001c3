#!/usr/bin/env python3
"""How the material went in each game of a match: every game of a ``match.py --json`` file is
replayed through a running server's ``legal-moves``, and for player A each game gives its
largest lead in pieces (a king counts as one), the ply at which each side first had a king, and
the lead when B first had one, all read in quiet positions (no capture due, so that an exchange
half played does not count). The summary splits A's results by whether A ever had a king
while B had none and A was two or more pieces ahead: the endings A converts, against the games
where such an edge never came.

    PORT=8099 ./target/release/draughts-api &
    python3 bench/match_material.py games.json --url http://127.0.0.1:8099        # not-won games
    python3 bench/match_material.py games.json --url http://127.0.0.1:8099 --all  # every game
"""

import argparse
import collections
import json

from match import Api, parse_fen

Count = tuple[int, int]  # (men, kings)


def position_after(api: Api, game: dict, plies: int) -> tuple[str, bool]:
    """The position after the game's first `plies` moves, as the server replays them, and
    whether it is quiet (the side to move has no capture)."""
    answer = api.post("/v1/legal-moves",
                      {"variant": game["variant"], "fen": game["start_fen"], "moves": game["moves"][:plies]})
    return answer["fen"], not any(m["captures"] for m in answer["moves"])


def counts(fen: str) -> tuple[Count, Count]:
    """(white, black) as (men, kings) from a PDN FEN such as ``W:W31,K46:B5,K10``."""
    pieces = list(parse_fen(fen)[1].values())
    return (pieces.count("w"), pieces.count("W")), (pieces.count("b"), pieces.count("B"))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("json", help="a file written by match.py --json")
    ap.add_argument("--url", required=True, help="a running draughts-api, e.g. http://127.0.0.1:8099")
    ap.add_argument("--all", action="store_true", help="a line for won games too")
    args = ap.parse_args()
    with open(args.json, encoding="utf-8") as f:
        games = json.load(f)["games"]
    api = Api(args.url)
    summary: collections.Counter = collections.Counter()
    for g in games:
        a = "white" if g["a_is_white"] else "black"
        result = "D" if g["result"] == "draw" else "W" if g["result"] == a else "L"
        best_lead, a_king, b_king, edge = None, None, None, False
        for ply in range(len(g["moves"]) + 1):
            fen, quiet = position_after(api, g, ply)
            if not quiet:
                continue
            white, black = counts(fen)
            ours, theirs = (white, black) if a == "white" else (black, white)
            lead = sum(ours) - sum(theirs)
            best_lead = lead if best_lead is None else max(best_lead, lead)
            if a_king is None and ours[1]:
                a_king = ply
            if b_king is None and theirs[1]:
                b_king = (ply, lead)
            edge = edge or (ours[1] > 0 and theirs[1] == 0 and lead >= 2)
        summary[(edge, result)] += 1
        if args.all or result != "W":
            a_text = f"ply {a_king}" if a_king is not None else "never"
            b_text = f"ply {b_king[0]} (A {b_king[1]:+d})" if b_king else "never"
            print(f"game {g['index']:3}  {result}  {g['reason']:12} largest lead {best_lead:+d}  "
                  f"A's first king: {a_text}  B's first king: {b_text}  "
                  f"{'edge' if edge else 'no edge'}")
    for edge in (True, False):
        w, d, l = (summary[(edge, r)] for r in "WDL")
        label = "A had a king against none, 2+ pieces ahead" if edge else "never such an edge"
        print(f"{label}: {w}-{d}-{l}")


if __name__ == "__main__":
    main()
