"""Engine messages (paisho_core/messages.py): English text, nesting, JSON round trip."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from refused_link import refused_skud_payload

from paisho_core import link
from paisho_core.errors import IllegalMove, InvalidLink
from paisho_core.messages import Message, from_json, msg, msgn, term, text
from paisho_core.skud import explain
from paisho_core.skud.game import SkudGame


def test_str_is_the_english_text_with_nested_messages() -> None:
    reason = msg("the {who} has no {tile} left in reserve",
                 who=term("player", "Host"), tile=term("tile", "Rose"))
    outer = msg("move {number} is not legal: {reason}", number=3, reason=reason)
    assert str(outer) == "move 3 is not legal: the Host has no Rose left in reserve"


def test_render_translates_each_template_and_terms_in_context() -> None:
    words = {"move {number} is not legal: {reason}": "ход {number} невозможен: {reason}",
             ("tile", "Rose"): "Роза"}

    def translate(message: Message) -> str:
        key = (message.context, message.template) if message.context else message.template
        return words.get(key, message.template)

    said = msg("move {number} is not legal: {reason}", number=3,
               reason=msg("no {tile}", tile=term("tile", "Rose")))
    assert said.render(translate) == "ход 3 невозможен: no Роза"


def test_a_bad_translation_falls_back_to_english() -> None:
    said = msg("ply {ply}", ply=2)
    assert said.render(lambda m: "ход {ход}") == "ply 2"


def test_literal_text_is_never_translated_nor_formatted() -> None:
    assert text("a {brace}").render(lambda m: "X") == "a {brace}"


def test_errors_keep_their_english_text_and_carry_the_message() -> None:
    said = msg("no ply {ply}: the game has {count}", ply=9, count=4)
    error = InvalidLink(said)
    assert str(error) == "no ply 9: the game has 4" and error.message is said
    plain = IllegalMove("the game is already over")
    assert plain.message == text("the game is already over")
    assert isinstance(error, ValueError)


def test_a_message_with_a_number_picks_its_english_form() -> None:
    def harmonies(n: int) -> Message:
        return msgn("{count} harmony", "{count} harmonies", n, count=n)

    assert [str(harmonies(n)) for n in (0, 1, 2)] == ["0 harmonies", "1 harmony", "2 harmonies"]
    assert from_json(harmonies(3).to_json()) == harmonies(3)


_names = st.sampled_from(["ply", "move", "reason", "tile", "who"])
_leaf = st.one_of(
    st.builds(text, st.text(max_size=12)),
    st.builds(term, st.sampled_from(["tile", "player"]), st.text(max_size=8)),
)
messages = st.recursive(
    _leaf,
    lambda inner: st.builds(
        lambda template, params, plural, number: Message(
            template, tuple(params.items()), plural=plural,
            number=number if plural is not None else 0),
        st.text(max_size=20),
        st.dictionaries(_names, st.one_of(st.integers(), st.text(max_size=6), inner),
                        max_size=3),
        st.none() | st.text(max_size=8),
        st.integers(0, 30),
    ),
    max_leaves=6,
)


@given(messages)
def test_json_round_trip(message: Message) -> None:
    assert from_json(message.to_json()) == message


def test_from_json_turns_anything_else_into_text() -> None:
    assert from_json(42) == text("42") and from_json({"x": 1}) == text("{'x': 1}")


# ----------------------------------------------------------------------------- engine refusals
def test_a_skud_refusal_names_the_ply_the_move_and_the_ruling() -> None:
    game = SkudGame.from_text("0H.R,R,W,B;0G.R,K,K,B")
    with pytest.raises(IllegalMove) as caught:
        game.apply(game.parse_action("R3(0,8)"))
    said = caught.value.message
    assert str(caught.value) == str(said)
    assert said.template == "ply {ply} ({prefix}): {move} is not legal: {reason}"
    assert said.args["ply"] == 3 and said.args["move"] == "R3(0,8)"
    reason = said.args["reason"]
    assert isinstance(reason, Message) and "(R7b)" in reason.template
    assert str(caught.value) == (
        "ply 3 (1G): R3(0,8) is not legal: the Guest opens by planting a basic flower in"
        " their own Gate (0,-8) (R7b)"
    )


def test_a_tile_and_a_player_are_terms_in_their_context() -> None:
    game = SkudGame.from_text("0H.R,R,W,B;0G.R,K,K,B;1G.R4(0,-8);1H.R4(0,8)")
    game.reserve[game.player][0] = 0  # the Guest (to move) has no Rose (R3) left
    said = explain.reason(game, game.parse_action("R3(8,0)"))
    assert said.template == "the {player} has no {tile} left in reserve (skud-turn)"
    assert said.args == {"player": term("player", "Guest"), "tile": term("tile", "Rose")}
    assert str(said) == "the Guest has no Rose left in reserve (skud-turn)"


def test_a_bad_link_names_the_move_and_carries_the_reason() -> None:
    payload, count = refused_skud_payload()
    with pytest.raises(InvalidLink) as caught:
        link.decode(payload)
    said = caught.value.message
    assert said.template == "move {number} is not legal: {reason}"
    assert said.args["number"] == count + 1
    assert str(caught.value).startswith(f"move {count + 1} is not legal: ")
    _, partial = link.decode_partial(payload)
    assert partial == said


def test_link_damage_is_a_template() -> None:
    with pytest.raises(InvalidLink) as caught:
        link.decode("#")
    assert caught.value.message == msg("the link is empty: there is no game after '#'")
