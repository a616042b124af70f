"""The embed page opens every game the game page can share (paisho_page.embed.demo_viewer):
a set-up game (a ``#3…`` link: a Studio position played on) and an Ancient game of 3 or
4 seats replay from their own start, every position shown; and an author's text (a
demo link's captions, the Studio's title and captions), a link kept in the notice and
a set-aside reason are shown with their bidirectional controls and zero-width characters
taken out (paisho_page.words.authored); a message quoting a link or notation escapes them."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from paisho_core import demolink, link, setups, starts
from paisho_core.ancient import AncientGame
from paisho_core.ancient.computer import choose
from paisho_core.board import Point
from paisho_core.demos import FOLDER
from paisho_page.base.dom_writes import by_target
from paisho_page.embed import screen as embed_screen
from paisho_page.embed.demo_viewer import EmbedModel
from paisho_page.sharing import decisions as sharing
from paisho_page.sharing import embed_dialog
from paisho_page.sharing.link_open import open_link
from paisho_page.sharing.notation import import_notation
from paisho_page.storage import aside
from paisho_page.storage.game_store import SetAsideRow
from paisho_page.storage.games_list import set_aside_items
from paisho_page.studio import screen as studio_screen
from paisho_page.studio.editor import Studio
from paisho_page.words.authored import BIDI_CONTROLS, ZERO_WIDTH, neutral

PAGE = "https://x.org/paisho/index.html"
RLO_TEXT = "\u202eevil\u202c caption\u200b with\ufeff \u2066hidden\u2069\u200f marks\u061c"


def finished_ancient(players: int, seed: int = 11) -> Any:
    """An Ancient game of ``players`` seats played to its end by the computer."""
    game = AncientGame(("target=3",), seed, players)
    rng = random.Random(seed)
    while game.to_move is not None:
        action = choose(game, rng)
        assert action is not None
        game.apply(action)
    return game


def set_up_game(moves: int) -> Any:
    """A Skud game from a Studio position (a Host Rose on (1,1), Host to move), played
    on ``moves`` legal actions (the first of each list)."""
    game = setups.build(setups.put(setups.empty("skud"), Point(1, 1), "R3", 0))
    for _ in range(moves):
        game.apply(game.legal_actions()[0])
    return game


def embedded(game: Any, view: int | None = None) -> EmbedModel:
    """The embed page opened from the link the Embed dialog's snippet carries."""
    snippet, error = embed_dialog.embed_snippet(game, view, PAGE)
    assert not error
    fragment = "#" + snippet.split("embed.html#", 1)[1].split('"', 1)[0]
    return EmbedModel(embed_screen.url_params("", fragment), embed_screen.link_fragment(fragment))


def assert_replays(model: EmbedModel, game: Any) -> None:
    """``model`` shows every position of ``game``, from its own start, and nothing wrong."""
    assert model.message == "" and not model.failed
    assert model.last == len(game.history)
    assert model.positions[0].game.state_key() == starts.fresh(game).state_key()
    assert model.positions[-1].game.state_key() == game.state_key()
    assert all(p.notation for p in model.positions[1:])
    for ply in range(len(game.history) + 1):
        assert model.positions[ply].game.state_key() == link.game_at(game, ply).state_key()


def test_a_set_up_game_with_moves_opens_in_the_embed() -> None:
    """The attack round's finding: the embed replayed from Skud's own start and refused
    the first move, so the Studio's Play/Analyse games gave broken snippets."""
    for moves in (0, 1, 3):
        game = set_up_game(moves)
        assert link.fragment_for(game).startswith("#3")
        model = embedded(game)
        assert_replays(model, game)
        assert model.at == model.last
        full = embed_screen.full_site_link(model)
        assert link.decode(full.partition("#")[2]).game.to_text() == game.to_text()


def test_a_set_up_game_opens_at_the_position_shown() -> None:
    game = set_up_game(3)
    model = embedded(game, 1)
    assert model.at == 1 and model.shown.game.state_key() == link.game_at(game, 1).state_key()


def test_ancient_games_of_three_and_four_seats_open_in_the_embed() -> None:
    """``rules.html#ancient-r1``: two to four seats; the embed replayed with two."""
    for players in (3, 4):
        game = finished_ancient(players)
        assert game.is_over and len(game.players) == players
        model = embedded(game)
        assert_replays(model, game)
        assert len(model.shown.game.players) == players
        assert model.status() == embedded(game).status()


@settings(max_examples=10, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(1, 10**6))
def test_every_finished_ancient_game_opens_in_the_embed(players: int, seed: int) -> None:
    game = finished_ancient(players, seed)
    assert_replays(embedded(game), game)


# ----------------------------------------------------------------------------- bidi
def test_neutral_takes_out_every_bidi_control_and_zero_width_character() -> None:
    assert neutral(RLO_TEXT) == "evil caption with hidden marks"
    for char in {*(chr(c) for c in range(0x202A, 0x202F)),
                 *(chr(c) for c in range(0x2066, 0x206A)),
                 "\u200e", "\u200f", "\u061c", "\u200b", "\u200c", "\u200d", "\u2060",
                 "\ufeff"}:
        assert char in BIDI_CONTROLS | ZERO_WIDTH
        assert neutral(f"a{char}b") == "ab"
    assert neutral("שלום, عربي, Пай Шо") == "שלום, عربي, Пай Шо"  # letters stay


@settings(max_examples=50, deadline=None)
@given(st.text())
def test_neutral_leaves_no_control_and_nothing_else_changed(text: str) -> None:
    out = neutral(text)
    assert not set(out) & (BIDI_CONTROLS | ZERO_WIDTH)
    assert out == "".join(c for c in text if c not in BIDI_CONTROLS | ZERO_WIDTH)
    assert neutral(out) == out


def _demo(caption: str, title: str = "A title") -> dict[str, Any]:
    """A built-in Skud demo's JSON with its start's caption, its first step's and its
    title replaced."""
    for path in sorted(FOLDER.glob("skud.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        demo = {"variant": data["variant"], **data["demos"][0]}
        demo["caption"] = demo["steps"][0]["caption"] = caption
        demo["title"] = title
        return demo
    raise AssertionError("no skud demos")


def test_a_demo_links_caption_is_shown_without_its_controls() -> None:
    payload = demolink.encode(_demo(RLO_TEXT))
    model = EmbedModel({"demo": payload})
    assert model.demo is not None
    assert model.positions[0].caption == model.positions[1].caption == neutral(RLO_TEXT)
    writes = by_target(embed_screen.embed_writes(model, trying=False))
    assert writes[("caption", "textContent")] == "evil caption with hidden marks"


def test_the_studio_shows_an_authors_title_and_captions_without_their_controls() -> None:
    studio = Studio("skud")
    assert studio.open_link(demolink.fragment(_demo(RLO_TEXT, "\u202eeltit")))
    writes = by_target(studio_screen.writes(studio, "https://x.org/studio.html"))
    assert writes[("studio-caption-shown", "textContent")] == neutral(RLO_TEXT)
    assert writes[("studio-caption", "value")] == neutral(RLO_TEXT)
    assert writes[("studio-title", "value")] == "eltit"
    labels = [str(item.children[0].text) for item in studio_screen.step_items(studio)]
    assert not any(set(label) & (BIDI_CONTROLS | ZERO_WIDTH) for label in labels)
    svg, _name = studio_screen.diagram(studio)
    assert "\u202e" not in svg and "\u200b" not in svg


CONTROLS = sorted(BIDI_CONTROLS | ZERO_WIDTH)


def _shown(text: str) -> bool:
    """Whether ``text`` holds no bidi control nor zero-width character."""
    return not set(text) & (BIDI_CONTROLS | ZERO_WIDTH)


def test_a_link_kept_in_the_notice_is_shown_without_its_controls() -> None:
    pasted = "https://x.org/#2\u202eabc\u200bdef"  # a link that cannot be opened
    opened = open_link(pasted)
    assert not opened.ok and opened.error is not None and _shown(opened.message())
    kept = sharing.failed_link(opened, pasted, PAGE)
    assert kept == "https://x.org/#2abcdef"
    writes = by_target(sharing.notice_writes(opened.message(), False, "", kept))
    assert writes[("bad-link", "value")] == kept


def test_a_set_aside_reason_is_listed_without_its_controls() -> None:
    row = SetAsideRow(aside.SETASIDE_PREFIX + "h1", 0, "\u202ebad\u200b reason", "raw")
    (item,) = set_aside_items([row], lambda _when: "", ["blob:x"])
    texts = [str(child.text) for child in item.children]
    labels = [value for child in item.children for name, value in child.attrs
              if name == "aria-label"]
    assert texts[0].startswith("bad reason") and all(map(_shown, texts + labels))


WITH_CONTROLS = st.lists(st.one_of(st.sampled_from(CONTROLS), st.text(max_size=4)),
                         max_size=8).map("".join)


@settings(max_examples=60, deadline=None)
@given(WITH_CONTROLS, st.sampled_from(["", "#", "#2", "#3", "1G.", "R3(0,-8);"]))
def test_no_message_about_a_link_or_notation_shows_a_control_of_it(
    text: str, head: str
) -> None:
    """Links and notation are quoted through the engine's quote (its ``repr``: a control
    is written as its escape, ``\\u202e``), cut short, never shown as they are."""
    opened = open_link(head + text)
    assert _shown(opened.message()) and _shown(opened.error or "")
    for variant in ("skud", "wiki", "ancient", "balance"):
        imported = import_notation(variant, head + text, (), 1)
        assert _shown(imported.message())
    demo = EmbedModel({"demo": "~1" + text})
    assert _shown(demo.message)
