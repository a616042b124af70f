"""The mover's choices while the Studio plays a step (``studio.html``): pure logic.

In "Play a step", a click on the board is a point of the move; everything else the move
may need is offered here, from the same page logic as the game page: the mover's
reserve (or hand) as the game page's reserve buttons
(:func:`paisho_page.play.players_view.reserve_elements`, marked playable or selected by
:func:`~paisho_page.play.players_view.seat_tiles`), Skip where the engine allows it (a
Harmony Bonus not taken, a pass: :attr:`paisho_page.play.ui.UIState.can_skip`), the other
choices (a draw, a Wheel's turn: :func:`paisho_page.embed.demo_viewer.choice_label`), and the
game page's status line for the move (:meth:`~paisho_page.play.ui.UIState.status`).
:func:`offered_tokens` is every click the Studio then takes, so that a test can check
that each pending choice has a way out.  ``site/studio_page.py`` builds :func:`items`,
applies :func:`tile_writes` to each reserve button and :func:`writes` to the box.
"""

from __future__ import annotations

from paisho_core import setups
from paisho_core.tokens import SKIP, reserve_token
from paisho_page.base.dom_writes import Write, hidden, text
from paisho_page.base.elements import Element
from paisho_page.embed.demo_viewer import choice_label, choice_order
from paisho_page.play.players_view import ReserveTile, offered, reserve_elements, seat_tiles
from paisho_page.play.ui import UIState
from paisho_page.studio import terms as studio_terms
from paisho_page.studio.editor import PLAY, Studio
from paisho_page.words.i18n import _

BOX, STATUS, CHOICES = "studio-step-box", "studio-step-status", "studio-step-choices"
"""The box of the mover's choices, its status line and its buttons' holder."""


def step_ui(studio: Studio) -> UIState | None:
    """The move being played (``None`` outside "Play a step", while the demo cannot be
    replayed, or when the shown step ends the game)."""
    if studio.mode != PLAY:
        return None
    ui = studio.draft.step_ui(studio.setup)
    if ui is None or ui.game.to_move is None:
        return None
    return ui


def _mover_reserve(ui: UIState) -> dict[str, int]:
    """The mover's reserve (a hidden hand: the mover's own view of it)."""
    mover = ui.game.to_move
    if mover is None:
        return {}
    rows = ui.game.reserves(mover)
    return dict(rows[mover]) if 0 <= mover < len(rows) else {}


def skip_label(ui: UIState) -> str:
    """The Skip button's words: the game page's "Skip the bonus" while a Harmony Bonus
    is offered, else "Pass"."""
    return _("Skip the bonus") if getattr(ui.game, "bonus_pending", False) else _("Pass")


def _choices(ui: UIState) -> list[tuple[str, str]]:
    """``(token, words)`` of the next clicks that are neither a point nor a reserve tile
    (Skip, a draw, a turn), from an empty selection and from the current one."""
    tokens = ui.next_tokens() | ui.next_tokens(())
    out = []
    for token in sorted(tokens, key=choice_order):
        label = skip_label(ui) if token == SKIP else choice_label(token)
        if label is not None:
            out.append((token, label))
    return out


def items(studio: Studio) -> list[Element]:
    """The box's buttons: the mover's reserve (the game page's buttons), then Skip and
    any other choice; none outside "Play a step"."""
    ui = step_ui(studio)
    if ui is None:
        return []
    mover = ui.game.to_move or 0
    name = str(ui.game.players[mover])
    reserve = _mover_reserve(ui)
    word = setups.terms(studio.setup).reserve
    label = studio_terms.reserve_text("seat", word).format(player=studio.owner_name(mover))
    out = [Element("span", label, "studio-step-label")] if reserve else []
    out += [e for e in reserve_elements(reserve, mover, name, studio.setup.variant)
            if e.tag == "button"]
    out += [
        Element("button", words, "studio-step-choice", attrs=(("data-token", token),),
                props=(("type", "button"),))
        for token, words in _choices(ui)
    ]
    return out


def tile_writes(studio: Studio) -> dict[str, ReserveTile]:
    """How each reserve button of the box is shown, by tile code: playable now (a plant,
    a bonus tile), selected."""
    ui = step_ui(studio)
    if ui is None:
        return {}
    mover = ui.game.to_move
    name = str(ui.game.players[mover or 0])
    reserve = _mover_reserve(ui)
    offer = offered(ui, False, True)
    return seat_tiles(studio.setup.variant, mover or 0, name, mover, reserve, offer)


def writes(studio: Studio) -> tuple[Write, ...]:
    """The box shown only while a step is being played, with the game page's status
    line for that move ("… earned a Harmony Bonus: pick a tile from the reserve, or
    Skip.")."""
    ui = step_ui(studio)
    return (
        hidden(BOX, ui is None),
        text(STATUS, "" if ui is None else ui.status()),
    )


def offered_tokens(studio: Studio) -> frozenset[str]:
    """Every click the Studio takes now off the board while a step is played: the box's
    reserve tiles and choices (points are the board's)."""
    ui = step_ui(studio)
    if ui is None:
        return frozenset()
    reserve = {reserve_token(code) for code, n in _mover_reserve(ui).items() if n and code != "?"}
    return frozenset(reserve | {token for token, _words in _choices(ui)})
