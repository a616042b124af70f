"""A module's docstring is its contract: it names no issue (the tracker's numbers say
how the work was planned, not what the module promises)."""

from __future__ import annotations

import ast
import re

import pytest
from paths import ROOT

FOLDERS = ("paisho_core", "paisho_page", "site", "sitebuild")
ISSUE = re.compile(r"\bissues?\s*#?\s*\d+|(?<![\w`/&#])#\d+\b(?![…<])", re.IGNORECASE)
"""An issue number: ``issue 23``, ``issue #23`` or a bare ``#23`` (not a link's
fragment in code such as ````#2…```` or an HTML entity)."""


def module_docstrings() -> list[tuple[str, str]]:
    """Every module of the packages, the site and the build with its docstring."""
    paths = [p for folder in FOLDERS for p in sorted((ROOT / folder).rglob("*.py"))]
    paths.append(ROOT / "build.py")
    return [(str(p.relative_to(ROOT)),
             ast.get_docstring(ast.parse(p.read_text(encoding="utf-8"))) or "")
            for p in paths]


@pytest.mark.parametrize("text", ["issue 23", "(issue #23, stage 3)", "see #24", "Issues 4"])
def test_the_pattern_finds_an_issue_number(text: str) -> None:
    assert ISSUE.search(text)


@pytest.mark.parametrize("text", ["the fragment ``#2…``", "#1<link>", "&#39;", "R12"])
def test_the_pattern_leaves_fragments_and_rulings(text: str) -> None:
    assert not ISSUE.search(text)


def test_no_module_docstring_names_an_issue() -> None:
    found = [(name, m.group(0)) for name, doc in module_docstrings()
             for m in ISSUE.finditer(doc)]
    assert found == []
