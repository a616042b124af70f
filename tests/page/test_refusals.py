"""A refused click on the game page names its cause and its rule, from the engine's
facts (``Game.click_refusal``): the Orchid that traps a Skud flower (skud-r7), the
Knotweed that drains a Wiki or Ancient tile (wiki-r6, ancient-r6), a tile that never
moves (wiki-r4, ancient-r6), a move out of reach (skud-r1), a plant outside a Gate, a
Balance tile where it may not go (balance-r2, balance-r3); and, in positions of random
play in every variant, every refused board click names its rule or the click to make."""

from __future__ import annotations

import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from paisho_core.ancient.game import AncientGame
from paisho_core.board import POINTS, Point, xy_of
from paisho_core.registry import new_game
from paisho_core.skud.game import SkudGame
from paisho_core.tokens import point_token
from paisho_core.wiki.game import WikiGame
from paisho_page.play import ui_text
from paisho_page.play.ui import UIState


def refused(ui: UIState, *tokens: str) -> str:
    """The message of the last click (the earlier ones must be taken)."""
    for token in tokens[:-1]:
        assert ui.click(token).kind != "refuse", ui.message
    result = ui.click(tokens[-1])
    assert result.kind == "refuse"
    return result.message


def test_skud_a_trapped_flower_names_the_orchid_that_traps_it() -> None:
    # skud-r7: a Blooming flower beside a Blooming opponent Orchid cannot move
    game = SkudGame.setup({"(0,3)": "GR3", "(1,3)": "HO", "(5,-5)": "HR4"})
    said = refused(UIState(game, undo=False), "point:(0,3)")
    assert said == "The Rose at (0,3) is trapped by the Orchid at (1,3) and cannot move (R7)."


def test_skud_a_move_out_of_reach_and_a_plant_outside_a_gate_say_the_rule() -> None:
    game = SkudGame.setup({"(0,3)": "GR3", "(5,-5)": "HR4"})
    said = refused(UIState(game, undo=False), "point:(0,3)", "point:(0,-3)")
    assert said == "R3 moves at most 3 steps and may not pass over tiles (R1)."  # skud-r1
    game = SkudGame.setup({"(0,3)": "GR3", "(5,-5)": "HR4"})
    said = refused(UIState(game, undo=False), "reserve:R4", "point:(2,2)")
    assert said == "Flowers are planted only in a Gate (R7b)."  # skud-r7b


def test_skud_an_accent_tile_does_not_move() -> None:
    game = SkudGame.setup({"(0,3)": "GR3", "(2,2)": "GR", "(5,-5)": "HR4"})
    said = refused(UIState(game, undo=False), "point:(2,2)")
    assert said == "The Rock at (2,2) is an accent tile: accent tiles do not move (skud-turn)."


def test_wiki_a_drained_tile_names_the_knotweed_that_drains_it() -> None:
    # wiki-r6: a tile on the 8 points around a Knotweed cannot move
    game = WikiGame.setup({"(0,3)": "GRo", "(1,4)": "HK", "(-5,-3)": "HJa"})
    said = refused(UIState(game, undo=False), "point:(0,3)")
    assert said == (
        "The Rose at (0,3) is drained by the Knotweed at (1,4) and cannot move (wiki R6).")


def test_wiki_rock_and_knotweed_never_move_and_a_landing_is_refused_by_rule() -> None:
    game = WikiGame.setup({"(0,3)": "GR", "(3,3)": "GK", "(-5,-3)": "HJa"})
    ui = UIState(game, undo=False)
    assert refused(ui, "point:(0,3)") == "The Rock at (0,3) never moves (wiki R4)."  # wiki-r4
    assert refused(ui, "point:(3,3)") == "The Knotweed at (3,3) never moves (wiki R4)."
    game = WikiGame.setup({"(0,3)": "GJa", "(-5,-3)": "HJa"})
    said = refused(UIState(game, undo=False), "point:(0,3)", "point:(4,3)")
    assert said == "The Jasmine cannot reach (4,3) that way (wiki R4)."


def _ancient_with_a_drained_flower() -> tuple[AncientGame, str]:
    """A seeded Ancient game at its move step with a drained flower on the board."""
    for seed in range(200):
        game = new_game("ancient", seed=seed)
        assert isinstance(game, AncientGame)
        rng = random.Random(seed)
        for _ in range(80):
            if game.to_move is None:
                break
            drained = [t for t in game.board_tiles() if "drained" in t.flags]
            if drained and game.legal_actions()[0].kind == 3:  # the move step
                return game, point_token(drained[0].point)
            game.apply(rng.choice(game.legal_actions()))
    raise AssertionError("no seeded game drains a flower")


def test_ancient_a_drained_flower_names_the_knotweed() -> None:
    game, token = _ancient_with_a_drained_flower()
    said = refused(UIState(game, undo=False), token)
    assert "is drained by the Knotweed at (" in said and said.endswith("(ancient R6).")


def test_a_click_the_rules_say_nothing_about_keeps_the_page_words() -> None:
    game = SkudGame.setup({"(0,3)": "GR3", "(5,-5)": "HR4"})
    assert refused(UIState(game, undo=False), "point:(5,-5)") == (
        "Not your tile: it is Guest's turn.")


RULE = re.compile(r"\((?:(?:skud|wiki|ancient|balance)[ -])?R\d+[a-z]?\)"
                  r"|\((?:skud|wiki|ancient|balance)-[a-z0-9-]+\)")
"""A rule anchor as a refusal cites it: ``(R1)``, ``(wiki R4)``, ``(balance-turn)``."""
GUIDANCE = (
    "That point is empty: click one of your tiles, or a tile of your reserve.",
    "Click a tile of your reserve first.",
    "Not your tile: it is ",
    ": take a Harmony Bonus from your reserve, or Skip.",
    ": choose your accent tiles first.",
)
"""What the page says of a click that breaks no rule but is not a move's start (which
click to make instead)."""


@settings(max_examples=30, deadline=None)
@given(variant=st.sampled_from(["skud", "wiki", "ancient", "balance"]),
       seed=st.integers(1, 10**6), plies=st.integers(0, 30))
def test_every_refused_click_on_the_board_names_its_rule_or_the_click_to_make(
    variant: str, seed: int, plies: int
) -> None:
    """A position reached by random play: every point that cannot start a move, and
    every point a selected tile cannot go to, is refused with the rule that forbids it
    (its anchor in the sentence), or with the click to make instead; never with a
    sentence that names no rule."""
    game = new_game(variant, seed=seed) if variant in ("balance", "ancient") else new_game(
        variant)
    rng = random.Random(seed)
    while game.to_move is not None and game.plies < plies:
        game.apply(rng.choice(game.legal_actions()))
    if game.to_move is None:
        return
    ui = UIState(game, undo=False)
    points = [point_token(Point(*xy_of(i))) for i in POINTS]
    first = ui.next_tokens(())
    for token in (t for t in points if t not in first):
        said = ui_text.refusal(ui, token)
        assert RULE.search(said) or any(g in said for g in GUIDANCE), (variant, token, said)
    starts = [t for t in first if t.startswith("point:")]
    if not starts:
        return
    ui.clicks = (rng.choice(starts),)
    then = ui.next_tokens(ui.clicks)
    for token in (t for t in points if t not in then and t != ui.clicks[0]):
        said = ui_text.refusal(ui, token)
        assert RULE.search(said) or said.startswith("That point cannot be chosen"), (
            variant, ui.clicks, token, said)


def test_balance_a_tile_where_it_may_not_go_names_the_rule() -> None:
    """balance-r2: a point off the Avatar's lines, or behind a tile; balance-turn: a
    point taken; each named with the drawn tile."""
    from paisho_core.balance import BalanceGame

    game = BalanceGame(seed=3)
    ui = UIState(game, undo=False)
    drawn = ui_text.refusal(ui, "point:(1,2)")
    assert drawn.endswith("cannot go there: not on the row, column or a diagonal of the "
                          "Avatar (balance R2).")
    assert ui_text.refusal(ui, "point:(0,0)").endswith(
        "cannot go there: the point is taken by the Avatar (balance-turn).")
    assert game.click_refusal((), "point:(0,1)") is None  # a legal point: no refusal
