"""Balance Pai Sho: how well random, greedy and the solver play (prints, never asserts).

    python benchmarks/balance.py                 # 1000 seeds, all three players
    python benchmarks/balance.py --seeds 100     # quicker
    python benchmarks/balance.py --budget 1000 --players solver

For each player: mean, median and best final score, and the share of Balance / Perfect
Balance / Unbalance / Failure; for the solver also its time per move in CPython, by the
wall clock and in CPU time (the CPU figure is the one to trust on a busy machine).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from paisho_core.balance import BalanceGame, Place
from paisho_core.balance.solver import (
    DEFAULT_BUDGET,
    best_placement,
    greedy_placement,
)

Policy = Callable[[BalanceGame, int], Place | None]
RESULTS = ("balance", "perfect-balance", "unbalance", "failure")


def play(seed: int, policy: Policy) -> tuple[int, str, list[float], list[float]]:
    """Play one seeded game with ``policy``; return score, result, wall and CPU move times."""
    game = BalanceGame(seed=seed)
    times = []
    cpu_times = []
    while game.to_move is not None:
        start, cpu = time.perf_counter(), time.process_time()
        action = policy(game, seed)
        times.append(time.perf_counter() - start)
        cpu_times.append(time.process_time() - cpu)
        assert action is not None
        game.apply(action)
    out = game.outcome()
    assert out is not None and out.score is not None and out.result is not None
    return out.score, out.result, times, cpu_times


def policies(budget: int) -> dict[str, Policy]:
    """The three players: uniform random point, the greedy rule, the solver."""

    def random_policy(game: BalanceGame, seed: int) -> Place | None:
        rng = random.Random(seed * 1000 + game.plies)
        return rng.choice(game.legal_actions())

    def greedy(game: BalanceGame, seed: int) -> Place | None:
        return greedy_placement(game)

    def solver(game: BalanceGame, seed: int) -> Place | None:
        return best_placement(game, budget=budget, seed=seed)

    return {"random": random_policy, "greedy": greedy, "solver": solver}


def main() -> None:
    """Parse the options, play, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=1000, help="games per player (seeds 0..N-1)")
    parser.add_argument("--first", type=int, default=0, help="first seed")
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET, help="solver budget")
    parser.add_argument(
        "--players", default="random,greedy,solver", help="comma-separated players to run"
    )
    args = parser.parse_args()
    table = policies(args.budget)
    seeds = range(args.first, args.first + args.seeds)
    print(f"Balance Pai Sho, {args.seeds} seeds from {args.first}, solver budget {args.budget},")
    print(f"Python {sys.version.split()[0]}")
    print(
        f"{'player':8} {'mean':>6} {'median':>6} {'max':>4} "
        + " ".join(f"{r:>15}" for r in RESULTS)
    )
    for name in args.players.split(","):
        scores: list[int] = []
        results: Counter[str] = Counter()
        times: list[float] = []
        cpu_times: list[float] = []
        start = time.perf_counter()
        for seed in seeds:
            score, result, move_times, move_cpu = play(seed, table[name])
            scores.append(score)
            results[result] += 1
            times.extend(move_times)
            cpu_times.extend(move_cpu)
        n = len(scores)
        shares = " ".join(f"{results[r] / n:>15.1%}" for r in RESULTS)
        mean, median = statistics.fmean(scores), statistics.median(scores)
        print(f"{name:8} {mean:>6.2f} {median:>6} {max(scores):>4} {shares}")
        if name == "solver":
            print(f"{'':8} solver time per move over {len(times)} moves, in ms:")
            for label, values in (("wall", times), ("CPU", cpu_times)):
                values.sort()
                print(
                    f"{'':10} {label:4}: mean {statistics.fmean(values) * 1000:6.1f},"
                    f" p95 {values[int(0.95 * (len(values) - 1))] * 1000:6.1f},"
                    f" max {values[-1] * 1000:6.1f}"
                )
            print(f"{'':10} ({time.perf_counter() - start:.0f} s in all)")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
