"""The gettext catalogs (locale/): complete, placeholders kept, plural forms, templates
up to date with the code, the stdlib compiler and the pseudo-locale (issue #24)."""

from __future__ import annotations

import gettext
import io
import subprocess
import sys
from pathlib import Path

import pytest

from paisho_page.words import i18n
from sitebuild.catalogs import (
    DOMAINS,
    LOCALE,
    PLACEHOLDER,
    PSEUDO,
    compile_mo,
    parse_po,
    pseudo,
    read_catalog,
)
from sitebuild.htmltext import messages, translate
from sitebuild.tagholders import same_tags

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = [code for code in i18n.LANGUAGES if code != i18n.SOURCE]
PLURALS = {"ru": 3, "fy": 2}
CASES = [(lang, domain) for lang in SHIPPED for domain in DOMAINS]


def _holders(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text))


@pytest.mark.parametrize(("lang", "domain"), CASES)
def test_every_message_is_translated(lang: str, domain: str) -> None:
    catalog = read_catalog(lang, domain)
    missing = [m.msgid for m in catalog.messages if m.fuzzy or not all(m.msgstr)]
    assert not missing, f"{lang}/{domain}: {len(missing)} untranslated, e.g. {missing[:3]}"
    template = {m.key for m in parse_po((LOCALE / f"{domain}.pot").read_text()).messages}
    assert template <= {m.key for m in catalog.messages}, "run pybabel update (see docs)"


@pytest.mark.parametrize(("lang", "domain"), CASES)
def test_placeholders_are_kept(lang: str, domain: str) -> None:
    for m in read_catalog(lang, domain).messages:
        for form in m.msgstr:
            assert _holders(form) == _holders(m.msgid_plural or m.msgid), (lang, m.msgid, form)
            # a page sentence's tags: the same ones, each inside the same one
            assert same_tags(m.msgid_plural or m.msgid, form), (lang, m.msgid, form)


@pytest.mark.parametrize(("lang", "domain"), CASES)
def test_plural_forms(lang: str, domain: str) -> None:
    catalog = read_catalog(lang, domain)
    assert catalog.nplurals == PLURALS[lang]
    for m in catalog.messages:
        if m.msgid_plural:
            assert len(m.msgstr) == PLURALS[lang] and all(m.msgstr), (lang, m.msgid)


@pytest.mark.parametrize(("lang", "domain"), CASES)
def test_the_compiled_catalog_reads_in_python(lang: str, domain: str) -> None:
    catalog = read_catalog(lang, domain)
    translation = gettext.GNUTranslations(io.BytesIO(compile_mo(catalog)))
    for m in catalog.messages:
        if m.msgid_plural:
            assert translation.ngettext(m.msgid, m.msgid_plural, 1) == m.msgstr[0]
            assert translation.ngettext(m.msgid, m.msgid_plural, 5) == m.msgstr[-1]
        elif m.msgctxt is None:
            assert translation.gettext(m.msgid) == m.msgstr[0]


def test_ruling_anchors_stay_in_demo_captions() -> None:
    """Captions cite rulings by anchor (skud-r8, R9): the anchors stay as written."""
    import re

    for lang in SHIPPED:
        for m in read_catalog(lang, "demos").messages:
            cited = re.findall(r"\b[a-z]+-r\d+[a-z]?\b", m.msgid)
            assert all(anchor in m.msgstr[0] for anchor in cited), (lang, m.msgid)


def test_ruling_anchors_stay_in_page_messages() -> None:
    """The engine's messages cite rulings and sections (skud-r8, (R7b), (wiki R3),
    (skud-turn)): every translation keeps them."""
    import re

    games = r"(?:skud|wiki|ancient|balance)"
    anchor = (rf"\b[a-z]+-r\d+[a-z]?\b|\(R\d+[a-z]?\)|\({games} R\d+[a-z]?\)"
              rf"|\({games}-[a-z]+(?:-[a-z]+)*\)")
    for lang in SHIPPED:
        for m in read_catalog(lang, "page").messages:
            cited = re.findall(anchor, m.msgid)
            for form in m.msgstr:
                assert all(anchor in form for anchor in cited), (lang, m.msgid, form)


def test_the_demo_library_errors_are_page_messages() -> None:
    """paisho_core/demos/*.py's msg() templates go to the page catalog, never to the
    demos catalog (which babel-demos.cfg fills from the demos' JSON alone)."""
    page = {m.msgid for m in parse_po((LOCALE / "page.pot").read_text()).messages}
    demos = {m.msgid for m in parse_po((LOCALE / "demos.pot").read_text()).messages}
    errors = {"there is no demo called {name}", "demo {name}, step {step}", "{where}: {reason}"}
    assert errors <= page and not errors & demos


def test_templates_are_up_to_date(tmp_path: Path) -> None:
    """Extracting again (pybabel, as babel.cfg and babel-demos.cfg say) gives the same
    messages: each domain with its own mapping file (the demos' and the lessons' JSON for
    the ``demos`` domain)."""
    pytest.importorskip("babel")
    runs = {"page": ("babel.cfg", ["paisho_page", "site", "sitebuild", "paisho_core"]),
            "demos": ("babel-demos.cfg", ["paisho_core/demos", "paisho_core/lessons"])}
    for domain, (mapping, folders) in runs.items():
        out = tmp_path / f"{domain}.pot"
        subprocess.run(
            [sys.executable, "-m", "babel.messages.frontend", "extract", "-F", mapping,
             "--no-location", "--sort-output", "--omit-header", "-o", str(out), *folders],
            cwd=ROOT, check=True, capture_output=True,
            env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
        )
        fresh = {m.key for m in parse_po(out.read_text()).messages}
        kept = {m.key for m in parse_po((LOCALE / f"{domain}.pot").read_text()).messages}
        assert fresh == kept, f"locale/{domain}.pot is stale: new {sorted(fresh - kept)[:3]}, " \
                              f"gone {sorted(kept - fresh)[:3]}"


def test_pseudo_locale_is_longer_accented_and_keeps_placeholders() -> None:
    text = "Stopped at move {number}: {error}"
    fake = pseudo(text)
    assert len(fake) >= 1.35 * len(text)
    assert _holders(fake) == _holders(text)
    assert "Ã" not in fake and "é" in pseudo("the engine")
    catalog = read_catalog(PSEUDO, "page")
    assert catalog.messages and all(m.msgstr[0] != m.msgid for m in catalog.messages)
    assert PSEUDO not in i18n.LANGUAGES  # built for the tests, never in the switch


def test_html_text_round_trip() -> None:
    page = ('<p title="Zoom in">Play <code>skud-r8</code> now &amp; then</p>'
            '<svg aria-label="x"><text>Board</text></svg><button>×</button>')
    assert [f.text for f in messages(page)] == ["Zoom in", "Play <1/> now & then", "x"]
    words = {"Play <1/> now & then": "<b> <1/> играть"}
    out = translate(page, lambda text: words.get(text, text))
    assert "&lt;b&gt; <code>skud-r8</code> играть</p>" in out and "<text>Board</text>" in out


def test_a_sentence_with_inline_markup_is_one_message() -> None:
    page = ('<p class="x">In the game, choose <strong>Embed</strong>\n  (or '
            '<a href="#s" title="Share it">Share</a>) and use its link\'s <code>#2…</code>'
            ' part.</p>\n<nav><a href="./">Play</a> <a href="./r">Rules</a></nav>'
            '<p><a href="./">Back</a> · <a href="./r">The rules</a></p>'
            '<button><svg viewBox="0 0 1 1"></svg> Copy</button>')
    sentence = ("In the game, choose <1>Embed</1> (or <2>Share</2>) and use its link's "
                "<3/> part.")
    assert [f.text for f in messages(page)] == [
        sentence, "Share it", "Play", "Rules", "Back", "The rules", "Copy"]
    words = {sentence: "Kies <2>Diele</2> of <1>Ynslute</1>, mei <3/> diel.",
             "Share it": "Diel it", "Copy": "Kopiearje"}
    out = translate(page, lambda text: words.get(text, text))
    assert ('<p class="x">Kies <a href="#s" title="Diel it">Diele</a> of '
            '<strong>Ynslute</strong>, mei <code>#2…</code> diel.</p>') in out
    assert '<button><svg viewBox="0 0 1 1"></svg> Kopiearje</button>' in out


def test_a_translation_with_other_tags_is_not_used() -> None:
    page = "<p>Open the <a href='./r'>Rules <em>page</em></a> now.</p>"
    sentence = "Open the <1>Rules <2>page</2></1> now."
    assert [f.text for f in messages(page)] == [sentence]
    for bad in ("Open <1>Rules</1> now.", "Open <1>Rules</1> <2>page</2> now.",
                "Open <1>Rules <2>page</1></2> now.", "<3/> <1>Rules <2>page</2></1>"):
        refused: list[str] = []
        out = translate(page, {sentence: bad}.__getitem__, refused=refused)
        assert out == "<p>Open the <a href='./r'>Rules <em>page</em></a> now.</p>"
        assert refused == [bad]
    moved = translate(page, lambda text: "<1><2>Page</2> of rules</1>: open.")
    assert moved == "<p><a href='./r'><em>Page</em> of rules</a>: open.</p>"


def test_po_reader_handles_contexts_plurals_and_fuzzy() -> None:
    text = ('msgid ""\nmsgstr "Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
            'msgctxt "board"\nmsgid "Turn"\nmsgstr "Draaie"\n\n'
            'msgid "a"\nmsgid_plural "as"\nmsgstr[0] "x"\nmsgstr[1] "y"\n\n'
            '#, fuzzy\nmsgid "b"\nmsgstr "z"\n')
    catalog = parse_po(text)
    assert catalog.nplurals == 2
    turn, plural, fuzzy = catalog.messages
    assert turn.key == "board\x04Turn" and turn.msgstr == ["Draaie"]
    assert plural.msgstr == ["x", "y"] and fuzzy.fuzzy
    assert catalog.lookup() == {"board\x04Turn": "Draaie", "a": "x"}
