"""One puzzle being played: the reader's actions checked against its one solution.

:class:`PuzzleRun` holds a puzzle's position and the turn played on it.  Each action
gets a verdict (:class:`paisho_core.lessons.Verdict`, as a lesson's task): ``met``
when the turn is the puzzle's solution (the proof says no other turn solves it),
``going-on`` while the turn follows the solution and goes on (a Skud Harmony Bonus),
``missed`` when it leaves the solution, with the engine's words why
(:meth:`paisho_core.puzzles.goals.Kind.why`), and ``illegal`` with the rule.
:meth:`PuzzleRun.reset` puts the position back; :meth:`PuzzleRun.show` plays the
solution.  Checking an action costs one apply (no search).  Pure.
"""

from __future__ import annotations

from typing import Any

from paisho_core.errors import PaiShoError
from paisho_core.lessons import Checked, Verdict
from paisho_core.lessons.goals import Turn, action_kind
from paisho_core.lessons.play import rule_message
from paisho_core.puzzles import Puzzle, get_puzzle, kinds
from paisho_core.puzzles.model import puzzle_game


class PuzzleRun:
    """A puzzle's position and the turn played on it so far."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.kind = kinds(puzzle.variant)[puzzle.kind]
        self.start = puzzle_game(puzzle)
        self.mover = self.start.to_move
        self.game = self.start.copy()
        self.played: list[str] = []
        self.actions: list[Any] = []
        self.clicks: list[tuple[str, ...]] = []
        self.kinds: list[str] = []

    @classmethod
    def open(cls, ident: object) -> PuzzleRun:
        """The run of puzzle ``ident`` (:class:`~paisho_core.puzzles.UnknownPuzzle`)."""
        return cls(get_puzzle(ident))

    def reset(self) -> None:
        """Back to the puzzle's position."""
        self.game = self.start.copy()
        self.played, self.actions, self.clicks, self.kinds = [], [], [], []

    def check(self, action: Any) -> Checked:
        """Play ``action`` and say what it did for the puzzle."""
        try:
            text = self.game.format_action(action)
            clicks = tuple(self.game.action_clicks(action))
            kind = action_kind(self.game, action)
            self.game.apply(action)
        except PaiShoError as error:
            return Checked(Verdict.ILLEGAL, rule_message(error.message), action)
        self.played.append(text)
        self.actions.append(action)
        self.clicks.append(clicks)
        self.kinds.append(kind)
        solution = self.puzzle.actions
        if tuple(self.played) == solution:
            return Checked(Verdict.MET, None, action)
        if tuple(self.played) == solution[: len(self.played)]:
            return Checked(Verdict.GOING_ON, None, action)
        assert self.mover is not None
        turn = Turn(self.start, self.game, self.mover, tuple(self.clicks), tuple(self.kinds))
        return Checked(Verdict.MISSED, self.kind.why(turn), action)

    def check_text(self, text: str) -> Checked:
        """:meth:`check` for an action in the variant's notation."""
        try:
            action = self.game.parse_action(text)
        except PaiShoError as error:
            return Checked(Verdict.ILLEGAL, rule_message(error.message), None)
        return self.check(action)

    def hint(self) -> str | None:
        """The solution's next action from the turn played so far (``None``: off it)."""
        solution = self.puzzle.actions
        if tuple(self.played) != solution[: len(self.played)] or len(self.played) >= len(solution):
            return None
        return solution[len(self.played)]

    def show(self) -> list[Checked]:
        """Play the solution from the puzzle's position."""
        self.reset()
        return [self.check_text(text) for text in self.puzzle.actions]
