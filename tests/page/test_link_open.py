"""Opening a long link quickly on the page (issue 14): what the page does after decoding.

A decoded link hands over the position before its last action, so the page marks the
last move and puts off rebuilding the undo stack until the first undo
(:class:`paisho_page.play.ui_history.History`'s ``before_last``); the move list is made in
one piece (:mod:`paisho_page.play.move_list`).  Both must behave exactly as before.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from paisho_core import link
from paisho_core.protocol import Game
from paisho_core.registry import get_variant, new_game
from paisho_page.play.move_list import move_list_html
from paisho_page.play.ui import UIState
from paisho_page.sharing.link_open import open_link

VARIANTS = ("skud", "wiki", "balance", "ancient")


def random_game(variant: str, seed: int, actions: int) -> Game[Any]:
    """Up to ``actions`` uniformly random legal actions from the start."""
    rng = random.Random(seed)
    game = new_game(variant, (), seed if get_variant(variant).info.uses_seed else None)
    while game.to_move is not None and len(game.history) < actions:
        choices = game.legal_actions()
        if not choices:
            break
        game.apply(rng.choice(choices))
    return game


def keys(ui: UIState) -> list[Any]:
    """Undo all the way back, recording each position and its last-move clicks."""
    out = [(ui.game.state_key(), ui.last_clicks)]
    while ui.undo():
        out.append((ui.game.state_key(), ui.last_clicks))
    return out


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_decoded_link_gives_the_position_before_its_last_action(variant: str, seed: int) -> None:
    game = random_game(variant, seed, 60)
    decoded = link.decode(link.encode(game))
    assert decoded.before_last is not None
    before = decoded.before_last
    assert before.history == game.history[:-1]
    before.apply(game.history[-1])
    assert before.state_key() == decoded.game.state_key()
    assert open_link(link.encode(game)).before_last is not None


def test_a_link_without_actions_has_no_position_before() -> None:
    assert link.decode(link.encode(new_game("skud"))).before_last is None


def test_a_version_1_link_gives_the_position_before_too() -> None:
    game = random_game("skud", 4, 30)
    before = link.decode(link.encode_v1(game)).before_last
    assert before is not None and before.history == game.history[:-1]


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("seed", [5, 6])
def test_a_put_off_undo_stack_undoes_exactly_as_a_rebuilt_one(variant: str, seed: int) -> None:
    """The page opens a link with ``before_last``: the last move is marked at once and
    every undo (and redo) gives what the eagerly rebuilt stack gives."""
    game = random_game(variant, seed, 40)
    decoded = link.decode(link.encode(game))
    eager = UIState(decoded.game.copy())
    lazy = UIState(decoded.game.copy(), before_last=decoded.before_last)
    assert lazy.last_clicks == eager.last_clicks and lazy.last_clicks
    assert lazy.can_undo and eager.can_undo
    assert lazy._deferred is not None  # nothing replayed yet
    assert keys(lazy) == keys(eager)
    assert not lazy.can_undo
    while eager.redo():
        assert lazy.redo()
        assert lazy.game.state_key() == eager.game.state_key()
        assert lazy.last_clicks == eager.last_clicks
    assert not lazy.can_redo


@pytest.mark.parametrize("variant", ["skud", "wiki"])
def test_moves_made_after_a_put_off_stack_undo_back_to_the_start(variant: str) -> None:
    game = random_game(variant, 7, 30)
    decoded = link.decode(link.encode(game))
    lazy = UIState(decoded.game.copy(), before_last=decoded.before_last)
    eager = UIState(decoded.game.copy())
    rng = random.Random(7)
    for _ in range(3):  # new moves go on top of the stack still to be made
        if lazy.game.to_move is None:
            break
        action = rng.choice(lazy.game.legal_actions())
        lazy.apply(action)
        eager.apply(action)
    assert lazy._deferred is not None
    if lazy.game.to_move is not None:
        lazy.resign()
        eager.resign()
    assert keys(lazy) == keys(eager)
    assert len(keys(UIState(game.copy(), before_last=decoded.before_last))) == len(game.history) + 1


def test_a_resigned_link_game_undoes_its_resignation_first() -> None:
    game = random_game("skud", 8, 20)
    game.resign()
    decoded = link.decode(link.encode(game))
    lazy = UIState(decoded.game.copy(), before_last=decoded.before_last)
    eager = UIState(decoded.game.copy())
    assert keys(lazy) == keys(eager)
    assert len(keys(UIState(decoded.game.copy()))) == len(game.history) + 2


def test_the_move_list_is_one_escaped_piece() -> None:
    html = move_list_html(["1G.R3(0,-8)", "1H.R3(0,8)", "2G.<img src=x onerror=alert(1)>"], 2)
    assert html.count("<li ") == 3
    assert '<li data-ply="2" title="Show the position after this move" class="current"' in html
    assert 'aria-current="step">1H.R3(0,8)</li>' in html
    assert "<img" not in html and "&lt;img src=x onerror=alert(1)&gt;" in html
    assert html.count("current") == 2  # the class and aria-current of one item only
    assert move_list_html([]) == '<li class="none">no moves yet</li>'
    assert "current" not in move_list_html(["a", "b"])


# ----------------------------------------------------------------------------- Wiki reader
def wiki_positions(seed: int, options: tuple[str, ...] = ()) -> list[Game[Any]]:
    """Every position of a random Wiki game, capturing often so that it may end (three
    flowers left, a ring), to its end or 300 actions."""
    from paisho_core.wiki.actions import MOVE

    rng = random.Random(seed)
    game = new_game("wiki", options)
    out = [game.copy()]
    while game.to_move is not None and len(game.history) < 300:
        choices = game.legal_actions()
        captures = [a for a in choices if a.kind == MOVE and game.board[a.dst]]  # type: ignore[attr-defined]
        game.apply(rng.choice(captures if captures and rng.random() < 0.7 else choices))
        out.append(game.copy())
    return out


def stuck_positions() -> list[Game[Any]]:
    """A forced pass (wiki R2), and the game over after two passes in a row."""
    from paisho_core.wiki import WikiGame

    game = WikiGame.setup({"(2,2)": "GR", "(-3,-3)": "HR"}, to_move="guest")
    game.reserve = [[0] * 12, [0] * 12]
    game._legal = None
    game._legal_set = None
    out: list[Game[Any]] = [game.copy()]
    game.play("pass")
    out.append(game.copy())
    game.play("pass")
    out.append(game)
    return out


def same_reads(game: Game[Any], rng: random.Random) -> None:
    """Digits (all of a short list, a sample of a long one) read as the same action with
    the same radix as ``IndexCoder(rules order)``, the code of released version-2 links."""
    from paisho_core.linkcode import GameOver, IndexCoder
    from paisho_core.wiki import linkcode as wiki_linkcode

    ordered = IndexCoder(wiki_linkcode._ordered).order(game)
    if not ordered:
        with pytest.raises(GameOver):
            wiki_linkcode.CODER.read(game, lambda radix: 0)
        return
    digits = range(len(ordered)) if len(ordered) <= 12 else rng.sample(range(len(ordered)), 12)
    for digit in {0, len(ordered) - 1, *digits}:
        radices: list[int] = []

        def take(radix: int, digit: int = digit, radices: list[int] = radices) -> int:
            radices.append(radix)
            return digit

        assert wiki_linkcode.CODER.read(game, take) == ordered[digit]
        assert radices == [len(ordered)]


@pytest.mark.parametrize("seed", range(8))
def test_the_wiki_reader_finds_what_the_index_coder_finds(seed: int) -> None:
    """Differential, in every position of random games (with the mirrored opening for
    some): the fast reader and the index among the sorted legal actions agree."""
    rng = random.Random(seed)
    positions = wiki_positions(seed, ("mirrored-opening",) if seed % 3 == 0 else ())
    for game in positions:
        same_reads(game, rng)


def test_the_wiki_reader_on_a_forced_pass_and_a_game_over() -> None:
    forced, _, over = stuck_positions()
    assert [a.kind for a in forced.legal_actions()] == [5]  # only the pass (wiki R2)
    assert over.outcome() is not None and not over.legal_actions()
    for game in stuck_positions():
        same_reads(game, random.Random(1))


@pytest.mark.parametrize("seed", range(4))
def test_wiki_links_decode_to_the_same_game_with_the_fast_reader(seed: int) -> None:
    game = wiki_positions(seed + 20)[-1]
    decoded = link.decode(link.encode(game))
    assert decoded.game.history == game.history
    assert decoded.game.state_key() == game.state_key()
    assert decoded.game.outcome() == game.outcome()


# ----------------------------------------------------------------------------- Skud reader
@pytest.mark.parametrize("seed", range(6))
def test_the_skud_reader_traps_as_the_rules_do(seed: int) -> None:
    """The reader's trap test (a mask of the opponent's Blooming Orchids) agrees with
    ``rules.is_trapped`` (R7, ``rules.html#skud``) on every flower of random games."""
    from paisho_core.board import GATE_MASK, POINTS
    from paisho_core.skud import linkcode as skud_linkcode
    from paisho_core.skud import rules
    from paisho_core.skud.tiles import IS_FLOWER, KIND_OF, ORCHID, OWNER_OF

    game = random_game("skud", seed, 0)
    rng = random.Random(seed)
    checked = trapped = 0
    while game.to_move is not None and len(game.history) < 400:
        board = game.board  # type: ignore[attr-defined]
        for me in (0, 1):
            orchids = sum(
                1 << p
                for p in POINTS
                if board[p] and KIND_OF[board[p]] == ORCHID and OWNER_OF[board[p]] != me
            ) & ~GATE_MASK
            for p in POINTS:
                if IS_FLOWER[board[p]] and OWNER_OF[board[p]] == me:
                    expected = rules.is_trapped(board, p)
                    assert skud_linkcode._trapped(p, orchids) == expected
                    checked += 1
                    trapped += expected
        game.apply(rng.choice(game.legal_actions()))
    assert checked > 1000
    if seed == 0:
        assert trapped  # the games do trap flowers
