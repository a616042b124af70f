"""The site's Python stays thin and keeps its layout (issue #20, ``docs/architecture.md``):

* the site's Python (``site/*.py``) is a small share of the project's Python: the DOM
  glue only reads the DOM, calls the page logic (``paisho_page``) and writes its results;
* no site function is longer than :data:`MAX_FUNCTION_LINES`;
* a click token is only ever spelled by ``paisho_core/tokens.py`` (its builders and
  parsers), never by hand;
* a site module names no variant's panel module (``*_ui``) but its own: page-wide parts
  reach a variant's page code through the panel hooks;
* every page that runs Python starts through ``dom.guarded_start``.

The count: every line of every ``.py`` file (blank lines and docstrings too) in
``paisho_core/``, ``paisho_page/``, ``site/``, ``sitebuild/`` and ``build.py``; tests
and benchmarks are not counted.  ``python tests/build/test_site_layout.py`` prints it.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "site"
PROJECT = ("paisho_core", "paisho_page", "site", "sitebuild")
SITE_SHARE_GOAL = 0.15
"""The share of the project's Python that the site's may be (issue #20)."""
SITE_SHARE_CEILING = 0.14
"""What it may be today (14.6 %, plus a margin), lowered as site code moves to the page
logic: a ratchet that never lets the share grow back (the goal, :data:`SITE_SHARE_GOAL`,
is reached)."""
MAX_FUNCTION_LINES = 60
TOKEN_PREFIXES = ("point:", "reserve:", "accents:", "turn:")
TOKENS_MODULE = ROOT / "paisho_core" / "tokens.py"


def lines_of(path: Path) -> int:
    """The number of lines of ``path``."""
    return len(path.read_text(encoding="utf-8").splitlines())


def python_lines() -> tuple[int, int]:
    """``(site lines, project lines)`` as counted by this module (see its docstring)."""
    site = sum(lines_of(p) for p in SITE.glob("*.py"))
    total = lines_of(ROOT / "build.py")
    for folder in PROJECT:
        pattern = "*.py" if folder == "site" else "**/*.py"
        total += sum(lines_of(p) for p in (ROOT / folder).glob(pattern))
    return site, total


def test_the_sites_python_is_a_small_share_of_the_projects() -> None:
    site, total = python_lines()
    assert site / total <= SITE_SHARE_CEILING, f"site {site} of {total} lines"


def test_the_sites_python_is_at_most_the_goal_share() -> None:
    site, total = python_lines()
    assert site / total <= SITE_SHARE_GOAL, f"site {site} of {total} lines"


def test_no_site_function_is_longer_than_the_limit() -> None:
    long = {}
    for path in sorted(SITE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                size = (node.end_lineno or node.lineno) - node.lineno + 1
                if size > MAX_FUNCTION_LINES:
                    long[f"{path.name}:{node.name}"] = size
    assert long == {}


def literal_token_prefixes(path: Path) -> list[str]:
    """Where ``path`` spells a click token's prefix in a string literal (f-strings and
    concatenations too): ``"line: text"`` for each."""
    found = []
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
            if text.startswith(TOKEN_PREFIXES) or text.strip() in TOKEN_PREFIXES:
                found.append(f"{node.lineno}: {text[:40]!r}")
    return found


def project_sources() -> list[Path]:
    """Every Python source of the engine, the page logic and the site."""
    paths = [*SITE.glob("*.py")]
    for package in ("paisho_core", "paisho_page"):
        paths += (ROOT / package).rglob("*.py")
    return sorted(paths)


def test_click_tokens_are_spelled_only_by_the_tokens_module() -> None:
    bad = {
        str(p.relative_to(ROOT)): hits
        for p in project_sources()
        if p != TOKENS_MODULE and (hits := literal_token_prefixes(p))
    }
    assert bad == {}
    assert literal_token_prefixes(TOKENS_MODULE)  # (the check finds what it looks for)


def test_no_site_module_imports_a_panel_module_but_its_own() -> None:
    panels = {
        p.stem for p in SITE.glob("*_ui.py")
        if re.search(r"^PANEL\b", p.read_text(encoding="utf-8"), re.MULTILINE)
    }
    bad = {}
    for path in sorted(SITE.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        names = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names.add(node.module.split(".")[0])
        own = {path.stem, re.sub(r"_ui$", "", path.stem) + "_ui"}
        if hits := sorted((names & panels) - own):
            bad[path.name] = hits
    assert bad == {}


if __name__ == "__main__":
    SITE_LINES, TOTAL = python_lines()
    print(f"site/*.py: {SITE_LINES} of {TOTAL} lines = {100 * SITE_LINES / TOTAL:.2f} %")


PY_SCRIPT = re.compile(r'<script type="py" src="\./([a-z_]+\.py)"')
"""A page's Python entry script, as its HTML names it."""
GUARDED = re.compile(r'await guarded_start\("([a-z_]+)"\)')


def test_every_python_page_starts_through_the_guard() -> None:
    """Every page that runs Python starts through ``dom.guarded_start`` (the failure box
    and Start fresh for whatever escapes its start): its entry script is that one call,
    on a module the site has."""
    pages = sorted(SITE.glob("*.html"))
    entries = {page.name: PY_SCRIPT.findall(page.read_text(encoding="utf-8"))
               for page in pages}
    assert {name for name, found in entries.items() if found} >= {
        "index.html", "embed.html", "studio.html", "learn.html", "puzzles.html"}
    for page, scripts in entries.items():
        for script in scripts:
            tree = ast.parse((SITE / script).read_text(encoding="utf-8"))
            body = [node for node in tree.body if not isinstance(node, ast.ImportFrom | ast.Import)
                    and not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant))]
            source = ast.unparse(body)
            found = GUARDED.fullmatch(source.replace("'", '"'))
            assert found, f"{page}: {script} does more than start through the guard: {source}"
            assert (SITE / f"{found.group(1)}.py").exists(), (page, found.group(1))
