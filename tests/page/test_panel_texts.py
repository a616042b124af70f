"""The panels' texts moved out of the site's DOM modules: Wiki's score table and flowers
line, Ancient's refusals, panel lines and New game dialog fields."""

from __future__ import annotations

import random

from paisho_core.ancient import AncientGame
from paisho_core.ancient.computer import choose
from paisho_core.wiki import WikiGame
from paisho_page.panels import ancient, wiki
from paisho_page.words.names import tile_name


def test_wiki_score_rows_sign_the_terms_but_not_the_total() -> None:
    game = WikiGame((), None)
    rows = wiki.score_rows(game)
    assert [term for term, _, _ in rows] == [term for term, _ in wiki.TERMS]
    scores = game.scores()
    for term, label, cells in rows:
        assert label == dict(wiki.TERMS)[term]
        values = [int(row[term]) for row in scores]
        assert cells == ([str(v) for v in values] if term == "total"
                         else [f"{v:+d}" for v in values])
    assert wiki.totals(game) == {
        name: int(row["total"]) for name, row in zip(game.players, scores, strict=True)
    }


def test_wiki_flowers_text_names_each_player() -> None:
    game = WikiGame((), None)
    text = wiki.flowers_text(game)
    assert text.startswith("Flowers left: Host ")
    assert ", Guest " in text and text.endswith("(three or fewer loses).")


def test_ancient_screen_refusals() -> None:
    assert ancient.screen_refusal(ancient.HANDOVER) == "Pass the device first."
    assert ancient.screen_refusal(ancient.COMPUTER) == "The computer is playing."
    assert ancient.screen_refusal(ancient.PLAY) == ""
    assert ancient.screen_refusal(ancient.OVER) == ""


def test_ancient_undo_refusal_on_each_screen() -> None:
    game = AncientGame(("target=5",), 3, 3)
    assert ancient.undo_refusal_on(game, ancient.COMPUTER).startswith("The computer is playing")
    assert ancient.undo_refusal_on(game, ancient.PLAY) == ancient.undo_refusal(game)
    rng = random.Random(3)
    while ancient.undo_refusal(game) != "":
        action = choose(game, rng)
        assert action is not None
        game.apply(action)
        if game.to_move is None:
            break
    assert game.to_move is not None  # an action that may be taken back:
    assert ancient.undo_refusal_on(game, ancient.HANDOVER) == "Pass the device first."
    assert ancient.undo_refusal_on(game, ancient.PLAY) == ""


def test_ancient_panel_texts() -> None:
    game = AncientGame(("target=5",), 11, 2)
    view = ancient.seat_view(game, 0)
    texts = ancient.panel_texts(game, view, "White Lotus", "L")
    assert texts.count == f"Harmonies: {view.harmonies} of target {view.target}"
    assert texts.pairs.startswith(f"Disharmonies: {game.disharmonies}.")
    assert texts.drawn == ("" if not view.drawn else "You drew: White Lotus (marked in your"
                           " hand). Now discard a tile from your hand.")
    assert texts.pile == f"Draw pile: {game.pile_left} tiles. Centre piece: Lotus." \
        " Discarded: none."  # the tiles by their names, not their codes
    for _ in range(4):  # draw and discard: the discards are named too
        game.apply(game.legal_actions()[0])
    assert game.discards
    said = ancient.panel_texts(game, ancient.seat_view(game, 0), "", "L").pile
    assert said.endswith(" Discarded: " + ", ".join(
        tile_name("ancient", code) for code in game.discards) + ".")
    assert not any(f" {code}," in said or f" {code}." in said for code in game.discards)


def test_ancient_dialog_options_and_seats() -> None:
    assert ancient.dialog_options("5/7", "x", "y") == ("target=5", "hand=7")
    assert ancient.dialog_options("custom", " 9 ", "13") == ("target=9", "hand=13")
    assert ancient.computer_seats(["person", "computer", "person", "computer"]) == (1, 3)
    assert ancient.computer_seats([]) == ()
