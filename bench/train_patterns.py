#!/usr/bin/env python3
"""Fits an evaluation's pattern values to self-play games (bench/README.md, "Patterns").

Reads what `draughts-api replay` prints of games files (one quiet position a line: game number,
White's result, the static value for White, PDN FEN, squares numbered or algebraic, and White's
deeper search score when the games were labelled) and fits
one value, in hundredths of a man, to each arrangement of men in each overlapping region of the
board (8 playable squares, each empty, a white man or a black man: 3^8 arrangements; kings
count as empty; on a diagonal board 4 rows by 4 columns, 16 regions on the 10x10 board and 9 on
the 8x8; on the orthogonal board of Turkish, 2 rows by 4 columns, 21 regions), so that
sigmoid(K * (static value + the regions' values) / 100) predicts White's result, or with
--blend b the target (1 - b) * result + b * sigmoid(K * label / 100). K is fitted first, to the
static value alone against the results. Every position is also used mirrored (the board turned
round, the colours swapped, the result reversed), and the values are then made exactly opposite
for mirrored arrangements, so that the evaluation treats both colours alike.

The games are split by number into a fitting and a checking part (one in ten); the fit stops
when the checking part's loss stops falling, and both losses are printed against the static
value's alone. The values (at most --limit, 127, in size) are written as signed bytes, region
by region (regions row by row from the top-left, arrangements numbered by base-3 digits, the
squares of a region counted from its top row, left to right), the layout of
src/engine/patterns.rs.

Games played with pattern values already in the evaluation (a second fit) record static values
that include them: --base names that file, its values are taken out of each static value and
the fit starts from them.

Usage: bench/.venv/bin/python bench/train_patterns.py [--board 10|8|orthogonal] OUT.bin DATA [DATA...]
"""

import argparse
import sys

import numpy as np

ARRANGEMENTS = 3**8
# The board, set by --board: its size (10 or 8), whether every square is playable (the
# orthogonal board), and the playable squares and regions that follow.
ROWS = 10
ORTHOGONAL = False
SQUARES = 50
REGIONS = 16


def set_board(board):
    global ROWS, ORTHOGONAL, SQUARES, REGIONS
    if board == "orthogonal":
        ROWS, ORTHOGONAL, SQUARES, REGIONS = 8, True, 64, 7 * 3
    else:
        size = int(board)
        ROWS, ORTHOGONAL, SQUARES, REGIONS = size, False, size * size // 2, (size // 2 - 1) ** 2


def square(row, column):
    """The index (0-based, row by row from the top as White sees it) of the playable square at
    (row, column): its PDN number less one on numbered boards."""
    if ORTHOGONAL:
        return row * ROWS + column
    return row * (ROWS // 2) + column // 2


def square_index(name):
    """The index of a square written as a number (`32`) or algebraically (`c3`: file, rank)."""
    if name[0].isalpha():
        return square(ROWS - int(name[1:]), ord(name[0]) - ord("a"))
    return int(name) - 1


def region_squares():
    """For each region, its 8 squares (0-based), top row first, left to right: 4 rows by 4
    columns from every even row and column on a diagonal board, 2 rows by 4 columns from every
    row and columns 0, 2 and 4 on the orthogonal board."""
    if ORTHOGONAL:
        height, tops, lefts = 2, range(ROWS - 1), range(0, ROWS - 3, 2)
    else:
        height, tops, lefts = 4, range(0, ROWS - 2, 2), range(0, ROWS - 2, 2)
    regions = []
    for top in tops:
        for left in lefts:
            squares = [
                square(row, column)
                for row in range(top, top + height)
                for column in range(left, left + 4)
                if ORTHOGONAL or (row + column) % 2 == 1
            ]
            assert len(squares) == 8
            regions.append(squares)
    return np.array(regions)


def parse_squares(text):
    """The men and kings (0-based indexes) of one colour's part of a FEN ('W31,32,K45' or
    'Wa1,c3,Ke5' without the colour)."""
    men, kings = [], []
    for item in filter(None, text.split(",")):
        king = item.startswith("K")
        item = item.lstrip("K")
        if "-" in item:
            first, last = map(int, item.split("-"))
            indexes = range(first - 1, last)
        else:
            indexes = [square_index(item)]
        (kings if king else men).extend(indexes)
    return men, kings


def load(paths):
    """(game keys, results, static values, labels, board states) of every line of `paths`; a
    line without a label gets NaN."""
    keys, results, values, labels, boards = [], [], [], [], []
    for file_index, path in enumerate(paths):
        with open(path) as lines:
            for line in lines:
                game, result, value, fen, *label = line.split()
                board = np.zeros(SQUARES, dtype=np.uint8)
                for part in fen.split(":")[1:]:
                    men, _ = parse_squares(part[1:])
                    board[np.array(men, dtype=np.int64)] = 1 if part[0] == "W" else 2
                keys.append(file_index * 1_000_000 + int(game))
                results.append(float(result))
                values.append(float(value))
                labels.append(float(label[0]) if label else np.nan)
                boards.append(board)
    return np.array(keys), np.array(results), np.array(values), np.array(labels), np.array(boards)


def mirrored(boards):
    """The boards turned round with the colours swapped."""
    turned = boards[:, ::-1]
    swap = np.array([0, 2, 1], dtype=np.uint8)
    return swap[turned]


def indices(boards, regions):
    """The arrangement number of each region of each board."""
    powers = 3 ** np.arange(8)
    return np.stack([boards[:, r].astype(np.int64) @ powers for r in regions], axis=1)


def mirror_arrangements():
    """For each arrangement, the arrangement of the mirrored board in the opposite region
    (region r and REGIONS - 1 - r): its squares in reverse order, the colours swapped."""
    digits = (np.arange(ARRANGEMENTS)[:, None] // 3 ** np.arange(8)) % 3
    swapped = np.array([0, 2, 1])[digits[:, ::-1]]
    return swapped @ 3 ** np.arange(8)


def loss(logits, results):
    """The mean cross-entropy of sigmoid(logits) against results."""
    return float(np.mean(np.logaddexp(0, logits) - results * logits))


def fit_scale(values, results):
    """K minimising the loss of sigmoid(K * value / 100), by golden-section search."""
    low, high = 0.01, 5.0
    ratio = (5**0.5 - 1) / 2
    for _ in range(60):
        a = high - ratio * (high - low)
        b = low + ratio * (high - low)
        if loss(a * values / 100, results) < loss(b * values / 100, results):
            high = b
        else:
            low = a
    return (low + high) / 2


def read_values(path):
    """The pattern values in `path` (as written by this script), one row per region."""
    values = np.fromfile(path, dtype="i1")
    if values.size != REGIONS * ARRANGEMENTS:
        sys.exit(f"{path}: {values.size} bytes, not {REGIONS * ARRANGEMENTS} ({REGIONS} regions of {ARRANGEMENTS} values)")
    return values.reshape(REGIONS, ARRANGEMENTS).astype(float)


def byte_limit(text):
    """--limit's value: an integer that a signed byte holds, 1 to 127."""
    value = int(text)
    if not 1 <= value <= 127:
        raise argparse.ArgumentTypeError(f"{value} is not between 1 and 127 (the values are stored as signed bytes)")
    return value


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--board", choices=("10", "8", "orthogonal"), default="10", help="the board: 10x10, 8x8 or orthogonal 8x8 (default 10)"
    )
    parser.add_argument("out")
    parser.add_argument("data", nargs="+")
    parser.add_argument("--l2", type=float, default=2e-9, help="penalty per squared hundredth of a man")
    parser.add_argument("--rate", type=float, default=1.0, help="Adam's step, hundredths of a man")
    parser.add_argument("--steps", type=int, default=400)
    parser.add_argument(
        "--limit", type=byte_limit, default=127, help="largest value, hundredths of a man (1 to 127: one signed byte)"
    )
    parser.add_argument(
        "--blend",
        type=float,
        default=0.0,
        help="weight of the search labels in each target, 0 to 1: (1 - b) * result + b * sigmoid(K * label / 100)",
    )
    parser.add_argument("--base", help="the pattern values the games' static values include; the fit starts from them")
    args = parser.parse_args()
    set_board(args.board)

    keys, results, values, labels, boards = load(args.data)
    if not 0 <= args.blend <= 1:
        sys.exit(f"--blend {args.blend} is not between 0 and 1")
    if args.blend > 0 and np.isnan(labels).any():
        sys.exit(f"--blend {args.blend} needs a label on every position: {np.isnan(labels).sum()} have none")
    regions = region_squares()
    checking = (keys * 2654435761 % 2**32) % 10 == 0
    print(f"{len(results)} positions from {len(set(keys))} games; White scored {results.mean():.3f}")
    if not checking.any() or checking.all():
        sys.exit("too few games: one in ten is held out for checking, and none or all were")

    # Each position and its mirror image.
    results = np.concatenate([results, 1 - results])
    values = np.concatenate([values, -values])
    labels = np.concatenate([labels, -labels])
    checking = np.concatenate([checking, checking])
    index = indices(np.concatenate([boards, mirrored(boards)]), regions)
    fitting = ~checking
    columns = np.arange(REGIONS)
    weights = np.zeros((REGIONS, ARRANGEMENTS))
    if args.base:
        weights = read_values(args.base)
        values = values - weights[columns, index].sum(axis=1)

    scale = fit_scale(values[fitting], results[fitting]) / 100
    if args.blend > 0:
        # The targets: each game's result blended with what the deeper search saw, as a score
        # on the same scale.
        results = (1 - args.blend) * results + args.blend / (1 + np.exp(-scale * labels))
        print(f"targets: {1 - args.blend:.2f} of the result, {args.blend:.2f} of sigmoid(K * label / 100)")
    base_fit = loss(scale * values[fitting], results[fitting])
    base_check = loss(scale * values[checking], results[checking])
    print(f"K = {scale * 100:.4f}; static value alone: loss {base_fit:.5f} fitting, {base_check:.5f} checking")

    moment, velocity = np.zeros_like(weights), np.zeros_like(weights)
    fit_index, fit_results, fit_values = index[fitting], results[fitting], values[fitting]
    check_index, check_results, check_values = index[checking], results[checking], values[checking]

    def logits(idx, vals):
        return scale * (vals + weights[columns, idx].sum(axis=1))

    best = (loss(logits(check_index, check_values), check_results), weights.copy(), 0)
    if args.base:
        print(f"with the values of {args.base}: loss {best[0]:.5f} checking")
    for step in range(1, args.steps + 1):
        z = logits(fit_index, fit_values)
        error = (1 / (1 + np.exp(-z)) - fit_results) * scale / len(fit_results)
        gradient = np.stack([np.bincount(fit_index[:, r], weights=error, minlength=ARRANGEMENTS) for r in columns])
        gradient += 2 * args.l2 * weights
        moment = 0.9 * moment + 0.1 * gradient
        velocity = 0.999 * velocity + 0.001 * gradient**2
        weights -= args.rate * (moment / (1 - 0.9**step)) / (np.sqrt(velocity / (1 - 0.999**step)) + 1e-12)
        np.clip(weights, -args.limit, args.limit, out=weights)
        if step % 10 == 0:
            check = loss(logits(check_index, check_values), check_results)
            if check < best[0]:
                best = (check, weights.copy(), step)
            print(f"step {step}: loss {loss(z, fit_results):.5f} fitting, {check:.5f} checking", flush=True)
            if step - best[2] >= 50:
                break
    check, weights, step = best
    # The data holds every position and its mirror image, so the values are already nearly
    # opposite for mirrored arrangements; make them exactly so, before rounding.
    weights = (weights - weights[::-1][:, mirror_arrangements()]) / 2
    print(f"kept step {step}: checking loss {check:.5f} against {base_check:.5f} for the static value alone")
    used = np.abs(weights) >= 1
    print(f"{used.sum()} of {weights.size} values at least 1; largest {np.abs(weights).max():.0f}")
    np.round(weights).astype("i1").tofile(args.out)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
