"""The accent chooser (``rules.html#skud-r12``), as data: pure logic for the game page.

The tiles it offers (one button per tile, e.g. R R W W K K B B), which of them the player
has chosen, what its title, help line and buttons say, and whether its button may play
the choice.  ``site/game_page.py`` builds the buttons with ``dom.build`` and applies the
writes computed here.
"""

from __future__ import annotations

from collections.abc import Sequence

from paisho_core.render import tile_name, tile_svg
from paisho_page import dom_writes as w
from paisho_page.elements import Element

NOT_ALLOWED = "That accent choice is not allowed."
"""The message when the chosen tiles are no legal choice."""


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


def button_label(variant: str, code: str, chosen: bool) -> str:
    """A tile button's ``aria-label``: its name, and whether it is chosen."""
    return f"{tile_name(variant, code)}, " + ("chosen" if chosen else "not chosen")


def toggle(choice: Sequence[int], idx: int, size: int) -> tuple[list[int], str | None]:
    """The choice after a click on tile ``idx`` (chosen, or taken back), and the message
    when ``size`` tiles are chosen already (the choice then stays)."""
    if idx in choice:
        return [i for i in choice if i != idx], None
    if len(choice) < size:
        return [*choice, idx], None
    return list(choice), f"You already chose {size}: take one back first."


def chosen_codes(items: Sequence[str], choice: Sequence[int]) -> list[str]:
    """The codes of the chosen tiles."""
    return [items[i] for i in choice if i < len(items)]


def chooser_writes(who: str, size: int, chosen: int, allowed: bool) -> tuple[w.Write, ...]:
    """The chooser's title and help line, and its button enabled when the choice is
    ``allowed`` (``who`` chooses ``size`` tiles, ``chosen`` are chosen)."""
    return (
        w.text("accent-title", f"{who}: choose {size} accent tiles"),
        w.text(
            "accent-help",
            f"{chosen} of {size} chosen. Accent tiles are played as a Harmony Bonus.",
        ),
        w.disabled("btn-accents", not allowed),
    )
