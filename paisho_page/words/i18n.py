"""The site's languages and the page's active translation (gettext).

``LANGUAGES`` is the one list of shipped languages: adding one is a ``.po`` file per
domain (``locale/<code>/LC_MESSAGES/page.po`` and ``demos.po``) and one line here.
English is the source language: its translation is :class:`gettext.NullTranslations`,
so an English page loads no catalog at all.

Page modules mark their words with :func:`_` (and :func:`ngettext`, :func:`pgettext`);
a message kept in a constant is marked with :func:`N_` and translated where it is used.
Demo titles and captions go through the ``demos`` domain (:func:`demo_text`).  The site
reads the page's language (``<html lang>``), fetches the compiled catalogs of a language
other than English and calls :func:`activate`; :func:`negotiate` is the rule that picks a
language (the ``lang=`` parameter, then the stored choice, then the browser's languages).
Pure: tested under CPython.
"""

from __future__ import annotations

import gettext
import struct
from collections.abc import Iterable, Mapping

from paisho_core.errors import PaiShoError
from paisho_core.messages import Message
from paisho_page.words.mo_catalog import BadCatalog, LazyCatalog

LANGUAGES: dict[str, str] = {
    "en": "English",
    "ru": "Русский",
    "fy": "Frysk",
}
"""Shipped languages: code → the language's own name (the header's switch shows these)."""
SOURCE = "en"
"""The language the code and the HTML are written in."""
DOMAINS = ("page", "demos")
"""The catalog domains: the pages' words, and the demos' titles and captions."""
STORAGE_KEY = "paisho.lang.v1"
"""``localStorage`` key of the reader's chosen language (read by ``site/lang.js`` too)."""


class CatalogError(PaiShoError):
    """Bytes that are not a compiled gettext catalog (``.mo``)."""


_state: dict[str, gettext.NullTranslations] = {}
_lang: list[str] = [SOURCE]


def load(data: bytes) -> gettext.NullTranslations:
    """A compiled catalog (the bytes of a ``.mo`` file) as a translation, read on demand
    (:mod:`paisho_page.words.mo_catalog`: nothing is decoded before it is asked for).

    Raises :class:`CatalogError` for bytes that are not one."""
    try:
        return LazyCatalog(data)
    except (BadCatalog, struct.error) as exc:
        raise CatalogError(f"not a compiled catalog: {exc}") from exc


def activate(lang: str, catalogs: Mapping[str, bytes] | None = None) -> None:
    """Make ``lang`` the active language, with its compiled ``catalogs`` by domain (a
    domain without one, and English, fall back to the source text)."""
    _lang[0] = lang if lang else SOURCE
    _state.clear()
    for domain, data in (catalogs or {}).items():
        _state[domain] = load(data)


def active() -> str:
    """The active language's code (``en`` until :func:`activate`)."""
    return _lang[0]


def _translation(domain: str) -> gettext.NullTranslations:
    return _state.get(domain) or _NULL


_NULL = gettext.NullTranslations()


def translation(domain: str = "page") -> gettext.NullTranslations:
    """The active translation of ``domain``: the same object until :func:`activate`, so
    a module may keep what it builds from it once per language (keyed by identity)."""
    return _translation(domain)


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it (translate it later)."""
    return message


def NC_(context: str, message: str) -> str:
    """Mark ``message`` in ``context`` for extraction (a word from an engine table, such
    as ``NC_("tile", "Rose")``) without translating it; :func:`word` translates it."""
    return message


def word(context: str, english: str) -> str:
    """A word from an engine table in the active language: a tile's name
    (``word("tile", "Rose")``), a player's (``word("player", "Host")``)."""
    return _translation("page").pgettext(context, english)


def _(message: str) -> str:
    """``message`` (a ``page`` catalog message) in the active language."""
    return _translation("page").gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for ``n`` of a ``page`` message with a plural (Russian has three)."""
    return _translation("page").ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in ``context`` (the same English word meaning two things)."""
    return _translation("page").pgettext(context, message)


def demo_text(message: str) -> str:
    """A built-in demo's title or caption (the ``demos`` domain) in the active language."""
    return _translation("demos").gettext(message) if message else message


def site_root() -> str:
    """The site's root folder relative to the page: ``./`` for English, ``../`` for a
    language's pages (``dist/<lang>/…``), where asset URLs point."""
    return "./" if active() == SOURCE else "../"


def _code(tag: str) -> str | None:
    """The shipped language of a BCP 47 tag (``ru-RU`` → ``ru``), or ``None``."""
    primary = tag.strip().lower().replace("_", "-").split("-", 1)[0]
    return primary if primary in LANGUAGES else None


def negotiate(param: str | None, stored: str | None,
              browser_languages: Iterable[str] = ()) -> str:
    """The language a page shows: a ``lang=`` parameter first, then the stored choice,
    then the first of the browser's languages that is shipped, then English."""
    for choice in (param, stored):
        code = _code(choice or "")
        if code is not None:
            return code
    for tag in browser_languages:
        code = _code(tag)
        if code is not None:
            return code
    return SOURCE


def render(message: Message) -> str:
    """An engine :class:`~paisho_core.messages.Message` in the active language: each
    (nested) template through the ``page`` catalog, a term in its context."""
    return message.render(_wording)


def describe(error: PaiShoError) -> str:
    """What an engine error says, in the active language."""
    return render(error.message)


def _wording(message: Message) -> str:
    translation = _translation("page")
    if message.plural is not None:
        return translation.ngettext(message.template, message.plural, message.number)
    if message.context is not None:
        return translation.pgettext(message.context, message.template)
    return translation.gettext(message.template)
