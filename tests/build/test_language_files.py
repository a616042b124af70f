"""A language's own files besides its pages (issue #24): its web manifest, its demos'
diagrams, and the service worker's last-resort offline text; pure steps of the build
(no dist/ needed)."""

from __future__ import annotations

import io
import json
from pathlib import Path

from paisho_core.demos import library
from paisho_core.demos.export import export_diagrams
from sitebuild import languages, manifest, pages
from sitebuild.babel_html import extract_manifest
from sitebuild.catalogs import read_catalog
from sitebuild.common import SITE

SITE_MANIFEST = json.loads((SITE / manifest.NAME).read_text("utf-8"))


def test_the_site_manifest_is_english_and_the_source_of_its_texts() -> None:
    assert SITE_MANIFEST["lang"] == "en"
    found = list(extract_manifest(io.BytesIO((SITE / manifest.NAME).read_bytes()), {}, [], {}))
    assert [text for _, _, text, _ in found] == [
        SITE_MANIFEST[key] for key in manifest.TEXT_KEYS if key in SITE_MANIFEST
    ]


def test_a_language_manifest_is_translated_and_starts_in_its_folder() -> None:
    site = {**SITE_MANIFEST, "icons": [{"src": "./icons/icon.svg", "sizes": "any"}]}
    words = languages.lookups("ru")["page"]
    ru = manifest.translated(site, "ru", words)
    assert ru["lang"] == "ru"
    assert ru["name"] == "Пай Шо" and ru["short_name"] == "Пай Шо"
    assert ru["description"].startswith("Скуд, Баланс, Вики и Древний Пай Шо")
    assert ru["start_url"] == "./" and ru["scope"] == "../"
    assert ru["icons"] == [{"src": "../icons/icon.svg", "sizes": "any"}]
    assert ru["theme_color"] == site["theme_color"]
    assert site["start_url"] == "./" and site["icons"][0]["src"] == "./icons/icon.svg"


def test_write_language_manifest(tmp_path: Path) -> None:
    (tmp_path / manifest.NAME).write_text(json.dumps(SITE_MANIFEST))
    (tmp_path / "fy").mkdir()
    path = manifest.write_language_manifest(tmp_path, "fy", languages.lookups("fy")["page"])
    assert path == tmp_path / "fy" / manifest.NAME
    written = json.loads(path.read_text("utf-8"))
    assert written["lang"] == "fy" and written["description"].startswith("Spylje Skud")
    (tmp_path / "bare").mkdir()
    assert manifest.write_language_manifest(tmp_path / "bare", "fy", str) is None  # none there


def test_a_language_page_links_its_own_manifest_and_diagrams() -> None:
    page = ('<link rel="manifest" href="./manifest.webmanifest">'
            '<link rel="stylesheet" href="./style.css">'
            '<a id="diagram-link" href="./diagrams/skud-wheel-0.svg">'
            '<template data-diagram="./diagrams/skud-wheel-1.svg"></template>')
    moved = languages.relocate(page)
    assert 'href="./manifest.webmanifest"' in moved
    assert 'href="../style.css"' in moved
    assert 'href="./diagrams/skud-wheel-0.svg"' in moved
    assert 'data-diagram="./diagrams/skud-wheel-1.svg"' in moved


def test_a_language_diagrams_are_not_precached() -> None:
    assert not pages.is_precached(Path("ru/diagrams/skud-wheel-0.svg"))
    assert not pages.is_precached(Path("diagrams/skud-wheel-0.svg"))
    assert not pages.is_precached(Path("locale/xx/page.mo"))
    assert pages.is_precached(Path("ru/manifest.webmanifest"))
    assert pages.language_of(Path("ru/manifest.webmanifest"), ["ru", "fy"]) == "ru"


def test_the_offline_text_in_every_language() -> None:
    texts = json.loads(languages.offline_texts())
    assert set(texts) == set(languages.languages())
    assert texts["en"] == languages.OFFLINE_TEXT
    assert texts["ru"].startswith("Эта страница ещё не сохранена")
    assert texts["fy"].startswith("Dizze side is noch net bewarre")
    worker = (SITE / "sw.js").read_text()
    assert 'const OFFLINE_TEXTS = "__OFFLINE_TEXTS__";' in worker
    assert languages.OFFLINE_TEXT in worker  # the worker's own fallback says the same


def test_diagrams_get_the_language_caption_and_title() -> None:
    texts = read_catalog("ru", "demos").lookup()
    title = languages.lookups("ru")["page"]("{title} — step {step} ({name})")
    assert title == "{title} — шаг {step} ({name})"
    english = export_diagrams({})
    russian = export_diagrams(texts, title)
    assert english.keys() == russian.keys()
    demo = next(d for d in library().values() if d.name == "skud-wheel")
    first = russian["skud-wheel-0.svg"]
    assert f"<title>{texts.get(demo.title, demo.title)} — шаг 0 (skud-wheel)</title>" in first
    assert "— step 0 (skud-wheel)</title>" in english["skud-wheel-0.svg"]
    assert first != english["skud-wheel-0.svg"]
