"""The New game dialog's variant list and option checkboxes, as data, and the new game
it starts: pure logic for the game page (``site/game_page.py`` builds the elements with
``dom.build``)."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Collection
from typing import Any

from paisho_core import registry
from paisho_core.protocol import Game
from paisho_page.base.elements import Element
from paisho_page.words.i18n import _, render
from paisho_page.words.names import variant_title

NOT_ON_PAGE_YET: frozenset[str] = frozenset()
"""Variants of the engine that the page cannot play yet (the New game dialog leaves
them out)."""


def default_variant() -> str:
    """The variant of the page's first game (the registry's first)."""
    return registry.default_variant()


def variant_choices(chosen: str) -> tuple[Element, ...]:
    """One ``<option>`` per variant the page plays, ``chosen`` selected."""
    out = []
    for name in registry.variant_names():
        if name in NOT_ON_PAGE_YET:
            continue
        title = registry.spec(name).info.title
        props: tuple[tuple[str, str | bool], ...] = (("value", name), ("selected", name == chosen))
        out.append(Element("option", variant_title(str(title)), props=props))
    return tuple(out)


def option_label(variant: str, name: str) -> str:
    """The words of option ``name``'s checkbox (its variant spec's ``option_labels``) in
    the active language; the name itself for an option without them."""
    spec = registry.find(variant)
    label = spec.option_labels.get(name) if spec is not None else None
    return render(label) if label is not None else name


def option_boxes(
    variant: str, options: Collection[str], current: Collection[str]
) -> tuple[Element, ...]:
    """One labelled checkbox per option of ``variant``, ticked if in ``current``."""
    return tuple(
        Element(
            "label",
            cls="check",
            children=(
                Element(
                    "input",
                    id=f"opt-{name}",
                    props=(
                        ("type", "checkbox"),
                        ("name", "option"),
                        ("value", name),
                        ("checked", name in current),
                    ),
                ),
                Element("span", option_label(variant, name)),
            ),
        )
        for name in options
    )


def option_fields(
    variant: str, page_variant: str, page_options: Collection[str]
) -> tuple[Element, ...]:
    """The option checkboxes of ``variant`` picked in the dialog (:func:`option_boxes`),
    ticked as the page's game has them when it is of that variant (``page_variant``,
    with ``page_options``), else none ticked; none for a variant without options (the
    dialog then hides their box)."""
    current = page_options if page_variant == variant else frozenset()
    return option_boxes(variant, registry.spec(variant).info.options, current)


def dialog_players(variant: str) -> tuple[str, ...]:
    """The players of a new game of ``variant`` with its default seats."""
    cls = registry.get_variant(variant)
    return tuple(cls((), 0 if cls.info.uses_seed else None).players)


def fresh_game(
    variant: str,
    options: tuple[str, ...],
    seed: int | None,
    players: int | None,
    variant_seed: Callable[[], int | None],
) -> Game[Any]:
    """A new game of ``variant``: with ``seed``, else (when the variant uses one) the
    variant's own fresh seed (``variant_seed``, its panel's) or a random one; with
    ``players`` seats when a choice of seats was made."""
    cls = registry.get_variant(variant)
    if seed is None and cls.info.uses_seed:
        seed = variant_seed()  # (the variant's own, if it has one)
        if seed is None:
            seed = secrets.randbelow(2**31)
    if players is not None:  # a choice of seats
        return cls(options, seed, players)
    return cls(options, seed)


def unreadable_saves_note(error: Exception) -> str:
    """The notice when the saved games could not be read because of a bug (``error``)."""
    return _(
        "Your saved games could not be read (internal error: {error}); a new game starts."
    ).format(error=type(error).__name__)
