"""A sound Skud link whose last move names a candidate the rules refuse (with a ruling)."""

from __future__ import annotations

import contextlib
import random

from paisho_core import link, linkcode
from paisho_core.skud import linkcode as skud_linkcode
from paisho_core.skud.game import MAIN, SkudGame


def radix_of(game: SkudGame) -> int:
    """How many candidates the Skud coder reads for the next action of ``game``."""
    seen: list[int] = []

    def take(radix: int) -> int:
        seen.append(radix)
        return 0

    with contextlib.suppress(linkcode.NotLegal):
        skud_linkcode.CODER.read(game, take)
    return seen[0] if seen else 1


def fixed_take(digit: int) -> linkcode.Take:
    """A coder's ``take`` that always reads ``digit``."""
    def take(radix: int) -> int:
        assert 0 <= digit < radix
        return digit

    return take


def _refused_digit(game: SkudGame) -> tuple[int, int] | None:
    """A digit (and its radix) naming a candidate refused with a ruling ``(R…)``."""
    radix = radix_of(game)
    for digit in range(radix):
        try:
            skud_linkcode.CODER.read(game, fixed_take(digit))
        except linkcode.NotLegal as error:
            if "(R" in str(error.message):
                return digit, radix
    return None


def refused_skud_payload(seed: int = 3) -> tuple[str, int]:
    """``(payload, count)``: a link of ``count`` legal Skud actions, then one more that
    the rules refuse (``move count + 1 is not legal: … (R3)`` or another ruling)."""
    rng = random.Random(seed)
    game = SkudGame()
    while True:
        assert game.to_move is not None, "no refused candidate found"
        if game.phase == MAIN:
            found = _refused_digit(game)
            if found is not None:
                break
        game.apply(rng.choice(game.legal_actions()))
    count = len(game.history)
    fields: list[tuple[int, int]] = []
    link._put_uint(fields, link.variant_id("skud"), 3)
    link._put_uint(fields, 0, 3)
    link._put_uint(fields, count + 1, 5)
    fields += list(link._replay_for(game).digits)
    fields.append(found)
    fields.append((0, len(game.players) + 1))
    fields.append((0, count + 3))
    return link._payload(fields), count
