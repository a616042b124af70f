"""Which position of a game the page shows, over the game's tree of moves.

:class:`ReplayCursor` is the replay bar's model: the live position, or an earlier one
while replaying.  The earlier positions are the main line of a
:class:`~paisho_core.gametree.GameTree` (each computed once, on first use), the structure
that side lines will grow from.  Variant-agnostic and free of any browser module.
"""

from __future__ import annotations

from typing import Any

from paisho_core import link, starts
from paisho_core.errors import InvalidLink, PaiShoError
from paisho_core.gametree import GameTree
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
        """Follow ``game`` after a change, keeping the cached positions still valid."""
        key = _identity(game)
        history = game.history
        if key != self._key:
            self._key = key
            self._tree = None
            self._depth = 0
        elif self._tree is not None:
            actions = self._tree.actions((0,) * self._depth)
            common = 0
            limit = min(len(actions), len(history))
            while common < limit and actions[common] == history[common]:
                common += 1
            if common < self._depth:
                self._tree.cut((0,) * common)
                self._depth = common
        self._game = game
        if self.ply is not None and self.ply >= len(history):
            self.ply = None

    @property
    def total(self) -> int:
        """How many actions the game has (the live position's index)."""
        return len(self.game.history)

    @property
    def index(self) -> int:
        """The index of the shown position (``total`` when live)."""
        return self.total if self.ply is None else min(self.ply, self.total)

    @property
    def viewing(self) -> bool:
        """True while an earlier position than the live one is shown."""
        return self.index < self.total

    def go(self, index: int) -> int:
        """Show the position after ``index`` actions (clamped); return the index shown."""
        index = max(0, min(int(index), self.total))
        self.ply = None if index >= self.total else index
        return self.index

    def step(self, delta: int) -> int:
        """Move ``delta`` positions (negative: back); return the index shown."""
        return self.go(self.index + delta)

    def first(self) -> int:
        """Show the start position."""
        return self.go(0)

    def last(self) -> int:
        """Follow the live position again."""
        return self.go(self.total)

    # -- positions
    def position(self, index: int | None = None) -> AnyGame:
        """The game after ``index`` actions (default: the shown one).

        The live position is the game itself (with its resignation, if any); earlier
        ones are cached copies: read them, never change them.
        """
        game = self.game
        k = self.index if index is None else index
        if not 0 <= k <= self.total:
            raise InvalidLink(f"no position {k}: the game has {self.total} actions")
        if k == self.total:
            return game
        if self._tree is None:
            self._tree = GameTree(link.game_at(game, 0))
        history = game.history
        while self._depth < k:
            self._tree.add((0,) * self._depth, history[self._depth])
            self._depth += 1
        return self._tree.position((0,) * k)

    def last_clicks(self, index: int | None = None) -> tuple[str, ...]:
        """The click tokens of the action that led to position ``index`` (``()`` at 0)."""
        k = self.index if index is None else index
        if k <= 0:
            return ()
        before = self.position(k - 1)
        try:
            return tuple(before.action_clicks(self.game.history[k - 1]))
        except PaiShoError:
            return ()

    def notation_ply(self, index: int | None = None) -> int:
        """How many moves of the record position ``index`` completes (for the move list):
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
