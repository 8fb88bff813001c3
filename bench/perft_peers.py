#!/usr/bin/env python3
"""Perft speed of draughts libraries from PyPI next to our draughts-api binary.

Run through perft_peers.sh, which sets up the virtualenv; see README.md.
"""

import argparse
import datetime
import os
import subprocess
import sys
import time
from pathlib import Path

import dame
import draughts
import kish

# Start-position perft counts, depth 1 first. Duplicate capture paths are merged,
# except for turkish, which counts every path (kish's convention, our --paths).
REFERENCE = {
    "international": [9, 81, 658, 4265, 27117, 167140, 1049442, 6483961, 41022423],
    "english": [7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680, 18391564],
    "russian": [7, 49, 302, 1469, 7482, 37986, 190146, 929899, 4570586, 22444032],
    "brazilian": [7, 49, 302, 1469, 7473, 37628, 187302, 907830, 4431766, 21560022],
    "turkish": [8, 64, 708, 7538, 85090, 931312, 10782382],
}
# py-draughts' AmericanBoard makes captures optional, so it walks a bigger tree than
# English draughts; these are its own counts (d1-d5 are in its test suite).
AMERICAN_OPTIONAL_CAPTURES = [7, 49, 379, 2872, 23582, 189143, 1583148]

DEFAULT_DEPTHS = {"international": 9, "turkish": 9, "english": 7, "russian": 8, "brazilian": 8}


def push_pop_perft(board, depth):
    """py-draughts has no perft of its own: the plain recursion on its public API."""
    if depth == 0:
        return 1
    nodes = 0
    for move in board.legal_moves:
        board.push(move)
        nodes += push_pop_perft(board, depth - 1)
        board.pop()
    return nodes


# variant -> (engine label, how it counts, board factory, perft(board, depth))
PEERS = {
    "international": ("dame-rs 0.2.0", "built-in dame.perft(board, depth)", dame.Board, dame.perft),
    "turkish": ("kish 1.1.7", "built-in Board.perft(depth)", kish.Board, lambda b, d: b.perft(d)),
    "english": ("py-draughts 1.10.1", "push/pop recursion on AmericanBoard", draughts.AmericanBoard, push_pop_perft),
    "russian": ("py-draughts 1.10.1", "push/pop recursion on RussianBoard", draughts.RussianBoard, push_pop_perft),
    "brazilian": ("py-draughts 1.10.1", "push/pop recursion on BrazilianBoard", draughts.BrazilianBoard, push_pop_perft),
}


def run_peer(variant, depth):
    _, _, make_board, perft = PEERS[variant]
    board = make_board()
    start = time.perf_counter()
    nodes = perft(board, depth)
    return nodes, time.perf_counter() - start


def run_ours(binary, variant, depth):
    """Returns (nodes, seconds, nodes/s) from the depth-N line, or an error string."""
    cmd = [str(binary), "perft", "--variant", variant, "--depth", str(depth)]
    if variant == "turkish":
        cmd.append("--paths")
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
        fields = out.strip().splitlines()[-1].split()
        if int(fields[0]) != depth:
            raise ValueError(f"last line is depth {fields[0]}")
        return int(fields[1]), float(fields[2]), float(fields[3])
    except (OSError, subprocess.CalledProcessError, IndexError, ValueError) as e:
        detail = getattr(e, "stderr", None) or str(e)
        return " ".join(detail.split())[:120]


def count_at(counts, depth):
    return counts[depth - 1] if depth <= len(counts) else None


def check(nodes, expected, label):
    if expected is None:
        return "no reference"
    return f"ok ({label})" if nodes == expected else f"**MISMATCH**: {label} {expected}"


def machine_line(cpu):
    cpuinfo = Path("/proc/cpuinfo").read_text()
    model = next((l.split(":", 1)[1].strip() for l in cpuinfo.splitlines() if l.startswith("model name")), "?")
    now = datetime.datetime.now().astimezone().isoformat(timespec="seconds")
    return f"machine: nproc={os.cpu_count()}, CPU: {model}, date: {now}, all runs pinned to CPU {cpu}, one at a time"


def main():
    here = Path(__file__).resolve().parent
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    for variant, depth in DEFAULT_DEPTHS.items():
        ap.add_argument(f"--{variant}", type=int, default=depth, metavar="DEPTH", help=f"default {depth}")
    ap.add_argument("--only", nargs="+", choices=list(DEFAULT_DEPTHS), help="run only these variants")
    target = here.parent / os.environ.get("CARGO_TARGET_DIR", "target")
    ap.add_argument("--bin", type=Path, default=target / "release/draughts-api", help="our binary")
    ap.add_argument("--cpu", type=int, default=max(os.sched_getaffinity(0)), help="CPU to pin every run to")
    args = ap.parse_args()

    os.sched_setaffinity(0, {args.cpu})  # inherited by our binary's process
    print(machine_line(args.cpu) + "\n")
    print("| variant | depth | engine | nodes | seconds | nodes/s | our speed ÷ peer speed | check |")
    print("|---|---|---|---|---|---|---|---|")
    mismatches = 0
    variants = args.only or DEFAULT_DEPTHS
    for variant in variants:
        depth = getattr(args, variant)
        ref = count_at(REFERENCE[variant], depth)
        label, how, _, _ = PEERS[variant]

        ours = run_ours(args.bin, variant, depth)
        peer_nodes, peer_secs = run_peer(variant, depth)
        peer_nps = peer_nodes / peer_secs
        if variant == "english":
            peer_check = check(peer_nodes, count_at(AMERICAN_OPTIONAL_CAPTURES, depth), "py-draughts' American count")
        else:
            peer_check = check(peer_nodes, ref, "reference")

        if isinstance(ours, str):
            ours_row = f"| {variant} | {depth} | draughts-api | — | — | — | — | **FAILED**: {ours} |"
            ratio = "—"
        else:
            nodes, secs, nps = ours
            if ref is None and variant != "english":
                ours_check = check(nodes, peer_nodes, "peer")
            else:
                ours_check = check(nodes, ref, "reference")
            mismatches += "MISMATCH" in ours_check
            ours_row = f"| {variant} | {depth} | draughts-api | {nodes} | {secs:.3f} | {nps / 1e6:.2f} M | — | {ours_check} |"
            ratio = f"{nps / peer_nps:.2f}×" + ("*" if variant == "english" else "")
        mismatches += "MISMATCH" in peer_check
        print(ours_row)
        print(f"| {variant} | {depth} | {label}: {how} | {peer_nodes} | {peer_secs:.3f} | "
              f"{peer_nps / 1e6:.2f} M | {ratio} | {peer_check} |", flush=True)

    print()
    if "english" in variants:
        print("* english: py-draughts plays American rules (captures optional), a larger tree: only nodes/s compare.")
    if "turkish" in variants:
        print("kish bulk-counts the last ply (its docs: it counts those moves without playing them).")
    if mismatches:
        print(f"\n{mismatches} node-count MISMATCH(ES): see the check column.")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
