"""The players' panels and their reserves, as data: pure logic for the game page.

One section per player (a name, a turn badge, a reserve group), one button per tile
kind of a reserve (its art, its count), and, at each redraw, which of those buttons
may be played or is selected and what a screen reader says of it.  ``site/game_page.py``
builds the elements with ``dom.build`` and applies the writes computed here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from paisho_core.render import tile_svg
from paisho_page.base import dom_writes as w
from paisho_page.base.elements import Element
from paisho_page.play.seat_marks import SeatMark
from paisho_page.play.ui import UIState
from paisho_page.words.i18n import _, ngettext, pgettext
from paisho_page.words.names import player, tile_name


def player_section(seat: int, name: str) -> Element:
    """The panel of the player in ``seat``: their name, turn badge and empty reserve."""
    head = Element(
        "h2",
        children=(
            Element("span", "", "seat-dot"),
            Element("span", player(name), "seat-name"),
            Element("span", "", "turn-badge"),
        ),
    )
    reserve = Element(
        "div",
        cls="reserve",
        id=f"reserve-{seat}",
        attrs=(
            ("role", "group"),
            ("aria-label", _("{player}'s reserve").format(player=player(name))),
        ),
    )
    return Element(
        "section",
        cls="player",
        id=f"player-{seat}",
        attrs=(("data-owner", name),),
        children=(head, reserve),
    )


def seat_writes(seat: int, mark: SeatMark) -> tuple[w.Write, ...]:
    """The section of the player in ``seat`` marked as to move, or as the computer
    thinking (its classes ``to-move`` and ``thinking``)."""
    return (
        w.classed(f"player-{seat}", "to-move", mark.to_move),
        w.classed(f"player-{seat}", "thinking", mark.thinking),
    )


def reserve_key(reserve: dict[str, int]) -> str:
    """The reserve's contents as a key: its buttons are rebuilt only when it changes."""
    return json.dumps(sorted(reserve.items()))


def tile_owner(seat: str) -> int | None:
    """The seat of a reserve button's ``data-seat`` (``None``: none, or not a number)."""
    return int(seat) if seat.isdigit() else None


def reserve_elements(
    reserve: dict[str, int], seat: int, name: str, variant: str
) -> tuple[Element, ...]:
    """One button per tile kind of ``reserve`` (``"?"``: a hidden hand's size only)."""
    if not reserve:
        return (Element("span", pgettext("reserve", "empty"), "reserve-empty"),)
    out = []
    for code, count in reserve.items():
        if code == "?":  # a hidden hand: its size only
            out.append(Element(
                    "span",
                    ngettext("{n} tile in hand", "{n} tiles in hand", count).format(n=count),
                    "hidden-hand",
                ))
            continue
        out.append(
            Element(
                "button",
                cls="reserve-tile",
                attrs=(
                    ("data-reserve", code),
                    ("data-owner", name),
                    ("data-seat", str(seat)),
                    ("data-count", str(count)),
                ),
                props=(("type", "button"), ("title", tile_name(variant, code))),
                children=(Element("span", str(count), "count"),),
                svg=tile_svg(variant, code, name, 38),
            )
        )
    return tuple(out)


@dataclass(frozen=True)
class ReserveTile:
    """How one reserve button is shown at this redraw."""

    playable: bool
    selected: bool
    label: str
    """Its ``aria-label``."""

    def writes(self) -> tuple[w.Write, ...]:
        """The button's classes (``playable``, ``selected``), whether it is pressed and
        its label, written to the button itself (:data:`~paisho_page.base.dom_writes.SELF`)."""
        return (
            w.classed(w.SELF, "playable", self.playable),
            w.classed(w.SELF, "selected", self.selected),
            w.pressed(w.SELF, self.selected),
            w.attr(w.SELF, "aria-label", self.label),
        )


def reserve_tile(
    variant: str,
    name: str,
    code: str,
    count: str,
    playable: bool,
    selected: bool,
) -> ReserveTile:
    """The button of ``name``'s tile ``code`` (``count`` in reserve): its marks and label."""
    n = int(count) if count.isdigit() else 0
    if playable:
        label = ngettext(
            "{player} {tile}, {n} in reserve, can be played",
            "{player} {tile}, {n} in reserve, can be played",
            n,
        )
    else:
        label = ngettext("{player} {tile}, {n} in reserve", "{player} {tile}, {n} in reserve", n)
    label = label.format(player=player(name), tile=tile_name(variant, code), n=count)
    return ReserveTile(playable, selected, label)


def offered(ui: UIState, replaying: bool, people: bool) -> tuple[frozenset[str], str | None]:
    """The mover's reserve tiles a click may take now (none in a replay or while the
    computer is to move: ``people`` False), and the one selected (none in a replay)."""
    playable = frozenset() if replaying or not people else ui.highlighted_reserve()
    selected = None if replaying else ui.selected_reserve
    return playable, selected


def seat_tiles(
    variant: str,
    seat: int,
    name: str,
    mover: int | None,
    reserve: dict[str, int],
    offer: tuple[frozenset[str], str | None],
) -> dict[str, ReserveTile]:
    """How each button of ``seat``'s reserve is shown, by tile code (``offer``: from
    :func:`offered`; only the mover's tiles are playable or selected)."""
    playable, selected = offer
    return {
        code: reserve_tile(
            variant,
            name,
            code,
            str(count),
            mover == seat and code in playable,
            mover == seat and code == selected,
        )
        for code, count in reserve.items()
        if code != "?"
    }
