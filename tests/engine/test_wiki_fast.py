"""The fast paths of the Wiki engine and link reader agree with the plain ways.

* :func:`paisho_core.wiki.moves.move_targets` (a tile's plain moves, counted by the link
  reader without building actions) and :func:`~paisho_core.wiki.moves.special_actions`
  give exactly the actions of :func:`~paisho_core.wiki.moves.tile_actions`, which itself
  gives, in the same order, what the straightforward reference
  (:mod:`wiki_reference`) gives (wiki R4, R5, R7: ``rules.html#wiki-r4``);
* the harmonies and disharmonies (wiki R8, ``rules.html#wiki-r8``) equal those the
  reference finds by walking every line from every point;
* the drained points (wiki R6, ``rules.html#wiki-r6``) and the occupied points a game
  keeps from one action to the next equal a recount from the board, after every action
  (Knotweed captures, Boat pushes and carries and Wheel turns included), after
  ``copy()`` and after ``push``/``pop``;
* the blocked harmonies (wiki R8b) equal those found by walking every line
  (``tests/support/wiki_reference.py``);
* the link reader names, for every digit of a tile's action, the same action as the
  index among the sorted legal actions (the code of released links).
"""

from __future__ import annotations

import random

import pytest
from wiki_reference import reference_blocked, reference_pairs, reference_tile_actions

from paisho_core.board import CELLS, POINTS
from paisho_core.linkcode import IndexCoder
from paisho_core.wiki import WikiGame, linkcode, moves, rules
from paisho_core.wiki.actions import CARRY, ENTER, MOVE, PUSH, TURN, WikiAction
from paisho_core.wiki.tiles import BOAT, KIND_OF, KNOTWEED, MAIN, ROCK, VALUES, cell

BOAT_CELLS = (cell(BOAT, 0), cell(BOAT, 1))
PLIES = 160
"""Plies per random game (long enough for Knotweeds, Boats and Wheels to act)."""


def policy(rng: random.Random, game: WikiGame) -> WikiAction:
    """Random, but often a push, carry, turn or capture (rare among uniform choices),
    and more non-flower entries than uniform, so the tiles that change many points at
    once (and the Knotweeds that drain) act often."""
    actions = game.legal_actions()
    if rng.random() < 0.6:
        special = [
            a
            for a in actions
            if a.kind in (PUSH, CARRY, TURN) or (a.kind == MOVE and game.board[a.dst])
        ]
        if special:
            return rng.choice(special)
    return rng.choice(actions)


def recount_drained(game: WikiGame) -> list[bool]:
    """Drained or not, for every point, from :func:`rules.is_drained` one point at a time
    (a Knotweed and an empty point count as not drained, as in the game's flags)."""
    return [rules.is_drained(game.board, p) for p in POINTS]


def check_cached(game: WikiGame) -> None:
    """The game's occupied and drained points equal a recount from its board."""
    board = game.board
    assert game.occupied == [p for p in POINTS if board[p]]
    drained = game.drained()
    assert drained == rules.drained_points(board)
    flags = [
        bool(drained[p]) and bool(board[p]) and KIND_OF[board[p]] != KNOTWEED for p in POINTS
    ]
    assert flags == recount_drained(game)
    found = rules.pairs(board, game.moved)
    assert found == reference_pairs(board, game.moved)
    assert found[0] == game.harmony_list
    assert [(a, b) for a, b, _ in game.disharmony_list] == found[1]
    assert set(game.blocked_list()) == reference_blocked(board, game.moved)


def check_tile_actions(game: WikiGame) -> int:
    """Every mover of both players: the fast functions agree with the reference.
    Return how many movers were checked."""
    board, drained = game.board, game.drained()
    checked = 0
    for player in (0, 1):
        for p in moves.movers(board, player):
            assert p in moves.movers(board, player, game.occupied)
            actions = moves.tile_actions(board, drained, p)
            assert actions == reference_tile_actions(board, drained, p)
            targets = moves.move_targets(board, p)
            assert len(targets) == sum(1 for a in actions if a.kind == MOVE)
            assert [a.dst for a in actions if a.kind == MOVE] == targets
            assert len(set(targets)) == len(targets)
            assert moves.special_actions(board, drained, p) == [
                a for a in actions if a.kind != MOVE
            ]
            checked += 1
    return checked


def check_reader(game: WikiGame) -> None:
    """Every tile-action digit (and the first and last entries) read as the index coder
    reads it, with the same radix."""
    if game.phase != MAIN or game.outcome() is not None:
        return
    ordered = IndexCoder(linkcode._ordered).order(game)
    entries = sum(1 for a in ordered if a.kind == ENTER)
    digits = {0, entries - 1, *range(entries, len(ordered))} - {-1}
    for digit in digits:
        radices: list[int] = []

        def take(radix: int, digit: int = digit, radices: list[int] = radices) -> int:
            radices.append(radix)
            return digit

        assert linkcode.CODER.read(game, take) == ordered[digit]
        assert radices == ([len(ordered)] if len(ordered) > 1 else [1])


def play_and_check(seed: int, options: tuple[str, ...] = ()) -> dict[str, int]:
    """One random game of :data:`PLIES` plies with every check after every action;
    return how often each kind of board change that moves many points happened."""
    rng = random.Random(f"wiki-fast-{seed}")
    game = WikiGame(options)
    seen = dict.fromkeys(
        ("push", "carry", "turn", "knotweed-taken", "drained", "harmony", "disharmony", "movers"),
        0,
    )
    check_cached(game)
    while game.to_move is not None and len(game.history) < PLIES:
        action = policy(rng, game)
        if action.kind == PUSH:
            seen["push"] += 1
        elif action.kind == CARRY:
            seen["carry"] += 1
        elif action.kind == TURN:
            seen["turn"] += 1
        elif action.kind == MOVE and KIND_OF[game.board[action.dst]] == KNOTWEED:
            seen["knotweed-taken"] += 1
        game.apply(action)
        check_cached(game)
        seen["drained"] += any(game.drained()[p] and game.board[p] for p in POINTS)
        seen["harmony"] += bool(game.harmony_list)
        seen["disharmony"] += bool(game.disharmony_list)
        seen["movers"] += check_tile_actions(game)
        check_reader(game)
        twin = game.copy()
        check_cached(twin)
        if twin.to_move is not None:
            legal = twin.legal_actions()
            twin.push(rng.choice(legal))
            check_cached(twin)
            twin.pop()
            check_cached(twin)
            assert twin.state_key() == game.state_key()
    return seen


@pytest.mark.parametrize("seed", range(3))
def test_fast_paths_agree_in_random_games(seed: int) -> None:
    seen = play_and_check(seed, ("mirrored-opening",) if seed == 2 else ())
    assert seen["movers"] > 0


def test_the_random_games_cover_the_many_point_changes() -> None:
    """The games above push, carry, turn, take Knotweeds, drain tiles and make
    harmonies and disharmonies (so the checks covered every way a drained point can
    change, and the pairs)."""
    total: dict[str, int] = {}
    for seed in range(3):
        for key, value in play_and_check(seed, ("mirrored-opening",) if seed == 2 else ()).items():
            total[key] = total.get(key, 0) + value
    assert all(total.values()), total


def test_pairs_agree_with_the_reference_on_random_boards() -> None:
    """Random boards (any tiles anywhere, mostly moved, Boats and Rocks among them, some
    Knotweeds draining): the same harmonies and disharmonies, in the same order, as
    walking every line from every point (wiki R8)."""
    rng = random.Random("wiki-fast-pairs")
    found_any = [0, 0]
    for _ in range(400):
        board = [0] * CELLS
        moved = bytearray(CELLS)
        for p in rng.sample(POINTS, rng.randrange(2, 70)):
            board[p] = rng.randrange(1, VALUES)
            moved[p] = rng.random() < 0.85
        found = rules.pairs(board, moved)
        assert found == reference_pairs(board, moved)
        occupied = rules.occupied_points(board)
        assert rules.pairs(board, moved, rules.drained_points(board), occupied) == found
        found_any[0] += bool(found[0])
        found_any[1] += bool(found[1])
    assert min(found_any) > 50, found_any


def test_blocked_harmonies_agree_with_the_reference_on_random_boards() -> None:
    """Random boards, Rocks, Knotweeds and Boats among the flowers: the same blocked
    harmonies as walking every line from every moved flower (wiki R8b)."""
    rng = random.Random("wiki-fast-blocked")
    walls = [cell(k, o) for k in (BOAT, KNOTWEED, ROCK) for o in (0, 1)]
    found_any = 0
    for _ in range(400):
        board = [0] * CELLS
        moved = bytearray(CELLS)
        for p in rng.sample(POINTS, rng.randrange(2, 60)):
            board[p] = rng.choice(walls) if rng.random() < 0.3 else rng.randrange(1, VALUES)
            moved[p] = rng.random() < 0.85
        drained = rules.drained_points(board)
        found = rules.blocked_harmonies(board, moved, drained)
        assert set(found) == reference_blocked(board, moved) and len(set(found)) == len(found)
        occupied = rules.occupied_points(board)
        assert rules.blocked_harmonies(board, moved, drained, occupied) == found
        found_any += bool(found)
    assert found_any > 50, found_any


def test_tile_actions_agree_with_the_reference_on_random_boards() -> None:
    """Random crowded boards (any tiles anywhere, Boats among many neighbours, some
    Knotweeds draining): every tile's actions equal the reference's, in the same order
    (wiki R4, R5, R7) — carries of one, two and three tiles included."""
    rng = random.Random("wiki-fast-tiles")
    carried = [0, 0, 0, 0]
    for _ in range(300):
        board = [0] * CELLS
        for p in rng.sample(POINTS, rng.randrange(10, 120)):
            board[p] = rng.randrange(1, VALUES)
        for p in rng.sample(POINTS, 4):  # Boats, each with a few neighbours
            board[p] = rng.choice(BOAT_CELLS)
        drained = rules.drained_points(board)
        for p in POINTS:
            if board[p] and not drained[p]:
                actions = moves.tile_actions(board, drained, p)
                assert actions == reference_tile_actions(board, drained, p)
                for action in actions:
                    if action.kind == CARRY:
                        carried[len(action.carried)] += 1
    assert min(carried[1:]) > 100, carried
