"""A storage in memory (:class:`~paisho_page.storage.game_store.Storage`): for the page's
rehearsal, which must write nothing to the browser, and for tests.  Its clock ticks a
second a call and its "random" bits count up, so what it stores is deterministic."""

from __future__ import annotations

import itertools

START_MS = 1_700_000_000_000
"""The clock's first reading (November 2023), in milliseconds since 1970."""


class MemoryStorage:
    """``localStorage`` and ``sessionStorage`` as a dictionary and a text; ``full`` makes
    every write fail, as a full or blocked storage does."""

    def __init__(self) -> None:
        """An empty storage."""
        self.data: dict[str, str] = {}
        self.tab: str | None = None
        self.full = False
        self.clock = itertools.count(START_MS, 1000)
        self.bits = itertools.count(1)

    def get(self, key: str) -> str | None:
        """The text under ``key``."""
        return self.data.get(key)

    def put(self, key: str, value: str) -> bool:
        """Keep ``value`` under ``key`` (False when ``full``)."""
        if self.full:
            return False
        self.data[key] = value
        return True

    def drop(self, key: str) -> None:
        """Forget ``key``."""
        self.data.pop(key, None)

    def all_keys(self) -> list[str]:
        """Every key."""
        return list(self.data)

    def tab_get(self) -> str | None:
        """The tab's text."""
        return self.tab

    def tab_put(self, text: str) -> None:
        """Keep the tab's text."""
        self.tab = text

    def now_ms(self) -> int:
        """The clock: a second later at each call."""
        return next(self.clock)

    def random_bits(self, bits: int) -> int:
        """A counter in ``bits`` bits (no secret is needed here)."""
        return next(self.bits) % (1 << bits)
