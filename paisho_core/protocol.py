"""The one game protocol that every variant implements.

In the spirit of OpenSpiel and python-chess: a mutable game state with the player to
move, the legal actions, ``apply``, the outcome, ``copy`` and a text form of actions
and of whole games.  A *turn* may be made of several actions (Skud's Harmony Bonus,
Ancient's place-then-move): the same player simply stays to move.  Everything random
comes from ``seed``, which is part of a game's identity together with its variant
name and options.

The UI, the link codec, the computer opponent and the test harness only use this
module, so each works for every variant in :mod:`paisho_core.registry`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar, Generic, TypeVar

from .board import Point
from .errors import IllegalMove, InvalidMove, quote
from .messages import Message, msg, msgn, text

A = TypeVar("A", bound=Hashable)
G = TypeVar("G", bound="Game")  # type: ignore[type-arg]


class Reason(StrEnum):
    """The outcome reasons any variant may give; a variant's own are an enum of its spec
    module (``SkudEnd``…).  Each member is its id, a string (links, saves and JSON carry
    the id as it is)."""

    RESIGN = "resign"
    """A player resigned (:meth:`Game.resign`)."""
    HARMONY_RING = "harmony-ring"
    """A Harmony Ring (:mod:`paisho_core.rings`) ended the game."""


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    ``winners`` holds player indices: one winner, several (a shared win, i.e. a draw
    between them), or none (a solitaire, or nobody).  ``reason`` is a stable id, a
    member of :class:`Reason` or of the variant's own reasons (``harmony-ring``,
    ``no-basic-flowers``, ``resign``, ``no-move``, …) that code compares; a player reads
    its words (:func:`paisho_core.end_reasons.reason_message`).  ``score`` is set by
    variants that score a game (Balance).
    """

    winners: tuple[int, ...]
    reason: str
    score: int | None = None
    result: str | None = None

    def is_draw(self, players: int) -> bool:
        """Tell whether nobody won alone (for games of two or more players)."""
        return players > 1 and len(self.winners) != 1


@dataclass(frozen=True)
class TileView:
    """One tile on the board as the UI and the CLI see it."""

    point: Point
    code: str
    """Tile code: ``R3`` … ``W5``, ``L`` Lotus, ``O`` Orchid, ``R``/``W``/``K``/``B`` accents
    (Skud); Balance uses its own letters."""
    owner: int | None
    """Index of the owning player, ``None`` where tiles have no owner (solitaire)."""
    flags: frozenset[str] = frozenset()
    """Extra states: ``growing``, ``drained``, ``trapped``."""


@dataclass(frozen=True)
class VariantInfo:
    """What the registry and the UI need to know about a variant before a game exists."""

    name: str
    title: str
    options: tuple[str, ...]
    """Names of the boolean options a game of this variant may have."""
    min_players: int
    max_players: int
    uses_seed: bool
    int_options: tuple[str, ...] = ()
    """Names of the whole-number options, given as ``name=value`` (Ancient's
    ``target=5``, ``hand=7``).  Like ``options``, only ever append new names."""


def seats_error(info: VariantInfo, players: object) -> InvalidMove | None:
    """The error for a game of ``info`` asked for ``players`` seats (``None``: the
    default number), or ``None`` when the variant is played by that many."""
    if players is None or (
        isinstance(players, int)
        and not isinstance(players, bool)
        and info.min_players <= players <= info.max_players
    ):
        return None
    low, high, asked = info.min_players, info.max_players, repr(players)
    if low == high == 1:
        return InvalidMove(msg("{variant} is played by 1 player (a solitaire), not {asked}",
                               variant=info.title, asked=asked))
    if low == high:
        return InvalidMove(msgn("{variant} is played by {count} player, not {asked}",
                                "{variant} is played by {count} players, not {asked}",
                                low, variant=info.title, count=low, asked=asked))
    return InvalidMove(msg("{variant} is played by {low} to {high} players, not {asked}",
                           variant=info.title, low=low, high=high, asked=asked))


class Game(ABC, Generic[A]):
    """A game in progress of one variant; mutable, ``copy()`` for a snapshot."""

    info: ClassVar[VariantInfo]
    set_up: str = ""
    """The set-up position this game started from, as canonical JSON text, or ``""``
    for the variant's own start (:mod:`paisho_core.starts`); kept by :meth:`copy`."""

    def __init__(
        self, options: Iterable[str] = (), seed: int | None = None, players: int | None = None
    ) -> None:
        """Check the options against :attr:`info` and ``players`` (the number of seats,
        ``None`` for the variant's default) against ``info.min_players`` …
        ``info.max_players``; raise :class:`InvalidMove` naming what is wrong."""
        error = seats_error(self.info, players)
        if error is not None:
            raise error
        opts = frozenset(options)
        flags = frozenset(o for o in opts if "=" not in o)
        unknown = sorted(flags - set(self.info.options))
        values: dict[str, int] = {}
        for item in sorted(opts - flags):
            name, _, value = (part.strip() for part in item.partition("="))
            if name not in self.info.int_options:
                unknown.append(item)
            elif not value.isdigit() or len(value) > 6:
                raise InvalidMove(msg(
                    "option {item}: {name} takes a whole number, e.g. {name}=5",
                    item=quote(item), name=name,
                ))
            elif name in values and values[name] != int(value):
                raise InvalidMove(msg(
                    "option {name} given twice: {item}",
                    name=name, item=quote(item),
                ))
            else:
                values[name] = int(value)
        if unknown:
            known = [*self.info.options, *(f"{n}=N" for n in self.info.int_options)]
            raise InvalidMove(msg(
                "unknown option(s) for {variant}: {options} (known: {known})",
                variant=self.info.name, options=quote(", ".join(unknown)),
                known=", ".join(known) or "none",
            ))
        self.options: frozenset[str] = flags | {f"{n}={v}" for n, v in values.items()}
        self.seed: int | None = seed if self.info.uses_seed else None
        if self.info.uses_seed and seed is None:
            raise InvalidMove(msg("{variant} needs a seed", variant=self.info.name))
        self.history: list[A] = []
        self.resigned: int | None = None

    def option_value(self, name: str) -> int | None:
        """The value of a whole-number option (``target=5`` → 5), ``None`` if not set."""
        prefix = name + "="
        for item in self.options:
            if item.startswith(prefix):
                return int(item[len(prefix) :])
        return None

    # -- who plays -------------------------------------------------------------------
    @property
    @abstractmethod
    def players(self) -> tuple[str, ...]:
        """Names of the players in seat order (e.g. ``("host", "guest")``)."""

    @property
    @abstractmethod
    def to_move(self) -> int | None:
        """Index of the player to act, or ``None`` once the game is over."""

    # -- actions --------------------------------------------------------------------
    @abstractmethod
    def legal_actions(self) -> list[A]:
        """Every legal action of the player to move, in a deterministic order."""

    @abstractmethod
    def apply(self, action: A) -> None:
        """Play ``action``; raise :class:`IllegalMove` (naming it) if it is not legal."""

    def apply_checked(self, action: A) -> None:
        """Play ``action`` that the caller has already found legal here (a link reader
        that checked the one action it read), sparing the engine its own check where a
        variant can.  This default is :meth:`apply`; an action that is not legal is a
        bug of the caller (a variant's override may then raise or not)."""
        self.apply(action)

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The outcome, or ``None`` while the game runs."""

    @abstractmethod
    def copy(self: G) -> G:
        """An independent copy of this game."""

    @abstractmethod
    def state_key(self) -> Hashable:
        """A hashable value equal for two games exactly when their positions are equal."""

    # -- search: apply and take back -----------------------------------------------------
    def push(self, action: A) -> None:
        """Apply ``action`` so that :meth:`pop` can take it back (for a search).

        ``action`` must be legal (as in :meth:`apply`, which raises otherwise).  This
        default keeps a :meth:`copy` of the position; variants override it with a
        cheaper incremental record.  A :meth:`copy` starts with nothing to pop.
        """
        saved = self.copy()
        self.apply(action)
        self._undo_stack().append(saved)

    def pop(self) -> None:
        """Take back the last :meth:`push` (raise :class:`IllegalMove` if there is none)."""
        stack = self._undo_stack()
        if not stack:
            raise IllegalMove(msg("nothing to take back: pop() needs an earlier push()"))
        saved = stack.pop()
        self.__dict__.clear()
        self.__dict__.update(saved.__dict__)
        self.__dict__["_undo"] = (id(self), stack)

    def _undo_stack(self) -> list[Game[A]]:
        """This game's own undo records (a copy, sharing ``__dict__`` values, gets new ones)."""
        record = self.__dict__.get("_undo")
        if record is None or record[0] != id(self):
            record = (id(self), [])
            self.__dict__["_undo"] = record
        stack: list[Game[A]] = record[1]
        return stack

    # -- text ---------------------------------------------------------------------------
    @abstractmethod
    def format_action(self, action: A) -> str:
        """Text of one action (without ply numbers)."""

    @abstractmethod
    def parse_action(self, text: str) -> A:
        """Parse one action's text; raise :class:`InvalidMove` naming the text if malformed."""

    @abstractmethod
    def to_text(self) -> str:
        """The whole game so far in the variant's notation."""

    @classmethod
    @abstractmethod
    def from_text(
        cls: type[G], text: str, options: Iterable[str] = (), seed: int | None = None
    ) -> G:
        """Replay a game from its notation, checking every move."""

    def play_text(self, text: str) -> None:
        """Play a game text as :meth:`to_text` writes it onto this position, every ply
        checked (how a game that starts from a set-up replays, :mod:`paisho_core.starts`).
        By default each ``;``-separated ply is :meth:`play`-ed."""
        for ply in text.split(";"):
            if ply.strip():
                self.play(ply.strip())

    @classmethod
    def from_text_lenient(
        cls: type[G], text: str, options: Iterable[str] = (), seed: int | None = None
    ) -> tuple[G, list[str]]:
        """Replay a record written by another program, as that program reads it.

        Returns the game and what was set aside, one line per ply (e.g. ``"ply 35 (17G):
        bonus +W3(-8,0) ignored — this move formed no new harmony"``).  Only what the
        community's own engine accepts and then ignores is set aside; anything else
        raises as :meth:`from_text` does.  By default this is :meth:`from_text`.
        """
        return cls.from_text(text, options, seed), []

    @classmethod
    def replay_text(
        cls: type[G],
        text: str,
        options: Iterable[str] = (),
        seed: int | None = None,
        players: int | None = None,
    ) -> G:
        """:meth:`from_text` for a number of players (``None``: the variant's default).

        Variants with a choice of seats (Ancient) override this; the others accept only
        their own number.
        """
        info = cls.info
        error = seats_error(info, players)
        if error is None and players is not None and info.min_players != info.max_players:
            error = InvalidMove(f"{info.name}: replay_text does not take a number of players")
        if error is not None:
            raise error
        return cls.from_text(text, options, seed)

    def describe_action(self, action: A, coordinates: bool = False) -> Message:
        """``action`` in words for the player who makes it (e.g. "move your Rose from
        (0,-8) to (0,-5)"), naming points only when ``coordinates`` are shown (a page
        marks them on the board otherwise).  This default is the action's notation."""
        return text(self.format_action(action))

    def click_refusal(self, clicks: tuple[str, ...], token: str) -> Message | None:
        """Why the click ``token`` after ``clicks`` (tokens, :mod:`.tokens`) makes or
        starts no legal action, from the rules: the tile, the point, the cause and the
        rule.  ``None`` (this default) leaves the page to word it."""
        return None

    def format_entry(self, action: A) -> str:
        """An action as a game record writes it now (``format_action`` unless a variant
        prefixes entries, as Ancient does with ``3.P2:``)."""
        return self.format_action(action)

    # -- what the UI, the CLI and the renderer read ------------------------------------
    @abstractmethod
    def board_tiles(self) -> list[TileView]:
        """Every tile on the board, in point order (see :data:`board.POINTS`)."""

    def harmony_lines(self) -> list[tuple[Point, Point, int]]:
        """The harmonies on the board as ``(a, b, owner)`` (none by default)."""
        return []

    def ending_links(self) -> list[tuple[Point, Point]]:
        """The links among which a closed ring ended the game, where the variant ends a game
        on a ring of something other than one player's harmonies (Wiki's chain of
        harmonies and disharmonies); none by default (a Harmony Ring is found among the
        winners' :meth:`harmony_lines`)."""
        return []

    def reserves(self, viewer: int | None = None) -> list[dict[str, int]]:
        """For each player, the tile codes in reserve (hand) and how many of each.

        ``viewer`` is the player looking (``None``: an onlooker who sees everything,
        e.g. hot-seat play or a replay).  Variants with hidden hands (Ancient) report
        the tiles hidden from ``viewer`` under the code ``"?"``; a draw pile, where a
        variant has one, is part of the position and never shown.
        """
        return [{} for _ in self.players]

    @abstractmethod
    def action_clicks(self, action: A) -> tuple[str, ...]:
        """The clicks that make ``action`` in a page, as tokens.

        Tokens: ``point:(x,y)`` a board point, ``reserve:<code>`` a tile of the
        mover's reserve, ``accents:<text>`` the accent chooser, ``skip`` the skip
        button.  The UI state machine (:mod:`paisho_page.play.ui`) matches the clicks
        made so far against these sequences, so it works for every variant.
        """

    def action_click_paths(self, action: A) -> tuple[tuple[str, ...], ...]:
        """Every click path a page accepts for ``action``: :meth:`action_clicks` first
        (the one the page records and replays), then any other order the variant also
        takes (none by default).  No path may make two different actions."""
        return (tuple(self.action_clicks(action)),)

    def extra_json(self) -> dict[str, object]:
        """Variant-specific fields added to the CLI's ``replay`` JSON."""
        return {}

    @property
    def plies(self) -> int:
        """Number of plies (turns, in the variant's notation) played so far."""
        return len(self.history)

    # -- helpers every variant gets -----------------------------------------------------
    @property
    def is_over(self) -> bool:
        """True once the game has an outcome."""
        return self.outcome() is not None

    def read_past_end(self) -> bool:
        """A record being read goes on after this game ended: may the game read on?

        A variant whose rules came to end some games sooner than they used to reads
        such a record under its earlier rule, so that every record made before keeps
        replaying (Wiki's R10); it reopens the game and returns ``True``.  By default a
        game never reads past its end."""
        return False

    def is_legal(self, action: A) -> bool:
        """Tell whether ``action`` is legal now."""
        return self.to_move is not None and action in self.legal_actions()

    def play(self, text: str) -> A:
        """Parse one action and apply it; return the action."""
        action = self.parse_action(text)
        self.apply(action)
        return action

    def resign(self, player: int | None = None) -> None:
        """The given player (default: the one to move) resigns; the game ends."""
        if self.to_move is None:
            raise IllegalMove(msg("the game is already over"))
        who = self.to_move if player is None else player
        if not 0 <= who < len(self.players):
            raise IllegalMove(msg("no player {who} to resign", who=who))
        self.resigned = who

    def _resign_outcome(self) -> Outcome | None:
        if self.resigned is None:
            return None
        winners = tuple(i for i in range(len(self.players)) if i != self.resigned)
        return Outcome(winners, Reason.RESIGN)

    @classmethod
    def from_actions(
        cls: type[G], actions: Sequence[A], options: Iterable[str] = (), seed: int | None = None
    ) -> G:
        """A new game with ``actions`` applied in order."""
        game = cls(options, seed)
        for action in actions:
            game.apply(action)
        return game
