"""What the Notation dialog does with pasted text (paisho_page.sharing.notation_import)."""

from __future__ import annotations

from paisho_core import link
from paisho_core.registry import new_game
from paisho_page.base.dom_writes import by_target
from paisho_page.sharing import decisions as sharing
from paisho_page.sharing import notation_import

GOOD = "0H.R,W,K,B;0G.R,W,K,B;1G.R3(0,-8);1H.R3(0,8)"
BAD = "0H.R,W,K,B;0G.R,W,K,B;1G.R3(0,-8);1H.R3(0,8);2G.(0,-8)-(0,0);2H.(0,8)-(1,6)"


def test_nothing_pasted_is_said() -> None:
    assert notation_import.read_pasted("  ", "skud").error == notation_import.EMPTY


def test_good_notation_is_taken_and_the_dialog_closes() -> None:
    pasted = notation_import.read_pasted(GOOD, "skud")
    assert pasted.take is not None and pasted.close and pasted.error == ""
    assert len(pasted.take.game.history) == 4


def test_refused_notation_offers_its_legal_beginning() -> None:
    pasted = notation_import.read_pasted(BAD, "skud")
    assert pasted.take is None and not pasted.close
    assert pasted.error.endswith("Correct the text and import it again.")
    assert pasted.partial is not None and pasted.partial[1] == "the notation"
    assert pasted.partial_label == "Open the first 4 legal moves"
    game = pasted.partial[0]
    assert notation_import.partial_message(game, "the notation").startswith(
        "Opened the legal part of the notation (4 moves)"
    )


def test_a_pasted_link_opens_its_game() -> None:
    game = new_game("skud", (), None)
    game.apply(game.legal_actions()[0])
    pasted = notation_import.read_pasted(link.fragment_for(game, None), "wiki")
    assert pasted.take is not None and pasted.close
    assert pasted.take.game.to_text() == game.to_text()


def test_the_variant_choices_select_the_current_one() -> None:
    options = notation_import.variant_options("skud")
    chosen = [o for o in options if ("selected", True) in o.props]
    assert [dict(o.props)["value"] for o in chosen] == ["skud"]


def test_the_dialog_writes_the_error_and_offers_the_legal_beginning() -> None:
    refused = notation_import.read_pasted(BAD, "skud")
    said = by_target(refused.writes())
    assert said[("notation-error", "textContent")] == refused.error
    assert said[("btn-notation-partial", "textContent")] == "Open the first 4 legal moves"
    assert said[("notation-partial", "hidden")] is False
    empty = by_target(notation_import.read_pasted("", "skud").writes())
    assert empty[("notation-error", "textContent")] == notation_import.EMPTY
    assert ("notation-partial", "hidden") not in empty  # (hidden when the dialog cleared)
    assert by_target(notation_import.cleared_writes()) == {
        ("notation-error", "textContent"): "",
        ("notation-status", "textContent"): "",
        ("notation-partial", "hidden"): True,
    }


def test_this_games_notation_is_exported_and_named_by_its_plies() -> None:
    said = by_target(notation_import.export_writes(GOOD))
    assert said[("notation-text", "value")] == GOOD
    assert said[("notation-partial", "hidden")] is True
    assert said[("notation-error", "textContent")] == ""
    what = notation_import.export_label(GOOD)
    said = sharing.copy_words(what, True)[0]
    assert said == "This game's notation (4 moves) copied to the clipboard."
