"""The Studio's sentences about reserves, hands and the bag, whole, in the page's language.

The engine names what is not on the board with one word per variant
(:class:`paisho_core.setups.ReserveTerms`: ``"reserve"`` or ``"hand"``, a pile called
``"bag"``) and says what the default is in a few words.  A sentence cannot be glued from
those words in every language (Russian declines them), so each sentence the Studio says is
a whole catalog message here, chosen by the engine's word; the defaults' words are marked
here too and translated with :func:`default_words`.  ``tests/page/test_studio_i18n.py``
checks that every word of every variant has its sentences.  Pure: tested under CPython.
"""

from __future__ import annotations

from paisho_page.words.i18n import N_, _

RESERVE, HAND, BAG = "reserve", "hand", "bag"
"""The engine's words for a seat's tiles not on the board, and for the draw pile."""

_BY_RESERVE: dict[str, dict[str, str]] = {
    "heading": {RESERVE: N_("Reserves"), HAND: N_("Hands")},
    "reset": {
        RESERVE: N_("Reset reserves to the default ({default})"),
        HAND: N_("Reset hands to the default ({default})"),
    },
    "reset done": {
        RESERVE: N_("The reserves are the default again."),
        HAND: N_("The hands are the default again."),
    },
    "seat": {RESERVE: N_("{player}'s reserve"), HAND: N_("{player}'s hand")},
    "the seat": {RESERVE: N_("The {player}'s reserve"), HAND: N_("The {player}'s hand")},
    "more": {
        RESERVE: N_("One more {tile} in the reserve"),
        HAND: N_("One more {tile} in the hand"),
    },
    "fewer": {
        RESERVE: N_("One fewer {tile} in the reserve"),
        HAND: N_("One fewer {tile} in the hand"),
    },
    "more of seat": {
        RESERVE: N_("One more {tile} in {player}'s reserve"),
        HAND: N_("One more {tile} in {player}'s hand"),
    },
    "fewer of seat": {
        RESERVE: N_("One fewer {tile} in {player}'s reserve"),
        HAND: N_("One fewer {tile} in {player}'s hand"),
    },
}
"""The sentences about reserves, by what they say, then by the engine's word."""

_BY_PILE: dict[str, dict[str, str]] = {
    "heading": {BAG: N_("The bag")},
    "label": {BAG: N_("The bag to come, top first (tile codes)")},
    "default button": {BAG: N_("Default bag ({default})")},
    "default done": {BAG: N_("The default bag again.")},
}
"""The sentences about the draw pile, by what they say, then by the engine's word."""

DEFAULTS = (
    N_("everything not on the board"),
    N_("empty hands: the seat to move draws first"),
    N_("none"),
    N_("the bag of the seed, less the board"),
)
"""The engine's words for the default reserves and pile (:attr:`ReserveTerms.default`,
:attr:`ReserveTerms.pile_default`)."""

REACHED = frozenset(_BY_RESERVE["heading"]), frozenset(_BY_PILE["heading"])
"""The engine's reserve and pile words that have sentences here."""


def reserve_text(what: str, word: str) -> str:
    """The sentence ``what`` (``"heading"``, ``"reset"``, ``"seat"``, ``"more"``…) for
    reserves the engine calls ``word``, in the active language (a word without sentences
    of its own is spoken of as a reserve); placeholders are left to the caller."""
    table = _BY_RESERVE[what]
    return _(table.get(word, table[RESERVE]))


def pile_text(what: str, word: str) -> str:
    """The sentence ``what`` (``"heading"``, ``"label"``, ``"default button"``,
    ``"default done"``) for the pile the engine calls ``word``, in the active language
    (a word without sentences of its own is spoken of as a bag)."""
    table = _BY_PILE[what]
    return _(table.get(word, table[BAG]))


def default_words(words: str) -> str:
    """The engine's words for a default (:data:`DEFAULTS`) in the active language."""
    return _(words)


def title(text: str) -> str:
    """A variant's title (``info.title``, marked for the catalog in its spec) in the
    active language."""
    return _(text)
