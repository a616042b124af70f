"""The names the page shows for the engine's players, tiles and variants, in the active
language (pure: tested under CPython).

The engine names a seat ``host`` and a tile ``R3``; the page says ``Host`` and
``Rose R3`` — or ``Хозяин`` and ``Роза R3`` with the Russian catalog active.  Player and
tile words are looked up in their catalog context (:func:`paisho_page.words.i18n.word`; their
entries are in :mod:`paisho_page.words.terms`); a tile's code is notation and stays as it is.
"""

from __future__ import annotations

from collections.abc import Sequence

from paisho_core import render
from paisho_page.words import terms
from paisho_page.words.board_words import board_words
from paisho_page.words.i18n import _


def player(name: str) -> str:
    """A seat's display name (the engine's ``host`` → ``Host``) in the active language."""
    return terms.player(str(name))


def player_name(players: Sequence[object], index: int | None) -> str:
    """The display name of player ``index`` of ``players``, or ``Nobody``."""
    if index is None or not 0 <= index < len(players):
        return _("Nobody")
    return player(str(players[index]))


def tile_name(variant: str, code: str) -> str:
    """A tile's name as the page shows it: ``Rose R3`` for Skud's ``R3``, ``Rock`` for
    ``R``, the code itself for a tile without one; the word in the active language (the
    board's own naming, :func:`paisho_core.render.tile_name`, in the page's words)."""
    return render.tile_name(variant, code, board_words())


def english_tile(variant: str, code: str) -> str:
    """A tile's English name without its code (``Rose`` for Skud's ``R3``): what
    :func:`~paisho_page.words.terms.for_tile` words a sentence about it by."""
    return render.tile_name(variant, code).removesuffix(f" {code}")


def variant_title(title: str) -> str:
    """A variant's title (``Skud Pai Sho``: ``VariantInfo.title``, marked for the catalog
    in its spec) in the active language."""
    return _(title)
