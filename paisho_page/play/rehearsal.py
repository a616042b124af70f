"""A short game of a variant played through the page logic, with no page: the game page
runs it a step at a time while the browser is idle after its start (:func:`rehearsal`).

A player's first selection or action then runs code the interpreter has already run (and
specialised), and finds the caches it fills filled: the points' names, the tiles' art,
the notation.  It also makes the browser compile the interpreter's hot paths to
optimised machine code (WebAssembly's tier-up) while nobody waits, instead of beside a
player's first clicks.

Each step does what the game page does after a click: the board's layer (whole, then
only what changed), the status, the buttons and the reserves; after an action, the move
list, the saved record and the link; then every action is taken back.  Pure,
deterministic (seeded), and it writes nothing anywhere.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from paisho_core import link, registry
from paisho_core.board_words import BoardWords
from paisho_core.render import dynamic_layer
from paisho_page.play import players_view
from paisho_page.play.board_marks import ShownLayer
from paisho_page.play.game_view import control_writes, status_writes
from paisho_page.play.move_list import move_list_html, move_texts
from paisho_page.play.ui import Click, UIState
from paisho_page.storage.game_store import GameStore
from paisho_page.storage.memory_storage import MemoryStorage
from paisho_page.words.board_words import board_words


def rehearsal(variant: str, actions: int = 6, seed: int = 0) -> Iterator[int]:
    """Play up to ``actions`` actions of a new game of ``variant`` (clicks picked at
    random with ``seed``) as the page would draw them, then undo them all: a click or an
    undo per step (a few milliseconds each in the page), each yielding the number of
    actions played so far."""
    ui = UIState(registry.new_game(variant, seed=seed), undo=True)
    pick = random.Random(seed)
    shown = ShownLayer()
    words = board_words()
    shown.draw(dynamic_layer(ui.game, ui.view(), words), None)
    store = GameStore(MemoryStorage())
    played = clicks = 0
    while played < actions and clicks < 10 * actions and not ui.game.is_over:
        tokens = sorted(ui.next_tokens())
        if not tokens:
            break
        clicks += 1
        result = ui.click(pick.choice(tokens))
        _draw(ui, shown, words)
        if result.kind is Click.COMPLETE:
            played += 1
            _after_action(ui, store)
        yield played
    while ui.can_undo:
        ui.undo()
        _draw(ui, shown, words)
        yield played


def _draw(ui: UIState, shown: ShownLayer, words: BoardWords) -> None:
    """What the page computes to draw the board and the panels after a click."""
    game = ui.game
    shown.draw(dynamic_layer(game, ui.view(), words), str(shown.count))
    status_writes(ui, None, None)
    control_writes(ui, "", True, False)
    offer = players_view.offered(ui, False, True)
    for seat, (name, reserve) in enumerate(zip(game.players, game.reserves(), strict=False)):
        players_view.seat_tiles(ui.variant, seat, name, game.to_move, reserve, offer)


def _after_action(ui: UIState, store: GameStore) -> None:
    """What the page computes after an action: the move list, its save (into memory),
    the link in the address bar."""
    move_list_html(move_texts(str(ui.game.to_text())))
    store.save(ui.game, None)
    link.fragment_for(ui.game)
