"""Checksum-valid links that the engine never writes: any start text, any field values.

The codecs' own framing (mixed radix, CRC-24, packing) is used, so a decoder under test
gets past the checksum and meets the hostile content itself.
"""

from __future__ import annotations

import base64
from collections.abc import Sequence

from paisho_core import demolink, link, starts
from paisho_core.registry import get_variant


def fields(
    variant: str,
    *,
    options: int = 0,
    int_options: Sequence[int] = (),
    seed: int = 0,
    players: int | None = None,
    count: int = 0,
    actions: Sequence[tuple[int, int]] = (),
    resigned: int = 0,
    view: int = 0,
) -> list[tuple[int, int]]:
    """A link's fields in read order (:mod:`paisho_core.link`'s format), as given:
    ``int_options`` are the raw varint values (0: unset), ``players`` the number of
    players (the variant's fewest when ``None``), ``resigned`` and ``view`` the raw
    digits (taken modulo their radix)."""
    info = get_variant(variant).info
    out: list[tuple[int, int]] = []
    link._put_uint(out, link.variant_id(variant), 3)
    link._put_uint(out, options, 3)
    for index in range(len(info.int_options)):
        link._put_uint(out, int_options[index] if index < len(int_options) else 0, 5)
    if info.uses_seed:
        link._put_uint(out, link._zigzag(seed), 7)
    seats = players if players is not None else info.min_players
    if info.min_players != info.max_players:
        span = info.max_players - info.min_players + 1
        out.append(((seats - info.min_players) % span, span))
    link._put_uint(out, count, 5)
    out.extend(actions)
    out.append((resigned % (seats + 1), seats + 1))
    out.append((view % (count + 2), count + 2))
    return out


def game_payload(variant: str, **kwargs: object) -> str:
    """A version-2 payload of :func:`fields` (``kwargs``: its keywords)."""
    return link._payload(fields(variant, **kwargs))  # type: ignore[arg-type]


def setup_payload(variant: str, start_text: str, **kwargs: object) -> str:
    """A version-3 payload carrying ``start_text`` as it is (packed, not checked)."""
    version = f"{link.SETUP_VERSION}{starts.pack(start_text)}."
    return link._payload(fields(variant, **kwargs), version)  # type: ignore[arg-type]


def demo_payload(json_text: str) -> str:
    """A demo link (``~1…``) of any text, framed as version 1 frames a demo's JSON."""
    body = demolink._compress(json_text.encode("utf-8"))
    digits = base64.urlsafe_b64encode(body + demolink._sum(body)).decode("ascii")
    return demolink.PREFIX + demolink.FORMAT_VERSION + digits.rstrip("=")
