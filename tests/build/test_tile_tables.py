"""The Rules page's tile tables are generated at build time from the tile cards' words
(``sitebuild.pages.fill_tile_tables`` → ``paisho_page.words.cards``), so they cannot disagree."""

from __future__ import annotations

import os
import re
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from paisho_core import registry  # noqa: E402
from paisho_page.words import cards  # noqa: E402
from sitebuild import common as build_common  # noqa: E402
from sitebuild import pages as build_pages  # noqa: E402

SOURCE = ROOT / "site" / "rules.html"


@pytest.fixture(scope="module")
def built_rules(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The built Rules page: the one in ``dist/`` if prebuilt, else the build's step."""
    dist_rules = build_common.DIST / "rules.html"
    if os.environ.get("PAISHO_DIST_PREBUILT") == "1" and dist_rules.is_file():
        return dist_rules.read_text()
    stage = tmp_path_factory.mktemp("stage")
    shutil.copy(SOURCE, stage / "rules.html")
    build_pages.fill_tile_tables(stage)
    return (stage / "rules.html").read_text()


def test_the_source_rules_page_holds_placeholders_not_tile_tables() -> None:
    text = SOURCE.read_text()
    for variant in registry.variant_names():
        assert f'<div class="tile-table" data-variant="{variant}"></div>' in text
    assert "Harmonies and clashes of the basic flowers" not in text  # the old hand table
    assert "<tr><td>Lily</td>" not in text


def test_the_built_rules_page_has_every_variants_generated_table(built_rules: str) -> None:
    assert 'class="tile-table"' not in built_rules
    for variant in registry.variant_names():
        assert cards.rules_table_html(variant) in built_rules, variant


def test_every_cards_ruling_anchor_exists_in_the_built_rules_page(built_rules: str) -> None:
    ids = set(re.findall(r'\bid="([^"]+)"', built_rules))
    for variant in registry.variant_names():
        for fact in registry.tile_facts(variant):
            for link in cards.card(variant, fact.code).rulings:
                assert link.href.split("#", 1)[1] in ids, (variant, fact.code, link.href)


def test_a_placeholder_for_a_variant_without_facts_stops_the_build(tmp_path: Path) -> None:
    (tmp_path / "rules.html").write_text('<div class="tile-table" data-variant="chess"></div>')
    with pytest.raises(SystemExit, match="tile tables"):
        build_pages.fill_tile_tables(tmp_path)
