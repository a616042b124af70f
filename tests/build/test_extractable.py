"""Every engine message can be translated: each ``msg()``, ``msgn()`` and ``term()`` call
in ``paisho_core`` names its English wording with string literals that Babel extracts,
and each such wording is in the page template (``locale/page.pot``).

Babel reads calls, not values: a template held in a variable, built with an f-string or
written as a call nested inside another marked call's arguments never reaches the
catalog, so no language can ever translate it.  An AST walk finds every call and checks
both halves: the literal is there, and Babel saw it."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

from sitebuild.catalogs import LOCALE, parse_po

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "paisho_core"
MARKERS = {"msg": 1, "msgn": 2, "term": 1}
"""Each marking function and how many leading arguments must be string literals: the
template (``msg``), both English forms (``msgn``), the context (``term``: its word comes
from an engine table, marked in ``paisho_page/words/terms.py``).  A message made once in a
table and filled later (``msg(_WIN[lead].template, …)``) passes: its literal is checked
where the table's own ``msg()`` call is."""
REUSED = "<reused>"
"""What :func:`marking_calls` records for an argument that is another message's
``.template``."""


@dataclass(frozen=True)
class Call:
    """One marking call: where it is, its function and its literal arguments."""

    where: str
    name: str
    literals: tuple[str | None, ...]
    """The leading arguments that must be literals (``None`` where one is not)."""


def _name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _literal(arg: ast.expr) -> str | None:
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return arg.value
    if isinstance(arg, ast.Attribute) and arg.attr == "template":
        return REUSED
    return None


def marking_calls(source: str, where: str) -> list[Call]:
    """Every ``msg``/``msgn``/``term`` call in ``source`` (a module's text)."""
    calls = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        name = _name(node.func)
        if name not in MARKERS:
            continue
        wanted = node.args[: MARKERS[name]]
        literals = tuple(_literal(arg) for arg in wanted)
        literals += (None,) * (MARKERS[name] - len(literals))
        calls.append(Call(f"{where}:{node.lineno}", name, literals))
    return calls


def engine_calls() -> list[Call]:
    """Every marking call of every module of ``paisho_core`` (its definitions aside)."""
    calls = []
    for path in sorted(ENGINE.rglob("*.py")):
        if path.name == "messages.py" and path.parent == ENGINE:
            continue  # where msg, msgn and term are defined (and documented)
        where = str(path.relative_to(ROOT))
        calls += marking_calls(path.read_text(encoding="utf-8"), where)
    return calls


def test_the_walk_sees_calls_babel_cannot() -> None:
    """The check itself: a nested call is found; a variable or an f-string is no literal."""
    source = ('def f(t, n):\n    x = msg("outer {reason}", reason=msg("inner"))\n'
              '    y = msg(t)\n    z = msgn(f"{n} a", "{n} as", n)\n    w = term("tile", t)\n'
              '    v = msg(T[n].template, n=n)\n')
    calls = {c.literals for c in marking_calls(source, "x.py")}
    assert calls == {("outer {reason}",), ("inner",), (None,), (None, "{n} as"), ("tile",),
                     (REUSED,)}


def test_every_marking_call_names_its_wording_with_literals() -> None:
    bad = [c.where for c in engine_calls() if None in c.literals]
    assert not bad, f"not a string literal (Babel cannot extract it): {bad}"


def test_every_engine_message_is_in_the_page_template() -> None:
    """What Babel extracted (locale/page.pot) holds every literal the walk finds: a call
    nested in another's arguments, which Babel skips, fails here."""
    pytest.importorskip("babel")  # the template is Babel's; the check reads it as text
    template = parse_po((LOCALE / "page.pot").read_text(encoding="utf-8")).messages
    singular = {m.msgid for m in template if m.msgctxt is None} | {REUSED}
    plural = {(m.msgid, m.msgid_plural) for m in template if m.msgid_plural}
    missing = []
    for call in engine_calls():
        if call.name == "msg" and call.literals[0] not in singular:
            missing.append(f"{call.where}: {call.literals[0]!r}")
        if call.name == "msgn" and tuple(call.literals) not in plural:
            missing.append(f"{call.where}: {call.literals!r}")
    assert not missing, f"never extracted into locale/page.pot: {missing}"
