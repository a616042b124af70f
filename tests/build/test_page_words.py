"""The words every built page shows first (issue #21): its title, meta description and
intro name the four games and the computer opponent."""

from __future__ import annotations

import os
import re
import sys
from html import unescape
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build as site_build  # noqa: E402
from sitebuild import common as build_common  # noqa: E402

GAMES = ("Skud", "Balance", "Wiki", "Ancient")
PAGES = ("index.html", "rules.html", "wiki-editors.html")
"""The site's own pages (the embed and demo pages are viewers inside another site)."""


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A built site: the one ``python build.py test`` just made, else a fresh build."""
    if os.environ.get("PAISHO_DIST_PREBUILT") == "1" and (build_common.DIST / "sw.js").is_file():
        return build_common.DIST
    out = tmp_path_factory.mktemp("build") / "dist"
    return site_build.build(dist=out, snapshot=False).dist


def _text(fragment: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def words(page: str) -> dict[str, str]:
    """A page's title, meta description and intro (its ``class="intro"`` paragraph)."""
    title = re.search(r"<title>(.*?)</title>", page, re.S)
    desc = re.search(r'<meta name="description" content="([^"]*)"', page)
    intro = re.search(r'<p class="intro">(.*?)</p>', page, re.S)
    return {
        "title": _text(title.group(1)) if title else "",
        "description": unescape(desc.group(1)) if desc else "",
        "intro": _text(intro.group(1)) if intro else "",
    }


@pytest.mark.parametrize("name", PAGES)
def test_title_description_and_intro_name_every_game_and_the_computer(
    dist: Path, name: str
) -> None:
    found = words((dist / name).read_text(encoding="utf-8"))
    for part, text in found.items():
        missing = [g for g in GAMES if g not in text]
        assert not missing, f"{name}: the {part} {text!r} does not name {missing}"
        assert "computer" in text, f"{name}: the {part} {text!r} does not name the computer"


def test_no_page_says_there_are_only_two_games(dist: Path) -> None:
    for page in sorted(dist.glob("*.html")):
        text = page.read_text(encoding="utf-8")
        assert "Skud and Balance Pai Sho in the browser" not in text, page.name
        assert "the two games you can play" not in text, page.name
