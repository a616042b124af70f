"""A tree of moves: a game's main line and its variations, each node an action.

The root holds the start position; every other node holds one action and the position
it leads to, computed on first use from its parent's (one copy and one ``apply``) and
then kept.  A node's children are ordered: the first is the main continuation, the
others are variations.  A node is named by its *path*, the tuple of child indices from
the root (``()`` is the root; the main line's nodes are ``(0,)``, ``(0, 0)``, …).

:class:`GameTree` keeps a *current path* (the position a reader shows) and offers the
operations every reader needs: :meth:`~GameTree.add` a move (it follows an existing child
with the same action, else adds a variation), :meth:`~GameTree.promote` a variation to
the main continuation, :meth:`~GameTree.delete` a node with everything after it, walk the
tree (:meth:`~GameTree.walk`), the main line (:meth:`~GameTree.main_line`) and the
actions and position of any path.  Generic over the game (any :class:`~paisho_core.
protocol.Game`-like object with ``copy`` and ``apply``); pure, standard library only.

Comments
--------
Every node, the root included, may hold a plain-text comment (:meth:`~GameTree.
set_comment`, :meth:`~GameTree.comment`, :meth:`~GameTree.comments`).  A comment belongs
to its node: :meth:`~GameTree.promote` keeps it, :meth:`~GameTree.delete` and
:meth:`~GameTree.cut` remove it with the node.  A comment is kept as :func:`clean_comment`
makes it: each line break (CR LF, CR) becomes LF and a tab a space; every other control
character (and any lone surrogate, which no text encoding can carry) is dropped; white
space at either end is trimmed; an empty comment is no comment.  A comment longer than
:data:`MAX_COMMENT` characters once cleaned is refused (:class:`BadComment`), never cut
short.  A comment is only ever text to show as it is (never markup).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Generic, TypeVar

from paisho_core.errors import PaiShoError
from paisho_core.messages import msg

A = TypeVar("A")
Path = tuple[int, ...]
"""A node's name: child indices from the root."""


P = TypeVar("P")
"""The positions' type: an object with ``copy()`` and ``apply(action)`` (or any, with
the tree's ``play``)."""


class BadPath(PaiShoError):
    """A path that names no node of the tree (the message quotes it)."""


class BadComment(PaiShoError):
    """A comment that cannot be kept: not text, or too long (plain words)."""


MAX_COMMENT = 1000
"""Most characters of one comment (after :func:`clean_comment`)."""


def clean_comment(text: str) -> str:
    """``text`` as a comment is stored (see the module's docstring); :class:`BadComment`
    when it is not text or longer than :data:`MAX_COMMENT` characters once cleaned."""
    if not isinstance(text, str):
        raise BadComment(msg("a comment must be text"))
    flat = text.replace("\r\n", "\n").replace("\r", "\n").replace("\t", " ")
    if not flat.isprintable():
        flat = "".join(
            char for char in flat
            if char == "\n" or unicodedata.category(char) not in ("Cc", "Cs")
        )
    flat = flat.strip()
    if len(flat) > MAX_COMMENT:
        raise BadComment(msg(
            "the comment is too long: {length} characters (at most {limit})",
            length=len(flat), limit=MAX_COMMENT,
        ))
    return flat


class Node(Generic[A, P]):
    """One node: the action that leads to it (``None`` at the root), its children (the
    first is the main continuation), its comment (``""``: none) and, once asked for, its
    position."""

    __slots__ = ("_position", "action", "children", "comment", "parent")

    def __init__(self, action: A | None, parent: Node[A, P] | None, position: P | None) -> None:
        """A node under ``parent`` reached by ``action`` (its position computed later
        unless given)."""
        self.action = action
        self.parent = parent
        self.children: list[Node[A, P]] = []
        self.comment = ""
        self._position = position


class GameTree(Generic[A, P]):
    """A game's moves as a tree, with a current path; see the module's docstring."""

    def __init__(self, start: P, play: Callable[[P, A], P] | None = None) -> None:
        """A tree holding only ``start`` (kept as given: never changed by the tree).

        ``play(position, action)`` returns the position after ``action``; by default a
        copy of the position with ``action`` applied.
        """
        self.root: Node[A, P] = Node(None, None, start)
        self.current: Path = ()
        self._play = play if play is not None else _copy_and_apply

    # -- reading
    def node(self, path: Sequence[int]) -> Node[A, P]:
        """The node at ``path``; :class:`BadPath` if there is none."""
        node = self.root
        for index in path:
            if not 0 <= index < len(node.children):
                raise BadPath(f"no node at path {tuple(path)!r}")
            node = node.children[index]
        return node

    def has(self, path: Sequence[int]) -> bool:
        """Whether ``path`` names a node."""
        try:
            self.node(path)
        except BadPath:
            return False
        return True

    def actions(self, path: Sequence[int]) -> list[A]:
        """The actions from the start to the node at ``path``."""
        out: list[A] = []
        node = self.root
        for index in path:
            if not 0 <= index < len(node.children):
                raise BadPath(f"no node at path {tuple(path)!r}")
            node = node.children[index]
            assert node.action is not None
            out.append(node.action)
        return out

    def position(self, path: Sequence[int]) -> P:
        """The position at ``path``, computed (and kept) from the nearest known one.

        The object returned is the tree's own: a reader that changes it copies it first.
        """
        chain = [self.root]
        for index in path:
            node = chain[-1]
            if not 0 <= index < len(node.children):
                raise BadPath(f"no node at path {tuple(path)!r}")
            chain.append(node.children[index])
        known = max(i for i, node in enumerate(chain) if node._position is not None)
        position = chain[known]._position
        assert position is not None
        for node in chain[known + 1 :]:
            assert node.action is not None
            position = self._play(position, node.action)
            node._position = position
        return position

    def main_line(self, path: Sequence[int] = ()) -> Path:
        """The path to the end of the main continuation from ``path`` (first children)."""
        node = self.node(path)
        out = list(path)
        while node.children:
            out.append(0)
            node = node.children[0]
        return tuple(out)

    def is_main(self, path: Sequence[int]) -> bool:
        """Whether ``path`` lies on the main line."""
        return all(index == 0 for index in path)

    def walk(self) -> Iterator[Path]:
        """Every node's path, depth first, the main continuation before each variation."""
        stack: list[tuple[Path, Node[A, P]]] = [((), self.root)]
        while stack:
            path, node = stack.pop()
            yield path
            for index in range(len(node.children) - 1, -1, -1):
                stack.append(((*path, index), node.children[index]))

    def __len__(self) -> int:
        """How many nodes, the root included."""
        return sum(1 for _ in self.walk())

    def comment(self, path: Sequence[int]) -> str:
        """The comment of the node at ``path`` (``""``: none)."""
        return self.node(path).comment

    def comments(self) -> list[tuple[Path, str]]:
        """Every comment with its node's path, in :meth:`walk` order."""
        return [(path, self.node(path).comment) for path in self.walk()
                if self.node(path).comment]

    # -- changing
    def add(self, path: Sequence[int], action: A, position: P | None = None) -> Path:
        """The path of ``action`` played at ``path``: an existing child with that action,
        else a new child (the main continuation if the node has none, else a variation
        after the others).

        ``position``, when given, is the position after ``action`` (a reader that has
        played it already); it becomes a new child's position, kept as given.
        """
        node = self.node(path)
        for index, child in enumerate(node.children):
            if child.action == action:
                return (*path, index)
        node.children.append(Node(action, node, position))
        return (*path, len(node.children) - 1)

    def set_comment(self, path: Sequence[int], text: str) -> str:
        """Set the comment of the node at ``path`` (``""`` clears it); the comment as
        kept (:func:`clean_comment`; :class:`BadComment` if refused)."""
        node = self.node(path)
        node.comment = clean_comment(text)
        return node.comment

    def promote(self, path: Sequence[int]) -> Path:
        """Make the node at ``path`` its parent's main continuation; its new path.

        The current path follows its node.
        """
        if not path:
            return ()
        parent = self.node(path[:-1])
        index = path[-1]
        node = self.node(path)
        current = self.node(self.current)
        parent.children.insert(0, parent.children.pop(index))
        self.current = self.path_of(current)
        return self.path_of(node)

    def delete(self, path: Sequence[int]) -> None:
        """Remove the node at ``path`` and everything after it (never the root).

        A current path inside what is removed moves to the removed node's parent; else it
        follows its node.
        """
        if not path:
            raise BadPath("the start of the game cannot be deleted")
        parent = self.node(path[:-1])
        node = self.node(path)
        inside = tuple(self.current[: len(path)]) == tuple(path)
        current = parent if inside else self.node(self.current)
        parent.children.remove(node)
        node.parent = None
        self.current = self.path_of(current)

    def cut(self, path: Sequence[int]) -> None:
        """Remove every child of the node at ``path`` (the game ends there)."""
        node = self.node(path)
        for child in node.children:
            child.parent = None
        node.children.clear()
        if tuple(self.current[: len(path)]) == tuple(path) and len(self.current) > len(path):
            self.current = tuple(path)

    def path_of(self, node: Node[A, P]) -> Path:
        """The path of ``node`` (a node of this tree)."""
        out: list[int] = []
        while node.parent is not None:
            parent = node.parent
            out.append(parent.children.index(node))
            node = parent
        if node is not self.root:
            raise BadPath("the node is not in this tree")
        return tuple(reversed(out))


def _copy_and_apply(position: Any, action: Any) -> Any:
    after = position.copy()
    after.apply(action)
    return after
