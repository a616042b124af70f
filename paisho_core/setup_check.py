"""The one checker of set-up positions: the Studio's, a link's, a save's and the CLI's.

:func:`check` lists every problem of a :class:`~paisho_core.setup_model.Setup` (the
variant's rules: seats, the seat to move, each tile's code, owner, point and state, the
counts, reserves, hands and pile), then builds the position and refuses one where the
game is already over (a Harmony Ring on the board, no tile left to play: a set-up is a
position where play goes on).  :func:`checked_game` is the game of a set-up that passes,
and :func:`from_start` reads a start's ``setup``/``bag`` mapping (from a link, a save or
a demo) into a ``Setup`` first, so a start is checked exactly as a Studio position is
before any game is built from it.  Every refusal is a
:class:`~paisho_core.setup_model.SetupError` (or an empty list of problems).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .end_reasons import reason_message
from .errors import PaiShoError, quote
from .messages import Message, msg
from .registry import get_variant, setup_rules
from .setup_model import AnyGame, Setup, SetupError, joined


def _over(game: AnyGame) -> Message | None:
    outcome = game.outcome()
    if outcome is None:
        return None
    return msg(
        "the game is already over in this position ({reason}): set up one that goes on",
        reason=reason_message(outcome.reason),
    )


def _examine(setup: Setup) -> tuple[list[Message], AnyGame | None]:
    """The problems of ``setup`` and, when there are none, its game."""
    if not isinstance(setup, Setup):
        return [msg("not a set-up: {value}", value=quote(setup))], None
    try:
        rules = setup_rules(setup.variant)
    except PaiShoError as error:
        return [error.message], None
    problems = rules.problems(setup)
    if problems:
        return problems, None
    try:
        game = rules.build(setup)
    except PaiShoError as error:
        return [error.message], None
    over = _over(game)
    return ([over], None) if over else ([], game)


def check(setup: Setup) -> list[Message]:
    """Every problem of ``setup``, one message each (``str()``: its English sentence,
    uncapitalised; a page renders it in its language); ``[]`` when it can be played."""
    return _examine(setup)[0]


def checked_game(setup: Setup) -> AnyGame:
    """The game of ``setup`` (not yet marked with its start); :class:`SetupError` with
    every problem (joined by ``"; "``) when :func:`check` finds any."""
    problems, game = _examine(setup)
    if game is None:
        raise SetupError(joined(problems))
    return game


def from_start(variant: str, start: Mapping[str, Any], options: tuple[str, ...] = ()) -> Setup:
    """The set-up a start mapping (``{"setup": {…}}`` or ``{"bag": "…"}``; its
    ``moves`` aside) stands for, every field read and typed; :class:`SetupError` (or
    :class:`~paisho_core.errors.UnknownVariant`) naming the first field that is wrong.
    ``options`` are the game's (a link's or a demo's), for a variant whose set-ups
    take them."""
    try:
        rules = setup_rules(variant)
    except PaiShoError:
        raise SetupError(msg("{variant} has no set-up positions",
                             variant=get_variant(variant).info.title)) from None
    return rules.from_start(start, options)
