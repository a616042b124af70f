"""Hunting the class of a wrong record: every game the engine can produce, set up in the
Studio with any player to move, keeps its record whole through every way the page keeps
or passes it on (``rules.html#skud-notation``: a ply's number and letter name its player).

For every variant, every number of seats and every seat to move: a random legal set-up
(the Studio's :mod:`paisho_core.setups`, reached from a random game and then edited with
palette tiles; ``tests/support/setup_games.py``), played on by random legal moves and a
few by the computer at Easy, sometimes resigned,
is saved and restored (:mod:`paisho_page.storage.saves`), kept aside (:func:`record_of`),
shared (a link, opened as the page opens it), exported as notation and imported again:
each time the same game, the same player letters and the same result; and every count of
its moves (the move list, the replay bar, the notices) is the one
:func:`paisho_page.play.move_list.move_count`.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from setup_games import (
    CASES,
    entry_letter,
    letter,
    play_on,
    random_setup,
    same_game,
)

from paisho_core import demolink, link, setups, starts
from paisho_core.protocol import Game
from paisho_page.play.move_list import move_count, move_texts
from paisho_page.play.replay_cursor import ReplayCursor
from paisho_page.sharing.link_open import open_link
from paisho_page.sharing.notation import export_notation, import_notation
from paisho_page.storage import saves
from paisho_page.storage.records import game_of_record, record_of

AnyGame = Game[Any]


def check_letters(game: AnyGame) -> None:
    """Each entry of the record names the player who made it (position by position)."""
    cursor = ReplayCursor(game)
    entries = move_texts(game.to_text())
    for k in range(cursor.total):
        mover = cursor.position(k).to_move
        entry = entries[cursor.notation_ply(k + 1) - 1]
        said = entry_letter(entry)
        assert said is None or said == letter(game, mover), (k, entry, game.to_text())


def check_counts(game: AnyGame) -> None:
    """The replay bar and the move list count the record's entries, at every position."""
    cursor = ReplayCursor(game)
    assert cursor.total_plies == move_count(game)
    for k in range(cursor.total):
        assert cursor.notation_ply(k) == move_count(cursor.position(k)), k


@pytest.mark.parametrize(("variant", "players", "seat"), CASES)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.integers(0, 8), st.integers(0, 2))
def test_a_set_up_game_keeps_its_record_everywhere(
    variant: str, players: int | None, seat: int, rng_seed: int, moves: int, easy: int
) -> None:
    rng = random.Random(rng_seed)
    game = setups.build(random_setup(variant, players, seat, rng))
    assert game.to_move == seat
    play_on(game, rng, moves, easy)
    check_letters(game)
    check_counts(game)

    # saved and restored, as the page's autosave does
    saved = saves.record_game(game, "g1", None, 1, 2, "r1")
    assert saved.plies == move_count(game)
    restored = saves.restore(saves.parse_game(saved.to_json(), "g1"))
    assert restored.dropped is None
    same_game(game, restored.game)

    # kept aside when another game replaces it
    same_game(game, game_of_record(record_of(game)))

    # shared: a link, opened as the page opens it
    opened = open_link("https://example.org/#" + link.encode(game))
    assert opened.ok and opened.game is not None
    same_game(game, opened.game)
    if opened.view_ply is None:
        assert f"({move_count(game)} move" in opened.message()

    # exported as notation and imported again from the same start
    text = export_notation(game)
    if not text:
        return  # nothing to import (the page exports no empty record)
    imported = import_notation(
        variant, text, game.options, game.seed,
        players=players, start=starts.of(game),
    )
    assert imported.error is None and imported.game is not None, imported.error
    if game.resigned is not None and imported.game.resigned is None:
        # the exported form (Skud's is the reference site's) writes no resignation
        imported.game.resign(game.resigned)
    same_game(game, imported.game)
    assert imported.moves == move_count(game)


@pytest.mark.parametrize(("variant", "players", "seat"), CASES)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.integers(0, 6))
def test_a_studio_draft_keeps_its_position_and_steps(
    variant: str, players: int | None, seat: int, rng_seed: int, moves: int
) -> None:
    """A Studio draft (a set-up and the steps played on it) round-trips through its
    link, the demo link that carries it (:mod:`paisho_core.demolink`), to the same game."""
    rng = random.Random(rng_seed)
    setup = random_setup(variant, players, seat, rng)
    game = setups.build(setup)
    before = game.copy()
    steps: list[dict[str, str]] = []
    for _ in range(moves):
        actions = game.legal_actions()
        if game.to_move is None or not actions:
            break
        action = rng.choice(actions)
        steps.append({"action": game.format_action(action), "caption": f"step {len(steps)}"})
        game.apply(action)
    data = {"variant": variant, "name": f"{variant}-draft", "title": "Draft", "caption": "Start",
            **setups.demo_start(setup), "steps": steps}
    decoded = demolink.decode(demolink.fragment(data))
    assert decoded.data == data
    again = starts.start_game(variant, decoded.data["start"], decoded.data.get("options", ()),
                              decoded.data.get("seed"))
    again.play_text(decoded.data["start"].get("moves", ""))  # (Balance: a bag and moves)
    assert again.state_key() == before.state_key()
    for step in decoded.data["steps"]:
        again.apply(again.parse_action(step["action"]))
    assert again.state_key() == game.state_key()
