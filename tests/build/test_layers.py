"""The layers keep their rules: the engine imports nothing of the page, and no package
has an import cycle (``TYPE_CHECKING`` and function-local imports included).

The layers are engine (``paisho_core``) → page logic (``paisho_page``) → site DOM
(``site/*.py``); see ``docs/architecture.md``.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest
from paths import ROOT

PACKAGES = ("paisho_core", "paisho_page")
PAGE_ONLY = ("paisho_page", "js", "pyodide", "pyscript")
"""Top-level modules that must never be loaded by importing the engine."""


def modules_of(package: str) -> dict[str, Path]:
    """Every module of ``package`` by dotted name (``__init__`` as the package's name)."""
    found: dict[str, Path] = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


ALL_MODULES = {name: path for p in PACKAGES for name, path in modules_of(p).items()}


def imports_of(name: str, path: Path) -> set[str]:
    """The project modules that module ``name`` imports anywhere in its text."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                origin = ".".join([*base, *([node.module] if node.module else [])])
            else:
                origin = node.module or ""
            # ``from pkg import sub`` imports the submodule; ``from mod import name`` the module
            targets = [
                f"{origin}.{alias.name}" if f"{origin}.{alias.name}" in ALL_MODULES else origin
                for alias in node.names
            ]
        else:
            continue
        for target in targets:
            while target and target not in ALL_MODULES:  # ``import a.b.c`` of a name inside
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


GRAPH = {name: imports_of(name, path) for name, path in ALL_MODULES.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import cycle of ``graph`` as a list of modules (first repeated last), or ``[]``."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt):], nxt]
            if nxt not in state and (cycle := visit(nxt)):
                return cycle
        path.pop()
        state[node] = 2
        return []

    for start in sorted(graph):
        if start not in state and (cycle := visit(start)):
            return cycle
    return []


def test_the_cycle_finder_finds_a_cycle_and_accepts_a_tree() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_cycle(package: str) -> None:
    """Following every import (type-only and function-local too) never comes back."""
    graph = {k: v for k, v in GRAPH.items() if k.split(".")[0] == package}
    assert find_cycle(graph) == []


def top_level_imports(path: Path) -> set[str]:
    """The top-level names of every absolute import in ``path`` (``js``, ``paisho_page``)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found.add(node.module.split(".")[0])
    return found


def test_the_engine_names_nothing_of_the_page() -> None:
    """No engine module imports the page logic, the DOM or PyScript, even lazily."""
    bad = {
        name: sorted(top_level_imports(path) & set(PAGE_ONLY))
        for name, path in modules_of("paisho_core").items()
    }
    assert {k: v for k, v in bad.items() if v} == {}


def test_importing_every_engine_module_loads_nothing_of_the_page() -> None:
    """In a fresh interpreter, importing all of ``paisho_core`` loads no page module."""
    names = sorted(n for n in modules_of("paisho_core") if not n.endswith("__main__"))
    code = (
        "import importlib, json, sys\n"
        f"for name in {names!r}:\n"
        "    importlib.import_module(name)\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout
    loaded = json.loads(out)
    assert [m for m in loaded if m.split(".")[0] in PAGE_ONLY] == []
    site_modules = {p.stem for p in (ROOT / "site").glob("*.py")}
    assert [m for m in loaded if m in site_modules] == []


def test_the_page_logic_touches_no_dom() -> None:
    """``paisho_page`` is pure: it imports neither ``js``, ``pyodide`` nor ``pyscript``."""
    bad = {
        name: sorted(top_level_imports(path) & set(PAGE_ONLY[1:]))
        for name, path in modules_of("paisho_page").items()
    }
    assert {k: v for k, v in bad.items() if v} == {}


SITE_MAY_USE = frozenset({
    "paisho_core.board",  # the vocabulary: points,
    "paisho_core.tokens",  # click tokens,
    "paisho_core.errors",  # the errors it catches,
    "paisho_core.render",  # and the drawing: the board's SVG,
    "paisho_core.demos.diagram",  # a standalone diagram
})
"""The engine modules the site may import (docs/architecture.md, "The rule each layer
keeps"): everything else of the engine it reaches through the page logic."""


def engine_imports(path: Path) -> set[str]:
    """The engine modules ``path`` imports (``from paisho_core import x`` names the
    module ``paisho_core.x``), anywhere in its text."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.split(".")[0] == "paisho_core")
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            if node.module.split(".")[0] != "paisho_core":
                continue
            for alias in node.names:
                sub = f"{node.module}.{alias.name}"
                found.add(sub if sub in ALL_MODULES else node.module)
    return found


def test_the_site_uses_only_the_engines_vocabulary_and_renderer() -> None:
    """A site module imports of the engine only its vocabulary and its renderer
    (:data:`SITE_MAY_USE`); games, the registry and the computer come through the page
    logic."""
    bad = {
        path.name: sorted(engine_imports(path) - SITE_MAY_USE)
        for path in sorted((ROOT / "site").glob("*.py"))
    }
    assert {k: v for k, v in bad.items() if v} == {}


def test_the_site_rule_sees_every_spelling_of_an_import(tmp_path: Path) -> None:
    module = tmp_path / "x.py"
    module.write_text("import paisho_core.ai\nfrom paisho_core import registry\n"
                      "from paisho_core.board import Point\nfrom paisho_page import ui\n")
    assert engine_imports(module) == {"paisho_core.ai", "paisho_core.registry",
                                      "paisho_core.board"}


def _is_own(path: Path, variants: set[str]) -> bool:
    """Whether ``path`` belongs to one variant: its engine package, its page panel logic
    (``paisho_page/panels/``) or its site panel (``site/<variant>_ui.py``)."""
    rel = path.relative_to(ROOT).parts
    return (
        (rel[0] == "paisho_core" and len(rel) > 2 and rel[1] in variants)
        or rel[:2] == ("paisho_page", "panels")
        or (rel[0] == "site" and path.stem.removesuffix("_ui") in variants)
    )


def test_no_shared_module_names_a_variant() -> None:
    """A variant is described in its spec: no shared module holds a string that is a
    variant's short name (a table keyed by it, a default); docstrings may name them."""
    from paisho_core.registry import variant_names

    variants = set(variant_names())
    found = []
    for folder in ("paisho_core", "paisho_page", "site", "sitebuild"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if _is_own(path, variants):
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"))
            docs = {id(node.body[0].value) for node in ast.walk(tree)
                    if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                                         ast.AsyncFunctionDef))
                    and node.body and isinstance(node.body[0], ast.Expr)}
            found += [(str(path.relative_to(ROOT)), node.lineno) for node in ast.walk(tree)
                      if isinstance(node, ast.Constant) and node.value in variants
                      and id(node) not in docs]
    assert found == []


def test_the_registry_loads_the_specs_and_no_game() -> None:
    """Importing the registry (and so every variant's spec) loads no variant's game,
    computer or tables: they are imported on first use, or by the snapshot's warm-up."""
    code = ("import json, sys\nimport paisho_core.registry\n"
            "print(json.dumps(sorted(m for m in sys.modules if m.startswith('paisho_core'))))\n")
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout
    loaded = json.loads(out)
    variant_modules = [m for m in loaded if m.count(".") == 2]
    assert variant_modules and all(m.endswith(".spec") for m in variant_modules), loaded
