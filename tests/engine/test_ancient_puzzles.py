"""Ancient puzzles: the turn search counts what the generic walk counts, a position is
made a puzzle by choosing the mover's hand (a tile that hits a second time left out),
generation is reproducible from the seed, and no other seat's hidden tile is used or
shown (a start holds only counts of them, and the puzzle does not depend on them)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from paisho_core import starts
from paisho_core.ancient.game import AncientGame
from paisho_core.ancient.puzzles import PUZZLES, tally, unseen
from paisho_core.ancient.tiles import CODES, KIND_OF_CODE, KINDS
from paisho_core.lessons.proof import walk
from paisho_core.link import decode
from paisho_core.puzzles import kinds, library
from paisho_core.puzzles.cli import listing
from paisho_core.puzzles.generate import puzzles_of_game
from paisho_core.puzzles.goals import Harmonies, Kind, Win
from paisho_core.puzzles.model import open_start
from paisho_core.puzzles.proof import EXCLUDE, prove
from paisho_core.puzzles.variant import rules_of

KIND = kinds("ancient")["exact-target"]
BOARD = {"(-2,-2)": "Ch", "(-2,3)": "C", "(-4,0)": "K", "(-6,-5)": "C", "(0,-2)": "Ro",
         "(0,-3)": "WJ", "(0,0)": "B", "(1,0)": "B", "(3,0)": "B", "(7,-2)": "Ch",
         "(8,2)": "L"}
"""A board from self-play (seed 1, game 16) where P2 holds two Jasmines and a Rose."""
SOLUTION = ("Ro(4,-3)", "(4,-3)-(7,-3)")


def start(hand: str, other: str = "? ?") -> dict[str, Any]:
    """The known position with P2 to move holding ``hand``."""
    return {"setup": {"board": BOARD, "hands": [other, hand], "seat": 1, "target": 5,
                      "pile": ""}}


def hand_of(found: dict[str, Any], seat: int) -> list[str]:
    return str(found["setup"]["hands"][seat]).split()


def test_exactly_one_turn_of_the_hand_hits_the_target() -> None:
    game = open_start("ancient", start("Ja Ja Ro"), ())
    found = tally(game, keep=5)
    assert found.count == 1 and found.hits == (SOLUTION,)
    assert found.turns > 1_000 and found.plausible > 0
    assert {a.tile for a in game.legal_actions()} == {KIND_OF_CODE["Ja"], KIND_OF_CODE["Ro"]}
    proof = prove(game, KIND)
    assert proof is not None and proof.solution == SOLUTION and proof.depth == 2
    assert proof.turns == found.turns and proof.plausible == found.plausible


def test_the_search_counts_the_turns_of_the_generic_walk() -> None:
    game = open_start("ancient", start("Ja Ja Ro"), ())
    before = game.state_key()
    goal = KIND.goal
    assert goal is not None
    walked = [(met, actions) for met, actions in
              walk(game.copy(), game, 1, goal, [], EXCLUDE)]  # type: ignore[arg-type]
    found = tally(game, keep=len(walked))
    assert found.turns == len(walked)
    assert list(found.hits) == [actions for met, actions in walked if met]
    assert game.state_key() == before


def test_a_tile_that_hits_again_is_refused_and_the_generator_leaves_it_out() -> None:
    """Self-play (seed 1, game 3): P1 holds a Chrysanthemum that hits ten ways and a
    Rhododendron that hits one way: no puzzle, until the Chrysanthemum is left out."""
    board = {"(-2,-4)": "Li", "(0,-4)": "WJ", "(0,-6)": "Ja", "(0,4)": "Ro", "(3,-4)": "Ro"}
    both = {"setup": {"board": board, "hands": ["Ch Rh D", "? ? ? ? ?"], "seat": 0,
                      "target": 5, "pile": ""}}
    game = open_start("ancient", both, ())
    found = tally(game, keep=0)
    assert found.count == 11 and found.by_kind[KIND_OF_CODE["Ch"]].hits == 10
    assert prove(game, KIND) is None  # several turns hit: not a puzzle
    offered = list(PUZZLES.starts(game, KIND))
    assert len(offered) == 1 and hand_of(offered[0], 0) == ["Rh", "D"]
    assert hand_of(offered[0], 1) == ["?"] * 5
    proof = prove(open_start("ancient", offered[0], ()), KIND)
    assert proof is not None and proof.solution[0].startswith("Rh")


def test_a_hand_where_every_turn_misses_offers_a_tile_the_mover_has_not_seen() -> None:
    game = open_start("ancient", start("Ja Ja"), ())
    assert tally(game, keep=0).count == 0
    offered = list(PUZZLES.starts(game, KIND))
    assert len(offered) == 1
    hand = hand_of(offered[0], 1)
    assert hand.count("Ja") == 2 and len(hand) == 3  # the Jasmines stay, one tile added
    added = KIND_OF_CODE[next(c for c in hand if c != "Ja")]
    assert added in unseen(game, 1)
    assert prove(open_start("ancient", offered[0], ()), KIND) is not None


def test_the_puzzle_does_not_depend_on_another_seats_hidden_tiles() -> None:
    """The same position with P1's hand and the pile dealt two ways offers the same
    puzzle, whose start holds only the number of P1's tiles."""
    base = open_start("ancient", start("Ja Ja Ro"), ())
    hidden = [CODES[k] for k in KINDS for _ in range(unseen(base, 1).get(k, 0))]
    offered = []
    for other, pile in ((hidden[:4], hidden[4:]), (hidden[-4:], hidden[:-4])):
        game = AncientGame.setup(BOARD, [" ".join(other), "Ja Ja Ro Ja"], seat=1,
                                 pile=" ".join(pile))
        offered.append(list(PUZZLES.starts(game, KIND)))
    assert offered[0] == offered[1] and len(offered[0]) == 1
    assert hand_of(offered[0][0], 0) == ["?"] * 4


def test_generation_is_reproducible_from_the_seed() -> None:
    shipped = {p.source: p for p in library()["ancient"].puzzles}
    first = next(puzzles_of_game("ancient", 1, 3))
    assert first == next(puzzles_of_game("ancient", 1, 3))
    assert shipped[first.source] == first


def test_no_shipped_start_or_link_holds_another_seats_tile() -> None:
    found = library()["ancient"].puzzles
    assert len(found) >= 30
    for puzzle in found:
        setup = puzzle.start_map()["setup"]
        seat = setup["seat"]
        for other, hand in enumerate(setup["hands"]):
            if other != seat:
                assert set(hand.split()) <= {"?"}, puzzle.id
        assert setup["pile"] == "" and len(set(hand_of(puzzle.start_map(), seat))) >= 2
    sample = found[0]
    link = listing(sample)["start"]
    assert link.startswith("#3")
    opened = decode(link).game
    carried = json.loads(starts.of(opened))
    assert carried == sample.start_map()
    assert opened.reserves(opened.to_move)[1 - opened.to_move] == {
        "?": opened.hand_size_of(1 - opened.to_move)}
    solution = listing(sample)["solution"]
    assert solution.count(";") == len(sample.actions) - 1  # the whole turn, every entry
    opened.play_text(solution)
    assert opened.outcome() is not None and opened.outcome().reason == "exact-target"


@pytest.mark.parametrize("puzzle", library()["ancient"].puzzles[:3], ids=lambda p: p.id)
def test_a_shipped_puzzle_has_near_misses_and_a_rating_from_them(puzzle: Any) -> None:
    assert puzzle.plausible >= 1 and puzzle.turns >= 100 and puzzle.depth in (1, 2)
    assert 900 < puzzle.rating < 3000


def test_only_ancient_names_puzzle_rules_and_they_search_only_the_exact_target() -> None:
    assert rules_of("ancient") is PUZZLES
    assert all(rules_of(v) is None for v in ("skud", "wiki", "balance"))
    game = open_start("ancient", start("Ja Ja Ro"), ())
    assert PUZZLES.search(game, Kind("two", Harmonies(2))) is None  # the generic walk's
    assert PUZZLES.search(game, Kind("any-win", Win())) is None
    searched = PUZZLES.search(game, KIND)
    assert searched is not None and searched.solutions == (SOLUTION,)
    game.apply(game.parse_action(SOLUTION[0]))  # in the middle of a turn: not searched
    assert PUZZLES.search(game, KIND) is None
