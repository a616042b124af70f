"""The lessons on the wiki editors' page: each lesson's name, title, page and snippet.

The build reads the lesson courses as data (``paisho_core/lessons/*.json``: no engine
import; ``python -m paisho_core lesson check`` and the tests replay them) and writes
the list in place of ``wiki-editors.html``'s ``<!--LESSON_LIST-->``, in each language
(the titles through the ``demos`` catalog, the build's own words through ``page``).
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable

from .catalogs import N_
from .common import ROOT

LESSON_LIST_PLACEHOLDER = "<!--LESSON_LIST-->"
COURSES = ROOT / "paisho_core" / "lessons"
"""The lesson courses, one JSON file per variant."""
SNIPPET_HEIGHT = 760
"""An embedded lesson's frame height (the board and the lesson's panel under it)."""

Words = Callable[[str], str]

OPEN_LESSON = N_("open")
EMBED_LESSON = N_("embed page")
SNIPPET_FOR_LESSON = N_("Snippet for {name}")


def _same(text: str) -> str:
    return text


def lessons() -> list[dict[str, object]]:
    """Every lesson of every course file (in the files' order): its name, variant,
    title and number of tasks."""
    out: list[dict[str, object]] = []
    for path in sorted(COURSES.glob("*.json")):
        data = json.loads(path.read_text("utf-8"))
        for lesson in data.get("lessons", []):
            out.append({"name": str(lesson["name"]), "variant": str(data["variant"]),
                        "title": str(lesson["title"]), "tasks": len(lesson["tasks"])})
    return out


def lesson_snippet(name: str, base: str = "https://YOUR-SITE/") -> str:
    """The ``<iframe>`` a wiki editor copies for a lesson."""
    return (f'<iframe src="{base}embed.html?lesson={name}" width="420" '
            f'height="{SNIPPET_HEIGHT}" title="Pai Sho lesson: {name}" loading="lazy" '
            'style="border:0;max-width:100%"></iframe>')


def lesson_list_html(words: Words = _same, titles: Words = _same) -> str:
    """The table of every lesson (``words``: the page catalog, ``titles``: the demos
    catalog of the language)."""
    def esc(text: object) -> str:
        return html.escape(str(text), quote=True)

    rows = []
    for lesson in lessons():
        name = esc(lesson["name"])
        rows.append(
            f'<tr id="lesson-{name}"><td><code>{name}</code></td>'
            f"<td>{esc(titles(str(lesson['title'])))}</td><td>{esc(lesson['tasks'])}</td>"
            f'<td><a href="./learn.html#lesson={name}" target="_blank" rel="noopener">'
            f"{esc(words(OPEN_LESSON))}</a> · "
            f'<a href="./embed.html?lesson={name}" target="_blank" rel="noopener">'
            f"{esc(words(EMBED_LESSON))}</a></td></tr>"
            f'<tr class="snippet-row"><td colspan="4"><details><summary>'
            + esc(words(SNIPPET_FOR_LESSON)).format(name=f"<code>{name}</code>")
            + f'</summary><code class="snippet">{esc(lesson_snippet(str(lesson["name"])))}'
            "</code></details></td></tr>"
        )
    heads = "".join(f'<th scope="col">{esc(words(head))}</th>' for head in (
        N_("Name"), N_("Teaches"), N_("Tasks"), N_("Pages")))
    caption = words(N_("Every lesson: its name (for lesson=), its title, its tasks, its "
                       "pages"))
    return (f'<table class="demo-list lesson-list-table"><caption class="help">{esc(caption)}'
            f"</caption><thead><tr>{heads}</tr></thead><tbody>" + "".join(rows)
            + "</tbody></table>")


def fill_lesson_list(text: str, words: Words = _same, titles: Words = _same) -> str:
    """``text`` (the wiki editors' page) with its lesson list written in."""
    return text.replace(LESSON_LIST_PLACEHOLDER, lesson_list_html(words, titles))
