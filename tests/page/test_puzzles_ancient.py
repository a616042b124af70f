"""An Ancient puzzle on the Puzzles page's model: the game offered, the prompt, the
mover's hand the only hand shown, a wrong turn said in the target's words, the solution
solved by clicks, and nothing the model writes (panel, tiles, board, links) holding a
tile of another seat's hidden hand."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from dict_storage import DictStorage

from paisho_core import starts
from paisho_core.link import decode
from paisho_core.puzzles import Puzzle, library
from paisho_core.puzzles.model import puzzle_game
from paisho_core.render import render_svg
from paisho_core.tokens import reserve_code
from paisho_page.base.dom_writes import by_target
from paisho_page.base.elements import Element
from paisho_page.learn.drill import State
from paisho_page.play.ui import page_clicks
from paisho_page.puzzles.page import PuzzlesModel, variants

DAY = 20261206


@pytest.fixture(scope="module")
def puzzle() -> Puzzle:
    """The first shipped Ancient puzzle."""
    return library()["ancient"].puzzles[0]


def clicks(puzzle: Puzzle, texts: tuple[str, ...] | None = None) -> list[str]:
    """The page's clicks of the actions ``texts`` (the solution by default)."""
    game = puzzle_game(puzzle)
    out: list[str] = []
    for text in texts if texts is not None else puzzle.actions:
        action = game.parse_action(text)
        out.extend(page_clicks(game, action))
        game.apply(action)
    return out


def a_wrong_turn(puzzle: Puzzle) -> tuple[str, str]:
    """A placement that is not the solution's, and the first move after it."""
    game = puzzle_game(puzzle)
    placement = next(a for a in game.legal_actions()
                     if game.format_action(a) != puzzle.actions[0])
    text = game.format_action(placement)
    game.apply(placement)
    return text, game.format_action(game.legal_actions()[0])


def state(model: PuzzlesModel) -> str:
    """The puzzle's state as the panel says it."""
    return str(by_target(model.panel_writes())[("puzzle", "state")])


def texts(element: Element) -> Iterator[str]:
    """Every text, attribute and property value of ``element`` and its children."""
    yield element.text or ""
    yield element.svg
    yield from (value for _, value in element.attrs)
    yield from (str(value) for _, value in element.props)
    for child in element.children:
        yield from texts(child)


def written(model: PuzzlesModel) -> str:
    """All the model gives the DOM now: its panel, its writes, the tiles and the board."""
    parts = [*texts(model.panel()), *(str(w) for w in model.panel_writes()),
             render_svg(model.game(), model.view())]
    for item in model.reserve_items():
        parts += texts(item)
    return "\n".join(parts)


def tokens(model: PuzzlesModel) -> set[str]:
    """The tile codes of the hand the model shows."""
    out = set()
    for item in model.reserve_items():
        token = dict(item.attrs).get("data-token", "")
        code = reserve_code(token)
        if code is not None:
            out.add(code)
    return out


def hidden_only(model: PuzzlesModel) -> set[str]:
    """The codes another seat holds that the mover neither holds nor sees on the board."""
    game = model.game()
    mover = game.to_move
    seen = set(game.hand(mover)) | {t.code for t in game.board_tiles()}
    held = set()
    for seat in range(len(game.players)):
        if seat != mover:
            held |= set(game.hand(seat))
    return held - seen


def test_ancient_is_offered_with_its_prompt_and_the_movers_hand_only(puzzle: Puzzle) -> None:
    assert "ancient" in dict(variants())
    model = PuzzlesModel({"puzzle": puzzle.id}, DictStorage(), DAY)
    shown = by_target(model.panel_writes())
    assert shown[("puzzle", "puzzle")] == puzzle.id
    game = model.game()
    count = game.harmonies
    mover = game.to_move
    assert shown[("puzzle-prompt", "textContent")] == (
        f"The board counts {count} {'harmony' if count == 1 else 'harmonies'}: bring it to"
        " exactly 5 this turn.")
    assert tokens(model) == set(game.hand(mover))
    for seat in range(len(game.players)):
        if seat != mover:
            assert game.hand_size_of(seat) > 0
            assert game.reserves(mover)[seat] == {"?": game.hand_size_of(seat)}


def test_an_ancient_puzzle_solved_by_clicks_writes_no_hidden_tile() -> None:
    checked = 0
    for puzzle in library()["ancient"].puzzles:
        model = PuzzlesModel({"puzzle": puzzle.id}, DictStorage(), DAY)
        secret = hidden_only(model)
        if not secret:
            continue
        checked += 1
        before = written(model)
        for token in clicks(puzzle):
            model.click(token)
            assert not secret & tokens(model)
        assert state(model) == State.MET.value
        after = written(model)
        for code in secret:
            assert f"reserve:{code}" not in before and f"reserve:{code}" not in after
        link = str(by_target(model.panel_writes())[("puzzle-open", "href")])
        assert link.startswith("./#3")
        opened: Any = decode(link[2:]).game
        carried = json.loads(starts.of(opened))["setup"]
        seat = carried["seat"]
        assert all(set(h.split()) <= {"?"} for s, h in enumerate(carried["hands"]) if s != seat)
        if checked >= 3:
            break
    assert checked >= 1


def test_a_wrong_ancient_turn_is_said_in_the_targets_words(puzzle: Puzzle) -> None:
    model = PuzzlesModel({"puzzle": puzzle.id}, DictStorage(), DAY)
    for token in clicks(puzzle, a_wrong_turn(puzzle)):
        model.click(token)
    assert state(model) == State.MISSED.value
    message = str(by_target(model.panel_writes())[("puzzle-message", "textContent")])
    assert message.startswith("Not this one: the board counts ")
    assert message.endswith(", not exactly 5.")
    model.button("retry")
    for token in clicks(puzzle):
        model.click(token)
    assert state(model) == State.MET.value
