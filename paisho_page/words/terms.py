"""Every word of the engine's tables a player reads: tile names and player (seat) names.

The engine names its tiles and seats in English (each variant's spec: ``tile_names``
and ``seats``, marked there with ``term("tile", …)`` / ``term("player", …)`` so Babel
extracts them with their context, ``msgctxt "tile"`` / ``"player"``); the page shows
them through :func:`tile` and :func:`player` (or :func:`paisho_page.words.i18n.word`, and an
engine message's ``term("tile", …)``), which look them up in the ``page`` catalog in
their context.  ``tests/page/test_terms.py`` fails when an engine table has a name that
no spec names.  A player's word is the engine's seat name capitalised (``host`` →
``Host``, ``P1``, ``player`` → ``Player``).

**Grammatical gender.**  A sentence about a tile that has no subject of its own (a tile
card's "Never moves once on the board.", an accent button's "{tile}, chosen") must
agree with the tile's name in languages that inflect for gender: Russian says
"Поставленный на доску…" of a Нотуид and "Поставленная…" of a Скала.  So each tile
name has a gender in the catalog (``msgctxt "tile gender"``, marked in its variant's
spec, :func:`tile_genders`:
the translator writes ``masculine``, ``feminine`` or ``neuter``, the gender of the
name's own word in that language), and such a sentence is marked once per gender
(:func:`by_gender`, contexts :data:`GENDERS`) and looked up in the context of the
tile's gender (:func:`for_tile`).  A language without genders translates the three
alike.  Pure.
"""

from __future__ import annotations

from paisho_core import registry
from paisho_page.words.i18n import _, pgettext, word


def tile_names() -> tuple[str, ...]:
    """Every tile name of every registered variant (English, as the specs spell them)."""
    names = (m.template for s in registry.specs() for m in s.tile_names.values())
    return tuple(dict.fromkeys(names))


def seat_names() -> tuple[str, ...]:
    """Every seat name of every registered variant, capitalised as the page shows it."""
    return tuple(dict.fromkeys(m.template for s in registry.specs() for m in s.seats))


def tile_genders() -> tuple[str, ...]:
    """Every tile name marked in the context ``tile gender`` by a registered variant's
    spec (``tile_genders``): its translation is the grammatical gender of the name in the
    language, one of :data:`GENDERS`."""
    names = (m.template for s in registry.specs() for m in s.tile_genders)
    return tuple(dict.fromkeys(names))


GENDERS: tuple[str, ...] = ("masculine", "feminine", "neuter")
"""The genders a catalog may give a tile's name (the contexts of :func:`by_gender`); a
language with two (West Frisian: *de* and *it* words) uses ``masculine`` for the one
that takes *hy*/*him* and ``neuter`` for the other."""

_GENDERED: set[str] = set()


def by_gender(masculine: str, feminine: str, neuter: str) -> str:
    """One English sentence about a tile, marked in each gender's context: the three
    arguments are the same English text, each marked with ``NC_("<gender>", …)`` so that
    Babel extracts it three times.  Return it (English, translated by :func:`for_tile`)."""
    if not masculine == feminine == neuter:
        raise ValueError(f"one sentence in three contexts, not {masculine!r}, "
                         f"{feminine!r}, {neuter!r}")
    _GENDERED.add(masculine)
    return masculine


def gendered(message: str) -> bool:
    """Whether ``message`` (English) is marked per gender (:func:`by_gender`)."""
    return message in _GENDERED


def gender(name: str) -> str:
    """The grammatical gender of tile ``name``'s word (``"Rose"``) in the active language,
    one of :data:`GENDERS`, as its catalog says; ``neuter`` where it says nothing
    (English, whose three wordings are the same)."""
    said = word("tile gender", name)
    return said if said in GENDERS else "neuter"


def for_tile(name: str, message: str) -> str:
    """``message`` (English, a page message) in the active language, about tile ``name``:
    in the context of the name's gender when it is marked per gender
    (:func:`by_gender`), else as it is (:func:`~paisho_page.words.i18n._`)."""
    if message in _GENDERED:
        return pgettext(gender(name), message)
    return _(message)


def tile(name: str) -> str:
    """A tile's name (``"Rose"``) in the active language."""
    return word("tile", name)


def player(name: str) -> str:
    """A seat's name from the engine (``"host"``, ``"P2"``) in the active language."""
    return word("player", name[:1].upper() + name[1:])
