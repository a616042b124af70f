"""The pre-rendered boards of a language's pages speak its language (issue #24): the game
page's board and every demo step's board name their points with the page's board words
(``paisho_page.words.board_words``) in that language's catalog; pure steps of the build (no
dist/ needed)."""

from __future__ import annotations

import re
from pathlib import Path

from paisho_core.demos import get_demo
from paisho_core.demos.export import export_demo
from sitebuild import demos as build_demos
from sitebuild import languages
from sitebuild import pages as build_pages
from sitebuild.catalogs import read_catalog
from sitebuild.common import SITE

TEMPLATE = (SITE / "embed.html").read_text()


def names(svg: str) -> list[str]:
    """Every point's accessible name in ``svg``."""
    return re.findall(r'data-point="[^"]*" id="[^"]*" role="button" aria-label="([^"]*)"', svg)


def test_the_board_is_prerendered_in_every_language() -> None:
    boards = build_pages.prerender_boards(["ru", "fy"])
    assert set(boards) == {"en", "ru", "fy"}
    assert boards["en"] == build_pages.prerender_board()
    assert 'aria-label="Pai Sho board" aria-roledescription="board"' in boards["en"]
    assert 'aria-label="Доска Пай Шо" aria-roledescription="доска"' in boards["ru"]
    assert 'aria-label="Pai Sho-boerd" aria-roledescription="boerd"' in boards["fy"]
    assert "точка (0,0), свободна" in names(boards["ru"])
    assert "punt (0,0), leech" in names(boards["fy"])
    assert len(names(boards["ru"])) == len(names(boards["en"])) == 249
    assert not any("point" in name for name in names(boards["ru"]))
    strip = re.compile(r' aria-(label|roledescription)="[^"]*"')
    assert strip.sub("", boards["ru"]) == strip.sub("", boards["en"])  # the same picture


def test_each_language_folder_gets_its_own_board(tmp_path: Path) -> None:
    page = '<head><meta charset="utf-8"></head><body><!--BOARD--></body>'
    for folder in ("", "ru", "fy"):
        (tmp_path / folder).mkdir(exist_ok=True)
        (tmp_path / folder / "index.html").write_text(page)
    (tmp_path / "ru" / "demo.html").write_text(page)
    board = "<svg><style>.b{}</style>en</svg>"
    boards = {"en": board, "ru": "<svg><style>.b{}</style>ru</svg>"}
    build_pages.fill_pages(tmp_path, board, "b1d", "wheels/ab/w.whl", boards)
    assert "<svg><style>.b{}</style>en</svg>" in (tmp_path / "index.html").read_text()
    for name in ("index.html", "demo.html"):
        assert "<style>.b{}</style>ru</svg>" in (tmp_path / "ru" / name).read_text()
    assert "<style>.b{}</style>en</svg>" in (tmp_path / "fy" / "index.html").read_text()


def test_a_language_demo_page_shows_its_boards_in_its_words() -> None:
    texts = read_catalog("ru", "demos").lookup()
    title = languages.lookups("ru")["page"](build_demos.DIAGRAM_TITLE)
    drawn = build_demos.export_language_diagrams({"ru": (texts, title)})["ru"]
    demo = export_demo(get_demo("skud-wheel"))
    assert drawn["role"] == "доска"
    assert len(drawn["boards"]["skud-wheel"]) == len(demo["steps"])
    assert drawn["diagrams"]["skud-wheel-0.svg"].count("свободна") > 200
    (russian,) = languages.translate_demos([demo], languages.lookups("ru")["demos"], drawn)
    assert [s["board"] for s in russian["steps"]] == drawn["boards"]["skud-wheel"]
    assert russian["steps"][0]["caption"] != demo["steps"][0]["caption"]
    page = build_demos.demo_page(TEMPLATE, russian, languages.lookups("ru")["page"])
    assert 'aria-roledescription="доска"' in page
    assert "точка (0,0), свободна" in page and "point (0,0), empty" not in page
    english = build_demos.demo_page(TEMPLATE, demo)
    assert 'aria-roledescription="board"' in english and "point (0,0), empty" in english
    # without drawn boards (no demos drawn), the captions alone are translated
    (captions,) = languages.translate_demos([demo], languages.lookups("ru")["demos"])
    assert [s["board"] for s in captions["steps"]] == [s["board"] for s in demo["steps"]]
    assert "role" not in captions
