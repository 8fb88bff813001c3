#!/usr/bin/env python3
"""How often this machine stops a running thread: spins on the clock for a while on one CPU
and counts the gaps between two consecutive readings, by length.

A thread that never sleeps should see the clock advance by well under a microsecond between
two readings; a longer gap is time the CPU was taken from it (by the hypervisor, an interrupt
or another task). Run it on an idle CPU (`--cpu`); `bench/load.sh`'s figures are read against
it (every stall of the server's CPU delays every request in flight).

    bench/stalls.py                     # 20 s on CPU 0
    bench/stalls.py --cpu 1 --seconds 60
"""
import argparse
import os
import time

BOUNDS_MS = [0.1, 0.25, 0.5, 1, 2, 5, 10]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cpu", type=int, default=0, help="the CPU to spin on (default 0)")
    ap.add_argument("--seconds", type=float, default=20, help="how long to spin (default 20)")
    args = ap.parse_args()
    os.sched_setaffinity(0, {args.cpu})
    counts = [0] * (len(BOUNDS_MS) + 1)
    longest = lost = 0
    clock = time.perf_counter_ns
    bounds = [int(b * 1e6) for b in BOUNDS_MS]
    start = prev = clock()
    end = start + int(args.seconds * 1e9)
    while prev < end:
        now = clock()
        gap = now - prev
        prev = now
        if gap >= bounds[0]:
            lost += gap
            longest = max(longest, gap)
            i = 0
            while i < len(bounds) and gap >= bounds[i]:
                i += 1
            counts[i - 1] += 1
    total = prev - start
    labels = [f"{a}-{b} ms" for a, b in zip(BOUNDS_MS, BOUNDS_MS[1:])] + [f">= {BOUNDS_MS[-1]} ms"]
    print(f"CPU {args.cpu}, {total / 1e9:.1f} s: stalls of " + ", ".join(f"{l}: {c}" for l, c in zip(labels, counts)))
    long_ones = sum(c for b, c in zip(BOUNDS_MS, counts) if b >= 1)
    print(f"per second, 1 ms or longer: {long_ones / (total / 1e9):.2f}; longest {longest / 1e6:.2f} ms; "
          f"time lost to gaps of 0.1 ms or more: {100 * lost / total:.2f} %")


if __name__ == "__main__":
    main()
