"""Hunting the class of a wrong record in the engine: a game played on from any legal
set-up keeps its record, its player letters and its result through every way the engine
writes and reads it (``rules.html#skud-notation``: a ply's number and letter name the
player who made it; Wiki's and Ancient's records likewise).

For every variant, every number of seats and every seat to move: a random legal set-up
from the Studio's model (:mod:`paisho_core.setups`: a random game's position edited with
palette tiles, ``tests/support/setup_games.py``), played on by random legal moves and
then by the computer (Easy or Medium), sometimes resigned, is

* saved and reloaded as the page's record holds it (its start text and its notation,
  :func:`paisho_core.starts.replay`),
* shared as a link and opened (:func:`paisho_core.link.encode`, ``decode`` and
  ``decode_steps``, at the last position and at an earlier one), also by the CLI's
  ``link decode``,
* exported as notation and imported again onto its start (``play_text``),
* carried by a Studio draft's demo link (:mod:`paisho_core.demolink`),

and each time it is the same game: the same record, start, position, player to move and
result, and every entry of the record names the player who made it.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from setup_games import CASES, entry_letter, letter, play_on, random_setup, same_game

from paisho_core import demolink, link, setups, starts
from paisho_core.cli import main
from paisho_core.protocol import Game

AnyGame = Game[Any]


def with_resignation(game: AnyGame, again: AnyGame) -> AnyGame:
    """``again`` with ``game``'s resignation (a record's notation writes none)."""
    if game.resigned is not None and again.resigned is None and again.to_move is not None:
        again.resign(game.resigned)
    return again


def check_letters(game: AnyGame) -> None:
    """Replayed action by action from its start, each new entry of the record names the
    player who was to move when it was made."""
    probe = starts.fresh(game)
    entries = 0
    for action in game.history:
        mover = probe.to_move
        probe.apply(action)
        written = [e for e in probe.to_text().split(";") if e.strip()]
        if len(written) > entries:
            said = entry_letter(written[-1].strip())
            assert said is None or said == letter(game, mover), (written[-1], game.to_text())
        entries = len(written)


@pytest.mark.parametrize(("variant", "players", "seat"), CASES)
@settings(max_examples=10, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.integers(0, 2**32), st.integers(0, 8), st.integers(0, 2),
       st.sampled_from(["easy", "medium"]))
def test_a_set_up_game_keeps_its_record_letters_and_result_everywhere(
    capsys: pytest.CaptureFixture[str], variant: str, players: int | None, seat: int,
    rng_seed: int, moves: int, computer: int, level: str,
) -> None:
    rng = random.Random(rng_seed)
    setup = random_setup(variant, players, seat, rng)
    game = setups.build(setup)
    assert game.to_move == seat and starts.of(game)
    built = len(game.history)  # (a Balance set-up is its bag and the tiles placed from it)
    play_on(game, rng, moves, computer, level)
    check_letters(game)

    # saved and reloaded: its start and its notation
    saved = (starts.of(game), game.to_text())
    reloaded = starts.replay(variant, saved[0], saved[1], sorted(game.options), game.seed,
                             None if players is None else len(game.players))
    same_game(game, with_resignation(game, reloaded))

    # shared as a link and opened, at its last position and at an earlier one
    decoded = link.decode(link.encode(game))
    same_game(game, decoded.game)
    assert decoded.view_ply is None
    steps = link.decode_steps(link.encode(game), every=3)
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            opened = stop.value
            break
    assert opened.link is not None and opened.message is None
    same_game(game, opened.link.game)
    if game.history:
        view = rng.randrange(len(game.history))
        at = link.decode(link.encode(game, view_ply=view))
        assert at.view_ply == view
        same_game(game, at.game)
    status = main(["link", "decode", "--json", link.fragment_for(game)])
    printed = json.loads(capsys.readouterr().out)
    assert status == 0 and printed["notation"] == game.to_text()
    assert printed["actions"] == len(game.history)

    # exported as notation and imported again onto its start
    imported = starts.fresh(game)
    imported.play_text(game.to_text())
    same_game(game, with_resignation(game, imported))

    # a Studio draft of the set-up, the game's actions as its steps, through a demo link
    steps_data = [{"action": a, "caption": f"step {i}"}
                  for i, a in enumerate(_actions(game)[built:])]
    data = {"variant": variant, "name": f"{variant}-draft", "title": "Draft",
            "caption": "Start", **setups.demo_start(setup), "steps": steps_data}
    carried = demolink.decode(demolink.fragment(data)).data
    again = starts.start_game(variant, carried["start"], carried.get("options", ()),
                              carried.get("seed"))
    again.play_text(carried["start"].get("moves", ""))
    for step in carried["steps"]:
        again.apply(again.parse_action(step["action"]))
    same_game(game, with_resignation(game, again))  # (a demo's steps hold no resignation)


def _actions(game: AnyGame) -> list[str]:
    """The game's actions in notation, from its start."""
    probe = starts.fresh(game)
    out = []
    for action in game.history:
        out.append(probe.format_action(action))
        probe.apply(action)
    return out
