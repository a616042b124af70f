"""Generating puzzles: the computer plays itself and every turn's start is tried.

:func:`generate` plays games of the computer against itself (its ``medium`` level,
each game and each choice seeded from the generator's seed, so a seed always yields
the same puzzles), and at the start of every turn it asks each of the variant's puzzle
kinds (the spec's ``puzzle_kinds``) for a proof (:func:`.proof.prove`) on the live game.
A position that proves is turned into a set-up (:func:`paisho_core.setups.of_game`,
the Studio's "edit from this step"), rebuilt from it as a player would open it, and
proved again there: only that second proof is kept, so a puzzle is exactly what its
start gives.  A variant whose spec names ``puzzle_rules`` (:mod:`.variant`) says itself
which puzzle starts a turn start offers (Ancient chooses the mover's hand); each is
opened and proved the same way.  At most :data:`PER_GAME` puzzles come from one game,
and a position is kept once (its id, :func:`.model.puzzle_id`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .. import setups, starts
from ..ai import choose_action
from ..errors import PaiShoError
from ..lessons.facts import AnyGame
from ..registry import get_variant
from .goals import Kind
from .model import Puzzle, kinds, open_start, puzzle_id
from .proof import Proof, prove
from .variant import rules_of

PER_GAME = 3
"""The most puzzles kept from one self-play game."""
MAX_PLIES = 400
"""A self-play game stops after this many actions."""
LEVEL = "medium"
"""The computer's level in self-play."""


def _new_game(variant: str, seed: int) -> AnyGame:
    cls = get_variant(variant)
    return cls(seed=seed) if cls.info.uses_seed else cls()


def start_of(game: AnyGame) -> tuple[dict[str, Any], tuple[str, ...]]:
    """The start mapping and options of ``game``'s position (a set-up)."""
    keys = setups.demo_start(setups.of_game(game))
    return dict(keys["start"]), tuple(keys.get("options", ()))


def _turn_starts(game: AnyGame, seed: int) -> Iterator[int]:
    """Play ``game`` to its end, yielding (the ply) at the start of every turn."""
    last: int | None = None
    while game.outcome() is None and len(game.history) < MAX_PLIES:
        mover = game.to_move
        if mover is None:
            return
        if mover != last or len(game.players) == 1:
            yield len(game.history)
        last = mover
        game.apply(choose_action(game, seed=seed * 7919 + len(game.history), level=LEVEL))


Found = tuple[Proof, dict[str, Any], tuple[str, ...]]


def _reopened(variant: str, start: dict[str, Any], options: tuple[str, ...],
              kind: Kind) -> Found | None:
    """The proof on the position a start opens, with the start and options."""
    try:
        rebuilt = open_start(variant, start, options)
    except PaiShoError:
        return None
    proof = prove(rebuilt, kind)
    return None if proof is None else (proof, start, options)


def _proved(variant: str, game: AnyGame, kind: Kind) -> Found | None:
    """The first puzzle of ``kind`` at ``game``'s position: of a start the variant's
    puzzle rules offer, else of the position itself, proved on the game its set-up
    opens."""
    rules = rules_of(variant)
    if rules is not None:
        for start in rules.starts(game, kind):
            found = _reopened(variant, start, (), kind)
            if found is not None:
                return found
        return None
    if prove(game, kind) is None:
        return None
    try:
        start, options = start_of(game)
    except PaiShoError:
        return None
    return _reopened(variant, start, options, kind)


def puzzles_of_game(variant: str, seed: int, number: int) -> Iterator[Puzzle]:
    """The puzzles of self-play game ``number`` of generator seed ``seed``."""
    game_seed = seed * 100_003 + number
    game = _new_game(variant, game_seed)
    kept = 0
    for ply in _turn_starts(game, game_seed):
        for kind in kinds(variant).values():
            found = _proved(variant, game, kind)
            if found is None:
                continue
            proof, start, options = found
            text = starts.canonical(start)
            yield Puzzle(puzzle_id(variant, kind.name, text), variant, kind.name, text,
                         options, proof.solution, proof.depth, proof.turns, proof.plausible,
                         proof.rating(), (seed, number, ply))
            kept += 1
            break
        if kept >= PER_GAME:
            return


def generate(variant: str, count: int, seed: int, games: int = 10_000) -> Iterator[Puzzle]:
    """Up to ``count`` new puzzles of ``variant`` from seed ``seed`` (at most ``games``
    self-play games), in order, each id once."""
    if not kinds(variant):
        return
    seen: set[str] = set()
    for number in range(games):
        for puzzle in puzzles_of_game(variant, seed, number):
            if puzzle.id in seen:
                continue
            seen.add(puzzle.id)
            yield puzzle
            if len(seen) >= count:
                return
