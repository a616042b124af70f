"""Side lines on the game page's replay cursor: a move played while an earlier position
is shown opens a side line instead of cutting the game; side lines are followed,
promoted, deleted, commented, shown in the move list and carried by the link
(skud-r1 and every other rule stay the engine's: a side line's move is checked as
any move)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tree_games import random_start

from paisho_core import link, treelink
from paisho_core.errors import InvalidLink, PaiShoError
from paisho_core.gametree import BadComment
from paisho_core.registry import variant_names
from paisho_core.skud import SkudGame
from paisho_page.play.move_list import move_list_html, move_texts
from paisho_page.play.replay_cursor import ReplayCursor
from paisho_page.play.side_lines import move_list_extras, path_text, read_path
from paisho_page.play.tree_links import extension, restore, restore_extension, tree_payload


def _game(moves: int, seed: int = 7, variant: Any = SkudGame) -> Any:
    rng = random.Random(seed)
    game = variant() if variant is SkudGame else variant
    for _ in range(moves):
        game.apply(rng.choice(game.legal_actions()))
    return game


def _other(game: Any, index: int) -> Any:
    """A legal action at position ``index`` other than the game's own."""
    before = link.game_at(game, index)
    return next(a for a in before.legal_actions() if a != game.history[index])


def _forks(game: Any) -> list[int]:
    """The positions of ``game`` where another legal action than its own exists."""
    return [k for k in range(len(game.history))
            if len(link.game_at(game, k).legal_actions()) > 1]


def test_a_move_while_replaying_opens_a_side_line_and_keeps_the_game() -> None:
    game = _game(12)
    history = list(game.history)
    cursor = ReplayCursor(game)
    cursor.go(5)
    action = _other(game, 5)
    path = cursor.play(action)
    assert path == (0, 0, 0, 0, 0, 1) and cursor.on_side_line and cursor.viewing
    assert list(cursor.game.history) == history  # the game is untouched
    assert cursor.position().history[-1] == action and cursor.index == 6
    assert cursor.label() == f"Side line, move {cursor.shown_plies}"
    # the game's own next move just follows the main line
    cursor.go(3)
    assert cursor.play(game.history[3]) == (0,) * 4 and not cursor.on_side_line
    # a step back from the side line's first move lands on the main line
    cursor.show(path)
    assert cursor.step(-1) == 5 and not cursor.on_side_line
    cursor.show(path)
    nxt = cursor.position().legal_actions()[0]
    assert cursor.play(nxt) == (*path, 0)
    assert cursor.step(-1) == 6 and cursor.on_side_line and cursor.path == path
    assert cursor.step(1) == 7 and cursor.path == (*path, 0)
    assert cursor.step(1) == 7  # the line's end: stays


def test_the_live_position_is_the_games_own() -> None:
    cursor = ReplayCursor(_game(4))
    with pytest.raises(ValueError):
        cursor.play(cursor.game.legal_actions()[0])


def test_an_illegal_side_line_move_changes_nothing() -> None:
    game = _game(6)
    cursor = ReplayCursor(game)
    cursor.go(2)
    later = game.history[5]
    with pytest.raises(PaiShoError):
        cursor.play(later) if not cursor.position().is_legal(later) else cursor.play(object())
    assert not cursor.has_side_lines and cursor.index == 2


def test_promote_makes_the_side_line_the_game_and_keeps_the_old_moves() -> None:
    game = _game(10)
    old = list(game.history)
    cursor = ReplayCursor(game)
    cursor.go(4)
    first = _other(game, 4)
    cursor.play(first)
    second = cursor.position().legal_actions()[0]
    cursor.play(second)
    new_game = cursor.promote()
    assert list(new_game.history) == [*old[:4], first, second]
    assert not cursor.on_side_line and cursor.index == 6 and not cursor.viewing
    cursor.sync(new_game)  # the page shows it: nothing is cut
    tree = cursor.full_tree()
    assert tree.actions(tree.main_line((0, 0, 0, 0, 1))) == old  # the old game: a side line
    # and back again: the old game is the main line once more
    cursor.show(tree.main_line((0, 0, 0, 0, 1)))
    again = cursor.promote()
    assert list(again.history) == old


def test_delete_removes_the_move_shown_and_what_follows() -> None:
    game = _game(8)
    cursor = ReplayCursor(game)
    at = _forks(game)[1]
    cursor.go(at)
    path = cursor.play(_other(game, at))
    cursor.play(cursor.position().legal_actions()[0])
    cursor.show(path)
    cursor.delete()
    assert not cursor.has_side_lines and cursor.index == at and not cursor.on_side_line
    with pytest.raises(ValueError):
        cursor.delete()  # the main line's moves are Undo's


def test_undo_keeps_earlier_side_lines_and_drops_those_of_moves_taken_back() -> None:
    game = _game(12)
    forks = _forks(game)
    early, late = forks[1], forks[-1]
    assert late - early >= 3
    cursor = ReplayCursor(game)
    cursor.go(early)
    side = cursor.play(_other(game, early))
    cursor.go(late)
    cursor.play(_other(game, late))
    shorter = link.game_at(game, late - 1)
    cursor.sync(shorter)  # Undo, twice
    tree = cursor.full_tree()
    assert tree.has(side) and tree.actions(tree.main_line()) == list(shorter.history)
    assert sum(len(tree.node(p).children) > 1 for p in tree.walk()) == 1
    # undone to where a side line branches: it cannot stay (the game ends there)
    cursor.sync(link.game_at(game, early))
    assert not cursor.has_side_lines and cursor.full_tree().actions(
        cursor.tree.main_line()) == list(game.history[:early])


def test_comments_on_the_main_line_and_side_lines() -> None:
    game = _game(6)
    cursor = ReplayCursor(game)
    cursor.go(2)
    assert cursor.set_comment("  a <b>good</b> start\t") == "a <b>good</b> start"
    assert cursor.comment() == "a <b>good</b> start" and cursor.has_side_lines
    with pytest.raises(BadComment):
        cursor.set_comment("x" * 1001)
    assert cursor.comment() == "a <b>good</b> start"
    html = move_list_html(move_texts(game.to_text()), -1, move_list_extras(cursor))
    assert "&lt;b&gt;good&lt;/b&gt;" in html and "<b>" not in html  # text, never markup
    cursor.set_comment("")
    assert not cursor.has_side_lines


def test_the_move_list_shows_side_lines_after_the_move_they_replace() -> None:
    game = _game(8)
    cursor = ReplayCursor(game)
    at = _forks(game)[1]
    cursor.go(at)
    path = cursor.play(_other(game, at))
    ply = cursor.notation_ply(at) + 1
    extras = move_list_extras(cursor)
    assert list(extras) == [ply]
    html = extras[ply]
    assert html.startswith('<li class="lines"><ol class="line" aria-label="Side line">')
    assert f'data-path="{path_text(path)}"' in html and 'class="current"' in html
    full = move_list_html(move_texts(game.to_text()), -1, extras)
    assert full.index(html) > full.index(f'data-ply="{ply}"')


@pytest.mark.parametrize("text", ["", "r", "0.1.2", "x", "0..1", "1.-2", "٣", "9" * 5000])
def test_data_path_reads_back_only_paths(text: str) -> None:
    path = read_path(text)
    if path is not None:
        assert path_text(path) == text


def test_the_tree_travels_in_the_link_and_opens_on_the_side_line() -> None:
    game = _game(9)
    cursor = ReplayCursor(game)
    cursor.go(4)
    path = cursor.play(_other(game, 4))
    cursor.set_comment("try this")
    payload = tree_payload(cursor)
    assert payload.startswith(link.encode(game)) and link.EXTENSION_MARK in payload
    opened = link.decode(payload).game
    fresh = ReplayCursor(opened)
    assert restore(fresh, payload) and fresh.path == path and fresh.comment() == "try this"
    assert not restore(ReplayCursor(opened), link.encode(game))  # a plain link: no tree
    kept = extension(cursor)
    assert kept and payload.endswith(kept) is False  # (saved without the view)
    again = ReplayCursor(game)
    assert restore_extension(again, kept) and again.comment() == "" and not again.viewing
    again.show(path)
    assert again.comment() == "try this" and not restore_extension(ReplayCursor(game), "")
    other = _game(9, seed=8)
    with pytest.raises(InvalidLink):  # another game's side lines are refused
        restore_extension(ReplayCursor(other), kept)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(variant_names()), st.integers(0, 10**6))
def test_generated_side_lines_round_trip_through_the_link(variant: str, seed: int) -> None:
    rng = random.Random(seed)
    game = random_start(variant, rng)
    for _ in range(rng.randrange(2, 14)):
        if game.to_move is None:
            break
        game.apply(rng.choice(game.legal_actions()))
    cursor = ReplayCursor(game)
    for _ in range(rng.randrange(1, 4)):
        cursor.go(rng.randrange(cursor.total)) if cursor.total else None
        for _ in range(rng.randrange(1, 4)):
            shown = cursor.position()
            if not cursor.viewing or shown.to_move is None:
                break
            cursor.play(rng.choice(shown.legal_actions()))
    try:
        payload = tree_payload(cursor)
    except InvalidLink:
        return  # (bounds: e.g. a hidden-hands game's link is the page's guard's)
    decoded = link.decode(payload)
    fresh = ReplayCursor(decoded.game)
    fresh.go(len(game.history) if decoded.view_ply is None else decoded.view_ply)  # (the page)
    restore(fresh, payload)
    assert fresh.path == cursor.path
    assert treelink.encode_tree(fresh.full_tree(), game.resigned,
                                fresh.path if fresh.viewing else None) == payload
    move_list_extras(fresh)  # every line's plies replay


def test_a_saved_game_keeps_its_side_lines_and_refuses_damaged_ones() -> None:
    """The record's ``lines`` round-trip; letters outside the link alphabet are refused
    when the save is read, and another game's side lines when they are taken."""
    from paisho_page.storage import saves
    from paisho_page.storage.schema import BadSave

    game = _game(8)
    cursor = ReplayCursor(game)
    at = _forks(game)[1]
    cursor.go(at)
    cursor.play(_other(game, at))
    kept = extension(cursor)
    record = saves.record_game(game, "g1", None, 1, 2, "r1", lines=kept)
    read = saves.parse_game(record.to_json(), "g1")
    assert read.lines == kept
    again = ReplayCursor(saves.restore(read).game)
    assert restore_extension(again, read.lines) and again.has_side_lines
    bad = record.to_json().replace(kept, kept[:-1] + "<")
    with pytest.raises(BadSave):
        saves.parse_game(bad, "g1")
    plain = saves.record_game(game, "g1", None, 1, 2, "r1")
    assert '"lines"' not in plain.to_json()


def test_notation_with_side_lines_and_comments_imports_as_the_tree() -> None:
    """The Notation dialog reads back what it exports: the game is the main line, the
    side lines and comments come with it; plain notation and points stay plain."""
    from tree_games import shape

    from paisho_page.sharing.exits import notation
    from paisho_page.sharing.notation_import import TREE_MARKS, read_pasted

    game = _game(8)
    cursor = ReplayCursor(game)
    at = _forks(game)[1]
    cursor.go(at)
    cursor.play(_other(game, at))
    cursor.set_comment("a {braced} comment")
    text = notation(game, cursor)
    assert "(" in text and "{" in text and TREE_MARKS.search(text)
    pasted = read_pasted(text, "skud")
    assert pasted.take is not None and pasted.take.tree is not None and not pasted.error
    assert list(pasted.take.game.history) == list(game.history)
    assert shape(pasted.take.tree) == shape(cursor.full_tree())
    assert "with its side lines and comments" in pasted.take.message
    assert not TREE_MARKS.search(game.to_text())  # points are not side lines
    assert not TREE_MARKS.search("(1,1)=(1,4)[(0,1),(0,1)]; B( -2 , 3)>(1,2)")
    bad = read_pasted(text.replace(")", "", 1), "skud")
    assert bad.take is None and bad.error.endswith("Correct the text and import it again.")
    linked = read_pasted(tree_payload(cursor), "skud")
    assert linked.take is not None and linked.take.link == tree_payload(cursor)


def test_side_lines_left_out_are_said_after_what_was_opened() -> None:
    from paisho_page.sharing import decisions

    error = InvalidLink("the link's side lines are damaged (x)")
    said = decisions.lines_refused("Opened a shared game (6 moves).", error)
    assert said.startswith("Opened a shared game (6 moves). The link's side lines")
    saved = decisions.lines_refused("", error, decisions.SAVED_LINES_REFUSED)
    assert saved.startswith("The side lines and comments saved with this game")
