"""A position played on the real board against a check: the part a lesson's task and a
puzzle share.

:class:`BoardDrill` matches the reader's clicks with a :class:`~paisho_page.play.ui.UIState`
over a copy of the position (a refused click gets the engine's own rule message and
changes nothing) and hands each completed action to :meth:`BoardDrill.checked`, which a
lesson (:class:`paisho_page.learn.session.Session`) or a puzzle
(:class:`paisho_page.puzzles.play.PuzzleSession`) defines.  It shows the mover's reserve
or hand only (another seat's hidden hand never reaches the page), the other choices of
the next click (a draw, a Wheel's turns), Skip or Pass, and the tile a game drew.
Never names a variant.  Pure.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from paisho_core.board import Point
from paisho_core.tokens import SKIP, point_token, reserve_code, reserve_token, token_point
from paisho_page.embed.demo_viewer import choice_label, choice_order
from paisho_page.play.ui import Click, ClickResult, UIState
from paisho_page.words.i18n import _
from paisho_page.words.said import ERROR, INFO

HINT_CLASS = "hint"
FOCUS_CLASS = "focus"
"""The board's classes for a hinted point and a point the prompt names."""


class State(StrEnum):
    """Where the reader is in the task or puzzle."""

    PLAYING = "playing"
    MET = "met"
    SHOWN = "shown"
    DONE = "done"
    """The lesson's last task is met (or shown)."""
    MISSED = "missed"
    """A puzzle's wrong turn stands on the board."""


@dataclass(frozen=True)
class ReserveTile:
    """One tile of the mover's reserve or hand, as the view offers it."""

    code: str
    count: int
    playable: bool
    selected: bool


def sentence(text: str) -> str:
    """``text`` with a capital first letter (an engine message starts small)."""
    return text[:1].upper() + text[1:]


def action_points(game: Any, actions: list[Any]) -> frozenset[Point]:
    """The points ``actions`` click, played one after another from ``game`` (a copy
    the caller gives away)."""
    points: set[Point] = set()
    for action in actions:
        points.update(p for p in (token_point(t) for t in game.action_clicks(action))
                      if p is not None)
        game.apply(action)
    return frozenset(points)


class BoardDrill:
    """The reader's clicks on a position, each completed action handed to :meth:`checked`."""

    state: State = State.PLAYING
    message: str = ""
    kind: str = INFO
    hinted: frozenset[Point] = frozenset()
    ui: UIState

    def fresh_ui(self, game: Any) -> None:
        """Take clicks on a copy of ``game``."""
        self.ui = UIState(game.copy(), undo=False)

    @property
    def playing(self) -> bool:
        """Whether the position takes clicks now."""
        return self.state == State.PLAYING

    def checked(self, action: Any) -> None:
        """What a completed action does (a lesson's goal, a puzzle's solution)."""
        raise NotImplementedError

    def done_refusal(self) -> str:
        """What a click says once the position takes no more."""
        return _("This task is done: go on with Next.")

    # ---------------------------------------------------------------- the reader acts
    def click(self, token: str, owner: int | None = None) -> ClickResult:
        """A click on the board, a reserve tile or a choice (a token)."""
        if not self.playing:
            return ClickResult(Click.REFUSE, self.done_refusal())
        result = self.ui.click(token, owner)
        self.hinted = frozenset()
        if result.kind == Click.REFUSE:
            self.message, self.kind = result.message, ERROR
        elif result.kind == Click.COMPLETE and result.action is not None:
            self.checked(result.action)
        else:
            self.message, self.kind = result.message, INFO
        return result

    def key(self, name: str) -> ClickResult:
        """A key on the board (arrows, Enter, Escape), as the game page takes it."""
        if not self.playing:
            return ClickResult(Click.NONE)
        if name in ("Enter", " ", "Spacebar"):
            self.ui.cursor_visible = True
            return self.click(point_token(self.ui.cursor))
        return self.ui.key(name)

    # ---------------------------------------------------------------- what to show
    @property
    def game(self) -> Any:
        """The game the board shows."""
        return self.ui.game

    def status(self) -> str:
        """Whose turn and what to do (while playing), else empty; when the selection
        already makes a move that could go on, how to end it there."""
        if not self.playing:
            return ""
        if self.ui.may_end_here:
            return " ".join((self.ui.status(),
                             _("Click the same point again to end the move there.")))
        return self.ui.status()

    def drawn(self) -> str | None:
        """The code of the tile to place, where the game draws it for the player."""
        value = self.ui.game.extra_json().get("drawn")
        return value if isinstance(value, str) else None

    def reserve(self) -> tuple[str, list[ReserveTile]]:
        """The mover's name and their reserve or hand (never another seat's)."""
        game = self.ui.game
        mover = game.to_move
        if mover is None or not self.playing:
            return "", []
        hands = game.reserves(mover)
        if mover >= len(hands):
            return "", []
        playable = self.ui.next_tokens()
        selected = self.ui.selected_reserve
        tiles = [ReserveTile(code, n, reserve_token(code) in playable, code == selected)
                 for code, n in sorted(hands[mover].items()) if n > 0 and code != "?"]
        return str(game.players[mover]), tiles

    def choices(self) -> list[tuple[str, str]]:
        """The next clicks that are neither a point nor a reserve tile nor Skip, as
        ``(token, label)``: a draw, a Wheel's turns."""
        if not self.playing or self.ui.game.to_move is None:
            return []
        out = []
        for token in sorted(self.ui.next_tokens(), key=choice_order):
            label = choice_label(token)
            if label is not None and reserve_code(token) is None:
                out.append((token, label))
        return out

    @property
    def can_skip(self) -> bool:
        """Whether Skip (a bonus declined) or Pass is a legal click now."""
        return self.playing and SKIP in self.ui.next_tokens(())

    def skip_label(self) -> str:
        """"Skip bonus" for a Harmony Bonus, else "Pass"."""
        return _("Skip bonus") if getattr(self.ui.game, "bonus_pending", False) else _("Pass")
