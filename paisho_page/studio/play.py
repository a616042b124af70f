"""Play and Analyse from a Studio position: pure logic for ``studio.html``.

The Studio hands the position it shows (the set-up, or the demo's shown step) to the
game page as a new saved game of this tab (:mod:`paisho_page.storage.game_store`): the game
page then resumes it as it resumes any game, from its start position
(:mod:`paisho_core.starts`), with the computer's seats and level saved beside it.

* **Play against the computer**: the person plays the seat chosen, the computer every
  other seat, at the level chosen.
* **Analyse**: everyone is a person (hot seat): the Hint and its explanation, any line
  tried and taken back with Undo.

Everything here is decided from the protocol and the registry: no variant is named.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from paisho_core.ai import LEVELS
from paisho_page.base.dom_writes import Write, disabled, hidden, text
from paisho_page.base.elements import Element
from paisho_page.computer.choices import level_choices, select_options
from paisho_page.studio.editor import Studio
from paisho_page.words.i18n import N_, _

COMPUTER, ANALYSE = "computer", "analyse"
"""The two ways to take a position to the game page."""
PAGE = "./"
"""The game page, next to the Studio."""
FIX_FIRST = N_("Fix the position first: {error}.")
"""Why the position cannot be played (the engine's first problem with it)."""


@dataclass(frozen=True)
class PlayPlan:
    """A game to save as this tab's and open on the game page."""

    game: Any
    computer: int | None
    """The computer's seat in a two-seat game (``None``: nobody)."""
    computers: tuple[int, ...]
    """The computer's seats in a game with a choice of seats."""
    level: str


def _position(studio: Studio) -> tuple[Any | None, str]:
    """The game the Studio shows (the demo's shown step, else the set-up), or why not."""
    shown, why = studio.draft.line_frames(studio.setup)
    if shown:
        return shown[min(studio.draft.at, len(shown) - 1)].game.copy(), ""
    game = studio.game()
    if game is None:
        problems = studio.problems()
        return None, problems[0] if problems else why
    return game, ""


def plan(studio: Studio, how: str, seat: int, level: str) -> tuple[PlayPlan | None, str]:
    """The game to open for ``how`` (:data:`COMPUTER` or :data:`ANALYSE`), the person
    playing ``seat`` at ``level``; or ``None`` and why not, in plain words."""
    game, why = _position(studio)
    if game is None:
        return None, _(FIX_FIRST).format(error=why)
    if game.is_over:
        return None, _("The game is over in this position: there is nothing to play.")
    level = level if level in LEVELS else "medium"
    seats = len(game.players)
    if how != COMPUTER or seats < 2:
        return PlayPlan(game, None, (), ""), ""
    if not 0 <= seat < seats:
        return None, _("There is no seat {seat} to play (seats 1 to {count}).").format(
            seat=seat + 1, count=seats
        )
    others = tuple(s for s in range(seats) if s != seat)
    if game.info.min_players != game.info.max_players:
        return PlayPlan(game, None, others, level), ""
    return PlayPlan(game, others[0], (), level), ""


def seat_options(studio: Studio, chosen: int) -> tuple[Element, ...]:
    """The "You play" menu: every seat of the variant."""
    choices = [(str(i), studio.owner_name(i)) for i in range(len(studio.players()))]
    return select_options(choices, str(chosen))


def level_options(chosen: str) -> tuple[Element, ...]:
    """The "Level" menu: the computer's levels, easiest first."""
    return select_options(level_choices(), chosen)


def writes(studio: Studio, status: str = "") -> tuple[Write, ...]:
    """The Play section: the computer's choices only where there is another seat,
    the buttons off while the engine refuses the position, and the status."""
    game, why = _position(studio)
    solo = len(studio.players()) < 2
    return (
        hidden("studio-play-vs", solo),
        disabled("studio-play-computer", game is None or solo),
        disabled("studio-play-analyse", game is None),
        text(
            "studio-play-status",
            status or (_(FIX_FIRST).format(error=why) if game is None else ""),
        ),
    )
