"""Page tests in a shipped language: the ``page`` catalog compiled from its ``.po``."""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from paisho_page.words import i18n

ROOT = Path(__file__).resolve().parents[2]


def page_catalog(lang: str) -> bytes:
    """``locale/<lang>/LC_MESSAGES/page.po`` compiled to ``.mo`` bytes."""
    with (ROOT / "locale" / lang / "LC_MESSAGES" / "page.po").open("rb") as handle:
        catalog = read_po(handle)
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """``lang`` active (its page catalog) inside the block, English after it."""
    i18n.activate(lang, {"page": page_catalog(lang)})
    try:
        yield
    finally:
        i18n.activate("en")
