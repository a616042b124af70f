"""The computer opponent's words and choices (paisho_page.computer_page)."""

from __future__ import annotations

from paisho_core.board import Point
from paisho_core.render import RenderView
from paisho_page import computer_page


def test_the_dialogs_choices_and_the_seat_picked() -> None:
    assert computer_page.seat_choices(["host", "guest"]) == [
        ("none", "Nobody: two people on this screen"), ("0", "Host"), ("1", "Guest"),
    ]
    assert computer_page.seat_value(None) == "none" and computer_page.seat_value(1) == "1"
    assert [v for v, _ in computer_page.level_choices()] == ["easy", "medium", "hard"]
    assert computer_page.dialog_seat("1", hidden=False) == 1
    assert computer_page.dialog_seat("1", hidden=True) is None
    assert computer_page.dialog_seat("none", hidden=False) is None
    assert computer_page.dialog_seat("", hidden=False) is None


def test_the_hint_words_and_marks() -> None:
    assert "starting up" in computer_page.hint_waiting_text(False)
    assert "looking" in computer_page.hint_waiting_text(True)
    view = RenderView()
    assert computer_page.with_marks(view, ()) is view
    marked = computer_page.with_marks(view, [Point(0, 1)])
    assert marked.extra_classes == {Point(0, 1): "hint"} and view.extra_classes == {}


def test_the_hint_bar_holds_the_button_and_a_polite_line() -> None:
    bar = computer_page.hint_bar()
    button, line = bar.find("btn-skud-hint"), bar.find("skud-eval")
    assert button is not None and button.text == "Hint" and ("type", "button") in button.props
    assert line is not None and ("aria-live", "polite") in line.attrs
