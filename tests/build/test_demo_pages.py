"""What ``build.py`` makes of the demo library: demo pages, diagrams, the lists."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from paisho_core.demos import get_demo, library  # noqa: E402
from paisho_core.demos.export import export, export_demo  # noqa: E402
from sitebuild import demos as build_demos  # noqa: E402
from sitebuild import pages as build_pages  # noqa: E402

TEMPLATE = (ROOT / "site" / "embed.html").read_text()


def test_demo_page_holds_every_step_and_no_running_python() -> None:
    demo = export_demo(get_demo("skud-wheel"))
    page = build_demos.demo_page(TEMPLATE, demo)
    assert '<html lang="en" class="embed" data-demo="skud-wheel">' in page
    assert page.count("<template data-step=") == len(demo["steps"])
    assert build_pages.BOARD_PLACEHOLDER not in page and "<!--STEPS-->" not in page
    assert 'type="py"' not in page and 'type="text/x-deferred-py"' in page
    assert '<script type="module"' not in page and "sw-register.js" not in page
    first = demo["steps"][0]
    assert f'data-caption aria-live="polite">{first["caption"]}</p>' in page
    assert 'href="./diagrams/skud-wheel-0.svg"' in page
    status = page.split('id="status"', 1)[1].split("</p>", 1)[0]
    assert "Loading the engine" not in status  # (only in the hidden #embed-words, for "try it")


def test_demo_page_escapes_captions() -> None:
    demo = export_demo(get_demo("skud-clash"))
    demo["steps"][0]["caption"] = '<img src=x onerror="alert(1)">'
    demo["title"] = "<b>"
    page = build_demos.demo_page(TEMPLATE, demo)
    assert "<img" not in page and "<b>" not in page
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" in page


def test_write_demos_fills_rules_wiki_and_embed(tmp_path: Path) -> None:
    for name in ("embed.html", "embed.js", "rules.html", "wiki-editors.html"):
        (tmp_path / name).write_text((ROOT / "site" / name).read_text())
    demos = export()
    build_demos.write_demos(tmp_path, demos)
    names = [d["name"] for d in demos]
    for name in names:
        assert (tmp_path / f"demo-{name}.html").is_file()
    svgs = list((tmp_path / "diagrams").glob("*.svg"))
    assert len(svgs) == sum(len(d["steps"]) for d in demos)
    rules = (tmp_path / "rules.html").read_text()
    assert all(f'src="./demo-{n}.html"' in rules for n in names)
    wiki = (tmp_path / "wiki-editors.html").read_text()
    assert all(f'id="demo-{n}"' in wiki for n in names)
    embed = (tmp_path / "embed.html").read_text()
    assert "<!--CAPTION-->" not in embed and "Loading the engine…" in embed
    assert '"skud-wheel"' in (tmp_path / "embed.js").read_text()


def test_rules_page_asking_for_an_unknown_demo_stops_the_build() -> None:
    with pytest.raises(SystemExit, match="skud-nope"):
        build_demos.rule_demo_html({}, ["skud-nope"])


def test_wiki_editors_page_names_every_variant_with_demos() -> None:
    # the list itself is generated; the page's introduction must not leave a variant out
    text = (Path(__file__).resolve().parents[2] / "site" / "wiki-editors.html").read_text()
    intro = text.split('<h2 id="quick">')[0]
    for variant in {d.variant for d in library().values()}:
        assert f"{variant.capitalize()} Pai Sho" in intro and f"<code>{variant}-</code>" in intro


def test_demo_page_holds_each_alternatives_positions_as_templates() -> None:
    demo = export_demo(get_demo("skud-harmony"))
    (alt,) = demo["steps"][3]["alternatives"]
    assert [s["action"] for s in alt["steps"]] == [None, "(5,5)-(5,3)", "(1,3)-(1,1)"]
    assert alt["steps"][0]["caption"] == alt["caption"]
    assert alt["steps"][0]["link"] == demo["steps"][2]["link"]  # the position before step 3
    page = build_demos.demo_page(TEMPLATE, demo)
    assert page.count('<template data-step="3" data-alt="0" data-alt-step=') == 3
    assert '<template data-step="3" data-alt="0" data-alt-step="2" ' in page
    assert page.count("<template data-step=") == len(demo["steps"]) + 3
    assert 'id="what-if"' in page and 'id="btn-back-demo"' in page
    alt["caption"] = "<script>x</script>"
    alt["steps"][0]["caption"] = alt["caption"]
    assert "<script>x" not in build_demos.demo_page(TEMPLATE, demo)
