"""The engine's one seeded generator (paisho_core.rng): pinned numbers, shared seeds."""

from __future__ import annotations

import pytest

from paisho_core.ancient.deal import check_seed as ancient_seed
from paisho_core.balance import bag
from paisho_core.errors import InvalidMove
from paisho_core.rng import MAX_SEED, SplitMix64, check_seed


def test_splitmix64_gives_the_reference_numbers() -> None:
    """SplitMix64 from seed 0: the first outputs of the published reference generator."""
    rng = SplitMix64(0)
    assert [rng.next() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


def test_below_and_shuffle_are_deterministic() -> None:
    a, b = SplitMix64(42), SplitMix64(42)
    assert [a.below(7) for _ in range(20)] == [b.below(7) for _ in range(20)]
    assert all(0 <= SplitMix64(s).below(3) < 3 for s in range(50))
    items, again = list(range(10)), list(range(10))
    SplitMix64(9).shuffle(items)
    SplitMix64(9).shuffle(again)
    assert items == again and sorted(items) == list(range(10))


def test_balance_and_ancient_share_the_generator() -> None:
    assert bag.SplitMix64 is SplitMix64 and bag.MAX_SEED == MAX_SEED == 1 << 53


@pytest.mark.parametrize("bad", [-1, MAX_SEED, 1.5, True, "3"])
def test_a_bad_seed_is_refused_naming_the_variant(bad: object) -> None:
    with pytest.raises(InvalidMove, match=r"^wiki seed"):
        check_seed(bad, "wiki")
    with pytest.raises(InvalidMove, match=r"^balance seed"):
        bag.check_seed(bad)
    with pytest.raises(InvalidMove, match=r"^ancient seed"):
        ancient_seed(bad)
    assert check_seed(MAX_SEED - 1, "x") == MAX_SEED - 1
