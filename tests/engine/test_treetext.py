"""A game's tree of moves as notation (paisho_core/treetext.py): generated trees of every
variant (own starts and set-ups, side lines between a ply's actions, unicode comments with
braces, backslashes and '^') are written and read back the same; a text without side
lines and comments is the record and reads as the variant reads one; every bad text is a
typed error naming the ply; hostile texts are refused quickly."""

from __future__ import annotations

import random
import re
import time
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from paths import ROOT
from tree_games import random_start, random_tree, same_tree

from paisho_core import registry, starts, treetext
from paisho_core.errors import IllegalMove, InvalidMove, PaiShoError
from paisho_core.gametree import MAX_COMMENT, GameTree
from paisho_core.registry import variant_names
from paisho_core.treelink import tree_of

VARIANTS = variant_names()
COMMENTS = st.lists(
    st.one_of(st.text(max_size=30), st.sampled_from(["^1 x", "\\", "{}", "a}b{", "(1,2);x\n)"])),
    max_size=4,
)
POINT = re.compile(r"\([ \t]*[+-]?\d+[ \t]*,[ \t]*[+-]?\d+[ \t]*\)")


def _game(variant: str, seed: int, moves: int) -> Any:
    rng = random.Random(seed)
    game = random_start(variant, rng)
    for _ in range(moves):
        if game.to_move is None or not game.legal_actions():
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def _read(game: Any, text: str) -> treetext.ReadTree:
    return treetext.read_tree(starts.fresh(game), text)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(VARIANTS), st.integers(0, 2**32), st.booleans(), COMMENTS)
def test_a_generated_tree_is_read_back_the_same(
    variant: str, seed: int, setup: bool, comments: list[str],
) -> None:
    rng = random.Random(seed)
    start = random_start(variant, rng, setup)
    tree = random_tree(start, rng, comments)
    main = tree.position(tree.main_line())
    resigned = main.to_move if main.to_move is not None and rng.random() < 0.3 else None
    text = treetext.write_tree(tree, resigned)
    read = _read(start, text)
    same_tree(tree, read.tree)
    if resigned is not None and "resign" in text:  # where the record writes one
        assert read.resigned == resigned


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(VARIANTS), st.integers(0, 2**32), st.booleans())
def test_without_side_lines_and_comments_the_text_is_the_record(
    variant: str, seed: int, setup: bool,
) -> None:
    rng = random.Random(seed)
    game = random_start(variant, rng, setup)
    for _ in range(rng.randrange(40)):
        if game.to_move is None or not game.legal_actions():
            break
        game.apply(rng.choice(game.legal_actions()))
    text = treetext.write_tree(tree_of(game))
    assert text == game.to_text()
    # every '(' of a record starts a point: none is taken for a side line
    assert "(" not in POINT.sub("", text) and ")" not in POINT.sub("", text)
    read = _read(game, text)
    assert read.tree.actions(read.tree.main_line()) == game.history


@pytest.mark.parametrize(("name", "variant", "seed"), [
    ("skud-ring.txt", "skud", None), ("balance-42.txt", "balance", 42),
])
def test_a_record_reads_as_the_variant_reads_it(name: str, variant: str, seed: int | None) -> None:
    text = (ROOT / "examples" / name).read_text(encoding="utf-8")
    cls = registry.get_variant(variant)
    expected = cls.from_text(text, (), seed)
    read = treetext.read_tree(cls((), seed), text)
    assert read.tree.actions(read.tree.main_line()) == expected.history
    # the same errors too: a bad record fails with the variant's own words
    bad = text.replace("3G.(-8,0)-(-5,-1)", "3G.(-8,0)-(9,9)")
    if bad != text:
        with pytest.raises(PaiShoError) as ours:
            treetext.read_tree(cls((), seed), bad)
        with pytest.raises(PaiShoError) as theirs:
            cls.from_text(bad, (), seed)
        assert type(ours.value) is type(theirs.value) and str(ours.value) == str(theirs.value)


def test_a_hand_written_tree() -> None:
    skud: Any = registry.new_game("skud")
    text = (
        "{The start \\{a\\} \\\\ \\^}\n"
        "0H.R,W,K,B;0G.R,W,K,B {both the same} (0G.R,R,W,W {other accents}) ;"
        "1G.R3(0,-8) (1G.W3(0,-8) {the other} (1G.R4(0,-8));1H.W3(0,8) {mirror}) ;1H.R3(0,8)"
    )
    read = treetext.read_tree(skud, text)
    tree = read.tree
    assert tree.comment(()) == "The start {a} \\ ^"
    assert dict(tree.comments()) == {
        (): "The start {a} \\ ^", (0, 0): "both the same", (0, 1): "other accents",
        (0, 0, 1): "the other", (0, 0, 1, 0): "mirror",
    }
    assert len(tree) == 9 and tree.main_line() == (0, 0, 0, 0)
    assert skud.format_action(tree.node((0, 0, 2)).action) == "R4(0,-8)"
    again = treetext.read_tree(skud, treetext.write_tree(tree))
    same_tree(tree, again.tree)


def test_a_comment_inside_a_ply_and_a_side_line_between_its_actions() -> None:
    """Skud: an Arrange that earns a Harmony Bonus and two different bonuses after it."""
    for seed in range(300):
        rng = random.Random(seed)
        game: Any = registry.new_game("skud")
        tree: GameTree[Any, Any] = GameTree(game.copy())
        path: tuple[int, ...] = ()
        while game.to_move is not None and not game.bonus_pending and len(path) < 120:
            action = rng.choice(game.legal_actions())
            game.apply(action)
            path = tree.add(path, action)
        if game.bonus_pending and len(game.legal_actions()) > 2:
            break
    else:  # pragma: no cover
        pytest.fail("no Harmony Bonus in 300 games")
    first, second = game.legal_actions()[:2]
    tree.add(path, first)
    tree.add(path, second)
    tree.set_comment(path, "{before} the bonus")
    text = treetext.write_tree(tree)
    assert "{^1 \\{before\\} the bonus}" in text
    ply = text.rsplit(";", 1)[1].split(" ")[0]
    assert f"({ply[: ply.index('+')]}+" in text  # the side line repeats the Arrange
    same_tree(tree, _read(game, text).tree)


BAD = [
    ("1G.R3(0,-8)", IllegalMove, "ply 1"),  # Skud's first ply chooses accents
    ("0H.R,W,K,B;0G.R,W,K,B;1G.R3(0,-8) (1G.R3(9,9))", InvalidMove, "ply 3 of a side line"),
    ("0H.R,W,K,B;0G.R,W,K,B;1G.R3(0,-8) (1H.R3(0,8))", IllegalMove, "ply 3 of a side line"),
    ("0H.R,W,K,B;0G.R,W,K,B;1G.R3(0,-8) (1G.W3(0,-8)", InvalidMove, "not closed"),
    ("0H.R,W,K,B;0G.R,W,K,B;1G.R3(0,-8))", InvalidMove, "closes no side line"),
    ("(0H.R,W,K,B)", InvalidMove, "right after the ply"),
    ("0H.R,W,K,B ()", InvalidMove, "holds no ply"),
    ("0H.R,W,K,B {unclosed", InvalidMove, "not closed"),
    ("0H.R,W,K,B {a {b} c}", InvalidMove, "not closed"),
    ("0H.R,W,K,B }", InvalidMove, "closes no comment"),
    ("0H.R,W,K,B {a} {b}", InvalidMove, "two comments"),
    ("0H.R,W,K,B {^1 a}", InvalidMove, "names an action 1 before"),
    ("0H.R,W,K,B {^x}", InvalidMove, "starts with '^'"),
    ("0H.R,W,K,B ({side})", InvalidMove, "goes after one of its plies"),
    ("{x} {y}", InvalidMove, "two comments"),
    ("0H.R,W,K,B {" + "x" * (MAX_COMMENT + 1) + "}", InvalidMove, "too long"),
    ("0H.R,W,K,B;0G.resign {x}", InvalidMove, "nothing follows a resignation"),
    ("0H.R,W,K,B;0G.resign;1G.R3(0,-8) {x}", IllegalMove, "moves after a resignation"),
    ("0H.R,W,K,B;0G.resign (0G.R,W,K,B)", InvalidMove, "cannot replace a resignation"),
    ("0H.R,W,K,B;0G.R,W,K,B (0G.resign)", IllegalMove, "cannot end with a resignation"),
]


@pytest.mark.parametrize(("text", "kind", "words"), BAD)
def test_a_bad_text_is_a_typed_error_naming_the_ply(text: str, kind: type, words: str) -> None:
    with pytest.raises(kind) as caught:
        treetext.read_tree(registry.new_game("skud"), text + " {}")
    assert words in str(caught.value)
    assert len(str(caught.value)) < 400  # it quotes no more than a short part


HOSTILE = [
    "0H.R,W,K,B " + "(" * 100_000,
    "0H.R,W,K,B " + "(0H.R,W,K,B " * 10_000,
    "0H.R,W,K,B " + "{" * 150_000,
    "0H.R,W,K,B {" + "\\" * 150_000,
    "0H.R,W,K,B " + "(0H.R,W,K,B) " * 5_000,
    "x" * (treetext.MAX_TEXT + 1),
    ";".join(["0H.R,W,K,B"] * (treetext.MAX_PLIES + 5)) + " {x}",
]


@pytest.mark.parametrize("text", HOSTILE, ids=range(len(HOSTILE)))
def test_a_hostile_text_is_refused_quickly(text: str) -> None:
    started = time.perf_counter()
    with pytest.raises(PaiShoError) as caught:
        treetext.read_tree(registry.new_game("skud"), text)
    assert time.perf_counter() - started < 5
    assert len(str(caught.value)) < 400


def _nested(levels: int) -> tuple[Any, GameTree[Any, Any]]:
    """A Wiki tree whose side lines nest ``levels`` deep (each branches from the first
    move of the one before)."""
    game: Any = registry.new_game("wiki")
    tree: GameTree[Any, Any] = GameTree(game.copy())
    path: tuple[int, ...] = ()
    for _ in range(levels + 1):
        actions = tree.position(path).legal_actions()
        tree.add(path, actions[0])
        path = tree.add(path, actions[1])
    return game, tree


def test_side_lines_nest_to_the_bound_and_no_deeper() -> None:
    game, tree = _nested(treetext.MAX_NESTING - 1)
    text = treetext.write_tree(tree)
    assert text.count(" (") == treetext.MAX_NESTING  # a side line opens with " ("
    same_tree(tree, treetext.read_tree(game, text).tree)
    game, tree = _nested(treetext.MAX_NESTING)
    with pytest.raises(InvalidMove, match="nested too deep"):
        treetext.read_tree(game, treetext.write_tree(tree))


def test_the_start_must_have_no_moves() -> None:
    game = _game("wiki", 1, 3)
    with pytest.raises(InvalidMove, match="start of a game"):
        treetext.read_tree(game, "")
    assert treetext.read_tree(starts.fresh(game), "").tree.main_line() == ()
