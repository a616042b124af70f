"""The tile cards' words (``paisho_page/words/cards.py``) against the engine's tile facts."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from paisho_core import registry
from paisho_core.board import Point
from paisho_core.tilefacts import NONE, UNLIMITED
from paisho_page.words import cards

VARIANTS = registry.variant_names()
RULING_HREF = re.compile(r"\./rules\.html#[a-z0-9-]+")
DEMO_HREF = re.compile(r"\./embed\.html#demo=[a-z0-9-]+")


def _lines(card: cards.Card) -> dict[str, str]:
    return dict(card.lines)


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_tile_of_every_variant_has_a_card_with_words_for_each_fact(variant: str) -> None:
    for fact in registry.tile_facts(variant):
        card = cards.card(variant, fact.code)
        assert card.title == f"{fact.name} ({fact.code})"
        assert [label for label, _ in card.lines] == list(cards.line_names(variant).values())
        assert all(text.strip() for _, text in card.lines)
        assert len(card.rulings) == len(fact.rulings) and len(card.demos) == len(fact.demos)
        for link, anchor in zip(card.rulings, fact.rulings, strict=True):
            assert RULING_HREF.fullmatch(link.href) and link.href.endswith("#" + anchor)
        for link, name in zip(card.demos, fact.demos, strict=True):
            assert DEMO_HREF.fullmatch(link.href) and link.href.endswith("=" + name)
            assert link.text


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_card_says_the_tables_move_distance_and_pairs(variant: str) -> None:
    """The card's numbers and names are the engine's: the move distance of the tile
    table, every harmony partner and no other, every clash partner and no other."""
    facts = registry.tile_facts(variant)
    names = {f.code: f.name for f in facts}
    labels = cards.line_names(variant)
    for fact in facts:
        lines = _lines(cards.card(variant, fact.code))
        moves = lines[labels["moves"]]
        if fact.move.shape == NONE:
            assert moves.startswith("Never moves")
        elif fact.move.reach not in (0, UNLIMITED):
            assert re.search(rf"\b{fact.move.reach}\b", moves), (fact.code, moves)
        for key, codes in (("harmonises", fact.harmonises), ("clashes", fact.clashes)):
            listed = lines[labels[key]]
            want = [names[c] for c in codes] or ["nothing"]
            assert listed.split(", ") == want, (fact.code, key)


def test_wiki_lily_card_in_plain_words() -> None:
    """wiki-r3 (side Gates), wiki-r4 (2 then 2 at a right angle), wiki-r8 (pairs)."""
    card = cards.card("wiki", "Li")
    lines = _lines(card)
    assert card.title == "Lily (Li)"
    assert lines["Enters"] == "At the east or the west Gate, if it is empty."
    assert "exactly 2 points straight, then 2 points at a right angle" in lines["Moves"]
    assert lines["Harmonises with"] == "Jasmine, White Jade"
    assert lines["Disharmony with"] == "Chrysanthemum"
    assert "./rules.html#wiki-r4" in [link.href for link in card.rulings]
    assert "./embed.html#demo=wiki-move-l" in [link.href for link in card.demos]


def test_skud_orchid_and_rose_cards() -> None:
    """skud-r7: the Orchid traps and, with a Blooming Lotus, captures; skud-r1: a Rose moves 3."""
    orchid = _lines(cards.card("skud", "O"))
    assert "Up to 6 steps" in orchid["Moves"]
    assert "cannot move" in orchid["Special"]
    assert orchid["Enters"].endswith("only as a Harmony Bonus.")
    rose = _lines(cards.card("skud", "R3"))
    assert rose["Harmonises with"] == "Chrysanthemum, White Jade, White Lotus"
    assert rose["Clashes with"] == "Jasmine"
    assert "Up to 3 steps" in rose["Moves"]


def test_cards_are_built_once() -> None:
    assert cards.card("ancient", "D") is cards.card("ancient", "D")


def test_unknown_or_hidden_tiles_have_no_card() -> None:
    assert cards.card_or_none("ancient", "?") is None
    assert cards.card_or_none("skud", None) is None
    with pytest.raises(cards.UnknownTile):
        cards.card("skud", "Zz")


# ------------------------------------------------------------- which tile to show
def _skud_with_a_flower() -> Any:
    game = registry.new_game("skud")
    for move in ("R,W,K,B", "R,W,K,B", "R3(0,-8)"):
        game.play(move)
    return game


def test_the_card_follows_the_pointer_then_the_cursor_then_the_selection() -> None:
    game = _skud_with_a_flower()
    on_gate = Point(0, -8)
    assert cards.subject(game, (), None, None) is None
    assert cards.subject(game, (), on_gate, None) == "R3"  # the keyboard cursor's tile
    assert cards.subject(game, (), Point(0, 0), None) is None  # an empty point
    assert cards.subject(game, ("reserve:W4",), Point(0, 0), None) == "W4"  # the selection
    assert cards.subject(game, ("reserve:W4",), on_gate, None) == "R3"  # cursor first
    assert cards.subject(game, ("reserve:W4",), on_gate, "reserve:L") == "L"  # pointer first
    assert cards.subject(game, ("point:(0,-8)", "point:(0,-5)"), None, None) == "R3"
    assert cards.subject(game, (), None, "point:(3,3)") is None


# ------------------------------------------------------------------ the rules page
@pytest.mark.parametrize("variant", VARIANTS)
def test_rules_table_has_one_row_per_tile_with_the_cards_words(variant: str) -> None:
    table = cards.rules_table_html(variant)
    facts = registry.tile_facts(variant)
    assert table.count("<tr id=") == len(facts)
    for fact in facts:
        for label, text in cards.card(variant, fact.code).lines:
            assert f'<td data-label="{label}">{html.escape(text)}</td>' in table


def test_fill_rules_tables_replaces_each_placeholder() -> None:
    page = '<p>x</p><div class="tile-table" data-variant="wiki"></div><p>y</p>'
    out = cards.fill_rules_tables(page)
    assert 'data-tile-table="wiki"' in out and 'class="tile-table"' not in out
    assert out.startswith("<p>x</p>") and out.endswith("<p>y</p>")
    with pytest.raises(Exception, match="chess"):
        cards.fill_rules_tables('<div class="tile-table" data-variant="chess"></div>')


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_id_of_the_facts_has_words_in_the_variants_package(variant: str) -> None:
    """Entry and power ids, and the Rules sections cited that are not numbered rulings,
    all have words in the variant's ``CardWords`` (``paisho_page/panels/<variant>_cards.py``)."""
    words = cards.words_of(variant)
    assert words is not None
    for fact in registry.tile_facts(variant):
        assert set(fact.enters) <= set(words.entries), fact.code
        assert set(fact.powers) <= set(words.powers), fact.code
        sections = {a.removeprefix(variant + "-") for a in fact.rulings
                    if not re.fullmatch(r"[a-z]+-r\d+b?", a)}
        assert sections <= set(words.sections), fact.code
