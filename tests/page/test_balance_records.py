"""Balance's best scores are never lost (``rules.html#balance``, R6: the score).

The best-score table's reader accepts every score the engine allows
(:func:`paisho_core.balance.limits.highest_score`), and a table an older, stricter
reader set aside is taken back in at start-up.
"""

from __future__ import annotations

import json
from datetime import date

from dict_storage import DictStorage
from hypothesis import given, settings
from hypothesis import strategies as st

from paisho_core.balance import BalanceGame
from paisho_core.balance.bag import MAX_SEED
from paisho_core.balance.limits import LOWEST_SCORE, highest_score
from paisho_core.balance.solver import best_placement
from paisho_page.panels import balance as bp
from paisho_page.panels import balance_page as page
from paisho_page.storage import aside, game_store

DAY = 20261204
"""The daily bag the player who found the defect played with Hint every turn."""


def _hinted(seed: int) -> BalanceGame:
    game = BalanceGame((), seed)
    while game.to_move is not None:
        place = best_placement(game, bp.HINT_BUDGET, 0)
        assert place is not None
        game.apply(place)
    return game


def _aside(storage: DictStorage) -> list[str]:
    return [k for k in storage.data if k.startswith(aside.SETASIDE_PREFIX)]


def test_a_score_above_twenty_is_kept_and_sets_nothing_aside() -> None:
    game = _hinted(DAY)
    end = game.outcome()
    assert end is not None and (end.score or 0) > 20  # the Hint's game beats 20
    storage = DictStorage()
    store = page.BestStore(storage)
    table, notice = store.load()
    assert store.record(table, game) == "A new best score ever!"
    again = page.BestStore(storage)  # the next page
    table, notice = again.load()
    assert notice is None and _aside(storage) == []
    assert table.overall == bp.Best(end.score or 0, str(end.result), DAY)
    assert table.daily_best(DAY) == table.overall


def test_the_reader_takes_the_largest_and_smallest_legal_scores_only() -> None:
    for score in (LOWEST_SCORE, highest_score()):
        best = bp.Best(score, "unbalance", DAY)
        assert bp.Best.from_json(best.to_json()) == best
    for score in (LOWEST_SCORE - 1, highest_score() + 1):
        assert bp.Best.from_json({"score": score, "result": "unbalance", "seed": DAY}) is None


BESTS = st.builds(
    bp.Best,
    st.integers(LOWEST_SCORE, highest_score()),
    st.sampled_from(sorted(bp.RESULT_NAMES)),
    st.integers(0, MAX_SEED - 1),
)


@settings(max_examples=60)
@given(
    BESTS,
    st.lists(st.tuples(st.integers(0, 400), st.integers(LOWEST_SCORE, highest_score())),
             max_size=8),
    st.integers(0, 2**53 - 1),
    st.text(max_size=40),
)
def test_every_table_the_engine_allows_round_trips(
    overall: bp.Best, days: list[tuple[int, int]], played: int, last: str
) -> None:
    table = bp.BestScores(overall, played=played, last=last)
    for offset, score in days:
        seed = bp.daily_seed(date.fromordinal(date(2026, 1, 1).toordinal() + offset))
        table.daily[seed] = bp.Best(score, "balance", seed)
    again, problem = bp.BestScores.read(table.to_json())
    assert problem is None and again == table


def _old_aside(storage: DictStorage, score: int) -> None:
    """A table as the old reader (scores 0–20 only) set it aside: its best refused."""
    raw = json.dumps({
        "overall": {"score": score, "result": "balance", "seed": DAY},
        "daily": {str(DAY): {"score": score, "result": "balance", "seed": DAY}},
        "played": 3, "last": f"{DAY}:x",
    })
    reason = "its best score is malformed"
    game_store.set_aside(storage, page.BEST_KEY, raw, reason, remove=False)


def test_best_scores_set_aside_by_the_old_check_are_recovered_once() -> None:
    storage = DictStorage()
    storage.data[page.BEST_KEY] = json.dumps({"overall": None, "daily": {}, "played": 3})
    _old_aside(storage, 22)
    _old_aside(storage, 21)
    store = page.BestStore(storage)
    table, notice = store.load()
    assert notice == page.RECOVERED
    assert table.overall == bp.Best(22, "balance", DAY) and table.daily_best(DAY) == table.overall
    assert table.played == 3 and _aside(storage) == []  # both read well now: deleted
    assert bp.BestScores.from_json(storage.data[page.BEST_KEY]) == table
    assert page.BestStore(storage).load() == (table, None)


def test_a_set_aside_table_still_bad_keeps_its_place_and_gives_its_good_parts() -> None:
    storage = DictStorage()
    raw = json.dumps({"overall": {"score": 22, "result": "balance", "seed": 5},
                      "played": "lots"})
    game_store.set_aside(storage, page.BEST_KEY, raw, "bad", remove=False)
    game_store.set_aside(storage, "paisho.other", raw, "bad", remove=False)
    table, notice = page.BestStore(storage).load()
    assert notice == page.RECOVERED and table.overall == bp.Best(22, "balance", 5)
    assert len(_aside(storage)) == 2  # neither entry is dropped


def test_recovery_with_storage_full_changes_nothing() -> None:
    storage = DictStorage()
    _old_aside(storage, 22)
    storage.full = True
    _table, notice = page.BestStore(storage).load()
    assert notice is None and len(_aside(storage)) == 1
