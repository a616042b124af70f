"""The engine's tile facts (``paisho_core.tilefacts``, ``registry.tile_facts``) against the
tables and move generators the rules themselves use, for every variant."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from paisho_core import registry
from paisho_core.board import CELLS, CENTRE, IS_GATE, ON_BOARD, X_OF, Y_OF, index_of
from paisho_core.demos import library
from paisho_core.errors import UnknownVariant
from paisho_core.render import tile_name
from paisho_core.tilefacts import (
    ELL,
    FLY,
    JUMP,
    LEAP,
    NONE,
    PATH,
    SHAPES,
    STRAIGHT,
    UNLIMITED,
    TileFacts,
)

RULES = Path(__file__).resolve().parents[2] / "site" / "rules.html"
VARIANTS = registry.variant_names()


def _facts(variant: str) -> dict[str, TileFacts]:
    return {f.code: f for f in registry.tile_facts(variant)}


def _distance(a: int, b: int) -> tuple[int, int]:
    """(|dx| + |dy|, max(|dx|, |dy|)) between two points."""
    dx, dy = abs(X_OF[a] - X_OF[b]), abs(Y_OF[a] - Y_OF[b])
    return dx + dy, max(dx, dy)


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_variant_has_one_fact_per_tile_kind_with_its_render_name(variant: str) -> None:
    facts = registry.tile_facts(variant)
    assert facts, variant
    codes = [f.code for f in facts]
    assert len(codes) == len(set(codes))
    for fact in facts:
        assert fact.variant == variant
        assert tile_name(variant, fact.code).startswith(fact.name)
        assert fact.move.shape in SHAPES
        assert fact.count >= 1
        assert fact.enters and fact.rulings and fact.demos


def test_an_unknown_variant_has_no_facts() -> None:
    with pytest.raises(UnknownVariant):
        registry.tile_facts("chess")


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_ruling_anchor_and_demo_exists(variant: str) -> None:
    """Anchors are ids of rules.html; demos are in the library, of the same variant."""
    ids = set(re.findall(r'\bid="([^"]+)"', RULES.read_text(encoding="utf-8")))
    demos = library()
    for fact in registry.tile_facts(variant):
        for anchor in fact.rulings:
            assert anchor in ids, (fact.code, anchor)
            assert anchor.startswith(variant + "-")
        for name in fact.demos:
            assert name in demos, (fact.code, name)
            assert demos[name].variant == variant


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_reserve_code_has_facts(variant: str) -> None:
    cls = registry.get_variant(variant)
    game = cls((), 1 if cls.info.uses_seed else None)
    known = set(_facts(variant))
    for reserve in game.reserves():
        assert set(reserve) - {"?"} <= known
    for tile in game.board_tiles():
        assert tile.code in known


# ------------------------------------------------------------------------ Skud
def test_skud_facts_match_the_tables() -> None:
    """Move ranges (skud-r1), harmonies (skud-r2) and clashes (skud-r3) are the tables'."""
    from paisho_core.skud import tiles as t

    facts = _facts("skud")
    for kind in range(t.KINDS):
        fact = facts[t.CODE[kind]]
        reach = t.MOVE_RANGE[t.cell(kind, t.HOST)]
        assert fact.move.reach == reach
        assert fact.move.shape == (PATH if reach else NONE)
        assert fact.count == t.FULL_SET[kind]
        harmony = {
            t.CODE[b]
            for b in range(t.KINDS)
            for o in (t.HOST, t.GUEST)
            for p in (t.HOST, t.GUEST)
            if b != kind and t.HARMONY_OWNER[t.cell(kind, o)][t.cell(b, p)] >= 0
        }
        assert set(fact.harmonises) == harmony, fact.code
        clashes = {
            t.CODE[b]
            for b in range(t.KINDS)
            if t.CLASHES[t.cell(kind, t.HOST)][t.cell(b, t.GUEST)]
        }
        assert set(fact.clashes) == clashes, fact.code
    assert facts["W4"].harmonises == ("W3", "W5", "L")
    assert facts["W4"].clashes == ("R4",)
    assert facts["L"].move.reach == 2 and facts["O"].move.reach == 6


# ------------------------------------------------------------------------ Wiki
def test_wiki_facts_match_the_tables_and_the_move_generator() -> None:
    """wiki-r4: each moving tile, alone on the board, goes exactly as far as its facts
    say; wiki-r8: harmonies and disharmonies are the tables'."""
    from paisho_core.wiki import moves
    from paisho_core.wiki import tiles as t

    facts = _facts("wiki")
    start = index_of(0, 1)
    for kind in range(t.KINDS):
        fact = facts[t.CODE[kind]]
        board = [0] * CELLS
        board[start] = t.cell(kind, t.HOST)
        targets = moves.move_targets(board, start)
        dists = [_distance(start, q) for q in targets]
        move = fact.move
        if move.shape == NONE:
            assert not targets, fact.code
        elif move.shape == STRAIGHT and move.reach != UNLIMITED:
            assert move.reach == t.STRAIGHT_RANGE[t.cell(kind, t.HOST)]
            assert max(d for d, _ in dists) == move.reach
            assert all(X_OF[q] == 0 or Y_OF[q] == 1 for q in targets)
        elif move.shape == STRAIGHT:
            assert max(d for d, _ in dists) >= 7  # to the board's edge
        elif move.shape == ELL:
            assert {d for d, _ in dists} == {move.reach + move.side}
        elif move.shape == FLY:
            assert max(c for _, c in dists) == move.reach
        elif move.shape == JUMP:
            assert max(d for d, _ in dists) == move.reach
        else:
            assert move.shape == PATH
            assert max(d for d, _ in dists) == move.reach
        flower = kind in t.FLOWER_KINDS
        harmony = {
            t.CODE[b] for b in range(t.KINDS) if flower and t.HARMONY_PARTNERS[kind] >> b & 1
        }
        clash = {
            t.CODE[b] for b in range(t.KINDS) if flower and t.DISHARMONY_PARTNERS[kind] >> b & 1
        }
        assert set(fact.harmonises) == harmony and set(fact.clashes) == clash, fact.code
    assert facts["Li"].move.shape == ELL and facts["Li"].enters == ("side-gate",)


def test_wiki_flower_entries_are_the_engine_entry_points() -> None:
    """wiki-r3: Jasmine at the home Gate, Rose at the foreign one, Lily/Chrysanthemum at
    the side Gates, White Jade/Rhododendron on the centre."""
    from paisho_core.wiki import moves
    from paisho_core.wiki import tiles as t

    where = {"home-gate": {moves.HOME_GATE[t.GUEST]}, "foreign-gate": {moves.HOME_GATE[t.HOST]},
             "side-gate": {index_of(8, 0), index_of(-8, 0)}, "centre": {CENTRE}}
    facts = _facts("wiki")
    for kind in t.FLOWER_KINDS:
        (entry,) = facts[t.CODE[kind]].enters
        assert set(moves.FLOWER_ENTRY[kind][t.GUEST]) == where[entry], t.CODE[kind]


# --------------------------------------------------------------------- Ancient
def test_ancient_facts_match_the_tables_and_the_move_generator() -> None:
    """ancient-r6: movement as ``rules.destinations`` finds it on an empty board;
    ancient-r7: pairs as the PAIR table."""
    from paisho_core.ancient import rules
    from paisho_core.ancient import tiles as t

    facts = _facts("ancient")
    start = index_of(0, 1)
    for kind in t.KINDS:
        fact = facts[t.CODES[kind]]
        assert fact.count == t.POOL_COUNTS[kind]
        cells = [0] * CELLS
        cells[start] = kind
        dists = [_distance(start, q) for q in rules.destinations(cells, start)]
        move = fact.move
        if move.shape == NONE:
            assert not dists
        elif move.shape == STRAIGHT:
            assert move.reach == t.REACH[kind]
            assert max(d for d, _ in dists) == move.reach
        elif move.shape == ELL:
            assert {d for d, _ in dists} == {1, move.reach, move.reach + move.side}
        elif move.shape == LEAP:
            assert {c for _, c in dists} == set(move.exact)
        else:
            assert move.shape == PATH and max(d for d, _ in dists) == move.reach
        pairs = [(b, t.PAIR[kind * 8 + b]) for b in t.FLOWERS if kind in t.FLOWERS]
        assert set(fact.harmonises) == {t.CODES[b] for b, v in pairs if v == 1}
        assert set(fact.clashes) == {t.CODES[b] for b, v in pairs if v == -1}


# --------------------------------------------------------------------- Balance
def test_balance_facts_match_the_pair_table_and_the_placement_limits() -> None:
    """balance-table / balance-r5: harmonies and disharmonies are the pair table's;
    balance-r3: only the Sky Bison may go on a Gate, Dragon and Koi have garden limits."""
    from paisho_core.balance import geometry
    from paisho_core.balance import tiles as t

    facts = _facts("balance")
    for kind in range(1, t.KINDS):
        fact = facts[t.CODES[kind]]
        h = {t.CODES[b] for b in range(1, t.KINDS) if t.pair_value(kind, b)[0]}
        d = {t.CODES[b] for b in range(1, t.KINDS) if t.pair_value(kind, b)[1]}
        assert set(fact.harmonises) == h and set(fact.clashes) == d, fact.code
        assert fact.move.shape == NONE
        if kind == t.AVATAR:
            continue
        on_gate = any(geometry.ALLOWED[kind][i] and IS_GATE[i] for i in range(CELLS))
        assert on_gate == ("gate-allowed" in fact.enters), fact.code
        limited = any(
            ON_BOARD[i] and i in geometry.RAY_POINTS and not IS_GATE[i]
            and not geometry.ALLOWED[kind][i]
            for i in range(CELLS)
        )
        assert limited == bool({"not-wholly-white", "not-wholly-red"} & set(fact.enters))
