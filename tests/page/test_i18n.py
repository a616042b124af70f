"""The page's languages (paisho_page/words/i18n.py): negotiation, catalogs, the active language."""

from __future__ import annotations

import pytest

from paisho_page.words import i18n
from sitebuild.catalogs import Catalog, Message, compile_mo


def _mo(lang: str) -> bytes:
    plural = ("nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
              "(n%100<10 || n%100>=20) ? 1 : 2);")
    header = {"Content-Type": "text/plain; charset=UTF-8", "Language": lang,
              "Plural-Forms": plural}
    return compile_mo(Catalog(header, [
        Message("Play", msgstr=["Играть"]),
        Message("{n} tile", "{n} tiles", msgstr=["{n} фишка", "{n} фишки", "{n} фишек"]),
        Message("Turn", msgctxt="board", msgstr=["Повернуть"]),
    ]))


@pytest.fixture(autouse=True)
def _english_after() -> object:
    yield None
    i18n.activate("en")


def test_languages_are_one_line_each() -> None:
    assert i18n.LANGUAGES == {"en": "English", "ru": "Русский", "fy": "Frysk"}


@pytest.mark.parametrize(("param", "stored", "browser", "expected"), [
    ("fy", "ru", ["ru-RU"], "fy"),            # lang= wins
    (None, "ru", ["fy"], "ru"),               # then the stored choice
    (None, None, ["de-DE", "ru-RU", "en"], "ru"),  # then the browser's first shipped one
    (None, None, ["fy-NL"], "fy"),
    (None, None, ["de"], "en"),               # else English
    ("xx", "de", [], "en"),                   # unknown codes are ignored
    ("EN", "ru", [], "en"),
])
def test_negotiate(param: str | None, stored: str | None, browser: list[str],
                   expected: str) -> None:
    assert i18n.negotiate(param, stored, browser) == expected


def test_english_needs_no_catalog() -> None:
    i18n.activate("en")
    assert i18n._("Play") == "Play"
    assert i18n.ngettext("{n} tile", "{n} tiles", 2) == "{n} tiles"
    assert i18n.site_root() == "./"


def test_a_catalog_from_bytes_with_russian_plurals() -> None:
    i18n.activate("ru", {"page": _mo("ru")})
    assert i18n.active() == "ru"
    assert i18n._("Play") == "Играть"
    assert i18n._("Not in the catalog") == "Not in the catalog"
    forms = [i18n.ngettext("{n} tile", "{n} tiles", n).format(n=n) for n in (1, 3, 5, 21)]
    assert forms == ["1 фишка", "3 фишки", "5 фишек", "21 фишка"]
    assert i18n.pgettext("board", "Turn") == "Повернуть"
    assert i18n.site_root() == "../"
    assert i18n.demo_text("Wheel") == "Wheel"  # no demos catalog: the source text


def test_bad_bytes_are_a_typed_error() -> None:
    with pytest.raises(i18n.CatalogError):
        i18n.load(b"not a catalog at all")
