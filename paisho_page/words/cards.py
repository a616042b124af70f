"""Tile cards: what a tile does, in plain words, from the engine's tile facts.

The engine gives each variant's tile kinds as :class:`~paisho_core.tilefacts.TileFacts`
(ids and numbers read off its tables, no sentences); this module words them for a
newcomer: where the tile enters, how it moves, what it harmonises and clashes with, its
special powers, and links to its rulings (``rules.html#skud-r8``) and demos
(``embed.html#demo=NAME``).  The game page shows one card for the tile selected or
hovered (:func:`card`, built on first use and kept); the build fills the Rules page's
tile tables with :func:`rules_table_html`, from the same words, so the two cannot
disagree.
"""

from __future__ import annotations

import html
import importlib
import importlib.util
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from paisho_core import registry
from paisho_core.board import Point
from paisho_core.spec import data_file
from paisho_core.tilefacts import (
    ELL,
    FLY,
    JUMP,
    LEAP,
    NONE,
    PATH,
    STRAIGHT,
    UNLIMITED,
    Movement,
    TileFacts,
)
from paisho_core.tokens import point_token, reserve_code, token_point
from paisho_page.words.cards_text import LABELS, NEVER_MOVES, CardWords
from paisho_page.words.i18n import _, active, demo_text, ngettext, pgettext
from paisho_page.words.terms import for_tile, tile

RULES_PAGE = "rules.html"
DEMO_PAGE = "embed.html"


@dataclass(frozen=True)
class Link:
    """A link of a card: its text and a relative URL built from a trusted anchor or name."""

    text: str
    href: str


@dataclass(frozen=True)
class Card:
    """One tile card: a title and labelled lines of plain text, then links."""

    variant: str
    code: str
    title: str
    lines: tuple[tuple[str, str], ...]
    """``(label, text)`` pairs: Enters, Moves, Harmonises with, Clashes with, Power."""
    rulings: tuple[Link, ...]
    demos: tuple[Link, ...]


class UnknownTile(LookupError):
    """A tile code that the variant does not have."""


# ------------------------------------------------------------------------ wording
def move_words(move: Movement, name: str) -> str:
    """How a tile with ``move`` moves, in one sentence (in the page's language), worded
    for the tile called ``name`` (English, e.g. ``"Rock"``: the sentence may agree with
    it, :func:`~paisho_page.words.terms.for_tile`)."""
    reach = move.reach
    if move.shape == NONE:
        return for_tile(name, NEVER_MOVES)
    if move.shape == PATH:
        return ngettext(
            "Up to {n} step along the lines, turning as often as it likes, never over a tile.",
            "Up to {n} steps along the lines, turning as often as it likes, never over a tile.",
            reach).format(n=reach)
    if move.shape == STRAIGHT:
        if reach == UNLIMITED:
            return _("Any distance in one straight line (row or column), never over a tile.")
        return ngettext(
            "1 to {n} point in one straight line (row or column), never over a tile.",
            "1 to {n} points in one straight line (row or column), never over a tile.",
            reach).format(n=reach)
    if move.shape == ELL:
        if move.short_stops:
            return ngettext(
                "In an L: {n} points straight, then {side} point at a right angle; it may"
                " also stop after 1 to {n} straight points. Never over a tile.",
                "In an L: {n} points straight, then {side} points at a right angle; it may"
                " also stop after 1 to {n} straight points. Never over a tile.",
                move.side).format(n=reach, side=move.side)
        return ngettext(
            "In an L: exactly {n} points straight, then {side} point at a right angle"
            " (exactly). Never over a tile.",
            "In an L: exactly {n} points straight, then {side} points at a right angle"
            " (exactly). Never over a tile.",
            move.side).format(n=reach, side=move.side)
    if move.shape == FLY:
        return ngettext(
            "1 to {n} point in any of the eight directions, flying over tiles.",
            "1 to {n} points in any of the eight directions, flying over tiles.",
            reach).format(n=reach)
    if move.shape == LEAP:
        far = str(move.exact[0]) if move.exact else ""
        for n in move.exact[1:]:
            far = _("{first} or {second}").format(first=far, second=n)
        last = move.exact[-1] if move.exact else 0
        return ngettext(
            "Exactly {n} point in any of the eight directions, jumping over tiles.",
            "Exactly {n} points in any of the eight directions, jumping over tiles.",
            last).format(n=far)
    if move.shape == JUMP:
        return ngettext(
            "1 to {n} point in one straight line, jumping over tiles.",
            "1 to {n} points in one straight line, jumping over tiles.",
            reach).format(n=reach)
    raise ValueError(f"unknown movement shape {move.shape!r}")


def _names(facts: tuple[TileFacts, ...], codes: tuple[str, ...]) -> str:
    by_code = {f.code: f for f in facts}
    if not codes:  # the card's "Harmonises with: –" (a word of its own in each language)
        return pgettext("tile card", "nothing")
    return ", ".join(_fact_name(by_code[c]) for c in codes)


def _english_name(fact: TileFacts) -> str:
    """A tile's English name without its code's number (``Rose R3`` → ``Rose``)."""
    words = fact.name.split(" ")
    if len(words) > 1 and any(ch.isdigit() for ch in words[-1]):
        return " ".join(words[:-1])
    return fact.name


def _fact_name(fact: TileFacts) -> str:
    """A tile's name in the page's language (``Rose R3`` keeps its code's number)."""
    name = _english_name(fact)
    return tile(name) if name == fact.name else f"{tile(name)} {fact.name.split(' ')[-1]}"


RULING_ANCHOR = re.compile(r"[a-z]+-r(\d+b?)")
"""A ruling's anchor on the rules page (``skud-r8``, ``wiki-r12b``): its link reads ``R8``."""


def _link_text(variant: str, anchor: str) -> str:
    match = RULING_ANCHOR.fullmatch(anchor)
    if match:
        return f"R{match.group(1)}"
    words = words_of(variant)
    section = anchor.removeprefix(variant + "-")
    found = words.sections.get(section) if words is not None else None
    return _(found) if found is not None else section.replace("-", " ").capitalize()


WORDS_MODULE = "paisho_page.panels.{variant}_cards"
"""Where a variant's card words are: that module's ``WORDS``, a
:class:`~paisho_page.words.cards_text.CardWords`."""


@cache
def words_of(variant: str) -> CardWords | None:
    """The card words of ``variant`` (its page module's ``WORDS``), or ``None`` for a
    variant without them (its cards then show the ids)."""
    name = WORDS_MODULE.format(variant=variant)
    if not variant.isidentifier() or importlib.util.find_spec(name) is None:
        return None
    words: CardWords = importlib.import_module(name).WORDS
    return words


def _label(variant: str, key: str) -> str:
    """The name of a card's line ``key``: the variant's own, else the page's."""
    words = words_of(variant)
    own = words.labels.get(key) if words is not None else None
    return _(own if own is not None else LABELS[key])


LINE_KEYS = ("enters", "moves", "harmonises", "clashes", "powers")
"""The card's lines, in order."""


def line_names(variant: str) -> dict[str, str]:
    """The names of the card's lines of ``variant`` (:data:`LINE_KEYS`), in the page's
    language."""
    return {key: _label(variant, key) for key in LINE_KEYS}


def _id_words(variant: str, name: str, kind: str, ids: tuple[str, ...]) -> str:
    """The words of entry or power ``ids`` (``kind``: ``entries`` or ``powers``) for the
    tile called ``name``, one sentence each; an id without words is shown as it is."""
    words = words_of(variant)
    table: dict[str, str] = dict(getattr(words, kind)) if words is not None else {}
    return " ".join(for_tile(name, table[i]) if i in table else i for i in ids)


@cache
def demo_titles(variant: str) -> dict[str, str]:
    """The title of each demo of ``variant``'s demo file, by name (read on first use)."""
    spec = registry.find(variant)
    path = data_file(spec.demos) if spec is not None and spec.demos else None
    if path is None or not path.is_file():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    return {str(d["name"]): str(d.get("title", d["name"])) for d in data.get("demos", [])}


def _demo_text(variant: str, name: str) -> str:
    title = demo_titles(variant).get(name)
    if title:
        return demo_text(title)
    return name.removeprefix(variant + "-").replace("-", " ").capitalize()


def tile_lines(variant: str, fact: TileFacts) -> tuple[tuple[str, str], ...]:
    """The card's labelled lines for one tile (also the Rules page table's cells)."""
    facts = registry.tile_facts(variant)
    name = _english_name(fact)
    powers = _id_words(variant, name, "powers", fact.powers)
    return (
        (_label(variant, "enters"), _id_words(variant, name, "entries", fact.enters)),
        (_label(variant, "moves"), move_words(fact.move, name)),
        (_label(variant, "harmonises"), _names(facts, fact.harmonises)),
        (_label(variant, "clashes"), _names(facts, fact.clashes)),
        (_label(variant, "powers"), powers or _("none")),
    )


def facts_of(variant: str, code: str) -> TileFacts:
    """The engine's facts of tile ``code``; raise :class:`UnknownTile` if it has none."""
    for fact in registry.tile_facts(variant):
        if fact.code == code:
            return fact
    raise UnknownTile(f"{variant} has no tile {code!r}")


def card(variant: str, code: str) -> Card:
    """The card of tile ``code`` of ``variant`` in the page's language (worded once per
    language, then kept)."""
    return _card(variant, code, active())


@cache
def _card(variant: str, code: str, lang: str) -> Card:
    fact = facts_of(variant, code)
    return Card(
        variant=variant,
        code=code,
        title=f"{_fact_name(fact)} ({code})",
        lines=tile_lines(variant, fact),
        rulings=tuple(
            Link(_link_text(variant, a), f"./{RULES_PAGE}#{a}") for a in fact.rulings
        ),
        demos=tuple(Link(_demo_text(variant, d), f"./{DEMO_PAGE}#demo={d}") for d in fact.demos),
    )


# ------------------------------------------------------------------ the rules page
def rules_table_html(variant: str) -> str:
    """The Rules page's table of every tile of ``variant`` (every text escaped)."""
    facts = registry.tile_facts(variant)
    head = "".join(f'<th scope="col">{html.escape(name)}</th>'
                   for name in line_names(variant).values())
    words = words_of(variant)
    caption = _(words.caption) if words is not None else _("Tiles")
    rows = []
    for fact in facts:
        cells = "".join(
            f'<td data-label="{html.escape(label)}">{html.escape(text)}</td>'
            for label, text in tile_lines(variant, fact)
        )
        name = f"{html.escape(_fact_name(fact))} <code>{html.escape(fact.code)}</code>"
        rows.append(f'<tr id="tile-{variant}-{html.escape(fact.code.lower())}">'
                    f'<th scope="row">{name}</th>{cells}</tr>')
    tile_word = html.escape(_("Tile"))
    return (
        f'<div class="tile-table-wrap" data-tile-table="{html.escape(variant)}"><table>'
        f'<caption class="help">{html.escape(caption)}</caption>'
        f'<thead><tr><th scope="col">{tile_word}</th>{head}</tr></thead>'

        f"<tbody>{''.join(rows)}</tbody></table></div>"
    )


TABLE_PLACEHOLDER = re.compile(r'<div class="tile-table" data-variant="([a-z]+)"></div>')
"""How ``site/rules.html`` asks for a variant's generated tile table."""


def fill_rules_tables(page: str) -> str:
    """``page`` (the Rules page) with every tile-table placeholder filled."""
    return TABLE_PLACEHOLDER.sub(lambda m: rules_table_html(m.group(1)), page)


# ------------------------------------------------------------- which tile to show
def tile_at(game: object, token: str) -> str | None:
    """The code of the tile a click token names: a reserve tile's code, or the code of
    the tile on a board point (``None`` for an empty point or another token)."""
    code = reserve_code(token)
    if code is not None:
        return code
    point = token_point(token)
    if point is None:
        return None
    for placed in game.board_tiles():  # type: ignore[attr-defined]
        if placed.point == point:
            return str(placed.code)
    return None


def subject(
    game: object, clicks: Sequence[str], cursor: Point | None, pointed: str | None
) -> str | None:
    """The tile code the card is about: the tile under the mouse or focused in a reserve
    (``pointed``, a click token), else the tile under the keyboard ``cursor``, else the
    tile of the selection (its reserve tile, or the board tile it started from)."""
    candidates: list[str] = []
    if pointed:
        candidates.append(pointed)
    if cursor is not None:
        candidates.append(point_token(cursor))
    candidates += [t for t in reversed(clicks) if reserve_code(t) is not None]
    candidates += [t for t in clicks if token_point(t) is not None][:1]
    for token in candidates:
        code = tile_at(game, token)
        if code is not None:
            return code
    return None


def card_or_none(variant: str, code: str | None) -> Card | None:
    """:func:`card`, or ``None`` for no tile or a code the variant has no facts for (a
    hidden hand's ``?``)."""
    if code is None:
        return None
    try:
        return card(variant, code)
    except (UnknownTile, KeyError):
        return None
