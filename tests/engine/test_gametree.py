"""The tree of moves (paisho_core/gametree.py): add, promote, delete and cut keep the main
line and every path valid, and every node's position is the start with its path's
actions played; checked on generated trees (Hypothesis) and on a real game."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paisho_core import registry
from paisho_core.gametree import MAX_COMMENT, BadComment, BadPath, GameTree, clean_comment


class Counter:
    """A tiny position: the actions played so far (an action is a small number)."""

    def __init__(self, played: tuple[int, ...] = ()) -> None:
        self.played = played

    def copy(self) -> Counter:
        return Counter(self.played)

    def apply(self, action: int) -> None:
        self.played = (*self.played, action)


OPS = st.lists(
    st.tuples(st.sampled_from(["add", "add", "add", "promote", "delete", "cut", "go"]),
              st.integers(0, 10_000), st.integers(0, 3)),
    max_size=60,
)


def check(tree: GameTree[int, Counter]) -> None:
    paths = list(tree.walk())
    assert paths[0] == () and len(set(paths)) == len(paths)
    for path in paths:
        node = tree.node(path)
        assert tree.path_of(node) == path
        assert tree.position(path).played == tuple(tree.actions(path))
        actions = [c.action for c in node.children]
        assert len(set(actions)) == len(actions)  # a move is never a variation of itself
    main = tree.main_line()
    assert tree.is_main(main) and tree.has(main) and not tree.node(main).children
    assert tree.has(tree.current)


@settings(max_examples=150, deadline=None)
@given(OPS)
def test_operations_keep_the_main_line_and_every_path_valid(
    ops: list[tuple[str, int, int]],
) -> None:
    tree: GameTree[int, Counter] = GameTree(Counter())
    for op, pick, action in ops:
        paths = list(tree.walk())
        path = paths[pick % len(paths)]
        if op == "add":
            before = len(tree)
            new = tree.add(path, action)
            assert tree.actions(new) == [*tree.actions(path), action]
            assert len(tree) in (before, before + 1)
        elif op == "promote":
            moved = tree.node(path)
            current = tree.node(tree.current)
            new = tree.promote(path)
            assert tree.node(new) is moved and (not path or new[-1] == 0)
            assert tree.node(tree.current) is current
        elif op == "delete" and path:
            gone = {p for p in paths if p[: len(path)] == path}
            tree.delete(path)
            assert len(tree) == len(paths) - len(gone)
        elif op == "cut":
            tree.cut(path)
            assert not tree.node(path).children
        elif op == "go":
            tree.current = path
        check(tree)
    assert tree.position(()).played == ()  # the start is never changed


def test_adding_the_same_move_follows_it_and_another_is_a_variation() -> None:
    tree: GameTree[int, Counter] = GameTree(Counter())
    a = tree.add((), 1)
    assert a == (0,) and tree.add((), 1) == (0,)
    b = tree.add((), 2)
    assert b == (1,) and tree.main_line() == (0,)
    tree.add(b, 3)
    assert tree.promote(b) == (0,) and tree.main_line() == (0, 0)
    assert [tree.actions(p) for p in tree.walk()] == [[], [2], [2, 3], [1]]
    with pytest.raises(BadPath, match=r"\(5,\)"):
        tree.node((5,))
    with pytest.raises(BadPath):
        tree.delete(())


def test_positions_are_computed_once_and_kept() -> None:
    played: list[int] = []

    def play(position: Counter, action: int) -> Counter:
        played.append(action)
        return Counter((*position.played, action))

    tree: GameTree[int, Counter] = GameTree(Counter(), play)
    path: tuple[int, ...] = ()
    for action in range(5):
        path = tree.add(path, action)
    assert tree.position(path).played == (0, 1, 2, 3, 4) and played == [0, 1, 2, 3, 4]
    assert tree.position((0, 0)).played == (0, 1) and len(played) == 5


def test_a_real_game_along_its_main_line() -> None:
    game: Any = registry.new_game("skud", seed=7)
    tree: GameTree[Any, Any] = GameTree(game.copy())
    path: tuple[int, ...] = ()
    for _ in range(12):
        action = game.legal_actions()[0]
        game.apply(action)
        path = tree.add(path, action)
    assert path == tree.main_line()
    assert tree.position(path).state_key() == game.state_key()
    assert tree.position(()).history == []


# -- comments
def test_a_comment_is_set_read_and_cleared_on_any_node_the_root_included() -> None:
    tree: GameTree[int, Counter] = GameTree(Counter())
    a = tree.add((), 1)
    assert tree.comment(()) == "" and tree.comments() == []
    assert tree.set_comment((), "  the opening  ") == "the opening"
    assert tree.set_comment(a, "Ёлка 🌲\r\nsecond line") == "Ёлка 🌲\nsecond line"
    assert tree.comments() == [((), "the opening"), (a, "Ёлка 🌲\nsecond line")]
    assert tree.set_comment(a, " \t ") == "" and tree.comment(a) == ""
    assert tree.comments() == [((), "the opening")]
    with pytest.raises(BadPath):
        tree.set_comment((3,), "nowhere")


def test_a_comment_is_cleaned_and_a_long_one_refused() -> None:
    assert clean_comment("a\tb\x00c\x1b[31md\u007f\ud800e\n") == "a bc[31mde"
    assert clean_comment("\r\nline\rnext\r\n") == "line\nnext"
    assert clean_comment("x" * MAX_COMMENT) == "x" * MAX_COMMENT
    assert clean_comment(" " + "x" * MAX_COMMENT + "\x00 ") == "x" * MAX_COMMENT
    with pytest.raises(BadComment, match="too long"):
        clean_comment("x" * (MAX_COMMENT + 1))
    with pytest.raises(BadComment):
        clean_comment(5)  # type: ignore[arg-type]


@settings(max_examples=60, deadline=None)
@given(OPS, st.lists(st.text(max_size=12), min_size=1, max_size=8))
def test_comments_follow_their_nodes_through_promote_and_go_with_delete_and_cut(
    ops: list[tuple[str, int, int]], words: list[str],
) -> None:
    tree: GameTree[int, Counter] = GameTree(Counter())
    said: dict[int, str] = {}  # id(node) -> its comment
    alive: list[object] = []  # every node made, so that no id is reused
    for number, (op, pick, action) in enumerate(ops):
        paths = list(tree.walk())
        path = paths[pick % len(paths)]
        if op == "add":
            new = tree.add(path, action)
            kept = tree.set_comment(new, words[number % len(words)])
            said[id(tree.node(new))] = kept
            alive.append(tree.node(new))
        elif op == "promote":
            tree.promote(path)
        elif op == "delete" and path:
            tree.delete(path)
        elif op == "cut":
            tree.cut(path)
        nodes = {id(tree.node(p)): p for p in tree.walk()}
        assert dict(tree.comments()) == {
            nodes[key]: text for key, text in said.items() if key in nodes and text
        }
