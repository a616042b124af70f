"""Wiki Pai Sho set-ups for the board editor (:mod:`paisho_core.setups`), read off the
rules' tables: the tile set (``wiki-tiles``), entry points and Gates (``wiki-r3``,
``wiki-r4``), the never-moved rule (``wiki-r8``: the ``unmoved`` state), three flowers
(``wiki-r11``) and the Harmony Ring (``wiki-r10``).

A set-up is a position of the game proper: both players have had four turns (so the
Dragon may enter), and the mirrored opening is over.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from .. import setup_fields as read
from ..board import IS_GATE
from ..errors import quote
from ..messages import Message, msg
from ..protocol import Game
from ..setup_model import Placed, Setup, SetupError
from ..setup_owned import OwnedRules
from . import moves
from .game import WikiGame
from .tiles import CODE, FLOWER_KINDS, FULL_SET, NAME, PLAYERS, RED_KINDS, WHITE_KINDS

UNMOVED = "unmoved"
"""A tile's state: it has not moved since it entered (it forms no harmony, wiki R8)."""
_FLOWER_CODES = frozenset(CODE[k] for k in WHITE_KINDS + RED_KINDS)


class WikiSetups(OwnedRules):
    """What a Wiki position may hold (see the module docstring)."""

    variant = "wiki"
    players = PLAYERS
    codes = CODE
    names = NAME
    flags = frozenset({UNMOVED})
    tiles_rule = "wiki-tiles"
    ring_rule = "wiki-r10"
    takes_options = False
    extra_fields = ("unmoved",)

    def limit(self, setup: Setup, kind: int) -> int:
        """A player's tiles of ``kind`` (the full set)."""
        return FULL_SET[kind]

    def stands(self, kind: int, owner: int, point: int) -> Message | None:
        """On a Gate only a flower that entered there (and has not moved since)."""
        if IS_GATE[point] and not (
            kind in FLOWER_KINDS and point in moves.FLOWER_ENTRY[kind][owner]
        ):
            return msg(
                "only a flower that has just entered on it stands on a Gate, and no tile"
                " ends a move there (wiki-r3, wiki-r4)"
            )
        return None

    def of_game(self, game: Game[Any]) -> Setup:
        """The game's position; tiles that have not moved get the ``unmoved`` state."""
        setup = super().of_game(game)
        moved = {t.point for t in game.board_tiles() if "moved" in t.flags}
        tiles = tuple(
            Placed(t.point, t.code, t.owner, () if t.point in moved else (UNMOVED,))
            for t in setup.tiles
        )
        return Setup(self.variant, tiles, setup.to_move, 2, setup.reserves)

    def more_fields(self, raw: Mapping[str, Any], tiles: list[Placed]) -> list[Placed]:
        """The tiles on the points of ``unmoved`` get the ``unmoved`` state."""
        at = {t.point: i for i, t in enumerate(tiles)}
        for where in read.texts(raw, "unmoved"):
            point = read.point(where)
            if point not in at:
                raise SetupError(msg("the set-up position names {point} as unmoved, but no"
                                     " tile stands there", point=str(point)))
            tiles[at[point]] = replace(tiles[at[point]], flags=(UNMOVED,))
        return tiles

    def more_problems(
        self, setup: Setup, reserves: tuple[dict[str, int], ...]
    ) -> list[Message]:
        """Options (none apply after the opening) and three flowers or fewer."""
        out = []
        if setup.options:
            out.append(msg(
                "a Wiki set-up is a position after the opening: the option {option} does"
                " not apply",
                option=quote(setup.options[0]),
            ))
        for owner in (0, 1):
            flowers = sum(
                1 for t in setup.tiles if t.owner == owner and t.code in _FLOWER_CODES
            ) + sum(n for c, n in reserves[owner].items() if c in _FLOWER_CODES)
            if flowers <= 3:
                out.append(msg(
                    "the {player} has {count} White and Red flowers on the board and in the"
                    " reserve: three or fewer lose, the game would be over (wiki-r11)",
                    player=self.player(owner), count=flowers,
                ))
        return out

    def _unmoved(self, setup: Setup) -> list[str]:
        return [str(t.point) for t in setup.tiles if UNMOVED in t.flags or IS_GATE[t.point.index]]

    def make(self, setup: Setup) -> WikiGame:
        """:meth:`WikiGame.setup` of the tiles, the mover, the unmoved tiles, the reserves."""
        return WikiGame.setup(
            self.tile_texts(setup),
            PLAYERS[setup.to_move],
            unmoved=self._unmoved(setup),
            reserves=self.reserve_json(setup),
        )

    def start_json(self, setup: Setup) -> dict[str, Any]:
        """``{"setup": {"tiles": …, "to_move": …, "unmoved": …, "reserves": …}}``."""
        args: dict[str, Any] = {"tiles": self.tile_texts(setup), "to_move": PLAYERS[setup.to_move]}
        unmoved = self._unmoved(setup)
        if unmoved:
            args["unmoved"] = unmoved
        reserves = self.reserve_json(setup)
        if reserves is not None:
            args["reserves"] = reserves
        return {"setup": args}


RULES = WikiSetups()
"""Wiki's set-up rules (found by :func:`paisho_core.registry.setup_rules`)."""
