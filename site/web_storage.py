"""The browser's storage for the page modules (run by PyScript): ``localStorage`` and
``sessionStorage`` access that never raises (storage may be full or blocked), ids and
revision marks, set-aside data and the device's sealing key."""

from __future__ import annotations

import contextlib
import secrets

from dom import nil, window

from paisho_page import saves, seal


def now_ms() -> int:
    """Milliseconds since 1970 (the browser's clock)."""
    return int(window.Date.now())


def get(key: str) -> str | None:
    """``localStorage[key]`` as text, ``None`` if missing or storage is blocked."""
    try:
        raw = window.localStorage.getItem(key)
    except Exception:
        return None
    return None if nil(raw) else str(raw)


def put(key: str, value: str) -> bool:
    """Store ``value``; False if storage is full or blocked."""
    try:
        window.localStorage.setItem(key, value)
    except Exception:
        return False
    return True


def drop(key: str) -> None:
    """Remove a key (storage blocked: nothing to do)."""
    with contextlib.suppress(Exception):
        window.localStorage.removeItem(key)


def all_keys() -> list[str]:
    """Every ``localStorage`` key."""
    try:
        store = window.localStorage
        return [str(store.key(i)) for i in range(int(store.length))]
    except Exception:
        return []


def tab_id() -> str | None:
    """The id of the game this tab showed last (``sessionStorage``), if valid."""
    try:
        raw = window.sessionStorage.getItem(saves.TAB_KEY)
    except Exception:
        return None
    text = None if nil(raw) else str(raw)
    return text if saves.valid_id(text) else None


def remember_tab(game_id: str) -> None:
    """Remember this tab's game across reloads."""
    with contextlib.suppress(Exception):
        window.sessionStorage.setItem(saves.TAB_KEY, game_id)


def fresh_id() -> str:
    """A new game id."""
    return saves.new_id(now_ms(), secrets.randbits(40))


def new_rev() -> str:
    """A fresh revision mark."""
    return secrets.token_hex(5)


def set_aside(key: str, raw: str, reason: str, remove: bool = True) -> bool:
    """Keep ``raw`` (found under ``key``) as set-aside data; remove the original if
    ``remove`` and the copy was stored.  True if kept."""
    item = saves.SetAside(key, reason, now_ms(), raw)
    if not put(saves.SETASIDE_PREFIX + fresh_id(), item.to_json()):
        return False
    if remove:
        drop(key)
    return True


def seal_key(needed: object = True) -> str:
    """This device's key sealing hidden hands' seeds in saves (made once, stored under
    its own key; see ``paisho_page/seal.py``); ``""`` when not ``needed`` (a game
    without hidden hands: no key is made for it)."""
    if not needed:
        return ""
    key = get(seal.KEY_NAME)
    if not seal.valid_key(key):
        key = seal.new_key(secrets.randbits(128))
        put(seal.KEY_NAME, key)
    assert key is not None
    return key
