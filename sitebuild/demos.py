"""The rules demos: exported from the engine, written as embeddable pages, listed on the demos
and Rules pages.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .catalogs import N_
from .common import ROOT, log
from .lessons import fill_lesson_list
from .pages import BOARD_PLACEHOLDER, inject

DIAGRAMS = "diagrams"
"""Folder of ``dist/`` with one standalone SVG per demo step (``<name>-<step>.svg``)."""
DEMO_TEMPLATE = "embed.html"
"""The page a demo page is made from (``demo-<name>.html``, next to it)."""
DEMO_LIST_PLACEHOLDER = "<!--DEMO_LIST-->"
RULE_DEMOS_PLACEHOLDER = re.compile(r'<div class="rule-demos" data-demos="([a-z0-9 -]+)"></div>')

_DEMOS_SCRIPT = """
import json, sys
try:
    from paisho_core.demos.export import export
except ImportError as exc:
    print(exc, file=sys.stderr)
    sys.exit(3)
json.dump(export(), sys.stdout)
"""


def export_demos() -> list[dict[str, object]] | None:
    """The demo library replayed by the working tree's engine (``paisho_core.demos``).

    ``None`` when the engine has no demo library.  A demo that the engine refuses
    stops the build, naming the demo and step.
    """
    proc = subprocess.run(
        [sys.executable, "-c", _DEMOS_SCRIPT], cwd=ROOT, capture_output=True, text=True
    )
    if proc.returncode == 3:
        log("no rules demos: paisho_core.demos unavailable")
        return None
    if proc.returncode != 0:
        tail = proc.stderr.strip().splitlines()[-1:] or ["(no message)"]
        raise SystemExit(f"the rules demos do not replay: {tail[0]}")
    demos: list[dict[str, object]] = json.loads(proc.stdout)
    return demos


_DIAGRAMS_SCRIPT = """
import json, sys
from paisho_core.demos.export import export_language
from paisho_page.words.board_words import board_words
from paisho_page.words.i18n import activate
from sitebuild.catalogs import compile_mo, read_catalog
asked = json.load(sys.stdin)
out = {}
for lang, (texts, title) in asked.items():
    activate(lang, {"page": compile_mo(read_catalog(lang, "page"))})
    words = board_words()
    out[lang] = {**export_language(texts, title, words), "role": words.role}
json.dump(out, sys.stdout)
"""
OPEN = N_("open")
"""The demo list's link to a demo's page."""
SNIPPET_FOR = N_("Snippet for {name}")
"""The demo list's fold with a demo's iframe snippet (``{name}``: the demo's name)."""
RULES_DEMO = N_("Rules demo: {title}")
"""A rule's live demo's iframe title."""
DIAGRAM = N_("diagram")
"""A rule's demo's link to its diagram."""
EMBED_IT = N_("embed it")
"""A rule's demo's link to its snippet on the wiki editors' page."""
DIAGRAM_TITLE = N_("{title} — step {step} ({name})")
"""A step's diagram's title (``paisho_core.demos.export.DIAGRAM_TITLE``), translated."""


def export_language_diagrams(
    asked: dict[str, tuple[dict[str, str], str]],
) -> dict[str, dict[str, Any]]:
    """Each language's demo drawings by the working tree's engine, with the language's
    captions and its board words (``paisho_page.words.board_words`` in its ``page`` catalog):
    ``asked`` is language → (its ``demos`` catalog, source text → translation; its
    diagram title, :data:`DIAGRAM_TITLE` translated).  Per language: ``diagrams`` (file
    name → SVG), ``boards`` (demo name → each step's board markup) and ``role`` (the
    board's ``aria-roledescription``)."""
    proc = subprocess.run(
        [sys.executable, "-c", _DIAGRAMS_SCRIPT], cwd=ROOT, capture_output=True, text=True,
        input=json.dumps(asked),
    )
    if proc.returncode != 0:
        tail = proc.stderr.strip().splitlines()[-1:] or ["(no message)"]
        raise SystemExit(f"the demos' diagrams could not be drawn: {tail[0]}")
    drawn: dict[str, dict[str, Any]] = json.loads(proc.stdout)
    return drawn


def write_diagrams(folder: Path, diagrams: dict[str, str]) -> None:
    """Write ``diagrams`` (file name → SVG) into ``folder/diagrams/``."""
    if not diagrams:
        return
    target = folder / DIAGRAMS
    target.mkdir(exist_ok=True)
    for name, svg in diagrams.items():
        (target / name).write_text(svg)


def demo_page_name(name: str) -> str:
    """The file of a demo's pre-rendered page: ``demo-skud-wheel.html``."""
    return f"demo-{name}.html"


def _attr(text: object) -> str:
    """Text escaped for an HTML attribute or element."""
    import html

    return html.escape(str(text), quote=True)


def _same(text: str) -> str:
    return text


Words = Callable[[str], str]


def alternative_templates(index: int, step: dict[str, Any]) -> str:
    """The ``<template data-step data-alt data-alt-step>`` of each position of step
    ``index``'s alternatives (its introduction first), for ``embed.js``."""
    out = []
    for number, alt in enumerate(step.get("alternatives") or []):
        for place, shown in enumerate(alt["steps"]):
            out.append(
                f'  <template data-step="{index}" data-alt="{number}" data-alt-step="{place}" '
                f'data-step-caption="{_attr(shown["caption"])}" '
                f'data-link="{_attr(shown["link"])}"><svg>{shown["board"]}</svg></template>\n'
            )
    return "".join(out)


def demo_page(template: str, demo: dict[str, object], words: Words = _same) -> str:
    """The pre-rendered page of one demo, made from ``embed.html``.

    Every step's board is in a ``<template data-step>`` (``embed.js`` steps through them
    with no engine; its alternatives' in :func:`alternative_templates`), the first one
    drawn and captioned in place; PyScript is held back
    (``text/x-deferred-*``) until the reader asks to try it (``mode=try``).
    """
    steps = demo["steps"]
    assert isinstance(steps, list) and steps
    first = steps[0]
    name = str(demo["name"])
    label = words(N_("Pai Sho board: {title}")).format(title=demo["title"])
    role = demo.get("role", "board")  # (a language's, from its board words)
    board = (
        '<svg id="board" class="board" xmlns="http://www.w3.org/2000/svg" '
        'viewBox="-400 -400 800 800" role="application" tabindex="0" '
        f'aria-label="{_attr(label)}" aria-roledescription="{_attr(role)}">'
        f'{demo["static"]}<g id="board-dynamic">{first["board"]}</g></svg>'
    )
    templates = "".join(
        f'  <template data-step="{i}" data-step-caption="{_attr(step["caption"])}" '
        f'data-link="{_attr(step["link"])}" '
        f'data-diagram="./{DIAGRAMS}/{_attr(step["diagram"])}"><svg>{step["board"]}</svg>'
        "</template>\n" + alternative_templates(i, step)
        for i, step in enumerate(steps)
    )
    text = re.sub(r'<html lang="([a-zA-Z-]+)" class="embed">',
                  lambda m: f'<html lang="{m.group(1)}" class="embed" data-demo="{_attr(name)}">',
                  template, count=1)
    title = words(N_("Pai Sho rules demo — {title}")).format(title=demo["title"])
    text = re.sub(r"<title>[^<]*</title>", lambda _m: f"<title>{_attr(title)}</title>", text)
    text = text.replace(BOARD_PLACEHOLDER, board)
    text = text.replace("<!--CAPTION-->", _attr(first["caption"]))
    text = text.replace("<!--PLY-->", f"0 / {len(steps) - 1}")
    text = re.sub(r"<!--STATUS-->.*?<!--/STATUS-->", "", text, flags=re.S)
    text = text.replace("<!--STEPS-->", templates)
    # A demo in a wiki article should not make its readers' browsers precache the
    # whole site: demo pages register no service worker (one registered by a visit to
    # the site still serves them offline).
    text = re.sub(r'  <script src="[.]{1,2}/sw-register.js" defer></script>\n', "", text)
    # PyScript's stylesheet only matters once PyScript runs ("try it" works without it)
    text = re.sub(r'  <link rel="stylesheet" href="[.]{1,2}/pyscript/core.css">\n', "", text)
    text = text.replace('<script type="py" ', '<script type="text/x-deferred-py" ')
    text = re.sub(r'<script type="module" src="([.]{1,2})/pyscript/core.js">',
                  r'<script type="text/x-deferred-module" src="\1/pyscript/core.js">', text)
    text = text.replace('id="open-full" href="./"', f'id="open-full" href="{_attr(first["link"])}"')
    return text.replace(
        'id="diagram-link" href="./wiki-editors.html" target="_blank" rel="noopener" hidden',
        f'id="diagram-link" href="./{DIAGRAMS}/{_attr(first["diagram"])}" target="_blank" '
        'rel="noopener"',
    )


def demo_snippet(name: str, base: str = "https://YOUR-SITE/", height: int = 560) -> str:
    """The ``<iframe>`` a wiki editor copies for a demo."""
    return (
        f'<iframe src="{base}{demo_page_name(name)}" width="400" height="{height}" '
        f'title="Pai Sho rules demo: {name}" loading="lazy" style="border:0;max-width:100%">'
        "</iframe>"
    )


def demo_list_html(demos: list[dict[str, object]], words: Words = _same) -> str:
    """The table of every demo for ``wiki-editors.html`` (names, pages, diagrams)."""
    rows = []
    for demo in demos:
        name = str(demo["name"])
        steps = demo["steps"]
        assert isinstance(steps, list)
        diagrams = " ".join(
            f'<a href="./{DIAGRAMS}/{_attr(step["diagram"])}" download>{i}</a>'
            for i, step in enumerate(steps)
        )
        rules = demo["rules"]
        assert isinstance(rules, list)
        rule_links = ", ".join(f'<a href="./rules.html#{_attr(a)}">{_attr(a)}</a>' for a in rules)
        rows.append(
            f'<tr id="demo-{_attr(name)}"><td><code>{_attr(name)}</code></td>'
            f"<td>{_attr(demo['title'])}</td>"
            f'<td><a href="./{demo_page_name(name)}" target="_blank" rel="noopener">'
            f"{_attr(words(OPEN))}</a></td>"
            f"<td>{diagrams}</td><td>{rule_links}</td></tr>"
            f'<tr class="snippet-row"><td colspan="5"><details><summary>'
            + _attr(words(SNIPPET_FOR)).format(name=f"<code>{_attr(name)}</code>")
            + '</summary><code class="snippet">'
            f"{_attr(demo_snippet(name, height=560))}</code></details></td></tr>"
        )
    heads = "".join(f'<th scope="col">{_attr(words(head))}</th>' for head in (
        N_("Name"), N_("Shows"), N_("Page"), N_("Diagrams (per step)"), N_("Rules")))
    caption = words(N_("Every demo: its name (for #demo=), its page, the diagram of each "
                       "step, the rules it shows"))
    return (
        f'<table class="demo-list"><caption class="help">{_attr(caption)}'
        f"</caption><thead><tr>{heads}</tr></thead><tbody>" + "".join(rows) + "</tbody></table>"
    )


def rule_demo_html(demos_by_name: dict[str, dict[str, object]], names: list[str],
                   words: Words = _same) -> str:
    """The live demos (iframes) and their diagram links shown next to a rule."""
    out = []
    for name in names:
        demo = demos_by_name.get(name)
        if demo is None:
            raise SystemExit(f"rules.html asks for demo {name!r}, which is not in the library")
        steps = demo["steps"]
        assert isinstance(steps, list)
        out.append(
            f'<figure class="rule-demo"><iframe src="./{demo_page_name(name)}" '
            f'title="{_attr(words(RULES_DEMO).format(title=demo["title"]))}" '
            'loading="lazy" width="360" '
            f'height="560" data-demo="{_attr(name)}"></iframe>'
            f'<figcaption>{_attr(demo["title"])} · <code>{_attr(name)}</code> · '
            f'<a href="./{DIAGRAMS}/{_attr(steps[0]["diagram"])}">{_attr(words(DIAGRAM))}'
            f'</a> · <a href="./wiki-editors.html#demo-{_attr(name)}">'
            f'{_attr(words(EMBED_IT))}</a></figcaption>'
            "</figure>"
        )
    return '<div class="rule-demos">' + "".join(out) + "</div>"


def write_demos(stage: Path, demos: list[dict[str, object]] | None) -> None:
    """Write the demo pages and diagrams into ``stage``, and fill the pages that list
    them (``wiki-editors.html``, the demos next to the rules in ``rules.html``)."""
    names = [str(d["name"]) for d in demos or []]
    inject(stage / "embed.js", {"DEMO_NAMES": json.dumps(names)})
    if demos:
        write_diagrams(stage, {
            str(step["diagram"]): str(step["diagram_svg"])
            for demo in demos for step in _steps(demo)
        })
    fill_demo_pages(stage, (stage / DEMO_TEMPLATE).read_text(), demos)


def _steps(demo: dict[str, object]) -> list[dict[str, object]]:
    steps = demo["steps"]
    assert isinstance(steps, list)
    return steps


def fill_demo_pages(folder: Path, template: str, demos: list[dict[str, object]] | None,
                    words: Words = _same, titles: Words = _same) -> None:
    """Write ``embed.html`` (from ``template``) and a page per demo into ``folder``, and
    fill its pages that list them (the lessons too, :mod:`sitebuild.lessons`); ``words``
    translates the build's own words, ``titles`` the lessons' titles (the demos come
    translated already)."""
    clean = re.sub(r"<!--STATUS-->(.*?)<!--/STATUS-->", r"\1", template, flags=re.S)
    for marker in ("<!--CAPTION-->", "<!--PLY-->", "<!--STEPS-->\n"):
        clean = clean.replace(marker, "")
    (folder / DEMO_TEMPLATE).write_text(clean)
    by_name = {str(d["name"]): d for d in demos or []}
    for demo in demos or []:
        page = folder / demo_page_name(str(demo["name"]))
        page.write_text(demo_page(template, demo, words))
    wiki = folder / "wiki-editors.html"
    if wiki.is_file():
        listing = demo_list_html(demos or [], words)
        text = wiki.read_text().replace(DEMO_LIST_PLACEHOLDER, listing)
        wiki.write_text(fill_lesson_list(text, words, titles))
    rules = folder / "rules.html"
    if rules.is_file() and demos:
        text = RULE_DEMOS_PLACEHOLDER.sub(
            lambda m: rule_demo_html(by_name, m.group(1).split(), words), rules.read_text()
        )
        rules.write_text(text)
