"""Set-up rules shared by the two-player variants whose tiles have owners (Skud, Wiki).

:class:`OwnedRules` implements :class:`~paisho_core.setup_model.SetupRules` from a
variant's tables: its players, tile codes and names, how many of each tile a player
owns, the points a tile may stand on and why not, plus hooks for what only that
variant checks and how it builds a game.  A variant's ``setups.py`` subclasses it.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .board import POINT_OF, POINTS, Point
from .errors import PaiShoError, quote
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

    # -- hooks -------------------------------------------------------------------------
    def limit(self, setup: Setup, kind: int) -> int:
        """How many tiles of ``kind`` one player owns (under ``setup.options``)."""
        raise NotImplementedError

    def default_count(self, setup: Setup, kind: int) -> int:
        """A player's default reserve of ``kind``, before the board's tiles are taken."""
        return self.limit(setup, kind)

    def stands(self, kind: int, owner: int, point: int) -> str | None:
        """``None`` if ``owner``'s ``kind`` may stand on grid index ``point``, else why
        not (the end of a sentence, citing the rule)."""
        raise NotImplementedError

    def more_problems(self, setup: Setup, reserves: tuple[dict[str, int], ...]) -> list[str]:
        """Problems only this variant has (the tiles, counts and reserves are sound)."""
        return []

    def make(self, setup: Setup) -> AnyGame:
        """The game of a sound set-up."""
        raise NotImplementedError

    def start_json(self, setup: Setup) -> dict[str, Any]:
        """The demo ``start`` of a sound set-up."""
        raise NotImplementedError

    # -- words -------------------------------------------------------------------------
    def label(self, kind: int, owner: int) -> str:
        """``Guest White Jade (WJ)``: a tile as messages name it."""
        return f"{self.players[owner].capitalize()} {self.names[kind]} ({self.codes[kind]})"

    def player(self, seat: int) -> str:
        """``the Host``."""
        return f"the {self.players[seat].capitalize()}"

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

    def problems(self, setup: Setup) -> list[str]:
        """Seats, mover, each tile (known, owned, where it may stand), the counts."""
        title = get_variant(self.variant).info.title
        out: list[str] = []
        if setup.seats != 2:
            out.append(f"{title} is for 2 players, not {setup.seats}")
        if setup.to_move not in (0, 1):
            out.append(
                f"the player to move must be the Host or the Guest, not seat {setup.to_move + 1}"
            )
        try:
            get_variant(self.variant)(setup.options)
        except PaiShoError as error:
            out.append(f"the options cannot be played: {error}")
            return out
        seen: set[Point] = set()
        board: Counter[tuple[int, int]] = Counter()
        kinds = {c: k for k, c in enumerate(self.codes)}
        for tile in setup.tiles:
            where = tile.point
            if where in seen:
                out.append(f"two tiles on {where}: a point holds one tile")
                continue
            seen.add(where)
            kind = kinds.get(tile.code)
            if kind is None:
                out.append(
                    f"unknown {title} tile {quote(tile.code)} at {where}"
                    f" (tiles: {', '.join(self.codes)})"
                )
                continue
            if tile.owner not in (0, 1):
                out.append(
                    f"the {self.names[kind]} at {where} has no owner: every {title} tile is"
                    " the Host's or the Guest's"
                )
                continue
            for flag in tile.flags:
                if flag not in self.flags:
                    allowed = ", ".join(sorted(self.flags)) or "none"
                    out.append(
                        f"the {self.label(kind, tile.owner)} at {where} has an unknown state"
                        f" {quote(flag)} (states: {allowed})"
                    )
            why = self.stands(kind, tile.owner, where.index)
            if why is not None:
                out.append(f"a {self.label(kind, tile.owner)} cannot stand at {where}: {why}")
            board[tile.owner, kind] += 1
        reserves = self._reserve_problems(setup, out)
        for owner in (0, 1):
            for kind in range(len(self.codes)):
                on, limit = board[owner, kind], self.limit(setup, kind)
                spare = reserves[owner].get(self.codes[kind], 0) if reserves else 0
                if on > limit:
                    out.append(
                        f"{on} {self.label(kind, owner)} on the board: at most {limit}"
                        f" ({self.tiles_rule})"
                    )
                elif on + spare > limit:
                    out.append(
                        f"{on} {self.label(kind, owner)} on the board and {spare} in the reserve:"
                        f" at most {limit} in all ({self.tiles_rule})"
                    )
        if out or reserves is None:
            return out
        return self.more_problems(setup, reserves)

    def _reserve_problems(self, setup: Setup, out: list[str]) -> tuple[dict[str, int], ...] | None:
        rows = self.reserves(setup)
        if len(rows) != 2:
            out.append(f"give a reserve for each of the 2 players, not {len(rows)}")
            return None
        result = []
        for owner, row in enumerate(rows):
            counts: dict[str, int] = {}
            for code, count in row:
                if code == HIDDEN or code not in self.codes:
                    out.append(
                        f"{self.player(owner)}'s reserve holds an unknown tile {quote(code)}"
                    )
                elif not isinstance(count, int) or count < 0:
                    out.append(
                        f"{self.player(owner)}'s reserve holds {quote(count)} {code}:"
                        " a count is a whole number, 0 or more"
                    )
                else:
                    counts[code] = counts.get(code, 0) + count
            result.append(counts)
        return tuple(result)

    def build(self, setup: Setup) -> AnyGame:
        """The game of a sound set-up; a Harmony Ring already made is refused."""
        game = self.make(setup)
        rings = ring_problems(game, self.ring_rule)
        if rings:
            raise SetupError("; ".join(rings))
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
