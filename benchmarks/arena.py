"""Arena: the computer's levels against each other and against simple players.

    python benchmarks/arena.py [--variant skud|wiki] [--games N]
                               [--pairs hard:medium,hard:greedy,...]
                               [--max-plies N] [--nodes N] [--seed S]

Plays games of a two-player variant (Skud by default) between two players, seats
alternated (each pairing plays half its games in each seat), and prints wins/draws/losses
of the first player, its win rate with a 95 % (Wilson) interval, an Elo difference
estimate with its standard error, and the seconds each player spent per move (CPU time:
the mean, and the median in brackets).

Players: ``random`` (a uniformly random legal action), ``greedy`` (one action ahead, the
most own harmonies minus the opponent's; closes a ring when it sees one that wins), and
the levels ``easy``, ``medium`` and ``hard`` of :mod:`paisho_core.ai`.  A game still
running after ``--max-plies`` plies is adjudicated (:data:`ADJUDICATORS`: Skud by its
evaluation, a lead of more than ``ADJUDICATE`` points wins, else a draw; Wiki by the R9
score, as a ring or two passes end it) and counted in the ``capped`` column.

A variant of 2–4 seats with hidden hands (``--variant ancient [--seats 3]``) is played by
:mod:`arena_seats` instead: one level against the others, seats rotated.

Prints figures, asserts nothing.  The defaults finish in a few minutes on a busy 2-core
machine; pass ``--games 20`` or more for figures worth quoting.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from paisho_core import new_game  # noqa: E402
from paisho_core.ai import choose_action  # noqa: E402
from paisho_core.protocol import Game  # noqa: E402
from paisho_core.skud.evaluate import evaluate  # noqa: E402

ADJUDICATE = 20.0
Player = Callable[[Game[Any], int], Any]


def _skud_lead(game: Game[Any]) -> int | None:
    value = evaluate(game, 0)  # type: ignore[arg-type]
    return 0 if value > ADJUDICATE else 1 if value < -ADJUDICATE else None


def _scored(game: Game[Any]) -> int | None:
    totals = [row["total"] for row in game.scores()]  # type: ignore[attr-defined]
    return 0 if totals[0] > totals[1] else 1 if totals[1] > totals[0] else None


ADJUDICATORS: dict[str, Callable[[Game[Any]], int | None]] = {
    "skud": _skud_lead,
    "wiki": _scored,
}
"""Each variant's verdict on a game stopped at the ply cap: the winning seat or None."""


def _random(game: Game[Any], seed: int) -> Any:
    return random.Random(f"{seed}:{len(game.history)}").choice(game.legal_actions())


def _greedy(game: Game[Any], seed: int) -> Any:
    me = game.to_move
    rng = random.Random(f"{seed}:{len(game.history)}")
    best, best_value = None, -math.inf
    for action in game.legal_actions():
        game.push(action)
        outcome = game.outcome()
        if outcome is not None and outcome.reason == "harmony-ring":
            value = 1e9 if me in outcome.winners else -1e9
        else:
            harmonies = game.harmony_lines()
            value = sum(1 if owner == me else -1 for _, _, owner in harmonies)
        game.pop()
        value += rng.random() * 0.1
        if value > best_value:
            best, best_value = action, value
    assert best is not None
    return best


def make_player(name: str, nodes: int | None) -> Player:
    """The move function of a named player."""
    if name == "random":
        return _random
    if name == "greedy":
        return _greedy
    return lambda game, seed: choose_action(game, seed=seed, level=name, max_nodes=nodes)


@dataclass
class Tally:
    """Results of one pairing, from the first player's side."""

    wins: int = 0
    draws: int = 0
    losses: int = 0
    capped: int = 0
    seconds: list[float] = field(default_factory=lambda: [0.0, 0.0])
    moves: list[int] = field(default_factory=lambda: [0, 0])
    times: list[list[float]] = field(default_factory=lambda: [[], []])
    """Each move's seconds, per player (for the median)."""

    @property
    def games(self) -> int:
        """Games played."""
        return self.wins + self.draws + self.losses

    def win_rate(self) -> tuple[float, float, float]:
        """(Share of games the first player won, and its 95 % Wilson interval)."""
        n, z = self.games, 1.96
        p = self.wins / n
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return p, centre - half, centre + half

    def elo(self) -> tuple[float, float]:
        """(Elo difference of the first player, its standard error), from the score."""
        n = self.games
        score = (self.wins + 0.5 * self.draws) / n
        clipped = min(max(score, 0.5 / n), 1 - 0.5 / n)
        elo = -400 * math.log10(1 / clipped - 1)
        mean_sq = (self.wins + 0.25 * self.draws) / n
        # a one-sided tally has no spread of its own: use that of the clipped score
        var = max(mean_sq - score * score, clipped * (1 - clipped) / 2) / n
        slope = 400 / (math.log(10) * clipped * (1 - clipped))
        return elo, slope * math.sqrt(var)


def play(players: tuple[Player, Player], seed: int, max_plies: int,
         variant: str = "skud",
         times: list[list[float]] | None = None) -> tuple[int | None, bool, list[float],
                                                          list[int]]:
    """One game; (winning seat or None, capped?, seconds per seat, moves per seat);
    each move's seconds are added to ``times[seat]`` when given."""
    game = new_game(variant)
    seconds, moves = [0.0, 0.0], [0, 0]
    while game.to_move is not None and game.plies < max_plies:
        seat = game.to_move
        start = time.process_time()
        action = players[seat](game, seed)
        took = time.process_time() - start
        seconds[seat] += took
        if times is not None:
            times[seat].append(took)
        moves[seat] += 1
        game.apply(action)
    outcome = game.outcome()
    if outcome is not None:
        winner = outcome.winners[0] if len(outcome.winners) == 1 else None
        return winner, False, seconds, moves
    return ADJUDICATORS[variant](game), True, seconds, moves


def run_pairing(first: str, second: str, games: int, max_plies: int, nodes: int | None,
                seed: int, variant: str = "skud") -> Tally:
    """Play ``games`` games between two named players, seats alternated."""
    tally = Tally()
    a, b = make_player(first, nodes), make_player(second, nodes)
    for i in range(games):
        first_seat = i % 2
        players = (a, b) if first_seat == 0 else (b, a)
        times: list[list[float]] = [[], []]
        winner, capped, seconds, moves = play(players, seed + i, max_plies, variant, times)
        tally.times[0] += times[first_seat]
        tally.times[1] += times[1 - first_seat]
        tally.capped += capped
        tally.seconds[0] += seconds[first_seat]
        tally.seconds[1] += seconds[1 - first_seat]
        tally.moves[0] += moves[first_seat]
        tally.moves[1] += moves[1 - first_seat]
        if winner is None:
            tally.draws += 1
        elif winner == first_seat:
            tally.wins += 1
        else:
            tally.losses += 1
        per = [tally.seconds[k] / max(1, tally.moves[k]) for k in (0, 1)]
        print(f"  {first} v {second} game {i + 1}: "
              f"{'draw' if winner is None else (first if winner == first_seat else second)}"
              f"{' (capped)' if capped else ''}; so far {tally.wins}-{tally.draws}-"
              f"{tally.losses}, s/move {per[0]:.3f} / {per[1]:.3f}", flush=True)
    return tally


def main() -> None:
    """Run the pairings and print the table."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", default="skud", choices=sorted(ADJUDICATORS))
    parser.add_argument("--games", type=int, default=2, help="games per pairing (even)")
    parser.add_argument("--pairs", default="hard:medium,hard:greedy,medium:random,easy:random,"
                        "easy:medium", help="first:second pairings, comma-separated")
    parser.add_argument("--max-plies", type=int, default=160)
    parser.add_argument("--nodes", type=int, default=None, help="hard's node budget")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}; {args.variant}; {args.games} games a pairing, "
          f"cap {args.max_plies} plies")
    rows = []
    for pair in args.pairs.split(","):
        first, _, second = pair.partition(":")
        tally = run_pairing(first, second, args.games, args.max_plies, args.nodes, args.seed,
                            args.variant)
        rows.append((first, second, tally))
    print()
    print("| first | second | W | D | L | capped | first wins (95 % interval) | "
          "Elo (first − second) | s/move first (median) | s/move second (median) |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for first, second, t in rows:
        elo, error = t.elo()
        rate, low, high = t.win_rate()
        per = [t.seconds[i] / max(1, t.moves[i]) for i in (0, 1)]
        mid = [statistics.median(t.times[i]) if t.times[i] else 0.0 for i in (0, 1)]
        print(f"| {first} | {second} | {t.wins} | {t.draws} | {t.losses} | {t.capped} | "
              f"{rate:.0%} ({low:.0%}–{high:.0%}) | {elo:+.0f} ± {error:.0f} | "
              f"{per[0]:.3f} ({mid[0]:.3f}) | {per[1]:.3f} ({mid[1]:.3f}) |")


if __name__ == "__main__":
    import arena_seats  # beside this file

    if arena_seats.wanted(sys.argv[1:]):  # 2–4 seats, hidden hands (Ancient)
        arena_seats.main(sys.argv[1:])
    else:
        main()
