"""Every variant refuses a game for a number of players it is not played by.

The check is made once, in :class:`paisho_core.protocol.Game` from
``info.min_players``/``info.max_players``; these tests ask it of each variant.
"""

from __future__ import annotations

import pytest

from paisho_core import new_game
from paisho_core.ancient import AncientGame
from paisho_core.balance.game import BalanceGame
from paisho_core.errors import InvalidMove
from paisho_core.registry import get_variant, variant_names
from paisho_core.skud import SkudGame
from paisho_core.wiki import WikiGame


def test_skud_is_for_two_players_only() -> None:
    assert SkudGame(players=2).players == ("host", "guest")
    for bad in (0, 1, 3, 4):
        with pytest.raises(InvalidMove, match=rf"Skud Pai Sho is played by 2 players, not {bad}"):
            SkudGame(players=bad)


def test_wiki_is_for_two_players_only() -> None:
    assert WikiGame(players=2).players == ("host", "guest")
    for bad in (1, 3):
        with pytest.raises(InvalidMove, match=rf"Wiki Pai Sho is played by 2 players, not {bad}"):
            WikiGame(players=bad)


def test_balance_is_a_solitaire() -> None:
    assert len(BalanceGame(seed=1, players=1).players) == 1
    with pytest.raises(InvalidMove, match=r"1 player \(a solitaire\), not 2"):
        BalanceGame(seed=1, players=2)


def test_ancient_takes_two_to_four_players() -> None:
    for n in (2, 3, 4):
        assert len(AncientGame((), 7, n).players) == n
    for bad in (0, 1, 5):
        with pytest.raises(InvalidMove, match=rf"2 to 4 players, not {bad}"):
            AncientGame((), 7, bad)


@pytest.mark.parametrize("name", variant_names())
def test_every_variant_refuses_a_count_outside_its_range(name: str) -> None:
    info = get_variant(name).info
    seed = 3 if info.uses_seed else None
    for bad in (info.min_players - 1, info.max_players + 1, True, "2"):
        with pytest.raises(InvalidMove, match="is played by") as raised:
            new_game(name, (), seed, players=bad)  # type: ignore[arg-type]
        assert info.title in str(raised.value)
        assert repr(bad) in str(raised.value)  # the message names the input
    for good in range(info.min_players, info.max_players + 1):
        assert len(new_game(name, (), seed, players=good).players) == good


@pytest.mark.parametrize("name", variant_names())
def test_replay_text_refuses_a_wrong_count_too(name: str) -> None:
    cls = get_variant(name)
    seed = 3 if cls.info.uses_seed else None
    with pytest.raises(InvalidMove, match="is played by"):
        cls.replay_text("", (), seed, cls.info.max_players + 1)
