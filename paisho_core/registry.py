"""Variants by short name: ``skud``, ``balance``, ``ancient`` (and later ``wiki``)."""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from typing import TYPE_CHECKING

from .errors import UnknownVariant, quote
from .messages import msg
from .protocol import Game

if TYPE_CHECKING:
    from .search import Computer
    from .setup_model import SetupRules
    from .tilefacts import TileFacts

_VARIANTS: dict[str, str] = {
    "skud": "paisho_core.skud:SkudGame",
    "balance": "paisho_core.balance:BalanceGame",
    "ancient": "paisho_core.ancient:AncientGame",
    "wiki": "paisho_core.wiki:WikiGame",
}

_COMPUTERS: dict[str, str] = {
    "skud": "paisho_core.skud.computer:COMPUTER",
    "balance": "paisho_core.balance.computer:COMPUTER",
    "ancient": "paisho_core.ancient.computer:COMPUTER",
    "wiki": "paisho_core.wiki.computer:COMPUTER",
}
"""Each variant's computer opponent (a :class:`paisho_core.search.Computer`), imported on
first use.  A variant without an entry is played by a search that knows only wins and
losses."""


_TILE_FACTS: dict[str, str] = {
    "skud": "paisho_core.skud.facts:FACTS",
    "balance": "paisho_core.balance.facts:FACTS",
    "ancient": "paisho_core.ancient.facts:FACTS",
    "wiki": "paisho_core.wiki.facts:FACTS",
}
"""Each variant's tile facts (a tuple of :class:`paisho_core.tilefacts.TileFacts`, one per
tile kind, read off its tile tables), imported on first use."""


_SETUPS: dict[str, str] = {
    "skud": "paisho_core.skud.setups:RULES",
    "balance": "paisho_core.balance.setups:RULES",
    "ancient": "paisho_core.ancient.setups:RULES",
    "wiki": "paisho_core.wiki.setups:RULES",
}
"""Each variant's position set-up rules (a :class:`paisho_core.setup_model.SetupRules`:
what the Studio's board editor may put where, and what it refuses), imported on first use."""


def variant_names() -> tuple[str, ...]:
    """The short names of every registered variant."""
    return tuple(_VARIANTS)


def get_variant(name: str) -> type[Game]:  # type: ignore[type-arg]
    """Return the game class of a variant; raise :class:`UnknownVariant` for a bad name."""
    try:
        target = _VARIANTS[name]
    except KeyError:
        raise UnknownVariant(msg("unknown variant {name} (known: {known})", name=quote(name),
                                 known=", ".join(_VARIANTS))) from None
    module, _, attr = target.partition(":")
    cls: type[Game] = getattr(importlib.import_module(module), attr)  # type: ignore[type-arg]
    return cls


def new_game(
    name: str, options: Iterable[str] = (), seed: int | None = None, players: int | None = None
) -> Game:  # type: ignore[type-arg]
    """Start a new game of the named variant (``players``: for variants with a choice)."""
    cls = get_variant(name)
    if players is None:
        return cls(options, seed)
    return cls(options, seed, players)


def get_computer(name: str) -> Computer | None:
    """The computer opponent a variant provides, or ``None`` when it has none."""
    target = _COMPUTERS.get(name)
    if target is None:
        return None
    module, _, attr = target.partition(":")
    computer: Computer = getattr(importlib.import_module(module), attr)
    return computer


def tile_facts(name: str) -> tuple[TileFacts, ...]:
    """The facts of every tile kind of a variant (empty for a variant without them);
    raise :class:`UnknownVariant` for a bad name."""
    if name not in _VARIANTS:
        get_variant(name)  # raises UnknownVariant
    target = _TILE_FACTS.get(name)
    if target is None:
        return ()
    module, _, attr = target.partition(":")
    facts: tuple[TileFacts, ...] = getattr(importlib.import_module(module), attr)
    return facts


def setup_rules(name: str) -> SetupRules:
    """The set-up rules of a variant (:mod:`paisho_core.setups`); raise
    :class:`UnknownVariant` for a bad name, or for a variant without set-ups."""
    if name not in _VARIANTS:
        get_variant(name)  # raises UnknownVariant
    target = _SETUPS.get(name)
    if target is None:
        raise UnknownVariant(msg("{name} has no position set-up", name=quote(name)))
    module, _, attr = target.partition(":")
    rules: SetupRules = getattr(importlib.import_module(module), attr)
    return rules
