"""How a game ended, in words (paisho_core/end_reasons.py), and the set-up problems and
demo errors as messages (issue #24): English text unchanged for the CLI and the tests,
templates and parameters for the page to translate."""

from __future__ import annotations

import importlib
import json
import re
from dataclasses import replace
from enum import StrEnum
from pathlib import Path

import pytest

from paisho_core import demolink, link, registry
from paisho_core import setups as S
from paisho_core.board import Point
from paisho_core.demolink import DemoLinkError
from paisho_core.demos import DemoError, UnknownDemo, frames, get_demo, parse_demo
from paisho_core.end_reasons import known_reasons, reason_message
from paisho_core.errors import IllegalMove
from paisho_core.messages import Message, msg
from paisho_core.protocol import Reason
from paisho_core.registry import get_variant

ENGINE = Path(__file__).resolve().parents[2] / "paisho_core"
_MADE = re.compile(r'Outcome\((?:\([^)]*\)|[^,()"])*,\s*"([a-z-]+)"|_outcome\("([a-z-]+)"')


def _templates(message: Message) -> set[str]:
    """Every template of ``message`` and of the messages nested in it."""
    out = {message.template}
    for _name, value in message.params:
        if isinstance(value, Message):
            out |= _templates(value)
    return out


def _end_enums() -> list[type[StrEnum]]:
    """:class:`Reason` and every registered variant's own reasons (its spec module's
    ``StrEnum``)."""
    found: list[type[StrEnum]] = [Reason]
    for module_name in registry.VARIANTS:
        module = importlib.import_module(module_name)
        found += [value for value in vars(module).values() if isinstance(value, type)
                  and issubclass(value, StrEnum) and value is not StrEnum]
    return found


def test_every_reason_a_variant_gives_has_words() -> None:
    """A variant's reasons are a closed vocabulary: each ``Outcome`` names an enum member
    (never a bare string), and every member has words."""
    made = {a or b for path in ENGINE.rglob("*.py")
            for a, b in _MADE.findall(path.read_text(encoding="utf-8"))}
    assert made == set(), sorted(made)  # no reason spelled as a bare string
    members = {str(member) for enum in _end_enums() for member in enum}
    assert {"exact-target", "two-passes", "resign"} <= members  # the scan finds them
    assert members <= known_reasons(), sorted(members - known_reasons())


def test_reasons_are_their_ids_on_the_wire() -> None:
    """An enum reason is its id wherever it goes: compared, in JSON, in text."""
    game = get_variant("skud")()
    game.resign()
    reason = game.outcome().reason  # type: ignore[union-attr]
    assert reason is Reason.RESIGN and reason == "resign"
    assert json.dumps({"reason": reason}) == '{"reason": "resign"}'
    assert f"{reason}" == "resign" and str(reason) == "resign"


def test_reason_words_are_messages_and_ids_stay() -> None:
    assert str(reason_message("harmony-ring")) == "a Harmony Ring"
    assert reason_message("exact-target") == msg("the target reached exactly")
    assert str(reason_message("some-new-end")) == "some new end"  # not translated
    assert reason_message("some-new-end").literal


def test_a_move_after_the_end_names_the_reason_in_words() -> None:
    game = get_variant("balance").with_bag("D")  # type: ignore[attr-defined]
    game.play("(0,1)")
    end = game.outcome()
    assert end is not None and end.reason == "bag-empty"  # the id code compares
    said = link._over(2, end)
    assert str(said) == "move 2 is not legal: the game was already over (an empty bag) after move 1"
    assert said.args["reason"] == msg("an empty bag")
    with pytest.raises(IllegalMove) as caught:
        game.apply(game.legal_actions()[0] if game.legal_actions() else game.parse_action("(0,2)"))
    assert "after the end of the game (an empty bag)" in str(caught.value)


# ----------------------------------------------------------------------------- set-ups
def _skud(*placed: tuple[str, str, int]) -> S.Setup:
    setup = S.empty("skud")
    for point, code, owner in placed:
        setup = S.put(setup, Point.parse(point), code, owner)
    return setup


def test_a_set_up_problem_is_a_template_with_terms() -> None:
    roses = _skud(("(1,4)", "R3", 1), ("(1,3)", "R3", 1), ("(1,2)", "R3", 1), ("(1,1)", "R3", 1))
    (problem,) = [p for p in S.check(roses) if "on the board" in str(p)]
    assert str(problem) == "4 Guest Rose (R3) on the board: at most 3 (skud-tiles)"
    assert problem.template == "{count} {tile} on the board: at most {limit} ({rule})"
    label = problem.args["tile"]
    assert isinstance(label, Message) and label.template == "{player} {tile} ({code})"
    assert label.args["player"] == Message("Guest", (), "player")
    assert label.args["tile"] == Message("Rose", (), "tile")
    assert (problem.args["count"], problem.args["limit"], problem.args["rule"]) == (
        4, 3, "skud-tiles")


def test_build_refuses_with_every_problem_joined() -> None:
    bad = replace(S.empty("skud"), seats=3, to_move=2)
    problems = S.check(bad)
    assert len(problems) == 2
    with pytest.raises(S.SetupError) as caught:
        S.build(bad)
    assert str(caught.value) == "; ".join(map(str, problems))
    assert _templates(caught.value.message) >= {
        "{variant} is for 2 players, not {seats} ({rule})",
        "the player to move must be the Host or the Guest, not seat {seat} ({rule})",
    }


def test_an_article_for_a_vowel() -> None:
    setup = S.put(S.empty("balance"), Point(0, 1), "A")  # a second Avatar, off the centre
    said = [str(p) for p in S.check(setup)]
    assert any(p.startswith("an Avatar cannot stand at (0,1): ") for p in said), said


def test_a_finished_position_names_how_it_ended() -> None:
    ring = [("(0,1)", "B"), ("(1,0)", "B"), ("(0,-1)", "B"), ("(-1,0)", "B"),
            ("(1,1)", "S"), ("(1,-1)", "S"), ("(-1,-1)", "S"), ("(-1,1)", "S")]
    setup = S.empty("balance")
    for point, code in ring:
        setup = S.put(setup, Point.parse(point), code)
    (problem,) = S.check(S.set_pile(setup, "D"))
    assert problem.args["reason"] == reason_message("failure")


# ----------------------------------------------------------------------------- demos
def test_a_demo_step_error_names_demo_and_step_around_the_engine_message() -> None:
    demo = get_demo("skud-wheel")
    broken = replace(demo, steps=(*demo.steps[:1], replace(demo.steps[1], action="(9,9)-(9,8)")))
    with pytest.raises(DemoError) as caught:
        frames(broken)
    message = caught.value.message
    assert message.template == "{where}: {reason}"
    assert message.args["where"] == msg("demo {name}, step {step}", name="skud-wheel", step=1)
    assert str(caught.value).startswith("demo skud-wheel, step 1: ")


def test_demo_parse_errors_keep_their_english() -> None:
    with pytest.raises(DemoError, match=r"^demo skud-x, step 1: 'caption' must be a non-empty"):
        parse_demo({"name": "skud-x", "title": "T", "caption": "c",
                    "steps": [{"action": "a"}]}, "skud")
    with pytest.raises(UnknownDemo) as caught:
        get_demo("skud-nothing")
    assert str(caught.value) == "there is no demo called 'skud-nothing'"
    assert caught.value.message.template == "there is no demo called {name}"


def test_demo_link_bounds_are_messages() -> None:
    demo = {"variant": "skud", "name": "skud-x", "title": "T" * 200, "caption": "c"}
    with pytest.raises(DemoLinkError) as caught:
        demolink.check(demo)
    assert str(caught.value) == "the title is too long: 200 characters (at most 120)"
    assert caught.value.message.template == (
        "{what} is too long: {length} characters (at most {limit})")
    assert caught.value.message.args["what"] == msg("the title")
    steps = [{"action": "x", "caption": "c", "highlight": ["(0,0)"] * 61}]
    with pytest.raises(DemoLinkError, match=r"^step 1 has 61 highlight entries \(at most 60\)$"):
        demolink.check({**demo, "title": "T", "steps": steps})
