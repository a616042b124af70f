"""The web manifest of each language: ``dist/<lang>/manifest.webmanifest``.

The site's manifest (``site/manifest.webmanifest``) is English and the source of its
texts (``name``, ``short_name``, ``description``: extracted into the ``page`` catalog by
:func:`sitebuild.babel_html.extract_manifest`).  A language's pages link the manifest of
their own folder, with those texts translated, its ``lang``, and the start page in the
folder; the scope and the icons stay the site's (one folder up), so an installed app in
any language is the whole site.  Standard library only.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

NAME = "manifest.webmanifest"
TEXT_KEYS = ("name", "short_name", "description")
"""The manifest's fields a reader sees (an installed app's name, the store's text)."""

Words = Callable[[str], str]


def _up(url: str) -> str:
    """A URL relative to the site's root as seen from a language folder."""
    return "../" + url.removeprefix("./") if url.startswith("./") else url


def translated(manifest: dict[str, Any], lang: str, words: Words) -> dict[str, Any]:
    """The site's ``manifest`` for the pages of ``lang`` (in ``dist/<lang>/``): its texts
    through ``words``, ``lang`` set, the start page the language's own; the scope and the
    icons' URLs one folder up (still the site's)."""
    out = dict(manifest)
    for key in TEXT_KEYS:
        if key in out:
            out[key] = words(str(out[key]))
    out["lang"] = lang
    out["start_url"] = "./"
    out["scope"] = _up(str(manifest.get("scope", "./")))
    out["icons"] = [
        {**icon, "src": _up(str(icon.get("src", "")))} for icon in manifest.get("icons", [])
    ]
    return out


def write_language_manifest(stage: Path, lang: str, words: Words) -> Path | None:
    """Write ``stage/<lang>/manifest.webmanifest`` from ``stage``'s (its icons listed
    already); ``None`` when the site has no manifest."""
    source = stage / NAME
    if not source.is_file():
        return None
    manifest = json.loads(source.read_text("utf-8"))
    path = stage / lang / NAME
    text = json.dumps(translated(manifest, lang, words), indent=2, ensure_ascii=False)
    path.write_text(text + "\n", "utf-8")
    return path


def manifest_texts(text: str) -> list[tuple[str, str]]:
    """The texts of a manifest's JSON ``text`` a reader sees, as ``(field, text)``."""
    data = json.loads(text)
    return [(key, str(data[key])) for key in TEXT_KEYS if data.get(key)]
