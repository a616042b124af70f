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
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from paisho_core import registry
from paisho_core.board import Point
from paisho_core.demos import FOLDER as DEMO_FOLDER
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
from paisho_page.cards_text import ENTRY_WORDS, LABELS, POWER_WORDS, SECTION_WORDS

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
def _count(n: int) -> str:
    return "point" if n == 1 else "points"


def move_words(move: Movement) -> str:
    """How a tile with ``move`` moves, in one sentence."""
    reach = move.reach
    if move.shape == NONE:
        return "Never moves once on the board."
    if move.shape == PATH:
        return (
            f"Up to {reach} steps along the lines, turning as often as it likes, "
            "never over a tile."
        )
    if move.shape == STRAIGHT:
        far = "Any distance" if reach == UNLIMITED else f"1 to {reach} {_count(reach)}"
        return f"{far} in one straight line (row or column), never over a tile."
    if move.shape == ELL:
        side = f"then {move.side} {_count(move.side)} at a right angle"
        if move.short_stops:
            return (
                f"In an L: {reach} points straight, {side}; it may also stop after "
                f"1 to {reach} straight points. Never over a tile."
            )
        return f"In an L: exactly {reach} points straight, {side} (exactly). Never over a tile."
    if move.shape == FLY:
        return f"1 to {reach} points in any of the eight directions, flying over tiles."
    if move.shape == LEAP:
        far = " or ".join(str(n) for n in move.exact)
        return f"Exactly {far} points in any of the eight directions, jumping over tiles."
    if move.shape == JUMP:
        return f"1 to {reach} points in one straight line, jumping over tiles."
    raise ValueError(f"unknown movement shape {move.shape!r}")


def _names(facts: tuple[TileFacts, ...], codes: tuple[str, ...]) -> str:
    by_code = {f.code: f for f in facts}
    return ", ".join(by_code[c].name for c in codes) if codes else "nothing"


def _link_text(variant: str, anchor: str) -> str:
    match = re.fullmatch(r"[a-z]+-r(\d+b?)", anchor)
    if match:
        return f"R{match.group(1)}"
    return SECTION_WORDS[variant][anchor.removeprefix(variant + "-")]


@cache
def demo_titles(variant: str) -> dict[str, str]:
    """The title of each demo of ``variant``'s demo file, by name (read on first use)."""
    path = DEMO_FOLDER / f"{variant}.json"
    if not path.is_file():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    return {str(d["name"]): str(d.get("title", d["name"])) for d in data.get("demos", [])}


def _demo_text(variant: str, name: str) -> str:
    title = demo_titles(variant).get(name)
    return title or name.removeprefix(variant + "-").replace("-", " ").capitalize()


def tile_lines(variant: str, fact: TileFacts) -> tuple[tuple[str, str], ...]:
    """The card's labelled lines for one tile (also the Rules page table's cells)."""
    facts = registry.tile_facts(variant)
    labels = LABELS[variant]
    powers = " ".join(POWER_WORDS[variant][p] for p in fact.powers) or "none"
    return (
        (labels["enters"], " ".join(ENTRY_WORDS[variant][e] for e in fact.enters)),
        (labels["moves"], move_words(fact.move)),
        (labels["harmonises"], _names(facts, fact.harmonises)),
        (labels["clashes"], _names(facts, fact.clashes)),
        (labels["powers"], powers),
    )


def facts_of(variant: str, code: str) -> TileFacts:
    """The engine's facts of tile ``code``; raise :class:`UnknownTile` if it has none."""
    for fact in registry.tile_facts(variant):
        if fact.code == code:
            return fact
    raise UnknownTile(f"{variant} has no tile {code!r}")


@cache
def card(variant: str, code: str) -> Card:
    """The card of tile ``code`` of ``variant`` (worded once, then kept)."""
    fact = facts_of(variant, code)
    return Card(
        variant=variant,
        code=code,
        title=f"{fact.name} ({code})",
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
    labels = LABELS[variant]
    keys = ("enters", "moves", "harmonises", "clashes", "powers")
    head = "".join(f'<th scope="col">{html.escape(labels[k])}</th>' for k in keys)
    rows = []
    for fact in facts:
        cells = "".join(
            f'<td data-label="{html.escape(label)}">{html.escape(text)}</td>'
            for label, text in tile_lines(variant, fact)
        )
        name = f"{html.escape(fact.name)} <code>{html.escape(fact.code)}</code>"
        rows.append(f'<tr id="tile-{variant}-{html.escape(fact.code.lower())}">'
                    f'<th scope="row">{name}</th>{cells}</tr>')
    return (
        f'<div class="tile-table-wrap" data-tile-table="{html.escape(variant)}"><table>'
        f'<caption class="help">{html.escape(labels["caption"])}</caption>'
        f'<thead><tr><th scope="col">Tile</th>{head}</tr></thead>'
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
    for tile in game.board_tiles():  # type: ignore[attr-defined]
        if tile.point == point:
            return str(tile.code)
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
