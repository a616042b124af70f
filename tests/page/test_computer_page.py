"""The computer opponent's words and choices (paisho_page.computer.choices)."""

from __future__ import annotations

from paisho_core.board import Point
from paisho_core.render import RenderView
from paisho_page.computer import choices as computer_page


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


def test_the_dialog_says_which_side_the_person_plays_and_who_opens() -> None:
    # skud-r7b: the Guest opens with a plant (after both sides chose accent tiles);
    # wiki-r3: the Guest's flower enters first
    for variant in ("skud", "wiki"):
        assert computer_page.dialog_side_text(variant, "none") == "Guest opens."
        assert computer_page.dialog_side_text(variant, "0") == "You play Guest and open the game."
        assert computer_page.dialog_side_text(variant, "1") == "You play Host; Guest opens."
    assert computer_page.dialog_side_text("balance", "none") == ""  # a solitaire
    assert computer_page.dialog_side_text("ancient", "none") == ""  # the seed decides
    assert computer_page.dialog_side_text("no-such-game", "1") == ""


def test_the_first_status_says_the_side_and_ancient_says_who_starts() -> None:
    from paisho_core.registry import new_game
    from paisho_page.computer.client import opening_writes, side_writes

    skud = new_game("skud")
    assert computer_page.opener(skud) == 1  # the Guest, after the accent choices
    said = computer_page.opening_status(skud, 1, "Host: choose 4 accent tiles.")
    assert said == "Host: choose 4 accent tiles. You play Host; Guest opens."
    assert opening_writes(skud, 1, said) == ()  # already said: nothing written again
    assert computer_page.opening_status(skud, None, "x") == "x"  # two people: no "you"
    skud.play("R,W,K,B")
    skud.play("R,W,K,B")
    skud.play("R3(0,-8)")
    assert computer_page.opening_status(skud, 1, "x") == "x"  # a tile is on the board
    ancient = new_game("ancient", seed=0)
    first = ancient.players[computer_page.opener(ancient) or 0].upper()
    assert computer_page.opening_status(ancient, None, "") == (
        f"{first} starts; then each seat plays in turn.")
    writes = dict(((x.target, x.kind), x.value) for x in side_writes("wiki", "1"))
    assert writes[(computer_page.SIDE_ID, "text")] == "You play Host; Guest opens."
