"""How a version-2 link writes one action: a per-variant *action coder*, with a fallback.

:mod:`paisho_core.link` writes the header of a link (variant, options, seed, players,
number of actions) itself; each action is written by the variant's coder as one or
more mixed-radix digits ``(digit, radix)``.  A variant supplies a coder by naming, in
its spec's ``link_coder``, an object that follows :class:`ActionCoder` (by convention
its package's ``linkcode.CODER``); a variant without one gets :data:`GENERIC` (the
version-1 code: the index of the action among the legal actions sorted by their
notation text), so a new variant can be shared without writing anything.

A coder's code must be a function of the rules alone (documented in its module), so
that a link keeps its meaning when an engine is optimised; and it must give each legal
action exactly one code (one link per game).  It need not use every code: digits that
name no legal action are refused (:class:`NotLegal`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from . import registry
from .messages import Message, as_message, msg
from .protocol import Game

Take = Callable[[int], int]
"""Takes the next digit of the given radix off the link's number."""


class NotLegal(Exception):
    """The digits read name no legal action; ``message`` says why, in plain words."""

    def __init__(self, message: str | Message) -> None:
        self.message: Message = as_message(message)
        super().__init__(str(self.message))


class GameOver(NotLegal):
    """The position has no legal action at all: the game is over."""


class ActionCoder(Protocol):
    """Writes and reads one action of a variant in a version-2 link."""

    def write(self, game: Game[Any], action: Any) -> list[tuple[int, int]]:
        """The digits ``(digit, radix)`` of ``action`` in ``game`` (before it is played).

        Raise :class:`NotLegal` when ``action`` is not legal in ``game``.
        """
        ...

    def read(self, game: Game[Any], take: Take) -> Any:
        """Read one action's digits with ``take`` and return that action, checked legal.

        Raise :class:`GameOver` when ``game`` has no legal action, :class:`NotLegal`
        when the digits name none.
        """
        ...

    def play(self, game: Game[Any], action: Any) -> None:
        """Apply an action that :meth:`read` returned (its legality is already checked)."""
        ...


def canonical_actions(game: Game[Any]) -> list[Any]:
    """The legal actions of ``game`` in link order: sorted by their notation text."""
    actions = game.legal_actions()
    if len(actions) <= 1:
        return actions
    return sorted(actions, key=game.format_action)


class IndexCoder:
    """One digit per action: its index among the legal actions listed by ``order``
    (:func:`canonical_actions` when not given; radix = how many there are; a forced
    action costs nothing)."""

    def __init__(self, order: Callable[[Game[Any]], list[Any]] | None = None) -> None:
        self._order = order

    def order(self, game: Game[Any]) -> list[Any]:
        """The legal actions of ``game`` in this coder's order."""
        return (self._order or canonical_actions)(game)

    def write(self, game: Game[Any], action: Any) -> list[tuple[int, int]]:
        """The action's index among ``order(game)`` (nothing when forced)."""
        ordered = self.order(game)
        if not ordered and game.read_past_end():
            ordered = self.order(game)
        try:
            index = ordered.index(action)
        except ValueError:
            raise NotLegal(msg("the action is not legal")) from None
        return [(index, len(ordered))] if len(ordered) > 1 else []

    def read(self, game: Game[Any], take: Take) -> Any:
        """The action at the digit's index among ``order(game)`` (a game over that reads
        on past its end, :meth:`~paisho_core.protocol.Game.read_past_end`, reopened)."""
        ordered = self.order(game)
        if not ordered and game.read_past_end():
            ordered = self.order(game)
        if not ordered:
            raise GameOver(msg("the game is over"))
        return ordered[take(len(ordered))]

    def play(self, game: Game[Any], action: Any) -> None:
        """``game.apply(action)`` (the engine checks it once more)."""
        game.apply(action)


GENERIC = IndexCoder()
"""The coder of variants without their own."""

_CODERS: dict[type, ActionCoder] = {}


def coder_for(cls: type[Game[Any]]) -> ActionCoder:
    """The coder of a game class: its variant's own (the spec's ``link_coder``), else
    :data:`GENERIC`."""
    found = _CODERS.get(cls)
    if found is None:
        found = registry.link_coder(cls.info.name) or GENERIC
        _CODERS[cls] = found
    return found
