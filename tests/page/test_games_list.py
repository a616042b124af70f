"""The "Your games" dialog's lists (paisho_page.storage.games_list)."""

from __future__ import annotations

from paisho_core.registry import new_game
from paisho_page.base.dom_writes import by_target
from paisho_page.storage import aside, games_index, games_list, saves, schema
from paisho_page.storage.game_store import SetAsideRow

ID_A = schema.new_id(1_700_000_000_000, 1)
ID_B = schema.new_id(1_700_000_000_001, 2)


def entry(ident: str) -> games_index.IndexEntry:
    return saves.record_game(new_game("skud", (), None), ident, None, 1, 2, "r").entry()


def test_the_pages_own_game_has_no_buttons_and_the_others_resume_and_delete() -> None:
    items = games_list.game_items([entry(ID_A), entry(ID_B)], ID_A, lambda ms: f"t{ms}")
    own, other = items
    assert ("data-game", ID_A) in own.attrs
    assert [c.text for c in own.children][1:] == ["t2", "on this page"]
    resume, delete = other.children[2:]
    assert resume.text == "Resume" and ("data-resume", ID_B) in resume.attrs
    assert delete.text == "Delete" and ("data-delete", ID_B) in delete.attrs
    assert dict(delete.attrs)["aria-label"].startswith("Delete: ")


def test_set_aside_data_link_to_their_downloads() -> None:
    row = SetAsideRow(aside.SETASIDE_PREFIX + "x1", 5, "a reason", "{raw")
    (item,) = games_list.set_aside_items([row], lambda ms: "", ["blob:1"])
    text, link, delete = item.children
    assert text.text == "a reason (4 characters)"
    assert ("href", "blob:1") in link.props and ("download", row.file_name) in link.props
    assert ("data-delete-set-aside", row.key) in delete.attrs
    assert games_list.armed_label("Delete: x") == "Really delete? Delete: x"
    assert games_list.armed_label(None) is None


def test_a_delete_buttons_first_click_arms_it_to_ask_once_more() -> None:
    writes = by_target(games_list.arm_writes("Delete: x"))  # (to the button itself: SELF)
    assert writes == {
        ("", "armed"): "yes",
        ("", "textContent"): "Really delete?",
        ("", "aria-label"): "Really delete? Delete: x",
    }
    assert ("", "aria-label") not in by_target(games_list.arm_writes(None))
