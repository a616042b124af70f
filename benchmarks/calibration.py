"""Win-chance calibration: the computer plays itself, and a logistic curve from the
search's value to the mover's win chance is fitted on the results.

    nice python3 benchmarks/calibration.py --variant skud --games 0:20 --out skud.jsonl
    python3 benchmarks/calibration.py --variant skud --fit skud.jsonl

Playing (``--games A:B``, seeds A to B-1, appended to ``--out``: run it in chunks) plays
each game between two Hard players at the analysis budget (``--nodes``, default the
analysis's), the first ``--random`` plies after the set-up chosen at random from the
seed so the games differ; every position's search value for the mover is written with
the game's result (1 the mover won, 0 lost, 0.5 a draw); a game still running after
``--max-plies`` is adjudicated as ``benchmarks/arena.py`` does (Skud by its evaluation,
Wiki by the R9 score).  Fitting (``--fit FILE``) finds the curve's ``scale`` and ``bias`` by
maximum likelihood (Newton's method), prints them, the log loss against an even
guess, and the calibration table: per decile of predicted chance, the mean predicted
and the observed win rate.  Prints figures, asserts nothing; reproducible for its seeds.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from arena import ADJUDICATORS  # noqa: E402

from paisho_core.analysis import DEFAULT_NODES  # noqa: E402
from paisho_core.registry import get_computer, new_game  # noqa: E402
from paisho_core.search import WIN, search  # noqa: E402


def play(variant: str, seed: int, nodes: int, randoms: int, max_plies: int) -> list[list[float]]:
    """One game's rows: ``[value for the mover, result for the mover]``."""
    game = new_game(variant)
    computer = get_computer(variant)
    assert computer is not None
    policy = computer.policy("hard")
    rng = random.Random(seed)
    seen: list[tuple[int, float]] = []
    while game.to_move is not None and game.plies < max_plies:
        mover = game.to_move
        if game.plies < randoms + 2:
            game.apply(rng.choice(game.legal_actions()))
            continue
        result = search(game, policy, max_nodes=nodes, seed=seed)
        if abs(result.value) < WIN:
            seen.append((mover, result.value))
        game.apply(result.action)
    outcome = game.outcome()
    if outcome is not None:
        winners = outcome.winners
    else:
        verdict = ADJUDICATORS[variant](game)
        winners = () if verdict is None else (verdict,)
    rows = []
    for mover, value in seen:
        won = 0.5 if len(winners) != 1 else float(winners[0] == mover)
        rows.append([round(value, 3), won])
    return rows


def _loss(rows: list[list[float]], a: float, b: float) -> float:
    """Mean cross-entropy of ``sigmoid(a * v + b)`` against the results."""
    total = 0.0
    for v, y in rows:
        z = a * v + b
        # log(1 + exp(-z)) and log(1 + exp(z)), computed stably
        lp = -(max(-z, 0.0) + math.log1p(math.exp(-abs(z))))
        lq = -(max(z, 0.0) + math.log1p(math.exp(-abs(z))))
        total -= y * lp + (1 - y) * lq
    return total / max(1, len(rows))


def fit(rows: list[list[float]]) -> tuple[float, float]:
    """``(scale, bias)`` of the logistic curve by maximum likelihood (damped Newton)."""
    a, b = 0.01, 0.0  # chance = sigmoid(a * v + b): scale = 1 / a, bias = -b / a
    current = _loss(rows, a, b)
    for _ in range(60):
        ga = gb = haa = hab = hbb = 0.0
        for v, y in rows:
            p = 1 / (1 + math.exp(-max(-60.0, min(60.0, a * v + b))))
            w = p * (1 - p)
            ga += (y - p) * v
            gb += y - p
            haa += w * v * v
            hab += w * v
            hbb += w
        det = haa * hbb - hab * hab
        if det <= 0:
            break
        da, db = (hbb * ga - hab * gb) / det, (haa * gb - hab * ga) / det
        step = 1.0
        while step > 1e-6:
            trial = _loss(rows, a + step * da, b + step * db)
            if trial <= current:
                break
            step /= 2
        else:
            break
        a, b, current = a + step * da, b + step * db, trial
        if abs(step * da) < 1e-9 and abs(step * db) < 1e-9:
            break
    return 1 / a, -b / a


def report(rows: list[list[float]]) -> None:
    """Print the fit and the calibration table."""
    scale, bias = fit(rows)
    print(f"positions: {len(rows)}  scale: {scale:.2f}  bias: {bias:.2f}")

    def chance(v: float) -> float:
        return 1 / (1 + math.exp(-max(-60.0, min(60.0, (v - bias) / scale))))

    even = _loss(rows, 0.0, 0.0)
    print(f"log loss: {_loss(rows, 1 / scale, -bias / scale):.3f} (an even guess: {even:.3f})")
    ranked = sorted((chance(v), y) for v, y in rows)
    print("decile  predicted  observed  positions")
    for d in range(10):
        part = ranked[d * len(ranked) // 10 : (d + 1) * len(ranked) // 10]
        if part:
            print(f"{d + 1:>6}  {sum(p for p, _ in part) / len(part):9.3f}"
                  f"  {sum(y for _, y in part) / len(part):8.3f}  {len(part):9d}")


def main() -> None:
    """Play a chunk of games, or fit a file of them."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="skud")
    parser.add_argument("--games", default="0:4", help="seeds A:B")
    parser.add_argument("--nodes", type=int, default=DEFAULT_NODES)
    parser.add_argument("--random", type=int, default=4)
    parser.add_argument("--max-plies", type=int, default=200)
    parser.add_argument("--out", default=None, help="append the rows here (JSON lines)")
    parser.add_argument("--fit", default=None, help="fit the rows of this file")
    args = parser.parse_args()
    if args.fit:
        rows = [row for line in Path(args.fit).read_text().splitlines() if line.strip()
                for row in json.loads(line)["rows"]]
        report(rows)
        return
    low, high = (int(x) for x in args.games.split(":"))
    for seed in range(low, high):
        rows = play(args.variant, seed, args.nodes, args.random, args.max_plies)
        line = json.dumps({"variant": args.variant, "seed": seed, "nodes": args.nodes,
                           "rows": rows})
        if args.out:
            with open(args.out, "a") as handle:
                handle.write(line + "\n")
        print(f"seed {seed}: {len(rows)} positions", flush=True)


if __name__ == "__main__":
    main()
