"""Which puzzle to open: today's daily puzzle and the next one for the reader.

:func:`daily` takes the date's number (``YYYYMMDD``, as Balance's daily bag) and picks
from every puzzle sorted by id, so everyone gets the same puzzle that day and a new
puzzle file only changes the days to come as a whole.  :func:`next_puzzle` picks the
puzzle not yet tried whose rating is nearest the reader's (ties: the lower id).  Pure.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable, Mapping


def daily(day: int, ids: Iterable[str]) -> str | None:
    """The daily puzzle of day ``day`` (``YYYYMMDD``) among ``ids`` (``None``: none)."""
    ordered = sorted(ids)
    if not ordered:
        return None
    return ordered[zlib.crc32(str(day).encode("ascii")) % len(ordered)]


def next_puzzle(rating: int, ratings: Mapping[str, int], tried: Iterable[str],
                variant_of: Mapping[str, str] | None = None,
                variant: str | None = None) -> str | None:
    """The untried puzzle (of ``variant``, when given) nearest ``rating``; when every
    one was tried, the nearest of all (``None``: no puzzle)."""
    pool = [i for i in ratings
            if variant is None or variant_of is None or variant_of.get(i) == variant]
    seen = set(tried)
    fresh = [i for i in pool if i not in seen] or pool
    if not fresh:
        return None
    return min(fresh, key=lambda i: (abs(ratings[i] - rating), i))
