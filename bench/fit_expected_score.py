#!/usr/bin/env python3
"""Fit the expected-score curve of each board family from the engine's selfplay games.

Model: P(score for White) = 1 / (1 + exp(-v / s)), v the static value for White (hundredths of
a man) of a quiet position, s > 0 the family's scale. Fitted by maximum likelihood with draws
counting 0.5 (minimum cross-entropy against targets 0, 0.5, 1). Standard library only.

    fit_expected_score.py                    # refit every family from bench/expected_score/*.games.gz
    fit_expected_score.py fit --write        # ... and rewrite fits.json and calibration.md
    fit_expected_score.py fit --family turkish --bootstrap 200
    fit_expected_score.py import --family F --variant V --command CMD RAW   # raw selfplay output

`import` reads the output of `draughts-api replay` (of the games `draughts-api selfplay` wrote) (`<game> <White's result> <value> <FEN>` a
line) and stores one line per game (`<game> <result> <value> <value> ...`) in
bench/expected_score/<family>.games.gz: everything the fit needs, so a refit from it gives the
same scale to the last digit.
"""

import argparse
import datetime
import gzip
import io
import json
import math
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "expected_score")
MODEL = (
    "P(score for White) = 1 / (1 + exp(-v / scale)), v = static value for White of a quiet "
    "position (hundredths of a man); maximum likelihood, draws count 0.5"
)
# Bin edges of the calibration table (hundredths of a man): [-inf,-800), [-800,-400), ...
EDGES = [-800, -400, -200, -100, -50, -20, 20, 50, 100, 200, 400, 800]
FORMAT = ("# one line per game: <game> <White's result> then, for each quiet position in game "
          "order, the side to move (w or b) and the static value for White\n")
ORDER = [
    "short_kings_8",
    "flying_kings_8",
    "flying_kings_10",
    "flying_kings_12",
    "turkish",
    "give_away",
    "breakthrough",
]


# ---------------------------------------------------------------------------------------------
# Data


def read_raw(path):
    """Games from raw selfplay output: list of (game, result, [(value, White to move)])."""
    games = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            parts = line.split(None, 3)
            if not parts:
                continue
            if len(parts) < 3:
                sys.exit(f"{path}:{n}: expected `<game> <result> <value> <FEN>`: {line!r}")
            game, result, value = int(parts[0]), float(parts[1]), int(parts[2])
            side = parts[3][:1].upper() if len(parts) > 3 else ""
            if side not in ("W", "B"):
                sys.exit(f"{path}:{n}: the FEN does not start with W or B: {line!r}")
            value = (value, side == "W")
            if result not in (0.0, 0.5, 1.0):
                sys.exit(f"{path}:{n}: result {parts[1]} is not 1, 0.5 or 0")
            if games and games[-1][0] == game:
                if games[-1][1] != result:
                    sys.exit(f"{path}:{n}: game {game} changes its result")
                games[-1][2].append(value)
            else:
                if any(g[0] == game for g in games[-3:]):
                    sys.exit(f"{path}:{n}: game {game} is not contiguous")
                games.append((game, result, [value]))
    return games


def fmt_result(r):
    return {0.0: "0", 0.5: "0.5", 1.0: "1"}[r]


def write_games(path, header, games):
    text = io.StringIO()
    for key, value in header.items():
        text.write(f"# {key}: {value}\n")
    text.write(FORMAT)
    for game, result, values in games:
        cells = " ".join(("w" if white else "b") + str(v) for v, white in values)
        text.write(f"{game} {fmt_result(result)} {cells}\n")
    # mtime=0 and no file name: the same data gives the same bytes.
    with open(path, "wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0) as f:
        f.write(text.getvalue().encode())


def read_games(path):
    header, games = {}, []
    with gzip.open(path, "rt") as f:
        for line in f:
            if line.startswith("#"):
                key, sep, value = line[1:].strip().partition(": ")
                if sep and not line.startswith(FORMAT[:12]):
                    header[key] = value
                continue
            parts = line.split()
            if parts:
                values = [(int(c[1:]), c[0] == "w") for c in parts[2:]]
                games.append((int(parts[0]), float(parts[1]), values))
    return header, games


def git_build():
    try:
        return subprocess.run(["git", "-C", HERE, "log", "-1", "--format=%h"], check=True,
                              capture_output=True, text=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def cmd_import(args):
    games = read_raw(args.raw)
    if not games:
        sys.exit(f"{args.raw}: no positions")
    when = datetime.datetime.fromtimestamp(os.path.getmtime(args.raw), datetime.timezone.utc)
    header = {
        "family": args.family,
        "variant": args.variant,
        "command": args.command,
        "build": args.build or git_build(),
        "generated": when.strftime("%Y-%m-%d %H:%M UTC"),
        "nproc": os.cpu_count(),
    }
    if args.seconds is not None:
        header["seconds"] = args.seconds
    os.makedirs(DATA, exist_ok=True)
    path = os.path.join(DATA, f"{args.family}.games.gz")
    write_games(path, header, games)
    positions = sum(len(v) for _, _, v in games)
    print(f"{args.family}: {len(games)} games, {positions} positions -> {os.path.relpath(path)}",
          file=sys.stderr)


# ---------------------------------------------------------------------------------------------
# Fit


def histogram(games, weights=None, by_side=False):
    """value -> [positions, sum of results]: the log-likelihood depends on nothing else.
    With by_side, the key is (value, +1 if White is to move else -1)."""
    h = {}
    for i, (_, result, values) in enumerate(games):
        w = 1 if weights is None else weights[i]
        if not w:
            continue
        for v, white in values:
            if by_side:
                v = (v, 1 if white else -1)
            cell = h.get(v)
            if cell is None:
                h[v] = [w, w * result]
            else:
                cell[0] += w
                cell[1] += w * result
    return sorted((v, n, y) for v, (n, y) in h.items())


def log_sigmoid(x):
    return -math.log1p(math.exp(-x)) if x >= 0 else x - math.log1p(math.exp(x))


def sigmoid(x):
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


def loss(hist, a):
    """Total cross-entropy (nats) of the model with slope a = 1/scale."""
    total = 0.0
    for v, n, y in hist:
        x = a * v
        total -= y * log_sigmoid(x) + (n - y) * log_sigmoid(-x)
    return total


def fit_slope(hist):
    """Maximum-likelihood a = 1/scale: Newton's method on a convex loss, halving bad steps."""
    a = 0.01
    current = loss(hist, a)
    for _ in range(200):
        g = h = 0.0
        for v, n, y in hist:
            p = sigmoid(a * v)
            g -= (y - n * p) * v
            h += n * p * (1.0 - p) * v * v
        if h <= 0.0:
            break
        step = g / h
        while True:
            candidate = a - step
            new = loss(hist, candidate)
            if new <= current or abs(step) < 1e-15:
                break
            step /= 2.0
        if abs(candidate - a) <= 1e-13 * max(abs(a), 1e-9):
            a, current = candidate, new
            break
        a, current = candidate, new
    return a


def fit_offsets(hist_sides, a0):
    """Diagnostic: P = sigmoid(a*v + c + d*t), t = +1 with White to move and -1 with Black.
    c/a is a bias for White and d/a one for the side to move, both in hundredths of a man;
    the curve the service uses has neither."""

    def total(theta):
        a, c, d = theta
        out = 0.0
        for (v, t), n, y in hist_sides:
            x = a * v + c + d * t
            out -= y * log_sigmoid(x) + (n - y) * log_sigmoid(-x)
        return out

    theta = [a0, 0.0, 0.0]
    current = total(theta)
    for _ in range(100):
        g = [0.0] * 3
        h = [[0.0] * 3 for _ in range(3)]
        for (v, t), n, y in hist_sides:
            f = (v, 1.0, t)
            p = sigmoid(theta[0] * v + theta[1] + theta[2] * t)
            r = y - n * p
            w = n * p * (1.0 - p)
            for j in range(3):
                g[j] -= r * f[j]
                for k in range(3):
                    h[j][k] += w * f[j] * f[k]
        step = solve3(h, g)
        if step is None:
            break
        scale = 1.0
        while True:
            candidate = [theta[j] - scale * step[j] for j in range(3)]
            new = total(candidate)
            if new <= current or scale < 1e-12:
                break
            scale /= 2.0
        done = all(abs(candidate[j] - theta[j]) <= 1e-12 * max(1.0, abs(theta[j])) for j in range(3))
        theta, current = candidate, new
        if done:
            break
    return theta, current


def solve3(m, b):
    """Gaussian elimination with partial pivoting on a 3x3 system; None if singular."""
    a = [row[:] + [b[i]] for i, row in enumerate(m)]
    for col in range(3):
        piv = max(range(col, 3), key=lambda r: abs(a[r][col]))
        if abs(a[piv][col]) < 1e-300:
            return None
        a[col], a[piv] = a[piv], a[col]
        for r in range(col + 1, 3):
            f = a[r][col] / a[col][col]
            for k in range(col, 4):
                a[r][k] -= f * a[col][k]
    x = [0.0] * 3
    for r in (2, 1, 0):
        x[r] = (a[r][3] - sum(a[r][k] * x[k] for k in range(r + 1, 3))) / a[r][r]
    return x


def cluster_se(games, a):
    """Standard error of a with games as clusters (sandwich estimator): positions of one game
    are correlated, so their score contributions are summed per game before squaring."""
    meat = bread = 0.0
    for _, result, values in games:
        score = 0.0
        for v, _ in values:
            p = sigmoid(a * v)
            score += (result - p) * v
            bread += p * (1.0 - p) * v * v
        meat += score * score
    return math.sqrt(meat) / bread if bread else float("nan")


def calibration(games, scale):
    edges = [-math.inf] + EDGES + [math.inf]
    rows = [[lo, hi, 0, 0.0, 0.0] for lo, hi in zip(edges, edges[1:])]
    for _, result, values in games:
        for v, _ in values:
            i = next(i for i, r in enumerate(rows) if v < r[1])
            rows[i][2] += 1
            rows[i][3] += result
            rows[i][4] += sigmoid(v / scale)
    return rows


def fmt_edge(x):
    return "∞" if x == math.inf else "-∞" if x == -math.inf else str(int(x))


def summarize(family, header, games, bootstrap, seed):
    hist = histogram(games)
    positions = sum(n for _, n, _ in hist)
    a = fit_slope(hist)
    out = {"family": family, "variant": header.get("variant", ""), "games": len(games),
           "positions": positions}
    results = [r for _, r, _ in games]
    out["white_wins"] = results.count(1.0)
    out["draws"] = results.count(0.5)
    out["black_wins"] = results.count(0.0)
    out["mean_result"] = sum(y for _, _, y in hist) / positions
    if a <= 0:
        out["scale"] = None
        out["slope"] = a
        out["note"] = "the fitted slope is not positive: the static value does not predict the result"
        return out, []
    scale = 1.0 / a
    se_a = cluster_se(games, a)
    out["scale"] = round(scale, 1)
    out["scale_exact"] = scale
    # delta method: s = 1/a, so se(s) = se(a) / a^2
    out["scale_se"] = round(se_a / (a * a), 1)
    halves = []
    for parity in (1, 0):
        part = [g for g in games if g[0] % 2 == parity]
        ah = fit_slope(histogram(part))
        halves.append(round(1.0 / ah, 1) if ah > 0 else None)
    out["scale_odd_even_games"] = halves
    if bootstrap:
        rng = random.Random(seed)
        scales = []
        for _ in range(bootstrap):
            weights = [0] * len(games)
            for _ in range(len(games)):
                weights[rng.randrange(len(games))] += 1
            ab = fit_slope(histogram(games, weights))
            scales.append(1.0 / ab if ab > 0 else math.inf)
        scales.sort()
        lo = scales[int(0.025 * (bootstrap - 1))]
        hi = scales[int(math.ceil(0.975 * (bootstrap - 1)))]
        out["scale_bootstrap_95"] = [round(lo, 1), round(hi, 1)]
    out["log_loss"] = loss(hist, a) / positions
    out["log_loss_half"] = math.log(2.0)
    m = out["mean_result"]
    out["log_loss_best_constant"] = -(m * math.log(m) + (1 - m) * math.log(1 - m)) if 0 < m < 1 else 0.0
    (a3, c3, d3), loss3 = fit_offsets(histogram(games, by_side=True), a)
    if a3 > 0:
        out["offsets"] = {"scale": round(1.0 / a3, 1), "white": round(c3 / a3, 1),
                          "side_to_move": round(d3 / a3, 1), "log_loss": loss3 / positions}
    rows = calibration(games, scale)
    out["max_bin_error"] = max((abs(r[3] - r[4]) / r[2] for r in rows if r[2] >= 200), default=None)
    return out, rows


def report(out, rows, header):
    lines = []
    lines.append(f"## {out['family']} ({out['variant']})")
    lines.append("")
    if "command" in header:
        lines.append(f"`{header['command']}` (build {header.get('build', '?')}, "
                     f"{header.get('generated', '?')}, nproc {header.get('nproc', '?')}"
                     + (f", {header['seconds']} s" if "seconds" in header else "") + ")")
        lines.append("")
    lines.append(f"{out['games']} games (White {out['white_wins']}, draws {out['draws']}, "
                 f"Black {out['black_wins']}), {out['positions']} positions.")
    if out["scale"] is None:
        lines.append(f"**No fit**: {out['note']} (slope {out['slope']:.3g}).")
        return "\n".join(lines)
    extra = f"; odd / even games {out['scale_odd_even_games'][0]} / {out['scale_odd_even_games'][1]}"
    if "scale_bootstrap_95" in out:
        b = out["scale_bootstrap_95"]
        extra += f"; bootstrap over games 95 % [{b[0]}, {b[1]}]"
    lines.append(f"**scale {out['scale']}** ± {out['scale_se']} (standard error, games as "
                 f"clusters{extra}).")
    lines.append(f"Log-loss per position {out['log_loss']:.4f} against {out['log_loss_half']:.4f} "
                 f"for a constant 0.5 and {out['log_loss_best_constant']:.4f} for the best "
                 f"constant ({out['mean_result']:.3f}).")
    if "offsets" in out:
        o = out["offsets"]
        lines.append(f"Diagnostic fit with offsets, sigmoid((v + w + m·t) / s), t = ±1 for White / "
                     f"Black to move: s {o['scale']}, White offset w {o['white']:+}, side-to-move "
                     f"offset m {o['side_to_move']:+} (hundredths of a man), log-loss "
                     f"{o['log_loss']:.4f}.")
    lines.append("")
    lines.append("| value for White | positions | observed | predicted | obs − pred |")
    lines.append("|---|---:|---:|---:|---:|")
    for lo, hi, n, y, p in rows:
        if n:
            lines.append(f"| [{fmt_edge(lo)}, {fmt_edge(hi)}) | {n} | {y / n:.3f} | {p / n:.3f} | "
                         f"{(y - p) / n:+.3f} |")
        else:
            lines.append(f"| [{fmt_edge(lo)}, {fmt_edge(hi)}) | 0 | | | |")
    return "\n".join(lines)


def cmd_fit(args):
    files = sorted(f for f in os.listdir(DATA) if f.endswith(".games.gz")) if os.path.isdir(DATA) else []
    families = [f[: -len(".games.gz")] for f in files]
    families.sort(key=lambda f: (ORDER.index(f) if f in ORDER else len(ORDER), f))
    if args.family:
        missing = [f for f in args.family if f not in families]
        if missing:
            sys.exit(f"no data for {', '.join(missing)} in {DATA}")
        families = [f for f in families if f in args.family]
    if not families:
        sys.exit(f"no *.games.gz in {DATA}")
    fits, texts = {}, []
    for family in families:
        header, games = read_games(os.path.join(DATA, f"{family}.games.gz"))
        out, rows = summarize(family, header, games, args.bootstrap, args.seed)
        text = report(out, rows, header)
        texts.append(text)
        print(text + "\n", flush=True)
        entry = {
            "scale": out["scale"],
            "variant": out["variant"],
            "games": out["games"],
            "positions": out["positions"],
            "scale_se": out.get("scale_se"),
            "scale_odd_even_games": out.get("scale_odd_even_games"),
            "white_draw_black": [out["white_wins"], out["draws"], out["black_wins"]],
            "log_loss": round(out["log_loss"], 4) if "log_loss" in out else None,
            "log_loss_half": round(math.log(2.0), 4),
            "command": header.get("command"),
            "build": header.get("build"),
            "generated": header.get("generated"),
        }
        if "offsets" in out:
            entry["diagnostic_offsets"] = {k: (round(v, 4) if k == "log_loss" else v)
                                           for k, v in out["offsets"].items()}
        if "scale_bootstrap_95" in out:
            entry["scale_bootstrap_95"] = out["scale_bootstrap_95"]
        fits[family] = entry
    if args.write:
        old = {}
        path = os.path.join(DATA, "fits.json")
        if args.family and os.path.exists(path):
            with open(path) as f:
                old = json.load(f).get("families", {})
        old.update(fits)
        ordered = {k: old[k] for k in sorted(old, key=lambda f: (ORDER.index(f) if f in ORDER else len(ORDER), f))}
        refit = "python3 bench/fit_expected_score.py fit --write"
        if args.bootstrap:
            refit += f" --bootstrap {args.bootstrap}" + (f" --seed {args.seed}" if args.seed != 1 else "")
        doc = {"model": MODEL, "refit": refit,
               "families": ordered}
        with open(path, "w") as f:
            json.dump(doc, f, indent=2, ensure_ascii=False)
            f.write("\n")
        if not args.family:
            with open(os.path.join(DATA, "calibration.md"), "w") as f:
                f.write("# Expected-score fits: calibration\n\n"
                        "Written by `python3 bench/fit_expected_score.py fit --write` from the "
                        "`*.games.gz` files here. Model: " + MODEL + ". \"observed\" is the mean "
                        "result for White of the positions in the bin, \"predicted\" the mean of "
                        "the fitted curve over them.\n\n")
                f.write("\n\n".join(texts) + "\n")
        print(f"wrote {os.path.relpath(path)}", file=sys.stderr)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="cmd")
    p = sub.add_parser("fit", help="refit from bench/expected_score/*.games.gz (the default)")
    p.add_argument("--family", action="append", help="only this family (repeatable)")
    p.add_argument("--write", action="store_true", help="rewrite fits.json and calibration.md")
    p.add_argument("--bootstrap", type=int, default=0, metavar="N",
                   help="also a bootstrap over games with N resamples (about 0.05 s each per 250k positions)")
    p.add_argument("--seed", type=int, default=1, help="seed of the bootstrap")
    p.add_argument("--data", help="the data folder (default: bench/expected_score)")
    p.set_defaults(func=cmd_fit)
    p = sub.add_parser("import", help="store raw selfplay output as <family>.games.gz")
    p.add_argument("--family", required=True)
    p.add_argument("--variant", required=True)
    p.add_argument("--command", required=True, help="the selfplay command, for the record")
    p.add_argument("--seconds", type=int, help="how long the selfplay took")
    p.add_argument("--build", help="the commit of the binary (default: git log -1 here)")
    p.add_argument("--data", help="the data folder (default: bench/expected_score)")
    p.add_argument("raw")
    p.set_defaults(func=cmd_import)
    argv = sys.argv[1:]
    if not argv or (argv[0] not in ("fit", "import", "-h", "--help")):
        argv = ["fit"] + argv
    args = parser.parse_args(argv)
    global DATA
    if args.data:
        DATA = args.data
    args.func(args)


if __name__ == "__main__":
    main()
