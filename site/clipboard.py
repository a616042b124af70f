"""Copying text to the clipboard (run by PyScript): ``navigator.clipboard``, else
``execCommand("copy")``, else a request to copy by hand; the field holding the text is
selected either way.  Used by the Share, Notation and Embed dialogs."""

from __future__ import annotations

import contextlib
from typing import Any

from dom import document, keep, nil, window

from paisho_page.sharing import decisions as sharing


class _Copy:
    """The copy under way: its status element and the field holding the text."""

    target: Any = None
    field: Any = None


COPY = _Copy()
_PROXIES: list[Any] = []


def copy_text(text: str, field: Any, status: Any, what: str) -> None:
    """Copy ``text`` (navigator.clipboard, else execCommand); ``field`` holds it too."""
    field.focus()
    field.select()
    COPY.target, COPY.field = status, field
    status.textContent = ""
    clipboard = getattr(window.navigator, "clipboard", None)
    if not nil(clipboard) and hasattr(clipboard, "writeText"):
        try:
            clipboard.writeText(text).then(_PROXIES[0], _PROXIES[1])
            status.dataset.what = what
            return
        except Exception:  # no clipboard here: fall back
            pass
    status.dataset.what = what
    copy_fallback()


def copy_done(_value: Any = None) -> None:
    """The clipboard took the text."""
    if COPY.target is not None:
        _say(COPY.target, True)


def copy_fallback(_error: Any = None) -> None:
    """The clipboard refused: try the old way, and else ask for a manual copy."""
    status, field = COPY.target, COPY.field
    if status is None or field is None:
        return
    field.focus()
    field.select()
    ok = False
    with contextlib.suppress(Exception):
        ok = bool(document.execCommand("copy"))
    _say(status, ok)


def _say(status: Any, ok: bool) -> None:
    """Say in ``status`` whether the text was copied (:func:`sharing.copy_words`)."""
    text, copied = sharing.copy_words(str(status.dataset.what), ok)
    status.textContent = text
    status.dataset.copied = copied


def install() -> None:
    """Make the clipboard's callbacks (they live as long as the page)."""
    _PROXIES.extend([keep(copy_done), keep(copy_fallback)])
