"""Arena for games of 2–4 seats with hidden hands (Ancient): a level against others.

    python benchmarks/arena.py --variant ancient --seats 3 --pairs hard:medium --games 60

(or this file directly, same arguments).  Each game seats the first player once and the
second in every other seat; the first player's seat is rotated game by game, and each
game has its own deal (``--seed`` + the game's number), so every seat and deal is
played.  Prints the first player's wins with a 95 % Wilson interval next to a seat's fair
share (1/seats), draws, and the median, mean and worst seconds (CPU) per move of each
player (every action counts as a move: a draw's discard too).
Prints figures, asserts nothing.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from paisho_core.ai import choose_action  # noqa: E402
from paisho_core.registry import get_variant, new_game  # noqa: E402


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate."""
    if not games:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def play(variant: str, options: list[str], seats: int, levels: list[str], seed: int,
         max_plies: int, times: dict[str, list[float]]) -> tuple[int, ...] | None:
    """One game; the winners' seats (``None``: capped or drawn)."""
    game = new_game(variant, options, seed, players=seats)
    while game.to_move is not None and game.plies < max_plies:
        seat = game.to_move
        start = time.process_time()
        action = choose_action(game, seed=seed * 10 + seat, level=levels[seat])
        times[levels[seat]].append(time.process_time() - start)
        game.apply(action)
    outcome = game.outcome()
    if outcome is None or not outcome.winners:
        return None
    return outcome.winners


def run(variant: str, options: list[str], seats: int, first: str, second: str, games: int,
        seed: int, max_plies: int) -> None:
    """Play a pairing and print its line."""
    wins = draws = 0
    times: dict[str, list[float]] = {first: [], second: []}
    for i in range(games):
        mine = i % seats
        levels = [first if s == mine else second for s in range(seats)]
        winners = play(variant, options, seats, levels, seed + i, max_plies, times)
        if winners is None:
            draws += 1
        elif mine in winners:
            wins += 1
        low, high = wilson(wins, i + 1)
        print(f"  {first} v {second} x{seats - 1} game {i + 1}: "
              f"{'draw' if winners is None else ('won' if mine in winners else 'lost')}; "
              f"{wins}/{i + 1} = {wins / (i + 1):.0%} [{low:.0%}, {high:.0%}]", flush=True)
    low, high = wilson(wins, games)
    fair = 1 / seats
    verdict = "above" if low > fair else "below" if high < fair else "includes"
    def per_move(name: str) -> str:
        spent = times[name] or [0.0]
        return f"{statistics.median(spent):.3f} / {statistics.fmean(spent):.3f} / {max(spent):.2f}"

    print(f"| {seats} | {first} | {second} | {games} | {wins} | {draws} | "
          f"{wins / games:.0%} [{low:.0%}, {high:.0%}] | {fair:.0%} ({verdict}) | "
          f"{per_move(first)} | {per_move(second)} |")


def wanted(argv: list[str]) -> bool:
    """Whether ``argv`` names (``--variant X``) a variant of more than two seats, which
    this arena plays instead of ``arena.py``'s two-player one."""
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("--variant", default="skud")
    known, _ = parser.parse_known_args(argv)
    try:
        return get_variant(known.variant).info.max_players > 2
    except ValueError:
        return False


def main(argv: list[str] | None = None) -> None:
    """Run the pairings (``first:second``, comma-separated)."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", default="ancient")
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--option", action="append", default=[], help="e.g. target=5")
    parser.add_argument("--games", type=int, default=30, help="games per pairing")
    parser.add_argument("--pairs", default="hard:medium,medium:easy")
    parser.add_argument("--max-plies", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"Python {sys.version.split()[0]}; {args.variant}, {args.seats} seats, "
          f"{args.games} games a pairing, options {args.option or 'default'}")
    print("| seats | first | others | games | wins | draws | win rate [95 %] | fair share |"
          " s/move first (median / mean / worst) | s/move others (median / mean / worst) |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for pair in args.pairs.split(","):
        first, _, second = pair.partition(":")
        run(args.variant, args.option, args.seats, first, second, args.games, args.seed,
            args.max_plies)


if __name__ == "__main__":
    main()
