"""A dictionary that stands for the browser's storage
(``paisho_page.storage.game_store.Storage``): the page package's own storage in memory."""

from __future__ import annotations

from paisho_page.storage.memory_storage import MemoryStorage as DictStorage

__all__ = ["DictStorage"]
