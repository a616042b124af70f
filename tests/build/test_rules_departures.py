"""Every game's "Where this site departs from the original" list on the Rules page.

Each game's section of ``site/rules.html`` ends with a heading anchored
``<game>-departures`` and a list: each entry names a rule, quotes the original text in its
own language (``<q lang="ru">`` for the Russian Wiki rulebook, ``lang="fy"`` for the
Frisian Skud and Ancient text, ``lang="en"`` for Balance's), and links the ruling or
section where this site's rule is.  Every translated Rules page has the same lists, with
the same anchors, as many entries and the same quotes of the original.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "site" / "rules.html", *sorted((ROOT / "site" / "i18n").glob("*/rules.html"))]
ORIGINAL = {"skud": "fy", "balance": "en", "wiki": "ru", "ancient": "fy"}
"""The language each game's original text is written in."""


@dataclass
class Entry:
    """One entry of a departures list: its quotes of the original and its links."""

    quotes: list[tuple[str, str]] = field(default_factory=list)
    links: list[str] = field(default_factory=list)


class _Lists(HTMLParser):
    """The list that follows each ``<game>-departures`` heading, entry by entry."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lists: dict[str, list[Entry]] = {}
        self._game: str | None = None
        self._depth = 0
        self._quote: tuple[str, list[str]] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if a.get("id", "").endswith("-departures"):
            self._game = a["id"].removesuffix("-departures")
            self.lists[self._game] = []
            return
        if self._game is None:
            return
        if tag == "ul":
            self._depth += 1
        elif tag == "li" and self._depth == 1:
            self.lists[self._game].append(Entry())
        elif tag == "q" and self.lists[self._game]:
            self._quote = (a.get("lang", ""), [])
        elif tag == "a" and self.lists[self._game]:
            self.lists[self._game][-1].links.append(a.get("href", ""))

    def handle_endtag(self, tag: str) -> None:
        if self._game is None:
            return
        if tag == "q" and self._quote is not None:
            lang, words = self._quote
            self.lists[self._game][-1].quotes.append((lang, " ".join("".join(words).split())))
            self._quote = None
        elif tag == "ul":
            self._depth -= 1
            if not self._depth:
                self._game = None

    def handle_data(self, data: str) -> None:
        if self._quote is not None:
            self._quote[1].append(data)


def departures(path: Path) -> dict[str, list[Entry]]:
    """The departures lists of the Rules page at ``path``, by game."""
    parser = _Lists()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.lists


@pytest.mark.parametrize("path", PAGES, ids=lambda p: p.parent.name)
def test_every_game_lists_where_the_site_departs_from_its_original(path: Path) -> None:
    lists = departures(path)
    assert set(lists) == set(ORIGINAL), path
    for game, entries in lists.items():
        assert len(entries) >= 4, (path, game)
        for entry in entries:
            assert any(lang == ORIGINAL[game] for lang, _ in entry.quotes), (path, game, entry)
            assert all(lang == ORIGINAL[game] for lang, _ in entry.quotes), (path, game, entry)
            assert any(href.startswith("#") for href in entry.links), (path, game, entry)


@pytest.mark.parametrize("path", PAGES[1:], ids=lambda p: p.parent.name)
def test_a_translation_has_the_same_lists_and_quotes_the_same_words(path: Path) -> None:
    english = departures(PAGES[0])
    ours = departures(path)
    for game, entries in english.items():
        assert len(ours[game]) == len(entries), (path, game)
        for mine, theirs in zip(ours[game], entries, strict=True):
            assert mine.quotes == theirs.quotes, (path, game)
            assert sorted(set(mine.links)) == sorted(set(theirs.links)), (path, game)


def test_the_wiki_list_quotes_the_four_rules_the_site_reads_anew() -> None:
    """wiki-r8b (the blocked harmony's point), wiki-r10 (the chain), wiki-r11 (three
    harmonising tiles) and wiki-r8 (harmony along a line: "поставить рядом")."""
    quoted = " ".join(q for entry in departures(PAGES[0])["wiki"] for _, q in entry.quotes)
    for words in ("игрок потеряет очко", "цепочку «гармоний»/«дисгармоний»",
                  "три гармонирующие фишки", "поставить рядом"):
        assert words in quoted
