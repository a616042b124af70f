"""One English term, one translation: every catalog message that uses a glossary term
says it with the term's chosen translation.

Each shipped language keeps its glossary as data, ``locale/<lang>/glossary.json``:
``terms`` lists each English term (``term``), a regular expression that finds it in
an English message (``english``: its inflections, ``(?i)`` where case does not
matter), the chosen translation (``translation``) and a regular expression for that
translation's forms in the language (``forms``, matched without regard to case:
``фиш[кеи]`` finds фишка, фишки, фишек).  ``exceptions`` lists the reviewed messages
where the term is rightly said otherwise, each with its ``reason``.  The glossary of
the translated Rules page (``site/i18n/<lang>/glossary.json``) is the starting point:
a term in both has the same translation."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from paisho_page.words import i18n
from sitebuild.catalogs import DOMAINS, LOCALE, read_catalog

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = [code for code in i18n.LANGUAGES if code != i18n.SOURCE]
HOLDERS = re.compile(r"\{[a-z_]+\}|</?\d+/?>|(?<!\w)'[^'\n]*'(?!\w)|\b[a-z]+=\S*|https?://\S+")
"""Placeholders, tag placeholders and code quoted in a message (``'bag'``, ``hand=N``,
a URL): names in code, never words of either language."""
GENDER = "tile gender"
"""The context whose translations are grammatical genders, not words."""


@dataclass(frozen=True)
class Term:
    """One glossary entry."""

    term: str
    english: re.Pattern[str]
    translation: str
    forms: re.Pattern[str]


def glossary(lang: str) -> tuple[list[Term], dict[tuple[str, str], str]]:
    """``lang``'s terms and its exceptions (``(term, msgid)`` → reason)."""
    data = json.loads((LOCALE / lang / "glossary.json").read_text(encoding="utf-8"))
    terms = [Term(t["term"], re.compile(t["english"]), t["translation"],
                  re.compile(t["forms"], re.IGNORECASE)) for t in data["terms"]]
    exceptions = {(e["term"], e["msgid"]): e["reason"] for e in data["exceptions"]}
    return terms, exceptions


def words(text: str) -> str:
    """``text`` without its placeholders and quoted code."""
    return HOLDERS.sub(" ", text)


def misuses(lang: str) -> tuple[list[str], set[tuple[str, str]]]:
    """Each message whose translation misses a term's chosen translation (as
    ``term: msgid → msgstr``), and the exceptions that were needed."""
    terms, exceptions = glossary(lang)
    found, used = [], set()
    for domain in DOMAINS:
        for message in read_catalog(lang, domain).messages:
            if message.msgctxt == GENDER:
                continue
            english = words(f"{message.msgid} {message.msgid_plural or ''}")
            for term in terms:
                if not term.english.search(english):
                    continue
                bad = [form for form in message.msgstr if not term.forms.search(words(form))]
                if not bad:
                    continue
                if (term.term, message.msgid) in exceptions:
                    used.add((term.term, message.msgid))
                    continue
                found.append(f"{term.term} ({term.translation}): {message.msgid!r} → {bad[0]!r}")
    return found, used


@pytest.mark.parametrize("lang", SHIPPED)
def test_every_message_says_a_term_with_its_chosen_translation(lang: str) -> None:
    found, _used = misuses(lang)
    assert not found, f"{lang}: {len(found)} messages miss the glossary:\n" + "\n".join(found)


@pytest.mark.parametrize("lang", SHIPPED)
def test_every_exception_is_needed_and_has_a_reason(lang: str) -> None:
    _terms, exceptions = glossary(lang)
    _found, used = misuses(lang)
    assert set(exceptions) == used, f"exceptions no message needs: {set(exceptions) - used}"
    assert all(reason.strip() for reason in exceptions.values())


@pytest.mark.parametrize("lang", SHIPPED)
def test_the_glossary_agrees_with_the_rules_page(lang: str) -> None:
    """A term the translated Rules page's glossary also has is translated alike."""
    rules_file = ROOT / "site" / "i18n" / lang / "glossary.json"
    if not rules_file.is_file():
        pytest.skip(f"no translated Rules page for {lang}")
    rules = {k.lower(): v for k, v in json.loads(rules_file.read_text(encoding="utf-8")).items()}
    terms, _exceptions = glossary(lang)
    differ = {t.term: (t.translation, rules[t.term.lower()]) for t in terms
              if t.term.lower() in rules and rules[t.term.lower()].lower() != t.translation.lower()}
    assert not differ, differ


@pytest.mark.parametrize("lang", SHIPPED)
def test_each_term_finds_its_own_translation(lang: str) -> None:
    """The patterns themselves: a term's English finds the term, its forms find the
    chosen translation."""
    terms, _exceptions = glossary(lang)
    assert terms
    for term in terms:
        assert term.english.search(term.term), term.term
        assert term.forms.search(term.translation), term.term
