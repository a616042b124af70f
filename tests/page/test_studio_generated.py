"""Generated Studio sessions (Hypothesis): every variant, either player to move.

* A random legal Studio position (the standard start or an empty board, random tiles
  put and taken off, a random mover), taken to the game page by "Play against the
  computer" or "Analyse" (:mod:`paisho_page.studio.play`) and saved as this tab's game,
  resumes as the same position with the same player to move.
* A random sequence of Studio edits and steps played never leaves "Play a step" without
  a way out: every click a legal action needs next is a point of the board or a button
  the Studio shows (:func:`paisho_page.studio.step.offered_tokens`).
"""

from __future__ import annotations

import random

from dict_storage import DictStorage
from hypothesis import example, given, settings
from hypothesis import strategies as st

from paisho_core import setups
from paisho_core.board import Point
from paisho_core.registry import variant_names
from paisho_core.tokens import token_point
from paisho_page.storage.game_store import GameStore
from paisho_page.studio import play as studio_play
from paisho_page.studio import step as studio_step
from paisho_page.studio.editor import PLAY, SETUP, Studio


def _edit(studio: Studio, rng: random.Random) -> None:
    """One random edit of the position: a palette tile put where it may stand, a tile
    taken off, or another mover (with the default reserves when that seat's hand is
    hidden)."""
    what = rng.randrange(3)
    if what == 0:
        tiles = [(i, t) for i, t in enumerate(studio.palette) if t.points]
        index, tile = rng.choice(tiles)
        studio.select(index)
        studio.click(rng.choice(sorted(tile.points)))
        studio.select(index)  # put it down again
    elif what == 1 and studio.setup.tiles:
        studio.set_mode(SETUP)
        studio.tool = None
        studio.click(rng.choice(studio.setup.tiles).point)
    else:
        seat = rng.randrange(len(studio.players()))
        before = studio.setup
        studio.set_mover(seat)
        if setups.check(studio.setup):
            studio.setup = setups.default_reserves(studio.setup)
        if setups.check(studio.setup):
            studio.setup = before


def _position(variant: str, rng: random.Random, edits: int, mover: int) -> Studio:
    """A legal position of ``variant`` (a random edit the engine refuses is taken back)
    with ``mover`` to move where the engine allows it."""
    studio = Studio(variant)
    studio.start(rng.choice(("standard", "empty")), variant)
    for _ in range(edits):
        before = studio.setup
        _edit(studio, rng)
        if studio.game() is None:
            studio.setup = before
    seat = mover % len(studio.players())
    before = studio.setup
    studio.set_mover(seat)
    if studio.game() is None:
        studio.setup = setups.default_reserves(studio.setup)
    if studio.game() is None:
        studio.setup = before
    assert studio.game() is not None, studio.problems()
    return studio


@settings(max_examples=30, deadline=None)
@given(
    variant=st.sampled_from(variant_names()),
    seed=st.integers(0, 2**32 - 1),
    edits=st.integers(0, 6),
    mover=st.integers(0, 3),
    how=st.sampled_from((studio_play.COMPUTER, studio_play.ANALYSE)),
)
def test_a_studio_position_played_or_analysed_resumes_as_itself(
    variant: str, seed: int, edits: int, mover: int, how: str
) -> None:
    studio = _position(variant, random.Random(seed), edits, mover)
    game = studio.game()
    assert game is not None
    if game.is_over:
        assert studio_play.plan(studio, how, 0, "easy")[0] is None
        return
    seat = (game.to_move + 1) % len(game.players)  # the person plays the other seat
    plan, why = studio_play.plan(studio, how, seat, "easy")
    assert plan is not None, why
    storage = DictStorage()
    store = GameStore(storage)
    store.new_identity()
    assert store.save(plan.game, plan.computer, plan.computers, plan.level) is None
    found = GameStore(storage).boot()
    assert found.known and found.game is not None
    assert found.game.state_key() == game.state_key()
    assert found.game.to_move == game.to_move
    assert [str(p) for p in found.game.players] == [str(p) for p in game.players]
    computers = {plan.computer} - {None} | set(plan.computers)
    solo = len(game.players) < 2
    assert seat not in computers and (how == studio_play.ANALYSE or solo) == (not computers)
    assert found.seat == plan.computer


def _way_out(studio: Studio) -> None:
    """While a step is played: every next click of a legal action is a board point or
    one of the Studio's buttons, from the selection made so far and afresh."""
    ui = studio_step.step_ui(studio)
    if ui is None:
        return
    offered = studio_step.offered_tokens(studio)
    for prefix in ((), ui.clicks):
        tokens = ui.next_tokens(prefix)
        assert tokens, "a player to move with no legal action"
        stuck = {t for t in tokens if token_point(t) is None and t not in offered}
        assert not stuck, f"{stuck} cannot be clicked in the Studio ({studio.setup.variant})"


def _step_click(studio: Studio, rng: random.Random) -> None:
    """A click a person could make while playing a step: a marked point, a tile, or one
    of the box's buttons (a refusal is fine: it changes nothing)."""
    ui = studio_step.step_ui(studio)
    if ui is None:
        return
    points = sorted(ui.highlighted_points())
    buttons = sorted(studio_step.offered_tokens(studio))
    if points and (not buttons or rng.random() < 0.6):
        studio.click(rng.choice(points))
        return
    if buttons:
        token = rng.choice(buttons)
        studio.play(token, ui.game.to_move if token.startswith("reserve:") else None)


@settings(max_examples=25, deadline=None)
@given(
    variant=st.sampled_from(variant_names()),
    seed=st.integers(0, 2**32 - 1),
    moves=st.lists(st.sampled_from(("edit", "play", "click", "click", "click", "back")),
                   max_size=14),
)
@example(variant="ancient", seed=0, moves=["click", "click"])  # a discard waiting to be confirmed
def test_edits_and_steps_never_leave_a_choice_without_a_way_out(
    variant: str, seed: int, moves: list[str]
) -> None:
    rng = random.Random(seed)
    studio = _position(variant, rng, 2, rng.randrange(4))
    studio.set_mode(PLAY)
    _way_out(studio)
    for move in moves:
        if move == "edit":
            _edit(studio, rng)
        elif move == "play":
            studio.set_mode(PLAY)
        elif move == "back":
            studio.draft.go(rng.randrange(len(studio.draft.steps)))
        else:
            _step_click(studio, rng)
        _way_out(studio)
        if studio.mode == PLAY and not studio.draft.frames(studio.setup)[0]:
            studio.click(studio.setup.tiles[0].point if studio.setup.tiles else Point(0, 0))
            assert studio.message.startswith("Fix the demo first:")  # it says what to fix
