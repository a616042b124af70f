"""Wiki Pai Sho: turn order, legal actions, the outcome and the notation (``rules.html#wiki``).

:class:`WikiGame` is the variant's :class:`~paisho_core.protocol.Game`.  The position
and what an action does to it are :class:`.position.WikiPosition`'s; legal actions come
from :mod:`.moves`, the ring from :mod:`.rules`, and why an action is refused from
:mod:`.explain`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..board import IS_WHITE, Point
from ..errors import IllegalMove, InvalidMove, quote
from ..messages import Message, msg
from ..protocol import Outcome, Reason
from . import explain, moves, rules
from .actions import PASS, RESIGN, WikiAction, format_action
from .actions import parse_action as parse_wiki_action
from .position import MIRROR, WikiPosition
from .spec import SPEC, WikiEnd
from .tiles import (
    CODE,
    DRAGON,
    FLOWER_KINDS,
    FULL_SET,
    GUEST,
    HOST,
    KIND_OF_CODE,
    KINDS,
    LOTUS,
    MAIN,
    OPENING,
    OPENING_MIN,
    PLAYERS,
    RHODODENDRON,
    WHITE_JADE,
    cell,
)

_PLY_RE = re.compile(r"\s*(?:(\d+)\s*([HG])\s*\.)?\s*(.*?)\s*", re.S)


class WikiGame(WikiPosition):
    """A game of Wiki Pai Sho between the Host (player 0) and the Guest (player 1)."""

    info = SPEC.info

    def __init__(
        self, options: Iterable[str] = (), seed: int | None = None, players: int | None = None
    ) -> None:
        super().__init__(options, seed, players)
        self._ended: Outcome | None = None
        self._legal: list[WikiAction] | None = None
        self._legal_set: frozenset[WikiAction] | None = None

    # ------------------------------------------------------------------ turn order
    @property
    def to_move(self) -> int | None:
        """The player to act (0 Host, 1 Guest), or ``None`` when the game is over."""
        return None if self.outcome() is not None else self.player

    # ------------------------------------------------------------------ outcome
    def outcome(self) -> Outcome | None:
        """Chain (R10), three harmonising tiles (R11), two passes (R2) or resignation."""
        if self._ended is not None:
            return self._ended
        return self._resign_outcome()

    def read_past_end(self) -> bool:
        """A record goes on after this game ended: read it on under the earlier R10?

        Only when a chain of harmonies and disharmonies ended the game (R10) and no
        ring of one player's harmonies is among them: a record that goes on from there
        was played when only such a ring ended the game, so the game goes on under that
        rule (:attr:`earlier_end`), and its score follows R9 as ever.  Returns whether
        the game is open again.
        """
        ended = self._ended
        if (
            ended is None
            or ended.reason != WikiEnd.CHAIN
            or self.earlier_end
            or rules.ring_closers(self.harmony_list)
        ):
            return False
        self.earlier_end = True
        self._ended = None
        self._legal = None
        self._legal_set = None
        self._check_end()
        return self._ended is None

    def resign(self, player: int | None = None) -> None:
        """The player to move resigns (the other one wins)."""
        super().resign(player)
        self._legal = None
        self._legal_set = None

    def _scored_outcome(self, reason: str) -> Outcome:
        totals = [row["total"] for row in self.scores()]
        if totals[HOST] == totals[GUEST]:
            winners: tuple[int, ...] = (HOST, GUEST)
        else:
            winners = (HOST,) if totals[HOST] > totals[GUEST] else (GUEST,)
        return Outcome(winners, reason, None, f"host {totals[HOST]}, guest {totals[GUEST]}")

    def _check_end(self) -> None:
        losers = [p for p in (HOST, GUEST) if self.flowers_left(p) <= 3]
        if losers:
            winners = tuple(p for p in (HOST, GUEST) if p not in losers) or (HOST, GUEST)
            self._ended = Outcome(winners, WikiEnd.THREE_FLOWERS)
            return
        if self.earlier_end:
            if rules.ring_closers(self.harmony_list):
                self._ended = self._scored_outcome(Reason.HARMONY_RING)
                return
        elif rules.chain_closed(self.harmony_list, self.disharmony_list):
            self._ended = self._scored_outcome(WikiEnd.CHAIN)
            return
        if self.passes >= 2:
            self._ended = self._scored_outcome(WikiEnd.TWO_PASSES)

    def ending_links(self) -> list[tuple[Point, Point]]:
        """After a chain ended the game (R10): every harmony and disharmony, among which
        the chain closed; else none."""
        ended = self.outcome()
        if ended is None or ended.reason != WikiEnd.CHAIN:
            return []
        return [(a, b) for a, b, _ in (*self.harmony_lines(), *self.disharmony_lines())]

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self) -> list[WikiAction]:
        """Every legal action of the player to move: entries, then each tile's actions."""
        if self._legal is None:
            if self._ended is not None or self.resigned is not None:
                self._legal = []
            elif self.phase == OPENING:
                self._legal = self._opening_actions()
            else:
                self._legal = self._main_actions()
        return list(self._legal)

    def _main_actions(self) -> list[WikiAction]:
        me, board = self.player, self.board
        out = moves.entries(board, self.reserve[me], me, self.turns[me], self.first_of_game)
        if not self.first_of_game:
            drained = self.drained()
            for p in moves.movers(board, me, self.occupied):
                if not drained[p]:
                    out.extend(moves.tile_actions(board, drained, p))
        if not out:
            out.append(WikiAction(PASS))
        return out

    def _opening_actions(self) -> list[WikiAction]:
        board, reserve = self.board, self.reserve[GUEST]
        out = []
        for kind in range(KINDS):
            if not reserve[kind] or kind in (WHITE_JADE, RHODODENDRON):
                continue
            for p in self._opening_points(kind):
                if not board[p] and not board[MIRROR[p]] and MIRROR[p] != p:
                    out.append(moves.ENTER_ACTIONS[kind][p])
        if self.opening_plies >= OPENING_MIN:
            out.append(WikiAction(PASS))
        return [a for a in out if a is not None]

    @staticmethod
    def _opening_points(kind: int) -> tuple[int, ...]:
        if kind in FLOWER_KINDS:
            return moves.FLOWER_ENTRY[kind][GUEST]
        if kind == DRAGON:
            return tuple(p for p in moves.NON_GATE if moves.HALF_OF[p] == HOST)
        if kind == LOTUS:
            return tuple(p for p in moves.NON_GATE if moves.HALF_OF[p] == GUEST)
        if KIND_OF_CODE["W"] == kind:
            return tuple(p for p in moves.NON_GATE if IS_WHITE[p])
        return moves.NON_GATE

    def is_legal(self, action: WikiAction) -> bool:
        """Tell whether ``action`` is legal now."""
        if self.to_move is None:
            return False
        if self._legal_set is None:
            self._legal_set = frozenset(self.legal_actions())
        return action in self._legal_set

    # ------------------------------------------------------------------ applying
    def apply(self, action: WikiAction) -> None:
        """Play ``action``; raise :class:`IllegalMove` naming the ply and the ruling.

        An action after the game ended by a chain is read as a record from before R10
        ended games on chains (:meth:`read_past_end`)."""
        if self._ended is not None:
            self.read_past_end()
        if action.kind == RESIGN:
            if self.to_move is None:
                raise IllegalMove(msg("ply {ply}: resign: the game is over",
                                      ply=len(self.history) + 1))
            self.resign()
            return
        if not self.is_legal(action):
            raise IllegalMove(self.explain_illegal(action))
        self._play(action)

    def push(self, action: WikiAction) -> None:
        """Apply a legal ``action`` so that :meth:`pop` takes it back (for a search).

        As the protocol's push (a :meth:`copy` is the record), but the legality check
        comes first, so the record keeps the legal actions and their set: a search
        trying many actions from one position lists them once.
        """
        if action.kind == RESIGN:
            super().push(action)
            return
        if not self.is_legal(action):
            raise IllegalMove(self.explain_illegal(action))
        saved = self.copy()
        self._play(action)
        self._undo_stack().append(saved)

    def apply_checked(self, action: WikiAction) -> None:
        """Play an action the caller has found legal (see :meth:`Game.apply_checked`)
        without listing the legal actions to check it."""
        if action.kind == RESIGN:
            self.apply(action)
        else:
            self._play(action)

    def _play(self, action: WikiAction) -> None:
        """Play a legal non-resign ``action``."""
        me = self.player
        if self.phase == OPENING:
            changed = self._apply_opening(action)
        else:
            changed = self._do(action)
            self.turns[me] += 1
            self.passes = self.passes + 1 if action.kind == PASS else 0
            self.player = 1 - me
        self.history.append(action)
        self._legal = None
        self._legal_set = None
        self._refresh(me, changed)
        if self.phase == MAIN:
            self._check_end()

    # ------------------------------------------------------------------ explaining
    def describe_action(self, action: WikiAction, coordinates: bool = False) -> Message:
        """``action`` in words (:func:`.explain.describe`)."""
        return explain.describe(self, action, coordinates)

    def click_refusal(self, clicks: tuple[str, ...], token: str) -> Message | None:
        """Why a click is refused, from the rules (:func:`.explain.click_reason`)."""
        return explain.click_reason(self, clicks, token)

    def explain_illegal(self, action: WikiAction) -> Message:
        """A sentence naming the ply, the action and the ruling that forbids it."""
        ply = len(self.history) + 1
        try:
            text = format_action(action)
        except (InvalidMove, IndexError, TypeError):
            text = repr(action)
        prefix = self.ply_prefix(len(self.history))
        return msg("ply {ply} ({prefix}.): {move} is not legal: {reason}", ply=ply, prefix=prefix,
                   move=text, reason=explain.reason(self, action))

    # ------------------------------------------------------------------ text
    def ply_prefix(self, ply: int, first: int | None = None) -> str:
        """The prefix of the ``ply``-th ply (0-based): opening ``0G``, then ``1G``, ``1H``…
        (``1H`` first after a set-up with the Host to move; ``first``: 0 or 1 in place
        of :attr:`first_ply`)."""
        opening = self.opening_plies if self.phase == MAIN else ply + 1
        if ply < opening:
            return "0G"
        j = ply - opening + (self.first_ply if first is None else first)
        return f"{j // 2 + 1}{'G' if j % 2 == 0 else 'H'}"

    def format_action(self, action: WikiAction) -> str:
        """The action's notation without ply prefix."""
        return format_action(action)

    def parse_action(self, text: str) -> WikiAction:
        """Parse one action's notation; raise :class:`InvalidMove` quoting it."""
        return parse_wiki_action(text)

    def ply_texts(self, reference: bool = False) -> list[str]:
        """Each ply with its prefix, e.g. ``["1G.Ja(0,-8)", "1H.Ja(0,8)", …]``.

        ``reference`` is accepted for the page's export (Skud's reference form); Wiki has
        one notation only, so it changes nothing.
        """
        out = [f"{self.ply_prefix(i)}.{format_action(a)}" for i, a in enumerate(self.history)]
        if self.resigned is not None:
            out.append(f"{self.ply_prefix(len(self.history))}.resign")
        return out

    def to_text(self) -> str:
        """The game in notation, plies joined by ``;``."""
        return ";".join(self.ply_texts())

    @classmethod
    def from_text(
        cls, text: str, options: Iterable[str] = (), seed: int | None = None
    ) -> WikiGame:
        """Replay a game from its notation (ply prefixes optional), checking every ply."""
        game = cls(options, seed)
        game.play_plies(text)
        return game

    def play_text(self, text: str) -> None:
        """Play numbered plies onto this position (:meth:`play_plies`)."""
        self.play_plies(text)

    def play_plies(self, text: str) -> None:
        """Play ``;``-separated plies (prefix ``1G.`` optional) onto this game."""
        if len(text) > 200_000:
            raise InvalidMove(msg("game text too long"))
        plies = [p for p in text.split(";") if p.strip()]
        first: int | None = None  # 0: an older record of a Host-to-move set-up (below)
        for i, ply in enumerate(plies):
            match = _PLY_RE.fullmatch(ply)
            if match is None:  # pragma: no cover - the pattern matches any text
                raise InvalidMove(msg("not a ply: {text}", text=quote(ply.strip())))
            number, letter, body = match.groups()
            expected = self.ply_prefix(len(self.history), first)
            if number is not None:
                found = f"{int(number)}{letter}"
                if found != expected and i == 0 and self._old_numbering(found):
                    # an older writer numbered it as if the Guest moved first: read on
                    first, expected = 0, found
                if found != expected:
                    raise IllegalMove(msg(
                        "ply {ply}: expected {expected}. but found {found}. in {text}",
                        ply=len(self.history) + 1, expected=expected, found=found,
                        text=quote(ply.strip()),
                    ))
            action = parse_wiki_action(body)
            if action.kind == RESIGN and i != len(plies) - 1:
                raise IllegalMove(msg("ply {ply}: moves after a resignation",
                                      ply=len(self.history) + 1))
            self.apply(action)

    def _old_numbering(self, found: str) -> bool:
        """True when the first ply of a record played from a set-up position with the
        Host to move is numbered as an older writer did (``1G``): the page's saves of
        such games keep reading."""
        return (
            self.custom_start and self.first_ply == 1 and not self.history
            and found == self.ply_prefix(0, 0)
        )

    # ------------------------------------------------------------------ set-up positions
    @classmethod
    def setup(
        cls,
        tiles: dict[str, str],
        to_move: str = "guest",
        unmoved: Iterable[str] = (),
        turns: int = 4,
        reserves: dict[str, dict[str, int]] | None = None,
    ) -> WikiGame:
        """A main-phase position for rule demos and tests, e.g. ``{"(0,3)": "HJa"}``.

        Tile text is the owner letter (``H``/``G``) and the tile code.  Every tile
        counts as moved except those on the ``unmoved`` points; both players have had
        ``turns`` turns; reserves are the full sets minus the tiles on the board, or,
        for a player named in ``reserves`` (``{"guest": {"Ja": 2}}``), exactly the tiles
        given there, every other tile of theirs having left the game (so it counts as
        captured for wiki R11).  A position that holds a chain of harmonies and
        disharmonies around the centre already plays on under the earlier R10
        (:attr:`earlier_end`).  Such a game has no history; its record numbers the
        plies played from it on from ``1G``, or ``1H`` with the Host to move, so every
        ply's letter names the player who made it (:mod:`paisho_core.starts` carries
        the position itself).
        """
        game = cls()
        on_board = [[0] * KINDS, [0] * KINDS]
        for text_point, text_tile in tiles.items():
            point = Point.parse(text_point).index
            owner = "HG".index(text_tile[0])
            kind = KIND_OF_CODE[text_tile[1:]]
            game.board[point] = cell(kind, owner)
            game.moved[point] = 1
            game.reserve[owner][kind] -= 1
            on_board[owner][kind] += 1
        for name, reserve in (reserves or {}).items():
            owner = PLAYERS.index(name)
            kept = [reserve.get(CODE[k], 0) for k in range(KINDS)]
            left = [FULL_SET[k] - on_board[owner][k] - kept[k] for k in range(KINDS)]
            if min(left) < 0 or min(kept) < 0 or set(reserve) - set(CODE):
                raise InvalidMove(f"set-up: {name}'s reserve {reserve!r} does not fit the set")
            game.reserve[owner] = kept
            game.captured[owner] = left
        for text_point in unmoved:
            game.moved[Point.parse(text_point).index] = 0
        game.player = PLAYERS.index(to_move)
        game.first_ply = 1 if game.player == HOST else 0
        game.turns = [turns, turns]
        game.custom_start = True
        game._refresh(1 - game.player)
        # a position that holds a chain already (R10) was set up under the earlier R10
        # (one player's harmony ring alone ended a game, and the set-up checker refuses
        # one): it plays on under that rule, so such a set-up keeps opening
        game.earlier_end = rules.chain_closed(game.harmony_list, game.disharmony_list)
        return game
