"""The game page's players, reserves, accent chooser, New game dialog, buttons and status
as data (paisho_page.play.players_view, accent_view, new_game_view, game_view)."""

from __future__ import annotations

from paisho_core import registry
from paisho_core.registry import new_game
from paisho_page.base import dom_writes
from paisho_page.base.dom_writes import by_target
from paisho_page.play import accent_view, game_view, new_game_view, players_view, result
from paisho_page.play.game_view import control_writes, resign_question, status_writes
from paisho_page.play.players_view import (
    player_section,
    reserve_elements,
    reserve_key,
    reserve_tile,
)
from paisho_page.play.seat_marks import SeatMark
from paisho_page.play.ui import UIState


def test_a_player_section_holds_a_name_a_badge_and_a_labelled_reserve() -> None:
    sec = player_section(1, "guest")
    assert sec.id == "player-1" and sec.cls == "player" and ("data-owner", "guest") in sec.attrs
    head = sec.children[0]
    assert [c.cls for c in head.children] == ["seat-dot", "seat-name", "turn-badge"]
    assert head.children[1].text == "Guest"
    res = sec.find("reserve-1")
    assert res is not None and ("aria-label", "Guest's reserve") in res.attrs
    assert ("role", "group") in res.attrs


def test_reserve_buttons_carry_code_owner_seat_count_and_art() -> None:
    buttons = reserve_elements({"R3": 3, "L": 1}, 0, "host", "skud")
    assert len(buttons) == 2
    first = buttons[0]
    assert ("data-reserve", "R3") in first.attrs and ("data-count", "3") in first.attrs
    assert ("data-seat", "0") in first.attrs and ("data-owner", "host") in first.attrs
    assert ("type", "button") in first.props and first.svg.startswith("<svg")
    assert first.children[0].text == "3" and first.children[0].cls == "count"


def test_an_empty_reserve_and_a_hidden_hand() -> None:
    assert [e.text for e in reserve_elements({}, 0, "host", "skud")] == ["empty"]
    (hand,) = reserve_elements({"?": 5}, 1, "guest", "skud")
    assert hand.text == "5 tiles in hand" and hand.cls == "hidden-hand"


def test_the_reserve_key_changes_only_with_the_contents() -> None:
    assert reserve_key({"a": 1, "b": 2}) == reserve_key({"b": 2, "a": 1})
    assert reserve_key({"a": 1}) != reserve_key({"a": 2})


def test_a_reserve_tile_label_says_whose_what_how_many_and_if_playable() -> None:
    tile = reserve_tile("skud", "host", "R3", "2", True, False)
    assert tile.playable and not tile.selected
    assert tile.label.startswith("Host ") and tile.label.endswith(
        ", 2 in reserve, can be played"
    )
    assert not reserve_tile("skud", "host", "R3", "2", False, True).label.endswith("played")


def test_accent_items_are_in_rwkb_order_one_per_tile() -> None:
    assert accent_view.accent_items({"B": 1, "R": 2, "W": 1}) == ["R", "R", "W", "B"]


def test_the_accent_choice_toggles_and_stops_at_its_size() -> None:
    assert accent_view.toggle([], 2, 2) == ([2], None)
    assert accent_view.toggle([2, 3], 2, 2) == ([3], None)
    choice, why = accent_view.toggle([0, 1], 3, 2)
    assert choice == [0, 1] and why == "You already chose 2: take one back first."
    assert accent_view.first_choice(4, 1) == [0, 1, 2, 3]
    assert accent_view.first_choice(4, 3) == []
    assert accent_view.chosen_codes(["R", "W", "K"], [2, 0, 9]) == ["K", "R"]


def test_the_accent_chooser_buttons_and_writes() -> None:
    buttons = accent_view.accent_buttons(["R", "W"], "skud", "host")
    assert ("data-accent-index", "1") in buttons[1].attrs
    assert ("data-accent", "W") in buttons[1].attrs and buttons[1].svg
    assert accent_view.button_label("skud", "R", True).endswith(", chosen")
    assert accent_view.button_label("skud", "R", False).endswith(", not chosen")


def test_skud_r12_the_accent_chooser_opens_for_the_mover_and_says_how_many() -> None:
    ui = UIState(new_game("skud", (), None))
    assert accent_view.chooser(ui, False) is None  # (a replay, or the computer's turn)
    chooser = accent_view.chooser(ui, True)
    assert chooser is not None and chooser.size == 4 and chooser.owner == "host"
    assert chooser.items == ("R", "R", "W", "W", "K", "K", "B", "B")
    assert chooser.key == (0, 0, tuple(ui.accent_tokens()))
    writes = by_target(accent_view.chooser_writes(ui, chooser, [0]))
    assert writes[("accent-title", "textContent")] == f"{chooser.who}: choose 4 accent tiles"
    assert str(writes[("accent-help", "textContent")]).startswith("1 of 4 chosen.")
    assert writes[("btn-accents", "disabled")] is True
    writes = by_target(accent_view.chooser_writes(ui, chooser, [0, 2, 4, 6]))
    assert writes[("btn-accents", "disabled")] is False  # one of each: allowed


def test_the_new_game_dialog_lists_the_variants_and_their_options() -> None:
    choices = new_game_view.variant_choices("wiki")
    values = [dict(c.props)["value"] for c in choices]
    assert "skud" in values and "wiki" in values
    assert [dict(c.props)["selected"] for c in choices].count(True) == 1
    boxes = new_game_view.option_boxes("skud", ("no-wheels", "odd"), {"odd"})
    box = boxes[0].children[0]
    assert box.id == "opt-no-wheels" and dict(box.props)["checked"] is False
    assert boxes[0].children[1].text == "No Wheels"
    assert boxes[1].children[1].text == "odd" and dict(boxes[1].children[0].props)["checked"]
    assert new_game_view.dialog_players("skud") == ("host", "guest")


def test_control_writes_follow_the_game() -> None:
    ui = UIState(new_game("skud", (), None))
    writes = by_target(control_writes(ui, "", True, False))
    assert writes[("btn-undo", "disabled")] is True and writes[("btn-redo", "disabled")]
    assert writes[("btn-undo", "title")] == "Undo (Ctrl+Z)"
    assert writes[("btn-resign", "disabled")] is False and writes[("btn-new", "disabled")] is False
    assert writes[("variant-title", "textContent")] == str(ui.game.info.title)
    assert by_target(control_writes(ui, "No.", True, True))[("btn-undo", "title")] == "No."
    assert by_target(control_writes(ui, "", True, True))[("bonus-bar", "hidden")] is True


def test_resign_is_off_while_the_computer_is_to_move() -> None:
    """While the computer's seat is to move, Resign would resign it for the person."""
    ui = UIState(new_game("skud", (), None))
    assert by_target(control_writes(ui, "", False, False))[("btn-resign", "disabled")] is True
    assert by_target(control_writes(ui, "", True, False))[("btn-resign", "disabled")] is False


def test_status_writes_say_the_turn_or_the_replay_and_the_message() -> None:
    ui = UIState(new_game("skud", (), None))
    writes = by_target(status_writes(ui, None, "New game."))
    assert writes[("status", "textContent")] == ui.status()
    assert writes[("message", "textContent")] == "New game."
    assert writes[("board-holder", "actions")] == "0"
    writes = by_target(status_writes(ui, "Move 3 of 9", None))
    assert writes[("status", "textContent")] == "Move 3 of 9"
    assert writes[("message", "textContent")] == ui.message
    ui.resign()
    assert by_target(status_writes(ui, None, None))[("status", "textContent")] == (
        result.STATUS_OVER
    )
    assert resign_question("Host") == "Host, resign this game?"


def test_keys_give_undo_redo_cancel_move_and_choose() -> None:
    from paisho_page.play import page_keys as k

    assert k.key_command("z", True, False, "BODY") == k.UNDO
    assert k.key_command("Z", True, True, "div") == k.REDO
    assert k.key_command("y", True, False, "svg") == k.REDO
    assert k.key_command("z", True, False, "INPUT") is None  # typing in a field
    assert k.key_command("z", False, False, "body") is None
    assert k.key_command("Escape", False, False, "input") == k.CANCEL
    assert k.key_command("Esc", False, False, "") == k.CANCEL
    assert k.key_command("ArrowLeft", False, False, "svg") == k.MOVE
    assert k.key_command(" ", False, False, "svg") == k.CHOOSE
    assert k.key_command("Enter", False, False, "svg") == k.CHOOSE
    assert k.key_command("a", False, False, "svg") is None
    assert k.typing("Textarea") and not k.typing("button")


def test_a_fresh_game_takes_the_seed_given_or_the_variants_own_or_a_random_one() -> None:
    asked: list[str] = []

    def own() -> int | None:
        asked.append("own")
        return 7

    game = new_game_view.fresh_game("balance", (), None, None, own)
    assert asked == ["own"] and game.seed == 7  # type: ignore[attr-defined]
    game = new_game_view.fresh_game("balance", (), 5, None, own)
    assert asked == ["own"] and game.seed == 5  # type: ignore[attr-defined]
    game = new_game_view.fresh_game("balance", (), None, None, lambda: None)
    assert isinstance(game.seed, int)  # type: ignore[attr-defined]
    new_game_view.fresh_game("skud", ("no-wheels",), None, None, own)
    assert asked == ["own"]  # (Skud uses no seed)
    assert len(new_game_view.fresh_game("ancient", (), None, 3, own).players) == 3
    note = new_game_view.unreadable_saves_note(KeyError("x"))
    assert "internal error: KeyError" in note and note.endswith("a new game starts.")


def test_the_result_panel_shows_its_lines_or_hides_and_empties_them() -> None:
    hidden = by_target(result.result_writes(None))
    assert hidden[("result-panel", "hidden")] is True and hidden[("result", "hidden")] is True
    assert hidden[("result", "textContent")] == "" == hidden[("result-score", "textContent")]
    ui = UIState(new_game("skud", (), None))
    ui.resign()
    view = result.result_view(ui.game, ui.result_text())
    assert view is not None
    shown = by_target(result.result_writes(view))
    assert shown[("result-heading", "textContent")] == view.heading
    assert shown[("result", "textContent")] == view.line and shown[("result", "hidden")] is False
    assert shown[("result-score", "hidden")] is (not view.score)
    assert shown[("result-panel", "hidden")] is False


def test_a_links_timings_are_marked_in_milliseconds() -> None:
    from paisho_page.sharing.link_pacing import Chunk, timing_marks

    marks = timing_marks(Chunk(busy=0.25, ended=10.5), started=10.0, shown=10.75)
    assert marks == {
        "linkBusyMs": "250",
        "linkDecodedMs": "500",
        "linkShowMs": "250",
        "linkOpenMs": "750",
    }


def test_the_board_offers_nothing_on_the_computers_turn_and_names_the_cursors_point() -> None:
    ui = UIState(new_game("skud", (), None))
    view = ui.view()
    assert game_view.board_view(view, True) is view
    assert game_view.board_view(view, False).highlights == frozenset()
    ui.cursor_visible = True
    cursor = ui.view().cursor
    assert cursor is not None
    writes = by_target(game_view.board_writes(ui.view()))
    assert writes[("board", "aria-activedescendant")] == f"pt{cursor.x}_{cursor.y}"
    ui.cursor_visible = False
    (removed,) = game_view.board_writes(ui.view())
    assert removed == dom_writes.no_attr("board", "aria-activedescendant")


def test_the_page_is_marked_game_over_with_the_game() -> None:
    ui = UIState(new_game("skud", (), None))
    assert by_target(control_writes(ui, "", True, False))[("<body>", "game-over")] is False
    ui.resign()
    writes = control_writes(ui, "", True, False)
    assert dom_writes.classed(dom_writes.BODY, "game-over", True) in writes


def test_a_seats_section_and_its_reserve_buttons_are_marked() -> None:
    thinking = SeatMark("thinking…", True, True)
    assert by_target(players_view.seat_writes(1, thinking)) == {
        ("player-1", "to-move"): True, ("player-1", "thinking"): True,
    }
    tile = reserve_tile("skud", "host", "R3", "2", True, True)
    writes = by_target(tile.writes())  # (written to the button itself: SELF)
    assert writes[("", "playable")] is True and writes[("", "selected")] is True
    assert writes[("", "aria-pressed")] == "true" and writes[("", "aria-label")] == tile.label
    off = by_target(reserve_tile("skud", "host", "R3", "2", False, False).writes())
    assert off[("", "playable")] is False and off[("", "aria-pressed")] == "false"


def test_an_accent_tiles_button_says_whether_it_is_chosen() -> None:
    writes = by_target(accent_view.button_writes("skud", "R", True))
    assert writes[("", "aria-pressed")] == "true"
    assert writes[("", "aria-label")] == accent_view.button_label("skud", "R", True)
    assert by_target(accent_view.button_writes("skud", "R", False))[("", "aria-pressed")] == (
        "false"
    )


def test_the_dialogs_option_boxes_are_ticked_as_the_pages_game_of_that_variant() -> None:
    skud_boxes = new_game_view.option_fields("skud", "skud", {"no-wheels"})
    ticked = {b.children[0].id: dict(b.children[0].props)["checked"] for b in skud_boxes}
    assert ticked["opt-no-wheels"] is True
    assert sum(ticked.values()) == 1
    other = new_game_view.option_fields("skud", "wiki", {"no-wheels"})  # another variant's
    assert not any(dict(b.children[0].props)["checked"] for b in other)
    assert len(other) == len(registry.get_variant("skud").info.options)


def test_a_reserve_buttons_seat_is_read_from_its_data() -> None:
    assert players_view.tile_owner("1") == 1
    assert players_view.tile_owner("") is None and players_view.tile_owner("x") is None
