"""The Wiki computer: Hard's search, Easy and Medium, and the Hint's explanation.

Hard closes a winning chain of harmonies and disharmonies in one (``rules.html#wiki-r10``:
the chain ends the game on the score, wiki-r9) and leaves one that would lose unclosed,
refuses a harmony that leaves a flower en prise when the flowers left are four
(wiki-r11: three or fewer loses; wiki-r5: a Dragon captures a flower), and every level
plays only legal actions, the same for a seed.  Small node budgets keep these quick.
"""

from __future__ import annotations

import random

import pytest

from paisho_core.ai import analyse, choose_action
from paisho_core.cli import main
from paisho_core.registry import get_computer
from paisho_core.search import search
from paisho_core.wiki import WikiGame
from paisho_core.wiki.actions import ENTER
from paisho_core.wiki.notes import explain
from paisho_core.wiki.policy import WikiPolicy
from paisho_core.wiki.tiles import FLOWER_KINDS

NODES = 300
LEVELS = ("easy", "medium", "hard")


def ring_in_one() -> WikiGame:
    """The Guest, ahead on the score, closes a chain with (2,-5)-(2,-2) (wiki-r10)."""
    tiles = {"(-2,2)": "GJa", "(2,2)": "GLi", "(-2,-2)": "GLi", "(2,-5)": "GJa", "(5,6)": "HRo"}
    return WikiGame.setup(tiles, to_move="guest")


def bait() -> WikiGame:
    """The Guest has four flowers (wiki-r11); (0,-2)-(0,1) makes a harmony with the Lily
    on (-4,1) (wiki-r8), but the Host's Dragon on (5,1) would take the Jasmine there
    (wiki-r5) and win.  The Host's Knotweed drains the Guest's other two flowers (R6)."""
    tiles = {
        "(5,1)": "HD",
        "(6,6)": "HRo",
        "(-6,-5)": "HK",
        "(0,-2)": "GJa",
        "(-4,1)": "GLi",
        "(-6,-4)": "GWJ",
        "(-5,-6)": "GCh",
    }
    return WikiGame.setup(tiles, to_move="guest", reserves={"guest": {}})


def random_position(seed: int, plies: int) -> WikiGame:
    """A position after ``plies`` random actions (captures and Boats included)."""
    rng = random.Random(seed)
    game = WikiGame()
    while game.to_move is not None and game.plies < plies:
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_hard_closes_a_winning_ring_in_one() -> None:
    game = ring_in_one()
    result = analyse(game, seed=3, level="hard", max_nodes=NODES)
    game.apply(result.action)
    outcome = game.outcome()
    assert outcome is not None and outcome.reason == "chain"  # wiki-r10
    assert outcome.winners == (1,)  # scored: the Guest is ahead (wiki-r9)


CHAIN = {"(-2,2)": "GJa", "(2,2)": "GLi", "(2,-2)": "HCh", "(-5,-2)": "HRo"}
"""The Host's (-5,-2)-(-2,-2) closes a chain of both players' harmonies and two
disharmonies around the centre (wiki-r10)."""


@pytest.mark.parametrize(("extra", "closes"), [
    ({}, True),  # the Host would win 0 to -1
    ({"(4,6)": "HJa", "(6,4)": "HWJ"}, False),  # two more tiles in no harmony: -2 to -1
])
def test_hard_closes_the_chain_only_when_the_score_then_wins(
    extra: dict[str, str], closes: bool
) -> None:
    game = WikiGame.setup({**CHAIN, **extra}, to_move="host")
    result = analyse(game, seed=3, level="hard", max_nodes=2 * NODES)
    assert (game.format_action(result.action) == "(-5,-2)-(-2,-2)") == closes


def test_hard_refuses_a_harmony_that_leaves_the_last_flowers_en_prise() -> None:
    game = bait()
    greedy = choose_action(game, seed=3, level="medium")
    assert game.format_action(greedy) == "(0,-2)-(0,1)"  # the one-action player bites
    action = choose_action(game, seed=3, level="hard", max_nodes=NODES)
    game.apply(action)
    for reply in game.legal_actions():  # no Host answer wins on three flowers (wiki-r11)
        game.push(reply)
        outcome = game.outcome()
        game.pop()
        assert outcome is None or outcome.reason != "three-flowers", game.format_action(reply)


@pytest.mark.parametrize("seed", range(3))
def test_every_level_plays_legal_actions_on_random_positions(seed: int) -> None:
    for plies in (0, 1, 9, 30):
        game = random_position(seed, plies)
        if game.to_move is None:
            continue
        legal = set(game.legal_actions())
        for level in LEVELS:
            before = game.state_key()
            action = choose_action(game, seed=seed, level=level, max_nodes=NODES)
            assert action in legal, (plies, level)
            assert game.state_key() == before  # the game is left as it was


def test_every_level_plays_legal_actions_in_the_mirrored_opening() -> None:
    game = WikiGame(["mirrored-opening"])  # wiki-r12: mirrored entries, then pass
    for i in range(16):
        level = LEVELS[i % 3]
        action = choose_action(game, seed=i, level=level, max_nodes=150)
        assert action in game.legal_actions(), (i, level)
        game.apply(action)
    assert game.to_move is not None


def test_a_short_game_between_levels_is_legal_throughout() -> None:
    game = WikiGame()
    seats = ("hard", "easy")
    while game.to_move is not None and game.plies < 16:
        level = seats[game.to_move]
        game.apply(choose_action(game, seed=5, level=level, max_nodes=150))


@pytest.mark.parametrize("level", LEVELS)
def test_a_levels_choice_is_reproducible_for_a_seed(level: str) -> None:
    game = random_position(4, 12)
    first = choose_action(game, seed=11, level=level, max_nodes=NODES)
    again = choose_action(game.copy(), seed=11, level=level, max_nodes=NODES)
    assert first == again


def test_hard_searches_deeper_than_one_action_within_its_budget() -> None:
    game = random_position(2, 20)
    policy = WikiPolicy()
    budget = 2 * NODES  # still well under Hard's own (ai.HARD_NODES)
    result = search(game, policy, max_nodes=budget, seed=1)
    assert result.depth >= 2 and result.nodes <= budget + 1
    assert result.line[0] == result.action
    assert result.action in policy.root_candidates(game)  # the search's root is narrowed


def test_the_root_keeps_every_move_and_flower_entry_but_few_other_entries() -> None:
    game = random_position(1, 6)
    legal = game.legal_actions()
    root = WikiPolicy().root_candidates(game)
    assert set(root) <= set(legal)
    kept = set(root)
    for action in legal:
        if action.kind != ENTER or action.tile in FLOWER_KINDS:
            assert action in kept
    others = [a for a in root if a.kind == ENTER and a.tile not in FLOWER_KINDS]
    assert len(others) <= 6 * WikiPolicy().root_entries < len(legal)


def test_explain_names_threats_and_a_ring_in_plain_sentences() -> None:
    notes = [str(note) for note in explain(bait())]
    assert all(note.endswith(".") and note[0].isupper() for note in notes)
    assert "You have 4 flowers left: three or fewer loses (R11)." in notes
    game = bait()
    game.apply(game.parse_action("(0,-2)-(0,1)"))
    game.apply(game.parse_action("(6,6)-(6,3)"))  # the Host waits; the Guest to move
    assert any(n.startswith("Host's White Dragon at (5,1) threatens your Jasmine at (0,1)")
               for n in map(str, explain(game)))
    ring = [str(note) for note in explain(ring_in_one())]
    assert ring[0].startswith("You can close a chain of harmonies and disharmonies around "
                              "the centre with (2,-5)-(2,-2)")
    assert "you would win (4 to -1)" in ring[0]
    computer = get_computer("wiki")
    assert computer is not None and list(map(str, computer.explain(ring_in_one()))) == ring


def test_cli_hint_explains_wikis_hard_choice(capsys: pytest.CaptureFixture[str]) -> None:
    moves = "1G.Ja(0,-8);1H.Li(8,0);2G.(0,-8)-(0,-5);2H.(8,0)-(6,2);3G.K(1,-4)"
    args = ["hint", "--variant", "wiki", "--level", "hard", "--explain", "--nodes", "200"]
    assert main([*args, "--moves", moves]) == 0
    out = capsys.readouterr().out.splitlines()
    game = WikiGame.from_text(moves)
    game.play(out[0])  # the hint is a legal action in notation
    assert out[1] == "level: hard"
    assert "Score: Host -1, Guest -2 (R9)." in out  # a Jasmine and a Knotweed in no harmony
