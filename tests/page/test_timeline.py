"""The positions along a game agree whichever way they are reached: the replay cursor
(over the game's tree of moves), undo and redo, and a link's view, on every position of
the 22 reference games (``tests/support/data/reference``; ``rules.html#skud-notation``)."""

from __future__ import annotations

from typing import Any

import pytest
from skud_helpers import reference_games

from paisho_core import link
from paisho_page.play.replay_cursor import ReplayCursor
from paisho_page.play.ui import UIState
from paisho_page.sharing.link_open import open_link
from paisho_page.sharing.notation import import_notation

GAMES = reference_games()


@pytest.mark.parametrize("record", GAMES, ids=[g["id"] for g in GAMES])
def test_undo_redo_replay_and_link_agree_on_every_position(record: dict[str, Any]) -> None:
    imported = import_notation("skud", record["notation"], lenient=True)
    assert imported.game is not None
    game = imported.game
    actions = list(game.history)
    start = link.game_at(game, 0)
    ui = UIState(start.copy())
    for action in actions:
        ui.apply(action)
    probe = start.copy()  # the oracle: the record replayed once from its start
    keys = [probe.state_key()]
    for action in actions:
        probe.apply(action)
        keys.append(probe.state_key())
    assert link.game_at(game, len(actions) // 2).state_key() == keys[len(actions) // 2]
    cursor = ReplayCursor(ui.game)
    assert [cursor.position(k).state_key() for k in range(len(actions) + 1)] == keys
    opened = open_link(link.encode(game))
    assert opened.ok and opened.game is not None
    assert [ReplayCursor(opened.game).position(k).state_key()
            for k in range(len(actions) + 1)] == keys
    for k in range(len(actions), 0, -1):  # undo walks back over the same positions
        assert ui.game.state_key() == keys[k]
        assert ui.undo()
        cursor.sync(ui.game)
        assert cursor.position().state_key() == keys[k - 1]
    assert ui.game.state_key() == keys[0]
    for k in range(1, len(actions) + 1):  # redo forward again, the cursor following
        assert ui.redo()
        cursor.sync(ui.game)
        assert ui.game.state_key() == keys[k] == cursor.position().state_key()


def test_a_link_opened_from_the_address_is_kept_as_it_came() -> None:
    from paisho_core import registry
    from paisho_page.sharing.decisions import opened_fragment

    game = registry.new_game("skud", seed=3)
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    old = "#" + link.encode_v1(game)  # an earlier version: the encoder now writes another
    assert old[1:] != link.encode(game)
    opened = open_link(old)
    assert opened_fragment(opened, old, old) == old[1:]  # written back as it came
    assert opened_fragment(opened, old, "#other") is None  # a pasted link: not the address
    bad = "#" + link.encode(game)[:-3] + "zzz"
    assert opened_fragment(open_link(bad), bad, bad) is None  # a damaged one is rewritten
    ancient = registry.new_game("ancient", seed=5)
    hidden = "#" + link.encode(ancient)
    assert opened_fragment(open_link(hidden), hidden, hidden) is None  # hidden hands


def test_a_selection_redraws_neither_the_move_list_nor_the_board_tiles() -> None:
    from paisho_page.play import redraws
    from paisho_page.play.ui import Click

    game = import_notation("skud", ";".join(GAMES[0]["notation"].split(";")[:6])).game
    assert game is not None
    kinds = {UIState(game.copy()).click(token).kind for token in UIState(game).next_tokens()}
    assert Click.EXTEND in kinds  # a tile can be selected here
    for kind in (Click.EXTEND, Click.RESELECT, Click.CANCEL):
        parts = redraws.after_click(kind)
        assert redraws.Part.MOVES not in parts and redraws.Part.BOARD_MARKS in parts
    assert redraws.after_click(Click.COMPLETE) == redraws.EVERYTHING
    assert redraws.after_click(Click.CURSOR) == {redraws.Part.BOARD_MARKS}
    assert redraws.after_click(Click.REFUSE) == {redraws.Part.STATUS}
