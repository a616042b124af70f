"""Engine messages with a number in the page's language: Russian has three forms
(paisho_core/messages.py ``msgn``, paisho_page/words/i18n.py ``render``)."""

from __future__ import annotations

from language import speaking

from paisho_core.messages import msgn
from paisho_page.words import i18n


def test_russian_takes_the_form_its_number_asks_for() -> None:
    words = {}
    with speaking("ru"):
        for n in (1, 3, 5, 21):
            words[n] = i18n.render(msgn("{count} harmony", "{count} harmonies", n, count=n))
    assert words == {1: "1 гармония", 3: "3 гармонии", 5: "5 гармоний", 21: "21 гармония"}


def test_frisian_has_two_forms_and_english_is_the_source() -> None:
    with speaking("fy"):
        assert i18n.render(msgn("{count} harmony", "{count} harmonies", 2, count=2)) == \
            "2 harmonyen"
    assert i18n.render(msgn("{count} harmony", "{count} harmonies", 1, count=1)) == "1 harmony"
