"""What Balance's panel writes and decides (paisho_page.panels.balance_page): the
panel's texts and marks, the best-score table in storage (a damaged one set aside once),
the hint, the dialog's seed and which point the placement preview is about."""

from __future__ import annotations

import pytest
from balance_helpers import finished
from dict_storage import DictStorage

from paisho_core.balance import BalanceGame
from paisho_core.balance.solver import best_placement
from paisho_core.board import Point
from paisho_core.errors import PaiShoError
from paisho_core.registry import new_game
from paisho_page.base.dom_writes import by_target
from paisho_page.panels import balance as bp
from paisho_page.panels import balance_page as page
from paisho_page.storage import aside

TODAY = 20260101



def test_the_screen_of_a_running_game() -> None:
    game = BalanceGame((), 123_456_789_012)
    screen = page.balance_screen(game, viewing=False, today=TODAY)
    assert (screen.harmonies, screen.disharmonies, screen.score) == ("0", "0", "0")
    assert screen.data["seed"] == "123456789012" and screen.data["result"] == ""
    assert screen.status == bp.status_text(game) and screen.end_text is None
    assert screen.end_data == {"result": "", "score": ""}
    assert not screen.hint_disabled and screen.daily_label == "Today's daily game"
    assert page.balance_screen(game, viewing=True, today=TODAY).status is None
    assert page.balance_screen(game, True, TODAY).hint_disabled
    writes = by_target(screen.writes())
    assert writes[("<body>", "variant-balance")] is True
    assert writes[("balance-panel", "hidden")] is False
    assert by_target(page.hidden_writes()) == {
        ("<body>", "variant-balance"): False,
        ("balance-panel", "hidden"): True,
    }


def test_the_screen_of_a_finished_game_and_of_todays_daily() -> None:
    game = finished(TODAY)
    end = game.outcome()
    assert end is not None
    screen = page.balance_screen(game, viewing=False, today=TODAY)
    assert screen.end_text == bp.end_text(end, game) and screen.hint_disabled
    assert screen.end_data == {"result": end.result or "", "score": str(end.score or 0)}
    assert screen.daily_label == "Restart today's daily"
    assert page.balance_screen(game, viewing=True, today=TODAY).end_text is None


def test_best_scores_are_recorded_and_said() -> None:
    store = page.BestStore(DictStorage())  # type: ignore[arg-type]
    table, notice = store.load()
    assert notice is None and table.played == 0
    game = finished(TODAY)
    assert store.record(table, game) == "A new best score ever!"
    table, _ = store.load()
    assert store.record(table, game) is None  # the same game is not counted twice
    view = page.best_view(store.load()[0], TODAY, game.seed)
    assert view.best != "" and view.today != ""
    assert ("Games finished", "1") in view.rows


def test_a_damaged_best_score_table_is_set_aside_once() -> None:
    storage = DictStorage()
    storage.data[page.BEST_KEY] = '{"played": "lots"}'
    store = page.BestStore(storage)  # type: ignore[arg-type]
    _, notice = store.load()
    assert notice is not None and "Your Balance best scores" in notice
    kept = [k for k in storage.data if k.startswith(aside.SETASIDE_PREFIX)]
    assert len(kept) == 1
    assert store.load()[1] is None  # its good parts were stored back


def test_a_hint_belongs_to_its_position() -> None:
    game = BalanceGame((), 5)
    hint = page.Hint()
    assert hint.shown_on(game, viewing=False) is None
    place = best_placement(game, 50, 0)
    assert place is not None
    message = hint.take(game, page.live_key(game), place, 0.25)
    assert message.startswith("Hint: ") and "0.25 s" in message
    # in words, the point marked on the board; named only where coordinates are asked for
    assert message.startswith("Hint: place the Badgermole on the marked point (H +1, D +1 now")
    assert str(place.point) not in message
    named = hint.take(game, page.live_key(game), place, 0.25, coordinates=True)
    assert named.startswith(f"Hint: place the Badgermole on {place.point} (")
    assert hint.shown_on(game, viewing=False) == Point(place.point.x, place.point.y)
    assert hint.shown_on(game, viewing=True) is None
    game.apply(place)
    assert hint.shown_on(game, viewing=False) is None
    hint.forget()
    assert hint.point is None


def test_the_dialogs_seed_choice() -> None:
    assert page.dialog_seed("daily", "", TODAY) == TODAY
    assert page.dialog_seed("random", "12", TODAY) is None
    assert page.dialog_seed("seed", " 42 ", TODAY) == bp.parse_seed(" 42 ")
    with pytest.raises(PaiShoError, match="Type a seed"):
        page.dialog_seed("seed", "forty", TODAY)
    assert page.daily_label(TODAY) == "Today's daily bag (seed 20260101)"
    assert page.seed_choice([]) == "random"  # (no radio button checked)
    assert page.seed_choice(["daily"]) == "daily"


def test_the_preview_is_about_a_legal_point_of_the_live_game() -> None:
    game = BalanceGame((), 5)
    point = Point(0, 0)
    assert page.preview_point(game, False, point, {point}) == point
    assert page.preview_point(game, True, point, {point}) is None
    assert page.preview_point(game, False, point, set()) is None
    assert page.preview_point(game, False, None, {point}) is None
    assert page.preview_point(new_game("skud", (), None), False, point, {point}) is None


def test_the_bag_and_the_best_scores_as_elements() -> None:
    items = page.bag_items({"R": 2, "W": 0})
    assert [i.cls for i in items] == ["bag-tile", "bag-tile none"]
    assert items[0].svg.startswith("<svg") and items[0].children[0].text == "2"
    assert dict(items[1].props)["title"].endswith(": 0")
    view = page.BestView([("Best ever", "9"), ("Games finished", "1")], "9", "")
    assert [(i.tag, i.text) for i in page.best_items(view)] == [
        ("dt", "Best ever"), ("dd", "9"), ("dt", "Games finished"), ("dd", "1"),
    ]
