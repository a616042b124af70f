"""Babel extractors for the sources that are not Python (named in ``babel.cfg`` and
``babel-demos.cfg``): the pages' HTML (``site/*.html``: :mod:`sitebuild.htmltext`'s
messages, the same walk the build translates with), the web manifest
(``site/manifest.webmanifest``: its name and description, :mod:`sitebuild.manifest`) and
the demo library's JSON (``paisho_core/demos/*.json``: every demo's title and captions)
and the lesson courses' (``paisho_core/lessons/*.json``: titles, intros, prompts, hints,
praise), for the ``demos`` domain (``babel-demos.cfg``).

Used only by ``pybabel extract`` (a test dependency); the build never imports Babel.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import IO, Any

from .htmltext import messages
from .manifest import manifest_texts

Extracted = tuple[int, str | None, str, list[str]]


def extract_html(fileobj: IO[bytes], keywords: Any, comment_tags: Any,
                 options: Any) -> Iterator[Extracted]:
    """Babel's extractor for a page: ``(line, None, message, [])`` per message."""
    page = fileobj.read().decode("utf-8")
    for found in messages(page):
        yield found.line, None, found.text, []


def extract_manifest(fileobj: IO[bytes], keywords: Any, comment_tags: Any,
                     options: Any) -> Iterator[Extracted]:
    """Babel's extractor for the web manifest: its name and description, each with a
    comment naming its field."""
    for key, text in manifest_texts(fileobj.read().decode("utf-8")):
        yield 1, None, text, [f"web manifest: {key}"]


def demo_messages(data: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """A demo file's messages, as ``(where, text)``: each demo's title, its starting
    caption, every step's caption and its alternatives' captions (the rulings they
    cite, ``skud-r8``, stay as written in every language)."""
    for demo in data.get("demos", []):
        name = str(demo.get("name", ""))
        for key in ("title", "caption"):
            if demo.get(key):
                yield f"{name} {key}", str(demo[key])
        for index, step in enumerate(demo.get("steps", []), start=1):
            if step.get("caption"):
                yield f"{name} step {index}", str(step["caption"])
            for number, alt in enumerate(step.get("alternatives") or [], start=1):
                where = f"{name} step {index} alternative {number}"
                if alt.get("caption"):
                    yield where, str(alt["caption"])
                for inner, shown in enumerate(alt.get("steps") or [], start=1):
                    if shown.get("caption"):
                        yield f"{where} step {inner}", str(shown["caption"])


def lesson_messages(data: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """A course file's messages, as ``(where, text)``: each lesson's title and intro,
    and each task's prompt, hint and praise."""
    for lesson in data.get("lessons", []):
        name = str(lesson.get("name", ""))
        for key in ("title", "intro"):
            if lesson.get(key):
                yield f"{name} {key}", str(lesson[key])
        for index, task in enumerate(lesson.get("tasks", []), start=1):
            for key in ("prompt", "hint", "praise"):
                if task.get(key):
                    yield f"{name} task {index} {key}", str(task[key])


def extract_demos(fileobj: IO[bytes], keywords: Any, comment_tags: Any,
                  options: Any) -> Iterator[Extracted]:
    """Babel's extractor for a demo file (each title and caption) or a lesson course
    file (:func:`lesson_messages`), each message with a comment naming its demo or
    lesson (so a translator sees which board it is about)."""
    data = json.loads(fileobj.read().decode("utf-8"))
    found = lesson_messages(data) if "lessons" in data else demo_messages(data)
    for where, text in found:
        yield 1, None, text, [where]
