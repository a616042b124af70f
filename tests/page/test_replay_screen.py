"""What the replay bar shows and does (paisho_page.play.replay_screen)."""

from __future__ import annotations

from paisho_core.registry import new_game
from paisho_page.base.dom_writes import by_target
from paisho_page.play import replay_screen
from paisho_page.play.replay_cursor import ReplayCursor
from paisho_page.play.ui import UIState


def played(plies: int) -> UIState:
    ui = UIState(new_game("skud", (), None))
    for _ in range(plies):
        ui.apply(ui.game.legal_actions()[0])
    return ui


def test_the_bar_on_the_live_position_and_on_an_earlier_one() -> None:
    ui = played(3)
    cursor = ReplayCursor(ui.game)
    live = by_target(replay_screen.bar_writes(cursor, no_going_back=False))
    assert live[("replay-slider", "max")] == "3" and live[("replay-slider", "value")] == "3"
    assert live[("btn-replay-next", "disabled")] is True
    assert live[("btn-continue-here", "hidden")] is True
    assert live[("confirm-truncate", "hidden")] is True
    assert live[("board-holder", "viewing")] == "false"
    assert live[("<body>", "replaying")] is False
    cursor.go(1)
    earlier = by_target(replay_screen.bar_writes(cursor, no_going_back=False))
    assert earlier[("btn-replay-first", "disabled")] is False
    assert earlier[("btn-continue-here", "hidden")] is False
    assert ("confirm-truncate", "hidden") not in earlier  # an open question stays open
    assert earlier[("board-holder", "viewing")] == "true"
    assert earlier[("<body>", "replaying")] is True  # (the page's body is marked)
    refused = by_target(replay_screen.bar_writes(cursor, no_going_back=True))
    assert refused[("btn-continue-here", "hidden")] is True


def test_the_shown_position_its_marks_and_status() -> None:
    ui = played(3)
    cursor = ReplayCursor(ui.game)
    cursor.go(1)
    game, view = replay_screen.shown_view(cursor, ui)
    assert len(game.history) == 1 and view.cursor is None
    assert replay_screen.status(cursor).startswith(cursor.label() + " · ")


def test_continue_from_takes_the_later_actions_back_and_redo_restores_them() -> None:
    ui = played(3)
    after = replay_screen.continue_from(ui, 1)
    assert after is ui and len(ui.game.history) == 1 and ui.can_redo
