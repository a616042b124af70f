"""Skud actions: a typed, frozen, hashable value, and their text in the reference notation.

A turn may take two actions: an Arrange that earns a Harmony Bonus is followed by one
bonus action (or :data:`SKIP`) by the same player.  The game text groups them into one
ply (``4H.(-8,0)-(-7,4)+R4(-8,0)``).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ..board import INDEX_OF_TEXT, ON_BOARD, TEXT_OF, Point
from ..errors import InvalidMove, quote
from ..messages import msg
from .tiles import ACCENT_KINDS, BOAT, CODE, KIND_OF_CODE, ROCK

# Action kinds, in the order legal actions are listed.
ACCENTS, PLANT, ARRANGE, BONUS_PLANT, PLACE_ACCENT, BOAT_MOVE, SKIP = range(7)
BONUS_KINDS = frozenset((BONUS_PLANT, PLACE_ACCENT, BOAT_MOVE, SKIP))
ACCENT_LETTERS = ("R", "W", "K", "B")


class SkudAction(NamedTuple):
    """One Skud action.

    ``kind`` is one of :data:`ACCENTS`, :data:`PLANT`, :data:`ARRANGE`,
    :data:`BONUS_PLANT`, :data:`PLACE_ACCENT`, :data:`BOAT_MOVE`, :data:`SKIP`.
    ``tile`` is a tile kind (for :data:`ACCENTS`, the chosen counts packed as
    ``rocks + 5*wheels + 25*knotweeds + 125*boats``); ``src``/``dst`` are point
    indices or -1.  For a Boat, ``src`` is the tile it lands on and ``dst`` where that
    flower goes (-1 when the Boat takes an accent tile).
    """

    kind: int
    tile: int = -1
    src: int = -1
    dst: int = -1

    @property
    def source(self) -> Point | None:
        """The point an Arrange leaves (or a Boat lands on), if any."""
        return Point.from_index(self.src) if self.src >= 0 else None

    @property
    def target(self) -> Point | None:
        """The point a tile ends on, if any."""
        return Point.from_index(self.dst) if self.dst >= 0 else None

    @property
    def is_bonus(self) -> bool:
        """True for the second action of a turn (a Harmony Bonus or skipping it)."""
        return self.kind in BONUS_KINDS

    def __str__(self) -> str:
        return format_action(self)


def pack_accents(counts: tuple[int, int, int, int]) -> int:
    """Pack (rocks, wheels, knotweeds, boats) into an ``ACCENTS`` action's ``tile``."""
    r, w, k, b = counts
    return r + 5 * w + 25 * k + 125 * b


def unpack_accents(packed: int) -> tuple[int, int, int, int]:
    """Inverse of :func:`pack_accents`."""
    return packed % 5, packed // 5 % 5, packed // 25 % 5, packed // 125 % 5


def format_action(action: SkudAction) -> str:
    """The notation of one action, without the ply prefix (``R3(0,-8)``, ``+B(1,2)``…)."""
    kind = action.kind
    if kind == ARRANGE:
        return f"{TEXT_OF[action.src]}-{TEXT_OF[action.dst]}"
    if kind == PLANT:
        return f"{CODE[action.tile]}{TEXT_OF[action.dst]}"
    if kind in (BONUS_PLANT, PLACE_ACCENT):
        return f"+{CODE[action.tile]}{TEXT_OF[action.dst]}"
    if kind == BOAT_MOVE:
        if action.dst < 0:
            return f"+B{TEXT_OF[action.src]}"
        return f"+B{TEXT_OF[action.src]}-{TEXT_OF[action.dst]}"
    if kind == SKIP:
        return "+skip"
    if kind == ACCENTS:
        counts = unpack_accents(action.tile)
        return ",".join(
            letter for letter, n in zip(ACCENT_LETTERS, counts, strict=True) for _ in range(n)
        )
    raise InvalidMove(msg("not a Skud action: {action}", action=quote(action)))


_POINT = r"\(\s*-?\d{1,2}\s*,\s*-?\d{1,2}\s*\)"
_ARRANGE_RE = re.compile(rf"({_POINT})-({_POINT})")
_PLANT_RE = re.compile(rf"(R3|R4|R5|W3|W4|W5|L|O|R|W|K|B)({_POINT})(?:-({_POINT}))?")
_ACCENTS_RE = re.compile(r"[RWKB](?:,[RWKB]){0,15}")


def _point(text: str, whole: str) -> int:
    key = re.sub(r"\s+", "", text)
    index = INDEX_OF_TEXT.get(key)
    if index is None:
        x, y = (int(v) for v in key[1:-1].split(","))
        if not (-8 <= x <= 8 and -8 <= y <= 8 and ON_BOARD[(x + 8) + 17 * (y + 8)]):
            raise InvalidMove(msg("{text}: point {point} is not on the board",
                                  text=quote(whole), point=key))
        index = (x + 8) + 17 * (y + 8)  # pragma: no cover - INDEX_OF_TEXT has them all
    return index


def parse_action(text: str) -> SkudAction:
    """Parse one action (a base action, or a bonus part starting with ``+`` or ``_``).

    Raises :class:`InvalidMove` quoting ``text`` when it is not well-formed.
    """
    body = text.strip()
    if not body:
        raise InvalidMove(msg("empty action"))
    if body[0] in "+_":
        rest = body[1:].strip()
        if rest == "skip":
            return SkudAction(SKIP)
        match = _PLANT_RE.fullmatch(rest)
        if match is None:
            raise InvalidMove(msg("not a Harmony Bonus: {text}", text=quote(text)))
        kind = KIND_OF_CODE[match.group(1)]
        at = _point(match.group(2), text)
        if kind == BOAT:
            to = _point(match.group(3), text) if match.group(3) else -1
            return SkudAction(BOAT_MOVE, BOAT, at, to)
        if match.group(3):
            raise InvalidMove(msg("only a Boat moves a tile in a bonus: {text}", text=quote(text)))
        if kind in ACCENT_KINDS:
            return SkudAction(PLACE_ACCENT, kind, -1, at)
        return SkudAction(BONUS_PLANT, kind, -1, at)
    match = _ARRANGE_RE.fullmatch(body)
    if match is not None:
        return SkudAction(ARRANGE, -1, _point(match.group(1), text), _point(match.group(2), text))
    match = _PLANT_RE.fullmatch(body)
    if match is not None and not match.group(3):
        kind = KIND_OF_CODE[match.group(1)]
        if kind >= ROCK or match.group(1) in ("L", "O"):
            raise InvalidMove(msg(
                "{text}: only basic flowers are planted as a move; "
                "accent tiles and special flowers come with a Harmony Bonus (+)",
                text=quote(text),
            ))
        return SkudAction(PLANT, kind, -1, _point(match.group(2), text))
    compact = re.sub(r"\s+", "", body)
    if _ACCENTS_RE.fullmatch(compact):
        counts = [0, 0, 0, 0]
        for letter in compact.split(","):
            counts[ACCENT_LETTERS.index(letter)] += 1
        if max(counts) > 4:
            raise InvalidMove(msg("{text}: too many accent tiles of one kind", text=quote(text)))
        return SkudAction(ACCENTS, pack_accents((counts[0], counts[1], counts[2], counts[3])))
    raise InvalidMove(msg("not a Skud action: {action}", action=quote(text)))
