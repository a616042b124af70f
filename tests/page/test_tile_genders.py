"""Sentences about a tile agree with its name's grammatical gender (paisho_page/words/terms.py):
every tile name has a gender in every shipped catalog, a sentence marked per gender is
in the catalogs three times, and the Russian cards and accent buttons agree."""

from __future__ import annotations

import re

import pytest
from language import speaking

from paisho_core import registry
from paisho_page.play import accent_view
from paisho_page.words import cards, cards_text, i18n, terms
from sitebuild.catalogs import read_catalog

SHIPPED = [code for code in i18n.LANGUAGES if code != i18n.SOURCE]


def test_every_tile_name_has_a_gender_entry() -> None:
    assert terms.tile_genders() == terms.tile_names()
    for spec in registry.specs():
        assert [m.template for m in spec.tile_genders] == list(
            dict.fromkeys(m.template for m in spec.tile_names.values())), spec.name


@pytest.mark.parametrize("lang", SHIPPED)
def test_each_catalog_gives_every_tile_a_known_gender(lang: str) -> None:
    said = {m.msgid: m.msgstr[0] for m in read_catalog(lang, "page").messages
            if m.msgctxt == "tile gender"}
    assert set(said) == set(terms.tile_names())
    assert set(said.values()) <= set(terms.GENDERS), said


@pytest.mark.parametrize("lang", SHIPPED)
def test_a_gendered_sentence_is_translated_in_every_gender(lang: str) -> None:
    catalog = read_catalog(lang, "page").messages
    by_context: dict[str, set[str]] = {g: set() for g in terms.GENDERS}
    for m in catalog:
        if m.msgctxt in by_context:
            by_context[m.msgctxt].add(m.msgid)
    assert by_context["masculine"] == by_context["feminine"] == by_context["neuter"]
    assert cards_text.NEVER_MOVES in by_context["neuter"]
    for variant in registry.variant_names():  # (their sentences marked per gender)
        cards.words_of(variant)
    assert accent_view.CHOSEN in by_context["neuter"]
    assert all(terms.gendered(text) for text in by_context["neuter"])


def test_by_gender_takes_one_sentence_three_times() -> None:
    assert terms.by_gender("It moves.", "It moves.", "It moves.") == "It moves."
    assert terms.gendered("It moves.")
    with pytest.raises(ValueError):
        terms.by_gender("It moves.", "She moves.", "It moves.")


def test_english_reads_the_same_for_every_tile() -> None:
    assert terms.gender("Rock") == "neuter"  # no catalog: the English wording
    assert terms.for_tile("Rock", cards_text.NEVER_MOVES) == (
        "Never moves once on the board.")


def _line(variant: str, code: str, label: int) -> str:
    return cards.card(variant, code).lines[label][1]


def test_russian_cards_agree_with_the_tile() -> None:
    with speaking("ru"):
        assert terms.gender("Knotweed") == "masculine"
        assert terms.gender("Rock") == "feminine"
        assert terms.gender("Wheel") == "neuter"
        moves = {code: _line("skud", code, 1) for code in ("K", "R", "W", "B")}
        assert moves == {"K": "Поставленный на доску, больше не ходит.",
                         "R": "Поставленная на доску, больше не ходит.",
                         "W": "Поставленное на доску, больше не ходит.",
                         "B": "Поставленная на доску, больше не ходит."}
        assert _line("balance", "A", 1).startswith("Поставленный")  # Аватар
        assert _line("ancient", "L", 4).startswith("Каждая пара в его ряду")  # Лотос
        assert _line("ancient", "C", 4).startswith("Ни гармонии, ни дисгармонии не "
                                                   "считаются в её ряду")  # Монета
        assert "снимается вместе с ним" in _line("wiki", "K", 4)  # Нотуид
        assert "снимается вместе с ней" in _line("wiki", "R", 4)  # Скала
        assert "толкнуть или перевезти его" in _line("wiki", "WJ", 4)  # Белый Нефрит
        white_lotus = _line("skud", "L", 4)
        assert "С ним" in white_lotus and not re.search(r"\bЕё\b|\bеё\b", white_lotus)


def test_russian_accent_buttons_agree_with_the_tile() -> None:
    with speaking("ru"):
        labels = [accent_view.button_label("skud", code, chosen)
                  for code, chosen in (("K", True), ("W", True), ("B", True), ("R", False))]
        assert labels == ["Нотуид, выбран", "Колесо, выбрано", "Лодка, выбрана",
                          "Скала, не выбрана"]


def test_frisian_cards_say_it_of_the_wheel() -> None:
    with speaking("fy"):
        assert _line("skud", "W", 1) == "Giet nea wer fan syn plak as it ienris op it boerd stiet."
        assert _line("skud", "R", 1) == "Giet nea wer fan syn plak as er ienris op it boerd stiet."
