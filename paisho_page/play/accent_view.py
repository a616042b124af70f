"""The accent chooser (``rules.html#skud-r12``), as data: pure logic for the game page.

The tiles it offers (one button per tile, e.g. R R W W K K B B), which of them the player
has chosen, what its title, help line and buttons say, and whether its button may play
the choice.  ``site/game_page.py`` builds the buttons with ``dom.build`` and applies the
writes computed here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from paisho_core.render import tile_svg
from paisho_page.base import dom_writes as w
from paisho_page.base.elements import Element
from paisho_page.play.ui import UIState
from paisho_page.words.i18n import N_, NC_, ngettext
from paisho_page.words.names import english_tile, tile_name
from paisho_page.words.terms import by_gender, for_tile

NOT_ALLOWED = N_("That accent choice is not allowed.")
"""The message when the chosen tiles are no legal choice (translated where shown)."""


def accent_items(pool: dict[str, int]) -> list[str]:
    """The chooser's tiles, one per button, in R W K B order (``pool``: code -> count)."""
    return [code for code in sorted(pool, key="RWKB".find) for _ in range(pool[code])]


def first_choice(items: int, tokens: int) -> list[int]:
    """The choice when the chooser opens: all ``items`` when the only legal choice
    (``tokens == 1``) is all of them, else none."""
    return list(range(items)) if tokens == 1 else []


def accent_buttons(items: Sequence[str], variant: str, owner: str | None) -> tuple[Element, ...]:
    """One button per tile of ``items``: its art (in ``owner``'s colours) and name."""
    return tuple(
        Element(
            "button",
            cls="accent-tile",
            attrs=(("data-accent-index", str(idx)), ("data-accent", code)),
            props=(("type", "button"), ("title", tile_name(variant, code))),
            children=(Element("span", tile_name(variant, code), "accent-name"),),
            svg=tile_svg(variant, code, owner, 40),
        )
        for idx, code in enumerate(items)
    )


CHOSEN = by_gender(
    NC_("masculine", "{tile}, chosen"),
    NC_("feminine", "{tile}, chosen"),
    NC_("neuter", "{tile}, chosen"),
)
NOT_CHOSEN = by_gender(
    NC_("masculine", "{tile}, not chosen"),
    NC_("feminine", "{tile}, not chosen"),
    NC_("neuter", "{tile}, not chosen"),
)
"""A tile button's state (worded for the tile: "Колесо, выбрано", "Скала, выбрана")."""


def button_label(variant: str, code: str, chosen: bool) -> str:
    """A tile button's ``aria-label``: its name, and whether it is chosen (in words that
    agree with the name, :func:`~paisho_page.words.terms.for_tile`)."""
    name = tile_name(variant, code)
    return for_tile(english_tile(variant, code), CHOSEN if chosen else NOT_CHOSEN).format(
        tile=name)


def button_writes(variant: str, code: str, chosen: bool) -> tuple[w.Write, ...]:
    """A tile button's ``aria-pressed`` and ``aria-label`` (:func:`button_label`), written
    to the button itself (:data:`~paisho_page.base.dom_writes.SELF`)."""
    return (
        w.pressed(w.SELF, chosen),
        w.attr(w.SELF, "aria-label", button_label(variant, code, chosen)),
    )


def toggle(choice: Sequence[int], idx: int, size: int) -> tuple[list[int], str | None]:
    """The choice after a click on tile ``idx`` (chosen, or taken back), and the message
    when ``size`` tiles are chosen already (the choice then stays)."""
    if idx in choice:
        return [i for i in choice if i != idx], None
    if len(choice) < size:
        return [*choice, idx], None
    return list(choice), ngettext(
        "You already chose {n}: take one back first.",
        "You already chose {n}: take one back first.",
        size,
    ).format(n=size)


def chosen_codes(items: Sequence[str], choice: Sequence[int]) -> list[str]:
    """The codes of the chosen tiles."""
    return [items[i] for i in choice if i < len(items)]


@dataclass(frozen=True)
class Chooser:
    """The accent chooser while the player to move must choose accent tiles."""

    key: tuple[Any, ...]
    """The position and its choices: the buttons are rebuilt (and the choice reset)
    only when it changes."""
    items: tuple[str, ...]
    """The tiles offered, one per button (:func:`accent_items`)."""
    size: int
    """How many tiles to choose."""
    tokens: int
    """How many legal choices there are."""
    owner: str | None
    """The player choosing (the tiles' colours)."""
    who: str
    """The player choosing, as the page names them."""


def chooser(ui: UIState, shown: bool) -> Chooser | None:
    """The chooser for ``ui``'s game, or ``None`` when there is none to show (no choice
    of accent tiles now, or not ``shown``: a replay, or the computer's turn)."""
    tokens = ui.accent_tokens() if shown else []
    if not tokens:
        return None
    pool, size = ui.accent_pool()
    game = ui.game
    owner = game.players[game.to_move] if game.to_move is not None else None
    return Chooser(
        (game.plies, game.to_move, tuple(tokens)),
        tuple(accent_items(pool)),
        size,
        len(tokens),
        owner,
        ui.player_name(game.to_move),
    )


def chooser_writes(ui: UIState, box: Chooser, choice: Sequence[int]) -> tuple[w.Write, ...]:
    """The chooser's title and help line, and its button enabled when ``choice`` (the
    buttons chosen) is a legal choice."""
    allowed = ui.accent_token_for(chosen_codes(box.items, choice)) is not None
    return (
        w.text(
            "accent-title",
            ngettext(
                "{player}: choose {n} accent tile", "{player}: choose {n} accent tiles", box.size
            ).format(player=box.who, n=box.size),
        ),
        w.text(
            "accent-help",
            ngettext(
                "{chosen} of {n} chosen. Accent tiles are played as a Harmony Bonus.",
                "{chosen} of {n} chosen. Accent tiles are played as a Harmony Bonus.",
                box.size,
            ).format(chosen=len(choice), n=box.size),
        ),
        w.disabled("btn-accents", not allowed),
    )
