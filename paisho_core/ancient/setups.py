"""Ancient Pai Sho set-ups for the board editor (:mod:`paisho_core.setups`), read off the
rules' tables: the pool (``ancient-r2``), Gates (``ancient-r5``), drained
flowers (``ancient-r6``), seats (``ancient-r1``) and the target (``ancient-r4``).

Tiles belong to nobody.  A set-up shows the public board and the hand of the seat to
move; any other seat's hand may be given as ``("?", n)``: ``n`` tiles dealt, when the
game is built, from the tiles the set-up does not place (shuffled by ``Setup.seed``),
the rest making the draw pile (or ``Setup.pile``, top first, when given).  The default
reserves are empty hands: the seat to move draws first.  A built game starts at the
first action of the mover's turn (a turn part-played is not kept).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from .. import setup_fields as read
from ..board import IS_GATE, Point
from ..errors import PaiShoError, quote
from ..messages import Message, msg, term
from ..protocol import Game
from ..rng import SplitMix64
from ..setup_model import (
    HIDDEN,
    PaletteTile,
    Placed,
    Reserve,
    ReserveTerms,
    Setup,
    cannot_stand,
    ownerless_palette,
)
from .deal import DEFAULT_TARGET, MAX_TARGET
from .game import AncientGame
from .tiles import CODES, KIND_OF_CODE, KINDS, LAST_FLOWER, NAMES, POOL_COUNTS

DRAINED = "drained"
"""A flower's state: drained by a Knotweed (ancient R6)."""
_POOL = sum(POOL_COUNTS.values())


def _stands(kind: int, point: int) -> Message | None:
    """Why ``kind`` cannot stand on ``point``: only Gates are barred (the colour limit
    is on placing a flower; a move or a Boat takes it anywhere, ancient-r5, -r10)."""
    if IS_GATE[point]:
        return msg("no placement or move ends on a Gate ({rule})", rule="ancient-r5")
    return None


def _target(setup: Setup) -> int | None:
    target = DEFAULT_TARGET
    for option in setup.options:
        name, _, value = option.partition("=")
        if name != "target" or not value.isdigit() or not 1 <= int(value) <= MAX_TARGET:
            return None
        target = int(value)
    return target


class AncientSetups:
    """What an Ancient position may hold (see the module docstring)."""

    terms = ReserveTerms("hand", "empty hands: the seat to move draws first")
    """Hands, not reserves; the pile is dealt (not set in the editor)."""

    def palette(self, setup: Setup) -> tuple[PaletteTile, ...]:
        """Every tile kind of the pool (nobody's), with where it may stand."""
        return ownerless_palette(KINDS, CODES, NAMES, POOL_COUNTS, _stands)

    def empty(self, options: tuple[str, ...], seats: int | None) -> Setup:
        """An empty board (no centre piece), seat 1 to move, empty hands."""
        return Setup("ancient", seats=seats or 2, options=options)

    def standard(self, options: tuple[str, ...], seed: int | None, seats: int | None) -> Setup:
        """A new game's position, as its first player sees it."""
        game = AncientGame(options, seed if seed is not None else 0, seats)
        return self.of_game(game)

    def of_game(self, game: Game[Any]) -> Setup:
        """The board, the mover's hand and the sizes of the others' hands."""
        mover = game.to_move if game.to_move is not None else 0
        tiles = tuple(
            Placed(t.point, t.code, None, tuple(sorted(t.flags & {DRAINED})))
            for t in game.board_tiles()
        )
        reserves = tuple(
            tuple((c, n) for c, n in hand.items() if n) for hand in game.reserves(mover)
        )
        target = game.option_value("target")
        options = (f"target={target}",) if target is not None else ()
        seats = len(game.players)
        return Setup("ancient", tiles, mover, seats, reserves, None, options, game.seed)

    def reserves(self, setup: Setup) -> tuple[Reserve, ...]:
        """The hands set, or every hand empty."""
        if setup.reserves is not None:
            return setup.reserves
        return tuple(() for _ in range(max(setup.seats, 0)))

    def reserve_codes(self, setup: Setup, seat: int) -> tuple[str, ...]:
        """The seat to move shows its hand (every kind of the pool); any other seat
        holds tiles not shown (a count of :data:`HIDDEN`)."""
        if not 0 <= seat < setup.seats:
            return ()
        return tuple(CODES[k] for k in KINDS) if seat == setup.to_move else (HIDDEN,)

    def shown_pile(self, setup: Setup) -> tuple[str, ...] | None:
        """The pile is dealt from the unseen tiles, not set in the editor."""
        return None

    def refusal(self, setup: Setup, code: str, owner: int | None, point: Point) -> Message | None:
        """Why the tile ``code`` cannot stand on ``point`` (tiles belong to nobody)."""
        kind = KIND_OF_CODE.get(code)
        if kind is None:
            return None
        why = _stands(kind, point.index)
        return None if why is None else cannot_stand(NAMES[kind], term("tile", NAMES[kind]),
                                                     point, why)

    def from_start(self, start: Mapping[str, Any], options: tuple[str, ...]) -> Setup:
        """The set-up of ``{"setup": {"board", "hands", "seat", "target", "pile"}}``
        (:meth:`AncientGame.setup`'s arguments): every hand and the pile shown."""
        raw = read.fields(read.part(start, "setup", AncientGame.info.title),
                          ("board", "hands", "seat", "target", "pile"))
        tiles = []
        for where, text in read.text_map(raw, "board").items():
            drained = text.endswith("*")
            tiles.append(Placed(read.point(where), text[:-1] if drained else text, None,
                                (DRAINED,) if drained else ()))
        rank = {code: i for i, code in enumerate(CODES)}
        hands = tuple(
            tuple(sorted(Counter(hand.split()).items(), key=lambda item: rank.get(item[0], -1)))
            for hand in read.texts(raw, "hands")
        )
        return Setup(
            "ancient",
            tuple(sorted(tiles, key=lambda t: (-t.point.y, t.point.x))),
            read.whole(raw, "seat", 0),
            len(hands),
            hands,
            tuple(read.text(raw, "pile", "").split()),
            (f"target={read.whole(raw, 'target', DEFAULT_TARGET)}",),
        )

    def problems(self, setup: Setup) -> list[Message]:
        """Seats, mover, target, each tile, the hands and the pool's counts."""
        out: list[Message] = []
        if not 2 <= setup.seats <= 4:
            return [msg("Ancient Pai Sho is for 2 to 4 players, not {seats} (ancient-r1)",
                        seats=setup.seats)]
        if not 0 <= setup.to_move < setup.seats:
            out.append(msg("the seat to move must be P1 to P{last}, not P{seat} ({rule})",
                           rule="ancient-r1",
                           last=setup.seats, seat=setup.to_move + 1))
        if _target(setup) is None:
            out.append(msg(
                "the options {options} are not a target: give target=N, N from 1 to {most}"
                " ({rule})",
                rule="ancient-r4",
                options=quote(",".join(setup.options)), most=MAX_TARGET,
            ))
        used: Counter[int] = Counter()
        seen = set()
        for tile in setup.tiles:
            kind = KIND_OF_CODE.get(tile.code)
            where = str(tile.point)
            if tile.point in seen:
                out.append(msg("two tiles on {point}: a point holds one tile ({rule})",
                               rule="ancient-turn", point=where))
            elif kind is None:
                out.append(msg(
                    "unknown Ancient tile {code} at {point} (tiles: {codes}) ({rule})",
                    rule="ancient-tiles",
                    code=quote(tile.code), point=where, codes=", ".join(CODES[1:]),
                ))
            elif tile.owner is not None:
                out.append(msg("the {tile} at {point} has an owner: tiles belong to nobody"
                               " ({rule})", rule="ancient-tiles",
                               tile=term("tile", NAMES[kind]), point=where))
            else:
                why = _stands(kind, tile.point.index)
                if why is not None:
                    out.append(
                        cannot_stand(NAMES[kind], term("tile", NAMES[kind]), tile.point, why)
                    )
                for flag in tile.flags:
                    if flag != DRAINED or kind > LAST_FLOWER:
                        out.append(msg(
                            "the {tile} at {point} cannot be {state} (only a flower may be"
                            " drained) ({rule})", rule="ancient-special",
                            tile=term("tile", NAMES[kind]), point=where, state=quote(flag),
                        ))
                used[kind] += 1
            seen.add(tile.point)
        hidden = self._hand_problems(setup, used, out)
        for kind in KINDS:
            if used[kind] > POOL_COUNTS[kind]:
                out.append(msg(
                    "{count} {tile} ({code}) on the board, in the hands and the pile: the pool"
                    " holds {limit} (ancient-r2)",
                    count=used[kind], tile=term("tile", NAMES[kind]), code=CODES[kind],
                    limit=POOL_COUNTS[kind],
                ))
        if sum(used.values()) + hidden > _POOL:
            out.append(msg(
                "{count} tiles on the board, in the hands and the pile: the pool holds"
                " {limit} (ancient-r2)",
                count=sum(used.values()) + hidden, limit=_POOL,
            ))
        return out

    def _hand_problems(self, setup: Setup, used: Counter[int], out: list[Message]) -> int:
        rows = self.reserves(setup)
        if len(rows) != setup.seats:
            out.append(msg("give a hand for each of the {seats} seats, not {count} ({rule})",
                           rule="ancient-r1",
                           seats=setup.seats, count=len(rows)))
            return 0
        hidden = 0
        for seat, row in enumerate(rows):
            for code, count in row:
                if not isinstance(count, int) or count < 0:
                    out.append(msg("P{seat}'s hand holds {count} {code}: not a count ({rule})",
                                   rule="ancient-r2",
                                   seat=seat + 1, count=quote(count), code=code))
                elif code == HIDDEN and seat == setup.to_move:
                    out.append(msg("P{seat} is to move: show their hand (no '?' tiles) ({rule})",
                                   rule="ancient-r2",
                                   seat=seat + 1))
                elif code == HIDDEN:
                    hidden += count
                elif code not in KIND_OF_CODE:
                    out.append(msg("P{seat}'s hand holds an unknown tile {code} ({rule})",
                                   rule="ancient-tiles",
                                   seat=seat + 1, code=quote(code)))
                else:
                    used[KIND_OF_CODE[code]] += count
        for code in setup.pile or ():
            if code not in KIND_OF_CODE:
                out.append(msg("the pile holds an unknown tile {code} ({rule})", code=quote(code),
                               rule="ancient-tiles"))
            else:
                used[KIND_OF_CODE[code]] += 1
        return hidden

    def _deal(self, setup: Setup) -> tuple[list[str], list[str]]:
        """Every seat's hand as codes, and the pile, top first."""
        left = Counter(POOL_COUNTS)
        for tile in setup.tiles:
            left[KIND_OF_CODE[tile.code]] -= 1
        rows = self.reserves(setup)
        for row in rows:
            for code, count in row:
                if code != HIDDEN:
                    left[KIND_OF_CODE[code]] -= count
        for code in setup.pile or ():
            left[KIND_OF_CODE[code]] -= 1
        unseen = [k for k in KINDS for _ in range(left[k])]
        SplitMix64(setup.seed or 0).shuffle(unseen)
        hands = []
        for row in rows:
            codes = []
            for code, count in row:
                if code == HIDDEN:
                    codes += [CODES[k] for k in unseen[:count]]
                    del unseen[:count]
                else:
                    codes += [code] * count
            hands.append(" ".join(codes))
        pile = list(setup.pile) if setup.pile is not None else [CODES[k] for k in unseen]
        return hands, pile

    def _args(self, setup: Setup) -> dict[str, Any]:
        hands, pile = self._deal(setup)
        board = {str(t.point): t.code + ("*" if DRAINED in t.flags else "") for t in setup.tiles}
        return {
            "board": board,
            "hands": hands,
            "seat": setup.to_move,
            "target": _target(setup),
            "pile": " ".join(pile),
        }

    def build(self, setup: Setup) -> AncientGame:
        """:meth:`AncientGame.setup` of the board, the hands dealt and the pile."""
        try:
            return AncientGame.setup(**self._args(setup))
        except (KeyError, ValueError) as error:
            if isinstance(error, PaiShoError):
                raise
            raise PaiShoError(msg("the set-up cannot be played: {reason}",
                                  reason=str(error))) from None

    def demo_start(self, setup: Setup) -> dict[str, Any]:
        """``{"setup": {"board", "hands", "seat", "target", "pile"}}`` (hands dealt)."""
        return {"start": {"setup": self._args(setup)}}


RULES = AncientSetups()
"""Ancient's set-up rules (found by :func:`paisho_core.registry.setup_rules`)."""
