"""The site in every language: compiled catalogs and pre-rendered pages per language.

For each language of ``paisho_page.words.i18n.LANGUAGES`` but English (and the test-only
pseudo-locale ``xx``) the build writes ``dist/<lang>/``: every page of ``site/``
translated through the ``page`` catalog (:mod:`sitebuild.htmltext`: sentences with their
inline markup, and the attributes a reader sees), its demo pages with titles and
captions from the ``demos`` catalog and their boards' points named in the language
(``paisho_page.words.board_words``), ``<html lang>``, asset URLs one folder up
(``../style.css``) while page links stay in the folder (``./rules.html``), and
``dist/locale/<lang>/<domain>.mo`` for the page's Python.  The Rules page of a language
is its own document, ``site/i18n/<lang>/rules.html`` (when there is none, the English
one with the header translated).  Every page of every language gets the header's
language switch and ``<link rel="alternate" hreflang>`` tags, which ``lang.js`` reads to
send a first visit to the reader's language.
"""

from __future__ import annotations

import html
import json
import re
import shutil
from collections.abc import Callable, Mapping
from functools import partial
from pathlib import Path
from typing import Any

from .catalogs import DOMAINS, N_, PSEUDO, compile_mo, read_catalog
from .common import ROOT, SITE
from .htmltext import translate
from .manifest import NAME as MANIFEST
from .manifest import write_language_manifest

SOURCE = "en"
I18N = SITE / "i18n"
"""Whole translated documents by language (``site/i18n/<lang>/rules.html``)."""
LANG_SCRIPT = "lang.js"
PAGE_FILES = ("index.html", "embed.html", "studio.html", "learn.html", "puzzles.html",
              "wiki-editors.html", "offline.html", "rules.html")
"""The site's pages (the demo pages are made from ``embed.html``)."""

Words = Callable[[str], str]


def languages() -> dict[str, str]:
    """``paisho_page.words.i18n.LANGUAGES`` read from its source (the build imports no page
    module): code → native name."""
    text = (ROOT / "paisho_page" / "words" / "i18n.py").read_text("utf-8")
    block = re.search(r"LANGUAGES: dict\[str, str\] = \{(.*?)\}", text, re.S)
    if block is None:
        raise SystemExit("paisho_page/words/i18n.py has no LANGUAGES table")
    return dict(re.findall(r'"([a-z]{2,3})":\s*"([^"]+)"', block.group(1)))


def built_languages() -> list[str]:
    """The language folders the build writes: the shipped ones but English, and ``xx``."""
    return [code for code in languages() if code != SOURCE] + [PSEUDO]


def pseudo_root(dist: Path) -> Path:
    """Where a build of ``dist`` puts the pseudo-locale's files when asked to
    (``dist-xx/`` beside ``dist/``: its ``xx/`` pages and ``locale/xx/`` catalogs, at the
    paths they would have in ``dist/``).  The test servers serve it over ``dist/``; it is
    never deployed."""
    return dist.with_name(f"{dist.name}-{PSEUDO}")


def set_aside_pseudo(stage: Path, target: Path | None) -> None:
    """Take the pseudo-locale's files out of a built ``stage``: into ``target`` (replaced
    whole), or nowhere when it is ``None``."""
    if target is not None:
        shutil.rmtree(target, ignore_errors=True)
    for rel in (Path(PSEUDO), Path("locale") / PSEUDO):
        if not (stage / rel).is_dir():
            continue
        if target is None:
            shutil.rmtree(stage / rel)
        else:
            (target / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.move(stage / rel, target / rel)


def lookups(lang: str) -> dict[str, Words]:
    """A language's translation functions by domain (an untranslated message stays
    English)."""
    out: dict[str, Words] = {}
    for domain in DOMAINS:
        out[domain] = partial(_looked_up, read_catalog(lang, domain).lookup())
    return out


def _looked_up(table: dict[str, str], text: str) -> str:
    """``text`` translated by ``table``, or as it is."""
    return table.get(text, text)


def write_catalogs(stage: Path, lang: str) -> list[Path]:
    """Compile a language's catalogs into ``stage/locale/<lang>/``; return the files."""
    folder = stage / "locale" / lang
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for domain in DOMAINS:
        path = folder / f"{domain}.mo"
        path.write_bytes(compile_mo(read_catalog(lang, domain)))
        out.append(path)
    return out


_URL_ATTR = re.compile(r'(\s(?:src|href|data-diagram|data-link)=")\./([^"]*)(")')


OWN_FILES = (MANIFEST,)
OWN_FOLDERS = ("diagrams/",)
"""What a language folder has its own of besides its pages: the web manifest
(:mod:`sitebuild.manifest`) and the demos' diagrams, captioned in the language."""


def _stays(target: str) -> bool:
    """True for a link to a page of the site, or to a file the language folder has its
    own of (:data:`OWN_FILES`, :data:`OWN_FOLDERS`): it stays in the folder."""
    path = target.split("#", 1)[0].split("?", 1)[0]
    return (path == "" or path.endswith(".html") or path in OWN_FILES
            or path.startswith(OWN_FOLDERS))


def relocate(text: str) -> str:
    """A page moved one folder down: asset URLs ``./x.css`` → ``../x.css``; page links
    (``./``, ``./rules.html#…``), the manifest and the diagrams unchanged."""
    def swap(m: re.Match[str]) -> str:
        target = m.group(2)
        return m.group(0) if _stays(target) else f"{m.group(1)}../{target}{m.group(3)}"
    return _URL_ATTR.sub(swap, text)


def set_lang(text: str, lang: str) -> str:
    """The page's ``<html lang>`` set to ``lang``."""
    return re.sub(r'<html lang="[a-zA-Z-]+"', f'<html lang="{lang}"', text, count=1)


def page_name(path: Path) -> str:
    """A page's file name as its links name it (``index.html`` → ``""``)."""
    name = path.name
    return "" if name == "index.html" else name


def switch_html(lang: str, name: str, words: Words) -> str:
    """The header's language switch on page ``name`` in ``lang``: a link per language to
    the same page (``lang.js`` adds the query and fragment on a click)."""
    links = []
    for code, native in languages().items():
        href = _href(lang, code, name)
        current = ' aria-current="true"' if code == lang else ""
        links.append(f'<a class="lang-link" href="{href}" hreflang="{code}" lang="{code}"'
                     f"{current}>{html.escape(native)}</a>")
    label = html.escape(words(N_("Language")), quote=True)
    return f'<nav class="lang-switch" aria-label="{label}">{"".join(links)}</nav>'


def _href(lang: str, code: str, name: str) -> str:
    """The address of page ``name`` in ``code`` from the same page in ``lang``."""
    up = "./" if lang == SOURCE else "../"
    return f"{up}{name}" if code == SOURCE else f"{up}{code}/{name}"


def alternates(lang: str, name: str) -> str:
    """``<link rel="alternate" hreflang>`` for every language of the page, and the
    ``lang.js`` script that reads them (first in the head: nothing paints before it)."""
    tags = [f'<link rel="alternate" hreflang="{code}" href="{_href(lang, code, name)}">'
            for code in languages()]
    root = "./" if lang == SOURCE else "../"
    tags.append(f'<script src="{root}{LANG_SCRIPT}"></script>')
    return "".join(f"  {tag}\n" for tag in tags)


MENU_ID = "game-actions"
"""The header's button group that folds into a Menu on narrow screens (site/menu_ui.py)."""


def add_language_tags(text: str, lang: str, name: str, words: Words) -> str:
    """Put the alternates and ``lang.js`` after the ``<meta charset>``, and the switch
    at the end of the header (pages without a header, the embed pages, get none); on the
    game page, whose header buttons fold into a Menu on narrow screens, the switch is the
    last item of that menu, so a phone's header stays one row."""
    match = re.search(r"<meta charset=[^>]*>\n?", text)
    if match is not None:
        text = text[:match.end()] + alternates(lang, name) + text[match.end():]
    if "</header>" not in text or lang == PSEUDO:
        return text
    switch = switch_html(lang, name, words)
    menu = text.find(f'id="{MENU_ID}"')
    end = text.find("</nav>", menu) if menu >= 0 else -1
    if end >= 0:
        return text[:end] + f"  {switch}\n    " + text[end:]
    return text.replace("</header>", f"  {switch}\n  </header>", 1)


def source_page(lang: str, file: str) -> str | None:
    """A page's source for ``lang``: its own document if ``site/i18n/<lang>/`` has one,
    else the English page (translated by the caller); ``None`` if neither exists."""
    own = I18N / lang / file
    if own.is_file():
        return own.read_text("utf-8")
    english = SITE / file
    return english.read_text("utf-8") if english.is_file() else None


def translate_demos(
    demos: list[dict[str, object]], words: Words, drawn: Mapping[str, object] | None = None,
) -> list[dict[str, object]]:
    """The exported demos with their titles and captions in a language, and, given the
    language's ``drawn`` demos (:func:`sitebuild.demos.export_language_diagrams`: its
    ``boards`` per demo, its ``alternatives``' boards and the board's ``role``), each
    step's board in its words (its alternatives' too)."""
    boards = (drawn or {}).get("boards") or {}
    branches = (drawn or {}).get("alternatives") or {}
    assert isinstance(boards, dict) and isinstance(branches, dict)
    out = []
    for demo in demos:
        steps = demo["steps"]
        assert isinstance(steps, list)
        shown = boards.get(str(demo["name"])) or [step["board"] for step in steps]
        drawn_alts = branches.get(str(demo["name"])) or {}
        copy = dict(demo)
        copy["title"] = words(str(demo["title"]))
        copy["steps"] = [
            {**step, "caption": words(str(step["caption"])), "board": board,
             **_translated_alternatives(step, index, words, drawn_alts)}
            for index, (step, board) in enumerate(zip(steps, shown, strict=True))
        ]
        if drawn and "role" in drawn:
            copy["role"] = drawn["role"]
        out.append(copy)
    return out


def _translated_alternatives(
    step: Mapping[str, Any], index: int, words: Words, drawn: Mapping[str, list[str]],
) -> dict[str, object]:
    """A step's ``alternatives`` (none: no key) with their captions in a language and,
    where ``drawn`` has them (by ``"<step>.<alternative>"``), their boards in its words."""
    found = step.get("alternatives")
    if not isinstance(found, list):
        return {}
    out = []
    for number, alt in enumerate(found):
        boards = drawn.get(f"{index}.{number}") or [s["board"] for s in alt["steps"]]
        out.append({
            "caption": words(str(alt["caption"])),
            "steps": [{**s, "caption": words(str(s["caption"])), "board": board}
                      for s, board in zip(alt["steps"], boards, strict=True)],
        })
    return {"alternatives": out}


OFFLINE_TEXT = N_("This page isn't saved for offline use yet: open it once while online.")
"""The service worker's last-resort answer offline, when not even the placeholder page
(``offline.html``) is saved yet."""


def offline_texts() -> str:
    """:data:`OFFLINE_TEXT` in every shipped language (a JSON object, code → text) for
    ``sw.js``'s ``OFFLINE_TEXTS``."""
    texts = {code: (OFFLINE_TEXT if code == SOURCE else lookups(code)["page"](OFFLINE_TEXT))
             for code in languages()}
    return json.dumps(texts, ensure_ascii=False)


def lang_script_names() -> str:
    """The shipped language codes as ``lang.js`` gets them (a JSON list)."""
    return json.dumps(list(languages()))


def write_languages(stage: Path, demos: list[dict[str, object]] | None) -> list[str]:
    """Write every language's catalogs and pages into ``stage`` (see the module), then
    the language tags on every page, English included; return the languages built."""
    from .demos import fill_demo_pages, write_diagrams
    from .pages import fill_tile_tables

    built = built_languages()
    drawn = language_diagrams(built) if demos else {}
    for lang in built:
        words = lookups(lang)
        write_catalogs(stage, lang)
        folder = stage / lang
        folder.mkdir()
        write_diagrams(folder, drawn.get(lang, {}).get("diagrams", {}))
        for file in PAGE_FILES:
            text = source_page(lang, file)
            if text is None:
                continue
            if not (I18N / lang / file).is_file():
                text = translate(text, words["page"])
            (folder / file).write_text(text)
        fill_demo_pages(folder, (folder / "embed.html").read_text(),
                        translate_demos(demos or [], words["demos"], drawn.get(lang)),
                        words["page"], words["demos"])
        fill_tile_tables(stage, folder / "rules.html", lang)
        write_language_manifest(stage, lang, words["page"])
        for page in sorted(folder.glob("*.html")):
            text = relocate(set_lang(page.read_text(), lang))
            page.write_text(add_language_tags(text, lang, page_name(page), words["page"]))
    for page in sorted(stage.glob("*.html")):
        english = add_language_tags(page.read_text(), SOURCE, page_name(page), _same)
        page.write_text(english)
    return built


def language_diagrams(built: list[str]) -> dict[str, dict[str, Any]]:
    """The demos' diagrams and boards of every language of ``built`` (language →
    ``diagrams``: file → SVG, ``boards``: demo → its steps' board markup, ``role``),
    captioned, titled and named in it (one run of the engine for them all)."""
    from .demos import DIAGRAM_TITLE, export_language_diagrams

    asked = {lang: (read_catalog(lang, "demos").lookup(), lookups(lang)["page"](DIAGRAM_TITLE))
             for lang in built}
    return export_language_diagrams(asked)


def _same(text: str) -> str:
    return text


def _up(url: str) -> str:
    return "../" + url.removeprefix("./") if url.startswith("./") else url


def write_language_configs(stage: Path, built: list[str]) -> None:
    """Give each language folder its ``pyscript.json``: the root one with every URL one
    folder up (PyScript resolves the interpreter against the page, the ``files`` against
    the config; their places in Python's file system stay the same)."""
    path = stage / "pyscript.json"
    if not path.is_file():
        return
    config = json.loads(path.read_text())
    config["interpreter"] = _up(str(config.get("interpreter", "")))
    config["packages"] = [_up(str(p)) for p in config.get("packages", [])]
    if "files" in config:
        config["files"] = {_up(str(src)): dest for src, dest in config["files"].items()}
    for lang in built:
        (stage / lang / "pyscript.json").write_text(json.dumps(config, indent=2) + "\n")
