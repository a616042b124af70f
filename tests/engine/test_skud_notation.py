"""Skud notation: format → parse → format is the identity; bad text raises typed errors."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paisho_core import IllegalMove, InvalidMove
from paisho_core.board import GATES, POINTS, Point
from paisho_core.skud import (
    ACCENTS,
    ARRANGE,
    BOAT_MOVE,
    BONUS_PLANT,
    PLACE_ACCENT,
    PLANT,
    SKIP,
    SkudAction,
    SkudGame,
    format_action,
    parse_action,
)
from paisho_core.skud.actions import pack_accents
from paisho_core.skud.tiles import BASIC_KINDS, BOAT, KNOTWEED, LOTUS, ORCHID, ROCK, WHEEL

points = st.sampled_from(POINTS)
gates = st.sampled_from(GATES)
accent_counts = st.tuples(*[st.integers(0, 4)] * 4).filter(lambda c: 0 < sum(c) <= 16)

actions = st.one_of(
    st.builds(lambda c: SkudAction(ACCENTS, pack_accents(c)), accent_counts),
    st.builds(lambda k, g: SkudAction(PLANT, k, -1, g), st.sampled_from(BASIC_KINDS), gates),
    st.builds(lambda a, b: SkudAction(ARRANGE, -1, a, b), points, points),
    st.builds(
        lambda k, g: SkudAction(BONUS_PLANT, k, -1, g),
        st.sampled_from((*BASIC_KINDS, LOTUS, ORCHID)),
        gates,
    ),
    st.builds(
        lambda k, p: SkudAction(PLACE_ACCENT, k, -1, p),
        st.sampled_from((ROCK, WHEEL, KNOTWEED)),
        points,
    ),
    st.builds(lambda a, b: SkudAction(BOAT_MOVE, BOAT, a, b), points, points),
    st.builds(lambda a: SkudAction(BOAT_MOVE, BOAT, a, -1), points),
    st.just(SkudAction(SKIP)),
)


@given(actions)
def test_action_text_round_trip(action: SkudAction) -> None:
    text = format_action(action)
    assert parse_action(text) == action
    assert format_action(parse_action(text)) == text


@given(st.text(max_size=40))
def test_malformed_action_text_raises_only_invalid_move(text: str) -> None:
    try:
        action = parse_action(text)
    except InvalidMove as error:
        assert str(error)
    else:
        assert parse_action(format_action(action)) == action


@given(st.text(alphabet="0123456789HG.;,()-+_RWKBLO ", max_size=80))
def test_malformed_game_text_raises_only_typed_errors(text: str) -> None:
    try:
        game = SkudGame.from_text(text)
    except (InvalidMove, IllegalMove) as error:
        assert str(error)
    else:
        assert SkudGame.from_text(game.to_text()).state_key() == game.state_key()


def random_game(seed: int, length: int) -> SkudGame:
    """A game of seeded random legal actions, ``length`` long (or shorter if it ended)."""
    rng = random.Random(seed)
    game = SkudGame()
    while game.to_move is not None and len(game.history) < length:
        game.apply(rng.choice(game.legal_actions()))
    return game


def mutated_text(game: SkudGame, data: st.DataObject) -> str:
    """The game's notation with one character replaced by a drawn notation character."""
    text = list(game.to_text())
    position = data.draw(st.integers(0, len(text) - 1))
    text[position] = data.draw(st.sampled_from("0123456789-,;()+HG.x"))
    return "".join(text)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 120))
def test_random_game_text_round_trip(seed: int, length: int) -> None:
    game = random_game(seed, length)
    text = game.to_text()
    again = SkudGame.from_text(text)
    assert again.to_text() == text
    assert again.state_key() == game.state_key()
    assert again.history == game.history


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.integers(5, 60), st.data())
def test_mutated_game_text_raises_only_typed_errors(
    seed: int, length: int, data: st.DataObject
) -> None:
    try:
        SkudGame.from_text(mutated_text(random_game(seed, length), data))
    except (InvalidMove, IllegalMove) as error:
        assert "ply" in str(error) or "'" in str(error)


def test_underscore_is_accepted_for_plus() -> None:
    assert parse_action("_R(1,2)") == parse_action("+R(1,2)")
    expected = SkudAction(ARRANGE, -1, Point(0, -8).index, Point(0, -5).index)
    assert parse_action("(0,-8)-(0,-5)") == expected


def test_a_ply_is_a_whole_turn_and_a_bare_plus_leaves_the_bonus_pending() -> None:
    """A move without a bonus part took no bonus (rules.html#reading-notation)."""
    from skud_helpers import reference_games

    record = next(g for g in reference_games() if g["id"] == "g002")
    plies = record["notation"].split(";")[:36]
    base = plies[-1].split("+")[0]
    skipped = SkudGame.from_text(";".join([*plies[:-1], base]))
    assert not skipped.bonus_pending and skipped.to_move == 1  # 17H moved: the Guest's turn
    assert skipped.to_text().endswith(base + "+skip")
    assert SkudGame.from_text(skipped.to_text()).state_key() == skipped.state_key()
    pending = SkudGame.from_text(";".join([*plies[:-1], base + "+"]))
    assert pending.bonus_pending and pending.to_move == 0
    assert pending.to_text().endswith(base + "+")
    again = SkudGame.from_text(pending.to_text())
    assert again.bonus_pending and again.state_key() == pending.state_key()
    pending.apply(SkudAction(SKIP))
    assert pending.state_key() == skipped.state_key()


def test_lenient_reading_sets_aside_what_the_reference_site_ignores() -> None:
    """A bonus after a move that earned none, or after the ring (rules.html#reading-ring)."""
    from skud_helpers import LENIENT_NOTES, lenient_record, reference_plies

    text = lenient_record()
    game, notes = SkudGame.from_text_lenient(text)
    assert notes == LENIENT_NOTES
    plain = SkudGame.from_text(";".join(reference_plies("g032")))
    assert game.state_key() == plain.state_key() and game.history == plain.history
    outcome = game.outcome()
    assert outcome is not None and outcome.reason == "harmony-ring" and outcome.winners == (0,)
    # strict reading (the default) refuses both, naming the ply
    with pytest.raises(IllegalMove, match=r"^ply 36 \(17H\): '\+W3\(8,0\)' — no Harmony Bonus"):
        SkudGame.from_text(text)
    ring_only = ";".join([*reference_plies("g032")[:-1], "18H.(-6,-1)-(-6,-3)+L(8,0)"])
    with pytest.raises(IllegalMove, match=r"^ply 38 \(18H\): .*Harmony Ring.*\(R8\)"):
        SkudGame.from_text(ring_only)


def test_lenient_reading_still_refuses_malformed_and_illegal_plies() -> None:
    from skud_helpers import reference_plies

    plies = reference_plies("g032")
    with pytest.raises(InvalidMove, match=r"^ply 36 \(17H\): not a Harmony Bonus"):
        SkudGame.from_text_lenient(";".join([*plies[:35], "17H.(4,0)-(4,-3)+Z9(1,1)"]))
    with pytest.raises(IllegalMove, match=r"^ply 36"):
        SkudGame.from_text_lenient(";".join([*plies[:35], "17H.(4,0)-(4,4)"]))


def test_a_malformed_or_off_board_ply_names_its_ply() -> None:
    start = "0H.R,W,K,B;0G.R,W,K,B;1G.R3(0,-8);1H.R3(0,8);"
    with pytest.raises(InvalidMove, match=r"^ply 5 \(2G\): '\(0,0\)-\(8,8\)': point \(8,8\) is"):
        SkudGame.from_text(start + "2G.(0,0)-(8,8)")
    with pytest.raises(InvalidMove, match=r"^ply 5 \(2G\): not a Skud action: 'Q'"):
        SkudGame.from_text(start + "2G.Q")


@pytest.mark.parametrize(
    "text",
    [
        "0H." + "x" * 120_000,
        "0H.R,W,K,B;0G.R,W,K,B;1G.R3(0,-8);1H.R3(0,8);2G.(0,-8)-" + "(" * 100_000,
        "0H.R,W,K,B;0G.R,W,K,B;1G.R3(0,-8);1H.R3(0,8);2G.(0,-8)-(0,-5)+" + "R" * 100_000,
        "0H.R,W,K,B;" + "0G" * 60_000,
        " " * 10 + "y" * 100_000 + ";0H.R,W,K,B",
    ],
)
def test_errors_quote_at_most_80_characters_of_the_input(text: str) -> None:
    with pytest.raises((InvalidMove, IllegalMove)) as caught:
        SkudGame.from_text(text)
    message = str(caught.value)
    assert len(message) < 250, message
    assert "…" in message


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.integers(5, 60), st.data())
def test_lenient_reading_of_mutated_text_raises_only_typed_errors(
    seed: int, length: int, data: st.DataObject
) -> None:
    """Lenient reading refuses what strict reading refuses, except set-aside bonuses."""
    mutated = mutated_text(random_game(seed, length), data)
    try:
        lenient, notes = SkudGame.from_text_lenient(mutated)
    except (InvalidMove, IllegalMove) as error:
        assert str(error).startswith("ply ")
        return
    if not notes:
        assert SkudGame.from_text(mutated).state_key() == lenient.state_key()
    for note in notes:
        assert note.startswith("ply ") and ("ignored" in note or "not played" in note)
