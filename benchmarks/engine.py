"""Engine speed: prints figures, asserts nothing.

    python benchmarks/engine.py [--playouts N]

* legal actions per second (and ms per position) on a fixed set of mid-game Skud
  positions (plies 40–80 of the reference games);
* Harmony-Bonus option generation (ms per position) on the reference games' bonus plies;
* full random Skud playouts per second (uniform random legal actions), and plies per
  second inside them;
* what a search pays per node on the mid-game positions: ``copy()`` + ``apply()`` and
  ``push()`` + ``pop()`` (µs per action, every legal action of every position);
* the hard level's search: nodes (pushes) per second and seconds per move;
* the computer opponent's time per move (``paisho_core.ai``, medium) on the mid-game
  positions.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from paisho_core.ai import HARD_NODES, analyse, choose_action  # noqa: E402
from paisho_core.skud import SkudGame  # noqa: E402

GAMES = ROOT / "tests" / "data" / "reference" / "skud_reference_games.jsonl"


def mid_game_positions() -> list[SkudGame]:
    """Positions at plies 40, 60 and 80 of every reference game that gets there."""
    out = []
    for line in GAMES.read_text().splitlines():
        plies = json.loads(line)["notation"].split(";")
        for cut in (40, 60, 80):
            if cut < len(plies):
                game = SkudGame.from_text(";".join(plies[:cut]))
                if game.to_move is not None and not game.bonus_pending:
                    out.append(game)
    return out


def bonus_positions() -> list[SkudGame]:
    """Positions where a Harmony Bonus is pending (the bonus plies of the games)."""
    out = []
    for line in GAMES.read_text().splitlines():
        plies = json.loads(line)["notation"].split(";")
        for i, ply in enumerate(plies):
            if "+" in ply:
                head = [*plies[:i], ply.split("+")[0]]
                game = SkudGame.from_text(";".join(head))
                if game.bonus_pending:
                    out.append(game)
    return out[:60]


def time_generation(positions: list[SkudGame], rounds: int) -> tuple[float, float, float]:
    """(ms per position median over rounds, actions per second, mean actions)."""
    per_round = []
    actions = 0
    for _ in range(rounds):
        start = time.process_time()
        for game in positions:
            game._legal = None  # force regeneration
            actions += len(game.legal_actions())
        per_round.append(time.process_time() - start)
    median = statistics.median(per_round)
    total = sum(per_round)
    return 1000 * median / len(positions), actions / total, actions / (rounds * len(positions))


def time_apply(positions: list[SkudGame], rounds: int) -> tuple[float, float]:
    """(µs per copy + apply, µs per push + pop), medians over rounds, every legal action."""
    pairs = [(game, game.legal_actions()) for game in positions]
    count = sum(len(actions) for _, actions in pairs)
    copy_apply, push_pop = [], []
    for _ in range(rounds):
        start = time.process_time()
        for game, actions in pairs:
            for action in actions:
                game.copy().apply(action)
        copy_apply.append(time.process_time() - start)
        if not hasattr(game, "push"):
            continue
        start = time.process_time()
        for game, actions in pairs:
            for action in actions:
                game.push(action)
                game.pop()
        push_pop.append(time.process_time() - start)
    per = 1e6 / count
    return (statistics.median(copy_apply) * per,
            statistics.median(push_pop) * per if push_pop else float("nan"))


def playouts(count: int, seed: int) -> tuple[float, float, float]:
    """(games per second, plies per second, mean plies) of uniform random playouts."""
    rng = random.Random(seed)
    plies = 0
    start = time.process_time()
    for _ in range(count):
        game = SkudGame()
        while game.to_move is not None:
            game.apply(rng.choice(game.legal_actions()))
            plies += 1
    elapsed = time.process_time() - start
    return count / elapsed, plies / elapsed, plies / count


def main() -> None:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--playouts", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}")
    mid = mid_game_positions()
    ms, per_second, mean = time_generation(mid, args.rounds)
    print(f"mid-game legal actions: {len(mid)} positions, {mean:.0f} actions each, "
          f"{ms:.2f} ms per position (median of {args.rounds}), {per_second:,.0f} actions/s")
    bonus = bonus_positions()
    ms, per_second, mean = time_generation(bonus, args.rounds)
    print(f"bonus options: {len(bonus)} positions, {mean:.0f} options each, "
          f"{ms:.2f} ms per position, {per_second:,.0f} options/s")
    copy_apply, push_pop = time_apply(mid, max(1, args.rounds // 2))
    print(f"per action: copy + apply {copy_apply:.0f} µs, push + pop {push_pop:.0f} µs "
          f"({len(mid)} positions, every legal action)")
    nodes, spent = 0, []
    for game in mid[::6]:
        start = time.process_time()
        result = analyse(game, seed=1, level="hard", explain=False)
        spent.append(time.process_time() - start)
        nodes += result.nodes
    print(f"hard search: {nodes / sum(spent):,.0f} nodes/s, "
          f"{statistics.median(spent):.2f} s per move median, {max(spent):.2f} s max "
          f"({len(spent)} mid-game positions, {HARD_NODES} nodes each)")
    times = []
    for game in mid[:20]:
        start = time.process_time()
        choose_action(game, seed=1)
        times.append(time.process_time() - start)
    print(f"computer opponent (medium): {1000 * statistics.median(times):.0f} ms per move median, "
          f"{1000 * max(times):.0f} ms max ({len(times)} mid-game positions)")
    games, plies, mean_plies = playouts(args.playouts, 1)
    print(f"random playouts: {games:.2f} games/s ({mean_plies:.0f} actions per game, "
          f"{plies:,.0f} actions/s)")


if __name__ == "__main__":
    main()
