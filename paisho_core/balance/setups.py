"""Balance Pai Sho set-ups for the board editor (:mod:`paisho_core.setups`), read off the
rules' tables: the bag (``balance-r1``), points connected to the Avatar (``balance-r2``)
and the zone and Gate limits (``balance-r3``).

What the game allows: tiles on the board (each on a point of the Avatar's row, column
or diagonals where its kind may go; nothing is ever between a tile and the Avatar when
it is placed, so any such board can be reached, placing the tiles farthest from the
Avatar first), and the bag's order from the drawn tile on (``Setup.pile``; by default
the bag of ``Setup.seed``, 0 if unset, less the tiles on the board).  The built game
is that bag with the board's tiles placed first (its history holds them), so a demo of
it starts from ``{"bag": …, "moves": …}``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from .. import setup_fields as read
from ..board import CENTRE, IS_GATE, POINT_OF, WHOLLY_RED, WHOLLY_WHITE
from ..errors import PaiShoError, quote
from ..messages import Message, msg, term
from ..protocol import Game
from ..setup_model import (
    PaletteTile,
    Placed,
    Reserve,
    ReserveTerms,
    Setup,
    SetupError,
    cannot_stand,
    ownerless_palette,
)
from .bag import bag_for_seed
from .game import BalanceGame
from .geometry import ALLOWED, POS_OF, RAY_OF
from .tiles import AVATAR, BAG_COUNTS, BAG_KINDS, CODES, DRAGON, KIND_OF_CODE, KOI, NAMES

_AVATAR_CODE = CODES[AVATAR]


def _stands(kind: int, point: int) -> Message | None:
    if kind == AVATAR:
        return None if point == CENTRE else msg("the Avatar stands at (0,0) and nowhere else")
    if RAY_OF[point] < 0:
        return msg("not on the row, column or a diagonal of the Avatar (balance-r2)")
    if ALLOWED[kind][point]:
        return None
    if IS_GATE[point]:
        return msg("only a Sky Bison may go on a Gate (balance-r3)")
    if kind == DRAGON and WHOLLY_WHITE[point]:
        return msg("a Dragon never goes wholly inside a White garden (balance-r3)")
    if kind == KOI and WHOLLY_RED[point]:
        return msg("a Koi never goes wholly inside a Red garden (balance-r3)")
    return msg("not a point it may go on (balance-r3)")


class BalanceSetups:
    """What a Balance position may hold (see the module docstring)."""

    terms = ReserveTerms(
        default="none", pile="bag", pile_default="the bag of the seed, less the board"
    )
    """No reserve; the bag to come is set in the editor."""

    def palette(self, setup: Setup) -> tuple[PaletteTile, ...]:
        """The bag's tile kinds (nobody's), with where each may stand."""
        return ownerless_palette(BAG_KINDS, CODES, NAMES, BAG_COUNTS, _stands)

    def empty(self, options: tuple[str, ...], seats: int | None) -> Setup:
        """The Avatar alone, the default bag."""
        return Setup(
            "balance", (Placed(POINT_OF[CENTRE], _AVATAR_CODE),), 0, 1, None, None, options
        )

    def standard(self, options: tuple[str, ...], seed: int | None, seats: int | None) -> Setup:
        """A new game of ``seed`` (0 if unset)."""
        return self.of_game(BalanceGame((), seed if seed is not None else 0))

    def of_game(self, game: Game[Any]) -> Setup:
        """The board; the bag is the game's seed's, less the board (as it is in the game
        of that seed; a game of a fixed bag keeps the seed's bag instead)."""
        tiles = tuple(Placed(t.point, t.code) for t in game.board_tiles())
        return Setup("balance", tiles, 0, 1, None, None, (), game.seed)

    def reserves(self, setup: Setup) -> tuple[Reserve, ...]:
        """One seat with no reserve: what is to come is the bag (``Setup.pile``)."""
        return setup.reserves if setup.reserves is not None else ((),)

    def pile(self, setup: Setup) -> list[str]:
        """The bag from the drawn tile on: the one set, or the seed's less the board."""
        if setup.pile is not None:
            return list(setup.pile)
        on_board = Counter(t.code for t in setup.tiles)
        out = []
        for kind in bag_for_seed(setup.seed or 0):
            if on_board[CODES[kind]]:
                on_board[CODES[kind]] -= 1
            else:
                out.append(CODES[kind])
        return out

    def reserve_codes(self, setup: Setup, seat: int) -> tuple[str, ...]:
        """None: what is to come is the bag."""
        return ()

    def shown_pile(self, setup: Setup) -> tuple[str, ...] | None:
        """The bag from the drawn tile on (:meth:`pile`)."""
        return tuple(self.pile(setup))

    def from_start(self, start: Mapping[str, Any], options: tuple[str, ...]) -> Setup:
        """The set-up of ``{"bag": "…"}`` (the bag, drawn tile first): the Avatar alone
        on the board, the bag as the pile."""
        bag = read.part(start, "bag", BalanceGame.info.title)
        if not isinstance(bag, str):
            raise SetupError(msg("the set-up position's {field} must be a text",
                                 field=repr("bag")))
        return Setup("balance", (Placed(POINT_OF[CENTRE], _AVATAR_CODE),), 0, 1, None,
                     tuple(bag), tuple(options))

    def problems(self, setup: Setup) -> list[Message]:
        """One seat; each tile where its kind may go; the counts; a bag to draw from."""
        out: list[Message] = []
        if setup.seats != 1 or setup.to_move != 0:
            out.append(msg("Balance Pai Sho is a solitaire: one seat, always to move"))
        if setup.options:
            out.append(msg("Balance Pai Sho has no options ({option})",
                           option=quote(setup.options[0])))
        if setup.reserves not in (None, ((),)):
            out.append(msg("Balance Pai Sho has no reserve: set the bag instead"))
        seen = set()
        used: Counter[int] = Counter()
        for tile in setup.tiles:
            kind = KIND_OF_CODE.get(tile.code)
            where = str(tile.point)
            if tile.point in seen:
                out.append(msg("two tiles on {point}: a point holds one tile", point=where))
            elif kind is None:
                out.append(msg(
                    "unknown Balance tile {code} at {point} (tiles: {codes})",
                    code=quote(tile.code), point=where, codes=", ".join(CODES[1:]),
                ))
            elif tile.owner is not None or tile.flags:
                out.append(msg("the {tile} at {point} belongs to nobody and has no state",
                               tile=term("tile", NAMES[kind]), point=where))
            else:
                why = _stands(kind, tile.point.index)
                if why is not None:
                    out.append(
                        cannot_stand(NAMES[kind], term("tile", NAMES[kind]), tile.point, why)
                    )
                used[kind] += 1
            seen.add(tile.point)
        avatar = setup.at(POINT_OF[CENTRE])
        if avatar is None or avatar.code != _AVATAR_CODE:
            out.append(msg("the Avatar must stand at (0,0)"))
        pile = self.pile(setup)
        for code in pile:
            kind = KIND_OF_CODE.get(code)
            if kind is None or kind == AVATAR:
                out.append(msg("the bag holds {code}, not a bag tile", code=quote(code)))
            else:
                used[kind] += 1
        for kind in BAG_KINDS:
            if used[kind] > BAG_COUNTS[kind]:
                out.append(msg(
                    "{count} {tile} ({code}) on the board and in the bag: the bag holds"
                    " {limit} (balance-r1)",
                    count=used[kind], tile=term("tile", NAMES[kind]), code=CODES[kind],
                    limit=BAG_COUNTS[kind],
                ))
        if not pile:
            out.append(msg(
                "the bag is empty: there is no tile left to place, the game would be over"
            ))
        return out

    def _placed(self, setup: Setup) -> list[Placed]:
        """The board's tiles but the Avatar, farthest from the Avatar first."""
        tiles = [t for t in setup.tiles if t.code != _AVATAR_CODE]
        return sorted(tiles, key=lambda t: (-POS_OF[t.point.index], t.point.y, t.point.x))

    def build(self, setup: Setup) -> BalanceGame:
        """A game of the board's tiles then the bag, the board's tiles placed."""
        placed = self._placed(setup)
        game = BalanceGame.with_bag("".join([t.code for t in placed] + self.pile(setup)))
        try:
            for tile in placed:
                game.play(str(tile.point))
        except PaiShoError as error:
            raise PaiShoError(msg("the set-up cannot be played: {reason}",
                                  reason=error.message)) from None
        return game

    def demo_start(self, setup: Setup) -> dict[str, Any]:
        """``{"bag": …, "moves": …}``: the bag, and the board's tiles as its first plies."""
        placed = self._placed(setup)
        start: dict[str, Any] = {"bag": "".join([t.code for t in placed] + self.pile(setup))}
        if placed:
            start["moves"] = ";".join(str(t.point) for t in placed)
        return {"start": start}


RULES = BalanceSetups()
"""Balance's set-up rules (found by :func:`paisho_core.registry.setup_rules`)."""
