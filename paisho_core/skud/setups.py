"""Skud Pai Sho set-ups for the board editor (:mod:`paisho_core.setups`), read off the
rules' tables: the tile set (``skud-tiles``), accent tiles (``skud-accents``), Gates and
gardens (``skud-gardens``), clashes (``skud-r3``), the end by tiles (``skud-r10``) and
the Harmony Ring (``skud-r8``).

A set-up is a main-phase position (as :meth:`SkudGame.setup` makes): the accent tiles are
those set in the reserves (none by default), and a Harmony Bonus pending in the game a
set-up was taken from is not kept (the player to move starts a new turn)."""

from __future__ import annotations

from typing import Any

from ..board import CELLS, IS_GATE, POINT_OF
from ..messages import Message, msg
from ..setup_model import Setup
from ..setup_owned import OwnedRules
from .game import SkudGame
from .position import FORBIDDEN
from .rules import EAST, NORTH, facing
from .tiles import (
    ACCENT_KINDS,
    BASIC_KINDS,
    CLASHES,
    CODE,
    FULL_SET,
    IS_WHITE_FLOWER,
    KIND_OF,
    NAME,
    OWNER_OF,
    PLAYERS,
    ROCK,
    cell,
)


class SkudSetups(OwnedRules):
    """What a Skud position may hold (see the module docstring)."""

    variant = "skud"
    players = PLAYERS
    codes = CODE
    names = NAME
    tiles_rule = "skud-tiles"
    ring_rule = "skud-r8"
    turn_rule = "skud-turn"
    states_rule = "skud-tiles"

    def limit(self, setup: Setup, kind: int) -> int:
        """A player's tiles of ``kind``; accent tiles as the options give them."""
        if kind in ACCENT_KINDS:
            return SkudGame(setup.options).accent_pool[kind - ROCK]
        return FULL_SET[kind]

    def default_count(self, setup: Setup, kind: int) -> int:
        """Flowers as owned; no accent tile (set them in the reserve, as chosen)."""
        return 0 if kind in ACCENT_KINDS else FULL_SET[kind]

    def stands(self, kind: int, owner: int, point: int) -> Message | None:
        """Accent tiles never on a Gate; no basic flower wholly inside the other colour's
        garden (``skud-gardens``)."""
        if kind in ACCENT_KINDS and IS_GATE[point]:
            return msg("accent tiles never go on a Gate ({rule})", rule="skud-gardens")
        if FORBIDDEN[cell(kind, owner)][point]:
            if IS_WHITE_FLOWER[cell(kind, owner)]:
                return msg(
                    "a white flower never stands wholly inside a red garden ({rule})",
                    rule="skud-gardens",
                )
            return msg(
                "a red flower never stands wholly inside a white garden ({rule})",
                rule="skud-gardens",
            )
        return None

    def more_problems(
        self, setup: Setup, reserves: tuple[dict[str, int], ...]
    ) -> list[Message]:
        """Accent tiles chosen, clashes on the board, a player without basic flowers."""
        out = []
        pick = SkudGame(setup.options).accent_pick
        accents = {CODE[k] for k in ACCENT_KINDS}
        for owner in (0, 1):
            total = sum(1 for t in setup.tiles if t.owner == owner and t.code in accents)
            total += sum(n for c, n in reserves[owner].items() if c in accents)
            if total > pick:
                out.append(msg(
                    "{count} accent tiles of the {player} on the board and in the reserve:"
                    " each player chooses {pick} (skud-accents)",
                    count=total, player=self.player(owner), pick=pick,
                ))
        board = [0] * CELLS
        for tile in setup.tiles:
            board[tile.point.index] = cell(CODE.index(tile.code), tile.owner or 0)
        for tile in setup.tiles:
            p = tile.point.index
            v = board[p]
            if KIND_OF[v] not in BASIC_KINDS or IS_GATE[p]:
                continue
            for direction in (EAST, NORTH):
                q = facing(board, p, direction)
                if q >= 0 and CLASHES[v][board[q]]:
                    out.append(msg(
                        "the {tile} at {point} and the {other} at {other_point} face each"
                        " other and clash: no action may leave a clash on the board (skud-r3)",
                        tile=self.label(KIND_OF[v], OWNER_OF[v]), point=str(tile.point),
                        other=self.label(KIND_OF[board[q]], OWNER_OF[board[q]]),
                        other_point=str(POINT_OF[q]),
                    ))
        for owner in (0, 1):
            if not any(reserves[owner].get(CODE[k], 0) for k in BASIC_KINDS):
                out.append(msg(
                    "the {player} has no basic flower left in the reserve: the game would be"
                    " over (skud-r10)",
                    player=self.player(owner),
                ))
        return out

    def make(self, setup: Setup) -> SkudGame:
        """:meth:`SkudGame.setup` of the tiles, the mover and the reserves."""
        return SkudGame.setup(
            self.tile_texts(setup),
            PLAYERS[setup.to_move],
            self.reserve_json(setup),
            setup.options,
        )

    def start_json(self, setup: Setup) -> dict[str, Any]:
        """``{"setup": {"tiles": …, "to_move": …, "reserves": …}}`` (reserves if set)."""
        args: dict[str, Any] = {"tiles": self.tile_texts(setup), "to_move": PLAYERS[setup.to_move]}
        reserves = self.reserve_json(setup)
        if reserves is not None:
            args["reserves"] = reserves
        return {"setup": args}


RULES = SkudSetups()
"""Skud's set-up rules (found by :func:`paisho_core.registry.setup_rules`)."""
