"""The embed page's model (``paisho_page.embed.demo_viewer``): demos, shared games, moves and
"try it", under CPython."""

from __future__ import annotations

from paisho_core import link
from paisho_core.board import Point
from paisho_core.demos import frames, get_demo
from paisho_core.registry import new_game
from paisho_page.embed.demo_viewer import EmbedModel

GAME = "0H.R,W,K,B;0G.R,W,K,B;1G.R3(0,-8);1H.R3(0,8);2G.(0,-8)-(0,-5)"


def test_demo_shows_every_step_with_caption_marks_and_diagram() -> None:
    model = EmbedModel({"demo": "skud-wheel", "step": "1"})
    demo = get_demo("skud-wheel")
    assert model.demo == demo and model.at == 1 and model.last == len(demo.steps) - 1
    assert [s.caption for s in model.positions] == [f.caption for f in frames(demo)]
    assert model.shown.diagram == "./diagrams/skud-wheel-1.svg"
    assert model.view().extra_classes == {p: "focus" for p in demo.steps[1].highlight}
    # a set-up step opens on the full site as the same game: a version-3 link (d7af397)
    assert model.shown.link.startswith("./#3")
    assert link.decode(model.shown.link).game.board == model.shown.game.board
    model.go(99)
    assert model.at == model.last and model.shown.notation == "+W(5,2)"


def test_demo_from_real_moves_links_to_the_game_in_the_full_site() -> None:
    model = EmbedModel({"demo": "skud-planting", "step": "2"})
    assert model.shown.link.startswith("./#2")
    decoded = link.decode(model.shown.link)
    assert decoded.game.to_text() == model.shown.game.to_text()


def test_unknown_demo_says_so_and_shows_an_empty_viewer() -> None:
    model = EmbedModel({"demo": "skud-<b>nope"})
    assert model.demo is None and "no demo called" in model.message
    assert model.last == 0


def test_shared_game_link_opens_at_its_view_ply() -> None:
    game = new_game("skud")
    game.play_plies(GAME)  # type: ignore[attr-defined]
    whole = EmbedModel({}, link.fragment_for(game))
    assert whole.last == len(game.history) and whole.at == whole.last
    assert whole.shown.game.state_key() == game.state_key()
    viewed = EmbedModel({}, link.fragment_for(game, 3))
    assert viewed.at == 3
    asked = EmbedModel({"ply": "1"}, link.fragment_for(game, 3))
    assert asked.at == 1


def test_bad_link_and_bad_moves_keep_what_is_good() -> None:
    broken = EmbedModel({}, "#1zzzz")
    assert broken.message.startswith("This link could not be opened") and broken.last == 0
    moves = EmbedModel({"variant": "skud", "moves": GAME + ";3G.(9,9)-(0,0)"})
    assert moves.message.startswith("Stopped at move 6") and moves.last == 5


def test_try_it_plays_on_from_the_shown_step_and_drops_the_rest() -> None:
    model = EmbedModel({"demo": "skud-clash", "mode": "try"})
    assert model.at == 0 and model.last == 1
    first = model.click("point:(1,1)")
    assert first.kind == "extend" and Point(2, 2) in model.view().highlights
    assert model.click("point:(1,4)").kind == "refuse"  # wiki: rules.html#skud-r3, a clash
    done = model.click("point:(0,1)")
    assert done.kind == "complete" and model.last == 1 and model.at == 1
    assert model.shown.caption == "You played (1,1)-(0,1)."
    assert model.status().startswith("Guest")


def test_a_refused_try_it_click_says_why_and_the_next_one_clears_it() -> None:
    model = EmbedModel({"demo": "skud-clash", "mode": "try"})
    model.try_click("point:(1,1)")
    assert model.message == ""
    model.try_click("point:(1,4)")  # a clash: rules.html#skud-r3
    refused = model.click("point:(1,4)")
    assert refused.kind == "refuse" and model.message == refused.message != ""
    model.try_click("point:(0,1)")
    assert model.message == "" and model.shown.caption == "You played (1,1)-(0,1)."


def test_try_it_in_balance_and_skipping_a_bonus() -> None:
    balance = EmbedModel({"demo": "balance-placement", "mode": "try"})
    assert balance.click("point:(0,3)").kind == "complete"
    assert balance.shown.game.counts() == (1, 1)
    bonus = EmbedModel({"demo": "skud-harmony-bonus", "step": "1"})
    assert not bonus.can_skip()
    bonus.click("point:(4,3)")  # a click starts trying; the bonus is pending
    bonus.click("point:(4,3)")  # unselect
    assert bonus.can_skip()
    assert bonus.click("skip").kind == "complete" and bonus.shown.game.to_move == 1


def test_try_it_plants_from_the_reserve_as_a_bonus() -> None:
    # rules.html#skud-r4: no Growing flower, so a basic flower may be planted as the bonus
    model = EmbedModel({"demo": "skud-harmony-bonus", "step": "1", "mode": "try"})
    mover, tiles, selected = model.reserve()
    assert mover == "host" and selected is None
    assert ("W4", 1, True) in tiles
    assert model.click("reserve:W4").kind == "extend"
    assert model.reserve()[2] == "W4"
    assert model.click("point:(8,0)").kind == "complete"
    assert model.shown.caption == "You played +W4(8,0)."
    assert model.reserve()[0] == "guest"
    assert EmbedModel({"demo": "balance-scoring"}).reserve()[1] == []


def test_try_it_in_ancient_draws_and_turns_a_wheel_showing_only_the_movers_hand() -> None:
    # rules.html#ancient-r3 (draw then discard) and #ancient-r9 (the Wheel's turn): the
    # embed's "try it" offers these as choices; hidden hands show the mover's own only
    model = EmbedModel({"demo": "ancient-deal", "mode": "try"})
    mover, tiles, _ = model.reserve()
    assert mover == "P1" and model.hand_word() == "hand"
    assert sum(n for _, n, _ in tiles) == 7 and all(code != "?" for code, _, _ in tiles)
    assert model.choices() == [("draw", "Draw a tile")]
    assert model.click("draw").kind == "complete" and model.shown.caption == "You played draw."
    assert sum(n for _, n, _ in model.reserve()[1]) == 8
    wheel = EmbedModel({"demo": "ancient-wheel", "mode": "try"})
    assert wheel.click("reserve:W").kind == "extend"
    assert wheel.click("point:(1,1)").kind == "extend"
    labels = dict(wheel.choices())
    assert labels["turn:0"] == "No turn" and labels["turn:90"] == "Turn 90°" and len(labels) == 8
    assert wheel.click("turn:90").kind == "complete"
    assert wheel.shown.caption == "You played W(1,1)@90."


def test_try_it_in_wiki_pushes_and_passes() -> None:
    # rules.html#wiki-r4 (the Boat's push) and #wiki-r2 (a player with no action passes)
    push = EmbedModel({"demo": "wiki-boat-push", "mode": "try"})
    assert push.hand_word() == "reserve" and push.choices() == []
    for token in ("point:(0,-3)", "point:(0,-2)"):
        assert push.click(token).kind == "extend"
    assert push.click("point:(0,-1)").kind == "complete"
    assert push.shown.caption == "You played (0,-3)>(0,-2)."
    stuck = EmbedModel({"demo": "wiki-pass", "mode": "try"})
    assert stuck.can_skip() and stuck.skip_label() == "Pass"
    assert not EmbedModel({"demo": "wiki-pass"}).can_skip()  # read-only: no Pass button
    assert stuck.click("skip").kind == "complete" and stuck.shown.caption == "You played pass."
    bonus = EmbedModel({"demo": "skud-harmony-bonus", "step": "1", "mode": "try"})
    assert bonus.skip_label() == "Skip bonus"


def test_every_error_message_starts_with_a_capital() -> None:
    for params, fragment in (
        ({"demo": "skud-<b>nope"}, ""),
        ({"variant": "nope"}, ""),
        ({"moves": "0H.R,W,K,B;zz"}, ""),
        ({"variant": "balance", "options": "nope"}, ""),
        ({}, "#2zzzz"),
    ):
        message = EmbedModel(params, fragment).message
        assert message and message[0].isupper(), (params, fragment, message)
