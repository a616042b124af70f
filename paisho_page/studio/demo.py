"""The demo a Studio author writes: pure logic for ``studio.html``.

A :class:`Draft` is the demo's steps after the start position (the editor's set-up):
step 0 is the start, with its caption and highlighted points; each later step is one
action played on the board (checked by the engine as it is played: the page's clicks go
through a :class:`~paisho_page.play.ui.UIState`), its caption and its highlighted points.
A step may also list moves the demo shows *refused* (illegal there: the engine checks
them as it replays the demo), and carry alternatives ("if instead…",
:mod:`paisho_page.studio.branches`): the author opens one (:attr:`Draft.branch`) and
writes its steps as the demo's, from the position before the step that carries it.
Steps are reordered, edited and deleted; :meth:`Draft.data` is the demo's JSON object
(the library's schema plus ``"variant"``, :mod:`paisho_core.demolink`), and
:meth:`Draft.frames` replays it for the board, as a reader will see it
(:meth:`Draft.line_frames`: the line being written).
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any

from paisho_core import demolink, setups
from paisho_core.board import Point
from paisho_core.demos import (
    MAX_ALTERNATIVE_STEPS,
    MAX_ALTERNATIVES,
    Frame,
    frames,
    play_alternative,
)
from paisho_core.demos.export import step_view
from paisho_core.errors import PaiShoError
from paisho_core.tokens import point_token
from paisho_page.play.ui import Click, UIState
from paisho_page.studio import branches
from paisho_page.studio.branches import Branch, StepDraft
from paisho_page.words.i18n import N_, _, describe, ngettext, word

START_CAPTION = N_("A position set up in the Pai Sho Studio.")
"""Step 0's caption until the author writes one (in the page's language when the draft
is made)."""
TITLE = N_("A Pai Sho position")
"""The demo's title until the author writes one (in the page's language)."""
IF_INSTEAD = N_("If instead…")
"""A new alternative's introduction until the author writes one."""


REFUSED_SEPARATORS = re.compile(r"[\n;]")
"""What separates the moves of the "Moves shown as refused" field: a new line or ``;``."""
MAX_MOVE_TEXT = 200
"""Longest text of one refused move (:mod:`paisho_core.demolink`'s bound)."""


def parse_refused(text: str) -> tuple[tuple[str, ...], str]:
    """The moves of the "Moves shown as refused" field (one per line or ``;``-separated,
    blanks dropped), and why some were left out (``""``: none): past
    :data:`paisho_core.demolink.MAX_MARKS` moves, or a move longer than a move is."""
    moves = [m.strip() for m in REFUSED_SEPARATORS.split(text) if m.strip()]
    why = ""
    if any(len(m) > MAX_MOVE_TEXT for m in moves):
        moves = [m for m in moves if len(m) <= MAX_MOVE_TEXT]
        why = ngettext(
            "A move is at most {limit} character long: the longer one is left out.",
            "A move is at most {limit} characters long: the longer one is left out.",
            MAX_MOVE_TEXT,
        ).format(limit=MAX_MOVE_TEXT)
    if len(moves) > demolink.MAX_MARKS:
        moves = moves[: demolink.MAX_MARKS]
        why = ngettext(
            "A step shows at most {count} move refused.",
            "A step shows at most {count} moves refused.",
            demolink.MAX_MARKS,
        ).format(count=demolink.MAX_MARKS)
    return tuple(moves), why


def refused_text(step: StepDraft) -> str:
    """The step's refused moves as the field shows them, one per line."""
    return "\n".join(step.refused)


def _move_caption(game: Any, move: str) -> str:
    """A new step's caption until the author writes one: who plays ``move``."""
    if game.to_move is None:
        return _("{move} is played.").format(move=move)
    player = word("player", str(game.players[game.to_move]).capitalize())
    return _("{player} plays {move}.").format(player=player, move=move)


class Draft:
    """The demo being written, the step shown and a move being played from it."""

    def __init__(self) -> None:
        """A demo of the start position alone (a shared position)."""
        self.steps: list[StepDraft] = [StepDraft(caption=_(START_CAPTION))]
        """The demo's steps (the start first), each with its alternatives."""
        self.branch: Branch = None
        """The alternative being written (``(step, index)``), or ``None``: the demo's
        own steps; :attr:`at` counts in that line (0: the alternative's introduction)."""
        self.title = ""
        self.at = 0
        self.playing: UIState | None = None
        self.message = ""
        self._replayed: tuple[object, tuple[list[Frame], str]] | None = None
        self._linked: tuple[object, tuple[str, str]] | None = None
        self.kept: tuple[setups.Setup, dict[str, Any]] | None = None
        """The start of a demo opened from a link, with the set-up it was shown as: while
        the author leaves that position as it is, the demo keeps its own start (a set-up
        cannot hold all of it: a fixed bag, others' hands, an opening's turn count)."""

    # ------------------------------------------------------------------ the data
    def data(self, setup: setups.Setup, stand_in: bool = False) -> dict[str, Any]:
        """The demo's JSON object from ``setup``; ``stand_in`` puts a mark in empty
        captions (to replay a demo whose captions are still being written)."""
        variant = setup.variant

        def caption(text: str) -> str:
            return text if text.strip() or not stand_in else "…"

        start, *rest = self.steps
        out: dict[str, Any] = {
            "variant": variant,
            "name": f"{variant}-studio",
            "title": self.title.strip() or _(TITLE),
            **(
                self.kept[1]
                if self.kept is not None and self.kept[0] == setup
                else setups.demo_start(setup)
            ),
            "caption": caption(start.caption),
            **branches.start_json(start),
        }
        out["steps"] = [branches.step_json(s, caption) for s in rest]
        return out

    def frames(self, setup: setups.Setup) -> tuple[list[Frame], str]:
        """Every step replayed by the engine (empty captions stood in for), or ``[]``
        and why not: the position's problems, or the first bad step (kept until the
        position or the steps change)."""
        key = (setup, tuple(self.steps), self.title)
        if self._replayed is None or self._replayed[0] != key:
            try:
                demo = demolink.check(self.data(setup, stand_in=True))
                self._replayed = (key, (list(frames(demo)), ""))
            except PaiShoError as exc:
                self._replayed = (key, ([], describe(exc)))
        return self._replayed[1]

    def line_frames(self, setup: setups.Setup) -> tuple[list[Frame], str]:
        """The line being written replayed: :meth:`frames`, or the alternative's (its
        introduction, the position before its step, first), or ``[]`` and why not."""
        shown, why = self.frames(setup)
        if self.branch is None or not shown:
            return shown, why
        index, number = self.branch
        alt = self.steps[index].alternatives[number]
        try:
            made = branches.alternative(alt, lambda text: text if text.strip() else "…")
            return play_alternative("studio", shown[index - 1].game, made, index, number), ""
        except PaiShoError as exc:
            return [], describe(exc)

    def link(self, setup: setups.Setup) -> tuple[str, str]:
        """``(fragment, "")`` of the demo's link, or ``("", why not)`` (kept until the
        position, the steps or the title change: one draw asks more than once)."""
        key = (setup, tuple(self.steps), self.title)
        if self._linked is None or self._linked[0] != key:
            try:
                self._linked = (key, (demolink.fragment(self.data(setup)), ""))
            except PaiShoError as exc:
                self._linked = (key, ("", _("No link yet: {error}.").format(error=describe(exc))))
        return self._linked[1]

    def json_text(self, setup: setups.Setup) -> str:
        """The demo's JSON, indented (the library's schema), or ``""``."""
        try:
            return json.dumps(self.data(setup), ensure_ascii=False, indent=2)
        except PaiShoError:
            return ""

    # ------------------------------------------------------------------ lines
    def line(self) -> list[StepDraft]:
        """The steps of the line being written (:func:`~paisho_page.studio.branches.line`)."""
        return branches.line(self.steps, self.branch)

    def _put(self, index: int, step: StepDraft) -> None:
        """Step ``index`` of the line being written becomes ``step``."""
        new = self.line()
        new[index] = step
        self._set_line(new)

    def _set_line(self, new: list[StepDraft]) -> None:
        self.steps = branches.put_line(self.steps, self.branch, new)

    def add_alternative(self) -> bool:
        """Start an alternative of the shown step (not the start, not inside another;
        at most :data:`~paisho_core.demos.MAX_ALTERNATIVES`) and write it: the board at
        the position before the step.  False, and why in :attr:`message`, when not."""
        if self.branch is not None or self.at == 0:
            self.message = _("An “if instead” replaces a step after the start: show one.")
            return False
        if len(self.steps[self.at].alternatives) >= MAX_ALTERNATIVES:
            self.message = ngettext(
                "A step has at most {count} “if instead”.",
                "A step has at most {count} “if instead”.",
                MAX_ALTERNATIVES,
            ).format(count=MAX_ALTERNATIVES)
            return False
        number = len(self.steps[self.at].alternatives)
        self.steps = branches.with_alternative(self.steps, self.at, _(IF_INSTEAD))
        self.open_alternative(number)
        return True

    def open_alternative(self, number: int) -> None:
        """Write (or step through) alternative ``number`` of the shown step."""
        if self.branch is None and 0 <= number < len(self.steps[self.at].alternatives):
            self.branch = (self.at, number)
            self.go(0)
            self.message = ""

    def close_alternative(self) -> None:
        """Back to the demo's own steps, at the step that carries the alternative."""
        if self.branch is not None:
            at = self.branch[0]
            self.branch = None
            self.go(at)

    def delete_alternative(self) -> None:
        """Delete the alternative being written, back at the step that carried it."""
        if self.branch is not None:
            index, number = self.branch
            self.close_alternative()
            self.steps = branches.without_alternative(self.steps, index, number)

    # ------------------------------------------------------------------ steps
    def go(self, index: int) -> None:
        """Show step ``index`` of the line (clamped); a move being played is dropped."""
        self.at = max(0, min(index, len(self.line()) - 1))
        self.playing = None

    def set_caption(self, text: str) -> None:
        """The shown step's caption (cut to :data:`paisho_core.demolink.MAX_CAPTION`)."""
        limit = demolink.MAX_CAPTION
        self.message = (
            ngettext(
                "A caption holds at most {limit} character.",
                "A caption holds at most {limit} characters.",
                limit,
            ).format(limit=limit)
            if len(text) > limit
            else ""
        )
        self._put(self.at, replace(self.line()[self.at], caption=text[:limit]))

    def set_refused(self, text: str) -> None:
        """The moves the shown step shows refused, from the field's ``text``
        (:func:`parse_refused`); the engine checks them when the demo is replayed."""
        moves, self.message = parse_refused(text)
        if self.branch is None or self.at:  # (an alternative's introduction has none)
            self._put(self.at, replace(self.line()[self.at], refused=moves))

    def set_title(self, text: str) -> None:
        """The demo's title (cut to :data:`paisho_core.demolink.MAX_TITLE`)."""
        self.title = text[: demolink.MAX_TITLE]

    def toggle(self, point: Point) -> None:
        """Highlight ``point`` on the shown step, or stop highlighting it."""
        if self.branch is not None and self.at == 0:
            self.message = _("The introduction of an “if instead” highlights no point.")
            return
        step = self.line()[self.at]
        text = str(point)
        marks = tuple(p for p in step.highlight if p != text)
        if len(marks) == len(step.highlight):
            if len(marks) >= demolink.MAX_MARKS:
                self.message = ngettext(
                    "A step highlights at most {count} point.",
                    "A step highlights at most {count} points.",
                    demolink.MAX_MARKS,
                ).format(count=demolink.MAX_MARKS)
                return
            marks = (*step.highlight, text)
        self._put(self.at, replace(step, highlight=marks))
        self.message = ""

    def shift(self, index: int, by: int) -> None:
        """Move step ``index`` (not the start) ``by`` places; the engine then checks the
        moves in their new order."""
        to = index + by
        new = self.line()
        if 1 <= index < len(new) and 1 <= to < len(new):
            new[index], new[to] = new[to], new[index]
            self._set_line(new)
            self.go(to)

    def delete(self, index: int) -> None:
        """Delete step ``index`` of the line (never its start)."""
        new = self.line()
        if 1 <= index < len(new):
            del new[index]
            self._set_line(new)
            self.go(min(self.at, len(new) - 1))

    def act(self, do: str, index: int) -> None:
        """A step list's button: ``show``, ``up``, ``down`` or ``delete`` step ``index``."""
        if do == "show":
            self.go(index)
        elif do == "delete":
            self.delete(index)
        elif do in ("up", "down"):
            self.shift(index, -1 if do == "up" else 1)

    def reset(self) -> None:
        """Drop every step after the start (the position changed: a new demo)."""
        self.steps = self.steps[:1]
        self.branch = None
        self.go(0)

    # ------------------------------------------------------------------ playing
    def step_ui(self, setup: setups.Setup) -> UIState | None:
        """The clicks of the move being played from the shown step (a fresh state on the
        shown step's game before the first click: not kept), or ``None`` while the demo
        cannot be replayed."""
        if self.playing is not None:
            return self.playing
        shown, _why = self.line_frames(setup)
        if not shown:
            return None
        return UIState(shown[min(self.at, len(shown) - 1)].game.copy(), undo=False)

    def play_click(
        self,
        setup: setups.Setup,
        point: Point | None,
        token: str = "",
        owner: int | None = None,
    ) -> None:
        """A click while playing a step's move from the shown step: a point, or another
        click ``token`` (a reserve tile of seat ``owner``, a Skip, a turn…); an action
        completed becomes the next step (its default caption names it), checked by the
        engine."""
        shown, why = self.line_frames(setup)
        if not shown:
            self.message = _("Fix the demo first: {error}.").format(error=why)
            return
        if self.branch is not None and len(shown) > MAX_ALTERNATIVE_STEPS:
            self.message = ngettext(
                "An “if instead” has at most {count} step.",
                "An “if instead” has at most {count} steps.",
                MAX_ALTERNATIVE_STEPS,
            ).format(count=MAX_ALTERNATIVE_STEPS)
            return
        game = shown[min(self.at, len(shown) - 1)].game
        if self.playing is None:
            self.playing = UIState(game.copy(), undo=False)
        result = self.playing.click(token or point_token(point or Point(0, 0)), owner)
        self.message = result.message if result.kind is Click.REFUSE else ""
        if result.kind is Click.COMPLETE and result.action is not None:
            text = game.format_action(result.action)
            new = self.line()
            new.insert(self.at + 1, StepDraft(text, _move_caption(game, text)))
            self._set_line(new)
            self.go(self.at + 1)

    def view_of(self, frame: Frame) -> Any:
        """The marks of ``frame`` as a reader sees them, with a move being played."""
        base = step_view(frame)
        if self.playing is None:
            return base
        ui = self.playing.view()
        return replace(base, selected=ui.selected, highlights=ui.highlights)
