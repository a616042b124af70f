"""Random trees of moves for the tree codecs' tests (:mod:`paisho_core.treelink`,
:mod:`paisho_core.treetext`): a random legal game of any variant (from its own start or a
random set-up) as the main line, side lines branching at random nodes (between the
actions of a ply too: a Skud Arrange's other Harmony Bonus), and comments on random nodes.
"""

from __future__ import annotations

import random
from typing import Any

from setup_games import random_setup

from paisho_core import setups
from paisho_core.gametree import GameTree, Path
from paisho_core.protocol import Game
from paisho_core.registry import get_variant
from paisho_core.treelink import tree_of

AnyGame = Game[Any]
Tree = GameTree[Any, AnyGame]


def random_start(variant: str, rng: random.Random, setup: bool = False) -> AnyGame:
    """A new game of ``variant`` (random seed and seats where it has them), or a game
    built from a random legal set-up."""
    cls = get_variant(variant)
    info = cls.info
    players = rng.randint(info.min_players, info.max_players)
    if setup:
        seat = 0 if variant == "balance" else rng.randrange(players)
        chosen = random_setup(variant, players if info.min_players != info.max_players else None,
                              seat, rng)
        return setups.build(chosen)
    seed = rng.randrange(10**6) if info.uses_seed else None
    if info.min_players != info.max_players:
        return cls((), seed, players)
    return cls((), seed)


def _play(tree: Tree, path: Path, rng: random.Random, moves: int) -> Path:
    """Up to ``moves`` random legal actions from ``path``; a Harmony Bonus to choose
    sometimes gets a second choice beside it."""
    game = tree.position(path).copy()
    for _ in range(moves):
        actions = game.legal_actions() if game.to_move is not None else []
        if not actions:
            break
        if getattr(game, "bonus_pending", False) and len(actions) > 1 and rng.random() < 0.5:
            tree.add(path, rng.choice(actions))
        action = rng.choice(actions)
        path = tree.add(path, action)
        game.apply(action)
    return path


def random_tree(start: AnyGame, rng: random.Random, comments: list[str],
                main: int = 30, sides: int = 5) -> Tree:
    """A tree from ``start``'s beginning: ``start``'s moves (a Balance set-up's
    placements) and up to ``main`` more as the main line, up to ``sides`` side lines of 1
    to 8 actions from random nodes, each of ``comments`` on a random node."""
    tree = tree_of(start)
    _play(tree, tree.main_line(), rng, rng.randrange(main + 1))
    for _ in range(rng.randrange(sides + 1)):
        nodes = list(tree.walk())
        _play(tree, rng.choice(nodes), rng, rng.randint(1, 8))
    nodes = list(tree.walk())
    for text in comments:
        tree.set_comment(rng.choice(nodes), text)
    return tree


def shape(tree: Tree, path: Path = ()) -> tuple[Any, ...]:
    """The tree's moves and comments as one nested value (to compare two trees)."""
    node = tree.node(path)
    return (node.action, node.comment,
            tuple(shape(tree, (*path, i)) for i in range(len(node.children))))


def same_tree(a: Tree, b: Tree) -> None:
    """The same moves, child order and comments, and the same position at every node."""
    assert shape(a) == shape(b)
    for path in a.walk():
        assert b.position(path).state_key() == a.position(path).state_key()
