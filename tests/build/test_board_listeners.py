"""The game page's board has one event path (``site/game_page.py``): of the modules the
game page runs (``game_page``, ``hover`` and every ``*_ui.py`` panel), only
``game_page`` adds listeners to ``#board-holder``, and one of each kind (one ``click``,
one ``mouseover``, at most one ``mouseleave``); the panels get the board's events
through their hooks (the board's pinch to zoom, ``touchstart``/``touchmove`` in
``board_view_ui``, is no such event).  Read statically from the sources."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

from paisho_page.panels.hooks import panel_module_names

SITE = Path(__file__).resolve().parents[2] / "site"
HOLDER = "board-holder"
POINTER_AND_KEYS = frozenset({"click", "mouseover", "mouseout", "mouseenter", "mouseleave",
                              "focusin", "focusout", "keydown"})
"""The board's events that go through the one path."""


def _game_page_modules() -> list[Path]:
    names = ["game_page", "hover", *panel_module_names(str(SITE))]
    return [SITE / f"{name}.py" for name in names]


def _is_holder(node: ast.AST, names: set[str]) -> bool:
    """``el("board-holder")`` (or ``document.getElementById``/``querySelector`` of it),
    or a name bound to one."""
    if isinstance(node, ast.Name):
        return node.id in names
    if isinstance(node, ast.Call) and node.args:
        first = node.args[0]
        return isinstance(first, ast.Constant) and str(first.value).lstrip("#") == HOLDER
    return False


def _holder_listeners(path: Path) -> Counter[str]:
    """The events ``path`` listens to on the board holder (``on(holder, "event", …)`` or
    ``holder.addEventListener("event", …)``), counted."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):  # names bound to the holder
        if isinstance(node, ast.Assign) and _is_holder(node.value, set()):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    found: Counter[str] = Counter()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Name) and func.id == "on" and len(node.args) >= 2:
            target, event = node.args[0], node.args[1]
        elif isinstance(func, ast.Attribute) and func.attr == "addEventListener" and node.args:
            target, event = func.value, node.args[0]
        else:
            continue
        if _is_holder(target, names) and isinstance(event, ast.Constant):
            found[str(event.value)] += 1
    return found


def test_only_game_page_listens_to_the_board_once_per_event() -> None:
    by_module = {path.stem: _holder_listeners(path) for path in _game_page_modules()}
    assert by_module["game_page"]["click"] == 1
    assert by_module["game_page"]["mouseover"] == 1
    assert by_module["game_page"]["mouseleave"] <= 1
    assert all(count == 1 for count in by_module["game_page"].values()), by_module["game_page"]
    others = {name: events for name, found in by_module.items()
              if name != "game_page" and (events := set(found) & POINTER_AND_KEYS)}
    assert others == {}, f"listeners on #{HOLDER} outside game_page: {others}"


def test_the_reader_sees_a_listener_on_the_board(tmp_path: Path) -> None:
    """The check itself finds the forms it looks for (so a pass above means something)."""
    sample = tmp_path / "sample.py"
    sample.write_text(
        'holder = el("board-holder")\n'
        'on(holder, "click", f)\n'
        'on(el("board-holder"), "mouseover", g)\n'
        'document.getElementById("board-holder").addEventListener("mouseover", h)\n'
        'on(el("other"), "click", f)\n',
        encoding="utf-8",
    )
    assert _holder_listeners(sample) == Counter({"click": 1, "mouseover": 2})
