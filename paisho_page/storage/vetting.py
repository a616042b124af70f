"""Whether a game the page is about to open, save or resume can be shown (pure Python).

A game reaches the page from a link, a saved record, a kept game or pasted notation.
The engine replays it (every ply checked), but a start position it built may still be
one the Studio's checker refuses (a seat to move that no player holds, more tiles than
the set has) and that later fails when the page draws it.  Before such a game is made
the page's game (and so saved), :func:`check` asks the engine's own checks:

* a game with a set-up start: :func:`paisho_core.setups.check` on that start (the
  Studio's checker, every field range-checked), after :func:`paisho_core.starts.fresh`
  rebuilt it from its start text;
* every game: what the page reads of it at once (the seat to move, the players, the
  legal actions, the reserves, the board, the result) can be read.

A game that fails raises :class:`Unusable`, whose message says why in plain words; an
unexpected exception inside the engine becomes one too (its kind named, never a trace),
so whatever calls :func:`check` sets the game aside instead of failing.
"""

from __future__ import annotations

from typing import Any

from paisho_core import setups, starts
from paisho_core.errors import PaiShoError
from paisho_core.protocol import Game
from paisho_page.words.i18n import _, render

AnyGame = Game[Any]


class Unusable(PaiShoError):
    """A game the engine built but the page cannot show (the message says why)."""


def check_start(game: AnyGame) -> None:
    """Raise :class:`Unusable` if ``game``'s set-up start (if it has one) is a position
    the engine's set-up checker refuses."""
    if not starts.of(game):
        return
    try:
        problems = setups.check(setups.of_game(starts.fresh(game)))
    except PaiShoError as exc:
        raise Unusable(_("its set-up position is refused: {reason}").format(
            reason=render(exc.message)
        )) from None
    except Exception as exc:  # an engine bug must not escape as a stack trace
        raise Unusable(_("its set-up position cannot be read (internal error: {error})").format(
            error=type(exc).__name__
        )) from None
    if problems:
        raise Unusable(_("its set-up position is refused: {reason}").format(
            reason=render(problems[0])
        ))


def check_playable(game: AnyGame) -> None:
    """Raise :class:`Unusable` if what the page reads of ``game`` at once cannot be read:
    the seat to move, the players, the legal actions, the reserves, the board, the result."""
    try:
        players = game.players
        mover = game.to_move
        if mover is not None and not 0 <= mover < len(players):
            raise Unusable(_("its player to move is not one of its {n} players").format(
                n=len(players)
            ))
        game.outcome()
        if mover is not None:
            game.legal_actions()
        game.reserves(mover)
        game.board_tiles()
        game.to_text()
    except Unusable:
        raise
    except Exception as exc:  # an engine bug must not escape as a stack trace
        raise Unusable(_("the engine cannot show it (internal error: {error})").format(
            error=type(exc).__name__
        )) from None


def check(game: AnyGame) -> None:
    """Raise :class:`Unusable` unless ``game`` can be made the page's game (both checks)."""
    check_start(game)
    check_playable(game)


def problem(game: AnyGame) -> str | None:
    """Why ``game`` cannot be made the page's game, in plain words (``None``: it can)."""
    try:
        check(game)
    except Unusable as exc:
        return render(exc.message)
    return None
