"""What a variant may add to its puzzles: its own turn search and its own positions.

A variant spec's ``puzzle_rules`` names an object with two methods (:class:`PuzzleRules`);
a variant without one has the generic proof and generator alone:

* ``search(game, kind)`` — an exhaustive search of every whole turn of the mover in
  ``game`` for a puzzle of ``kind``, done on the variant's own position (fast where the
  generic push/pop walk, :func:`paisho_core.lessons.proof.walk`, is slow): a
  :class:`Searched` listing the same turns as that walk (draws left out), or ``None``
  when the variant does not search that kind there (the walk does).  Never an
  evaluation.
* ``starts(game, kind)`` — the puzzle starts (set-up starts, :mod:`paisho_core.starts`)
  a self-play turn start offers; without it, the generator proves the position as the
  computer reached it.

:func:`rules_of` finds a variant's object through the registry.  Pure.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Protocol

from ..protocol import Game
from ..registry import spec
from ..spec import load
from .goals import Kind


@dataclass(frozen=True)
class Searched:
    """What a variant's search of the mover's whole turn found."""

    turns: int
    """Every whole turn searched."""
    solutions: tuple[tuple[str, ...], ...]
    """The first two turns that meet the goal (each its actions' notation), in order."""
    count: int
    """How many turns meet the goal, all told."""
    plausible: int
    """Wrong turns that come close (the variant says how)."""


class PuzzleRules(Protocol):
    """A variant's additions to its puzzles (see the module docstring)."""

    def search(self, game: Game[Any], kind: Kind) -> Searched | None:
        """Every whole turn of the mover for ``kind``, or ``None``: not searched here."""

    def starts(self, game: Game[Any], kind: Kind) -> Iterator[dict[str, Any]]:
        """The puzzle starts of ``kind`` a self-play turn start offers."""


def rules_of(variant: str) -> PuzzleRules | None:
    """``variant``'s puzzle rules (its spec's ``puzzle_rules``), or ``None``."""
    entry = spec(variant).puzzle_rules
    if entry is None:
        return None
    rules: PuzzleRules = load(entry)
    return rules
