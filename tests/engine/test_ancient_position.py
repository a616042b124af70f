"""Ancient's position (paisho_core.ancient.position): effects, counts, copies."""

from __future__ import annotations

import random

from paisho_core.ancient import AncientGame
from paisho_core.ancient.position import START, AncientPosition
from paisho_core.ancient.rules import count_all
from paisho_core.board import CELLS, CENTRE


def test_hand_rows_count_each_kind() -> None:
    rows = AncientPosition.hand_rows([(1, 1, 12), ()])
    assert rows[0][1] == 2 and rows[0][12] == 1 and sum(rows[0]) == 3 and sum(rows[1]) == 0


def test_a_new_position_counts_its_board_and_starts_a_turn() -> None:
    cells = [0] * CELLS
    cells[CENTRE] = 1
    pos = AncientPosition(cells, AncientPosition.hand_rows([(2,), (3,)]), (4, 5), 1)
    assert (pos.n, pos.seat, pos.turn, pos.step, pos.pile_left) == (2, 1, 1, START, 2)
    assert (pos.harmonies, pos.disharmonies) == count_all(cells)
    pos.end_turn()
    assert (pos.seat, pos.turn, pos.step, pos.last_draw) == (0, 2, START, -1)


def test_copies_are_independent_and_counts_stay_exact() -> None:
    """Along random games the kept counts equal a full count, and a copy taken before an
    action is untouched by it."""
    rng = random.Random(4)
    for seed in range(6):
        game = AncientGame((), seed, 2 + seed % 3)
        for _ in range(120):
            if game.to_move is None:
                break
            before = game.position.copy()
            snapshot = (before.cells[:], [h[:] for h in before.hands], before.drawn)
            game.apply(rng.choice(game.legal_actions()))
            pos = game.position
            assert (pos.harmonies, pos.disharmonies) == count_all(pos.cells)
            assert (before.cells, before.hands, before.drawn) == snapshot
