"""A demo step's alternatives ("if instead… then…"): the format, its bounds, its errors,
their replay from the position before the step, and demo links that carry them (old
links, written before alternatives existed, open as they did)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paisho_core import demolink
from paisho_core.demolink import DemoLinkError, decode, encode, fragment
from paisho_core.demos import (
    MAX_ALTERNATIVE_STEPS,
    MAX_ALTERNATIVE_TOTAL,
    MAX_ALTERNATIVES,
    DemoError,
    alternative_frames,
    frames,
    get_demo,
    parse_demo,
    replay,
)
from paisho_core.errors import PaiShoError


def base() -> dict[str, Any]:
    """A small Skud demo: a Rose moved into harmony, then a Guest's flower between."""
    return {
        "name": "skud-alt",
        "title": "Alternatives",
        "start": {
            "setup": {"tiles": {"(1,1)": "HR3", "(4,3)": "HR4", "(5,5)": "GR5"}, "to_move": "host"}
        },
        "caption": "Start.",
        "steps": [
            {"action": "(1,1)-(1,3)", "caption": "Harmony."},
            {"action": "+skip", "caption": "No bonus."},
            {
                "action": "(5,5)-(2,3)",
                "caption": "Blocked.",
                "alternatives": [
                    {
                        "caption": "If instead…",
                        "steps": [
                            {
                                "action": "(5,5)-(5,3)",
                                "caption": "Past it.",
                                "highlight": ["(5,3)"],
                            },
                            {"action": "(1,3)-(1,1)", "caption": "Moved away."},
                        ],
                    }
                ],
            },
        ],
    }


def message(error: PaiShoError) -> str:
    return str(error)


def test_an_alternative_is_parsed_with_its_steps() -> None:
    demo = parse_demo(base(), "skud")
    (alt,) = demo.steps[3].alternatives
    assert alt.caption == "If instead…"
    assert [s.action for s in alt.steps] == ["(5,5)-(5,3)", "(1,3)-(1,1)"]
    assert not alt.steps[0].alternatives and not demo.steps[1].alternatives


def test_an_alternative_is_played_from_the_position_before_its_step() -> None:
    demo = parse_demo(base(), "skud")
    main = frames(demo)
    alt = alternative_frames(demo, 3, 0)
    assert len(alt) == 3 and [f.index for f in alt] == [0, 1, 2]
    assert alt[0].caption == "If instead…" and alt[0].branch == (3, 0)
    assert alt[0].game.state_key() == main[2].game.state_key()
    assert alt[0].last_move == frozenset()
    assert {str(p) for p in alt[1].last_move} == {"(5,5)", "(5,3)"}
    after: list[Any] = [alt[1].game, main[3].game, alt[2].game]
    assert after[0].harmonies() and not after[1].harmonies() and not after[2].harmonies()
    assert replay(demo).alternatives.keys() == {(3, 0)}
    assert main[2].game.state_key() == frames(demo)[2].game.state_key()  # left as it was


def test_no_such_alternative_is_an_error() -> None:
    with pytest.raises(DemoError, match="step 2, alternative 1: there is no such"):
        alternative_frames(parse_demo(base(), "skud"), 2, 0)


@pytest.mark.parametrize(
    ("action", "refused", "found"),
    [
        ("(5,5)-(9,9)", [], "demo skud-alt, step 3, alternative 1, its step 1:"),
        ("(5,5)-(2,3)", [], None),
        ("(5,5)-(5,3)", ["(1,3)-(1,1)"], "its step 1: (1,3)-(1,1) is legal, but the demo shows"),
        ("(1,3)-(1,1)", [], "its step 1:"),
    ],
)
def test_each_alternative_step_is_checked_as_main_steps_are(
    action: str, refused: list[str], found: str | None
) -> None:
    data = base()
    step = data["steps"][2]["alternatives"][0]["steps"][0]
    step["action"], step["refused"] = action, refused
    data["steps"][2]["alternatives"][0]["steps"] = [step]
    demo = parse_demo(data, "skud")
    if found is None:
        frames(demo)
        return
    with pytest.raises(DemoError) as caught:
        frames(demo)
    assert found in message(caught.value)


@pytest.mark.parametrize(
    ("change", "found"),
    [
        (lambda d: d["steps"][2].update(alternatives=[]), "one or more objects"),
        (lambda d: d["steps"][2].update(alternatives={}), "one or more objects"),
        (lambda d: d["steps"][2].update(alternatives=["x"]), "must be an object"),
        (lambda d: d["steps"][2]["alternatives"][0].update(steps=[]), "one or more steps"),
        (lambda d: d["steps"][2]["alternatives"][0].pop("caption"), "'caption' must be"),
        (
            lambda d: d["steps"][2]["alternatives"][0]["steps"][0].pop("action"),
            "its step 1: 'action' must be",
        ),
        (
            lambda d: d["steps"][2]["alternatives"][0]["steps"][1].update(
                alternatives=[{"caption": "x", "steps": []}]
            ),
            "carries no alternatives",
        ),
        (
            lambda d: d["steps"][2].update(
                alternatives=d["steps"][2]["alternatives"] * (MAX_ALTERNATIVES + 1)
            ),
            f"alternatives (at most {MAX_ALTERNATIVES})",
        ),
        (
            lambda d: d["steps"][2]["alternatives"][0].update(
                steps=d["steps"][2]["alternatives"][0]["steps"][:1] * (MAX_ALTERNATIVE_STEPS + 1)
            ),
            f"steps (at most {MAX_ALTERNATIVE_STEPS})",
        ),
    ],
)
def test_malformed_alternatives_are_refused(change: Any, found: str) -> None:
    data = base()
    change(data)
    with pytest.raises(DemoError) as caught:
        parse_demo(data, "skud")
    assert found in message(caught.value)
    assert "demo skud-alt, step 3" in message(caught.value)


def _many(count: int) -> dict[str, Any]:
    """A demo whose alternatives have ``count`` steps in all (10 an alternative, 3 a
    step; parsed only)."""
    data = base()
    del data["steps"][2]["alternatives"]
    alt = {"caption": "x", "steps": [{"action": "(5,5)-(5,3)", "caption": "y"}] * 10}
    data["steps"] = [{"action": "+skip", "caption": "z", "alternatives": [alt] * 3}] * (
        count // 30
    ) + data["steps"]
    return data


def test_the_total_of_alternative_steps_is_bounded() -> None:
    assert MAX_ALTERNATIVE_TOTAL == 60
    parse_demo(_many(60), "skud")
    with pytest.raises(DemoError, match="60"):
        parse_demo(_many(90), "skud")
    link = {"variant": "skud", **_many(90)}
    with pytest.raises(DemoLinkError, match="alternatives have 90 steps in all"):
        demolink.check_shape(link)


@pytest.mark.parametrize(
    ("change", "found"),
    [
        (
            lambda d: d["steps"][2]["alternatives"][0].update(extra=1),
            "alternative 1 of step 3 has an unknown key 'extra'",
        ),
        (
            lambda d: d["steps"][2]["alternatives"][0]["steps"][0].update(alternatives=[]),
            "step 1 of alternative 1 of step 3 has an unknown key 'alternatives'",
        ),
        (
            lambda d: d["steps"][2]["alternatives"][0].update(caption="x" * 501),
            "the caption of alternative 1 of step 3 is too long",
        ),
        (
            lambda d: d["steps"][2]["alternatives"][0]["steps"][1].update(caption="x" * 501),
            "the caption of step 2 of alternative 1 of step 3 is too long",
        ),
        (
            lambda d: d["steps"][2]["alternatives"][0]["steps"][1].update(highlight=["(0,0)"] * 61),
            "61 highlight entries",
        ),
        (
            lambda d: d["steps"][2].update(alternatives=d["steps"][2]["alternatives"] * 4),
            "step 3 has 4 alternatives (at most 3)",
        ),
        (
            lambda d: d["steps"][2]["alternatives"][0].update(
                steps=d["steps"][2]["alternatives"][0]["steps"][:1] * 13
            ),
            "alternative 1 of step 3 has 13 steps (at most 12)",
        ),
        (lambda d: d.update(alternatives=[]), "the demo has an unknown key 'alternatives'"),
    ],
)
def test_a_demo_link_bounds_alternatives(change: Any, found: str) -> None:
    data = {"variant": "skud", **base()}
    change(data)
    with pytest.raises(DemoLinkError) as caught:
        encode(data)
    assert found in message(caught.value)


def test_an_illegal_alternative_in_a_link_names_it() -> None:
    data = {"variant": "skud", **base()}
    data["steps"][2]["alternatives"][0]["steps"][1]["action"] = "(1,3)-(9,9)"
    with pytest.raises(DemoLinkError, match="step 3, alternative 1, its step 2"):
        encode(data)


def test_a_link_with_alternatives_round_trips() -> None:
    data = {"variant": "skud", **base()}
    back = decode(fragment(data))
    assert back.data == data and list(back.data) == list(data)
    assert back.demo.steps[3].alternatives[0].steps[1].action == "(1,3)-(1,1)"


OLD_LINK = (
    "~1lVQ9b4NADP0rFktBhQx8LPyBtksH9gwHXBMU4CIOhFDFf6_tg0CADF0iznexn5_f8-_LG847EWEtE_"
    "s0EZdb6QlwWiJz1M5u1su_zeh9eiFFjrrwLkimtg51t-iWjWB0i3YI3cCcQjpFbkSnjyQiWS4GYS8c2s"
    "PCNLG_MgkHgnEks-wF96aNjuwkcLjbZw3ZSYhhHIeY5FIolORdFI0LadfSuAfIFc_yR2QSpMiuoDDc0N"
    "wFNKoH1UCmyq6qYZDtyXq1CLjz86FX-I2Hv4HzZJtvzM4QtrVFqeoLi5EAsMoQ4hVnAqkkV9Txo6Vh1i"
    "0b0KavEp3mnOCrJQnXsndBq-VJJQZoxY1ImYSC5qo7fdRasGptdFctvetbcT_eAbnMCIDmiilnBrqc4a"
    "KYBk30mnv06r8qs6g829-SSSXM-jGWF7PTJ8aoXBVzUbMIagVEM77Y0P-ga0aMLOLGkXuYvoF3Hv8AC9"
    "G0"
)
"""skud-harmony's link as the encoder wrote it before a step could carry alternatives."""
OLD_DATA: dict[str, Any] = {
    "variant": "skud",
    "name": "skud-harmony",
    "title": "Harmony, and what blocks it",
    "rules": ["skud-harmony", "skud-r2", "reading-gates"],
    "start": {
        "setup": {
            "tiles": {"(1,1)": "HR3", "(4,3)": "HR4", "(5,5)": "GR5"},
            "to_move": "host",
            "reserves": {"host": {"R3": 2}, "guest": {"R3": 3}},
        }
    },
    "caption": "The Host's Rose (R3) and Chrysanthemum (R4) are a harmonious pair, but they "
    "do not face each other on a row or column yet.",
    "highlight": ["(1,1)", "(4,3)"],
    "steps": [
        {
            "action": "(1,1)-(1,3)",
            "caption": "Now they face each other along the row with nothing between: a "
            "harmony of the Host (the line). It is new, so the Host may take a "
            "Harmony Bonus.",
            "highlight": ["(1,3)", "(4,3)"],
        },
        {
            "action": "+skip",
            "caption": "The Host declines the bonus. The harmony stays on the board.",
            "highlight": ["(1,3)", "(4,3)"],
        },
        {
            "action": "(5,5)-(2,3)",
            "caption": "The Guest moves a flower between them: the tiles no longer face "
            "each other, so the harmony is gone.",
            "highlight": ["(2,3)"],
        },
    ],
}


def test_a_link_made_before_alternatives_decodes_identically() -> None:
    back = decode(OLD_LINK)
    assert back.data == OLD_DATA and list(back.data) == list(OLD_DATA)
    assert encode(OLD_DATA) == OLD_LINK  # the same demo still writes the same link
    assert not any(step.alternatives for step in back.demo.steps)
    assert len(frames(back.demo)) == 4


def test_the_shipped_alternatives_replay() -> None:
    harmony = replay(get_demo("skud-harmony"))
    assert set(harmony.alternatives) == {(3, 0)}
    assert len(replay(get_demo("skud-rock")).alternatives[(2, 0)]) == 2
    data = {"variant": "skud", **json.loads(json.dumps(OLD_DATA))}
    data["steps"][2]["alternatives"] = [
        {"caption": "x", "steps": [{"action": "(5,5)-(5,3)", "caption": "y"}]}
    ]
    assert decode(fragment(data)).data == data


TEXT = st.text(
    st.characters(exclude_categories=["Cs"], exclude_characters="\0"), min_size=1, max_size=80
).filter(str.strip)
MOVES = ["(5,5)-(5,3)", "(5,5)-(5,4)", "(5,5)-(4,5)"]


@settings(max_examples=40, deadline=None)
@given(
    captions=st.lists(TEXT, min_size=4, max_size=4),
    moves=st.lists(st.sampled_from(MOVES), min_size=1, max_size=MAX_ALTERNATIVES),
    second=st.booleans(),
)
def test_generated_alternatives_round_trip(
    captions: list[str], moves: list[str], second: bool
) -> None:
    data = {"variant": "skud", **base()}
    alternatives = []
    for move in moves:
        steps: list[dict[str, Any]] = [{"action": move, "caption": captions[1]}]
        if second:
            steps.append(
                {
                    "action": "+skip" if move == "(5,5)-(4,5)" else "(1,3)-(1,1)",
                    "caption": captions[2],
                    "highlight": ["(1,1)"],
                }
            )
        alternatives.append({"caption": captions[0], "steps": steps})
    data["steps"][2]["alternatives"] = alternatives
    data["steps"][2]["caption"] = captions[3]
    try:
        back = decode(fragment(data))
    except DemoLinkError as error:  # a generated second move the engine refuses
        assert "alternative" in message(error)
        return
    assert back.data == data
    assert len(back.demo.steps[3].alternatives) == len(moves)


def test_an_alternatives_marks_fit_the_link_depth() -> None:
    data = {"variant": "skud", **base()}
    data["steps"][2]["alternatives"][0]["steps"][1]["highlight"] = ["(1,1)"]
    assert decode(fragment(data)).data == data
    assert demolink.MAX_DEPTH == 8  # demo, steps, step, alternatives, one, steps, step, marks
