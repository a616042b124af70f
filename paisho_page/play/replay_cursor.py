"""Which position of a game the page shows, over the game's tree of moves.

:class:`ReplayCursor` is the replay bar's model: the live position, an earlier one while
replaying, or a move of a *side line*.  The positions are the nodes of one
:class:`~paisho_core.gametree.GameTree` (each computed once, on first use): its main
line is the game's history (built as far as a reader asks), and a move played while an
earlier position is shown becomes a side line branching there (:meth:`ReplayCursor.play`)
instead of cutting the game.  A side line can be followed step by step, promoted to the
main line (:meth:`ReplayCursor.promote`: the game then continues along it and the old
continuation becomes a side line) or deleted; any position may carry a comment.  The
side lines and comments travel in links and saves through
:mod:`paisho_page.play.tree_links`.  Variant-agnostic and free of any browser module.
"""

from __future__ import annotations

from typing import Any

from paisho_core import link, starts
from paisho_core.errors import InvalidLink, PaiShoError
from paisho_core.gametree import BadPath, GameTree, Node, Path
from paisho_core.protocol import Game
from paisho_page.play.move_list import move_texts
from paisho_page.words.i18n import _, ngettext

AnyGame = Game[Any]


def _identity(game: AnyGame) -> tuple[str, frozenset[str], int | None, int, str]:
    return (
        str(game.info.name), frozenset(game.options), game.seed, len(game.players), starts.of(game)
    )


class ReplayCursor:
    """Which position of a game the page shows, and the positions seen so far.

    ``ply`` counts actions (as ``len(game.history)`` and a link's view do): the
    position after the first ``ply`` actions.  ``None`` follows the live game: the
    cursor then stays on the last position as moves are made.  Call :meth:`sync` with
    the game after every change (a move, an undo, another game); the cache of earlier
    positions is kept for the common part of the old and new histories.
    """

    def __init__(self, game: AnyGame | None = None) -> None:
        """Start on the live position of ``game`` (if given)."""
        self.ply: int | None = None
        self._side: Node[Any, AnyGame] | None = None
        """The node shown when it is off the main line (a side line's move)."""
        self.version = 0
        """Counts changes of the side lines and comments (what the address bar follows)."""
        self._lines = (-1, False)
        """:attr:`has_side_lines` at a :attr:`version`."""
        self._game: AnyGame | None = None
        self._key: tuple[str, frozenset[str], int | None, int, str] | None = None
        self._tree: GameTree[Any, AnyGame] | None = None
        self._depth = 0
        """How many actions of the main line the tree holds."""
        self._plies: tuple[tuple[int, int, int | None], int] | None = None
        if game is not None:
            self.sync(game)

    # -- the game
    @property
    def game(self) -> AnyGame:
        """The whole game (the live position)."""
        if self._game is None:
            raise ValueError("the replay cursor has no game yet")
        return self._game

    def sync(self, game: AnyGame) -> None:
        """Follow ``game`` after a change, keeping the cached positions still valid.

        The tree's main line follows the game's history: where they part (an undo, a
        game continued from an earlier position), the main line's later moves go with
        the side lines that branch from them; side lines that branch earlier stay, except
        those from the position the game now ends on (a last position has no
        continuation for them to leave).  Another game drops the tree."""
        key = _identity(game)
        history = game.history
        if key != self._key:
            self._key = key
            self._tree = None
            self._depth = 0
            self._side = None
            self.version += 1
        elif self._tree is not None:
            actions = self._tree.actions((0,) * self._depth)
            common = 0
            limit = min(len(actions), len(history))
            while common < limit and actions[common] == history[common]:
                common += 1
            if common < self._depth:
                branch = (0,) * common
                self._tree.delete((*branch, 0))
                if common >= len(history):
                    self._tree.cut(branch)
                self._depth = common
                if self._side is not None and not self._attached(self._side):
                    self._side = None
                self.version += 1
        self._game = game
        if self.ply is not None and self.ply >= len(history):
            self.ply = None

    def forget(self) -> None:
        """Drop the side lines and comments (another game is shown, even one that starts
        with the same moves)."""
        self._tree, self._depth, self._side = None, 0, None
        self.version += 1

    @property
    def total(self) -> int:
        """How many actions the game has (the live position's index)."""
        return len(self.game.history)

    @property
    def index(self) -> int:
        """The index of the shown position: how many actions lead to it (``total`` when
        live; on a side line, its depth)."""
        if self._side is not None:
            return len(self.path)
        return self.total if self.ply is None else min(self.ply, self.total)

    @property
    def viewing(self) -> bool:
        """True while another position than the live one is shown (an earlier one, or a
        side line's)."""
        return self._side is not None or self.index < self.total

    @property
    def on_side_line(self) -> bool:
        """True while a side line's move is shown."""
        return self._side is not None

    @property
    def path(self) -> Path:
        """The shown node's path in :attr:`tree` (the main line's: ``(0,) * index``)."""
        if self._side is not None:
            return self.tree.path_of(self._side)
        return (0,) * self.index

    def go(self, index: int) -> int:
        """Show the main line's position after ``index`` actions (clamped); return the
        index shown."""
        self._side = None
        index = max(0, min(int(index), self.total))
        self.ply = None if index >= self.total else index
        return self.index

    def step(self, delta: int) -> int:
        """Move ``delta`` positions (negative: back) along the line shown; return the
        index shown.  On a side line a step goes to the move before or the next move of
        that line, and back onto the main line before its first move."""
        if self._side is None:
            return self.go(self.index + delta)
        path = self.path
        if delta < 0:
            path = path[: max(0, len(path) + delta)]
        else:
            node = self._side
            for _ in range(delta):
                if not node.children:
                    break
                node = node.children[0]
            path = self.tree.path_of(node)
        return self.show(path)

    def show(self, path: Path) -> int:
        """Show the node at ``path`` of :attr:`tree` (the main line, or a side line's
        move); return the index shown.  :class:`~paisho_core.gametree.BadPath` if there
        is no such node."""
        node = self.tree.node(path)
        if all(index == 0 for index in path):
            return self.go(len(path))
        self._side = node
        self.ply = None
        return self.index

    def first(self) -> int:
        """Show the start position."""
        return self.go(0)

    def last(self) -> int:
        """Follow the live position again."""
        return self.go(self.total)

    # -- positions
    @property
    def tree(self) -> GameTree[Any, AnyGame]:
        """The tree of moves: the game's history as its main line (built as far as a
        reader asked), and the side lines.  Its positions are the tree's own: read
        them, never change them."""
        if self._tree is None:
            self._tree = GameTree(link.game_at(self.game, 0))
        return self._tree

    def full_tree(self) -> GameTree[Any, AnyGame]:
        """:attr:`tree` with the whole game as its main line."""
        self._extend(self.total)
        return self.tree

    def _extend(self, depth: int) -> None:
        """Build the main line to ``depth`` actions (its first children)."""
        tree, history = self.tree, self.game.history
        while self._depth < depth:
            path = tree.add((0,) * self._depth, history[self._depth])
            if path[-1] != 0:  # a side line began with the game's move: it is the main line
                tree.promote(path)
            self._depth += 1

    def _attached(self, node: Node[Any, AnyGame]) -> bool:
        try:
            self.tree.path_of(node)
        except BadPath:
            return False
        return True

    def position(self, index: int | None = None) -> AnyGame:
        """The game after ``index`` actions of the main line (default: the shown
        position, a side line's included).

        The live position is the game itself (with its resignation, if any); the others
        are cached copies: read them, never change them.
        """
        game = self.game
        if index is None and self._side is not None:
            return self.tree.position(self.path)
        k = self.index if index is None else index
        if not 0 <= k <= self.total:
            raise InvalidLink(f"no position {k}: the game has {self.total} actions")
        if k == self.total:
            return game
        self._extend(k)
        return self.tree.position((0,) * k)

    # -- side lines and comments
    def play(self, action: Any) -> Path:
        """Play ``action`` at the shown position, an earlier one or a side line's (the
        live position's moves are the game's own): the main line's next move if it is
        that one, a move the tree has there already, or a new move of a side line.
        Show it and return its path; the engine's error if it is not legal there."""
        if not self.viewing:
            raise ValueError("the live position's moves are the game's own")
        path = self.path
        if self._side is None:
            self._extend(len(path) + 1)  # the main continuation comes first
        node = self.tree.node(path)
        known = len(node.children)
        after = self.tree.position(path).copy()
        after.apply(action)
        new = self.tree.add(path, action, after)
        if len(node.children) > known:
            self.version += 1
        self.show(new)
        return new

    @property
    def has_side_lines(self) -> bool:
        """Whether the tree holds a side line or a comment (what a plain link lacks)."""
        if self._tree is None:
            return False
        if self._lines[0] != self.version:
            found, stack = False, [self._tree.root]
            while stack and not found:
                node = stack.pop()
                found = len(node.children) > 1 or bool(node.comment)
                stack.extend(node.children)
            self._lines = (self.version, found)
        return self._lines[1]

    def promote(self) -> AnyGame:
        """Make the side line shown the main line: the game along it from the start
        (the page continues it), the moves it replaces kept as a side line; the shown
        move stays shown.  ``ValueError`` when no side line is shown."""
        node = self._side
        if node is None:
            raise ValueError("no side line is shown")
        tree = self.full_tree()  # the whole game, to keep as a side line
        path = tree.path_of(node)
        for depth in range(len(path)):
            if path[depth]:
                tree.promote(path[: depth + 1])
                path = tree.path_of(node)
        main = tree.main_line()
        game = tree.position(()).copy()
        for action in tree.actions(main):
            game.apply(action)
        self._game, self._depth, self._side = game, len(main), None
        self.version += 1
        self.go(len(path))
        return game

    def delete(self) -> None:
        """Delete the side line's move shown and every move after it (the side lines
        that branch from them too); the move before it is shown.  ``ValueError`` when
        no side line is shown."""
        if self._side is None:
            raise ValueError("no side line is shown")
        path = self.path
        self.tree.delete(path)
        self._side = None
        self.version += 1
        self.show(path[:-1])

    def comment(self) -> str:
        """The comment on the shown position (``""``: none)."""
        if self._side is None:
            self._extend(self.index)
        return self.tree.comment(self.path)

    def set_comment(self, text: str) -> str:
        """Set the comment on the shown position (``""`` takes it away); the comment as
        kept, or :class:`~paisho_core.gametree.BadComment` (plain words) and nothing
        changed."""
        if self._side is None:
            self._extend(self.index)
        path = self.path
        if self.tree.comment(path) == text:
            return text
        kept = self.tree.set_comment(path, text)
        self.version += 1
        return kept

    def adopt(self, tree: GameTree[Any, AnyGame], view: Path | None = None) -> None:
        """Take ``tree`` (its main line the cursor's game, e.g. a link's or a save's,
        :mod:`paisho_page.play.tree_links`) as the side lines and comments, and show the
        node at ``view`` (``None``: the position shown stays on the main line)."""
        self._tree, self._depth, self._side = tree, self.total, None
        self.version += 1
        if view is not None:
            self.show(view)

    def last_clicks(self, index: int | None = None) -> tuple[str, ...]:
        """The click tokens of the action that led to position ``index`` of the main line
        (default: the shown position; ``()`` at the start)."""
        if index is None and self._side is not None:
            path = self.path
            action = self.tree.node(path).action
            before = self.tree.position(path[:-1])
        else:
            k = self.index if index is None else index
            if k <= 0:
                return ()
            before, action = self.position(k - 1), self.game.history[k - 1]
        try:
            return tuple(before.action_clicks(action))
        except PaiShoError:
            return ()

    def notation_ply(self, index: int | None = None) -> int:
        """How many moves of the record position ``index`` of the main line completes
        (default: the shown position, a side line's included; for the move list):
        :func:`~paisho_page.play.move_list.move_count` of that position, counted from the
        engine's plies (a set-up game's start may hold some: they are not moves)."""
        return int(self.position(index).plies) - int(self.position(0).plies)

    @property
    def total_plies(self) -> int:
        """How many plies the move list numbers (the record's entries, a resignation
        included): what the replay bar counts."""
        game = self.game
        key = (id(game), len(game.history), game.resigned)
        if self._plies is None or self._plies[0] != key:
            self._plies = (key, len(move_texts(str(game.to_text()))))
        return self._plies[1]

    @property
    def shown_plies(self) -> int:
        """The ply of the move list the shown position ends on (0: the start)."""
        if not self.viewing:
            return self.total_plies
        return self.notation_ply()

    def index_of_ply(self, ply: int) -> int:
        """The last position whose notation holds ``ply`` plies (0 = the start)."""
        if ply <= 0:
            return 0
        best = self.total
        for k in range(self.total, -1, -1):
            plies = self.notation_ply(k)
            if plies < ply:
                break
            best = k
            if plies == ply:
                return k
        return best

    # -- words
    def label(self) -> str:
        """``"Move 12 of 40"``, ``"Start (0 of 40)"``, ``"No moves yet"``: counted in
        plies, as the move list numbers them (a skipped bonus is part of its ply, a
        resignation is one)."""
        total, k = self.total_plies, self.shown_plies
        if self._side is not None:
            return _("Side line, move {k}").format(k=k)
        if total == 0:
            return _("No moves yet")
        if k == 0:
            return ngettext("Start (0 of {total})", "Start (0 of {total})", total).format(
                total=total
            )
        return ngettext("Move {k} of {total}", "Move {k} of {total}", total).format(
            k=k, total=total
        )

    def refusal(self, can_continue: bool = True) -> str:
        """Why a click that would change the game is refused while replaying
        (``can_continue``: whether "Continue from here" is offered for this game)."""
        shown, total = self.shown_plies, self.total_plies
        if can_continue:
            return _(
                "You are viewing move {shown} of {total} — go to the last move to play,"
                " or choose “Continue from here”."
            ).format(shown=shown, total=total)
        return _("You are viewing move {shown} of {total} — go to the last move to play.").format(
            shown=shown, total=total
        )
