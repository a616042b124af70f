"""A game's tree of moves in a link (paisho_core/treelink.py): generated trees of every
variant (own starts and set-ups, seeds, side lines between a ply's actions, unicode
comments, a view anywhere) come back the same; links without side lines and comments are
the game links of old, byte for byte; a changed, cut or moved extension and hostile
structures are refused with an InvalidLink in plain words, quickly."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from paths import DATA
from tree_games import random_start, random_tree, same_tree

from paisho_core import link, registry, treelink
from paisho_core.errors import InvalidLink
from paisho_core.gametree import MAX_COMMENT, GameTree
from paisho_core.linkcode import coder_for
from paisho_core.registry import variant_names

VARIANTS = variant_names()
FROZEN = [
    *json.loads((DATA / "links_v1.json").read_text(encoding="utf-8")),
    *json.loads((DATA / "links_v2.json").read_text(encoding="utf-8")),
]
COMMENTS = st.lists(st.text(max_size=40), max_size=4)


def _game(variant: str, seed: int, moves: int) -> Any:
    rng = random.Random(seed)
    game = random_start(variant, rng)
    for _ in range(moves):
        if game.to_move is None or not game.legal_actions():
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def _side_tree(variant: str = "skud", seed: int = 3) -> Any:
    """A tree with side lines and comments (for the tampering tests)."""
    rng = random.Random(seed)
    tree = random_tree(random_start(variant, rng), rng, ["one", "два"], main=20, sides=3)
    tree.add((), tree.position(()).legal_actions()[-1])
    return tree


def _extension(main: str, fields: list[tuple[int, int]]) -> str:
    """A checksum-valid tree link with the given extension fields (hostile tests)."""
    body = treelink._pack(fields)
    number = (body << 24) | treelink._checksum(main, "1", body)
    return f"{main}~1{treelink._to_digits(number)}"


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(VARIANTS), st.integers(0, 2**32), st.booleans(), COMMENTS)
def test_a_generated_tree_comes_back_the_same(
    variant: str, seed: int, setup: bool, comments: list[str],
) -> None:
    rng = random.Random(seed)
    start = random_start(variant, rng, setup)
    tree = random_tree(start, rng, comments)
    view = rng.choice([None, *tree.walk()])
    main = tree.position(tree.main_line())
    resigned = main.to_move if main.to_move is not None and rng.random() < 0.3 else None
    payload = treelink.encode_tree(tree, resigned, view)
    decoded = treelink.decode_tree("https://example.org/play#" + payload)
    same_tree(tree, decoded.tree)
    assert decoded.view == (None if view is None else tuple(view))
    assert decoded.variant == variant and decoded.game.resigned == resigned
    assert decoded.game.history == tree.actions(tree.main_line())
    # the main line alone, as every game link reader reads it
    main_link = link.decode(payload)
    assert main_link.game.to_text() == decoded.game.to_text()
    assert treelink.fragment_for_tree(tree, resigned, view) == "#" + payload


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_tree_without_side_lines_or_comments_is_the_game_link(variant: str) -> None:
    for moves in (0, 1, 25):
        game = _game(variant, moves, moves)
        tree = treelink.tree_of(game)
        for view in (None, 0, len(game.history)):
            path = None if view is None else (0,) * view
            assert treelink.encode_tree(tree, None, path) == link.encode(game, view)
        decoded = treelink.decode_tree(link.encode(game))
        same_tree(tree, decoded.tree)


@pytest.mark.parametrize("record", FROZEN, ids=[f"v{r['link'][0]} {r['note']}" for r in FROZEN])
def test_frozen_links_open_as_trees_of_their_main_line(record: dict[str, Any]) -> None:
    decoded = treelink.decode_tree(record["link"])
    game = decoded.game
    assert game.to_text() == record["notation"] and game.resigned == record["resigned"]
    tree = decoded.tree
    assert len(tree) == len(game.history) + 1 and tree.actions(tree.main_line()) == game.history
    assert not tree.comments()
    view = record["view_ply"]
    assert decoded.view == (None if view is None else (0,) * view)
    if record["link"].startswith("2"):
        assert treelink.encode_tree(tree, game.resigned, decoded.view) == record["link"]


def test_a_comment_alone_or_a_view_on_a_side_line_makes_an_extension() -> None:
    game = _game("wiki", 1, 6)
    tree = treelink.tree_of(game)
    tree.set_comment((0, 0), "a fine reply — ответ 🌸")
    payload = treelink.encode_tree(tree)
    assert payload.startswith(link.encode(game) + "~1")
    assert treelink.decode_tree(payload).tree.comment((0, 0)) == "a fine reply — ответ 🌸"
    tree.set_comment((0, 0), "")
    first = tree.position((0,)).legal_actions()
    other = next(a for a in first if a != tree.node((0, 0)).action)
    side_path = tree.add((0,), other)
    payload = treelink.encode_tree(tree, None, side_path)
    decoded = treelink.decode_tree(payload)
    assert decoded.view == side_path and len(decoded.tree) == len(tree)


def test_every_change_or_cut_of_the_extension_is_refused() -> None:
    payload = treelink.encode_tree(_side_tree())
    main, extension = payload.split("~")
    rng = random.Random(5)
    for index in rng.sample(range(len(extension)), min(60, len(extension))):
        for char in rng.sample(link.ALPHABET, 3):
            if char == extension[index]:
                continue
            changed = extension[:index] + char + extension[index + 1 :]
            with pytest.raises(InvalidLink):
                treelink.decode_tree(f"{main}~{changed}")
    for cut in range(len(extension)):
        with pytest.raises(InvalidLink):
            treelink.decode_tree(f"{main}~{extension[:cut]}")
    # an extension moved onto another game, or the main part changed under it
    other = link.encode(_game("skud", 9, 20))
    with pytest.raises(InvalidLink, match="damaged"):
        treelink.decode_tree(f"{other}~{extension}")
    assert link.decode(f"{other}~{extension}").game.to_text() == link.decode(other).game.to_text()


@pytest.mark.parametrize("tail", ["~", "~2AAAA", "~1!!", "~1AB", "~1" + "B" * 20_000, "~1é"])
def test_a_malformed_extension_is_refused_in_plain_words(tail: str) -> None:
    main = link.encode(_game("balance", 2, 5))
    with pytest.raises(InvalidLink) as caught:
        treelink.decode_tree(main + tail)
    assert "B" * 50 not in str(caught.value) and "!!" not in str(caught.value)


def _fields(count: int, *rest: tuple[int, int]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    treelink._put_uint(out, count, 3)
    return [*out, *rest]


def _uint(value: int, bits: int) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    treelink._put_uint(out, value, bits)
    return out


EXPECTED = {
    "too many side lines": "number of side lines too large",
    "huge count": "number of side lines too large",
    "too long": "side lines are too long",
    "many moves": "side lines are too long",
    "comment count": "number of comments too large",
    "comment size": "comment too large",
    "bad utf-8": "a comment is not as this app writes it",
    "not clean": "a comment is not as this app writes it",
    "two comments on a node": "a comment is not as this app writes it",
    "trailing data": "unexpected data after the moves",
    "side line repeats the main move": "a side line repeats a move",
}


def test_hostile_extensions_are_refused_quickly() -> None:
    game = _game("skud", 4, 10)
    main = link.encode(game)
    moves = len(game.history)
    no_comments = [*_uint(0, 4), (0, 2)]
    cases = {
        "too many side lines": _fields(treelink.MAX_VARIATIONS + 1),
        "huge count": _fields(10**30),
        "too long": [*_fields(1), (0, 1), (0, moves), *_uint(treelink.MAX_VARIATION_ACTIONS, 4)],
        "many moves": [
            *_fields(2), (0, 1), (0, moves), *_uint(1500, 4),
            (0, 2), (0, moves), *_uint(1500, 4),
        ],
        "comment count": [*_fields(0), *_uint(10**9, 4)],
        "comment size": [*_fields(0), *_uint(1, 4), (0, 1), (0, moves + 1),
                         *_uint(treelink.MAX_COMMENT_BYTES + 5, 6)],
        "bad utf-8": [*_fields(0), *_uint(1, 4), (0, 1), (0, moves + 1), *_uint(0, 6),
                      (0xFF, 256), (0, 2)],
        "not clean": [*_fields(0), *_uint(1, 4), (0, 1), (0, moves + 1), *_uint(1, 6),
                      (ord(" "), 256), (ord("x"), 256), (0, 2)],
        "two comments on a node": [
            *_fields(0), *_uint(2, 4),
            (0, 1), (3, moves + 1), *_uint(0, 6), (ord("a"), 256),
            (0, 1), (3, moves + 1), *_uint(0, 6), (ord("b"), 256), (0, 2),
        ],
        "trailing data": [*_fields(0), *no_comments, (1, 2)],
        "side line repeats the main move": [
            *_fields(1), (0, 1), (0, moves), *_uint(0, 4), *no_comments,
            *coder_for(type(game)).write(link.game_at(game, 0), game.history[0]),
        ],
    }
    for name, fields in cases.items():
        started = time.perf_counter()
        with pytest.raises(InvalidLink, match=r"damaged|too long|too large") as caught:
            treelink.decode_tree(_extension(main, fields))
        assert time.perf_counter() - started < 2, name
        assert EXPECTED[name] in str(caught.value), (name, str(caught.value))


def test_the_side_line_of_a_side_line_that_has_no_next_move_is_refused() -> None:
    game = _game("balance", 4, 6)
    main = link.encode(game)
    moves = len(game.history)
    # side line 1: one move after the root; side line 2 branches from line 1 (no next move)
    fields = [*_fields(2), (0, 1), (0, moves), *_uint(0, 4), (1, 2)]
    with pytest.raises(InvalidLink, match="no move follows"):
        treelink.decode_tree(_extension(main, fields))


def test_an_illegal_side_line_move_is_refused_both_ways() -> None:
    game = _game("skud", 6, 8)
    tree = treelink.tree_of(game)
    elsewhere = tree.position((0,) * 5).legal_actions()
    illegal = next(a for a in elsewhere if a not in tree.position(()).legal_actions())
    tree.add((), illegal)
    with pytest.raises(InvalidLink, match="move 1 of side line 1"):
        treelink.encode_tree(tree)


def test_bounds_when_writing() -> None:
    game = _game("balance", 8, 3)
    tree = treelink.tree_of(_game("wiki", 2, 60))
    added = 0
    for depth in range(60):
        for action in tree.position((0,) * depth).legal_actions()[:5]:
            before = len(tree)
            tree.add((0,) * depth, action)
            added += len(tree) - before
    assert added > treelink.MAX_VARIATIONS
    with pytest.raises(InvalidLink, match="side lines"):
        treelink.encode_tree(tree)
    tree = treelink.tree_of(game)
    for depth in range(len(game.history) + 1):
        tree.set_comment((0,) * depth, "ж" * MAX_COMMENT)
    tree2: GameTree[Any, Any] = treelink.tree_of(_game("wiki", 1, 40))
    for depth in range(41):
        tree2.set_comment((0,) * depth, "ж" * MAX_COMMENT)
    with pytest.raises(InvalidLink, match="comments are too long"):
        treelink.encode_tree(tree2)
    with pytest.raises(InvalidLink, match="view"):
        treelink.encode_tree(tree, None, (7, 7))
    started = registry.new_game("skud")
    started.apply(started.legal_actions()[0])
    with pytest.raises(InvalidLink, match="start of the game"):
        treelink.encode_tree(GameTree(started))


def test_a_tree_at_the_bounds_opens_in_good_time() -> None:
    game = _game("wiki", 2, 200)
    tree = treelink.tree_of(game)
    depth = 0
    while len(treelink._lines(tree)) <= treelink.MAX_VARIATIONS and depth < 200:
        path = (0,) * depth
        for action in tree.position(path).legal_actions()[:3]:
            if len(treelink._lines(tree)) <= treelink.MAX_VARIATIONS:
                side = tree.add(path, action)
                position = tree.position(side)
                for _ in range(8):  # the side line goes on
                    moves = position.legal_actions() if position.to_move is not None else []
                    if not moves:
                        break
                    side = tree.add(side, moves[0])
                    position = tree.position(side)
        depth += 1
    while len(treelink._lines(tree)) > treelink.MAX_VARIATIONS + 1:
        tree.delete(treelink._lines(tree)[-1].paths[1])
    for number, path in enumerate(list(tree.walk())[:7]):
        tree.set_comment(path, "ю" * (MAX_COMMENT // 2 + number))
    started = time.perf_counter()
    payload = treelink.encode_tree(tree)
    decoded = treelink.decode_tree(payload)
    assert time.perf_counter() - started < 20
    assert len(treelink._lines(decoded.tree)) == treelink.MAX_VARIATIONS + 1
    same_tree(tree, decoded.tree)
