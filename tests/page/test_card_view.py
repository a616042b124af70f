"""Which tile card is shown, and the card as elements (paisho_page.play.card_view)."""

from __future__ import annotations

from paisho_core.registry import new_game
from paisho_page.base.dom_writes import by_target
from paisho_page.play.card_view import CardFollower, card_writes, line_elements, link_rows
from paisho_page.play.ui import RESERVE_PREFIX
from paisho_page.words import cards


def test_a_pointed_tile_shows_its_card_then_it_stays() -> None:
    game = new_game("skud", (), None)
    follow = CardFollower()
    assert follow.update(game, False, (), None) == (False, None)  # nothing to show yet
    assert follow.point(RESERVE_PREFIX + "R3") and not follow.point(RESERVE_PREFIX + "R3")
    assert not follow.point(None)
    changed, card = follow.update(game, False, (), None)
    assert changed and card is not None and card.code == "R3"
    assert follow.update(game, False, (), None) == (False, None)  # the same card stays


def test_a_new_selection_forgets_the_pointed_tile_and_another_game_empties_the_card() -> None:
    skud = new_game("skud", (), None)
    follow = CardFollower()
    follow.point(RESERVE_PREFIX + "R3")
    follow.update(skud, False, (), None)
    changed, card = follow.update(skud, False, (RESERVE_PREFIX + "W4",), None)
    assert changed and card is not None and card.code == "W4" and follow.pointed is None
    wiki = new_game("wiki", (), None)
    assert follow.update(wiki, False, (), None) == (True, None)  # back to the hint
    assert follow.update(wiki, False, (), None) == (False, None)


def test_the_cards_title_lines_and_links() -> None:
    card = cards.card("skud", "R3")
    writes = by_target(card_writes(card))
    assert writes[("tile-card-title", "textContent")] == card.title
    assert writes[("tile-card", "tile")] == "R3"
    assert by_target(card_writes(None))[("tile-card-title", "textContent")] == "Tile card"
    lines = line_elements(card)
    assert [e.tag for e in lines[:2]] == ["dt", "dd"] and len(lines) == 2 * len(card.lines)
    rules, demos = link_rows(card)
    assert rules.children[0].text == "Rules: " and demos.children[0].text == "Demos: "
    links = [c for c in rules.children if c.tag == "a"]
    assert len(links) == len(card.rulings)
    assert dict(links[0].props) == {
        "href": card.rulings[0].href, "target": "_blank", "rel": "noopener"
    }
    assert all(c.text == " · " for c in rules.children[2::2])


def test_the_tile_pointed_at_in_the_side_panel() -> None:
    from paisho_page.play.card_view import pointed_token

    assert pointed_token("R3", "W", "L") == RESERVE_PREFIX + "R3"  # a reserve tile first
    assert pointed_token(None, "W", "L") == RESERVE_PREFIX + "W"  # an accent tile
    assert pointed_token(None, None, "L") == RESERVE_PREFIX + "L"  # a drawn tile
    assert pointed_token(None, None, "") is None and pointed_token(None, None, None) is None


def test_the_card_is_marked_empty_without_a_tile() -> None:
    empty = by_target(card_writes(None))
    assert empty[("tile-card", "empty")] is True and empty[("tile-card", "data-tile")] is False
    assert by_target(card_writes(cards.card("skud", "R3")))[("tile-card", "empty")] is False
