"""The page's interaction state, pure and variant-agnostic (tested under CPython).

The page turns each click into a *token* (see :meth:`Game.action_clicks`):
``point:(x,y)``, ``reserve:<code>``, ``accents:<text>`` or ``skip``.  :class:`UIState`
matches the tokens clicked so far against the click paths of every legal action:

* a token that continues some path *extends* the selection (its next tokens light up);
* a token that completes exactly one action *completes* it: :meth:`UIState.click`
  returns the action, already applied to the game;
* a token that starts a path afresh (another tile of yours) *re-selects*;
* anything else is *refused* with a human message saying why, and changes nothing.

A variant may ask for some actions to be confirmed (:func:`confirm_prompt`): the click
that would complete one only *selects* it, with the variant's prompt as the message; a
second click on the same token completes it, and any other click (or Esc) cancels.

It also keeps a keyboard cursor over the board points, undo/redo (snapshots of the
game), the points of the last action, and builds the :class:`~paisho_core.render.RenderView`
for :func:`~paisho_core.render.render_svg`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar

from paisho_core.board import ON_BOARD, POINT_OF, POINTS, Point, index_of, on_board
from paisho_core.render import RenderView
from paisho_core.rings import find_ring, winning_ring
from paisho_core.tokens import (
    ACCENTS_PREFIX,
    POINT_PREFIX,
    RESERVE_PREFIX,
    SKIP,
    accent_codes,
    point_token,
    token_point,
)
from paisho_page.play import ui_text
from paisho_page.play.ui_history import Action, AnyGame, History
from paisho_page.words.i18n import _
from paisho_page.words.said import ERROR, INFO

__all__ = [
    "ACCENTS_PREFIX",
    "POINT_PREFIX",
    "RESERVE_PREFIX",
    "SKIP",
    "Action",
    "AnyGame",
    "ClickResult",
    "UIState",
    "accent_codes",
    "all_points",
    "confirm_prompt",
    "find_ring",
    "page_clicks",
    "point_token",
    "token_point",
]


CONFIRM_HOOK = "confirm_prompt"
"""The function a variant's page-logic module, ``paisho_page.panels.<variant>``, may
define to ask confirmation of some actions: ``confirm_prompt(game, action) -> str``
(``""``: none asked; else the words shown while the action waits for its second click)."""

_CONFIRMS: dict[str, Callable[[Any, Any], str] | None] = {}


def confirm_prompt(game: AnyGame, action: Action) -> str:
    """The words asking to confirm ``action`` before it is made (``""``: made at once),
    from the game's variant's :data:`CONFIRM_HOOK`."""
    variant = str(getattr(getattr(game, "info", None), "name", ""))
    if variant not in _CONFIRMS:
        try:
            module = importlib.import_module(f"paisho_page.panels.{variant}")
        except ImportError:
            module = None
        _CONFIRMS[variant] = getattr(module, CONFIRM_HOOK, None)
    prompt = _CONFIRMS[variant]
    return prompt(game, action) if prompt is not None else ""


def page_clicks(game: AnyGame, action: Action) -> tuple[str, ...]:
    """The clicks that make ``action`` on the page: its click path, with its last click
    repeated when the action asks confirmation or another action's path goes on from it
    (a Wiki move that a Boat's push could continue: clicking the point again ends it)."""
    clicks = tuple(game.action_clicks(action))
    if not clicks:
        return clicks
    n = len(clicks)
    goes_on = any(len(path) > n and tuple(path[:n]) == clicks
                  for other in game.legal_actions()
                  for path in game.action_click_paths(other))
    return (*clicks, clicks[-1]) if goes_on or confirm_prompt(game, action) else clicks


class Click(StrEnum):
    """What a click did (each member is its id, a string)."""

    EXTEND = "extend"
    """The selection grew."""
    COMPLETE = "complete"
    """The action was applied."""
    RESELECT = "reselect"
    """The selection restarted."""
    CANCEL = "cancel"
    """The selection shrank or was cleared."""
    CURSOR = "cursor"
    """The keyboard cursor moved."""
    REFUSE = "refuse"
    """Nothing changed; the message says why."""
    NONE = "none"
    """An ignored key."""


@dataclass(frozen=True)
class ClickResult:
    """What a click did: its ``kind`` (:class:`Click`), the ``message`` to show (why it
    was refused, a prompt) and the ``action`` it applied (``complete`` only)."""

    kind: Click
    message: str = ""
    action: Action | None = None

    @property
    def changed(self) -> bool:
        """True when the click changed the selection, the cursor or the game."""
        return self.kind not in (Click.REFUSE, Click.NONE)


class UIState(History):
    """Selection, highlights, keyboard cursor and undo/redo around one game.

    Undo/redo and the game itself are :class:`~paisho_page.play.ui_history.History`'s; the
    status line, the result and why a click is refused are worded by
    :mod:`paisho_page.play.ui_text`.
    """

    def __init__(
        self, game: AnyGame, undo: bool = True, before_last: AnyGame | None = None
    ) -> None:
        """Wrap ``game``; with ``undo``, the undo stack is rebuilt by replaying its history
        (put off until the first undo when ``before_last``, the position before the last
        action, is given: see :class:`~paisho_page.play.ui_history.History`)."""
        self.clicks: tuple[str, ...] = ()
        self.cursor: Point = Point(0, 0)
        self.cursor_visible = False
        self._paths: dict[tuple[str, ...], list[Action]] | None = None
        self._next: dict[tuple[str, ...], frozenset[str]] = {}
        super().__init__(game, undo, before_last)

    def _invalidate(self) -> None:
        """The game changed: forget the click paths, the next tokens and the selection."""
        self._paths = None
        self._next = {}
        self.clicks = ()

    # --------------------------------------------------------------- click paths
    def paths(self) -> dict[tuple[str, ...], list[Action]]:
        """Every legal action's click paths (computed once per position; a variant may
        accept several orders for one action: see ``Game.action_click_paths``)."""
        if self._paths is None:
            paths: dict[tuple[str, ...], list[Action]] = {}
            if self.game.to_move is not None:
                for action in self.game.legal_actions():
                    for path in self.game.action_click_paths(action):
                        paths.setdefault(tuple(path), []).append(action)
            self._paths = paths
        return self._paths

    def next_tokens(self, prefix: Sequence[str] | None = None) -> frozenset[str]:
        """The tokens that continue ``prefix`` (default: the current selection); an action
        waiting to be confirmed is continued by its last click again.  Computed once per
        position and prefix: every reader of a redraw or a hover shares the answer."""
        pre = tuple(self.clicks if prefix is None else prefix)
        found = self._next.get(pre)
        if found is None:
            found = self._next[pre] = self._next_tokens(pre)
        return found

    def _next_tokens(self, pre: tuple[str, ...]) -> frozenset[str]:
        n = len(pre)
        tokens = frozenset(p[n] for p in self.paths() if len(p) > n and p[:n] == pre)
        if tokens or not pre:
            return tokens
        done = self._completes(pre)
        if len(done) == 1 and confirm_prompt(self.game, done[0]):
            return frozenset((pre[-1],))
        return tokens

    def _completes(self, prefix: tuple[str, ...]) -> list[Action]:
        return self.paths().get(prefix, [])

    def _continues(self, prefix: tuple[str, ...]) -> bool:
        n = len(prefix)
        return any(len(p) > n and p[:n] == prefix for p in self.paths())

    # -------------------------------------------------------------------- clicks
    def click(self, token: str, owner: int | None = None) -> ClickResult:
        """Handle one click token; ``owner`` is the seat of a clicked reserve tile.

        Completing an action applies it to :attr:`game` and returns it in the result.
        """
        result = self._click(token, owner)
        self.message = result.message
        self.message_kind = ERROR if result.kind is Click.REFUSE else INFO
        return result

    def _click(self, token: str, owner: int | None) -> ClickResult:
        game = self.game
        if game.to_move is None:
            return ClickResult(Click.REFUSE, _("The game is over."))
        if owner is not None and owner != game.to_move and token.startswith(RESERVE_PREFIX):
            return ClickResult(Click.REFUSE, ui_text.not_your_tile(self.player_name(game.to_move)))
        pre = self.clicks
        new = (*pre, token)
        # clicking the last selected token again: confirm (if it completes) or step back
        if pre and token == pre[-1]:
            if self._completes(pre) and len(self._completes(pre)) == 1:
                return self._complete(pre)
            self.clicks = pre[:-1]
            return ClickResult(Click.CANCEL, "")
        if self._completes(new) or self._continues(new):
            return self._advance(new, Click.EXTEND)
        if pre and (self._completes((token,)) or self._continues((token,))):
            return self._advance((token,), Click.RESELECT)
        if self.confirming:  # a click elsewhere drops the action waiting to be confirmed
            return self.cancel()
        return ClickResult(Click.REFUSE, self._why(token))

    @property
    def may_end_here(self) -> bool:
        """Whether the selection already makes one action that other clicks could carry
        on (clicking its last point again ends it there)."""
        pre = self.clicks
        return bool(pre) and len(self._completes(pre)) == 1 and self._continues(pre)

    @property
    def confirming(self) -> str:
        """The prompt of the action the selection waits to confirm (empty: none)."""
        done = self._completes(self.clicks) if self.clicks else []
        if len(done) != 1 or self._continues(self.clicks):
            return ""
        return confirm_prompt(self.game, done[0])

    def _advance(self, new: tuple[str, ...], kind: Click) -> ClickResult:
        done = self._completes(new)
        if len(done) == 1 and not self._continues(new):
            prompt = confirm_prompt(self.game, done[0])
            if not prompt:
                return self._complete(new)
            self.clicks = new
            return ClickResult(kind, prompt)
        self.clicks = new
        if token_point(new[-1]) is None:
            self._cursor_to_next()
        if len(done) > 1 and not self._continues(new):  # pragma: no cover - engine bug
            return ClickResult(kind, _("Several actions share these clicks."))
        return ClickResult(kind, "")

    def _complete(self, path: tuple[str, ...]) -> ClickResult:
        action = self._completes(path)[0]
        self.apply(action)
        return ClickResult(Click.COMPLETE, "", action)

    def _cursor_to_next(self) -> None:
        """Put the keyboard cursor on a next legal point (after a reserve click)."""
        points = self.highlighted_points()
        if points and self.cursor not in points:
            self.cursor = min(
                points,
                key=lambda p: (abs(p.x - self.cursor.x) + abs(p.y - self.cursor.y), -p.y, p.x),
            )

    # ------------------------------------------------------------------ refusals
    def _why(self, token: str) -> str:
        """A human reason why ``token`` cannot be clicked now."""
        return ui_text.refusal(self, token)

    # -------------------------------------------------------------------- cancel
    def cancel(self) -> ClickResult:
        """Drop the selection being built (Esc)."""
        if not self.clicks:
            return ClickResult(Click.NONE)
        self.clicks = ()
        self.message, self.message_kind = _("Selection cancelled."), INFO
        return ClickResult(Click.CANCEL, self.message)

    # ------------------------------------------------------------------ keyboard
    def move_cursor(self, dx: int, dy: int) -> ClickResult:
        """Move the cursor one point in a direction (``+dy`` north), skipping gaps."""
        self.cursor_visible = True
        x, y = self.cursor.x + dx, self.cursor.y + dy
        while -8 <= x <= 8 and -8 <= y <= 8:
            if on_board(x, y):
                self.cursor = POINT_OF[index_of(x, y)]
                return ClickResult(Click.CURSOR, "")
            x, y = x + dx, y + dy
        return ClickResult(Click.CURSOR, "")

    _KEYS: ClassVar[dict[str, tuple[int, int]]] = {
        "ArrowUp": (0, 1),
        "ArrowDown": (0, -1),
        "ArrowLeft": (-1, 0),
        "ArrowRight": (1, 0),
    }

    def key(self, name: str) -> ClickResult:
        """Handle a key by its DOM ``key`` name: arrows, Enter/Space, Escape."""
        if name in self._KEYS:
            return self.move_cursor(*self._KEYS[name])
        if name in ("Enter", " ", "Spacebar"):
            self.cursor_visible = True
            return self.click(point_token(self.cursor))
        if name in ("Escape", "Esc"):
            return self.cancel()
        return ClickResult(Click.NONE)

    # ---------------------------------------------------------------- what to show
    def highlighted_points(self, tokens: frozenset[str] | None = None) -> frozenset[Point]:
        """The board points among the next tokens."""
        toks = self.next_tokens() if tokens is None else tokens
        out = set()
        for t in toks:
            p = token_point(t)
            if p is not None:
                out.add(p)
        return frozenset(out)

    def highlighted_reserve(self) -> frozenset[str]:
        """Codes of the mover's reserve tiles that can be clicked next."""
        return frozenset(
            t[len(RESERVE_PREFIX) :] for t in self.next_tokens() if t.startswith(RESERVE_PREFIX)
        )

    @property
    def selected_reserve(self) -> str | None:
        """The reserve tile code in the current selection, if any."""
        for t in self.clicks:
            if t.startswith(RESERVE_PREFIX):
                return t[len(RESERVE_PREFIX) :]
        return None

    @property
    def can_skip(self) -> bool:
        """True when Skip is legal now (also while a bonus tile is being placed)."""
        return SKIP in self.next_tokens(())

    def accent_tokens(self) -> list[str]:
        """The legal ``accents:`` tokens (the accent chooser's choices), sorted."""
        return sorted(t for t in self.next_tokens() if t.startswith(ACCENTS_PREFIX))

    def accent_pool(self) -> tuple[dict[str, int], int]:
        """What the accent chooser offers: max count per code, and how many to pick."""
        pool: dict[str, int] = {}
        size = 0
        for tok in self.accent_tokens():
            codes = accent_codes(tok)
            size = max(size, len(codes))
            for code in set(codes):
                pool[code] = max(pool.get(code, 0), codes.count(code))
        return pool, size

    def accent_token_for(self, codes: Sequence[str]) -> str | None:
        """The legal ``accents:`` token choosing exactly the multiset ``codes``."""
        want = sorted(codes)
        for tok in self.accent_tokens():
            if sorted(accent_codes(tok)) == want:
                return tok
        return None

    def last_move_points(self) -> frozenset[Point]:
        """The board points touched by the last action."""
        out = set()
        for t in self.last_clicks:
            p = token_point(t)
            if p is not None:
                out.add(p)
        return frozenset(out)

    def view(self) -> RenderView:
        """The render info for :func:`~paisho_core.render.render_svg`."""
        selected = frozenset(p for p in (token_point(t) for t in self.clicks) if p is not None)
        return RenderView(
            selected=selected,
            highlights=self.highlighted_points(),
            cursor=self.cursor if self.cursor_visible else None,
            last_move=self.last_move_points(),
            ring=self.ring(),
        )

    def ring(self) -> tuple[Point, ...]:
        """The winning Harmony Ring's points, when the game was won by one."""
        return winning_ring(self.game)

    def status(self) -> str:
        """One line for the status bar: whose turn and what to do, or the result."""
        return ui_text.status(self)

    def result_text(self) -> str:
        """The result of a finished game in words (empty while it runs)."""
        return ui_text.result_text(self)


def all_points() -> tuple[Point, ...]:
    """Every board point in reading order (for keyboard helpers and tests)."""
    return tuple(POINT_OF[i] for i in POINTS if ON_BOARD[i])
