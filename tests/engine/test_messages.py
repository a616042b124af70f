"""Engine messages (paisho_core/messages.py): English text, nesting, JSON round trip."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from paisho_core.errors import IllegalMove, InvalidLink
from paisho_core.messages import Message, from_json, msg, term, text


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


_names = st.sampled_from(["ply", "move", "reason", "tile", "who"])
_leaf = st.one_of(
    st.builds(text, st.text(max_size=12)),
    st.builds(term, st.sampled_from(["tile", "player"]), st.text(max_size=8)),
)
messages = st.recursive(
    _leaf,
    lambda inner: st.builds(
        lambda template, params: Message(template, tuple(params.items())),
        st.text(max_size=20),
        st.dictionaries(_names, st.one_of(st.integers(), st.text(max_size=6), inner),
                        max_size=3),
    ),
    max_leaves=6,
)


@given(messages)
def test_json_round_trip(message: Message) -> None:
    assert from_json(message.to_json()) == message


def test_from_json_turns_anything_else_into_text() -> None:
    assert from_json(42) == text("42") and from_json({"x": 1}) == text("{'x': 1}")
