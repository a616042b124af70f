"""The embed page's model and writes for a demo step's alternatives ("What if…"): a
built-in demo's and a demo link's, under CPython."""

from __future__ import annotations

import json
from typing import Any

from paisho_core import demolink
from paisho_core.demos import alternative_frames, get_demo
from paisho_page.base.dom_writes import by_target
from paisho_page.embed import screen as embed_screen
from paisho_page.embed.demo_viewer import EmbedModel


def test_a_step_with_alternatives_lists_them_and_opens_one() -> None:
    model = EmbedModel({"demo": "skud-harmony", "step": "3"})
    demo = get_demo("skud-harmony")
    (alt,) = demo.steps[3].alternatives
    assert model.what_if() == [alt.caption]
    model.go(2)
    assert model.what_if() == []
    model.go(3)
    assert not model.open_alternative(1)
    assert model.open_alternative(0)
    assert model.branch == (3, 0) and model.at == 0 and model.last == 2
    expected = alternative_frames(demo, 3, 0)
    assert [s.caption for s in model.positions] == [f.caption for f in expected]
    assert model.shown.game.state_key() == expected[0].game.state_key()
    assert model.what_if() == [] and not model.open_alternative(0)
    model.go(model.at + 1)
    assert model.shown.notation == "(5,5)-(5,3)" and model.shown.link.startswith("./#3")
    model.back_to_demo()
    assert model.branch is None and model.at == 3 and model.last == 3
    assert model.what_if() == [alt.caption]


def test_the_writes_show_the_what_if_box_and_the_way_back() -> None:
    model = EmbedModel({"demo": "skud-rock", "step": "2"})
    writes = by_target(embed_screen.embed_writes(model, trying=False))
    assert writes[("what-if", "hidden")] is False and writes[("alt-bar", "hidden")] is True
    (button,) = embed_screen.what_if_items(model)
    assert button.tag == "button" and button.text == model.what_if()[0]
    assert ("data-alt", "0") in button.attrs
    model.open_alternative(0)
    writes = by_target(embed_screen.embed_writes(model, trying=False))
    assert writes[("what-if", "hidden")] is True and writes[("alt-bar", "hidden")] is False
    assert writes[("alt-label", "textContent")] == "What if, at step 2"
    assert writes[("ply", "textContent")] == "0 / 1"
    assert writes[("board-holder", "step")] == "2"
    assert embed_screen.what_if_items(model) == []
    assert embed_screen.key_back("Escape", model) and not embed_screen.key_back("x", model)
    model.back_to_demo()
    assert not embed_screen.key_back("Escape", model)


def _link_with_alternative(caption: str) -> str:
    demo = json.loads(json.dumps(demolink.decode(demolink.fragment(_harmony())).data))
    demo["steps"][2]["alternatives"][0]["caption"] = caption
    return demolink.encode(demo)


def _harmony() -> dict[str, Any]:
    from paisho_core.demos import FOLDER

    data = json.loads((FOLDER / "skud.json").read_text(encoding="utf-8"))
    found = next(d for d in data["demos"] if d["name"] == "skud-harmony")
    return {"variant": "skud", **found}


def test_a_demo_links_alternatives_are_the_authors_text() -> None:
    hostile = "<img src=x onerror=alert(1)>\u202eIf instead\u200b…"
    model = EmbedModel({"demo": _link_with_alternative(hostile), "step": "3"})
    assert model.demo is not None and not model.failed
    (label,) = model.what_if()
    assert label == "<img src=x onerror=alert(1)>If instead…"  # text, bidi and zero-width out
    (button,) = embed_screen.what_if_items(model)
    assert button.text == label and not button.svg
    assert model.open_alternative(0) and model.shown.diagram == ""
    assert model.shown.caption == label


def test_trying_from_inside_an_alternative_is_dropped_on_the_way_back() -> None:
    model = EmbedModel({"demo": "skud-harmony", "step": "3", "mode": "try"})
    model.open_alternative(0)
    model.go(1)
    model.try_click("point:(1,3)")
    assert model.what_if() == []
    model.back_to_demo()
    assert model.trying is None and model.at == 3 and model.last == 3
