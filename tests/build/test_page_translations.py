"""The site's pages translated with each language's page catalog, as the build does
(``sitebuild.htmltext.translate``; no ``dist/`` needed): every message translated, no
English sentence left, and the tags of the English page kept (the same elements with the
same attributes; only the words, the translated attributes and the order of a
sentence's elements change). The Rules page is translated as a whole document
(``site/i18n/<lang>/rules.html``) and is checked by ``test_rules_translations.py``."""

from __future__ import annotations

from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import pytest

from paisho_page.words import i18n
from sitebuild.catalogs import PSEUDO, read_catalog
from sitebuild.htmltext import ATTRIBUTES, INLINE, KEPT, Found, messages, translate

SITE = Path(__file__).resolve().parents[2] / "site"
PAGES = sorted(p.name for p in SITE.glob("*.html") if p.name != "rules.html")
LANGS = [code for code in i18n.LANGUAGES if code != i18n.SOURCE] + [PSEUDO]

Tag = tuple[str, str, tuple[tuple[str, str], ...]]


class _Tags(HTMLParser):
    """Every tag of a page (the standard library's parser, not the build's walk), the
    values of the translated attributes left out."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[Tag] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        description = tag == "meta" and ("name", "description") in attrs
        kept = tuple((name, "…" if name in ATTRIBUTES or (description and name == "content")
                      else value or "") for name, value in attrs)
        self.tags.append(("<", tag, kept))

    def handle_endtag(self, tag: str) -> None:
        self.tags.append(("</", tag, ()))


def _tags(page: str) -> list[Tag]:
    parser = _Tags()
    parser.feed(page)
    parser.close()
    return parser.tags


def _translated(lang: str, name: str) -> tuple[str, list[Found], list[str], dict[str, str]]:
    table = read_catalog(lang, "page").lookup()
    found: list[Found] = []
    refused: list[str] = []
    page = translate((SITE / name).read_text("utf-8"), lambda text: table.get(text, text),
                     found, refused)
    return page, found, refused, table


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", PAGES)
def test_every_message_of_a_page_is_translated(lang: str, name: str) -> None:
    page, found, refused, table = _translated(lang, name)
    assert found, f"{name} has no message"
    missing = [f.text for f in found if f.text not in table]
    assert not missing, f"{lang}/{name}: untranslated {missing[:3]}"
    assert not refused, f"{lang}/{name}: tag placeholders differ in {refused[:3]}"
    english = {text for text, translation in table.items() if translation != text}
    left = [f.text for f in messages(page) if f.text in english]
    assert not left, f"{lang}/{name}: English left {left[:3]}"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", PAGES)
def test_a_translated_page_keeps_the_english_pages_tags(lang: str, name: str) -> None:
    english = _tags((SITE / name).read_text("utf-8"))
    translated = _tags(_translated(lang, name)[0])
    assert Counter(translated) == Counter(english)
    # only a sentence's own elements may change places
    inline = INLINE | KEPT
    assert ([tag for tag in translated if tag[1] not in inline]
            == [tag for tag in english if tag[1] not in inline])
