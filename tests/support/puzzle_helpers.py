"""A puzzle's clicks from the engine, for the page and browser tests: its solution's, or
a wrong turn's."""

from __future__ import annotations

from paisho_core.puzzles import Puzzle
from paisho_core.puzzles.model import puzzle_game
from paisho_page.play.ui import page_clicks


def clicks(puzzle: Puzzle, texts: tuple[str, ...] | None = None) -> list[str]:
    """The page's clicks of ``texts`` (the solution by default) from the puzzle's
    position."""
    game = puzzle_game(puzzle)
    out: list[str] = []
    for text in texts if texts is not None else puzzle.actions:
        action = game.parse_action(text)
        out.extend(page_clicks(game, action))
        game.apply(action)
    return out


def a_wrong_turn(puzzle: Puzzle) -> tuple[str, ...]:
    """A legal one-action turn that is not the solution's first action; where every
    turn takes two actions (an Ancient placement and its move), such a placement and
    the first action after it."""
    game = puzzle_game(puzzle)
    for action in game.legal_actions():
        text = game.format_action(action)
        if (text,) != puzzle.actions[:1]:
            after = game.copy()
            after.apply(action)
            if after.to_move != game.to_move:
                return (text,)
    for action in game.legal_actions():
        text = game.format_action(action)
        if (text,) != puzzle.actions[:1]:
            after = game.copy()
            after.apply(action)
            follow = after.legal_actions()[0]
            return (text, after.format_action(follow))
    raise AssertionError(f"{puzzle.id}: no wrong turn")
