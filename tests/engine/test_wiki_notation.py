"""Wiki notation (``rules.html#wiki-notation``): round-trips and errors, with Hypothesis."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paisho_core import InvalidMove
from paisho_core.board import POINTS
from paisho_core.wiki import (
    CARRY,
    ENTER,
    MOVE,
    PASS,
    PUSH,
    RESIGN,
    TURN,
    WikiAction,
    WikiGame,
    format_action,
    parse_action,
)
from paisho_core.wiki.actions import carried_order

points = st.sampled_from(POINTS)
actions = st.one_of(
    st.builds(lambda k, p: WikiAction(ENTER, k, -1, p), st.integers(0, 11), points),
    st.builds(lambda a, b: WikiAction(MOVE, -1, a, b), points, points),
    st.builds(lambda a, b: WikiAction(PUSH, -1, a, b), points, points),
    st.builds(
        lambda a, b, c: WikiAction(CARRY, -1, a, b, carried_order(c)),
        points,
        points,
        st.lists(points, min_size=1, max_size=3, unique=True),
    ),
    st.builds(lambda a, s: WikiAction(TURN, s, a), points, st.integers(0, 1)),
    st.just(WikiAction(PASS)),
    st.just(WikiAction(RESIGN)),
)


@given(actions)
def test_wiki_notation_parse_inverts_format(action: WikiAction) -> None:
    text = format_action(action)
    assert parse_action(text) == action
    assert format_action(parse_action(text)) == text


@given(st.text(max_size=40))
def test_wiki_notation_rejects_junk_with_invalid_move_only(text: str) -> None:
    try:
        action = parse_action(text)
    except InvalidMove as error:
        assert repr(text.strip()) in str(error) or repr(text) in str(error)
    else:
        assert parse_action(format_action(action)) == action


def test_wiki_notation_examples_of_the_issue() -> None:
    text = "Ja(0,-8)"
    action = parse_action(text)
    assert action.kind == ENTER and str(action.target) == "(0,-8)"
    for sample in ("(0,-8)-(0,-5)", "(1,1)>(1,2)", "(1,1)=(1,4)[(2,2),(0,1)]", "(2,-3)@cw",
                   "(2,-3)@ccw", "pass", "resign", "WJ(0,0)", "L(3,-3)", "D(-2,4)"):
        assert format_action(parse_action(sample)) == sample


def test_wiki_notation_carry_lists_points_in_board_order() -> None:
    action = parse_action("(1,1)=(1,4)[(2,2),(0,1)]")
    assert format_action(action) == "(1,1)=(1,4)[(2,2),(0,1)]"
    assert format_action(parse_action("(1,1)=(1,4)[(0,1),(2,2)]")) == format_action(action)
    with pytest.raises(InvalidMove, match="carried"):
        parse_action("(1,1)=(1,4)[]")
    with pytest.raises(InvalidMove, match="carried"):
        parse_action("(1,1)=(1,4)[(0,1),(0,1)]")


@settings(deadline=None)  # a whole random game: time varies with the machine's load
@given(st.integers(0, 10_000))
def test_wiki_game_text_round_trip(seed: int) -> None:
    import random

    rng = random.Random(seed)
    game = WikiGame()
    for _ in range(rng.randrange(0, 12)):
        game.apply(rng.choice(game.legal_actions()))
    again = WikiGame.from_text(game.to_text())
    assert again.to_text() == game.to_text() and again.state_key() == game.state_key()


def test_wiki_rules_page_anchors_every_ruling_and_the_notation() -> None:
    from pathlib import Path

    page = (Path(__file__).resolve().parents[2] / "site" / "rules.html").read_text(encoding="utf-8")
    for anchor in [f"wiki-r{n}" for n in range(1, 13)] + ["wiki", "wiki-notation"]:
        assert f'id="{anchor}"' in page, anchor
    for example in ("Ja(0,-8)", "(0,-8)-(0,-5)", "(x,y)&gt;(x2,y2)", "(x,y)@cw", "pass"):
        assert example in page, example
