"""Undo/redo around the page's game (part of :class:`paisho_page.play.ui.UIState`).

:class:`History` holds the game, a snapshot of the game before each action (or
resignation) so that undo is exact for every variant, the undone ones for redo, and the
clicks of the last action (the board marks its points).  Pure and variant-agnostic.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from paisho_core.errors import PaiShoError
from paisho_core.protocol import Game
from paisho_page.words import names
from paisho_page.words.i18n import _
from paisho_page.words.said import ERROR, INFO, Kind

Action = Hashable
AnyGame = Game[Any]


@dataclass
class _Undo:
    before: AnyGame
    action: Action | None  # None: a resignation
    last: tuple[str, ...]


def _snapshots(game: AnyGame, history: list[Action]) -> tuple[list[_Undo], tuple[str, ...]]:
    """The undo entries of ``history`` replayed on a fresh game like ``game`` (and of its
    resignation), and the clicks of the last action; nothing when it does not replay."""
    undo: list[_Undo] = []
    last: tuple[str, ...] = ()
    if not history:
        return undo, last
    try:
        info = game.info
        if info.min_players != info.max_players:  # a choice of seats (Ancient)
            fresh: AnyGame = type(game)(game.options, game.seed, len(game.players))
        else:
            fresh = type(game)(game.options, game.seed)
        for action in history:
            clicks = fresh.action_clicks(action)
            undo.append(_Undo(fresh.copy(), action, last))
            last = clicks
            fresh.apply(action)
        if game.resigned is not None:
            undo.append(_Undo(fresh.copy(), None, last))
    except (PaiShoError, TypeError):
        return [], ()
    return undo, last


class History:
    """One game with undo/redo, the clicks of its last action and a message line."""

    def __init__(
        self, game: AnyGame, undo: bool = True, before_last: AnyGame | None = None
    ) -> None:
        """Wrap ``game``; with ``undo``, the undo stack is rebuilt by replaying its history.

        ``before_last`` (the position before the last action of ``game.history``, e.g.
        from a link just replayed) puts that replay off until the first undo: the clicks
        of the last action are taken from it, so a long game is shown at once.
        """
        self.game: AnyGame = game
        self.message = ""
        self.message_kind: Kind = INFO
        """What :attr:`message` tells (:mod:`paisho_page.words.said`): its colour on the page."""
        self.last_clicks: tuple[str, ...] = ()
        self._undo: list[_Undo] = []
        self._redo: list[tuple[Action | None, AnyGame | None]] = []
        self._deferred: tuple[AnyGame, list[Action]] | None = None
        """The game and actions whose snapshots are still to be made (see :meth:`_stack`)."""
        if not undo:
            return
        history = list(getattr(game, "history", []))
        if before_last is not None and history:
            try:
                self.last_clicks = tuple(before_last.action_clicks(history[-1]))
            except PaiShoError:
                self.last_clicks = ()
            self._deferred = (game.copy(), history)
        else:
            self._rebuild_history()

    # ------------------------------------------------------------------ history
    def _rebuild_history(self) -> None:
        """Replay the game's history on a fresh game to make undo snapshots."""
        history = list(getattr(self.game, "history", []))
        self._undo, self.last_clicks = _snapshots(self.game, history)

    def _stack(self) -> list[_Undo]:
        """The undo stack, with the snapshots put off by ``before_last`` made now (under
        the entries of the actions made since)."""
        if self._deferred is not None:
            game, history = self._deferred
            self._deferred = None
            made, _ = _snapshots(game, history)
            self._undo[:0] = made
        return self._undo

    def _invalidate(self) -> None:
        """The game changed: forget what was worked out from the old position (the
        interaction state extends this)."""

    def apply(self, action: Action) -> None:
        """Apply ``action`` (legal, or :class:`IllegalMove` is raised), recording undo."""
        clicks = self.game.action_clicks(action) if self.game.to_move is not None else ()
        before = self.game.copy()
        self.game.apply(action)
        self._undo.append(_Undo(before, action, self.last_clicks))
        self._redo.clear()
        self.last_clicks = clicks
        self._invalidate()
        self.message = ""

    def resign(self) -> str:
        """The player to move resigns; return a message (empty if refused)."""
        if self.game.to_move is None:
            self.message, self.message_kind = _("The game is over."), ERROR
            return ""
        before = self.game.copy()
        who = self.player_name(self.game.to_move)
        self.game.resign()
        self._undo.append(_Undo(before, None, self.last_clicks))
        self._redo.clear()
        self._invalidate()
        self.message, self.message_kind = _("{player} resigned.").format(player=who), INFO
        return self.message

    @property
    def can_undo(self) -> bool:
        """True when there is an action to undo."""
        return bool(self._undo) or self._deferred is not None

    @property
    def can_redo(self) -> bool:
        """True when there is an undone action to redo."""
        return bool(self._redo)

    def undo(self) -> bool:
        """Take back the last action (or resignation); False if there is none."""
        stack = self._stack()
        if not stack:
            return False
        entry = stack.pop()
        self._redo.append((entry.action, self.game))
        self.game = entry.before
        self.last_clicks = entry.last
        self._invalidate()
        self.message = ""
        return True

    def redo(self) -> bool:
        """Play the last undone action again; False if there is none."""
        if not self._redo:
            return False
        action, after = self._redo.pop()
        before = self.game
        clicks = self.game.action_clicks(action) if action is not None else self.last_clicks
        self._undo.append(_Undo(before, action, self.last_clicks))
        if after is not None:
            self.game = after
        elif action is None:
            self.game = before.copy()
            self.game.resign()
        else:  # pragma: no cover - snapshots are always kept
            self.game = before.copy()
            self.game.apply(action)
        self.last_clicks = clicks
        self._invalidate()
        self.message = ""
        return True

    # ---------------------------------------------------------------- names
    @property
    def variant(self) -> str:
        """The variant's short name."""
        return str(self.game.info.name)

    def player_name(self, index: int | None) -> str:
        """A player's display name (``Host``), or ``Nobody``."""
        return names.player_name(self.game.players, index)
