"""Set-up rules shared by the two-player variants whose tiles have owners (Skud, Wiki).

:class:`OwnedRules` implements :class:`~paisho_core.setup_model.SetupRules` from a
variant's tables: its players, tile codes and names, how many of each tile a player
owns, the points a tile may stand on and why not, plus hooks for what only that
variant checks and how it builds a game.  A variant's ``setups.py`` subclasses it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from . import setup_fields as read
from .board import POINT_OF, POINTS, Point
from .errors import PaiShoError, quote
from .messages import Message, msg, term
from .registry import get_variant
from .setup_model import (
    HIDDEN,
    AnyGame,
    PaletteTile,
    Placed,
    Reserve,
    ReserveTerms,
    Setup,
    SetupError,
    cannot_stand,
    joined,
    ring_problems,
)


class OwnedRules:
    """Set-up rules for two players who own their tiles (override the hooks)."""

    variant = ""
    players: tuple[str, ...] = ("host", "guest")
    codes: tuple[str, ...] = ()
    names: tuple[str, ...] = ()
    flags: frozenset[str] = frozenset()
    """The tile states a set-up may give (``Placed.flags``)."""
    tiles_rule = ""
    """The anchor of the rules' tile list (cited when a count is exceeded)."""
    ring_rule = ""
    """The anchor of the Harmony Ring rule (a ring already on the board is refused)."""
    terms = ReserveTerms()
    """Each player's reserve; no pile."""
    takes_options = True
    """Whether a set-up keeps the game's options (a link's, a demo's)."""
    extra_fields: tuple[str, ...] = ()
    """The fields of a start's ``setup`` besides ``tiles``, ``to_move`` and ``reserves``."""

    # -- hooks -------------------------------------------------------------------------
    def limit(self, setup: Setup, kind: int) -> int:
        """How many tiles of ``kind`` one player owns (under ``setup.options``)."""
        raise NotImplementedError

    def default_count(self, setup: Setup, kind: int) -> int:
        """A player's default reserve of ``kind``, before the board's tiles are taken."""
        return self.limit(setup, kind)

    def stands(self, kind: int, owner: int, point: int) -> Message | None:
        """``None`` if ``owner``'s ``kind`` may stand on grid index ``point``, else why
        not (the end of a sentence, citing the rule)."""
        raise NotImplementedError

    def more_problems(
        self, setup: Setup, reserves: tuple[dict[str, int], ...]
    ) -> list[Message]:
        """Problems only this variant has (the tiles, counts and reserves are sound)."""
        return []

    def make(self, setup: Setup) -> AnyGame:
        """The game of a sound set-up."""
        raise NotImplementedError

    def start_json(self, setup: Setup) -> dict[str, Any]:
        """The demo ``start`` of a sound set-up."""
        raise NotImplementedError

    def more_fields(self, raw: Mapping[str, Any], tiles: list[Placed]) -> list[Placed]:
        """The tiles read from a start's ``setup`` with what only this variant's fields
        add (their states); the fields are in :attr:`extra_fields`."""
        return tiles

    # -- words -------------------------------------------------------------------------
    def label(self, kind: int, owner: int) -> Message:
        """``Guest White Jade (WJ)``: a tile as messages name it (owner and tile as
        terms, the code as it is)."""
        return msg("{player} {tile} ({code})", player=self.player(owner),
                   tile=self.tile(kind), code=self.codes[kind])

    def player(self, seat: int) -> Message:
        """``Host``: a player's name as messages use it (``the {player}`` in English)."""
        return term("player", self.players[seat].capitalize())

    def tile(self, kind: int) -> Message:
        """``White Jade``: a tile's name as messages use it."""
        return term("tile", self.names[kind])

    # -- SetupRules --------------------------------------------------------------------
    def palette(self, setup: Setup) -> tuple[PaletteTile, ...]:
        """Every tile of both players with its count and the points it may stand on."""
        out = []
        for owner in range(len(self.players)):
            for kind, code in enumerate(self.codes):
                points = frozenset(
                    POINT_OF[p] for p in POINTS if self.stands(kind, owner, p) is None
                )
                out.append(
                    PaletteTile(code, owner, self.names[kind], self.limit(setup, kind), points)
                )
        return tuple(out)

    def empty(self, options: tuple[str, ...], seats: int | None) -> Setup:
        """An empty board, the first player of the game to move."""
        game = get_variant(self.variant)(options)
        return Setup(self.variant, to_move=game.to_move or 0, options=options)

    def standard(self, options: tuple[str, ...], seed: int | None, seats: int | None) -> Setup:
        """A new game's position."""
        return self.of_game(get_variant(self.variant)(options))

    def of_game(self, game: AnyGame) -> Setup:
        """The tiles, the player to move and the reserves of ``game``."""
        tiles = tuple(
            Placed(t.point, t.code, t.owner, tuple(sorted(t.flags & self.flags)))
            for t in game.board_tiles()
        )
        to_move = game.to_move
        if to_move is None:
            to_move = len(game.history) % 2
        reserves = tuple(tuple((c, n) for c, n in r.items() if n) for r in game.reserves(to_move))
        options = tuple(sorted(game.options))
        return Setup(self.variant, tiles, to_move, 2, reserves, None, options)

    def reserves(self, setup: Setup) -> tuple[Reserve, ...]:
        """The reserves set, or each player's tiles not on the board."""
        if setup.reserves is not None:
            return setup.reserves
        on_board = Counter((t.owner, t.code) for t in setup.tiles)
        out = []
        for owner in range(len(self.players)):
            row = []
            for kind, code in enumerate(self.codes):
                left = self.default_count(setup, kind) - on_board[owner, code]
                if left > 0:
                    row.append((code, left))
            out.append(tuple(row))
        return tuple(out)

    def reserve_codes(self, setup: Setup, seat: int) -> tuple[str, ...]:
        """Every tile of the set, for either player."""
        return self.codes if 0 <= seat < len(self.players) else ()

    def shown_pile(self, setup: Setup) -> tuple[str, ...] | None:
        """No pile: the tiles are the players' own."""
        return None

    def from_start(self, start: Mapping[str, Any], options: tuple[str, ...]) -> Setup:
        """The set-up of ``{"setup": {"tiles", "to_move", "reserves", …}}`` (the keyword
        arguments of the variant's ``setup``): a reserve not given is the default one."""
        title = get_variant(self.variant).info.title
        raw = read.fields(read.part(start, "setup", title),
                          ("tiles", "to_move", "reserves", *self.extra_fields))
        tiles = []
        for where, text in read.text_map(raw, "tiles").items():
            point = read.point(where)
            owner = "HG".find(text[:1])
            if owner < 0 or len(text) < 2:
                raise SetupError(msg(
                    "the tile {text} at {point} must be its owner's letter (H or G) and its"
                    " code",
                    text=quote(text), point=str(point),
                ))
            tiles.append(Placed(point, text[1:], owner))
        tiles = self.more_fields(raw, tiles)
        to_move = read.choice(raw, "to_move", self.players, "guest")
        kept = tuple(sorted(options)) if self.takes_options else ()
        setup = Setup(self.variant, tuple(sorted(tiles, key=lambda t: (-t.point.y, t.point.x))),
                      to_move, len(self.players), None, None, kept)
        given = read.mapping(raw, "reserves")
        if given is None:
            return setup
        rows = list(self.reserves(setup))
        for name in given:
            if name not in self.players:
                raise SetupError(msg("the set-up position's {field} must be one of {choices},"
                                     " not {value}",
                                     field=repr("reserves"), choices=", ".join(self.players),
                                     value=quote(name)))
            rows[self.players.index(name)] = read.counts(given, name)
        return replace(setup, reserves=tuple(rows))

    def problems(self, setup: Setup) -> list[Message]:
        """Seats, mover, each tile (known, owned, where it may stand), the counts."""
        title = Message(get_variant(self.variant).info.title)  # in the page's catalog
        out: list[Message] = []
        if setup.seats != 2:
            out.append(msg("{variant} is for 2 players, not {seats}", variant=title,
                           seats=setup.seats))
        if setup.to_move not in (0, 1):
            out.append(msg(
                "the player to move must be the Host or the Guest, not seat {seat}",
                seat=setup.to_move + 1,
            ))
        try:
            get_variant(self.variant)(setup.options)
        except PaiShoError as error:
            out.append(msg("the options cannot be played: {reason}", reason=error.message))
            return out
        seen: set[Point] = set()
        board: Counter[tuple[int, int]] = Counter()
        kinds = {c: k for k, c in enumerate(self.codes)}
        for tile in setup.tiles:
            where = str(tile.point)
            if tile.point in seen:
                out.append(msg("two tiles on {point}: a point holds one tile", point=where))
                continue
            seen.add(tile.point)
            kind = kinds.get(tile.code)
            if kind is None:
                out.append(msg(
                    "unknown {variant} tile {code} at {point} (tiles: {codes})",
                    variant=title, code=quote(tile.code), point=where,
                    codes=", ".join(self.codes),
                ))
                continue
            if tile.owner not in (0, 1):
                out.append(msg(
                    "the {tile} at {point} has no owner: every {variant} tile is the Host's"
                    " or the Guest's",
                    tile=self.tile(kind), point=where, variant=title,
                ))
                continue
            for flag in tile.flags:
                if flag not in self.flags:
                    out.append(self._unknown_state(kind, tile.owner, where, flag))
            why = self.stands(kind, tile.owner, tile.point.index)
            if why is not None:
                out.append(cannot_stand(self.players[tile.owner].capitalize(),
                                        self.label(kind, tile.owner),
                                        tile.point, why))
            board[tile.owner, kind] += 1
        reserves = self._reserve_problems(setup, out)
        for owner in (0, 1):
            for kind in range(len(self.codes)):
                on, limit = board[owner, kind], self.limit(setup, kind)
                spare = reserves[owner].get(self.codes[kind], 0) if reserves else 0
                if on > limit:
                    out.append(msg(
                        "{count} {tile} on the board: at most {limit} ({rule})",
                        count=on, tile=self.label(kind, owner), limit=limit,
                        rule=self.tiles_rule,
                    ))
                elif on + spare > limit:
                    out.append(msg(
                        "{count} {tile} on the board and {spare} in the reserve: at most"
                        " {limit} in all ({rule})",
                        count=on, tile=self.label(kind, owner), spare=spare, limit=limit,
                        rule=self.tiles_rule,
                    ))
        if out or reserves is None:
            return out
        return self.more_problems(setup, reserves)

    def _unknown_state(self, kind: int, owner: int, where: str, flag: str) -> Message:
        """A tile given a state this variant does not know."""
        tile = self.label(kind, owner)
        if not self.flags:
            return msg("the {tile} at {point} has an unknown state {state} (states: none)",
                       tile=tile, point=where, state=quote(flag))
        return msg("the {tile} at {point} has an unknown state {state} (states: {states})",
                   tile=tile, point=where, state=quote(flag), states=", ".join(sorted(self.flags)))

    def _reserve_problems(
        self, setup: Setup, out: list[Message]
    ) -> tuple[dict[str, int], ...] | None:
        rows = self.reserves(setup)
        if len(rows) != 2:
            out.append(msg("give a reserve for each of the 2 players, not {count}",
                           count=len(rows)))
            return None
        result = []
        for owner, row in enumerate(rows):
            counts: dict[str, int] = {}
            for code, count in row:
                if code == HIDDEN or code not in self.codes:
                    out.append(msg("the {player}'s reserve holds an unknown tile {code}",
                                   player=self.player(owner), code=quote(code)))
                elif not isinstance(count, int) or count < 0:
                    out.append(msg(
                        "the {player}'s reserve holds {count} {code}: a count is a whole"
                        " number, 0 or more",
                        player=self.player(owner), count=quote(count), code=code,
                    ))
                else:
                    counts[code] = counts.get(code, 0) + count
            result.append(counts)
        return tuple(result)

    def build(self, setup: Setup) -> AnyGame:
        """The game of a sound set-up; a Harmony Ring already made is refused."""
        game = self.make(setup)
        rings = ring_problems(game, self.ring_rule)
        if rings:
            raise SetupError(joined(rings))
        return game

    def demo_start(self, setup: Setup) -> dict[str, Any]:
        """The demo's ``start`` (and ``options``, if any) of a sound set-up."""
        out: dict[str, Any] = {"start": self.start_json(setup)}
        if setup.options:
            out["options"] = list(setup.options)
        return out

    # -- for the subclasses ------------------------------------------------------------
    def tile_texts(self, setup: Setup) -> dict[str, str]:
        """``{"(x,y)": "HR3"}``: the tiles as the variants' ``setup`` methods take them."""
        return {str(t.point): "HG"[t.owner or 0] + t.code for t in setup.tiles}

    def reserve_json(self, setup: Setup) -> dict[str, dict[str, int]] | None:
        """The reserves set (``None``: the default), by player name."""
        if setup.reserves is None:
            return None
        return {self.players[s]: dict(r) for s, r in enumerate(setup.reserves)}
