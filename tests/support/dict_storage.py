"""A dictionary that stands for the browser's storage
(``paisho_page.storage.game_store.Storage``)."""

from __future__ import annotations

import itertools


class DictStorage:
    """``localStorage`` as a dictionary; ``full`` makes every write fail."""

    def __init__(self) -> None:
        self.data: dict[str, str] = {}
        self.tab: str | None = None
        self.full = False
        self.clock = itertools.count(1_700_000_000_000, 1000)
        self.bits = itertools.count(1)

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def put(self, key: str, value: str) -> bool:
        if self.full:
            return False
        self.data[key] = value
        return True

    def drop(self, key: str) -> None:
        self.data.pop(key, None)

    def all_keys(self) -> list[str]:
        return list(self.data)

    def tab_get(self) -> str | None:
        return self.tab

    def tab_put(self, text: str) -> None:
        self.tab = text

    def now_ms(self) -> int:
        return next(self.clock)

    def random_bits(self, bits: int) -> int:
        return next(self.bits) % (1 << bits)
