"""The computer opponent's decisions on the game page: pure logic over the worker's
protocol (:class:`paisho_page.computer.worker_client.SearchClient`).

:class:`ComputerClient` adds what ``site/computer.py`` would otherwise decide itself:
the seat the one-computer choice plays when the variant does not decide its computer
seats itself (:meth:`~ComputerClient.seat_for`), what to do after a redraw for either
kind of seat (:meth:`~ComputerClient.plan`), what to do with a message of the worker
(:meth:`~ComputerClient.reply`: its boot, a hint, a move), the Hint controls' state
(:meth:`~ComputerClient.hint_control_writes`), a hint asked for
(:meth:`~ComputerClient.hint_request`) and the board marked while the computer thinks
(:func:`thinking_writes`).  The site only carries these out.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from paisho_core.ai import choose_action
from paisho_core.protocol import Game
from paisho_page.base import dom_writes as w
from paisho_page.computer import choices as computer_page
from paisho_page.computer.worker_client import (
    RefreshPlan,
    SearchClient,
    boot_writes,
    fallback_warning,
    has_hint,
    parse_reply,
    reply_kind,
)
from paisho_page.words.i18n import _

HINT_BAR = "skud-hint-bar"
"""The id of the Hint bar (:func:`paisho_page.computer.choices.hint_bar`)."""
HINT_BUTTON = "btn-skud-hint"
HINT_LINE = "skud-eval"
"""The id of the Hint's evaluation line."""
HOLDER = "board-holder"
"""The id of the board's frame, marked ``data-thinking`` while the computer thinks."""


@dataclass(frozen=True)
class Reply:
    """What the page does with a message of the worker (:meth:`ComputerClient.reply`),
    in this order."""

    hint_bar: bool = False
    """Make the Hint bar first, if the page has none yet (a hint's line is written)."""
    writes: tuple[w.Write, ...] = ()
    """Written into the page: the worker's boot marks, or a hint's evaluation line."""
    show_thinking: bool = False
    """The status line says the computer is thinking (it was asked while booting)."""
    unmark: bool = False
    """The search asked about has ended: the board no longer says it thinks."""
    redraw: bool = False
    """A hint was shown: draw the board again, to mark its points."""
    warning: str = ""
    """The console's warning (a move reply without a playable action)."""
    play: bool = False
    """Play :attr:`action` (medium's, chosen on the page, when it is ``None``)."""
    action: Any = None


def side_writes(variant: str, value: str) -> tuple[w.Write, ...]:
    """The New game dialog's line on who plays which side and who opens, for a new game
    of ``variant`` with the "Computer plays" choice ``value`` (hidden when empty)."""
    said = computer_page.dialog_side_text(variant, value)
    return (w.text(computer_page.SIDE_ID, said), w.hidden(computer_page.SIDE_ID, not said))


def opening_writes(game: Game[Any], computer: int | None, status: str) -> tuple[w.Write, ...]:
    """The status line (now ``status``) saying who plays which side and who opens, at the
    start of a game (:func:`~paisho_page.computer.choices.opening_status`); nothing when it
    already does or need not."""
    said = computer_page.opening_status(game, computer, status)
    return () if said == status else (w.text("status", said),)


def thinking_writes(on: bool, level: str) -> tuple[w.Write, ...]:
    """The board's frame marked with the computer's ``level`` while it thinks (``on``),
    or unmarked."""
    return (w.attr_or_none(HOLDER, "data-thinking", level if on else None),)


class ComputerClient(SearchClient):
    """The worker's protocol state (:class:`SearchClient`) and the page's decisions
    around it."""

    def seat_for(self, game: Game[Any], own: Collection[int] | None) -> int | None:
        """The seat the one-computer choice plays in ``game`` (``None``: nobody, or the
        variant decides its computer seats itself: ``own`` is not ``None``)."""
        return None if own is not None else self.seat_in(game)

    def mover_for(self, game: Game[Any], own: Collection[int] | None) -> int | None:
        """The computer seat whose moves the worker searches now in ``game``: with the
        variant's own computer seats (``own``, several at once), the one to move if it is
        one of them; else the one-computer seat (:meth:`seat_for`)."""
        if own is None:
            return self.seat_in(game)
        return game.to_move if game.to_move in own else None

    def plan(self, game: Game[Any], own: Collection[int] | None, live: bool) -> RefreshPlan:
        """What to do after a redraw (``live``: no replay shown):
        :meth:`SearchClient.after_refresh` for the computer seat to move
        (:meth:`mover_for`), so the variant's own computer seats (``own``) ask the
        worker, one at a time, exactly as the one-computer seat does; a person to move
        live may ask for a Hint (the seat holding the device: the Hint reads only its
        view).  The worker boots as soon as the game has a computer seat."""
        plan = self.after_refresh(game, self.mover_for(game, own), live)
        if own:
            return RefreshPlan(plan.hint_turn, True, plan.unmark, plan.show_thinking, plan.schedule)
        return plan

    def reply(
        self, game: Game[Any], mover: int | None, data: str, coordinates: bool = False
    ) -> Reply:
        """What to do with the worker's message ``data`` while ``game`` is the page's
        game and ``mover`` the computer's seat: its boot (then the worker is ready), a
        hint (in words, naming points only when ``coordinates`` are shown), or a move
        (played only if it answers the search in progress, in the position asked
        about); anything else is ignored."""
        message = parse_reply(data)
        if message is None:
            return Reply()
        kind = reply_kind(message)
        if kind == "ready":
            self.worker_ready = True
            return Reply(writes=boot_writes(message), show_thinking=self.asked is not None)
        if kind == "hint":
            answer = self.hint_reply(game, message, coordinates)
            if answer is None:
                return Reply()
            writes, shown = answer
            return Reply(hint_bar=True, writes=writes, redraw=shown)
        move = self.take_move(game, mover, message)
        warning = fallback_warning(message) if move.play and move.action is None else ""
        return Reply(unmark=move.answered, warning=warning, play=move.play, action=move.action)

    def hint_control_writes(
        self, game: Game[Any], persons_turn: bool, line_for: str | None
    ) -> tuple[w.Write, ...]:
        """After a redraw: the Hint bar shown for the variants with a Hint, its button
        enabled while a person is to move (``persons_turn``), and the evaluation line
        emptied when it no longer fits the position (``line_for``: the notation it was
        written for; see :meth:`SearchClient.drop_stale_hint`)."""
        writes = [
            w.hidden(HINT_BAR, not has_hint(game.info)),
            w.disabled(HINT_BUTTON, not persons_turn),
        ]
        if self.drop_stale_hint(game.to_text(), line_for):
            writes.append(w.text(HINT_LINE, ""))
        return tuple(writes)

    def hint_request(
        self, game: Game[Any], worker: bool, coordinates: bool = False
    ) -> tuple[str | None, tuple[w.Write, ...]]:
        """The Hint button was pressed: the request to post (``None``: no hint here — the
        game is over, its variant has no Hint, or no ``worker`` can run) and what the
        evaluation line says meanwhile (its sentences name points and moves only when
        ``coordinates`` are shown)."""
        if not worker or game.to_move is None or not has_hint(game.info):
            return None, (w.text(HINT_LINE, _(computer_page.NO_HINT)),)
        request = self.ask_hint(game, coordinates)
        return request, (w.text(HINT_LINE, computer_page.hint_waiting_text(self.worker_ready)),)


def medium_move(game: Game[Any]) -> Any:
    """Medium's action for the player to move, chosen on the page's own thread (no
    worker, or a bad reply from it)."""
    return choose_action(game, seed=len(game.history), level="medium")
