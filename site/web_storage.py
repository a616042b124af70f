"""The browser's storage for the page modules (run by PyScript): ``localStorage`` and
``sessionStorage`` access that never raises (storage may be full or blocked).

:class:`BrowserStorage` is the :class:`paisho_page.storage.game_store.Storage` the saved games
are kept in; ids, revision marks, set-aside data and the sealing key are decided by
:mod:`paisho_page.storage.game_store`.
"""

from __future__ import annotations

import contextlib
import secrets

from dom import nil, window

from paisho_page.storage import game_store, schema


class BrowserStorage:
    """``localStorage`` (and this tab's ``sessionStorage`` entry), never raising."""

    def get(self, key: str) -> str | None:
        """``localStorage[key]`` as text, ``None`` if missing or storage is blocked."""
        try:
            raw = window.localStorage.getItem(key)
        except Exception:
            return None
        return None if nil(raw) else str(raw)

    def put(self, key: str, value: str) -> bool:
        """Store ``value``; False if storage is full or blocked."""
        try:
            window.localStorage.setItem(key, value)
        except Exception:
            return False
        return True

    def drop(self, key: str) -> None:
        """Remove a key (storage blocked: nothing to do)."""
        with contextlib.suppress(Exception):
            window.localStorage.removeItem(key)

    def all_keys(self) -> list[str]:
        """Every ``localStorage`` key."""
        try:
            store = window.localStorage
            return [str(store.key(i)) for i in range(int(store.length))]
        except Exception:
            return []

    def tab_get(self) -> str | None:
        """This tab's game id as ``sessionStorage`` keeps it, if any."""
        try:
            raw = window.sessionStorage.getItem(schema.TAB_KEY)
        except Exception:
            return None
        return None if nil(raw) else str(raw)

    def tab_put(self, text: str) -> None:
        """Remember this tab's game across reloads."""
        with contextlib.suppress(Exception):
            window.sessionStorage.setItem(schema.TAB_KEY, text)

    def now_ms(self) -> int:
        """Milliseconds since 1970 (the browser's clock)."""
        return int(window.Date.now())

    def random_bits(self, bits: int) -> int:
        """A random number of ``bits`` bits."""
        return secrets.randbits(bits)


BROWSER = BrowserStorage()
get = BROWSER.get
put = BROWSER.put


def set_aside(key: str, raw: str, reason: str, remove: bool = True) -> bool:
    """Keep ``raw`` (found under ``key``) as set-aside data (see
    :func:`paisho_page.storage.game_store.set_aside`).  True if kept."""
    return game_store.set_aside(BROWSER, key, raw, reason, remove)
