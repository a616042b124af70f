"""Hostile set-up and demo links: every start is checked by the Studio's checker before a
game is built from it, every JSON from a link is read by the bounded reader, and every
refusal is a typed error in plain words (``paisho_core.starts``, ``setup_check``,
``boundedjson``, ``demolink``; the CLI refuses what they refuse, with the same words)."""

from __future__ import annotations

import json
from random import Random

import pytest
from hostile_links import demo_payload, setup_payload
from hypothesis import given, settings
from hypothesis import strategies as st

from paisho_core import demolink, link, setups, starts
from paisho_core.cli import main
from paisho_core.demos import frames, get_demo
from paisho_core.errors import InvalidLink, PaiShoError
from paisho_core.registry import get_variant, setup_rules


def _text(start: object) -> str:
    return json.dumps(start, separators=(",", ":"))


def _refusal(payload: str) -> str:
    with pytest.raises(InvalidLink) as info:
        link.decode(payload)
    return str(info.value)


def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def _assert_plain(words: str) -> None:
    """No Python internals in a message (the findings quoted ``tuple.index(x)``)."""
    for internal in ("Error", "tuple.", "Traceback", "NoneType", "object has no", "index("):
        assert internal not in words, words


# ----------------------------------------------------------------------------- finding 1
def test_a_short_ancient_link_with_its_seat_out_of_range_is_refused_by_engine_and_cli(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """ancient-r1: seats P1 to P{n}; the Studio's own sentence, before any game is built."""
    start = {"setup": {"board": {}, "hands": ["Ja Ro", "Li"], "seat": 7}}
    payload = setup_payload("ancient", _text(start), players=2)
    assert len("#" + payload) <= 80
    words = _refusal(payload)
    assert words == (
        "the link's game cannot be set up: the seat to move must be P1 to P2, not P8"
    )
    assert link.decode_partial(payload)[0] is None
    status, out, err = _cli(capsys, "link", "decode", "#" + payload)
    assert (status, out, err) == (2, "", f"error: {words}\n")


@pytest.mark.parametrize("seat", [-1, 2, 10**30])
def test_an_ancient_start_with_a_seat_out_of_range_is_a_bad_start(seat: int) -> None:
    text = _text({"setup": {"board": {}, "hands": ["Ja", "Ro"], "seat": seat}})
    with pytest.raises(starts.BadStart, match="the seat to move must be P1 to P2"):
        starts.build("ancient", text)


# ----------------------------------------------------------------------------- finding 2
def test_deeply_nested_demo_links_are_refused_before_parsing() -> None:
    payload = demo_payload('{"variant":' + "[" * 5000 + "]" * 5000 + "}")
    assert len("#demo=" + payload) <= 113
    with pytest.raises(demolink.DemoLinkError) as info:
        demolink.decode("#demo=" + payload)
    assert str(info.value) == (
        "the demo link does not hold a demo: it is nested too deeply (5001 levels, at most 8)"
    )


def test_a_deeply_nested_set_up_link_is_refused_before_parsing() -> None:
    payload = setup_payload("skud", "[" * 4000)
    assert len("#" + payload) <= 60
    assert "nested too deeply (4000 levels, at most 8)" in _refusal(payload)


def test_a_demo_link_naming_a_key_twice_is_refused() -> None:
    payload = demo_payload('{"variant":"skud","variant":"wiki"}')
    with pytest.raises(demolink.DemoLinkError, match="names the key 'variant' twice"):
        demolink.decode(payload)


# ----------------------------------------------------------------------------- finding 3
def _ring_start(demo: str) -> str:
    """The start text of the last position of ``demo`` (a Harmony Ring made), written
    without the checker (as a hostile link would)."""
    game = frames(get_demo(demo))[-1].game
    rules = setup_rules(game.info.name)
    return _text(rules.start_json(setups.of_game(game)))  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("variant", "start", "words"),
    [
        pytest.param(
            "skud", {"setup": {"tiles": {}, "reserves": {"host": {"L": 11}}}},
            "0 Host White Lotus (L) on the board and 11 in the reserve: at most 1 in all"
            " (skud-tiles)",
            id="skud-11-white-lotuses",
        ),
        pytest.param(
            "wiki", {"setup": {"tiles": {}, "reserves": {"guest": {"L": 11}}}},
            "(wiki-tiles)", id="wiki-11-white-lotuses",
        ),
        pytest.param(
            "balance", {"bag": "L" * 50},
            "50 White Lotus (L) on the board and in the bag: the bag holds 2 (balance-r1)",
            id="balance-50-white-lotuses",
        ),
        pytest.param(
            "ancient", {"setup": {"board": {}, "hands": ["Ja", "Ro"], "seat": -1}},
            "the seat to move must be P1 to P2, not P0", id="ancient-seat-minus-one",
        ),
        pytest.param(
            "ancient", {"setup": {"board": {}, "hands": ["Ja " * 30, "Ro"]}},
            "(ancient-r2)", id="ancient-30-jasmines",
        ),
    ],
)
def test_impossible_positions_are_refused_by_every_reader(
    variant: str, start: dict[str, object], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """One checker: a link, a start text (saves) and the CLI say what the Studio says."""
    text = _text(start)
    setup = setups.from_start(variant, start)
    problems = [str(m) for m in setups.check(setup)]
    assert any(words in p for p in problems), problems
    with pytest.raises(starts.BadStart) as info:
        starts.build(variant, text)
    assert str(info.value) == "; ".join(problems)
    players = 2 if variant == "ancient" else None
    refusal = _refusal(setup_payload(variant, text, players=players))
    assert refusal == f"the link's game cannot be set up: {'; '.join(problems)}"
    status, _, err = _cli(capsys, "link", "decode", setup_payload(variant, text, players=players))
    assert (status, err) == (2, f"error: {refusal}\n")


@pytest.mark.parametrize(("demo", "rule"), [("skud-harmony-ring", "skud-r8"),
                                             ("wiki-ring", "wiki-r10")])
def test_a_position_with_a_harmony_ring_already_made_is_refused_not_played_on(
    demo: str, rule: str
) -> None:
    """A set-up is a position to play on from: one whose game is already over opens as
    nothing (the whole game opens from its own link, which carries its moves)."""
    variant = demo.split("-")[0]
    text = _ring_start(demo)
    with pytest.raises(starts.BadStart, match=rf"already has a Harmony Ring .*\({rule}\)"):
        starts.build(variant, text)
    assert f"({rule})" in _refusal(setup_payload(variant, text))
    finished = frames(get_demo(demo))[-1].game
    assert link.decode(link.encode(finished)).game.outcome() == finished.outcome()


# ----------------------------------------------------------------------------- finding 4
@pytest.mark.parametrize(
    ("variant", "start", "words"),
    [
        ("skud", {"setup": {"tiles": ["(0,3)", "HR3"]}}, "'tiles' must be an object"),
        ("skud", {"setup": {"tiles": {}, "to_move": "nobody"}},
         "'to_move' must be one of host, guest, not 'nobody'"),
        ("skud", {"setup": {"tiles": {"(0,3)": 3}}}, "must map each point to a tile's text"),
        ("skud", {"setup": {"tiles": {"(0,3)": "X"}}}, "its owner's letter (H or G)"),
        ("skud", {"setup": {"tiles": {}, "reserves": {"host": []}}}, "'host' must be an object"),
        ("skud", {"setup": {"tiles": {}, "reserves": {"host": {"L": True}}}}, "a whole number"),
        ("skud", {"setup": {"tiles": {}, "reserves": {"nobody": {}}}}, "'reserves' must be one"),
        ("skud", {"setup": []}, "must be an object of fields"),
        ("wiki", {"setup": {"tiles": {}, "unmoved": ["(0,3)"]}}, "no tile stands there"),
        ("wiki", {"setup": {"tiles": {}, "unmoved": "(0,3)"}}, "'unmoved' must be a list"),
        ("wiki", {"setup": {"tiles": {}, "turns": 2}}, "unknown field 'turns'"),
        ("ancient", {"setup": {"board": [], "hands": []}}, "'board' must be an object"),
        ("ancient", {"setup": {"board": {}, "hands": "Ja Ro"}}, "'hands' must be a list"),
        ("ancient", {"setup": {"board": {}, "hands": ["Ja"] * 9}}, "for 2 to 4 players, not 9"),
        ("ancient", {"setup": {"board": {}, "hands": ["Ja", "Ro"], "seat": "1"}},
         "'seat' must be a whole number"),
        ("ancient", {"setup": {"board": {}, "hands": ["Ja", "Ro"], "pile": 3}},
         "'pile' must be a text"),
        ("ancient", {"bag": "DKS"}, "no bag to fix"),
        ("balance", {"bag": ["D"]}, "'bag' must be a text"),
        ("balance", {"setup": {}}, "no set-up positions"),
    ],
)
def test_a_start_of_the_wrong_shape_is_named_in_plain_words(
    variant: str, start: dict[str, object], words: str
) -> None:
    with pytest.raises(starts.BadStart) as info:
        starts.build(variant, _text(start))
    assert words in str(info.value)
    _assert_plain(str(info.value))


@pytest.mark.parametrize(
    "start",
    [
        {"setup": {"tiles": {"(0,3)": "H" + "Q" * 300}}},
        {"setup": {"tiles": {"Q" * 300: "HR3"}}},
        {"setup": {"tiles": {}, "to_move": "Q" * 300}},
        {"setup": {"tiles": {}, "Q" * 300: 1}},
    ],
)
def test_messages_quote_a_short_excerpt_of_a_long_input(start: dict[str, object]) -> None:
    with pytest.raises(starts.BadStart) as info:
        starts.build("skud", _text(start))
    words = str(info.value)
    assert "Q" * 40 not in words and "Q" * 39 + "…" in words, words


def test_a_studio_position_reads_back_from_its_start_and_builds_the_same_game() -> None:
    for variant in ("skud", "wiki", "balance", "ancient"):
        setup = setups.standard(variant, seed=3)
        game = setups.build(setup)
        again = starts.build(variant, starts.of(game), game.options)
        assert again.state_key() == game.state_key()
        assert starts.of(again) == starts.of(game)


def test_a_refusal_is_a_paisho_error_with_a_message() -> None:
    error = starts.BadStart("x")
    assert isinstance(error, PaiShoError) and isinstance(error, ValueError)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["skud", "wiki", "ancient", "balance"]), st.integers(0, 40),
       st.integers(0, 2**16))
def test_every_playable_studio_position_reads_back_from_its_start(
    variant: str, plies: int, seed: int
) -> None:
    """The field readers are the exact inverse of what a Studio position writes: any
    position of a game, set up, reads back as the same set-up and builds the same game."""
    cls = get_variant(variant)
    game = cls((), seed) if cls.info.uses_seed else cls()
    rng = Random(seed)
    for _ in range(plies):
        actions = game.legal_actions()
        if not actions or game.outcome() is not None:
            break
        game.apply(rng.choice(actions))
    setup = setups.of_game(game)
    if setups.check(setup):
        return
    built = setups.build(setup)
    start = setup_rules(variant).demo_start(setup)["start"]
    again = setups.from_start(variant, start, built.options)
    assert setups.check(again) == []
    rebuilt = starts.replay(variant, starts.of(built), built.to_text(), built.options)
    assert rebuilt.state_key() == built.state_key()
    assert starts.of(rebuilt) == starts.of(built)
