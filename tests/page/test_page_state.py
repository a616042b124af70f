"""The game page's own state beside its game (paisho_page.play.page_state); the accent
chooser is ``rules.html#skud-r12``'s."""

from __future__ import annotations

from paisho_core.registry import new_game
from paisho_page.play import accent_view
from paisho_page.play.page_state import PageState
from paisho_page.play.ui import UIState


def skud_page() -> PageState:
    """A page showing a new Skud game."""
    page = PageState("skud")
    page.show(UIState(new_game("skud", (), None)))
    return page


def test_showing_a_game_takes_its_variant_and_forgets_the_accent_choice() -> None:
    page = skud_page()
    page.accent_choice = [1, 2]
    page.show(UIState(new_game("wiki", (), None)))
    assert page.variant == "wiki" and page.accent_choice == []


def test_the_players_panels_are_built_once_per_set_of_players() -> None:
    page = skud_page()
    assert page.players_changed(("host", "guest"))
    assert not page.players_changed(("host", "guest"))
    assert page.players_changed(("host", "guest", "third"))


def test_skud_r12_the_chooser_is_built_again_only_for_another_choice() -> None:
    page = skud_page()
    chooser = accent_view.chooser(page.ui, True)
    assert chooser is not None
    assert page.chooser_opened(chooser) and page.accent_choice == []
    assert page.toggle_accent(0) is None and page.accent_choice == [0]
    assert not page.chooser_opened(chooser) and page.accent_choice == [0]  # (kept)
    assert not page.chooser_opened(None)
    assert page.chooser_opened(chooser) and page.accent_choice == []  # (reopened)


def test_skud_r12_no_more_tiles_than_the_chooser_asks_for() -> None:
    page = skud_page()
    for idx in range(4):
        assert page.toggle_accent(idx) is None
    assert page.toggle_accent(5) == "You already chose 4: take one back first."
    assert page.accent_choice == [0, 1, 2, 3]
    assert page.toggle_accent(1) is None and page.accent_choice == [0, 2, 3]
