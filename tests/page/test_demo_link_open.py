"""Demo links in the embed page (issue 23, stage 1): ``demo=~1…`` opens the demo the
link carries exactly as a built-in demo, with every embed parameter; a bad link opens
nothing but its plain message."""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any

from paisho_core import demolink
from paisho_core.demos import FOLDER
from paisho_core.link import crc24
from paisho_page.base.dom_writes import by_target
from paisho_page.embed import screen as embed_screen
from paisho_page.embed.demo_viewer import EmbedModel

HOSTILE = "<img src=x onerror=alert(1)>"


def library_demo(name: str) -> dict[str, Any]:
    """A built-in demo's JSON object as a link carries it (``"variant"`` added)."""
    for path in sorted(FOLDER.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for demo in data["demos"]:
            if demo["name"] == name:
                return {"variant": data["variant"], **demo}
    raise KeyError(name)


def unchecked_payload(data: dict[str, Any]) -> str:
    """A well-formed payload of ``data`` made without :func:`demolink.encode`'s checks
    (what a hand-made hostile link would be)."""
    text = json.dumps(data, separators=(",", ":")).encode()
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, demolink.ZDICT)
    body = packer.compress(text) + packer.flush()
    check = crc24(b"~1" + body).to_bytes(3, "big")
    return "~1" + base64.urlsafe_b64encode(body + check).decode().rstrip("=")


def model_of(fragment: str, search: str = "") -> EmbedModel:
    """The embed page's model for a URL, as ``site/embed_page.py`` makes it."""
    params = embed_screen.page_params(search, fragment, "", "")
    return EmbedModel(params, embed_screen.link_fragment(fragment))


def test_a_demo_link_opens_the_same_steps_as_the_builtin_demo() -> None:
    data = library_demo("skud-planting")
    linked = model_of(demolink.fragment(data))
    builtin = EmbedModel({"demo": "skud-planting"})
    assert not linked.failed and linked.message == ""
    assert linked.demo is not None and linked.demo.name == "skud-planting"
    assert linked.last == builtin.last
    for mine, theirs in zip(linked.positions, builtin.positions, strict=True):
        assert mine.caption == theirs.caption
        assert mine.view == theirs.view
        assert mine.notation == theirs.notation
        assert mine.game.history == theirs.game.history
    assert linked.positions[0].diagram == ""  # no pre-made diagram for a link's demo
    writes = by_target(embed_screen.embed_writes(linked, trying=False))
    assert writes[("board-holder", "hidden")] is False
    assert writes[("diagram-link", "hidden")] is True


def test_every_embed_parameter_applies_to_a_demo_link() -> None:
    data = library_demo("skud-planting")
    payload = demolink.encode(data)
    model = model_of(f"#demo={payload}&step=2&orient=guest&theme=dark&mode=try")
    assert model.at == 2 and model.try_mode
    assert model_of(f"#step=1&demo={payload}").at == 1
    assert model_of("", f"?demo={payload}&step=99").at == model.last  # clamped, in the query
    params = embed_screen.url_params("", f"#demo={payload}&orient=guest&theme=dark")
    assert params["demo"] == payload  # the digits pass URLSearchParams/parse_qs untouched
    assert params["orient"] == "guest" and params["theme"] == "dark"
    writes = by_target(embed_screen.embed_writes(model, trying=True))
    assert writes[("status", "textContent")] == embed_screen.TRY_HINT
    mover, tiles, _ = model.reserve()
    assert mover and any(playable for _, _, playable in tiles)  # try it offers the reserve


def test_a_hostile_caption_is_carried_as_the_text_it_is() -> None:
    data = library_demo("skud-planting")
    data["caption"] = HOSTILE
    data["title"] = HOSTILE
    model = model_of(demolink.fragment(data))
    assert model.shown.caption == HOSTILE
    writes = embed_screen.embed_writes(model, trying=False)
    caption = [w for w in writes if w.target == "caption"]
    assert [(w.kind, w.value) for w in caption] == [("text", HOSTILE)]  # textContent only


def test_a_long_caption_opens_nothing_but_the_plain_message() -> None:
    data = library_demo("skud-planting")
    data["steps"][0]["caption"] = "x" * 4000
    model = model_of(f"#demo={unchecked_payload(data)}")
    assert model.failed and model.demo is None
    assert model.message == (
        "The caption of step 1 is too long: 4000 characters (at most 500). Nothing is shown."
    )
    writes = by_target(embed_screen.embed_writes(model, trying=False))
    assert writes[("board-holder", "hidden")] is True
    assert writes[("caption", "textContent")] == ""
    assert writes[("status", "textContent")] == ""
    assert writes[("message", "textContent")] == model.message
    assert writes[("btn-next", "disabled")] is True


def test_an_over_long_or_damaged_link_opens_nothing() -> None:
    long = model_of("#demo=~1" + "A" * 9000)
    assert long.failed
    assert long.message.startswith("The demo link is too long: 9002 characters")
    payload = demolink.encode(library_demo("skud-planting"))
    cut = model_of(f"#demo={payload[:-5]}")
    assert cut.failed and "checksum" in cut.message
    assert model_of("#demo=~9abc").message.startswith("Unknown demo link version '9'")
    for bad in (long, cut):
        assert bad.reserve() == ("", [], None)
        assert bad.choices() == [] and not bad.can_skip()
        assert bad.click("(0,8)").kind == "refuse"
        assert bad.last == 0


def test_an_illegal_step_names_the_step_and_quotes_no_caption() -> None:
    data = library_demo("skud-planting")
    data["steps"][1]["action"] = "R3(0,-8)"  # the Gate is taken
    data["steps"][1]["caption"] = HOSTILE
    model = model_of(f"#demo={unchecked_payload(data)}")
    assert model.failed
    assert "step 2" in model.message
    assert HOSTILE not in model.message
