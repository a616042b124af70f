"""Translated Rules pages, second set of checks (``site/i18n/<lang>/rules.html``, issue #24)
keep the English page's
shape: the same anchors (``skud-r8``, ``wiki-r1``, … so links and demo captions work in every
language), the same internal links, the same demo and tile-table placeholders, the same block
structure, ``<html lang>`` set to the folder's language, no English ruling left untranslated,
and a glossary section (plus ``glossary.json``) whose terms the page really uses."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENGLISH = ROOT / "site" / "rules.html"
TRANSLATIONS = sorted((ROOT / "site" / "i18n").glob("*/rules.html"))

# The only anchor a translation adds: its glossary (the same id in every language).
GLOSSARY_ID = "glossary"
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}
# Block elements whose sequence (with id and class) is the page's structure.
BLOCKS = {"html", "head", "body", "header", "nav", "main", "section", "footer", "h1", "h2", "h3",
          "p", "ul", "ol", "li", "dl", "dt", "dd", "div", "table", "caption", "thead", "tbody",
          "tr", "th", "td", "script", "link", "meta", "title"}
# English sentences shorter than this (in words) may legitimately survive (names, codes).
MIN_WORDS = 6


class _Page(HTMLParser):
    """Collects what the tests compare, and whether every closed tag closes the open one."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lang: str | None = None
        self.ids: list[str] = []
        self.hrefs: list[str] = []
        self.assets: list[tuple[str, str]] = []
        self.data: list[tuple[str, str, str]] = []
        self.blocks: list[tuple[str, str, str]] = []
        self.stack: list[str] = []
        self.errors: list[str] = []
        self.text: list[str] = []  # prose, outside <code>, <script>, <style>
        self.sentences: list[str] = []  # prose of each block, for the English side
        self._code = 0
        self._coded: list[bool] = []  # per open element: whether it counts in _code
        self._in_glossary_depth: int | None = None
        self.glossary_text: list[str] = []
        self._block_text: list[str] = []
        self._last_li: int | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Record anchors, links, placeholders and structure of an opening tag."""
        a = {k: v or "" for k, v in attrs}
        if tag == "html":
            self.lang = a.get("lang")
        if "id" in a:
            self.ids.append(a["id"])
            if a["id"] == GLOSSARY_ID and self._in_glossary_depth is None:
                self._in_glossary_depth = len(self.stack)
        if a.get("aria-labelledby") == GLOSSARY_ID and self._in_glossary_depth is None:
            self._in_glossary_depth = len(self.stack)
        href = a.get("href", "")
        if href.startswith("#"):
            self.hrefs.append(href)
        if href == "#" + GLOSSARY_ID and self._last_li is not None:
            # the contents' entry for the glossary is the one list item a translation adds
            del self.blocks[self._last_li]
            self._last_li = None
        for attr in ("src", "href"):
            if tag in {"link", "script"} and attr in a:
                self.assets.append((tag, a[attr]))
        for key, value in a.items():
            if key.startswith("data-"):
                self.data.append((tag, key, value))
        if tag in BLOCKS and self._in_glossary_depth is None:
            self.blocks.append((tag, a.get("id", ""), a.get("class", "")))
            self._last_li = len(self.blocks) - 1 if tag == "li" else self._last_li
        if tag in {"p", "li", "dd", "dt", "div", "td", "th", "caption", "h1", "h2", "h3"}:
            self._flush()
        coded = tag not in VOID and (
            tag in {"code", "script", "style"} or ("lang" in a and tag != "html"))
        if coded:
            self._code += 1  # code, or words in their own language: an original's quote
        if tag not in VOID:
            self.stack.append(tag)
            self._coded.append(coded)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """A self-closed tag opens and closes at once."""
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.handle_endtag(tag)

    def handle_endtag(self, tag: str) -> None:
        """Check that the tag closed is the one open."""
        if tag in VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes <{self.stack[-1] if self.stack else 'nothing'}>"
                               f" at line {self.getpos()[0]}")
            if tag in self.stack:
                while self.stack and self.stack[-1] != tag:
                    self._pop()
        if self.stack and self.stack[-1] == tag:
            self._pop()
        if tag in {"p", "li", "dd", "dt", "div", "td", "th", "caption", "h1", "h2", "h3"}:
            self._flush()
        if self._in_glossary_depth is not None and len(self.stack) <= self._in_glossary_depth:
            self._in_glossary_depth = None

    def _pop(self) -> None:
        """Close the innermost open element."""
        self.stack.pop()
        if self._coded.pop():
            self._code -= 1

    def handle_data(self, data: str) -> None:
        """Keep prose (not code) for the untranslated-English check."""
        if self._code:
            self._block_text.append(" ")
            return
        self.text.append(data)
        self._block_text.append(data)
        if self._in_glossary_depth is not None:
            self.glossary_text.append(data)

    def _flush(self) -> None:
        block = _norm("".join(self._block_text))
        self._block_text = []
        for sentence in re.split(r"(?<=[.;:!?])\s+", block):
            if len(re.findall(r"[A-Za-z]{2,}", sentence)) >= MIN_WORDS:
                self.sentences.append(sentence)


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _parse(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    page.close()
    return page


@pytest.fixture(scope="module")
def english() -> _Page:
    """The English Rules page, the source of every translation."""
    return _parse(ENGLISH)


def _ids(path: Path) -> str:
    return path.parent.name


pytestmark = pytest.mark.skipif(not TRANSLATIONS, reason="no translated Rules page yet")


@pytest.mark.parametrize("path", TRANSLATIONS, ids=_ids)
def test_html_parses_with_balanced_tags(path: Path, english: _Page) -> None:
    assert english.errors == [] and english.stack == []
    page = _parse(path)
    assert page.errors == []
    assert page.stack == [], f"left open: {page.stack}"


@pytest.mark.parametrize("path", TRANSLATIONS, ids=_ids)
def test_html_lang_is_the_folders_language(path: Path) -> None:
    assert _parse(path).lang == path.parent.name


@pytest.mark.parametrize("path", TRANSLATIONS, ids=_ids)
def test_every_anchor_is_kept_and_none_added_but_the_glossary(path: Path, english: _Page) -> None:
    # Rulings are linked as rules.html#skud-r8 etc. from demo captions in every language.
    page = _parse(path)
    assert len(page.ids) == len(set(page.ids)), "duplicate ids"
    assert set(page.ids) - {GLOSSARY_ID} == set(english.ids)
    assert GLOSSARY_ID in page.ids
    assert "skud-r8" in page.ids and "wiki-r1" in page.ids and "ancient-r12" in page.ids


@pytest.mark.parametrize("path", TRANSLATIONS, ids=_ids)
def test_every_internal_link_is_kept(path: Path, english: _Page) -> None:
    page = _parse(path)
    assert set(page.hrefs) - {"#" + GLOSSARY_ID} == set(english.hrefs)
    # and every one of them lands on an anchor of the translated page
    assert {h[1:] for h in page.hrefs} <= set(page.ids)


@pytest.mark.parametrize("path", TRANSLATIONS, ids=_ids)
def test_demo_and_tile_table_placeholders_are_kept_exactly(path: Path, english: _Page) -> None:
    assert _parse(path).data == english.data


@pytest.mark.parametrize("path", TRANSLATIONS, ids=_ids)
def test_block_structure_ids_and_classes_match_the_english_page(path: Path,
                                                                english: _Page) -> None:
    assert _parse(path).blocks == english.blocks


@pytest.mark.parametrize("path", TRANSLATIONS, ids=_ids)
def test_assets_point_one_folder_up(path: Path, english: _Page) -> None:
    # The build serves the page as <lang>/rules.html: stylesheets and scripts live one folder up.
    page = _parse(path)
    expected = [(tag, "../" + url.removeprefix("./")) for tag, url in english.assets]
    assert page.assets == expected


@pytest.mark.parametrize("path", TRANSLATIONS, ids=_ids)
def test_no_english_sentence_is_left(path: Path, english: _Page) -> None:
    text = _norm(" ".join(_parse(path).text))
    assert len(english.sentences) > 200
    left = [s for s in english.sentences if s in text]
    assert left == []
