"""The "Your games" dialog's lists, as elements: pure logic for the page.

:func:`game_items` lists the saved games (the page's own: "on this page"; the others
with Resume and Delete), :func:`set_aside_items` the set-aside data (a download link
and Delete); :func:`armed_label` is a Delete button's name once it asks again.  Text
from storage is only ever element text (``textContent``), a set-aside reason without
bidi controls or zero-width characters (:func:`paisho_page.words.authored.neutral`).
``site/games_dialog.py`` builds them and handles their clicks.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable

from paisho_page.base import dom_writes as w
from paisho_page.base.elements import Element
from paisho_page.storage import games_index
from paisho_page.storage.game_store import SetAsideRow
from paisho_page.storage.games_index import IndexEntry
from paisho_page.words.authored import neutral
from paisho_page.words.i18n import _

Dates = Callable[[int], str]
"""A stored time (ms) as the browser's local date and time (``""``: none)."""


def button(text: str, label: str, data: str, value: str) -> Element:
    """A button named ``label`` with one ``data-*`` attribute."""
    return Element(
        "button", text, attrs=((f"data-{data}", value), ("aria-label", label)),
        props=(("type", "button"),),
    )


def game_items(entries: Iterable[IndexEntry], current: str, dates: Dates) -> list[Element]:
    """One ``<li>`` per saved game (``current``: the id of the page's own game)."""
    items = []
    for entry in entries:
        described = games_index.describe(entry)
        parts = [
            Element("span", described, "game-desc"),
            Element("span", dates(entry.updated), "game-date"),
        ]
        if entry.id == current:
            parts.append(Element("span", _("on this page"), "game-here"))
        else:
            parts.append(button(
                _("Resume"), _("Resume: {game}").format(game=described), "resume", entry.id
            ))
            parts.append(button(
                _("Delete"), _("Delete: {game}").format(game=described), "delete", entry.id
            ))
        items.append(
            Element("li", cls="game-item", attrs=(("data-game", entry.id),), children=tuple(parts))
        )
    return items


def set_aside_items(
    rows: Iterable[SetAsideRow], dates: Dates, urls: Iterable[str]
) -> list[Element]:
    """One ``<li>`` per set-aside datum, its download at the matching URL of ``urls``."""
    items = []
    for stored, url in zip(rows, urls, strict=True):
        row = dataclasses.replace(stored, reason=neutral(stored.reason))  # (text from storage)
        download = Element(
            "a", _("Download"),
            attrs=(("aria-label", _("Download the set-aside data: {reason}").format(
                reason=row.reason)),),
            props=(("href", url), ("download", row.file_name)),
        )
        label = _("Delete the set-aside data: {reason}").format(reason=row.reason)
        items.append(Element("li", cls="setaside-item", children=(
            Element("span", row.text(dates(row.when))),
            download,
            button(_("Delete"), label, "delete-set-aside", row.key),
        )))
    return items


def armed_label(label: str | None) -> str | None:
    """A Delete button's accessible name once its first click armed it."""
    return None if label is None else _("Really delete? {label}").format(label=label)


def arm_writes(label: str | None) -> tuple[w.Write, ...]:
    """A Delete button armed by its first click (written to the button itself, whose
    ``aria-label`` is ``label``): marked ``data-armed``, asking "Really delete?", and its
    accessible name saying so too (:func:`armed_label`; none if it had none)."""
    armed = armed_label(label)
    return (
        w.data(w.SELF, "armed", "yes"),
        w.text(w.SELF, _("Really delete?")),
        *(() if armed is None else (w.attr(w.SELF, "aria-label", armed),)),
    )
