"""Rules demos and the embed page in Chromium: pre-rendered demo steps (no Python),
shared games (set-up games and Ancient's bigger games too), the height message to a
host page, "try it", the Embed dialog, an author's caption neutralised."""

from __future__ import annotations

import base64
import json
import random
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from conftest import (
    PageErrors,
    SiteServer,
    goto_ready,
    host_page,
    new_watched_page,
    wait_ready,
)
from playwright.sync_api import Browser, BrowserContext, Page

from paisho_core import demolink, link, setups
from paisho_core.ancient import AncientGame
from paisho_core.ancient.computer import choose
from paisho_core.board import Point
from paisho_core.demos import FOLDER, frames, get_demo
from paisho_core.registry import new_game

pytestmark = pytest.mark.e2e

BOARD_JS = """() => {
  const tiles = {};
  for (const t of document.querySelectorAll('#board [data-point] [data-tile]')) {
    tiles[t.closest('[data-point]').dataset.point] = [t.dataset.tile, t.dataset.owner || null];
  }
  const focus = [...document.querySelectorAll('#board [data-point].focus')]
    .map(g => g.dataset.point).sort();
  const caption = document.querySelector('[data-caption]').textContent;
  return {tiles, focus, caption, ply: document.getElementById('ply').textContent};
}"""

GAME = "0H.R,W,K,B;0G.R,W,K,B;1G.R3(0,-8);1H.R3(0,8);2G.(0,-8)-(0,-5)"


def engine_frame(name: str, index: int) -> dict[str, object]:
    """What the page should show for a demo step, from the engine."""
    frame = frames(get_demo(name))[index]
    owners = frame.game.players
    tiles = {
        str(t.point): [t.code, owners[t.owner] if t.owner is not None else None]
        for t in frame.game.board_tiles()
    }
    return {
        "tiles": tiles,
        "focus": sorted(str(p) for p in frame.highlight),
        "caption": frame.caption,
    }


def test_demo_steps_work_before_and_without_python(
    browser: Browser, site: SiteServer, page_errors: PageErrors
) -> None:
    context = browser.new_context(service_workers="block")
    seen: list[str] = []
    context.on("request", lambda request: seen.append(request.url))
    page = new_watched_page(context, page_errors)
    page.goto(f"{site.base_url}demo-skud-wheel.html")
    page.wait_for_function("document.documentElement.dataset.steps === 'ready'")
    steps = len(get_demo("skud-wheel").steps)
    for index in range(steps):
        state = page.evaluate(BOARD_JS)
        want = engine_frame("skud-wheel", index)
        assert state["tiles"] == want["tiles"], f"step {index}"
        assert state["focus"] == want["focus"] and state["caption"] == want["caption"]
        assert state["ply"] == f"{index} / {steps - 1}"
        href = page.get_attribute("#diagram-link", "href")
        assert href is not None and href.endswith(f"diagrams/skud-wheel-{index}.svg")
        if index < steps - 1:
            page.click("#btn-next")
    page.keyboard.press("Home")
    assert page.evaluate(BOARD_JS)["caption"] == engine_frame("skud-wheel", 0)["caption"]
    assert page.evaluate("document.documentElement.dataset.engine") is None
    context.close()
    assert all(urlsplit(url).netloc == urlsplit(site.base_url).netloc for url in seen)
    assert not any("/pyodide/" in url or url.endswith(".whl") for url in seen), "Python loaded"


def test_demo_parameters_step_orient_theme(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    page = new_watched_page(context, page_errors)
    page.goto(f"{site.base_url}embed.html?step=2&orient=guest#demo=balance-counting&theme=dark")
    page.wait_for_function("document.documentElement.dataset.steps === 'ready'")
    assert urlsplit(page.url).path.endswith("/demo-balance-counting.html")
    state = page.evaluate(BOARD_JS)
    want = engine_frame("balance-counting", 2)
    assert state["tiles"] == want["tiles"] and state["caption"] == want["caption"]
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    turned = page.locator("#board-dynamic > g[transform='rotate(180)']")
    assert turned.count() == 1
    assert page.locator("#board-dynamic g.tile[transform$='rotate(180)']").count() == len(
        want["tiles"]  # type: ignore[arg-type]
    )


@pytest.mark.parametrize("width", [240, 320, 900])
def test_demo_fits_any_frame_width_from_240_px(
    browser: Browser, site: SiteServer, page_errors: PageErrors, width: int
) -> None:
    context = browser.new_context(viewport={"width": width, "height": 700}, service_workers="block")
    page = new_watched_page(context, page_errors)
    page.goto(f"{site.base_url}demo-skud-end-no-basic.html?step=1")
    page.wait_for_function("document.documentElement.dataset.steps === 'ready'")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    board = page.locator("#board").bounding_box()
    assert board is not None and board["width"] >= min(width, 640) - 24
    for ident in ("#btn-first", "#btn-next", "[data-caption]", "#open-full"):
        box = page.locator(ident).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
    context.close()


def test_shared_game_link_in_the_embed_page(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    game = new_game("skud")
    game.play_plies(GAME)  # type: ignore[attr-defined]
    page = new_watched_page(context, page_errors)
    goto_ready(page, f"{site.base_url}embed.html{link.fragment_for(game, 3)}", page_errors)
    assert page.text_content("#ply") == f"3 / {len(game.history)}"
    assert page.evaluate(BOARD_JS)["tiles"] == {"(0,-8)": ["R3", "guest"]}
    page.click("#btn-last")
    assert page.evaluate(BOARD_JS)["tiles"] == {"(0,-5)": ["R3", "guest"], "(0,8)": ["R3", "host"]}
    assert page.text_content("#current-move") == "(0,-8)-(0,-5)"
    full = page.get_attribute("#open-full", "href")
    assert full is not None and link.decode(full).game.to_text() == game.to_text()


LATE_HOST_SCRIPT = (
    "<script>addEventListener('load', () => {{ const s = document.createElement('script');"
    " s.src = '{src}'; document.head.append(s); }});</script>"
)


@pytest.mark.parametrize("when", ["deferred", "after the frame spoke"])
def test_host_page_receives_the_height_and_resizes_the_frame(
    browser: Browser,
    site: SiteServer,
    host_site: SiteServer,
    page_errors: PageErrors,
    when: str,
) -> None:
    src = f"{site.base_url}embed-host.js"
    head = (
        f'<script src="{src}" defer></script>'
        if when == "deferred"
        else LATE_HOST_SCRIPT.format(src=src)
    )
    (host_site.dist / "index.html").write_text(
        host_page(f"{site.base_url}demo-skud-harmony-ring.html?id=ring", 300, 150, head=head)
    )
    context = browser.new_context(service_workers="block")
    page = new_watched_page(context, page_errors)
    page.goto(host_site.base_url)
    page.wait_for_function("document.getElementById('frame').dataset.sized === '1'")
    messages = page.evaluate("window.received")
    assert messages and all(set(m) == {"type", "height", "id"} for m in messages)
    last = messages[-1]
    assert last["type"] == "paisho-embed-height" and last["id"] == "ring"
    assert isinstance(last["height"], int) and 300 < last["height"] < 1000
    height = page.evaluate("document.getElementById('frame').getBoundingClientRect().height")
    assert abs(height - last["height"]) <= 1
    frame = page.frame_locator("#frame")
    assert (
        frame.locator("[data-caption]").text_content()
        == engine_frame("skud-harmony-ring", 0)["caption"]
    )
    context.close()


def test_try_it_plays_on_from_a_demo_step(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    page = new_watched_page(context, page_errors)
    goto_ready(page, f"{site.base_url}demo-skud-clash.html?mode=try", page_errors)
    page.click("#board [data-point='(1,1)']")
    assert page.locator("#board [data-point='(0,1)'].highlight").count() == 1
    page.click("#board [data-point='(1,4)']")  # a clash: refused
    assert page.text_content("#message") != ""
    page.click("#board [data-point='(1,1)']")  # unselect, then a legal move
    page.click("#board [data-point='(1,1)']")
    page.click("#board [data-point='(0,1)']")
    state = page.evaluate(BOARD_JS)
    assert state["caption"] == "You played (1,1)-(0,1)."
    assert state["tiles"]["(0,1)"] == ["R3", "host"]
    assert page.evaluate("localStorage.length") == 0


def test_try_it_takes_a_bonus_from_the_reserve(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    page = new_watched_page(context, page_errors)
    goto_ready(page, f"{site.base_url}demo-skud-harmony-bonus.html?mode=try&step=1", page_errors)
    page.click("#try-reserve [data-token='reserve:W4']")
    page.click("#board [data-point='(8,0)']")
    state = page.evaluate(BOARD_JS)
    assert state["caption"] == "You played +W4(8,0)."
    assert state["tiles"]["(8,0)"] == ["W4", "host"]
    assert page.text_content("#try-reserve").startswith("Guest's reserve")


def _step_through_demo(page: Page, name: str) -> None:
    """Step a pre-rendered demo page from first to last, checking each step against the
    engine: tiles, highlighted points, caption, counter and diagram link."""
    page.wait_for_function("document.documentElement.dataset.steps === 'ready'")
    steps = len(get_demo(name).steps)
    for index in range(steps):
        state = page.evaluate(BOARD_JS)
        want = engine_frame(name, index)
        assert state["tiles"] == want["tiles"], f"{name} step {index}"
        assert state["focus"] == want["focus"] and state["focus"], f"{name} step {index}"
        assert state["caption"] == want["caption"] and state["ply"] == f"{index} / {steps - 1}"
        href = page.get_attribute("#diagram-link", "href")
        assert href is not None and href.endswith(f"diagrams/{name}-{index}.svg")
        if index < steps - 1:
            page.click("#btn-next")


def test_wiki_demo_opens_from_embed_hash_and_steps(
    browser: Browser, site: SiteServer, page_errors: PageErrors
) -> None:
    # rules.html#wiki-r4: the Boat's push, as a wiki editor links it
    context = browser.new_context(service_workers="block")
    page = new_watched_page(context, page_errors)
    page.goto(f"{site.base_url}embed.html#demo=wiki-boat-push")
    page.wait_for_function("document.documentElement.dataset.steps === 'ready'")
    assert urlsplit(page.url).path.endswith("/demo-wiki-boat-push.html")
    _step_through_demo(page, "wiki-boat-push")
    last = page.evaluate(BOARD_JS)["tiles"]
    assert last["(0,-2)"] == ["B", "guest"] and last["(0,-1)"] == ["Ja", "host"]
    page.goto(f"{site.base_url}demo-wiki-wheel.html")
    _step_through_demo(page, "wiki-wheel")
    assert page.evaluate("document.documentElement.dataset.engine") is None
    context.close()


def test_ancient_demo_steps_with_harmony_count_and_no_hand(
    browser: Browser, site: SiteServer, page_errors: PageErrors
) -> None:
    # rules.html#ancient-r7: the seed's examples, —(WJ)—(Li)—(Ja)— then —(Li)—(WJ)—(Ja)—
    context = browser.new_context(service_workers="block")
    page = new_watched_page(context, page_errors)
    page.goto(f"{site.base_url}embed.html#demo=ancient-nearest-flower")
    _step_through_demo(page, "ancient-nearest-flower")
    assert page.locator("#board .harmonies line.harmony").count() == 2
    assert "Harmonies: 2." in page.evaluate(BOARD_JS)["caption"]
    assert page.locator("#try-reserve").count() == 0  # no hand shown, read-only
    context.close()


def test_try_it_in_ancient_draws_and_shows_only_the_movers_hand(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    # rules.html#ancient-r3: draw, then discard; hidden hands: P1's own hand only
    page = new_watched_page(context, page_errors)
    goto_ready(page, f"{site.base_url}demo-ancient-deal.html?mode=try", page_errors)
    assert page.text_content("#try-reserve .try-reserve-label") == "P1's hand:"
    page.click("#try-reserve [data-token='draw']")
    assert page.evaluate(BOARD_JS)["caption"] == "You played draw."
    counts = page.locator("#try-reserve .try-tile span").all_text_contents()
    assert sum(int(c.lstrip("×")) for c in counts) == 8
    assert page.locator("#try-reserve [data-token='reserve:?']").count() == 0
    assert page.evaluate("localStorage.length") == 0


def test_rules_page_shows_every_demo_next_to_its_rule(site: SiteServer) -> None:
    rules = (site.dist / "rules.html").read_text()
    for name in (p.stem.removeprefix("demo-") for p in site.dist.glob("demo-*.html")):
        assert f'src="./demo-{name}.html' in rules, name
    assert 'class="rule-demos" data-demos=' not in rules  # every marker filled
    wiki = (site.dist / "wiki-editors.html").read_text()
    assert "<!--DEMO_LIST-->" not in wiki and 'id="demo-skud-wheel"' in wiki


def test_diagrams_are_served_and_standalone(site: SiteServer) -> None:
    diagrams = sorted((site.dist / "diagrams").glob("*.svg"))
    assert len(diagrams) == sum(len(get_demo(n).steps) for n in _demo_names(site))
    for path in diagrams[:5]:
        root = ET.fromstring(path.read_text().split("\n", 1)[1])
        assert root.get("viewBox") and "<script" not in path.read_text()


def _demo_names(site: SiteServer) -> list[str]:
    return [p.stem.removeprefix("demo-") for p in site.dist.glob("demo-*.html")]


def test_embed_button_gives_snippet_and_diagram(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    game = new_game("skud")
    game.play_plies(GAME)  # type: ignore[attr-defined]
    page: Page = new_watched_page(context, page_errors)
    goto_ready(page, f"{site.base_url}{link.fragment_for(game)}", page_errors)
    page.click("#btn-embed")
    snippet = page.input_value("#embed-snippet")
    assert snippet.startswith(f'<iframe src="{site.base_url}embed.html#{link.FORMAT_VERSION}')
    src = snippet.split('"')[1]
    assert link.decode(src).game.to_text() == game.to_text()
    with page.expect_download() as info:
        page.click("#btn-embed-diagram")
    text = Path(info.value.path()).read_text()
    root = ET.fromstring(text.split("\n", 1)[1])
    assert root.get("viewBox") and "<script" not in text and "R3" in text
    assert json.dumps(page.text_content("#embed-status")).count("Diagram saved") == 1
    embedded = new_watched_page(context, page_errors)
    goto_ready(embedded, src, page_errors)
    wait_ready(embedded, page_errors)
    assert embedded.text_content("#ply") == f"{len(game.history)} / {len(game.history)}"


# ---------------------------------------------------------------- demo links (issue 23)
HOSTILE = "<img src=x onerror=alert(1)>"


def library_object(name: str) -> dict[str, object]:
    """A built-in demo's JSON object as a demo link carries it (``"variant"`` added)."""
    for path in sorted(FOLDER.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for demo in data["demos"]:
            if demo["name"] == name:
                return {"variant": data["variant"], **demo}
    raise KeyError(name)


def raw_payload(data: dict[str, object]) -> str:
    """A well-formed payload made without ``demolink.encode``'s checks (a hand-made link)."""
    text = json.dumps(data, separators=(",", ":")).encode()
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, demolink.ZDICT)
    body = packer.compress(text) + packer.flush()
    check = link.crc24(b"~1" + body).to_bytes(3, "big")
    return "~1" + base64.urlsafe_b64encode(body + check).decode().rstrip("=")


def test_a_demo_link_opens_with_every_parameter_and_a_hostile_caption_is_text(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    data = library_object("skud-planting")
    data["caption"] = HOSTILE
    dialogs: list[str] = []
    page = new_watched_page(context, page_errors)
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    url = f"{site.base_url}embed.html{demolink.fragment(data)}&orient=guest&theme=dark"
    goto_ready(page, url, page_errors)
    assert urlsplit(page.url).path.endswith("/embed.html")  # no pre-rendered page for a link
    assert page.text_content("[data-caption]") == HOSTILE
    assert page.locator("[data-caption] *").count() == 0
    assert page.locator("img").count() == 0 and dialogs == []
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    assert page.locator("#board-dynamic > g[transform='rotate(180)']").count() == 1
    steps = len(data["steps"])  # type: ignore[arg-type]
    assert page.text_content("#ply") == f"0 / {steps}"
    page.click("#btn-next")
    want = frames(get_demo("skud-planting"))[1]
    state = page.evaluate(BOARD_JS)
    assert state["caption"] == want.caption
    assert state["focus"] == sorted(str(p) for p in want.highlight)
    assert page.text_content("#message") == ""
    page.goto(f"{site.base_url}embed.html?step=2#demo={demolink.encode(data)}&mode=try")
    wait_ready(page, page_errors)
    assert page.text_content("#ply") == f"2 / {steps}"
    assert page.locator("#try-reserve [data-token]").count() > 0


@pytest.mark.parametrize("kind", ["long-caption", "long-link"])
def test_a_bad_demo_link_opens_nothing_but_the_plain_message(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors, kind: str
) -> None:
    data = library_object("skud-planting")
    if kind == "long-caption":
        data["caption"] = HOSTILE + "x" * (4000 - len(HOSTILE))
        payload = raw_payload(data)
        want = "The caption of the start (step 0) is too long: 4000 characters (at most 500)."
    else:
        payload = "~1" + "A" * 8100
        want = "The demo link is too long: 8102 characters (at most 8000)."
    page = new_watched_page(context, page_errors)
    goto_ready(page, f"{site.base_url}embed.html#demo={payload}", page_errors)
    message = page.text_content("#message") or ""
    assert message.startswith(want)
    assert page.locator("#message *").count() == 0 and page.locator("img").count() == 0
    assert page.is_hidden("#board-holder")
    assert page.text_content("[data-caption]") == ""
    assert page.is_disabled("#btn-next")


def _finished_ancient(players: int) -> Any:
    """An Ancient game of ``players`` seats played to its end by the computer."""
    game = AncientGame(("target=3",), 11, players)
    rng = random.Random(11)
    while game.to_move is not None:
        action = choose(game, rng)
        assert action is not None
        game.apply(action)
    return game


def test_the_embed_opens_set_up_games_and_bigger_ancient_games_and_isolates_captions(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    """Every game the game page shares opens in the embed: a set-up game with moves (a
    ``#3…`` link) and a 4-seat Ancient game (``rules.html#ancient-r1``); a demo link's
    right-to-left override and zero-width characters are taken out of its caption,
    which is shown in an element of its own direction."""
    set_up = setups.build(setups.put(setups.empty("skud"), Point(1, 1), "R3", 0))
    for _ in range(2):
        set_up.apply(set_up.legal_actions()[0])
    page = new_watched_page(context, page_errors)
    for game in (set_up, _finished_ancient(4)):
        plies = len(game.history)
        page.goto("about:blank")  # (a new fragment alone would not load the page again)
        goto_ready(page, f"{site.base_url}embed.html{link.fragment_for(game)}", page_errors)
        assert page.text_content("#ply") == f"{plies} / {plies}"
        assert page.text_content("#message") == ""
        tiles = page.evaluate(BOARD_JS)["tiles"]
        assert sorted(tiles) == sorted(str(t.point) for t in game.board_tiles())
        page.click("#btn-first")
        assert page.text_content("#ply") == f"0 / {plies}"
    data = library_object("skud-planting")
    data["caption"] = "\u202eevil\u202c caption\u200b here\u2066!\u2069"
    page.goto("about:blank")
    goto_ready(page, f"{site.base_url}embed.html{demolink.fragment(data)}", page_errors)
    assert page.text_content("[data-caption]") == "evil caption here!"
    assert page.get_attribute("[data-caption]", "dir") == "auto"
    page_errors.check()
