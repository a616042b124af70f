"""Play and Analyse from a Studio position (issue #23): the game saved for the game page
with its set-up start, resumed from storage, the computer's seats, and refusals."""

from __future__ import annotations

import json
from typing import Any

import pytest
from dict_storage import DictStorage

from paisho_core import setups, starts
from paisho_core.board import Point
from paisho_page.storage import schema
from paisho_page.storage.game_store import GameStore
from paisho_page.storage.records import game_of_record, record_of
from paisho_page.studio import play as studio_play
from paisho_page.studio.editor import Studio


def _studio(variant: str) -> Studio:
    studio = Studio(variant)
    studio.start("standard", variant)
    if variant == "skud":
        studio.setup = setups.put(studio.setup, Point(0, 3), "R3", 0)
    return studio


def _saved_and_resumed(plan: studio_play.PlayPlan) -> tuple[dict[str, Any], Any]:
    storage = DictStorage()
    store = GameStore(storage)
    store.new_identity()
    assert store.save(plan.game, plan.computer, plan.computers, plan.level) is None
    raw = json.loads(storage.data[schema.game_key(store.game_id)])
    found = GameStore(storage).boot()
    return raw, found


@pytest.mark.parametrize("variant", ["skud", "wiki", "balance"])
def test_analyse_opens_the_position_hot_seat_from_its_start(variant: str) -> None:
    studio = _studio(variant)
    plan, why = studio_play.plan(studio, studio_play.ANALYSE, 0, "hard")
    assert plan is not None and why == ""
    assert plan.computer is None and plan.computers == ()
    raw, found = _saved_and_resumed(plan)
    assert raw["start"] == starts.of(plan.game) != ""
    assert found.known and found.game.state_key() == plan.game.state_key()
    assert found.seat is None


def test_play_against_the_computer_saves_its_seat_and_level() -> None:
    plan, _ = studio_play.plan(_studio("wiki"), studio_play.COMPUTER, 0, "hard")
    assert plan is not None and plan.computer == 1 and plan.level == "hard"
    _, found = _saved_and_resumed(plan)
    assert found.seat == 1 and found.level == "hard"


def test_a_game_with_a_choice_of_seats_gives_the_computer_every_other_seat() -> None:
    studio = Studio("ancient")
    studio.start("standard", "ancient")
    plan, why = studio_play.plan(studio, studio_play.COMPUTER, 1, "easy")
    assert plan is not None, why
    assert plan.computer is None and plan.computers == tuple(
        s for s in range(len(plan.game.players)) if s != 1
    )


def test_a_hidden_hands_start_is_saved_sealed_and_opens_again() -> None:
    """Ancient's start holds every hand: the record keeps it sealed (privacy), and the
    game page resumes the same position from it."""
    studio = Studio("ancient")
    studio.start("standard", "ancient")
    plan, _ = studio_play.plan(studio, studio_play.ANALYSE, 0, "medium")
    assert plan is not None
    raw, found = _saved_and_resumed(plan)
    assert raw["start"].startswith("t1.") and "hands" not in raw["start"]
    assert found.game.state_key() == plan.game.state_key()


def test_the_shown_step_of_a_demo_is_what_is_played() -> None:
    studio = _studio("skud")
    studio.set_mode("play")
    game = studio.game()
    action = game.legal_actions()[0]
    studio.draft.steps.append(studio.draft.steps[0].__class__(game.format_action(action), "x"))
    studio.draft.go(1)
    plan, _ = studio_play.plan(studio, studio_play.ANALYSE, 0, "medium")
    assert plan is not None and plan.game.history == [action]
    record = record_of(plan.game)
    assert game_of_record(record).state_key() == plan.game.state_key()


def test_a_refused_position_opens_nothing_and_says_why() -> None:
    studio = Studio("skud")
    studio.setup = setups.put(studio.setup, Point(0, 3), "R3", 0)
    studio.setup = setups.put(studio.setup, Point(0, 4), "R3", 0)
    studio.setup = setups.put(studio.setup, Point(0, 5), "R3", 0)
    studio.setup = setups.put(studio.setup, Point(0, 6), "R3", 0)
    plan, why = studio_play.plan(studio, studio_play.COMPUTER, 0, "easy")
    assert plan is None and why.startswith("Fix the position first:") and "R3" in why
    writes = dict((w.target, w) for w in studio_play.writes(studio))
    assert writes["studio-play-computer"].value is True


def test_a_solitaire_has_no_computer_choice() -> None:
    writes = {w.target: w for w in studio_play.writes(_studio("balance"))}
    assert writes["studio-play-vs"].value is True
    assert writes["studio-play-analyse"].value is False


def test_a_damaged_or_foreign_sealed_start_is_set_aside() -> None:
    studio = Studio("ancient")
    studio.start("standard", "ancient")
    plan, _ = studio_play.plan(studio, studio_play.ANALYSE, 0, "medium")
    assert plan is not None
    storage = DictStorage()
    store = GameStore(storage)
    store.new_identity()
    store.save(plan.game, None)
    key = schema.game_key(store.game_id)
    record = json.loads(storage.data[key])
    record["start"] = record["start"][:-1] + ("0" if record["start"][-1] != "0" else "1")
    storage.data[key] = json.dumps(record)
    found = GameStore(storage).boot()
    assert found.game is None and found.notes
    assert "set-up position" in found.notes[0]
