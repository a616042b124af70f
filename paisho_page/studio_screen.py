"""What the Studio page (``studio.html``) writes: pure logic for the page.

The variant and mover menus, the palette's buttons, the problems list and the link,
as :class:`~paisho_page.elements.Element` and :mod:`paisho_page.dom_writes`; every text
is set with ``textContent`` (tile art is the renderer's SVG).
"""

from __future__ import annotations

from paisho_core.registry import get_variant, variant_names
from paisho_core.render import tile_svg
from paisho_page.dom_writes import Write, hidden, prop, text
from paisho_page.elements import Element
from paisho_page.studio import REMOVE, Studio

PLAYABLE = "The position can be played."
LINK_PAGE = "embed.html"
"""Where a Studio link opens (the embed page reads ``#demo=~1…``)."""


def _option(value: str, label: str, chosen: bool) -> Element:
    props: tuple[tuple[str, str | bool], ...] = (("value", value), ("selected", chosen))
    return Element("option", label, props=props)


def variant_options(current: str) -> list[Element]:
    """The variant menu: every variant of the registry, by its title."""
    return [
        _option(name, str(get_variant(name).info.title), name == current)
        for name in variant_names()
    ]


def mover_options(studio: Studio) -> list[Element]:
    """The "to move" menu: every seat of the variant."""
    return [
        _option(str(seat), name.capitalize(), seat == studio.setup.to_move)
        for seat, name in enumerate(studio.players())
    ]


def _pressed(flag: bool) -> tuple[tuple[str, str], ...]:
    return (("aria-pressed", "true" if flag else "false"),)


def palette_items(studio: Studio) -> list[Element]:
    """The palette: one button per tile a seat may put down (art, name, how many
    exist), then the remove tool; the tool in hand is pressed."""
    variant = studio.setup.variant
    players = studio.players()
    items = []
    for index, tile in enumerate(studio.palette):
        owner = players[tile.owner] if tile.owner is not None else None
        label = f"{studio.tile_label(tile)}, {tile.count} in a set"
        items.append(
            Element(
                "button",
                cls=f"studio-tile {owner or 'neutral'}",
                attrs=(
                    ("data-tool", str(index)),
                    ("aria-label", label),
                    ("title", label),
                    *_pressed(studio.tool == index),
                ),
                props=(("type", "button"),),
                svg=tile_svg(variant, tile.code, owner, 30),
            )
        )
    items.append(
        Element(
            "button",
            "Remove",
            "studio-remove",
            attrs=(("data-tool", str(REMOVE)), *_pressed(studio.tool == REMOVE)),
            props=(("type", "button"),),
        )
    )
    return items


def problem_items(studio: Studio) -> list[Element]:
    """The engine's problems with the position, one item each (or that it is fine)."""
    problems = studio.problems()
    if not problems:
        return [Element("li", PLAYABLE, "studio-ok")]
    return [Element("li", _sentence(p), "studio-problem") for p in problems]


def _sentence(words: str) -> str:
    """``words`` with a capital and a full stop."""
    words = words[:1].upper() + words[1:]
    return words if words.endswith((".", "!", "?")) else words + "."


def share_url(base: str, fragment: str) -> str:
    """The link's full address: ``embed.html`` next to the Studio page at ``base``."""
    folder = base.split("#")[0].split("?")[0]
    folder = folder[: folder.rfind("/") + 1]
    return f"{folder}{LINK_PAGE}{fragment}"


def writes(studio: Studio, base: str) -> tuple[Write, ...]:
    """The message, the hint of the tool in hand and the position's link (when the
    engine accepts the position)."""
    fragment, why = studio.share_fragment()
    tile = studio.held()
    if tile is not None:
        hint = f"Putting: {studio.tile_label(tile)}. Marked points can take it."
    elif studio.tool == REMOVE:
        hint = "Removing: click a tile to take it off the board."
    else:
        hint = "Choose a tile, then a marked point. Click a tile on the board to remove it."
    return (
        text("studio-message", studio.message),
        text("studio-hint", hint),
        prop("studio-link", "value", share_url(base, fragment) if fragment else ""),
        text("studio-link-status", why),
        hidden("studio-open-link", not fragment),
        prop("studio-open-link", "href", f"./{LINK_PAGE}{fragment}" if fragment else "./"),
    )


def key_target(key: str) -> bool:
    """True for the keys the board takes (arrows, Enter, Space)."""
    return key in ("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Enter", " ")
