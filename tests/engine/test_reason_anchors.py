"""Every reason an engine gives for refusing an action names its rule by an anchor of the
rules page (``site/rules.html``): a ruling, "(R4)" for Skud or "(wiki R3)",
"(ancient R6)", "(balance R2)" for the others, or a section id such as "(skud-turn)".

Positions come from random playouts; the refused actions are legal actions of the game
with one field changed to a value seen in another legal action, and actions legal at
another ply of the same game.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paisho_core import get_variant, variant_names
from paisho_core.balance import BalanceGame
from paisho_core.balance.action import Place
from paisho_core.board import CELLS
from paisho_core.errors import IllegalMove
from paisho_core.skud import SkudGame

RULES = Path(__file__).resolve().parents[2] / "site" / "rules.html"
IDS = frozenset(re.findall(r'\bid="([a-z0-9-]+)"', RULES.read_text(encoding="utf-8")))
GAMES = {"skud": 3, "wiki": 2, "ancient": 4, "balance": 6}
PLIES_EVERY = 7
MUTATIONS = 40


def anchors(variant: str, text: str) -> list[str]:
    """The rules-page ids ``text`` cites, e.g. "(R7b)" in Skud → ``skud-r7b``."""
    found = []
    for game, ruling, section in re.findall(
            r"\((?:([a-z]+) )?R(\d+[a-z]?)\)|\(([a-z]+-[a-z0-9]+)\)", text):
        found.append(section or f"{game or variant}-r{ruling}")
    return found


def assert_cites_a_rule(variant: str, said: str) -> None:
    """``said`` cites at least one anchor, and every anchor it cites is on the rules page."""
    cited = anchors(variant, said)
    assert cited, f"no rule anchor in: {said}"
    missing = [a for a in cited if a not in IDS]
    assert not missing, f"{missing} not on the rules page, in: {said}"


def _variants_of(action: Any, pools: dict[str, list[Any]], rng: random.Random) -> Any:
    """``action`` with one field set to a value another legal action had."""
    if isinstance(action, tuple) and hasattr(action, "_replace"):
        field = rng.choice(action._fields)
        if field == "kind":  # another kind, with a tile that kind takes
            kind = rng.choice(pools["kind"])
            return action._replace(kind=kind, tile=rng.choice(pools[f"tile{kind}"]))
        if field == "tile":
            return action._replace(tile=rng.choice(pools[f"tile{action.kind}"]))
        return action._replace(**{field: rng.choice(pools[field])})
    return replace(action, index=rng.randrange(CELLS))


def _refusals(variant: str, seed_index: int) -> list[str]:
    """The messages of the refused actions met along one random playout."""
    cls = get_variant(variant)
    rng = random.Random(f"anchors-{variant}-{seed_index}")
    game = cls((), seed_index * 7919 + 17 if cls.info.uses_seed else None)
    seen: list[Any] = []
    said: list[str] = []
    plies = 0
    while game.to_move is not None and plies < 400:
        legal = game.legal_actions()
        if plies % PLIES_EVERY == 0:
            pools: dict[str, list[Any]] = {}
            for a in legal + seen:
                for field, value in (a._asdict().items() if hasattr(a, "_asdict") else ()):
                    key = f"tile{a.kind}" if field == "tile" else field
                    pools.setdefault(key, []).append(value)
            for field in ("src", "dst"):
                pools.setdefault(field, []).append(-1)
            tried = [_variants_of(rng.choice(legal), pools, rng) for _ in range(MUTATIONS)]
            tried += rng.sample(seen, min(len(seen), MUTATIONS))
            for action in tried:
                if action in legal:
                    continue
                try:
                    game.copy().apply(action)
                except IllegalMove as refused:
                    said.append(str(refused))
        action = rng.choice(legal)
        seen.append(action)
        game.apply(action)
        plies += 1
    return said


@pytest.mark.parametrize("variant", variant_names())
def test_every_refusal_of_a_playout_names_its_rule(variant: str) -> None:
    said = [s for i in range(GAMES.get(variant, 3)) for s in _refusals(variant, i)]
    assert len(said) >= 20  # the sample does reach the engine's reasons
    for text in said:
        assert_cites_a_rule(variant, text)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 25), index=st.integers(0, CELLS - 1))
def test_every_balance_point_refused_names_its_rule(seed: int, plies: int, index: int) -> None:
    game = BalanceGame((), seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if game.to_move is None:
            break
        game.apply(rng.choice(game.legal_actions()))
    if game.to_move is None or Place(index) in game.legal_actions():
        return
    with pytest.raises(IllegalMove) as refused:
        game.apply(Place(index))
    assert_cites_a_rule("balance", str(refused.value))  # balance-turn, balance-r2, r3


CRAFTED = [  # (a Skud game text, a move the rules refuse)
    ("0H.R,R,W,B;0G.R,K,K,B", "R3(8,0)"),  # the Guest opens in their own Gate (R7b)
    ("0H.R,R,W,B;0G.R,K,K,B;1G.R3(0,-8)", "R3(8,0)"),  # the Host answers (skud-start)
    ("0H.R,R,W,B;0G.R,K,K,B;1G.R3(0,-8);1H.R3(0,8)", "R4(2,2)"),  # only in a Gate (R7b)
    ("0H.R,R,W,B;0G.R,K,K,B;1G.R3(0,-8);1H.R3(0,8)", "R4(0,8)"),  # Gate not open (R7b)
    ("0H.R,R,W,B;0G.R,K,K,B;1G.R3(0,-8);1H.R3(0,8)", "(0,8)-(0,5)"),  # not the Guest's
    ("0H.R,R,W,B;0G.R,K,K,B;1G.R3(0,-8);1H.R3(0,8)", "(3,3)-(3,4)"),  # no tile there
    ("0H.R,R,W,B;0G.R,K,K,B;1G.R3(0,-8);1H.R3(0,8)", "(0,-8)-(0,-4)"),  # too far (R1)
]


@pytest.mark.parametrize(("text", "move"), CRAFTED)
def test_crafted_skud_refusals_name_their_rule(text: str, move: str) -> None:
    game = SkudGame.from_text(text)
    with pytest.raises(IllegalMove) as refused:
        game.play(move)
    assert_cites_a_rule("skud", str(refused.value))
