"""The tile cards' own words (:mod:`paisho_page.words.cards`): the names of a card's lines,
and what every variant's words are made of.

A variant's words (where its tiles enter, their powers, the Rules sections its tiles
cite, its own names of a line such as "Placed") are a :class:`CardWords`, the ``WORDS``
of its page module ``paisho_page/panels/<variant>_cards.py``, found by the variant's
name (:func:`paisho_page.words.cards.words_of`; a variant without one shows the ids);
``tests/page/test_cards.py`` checks that every id the engine uses has words there.  A
sentence whose wording agrees with the tile's name (a pronoun, a participle: "it",
"its") is marked once per grammatical gender (:func:`~paisho_page.words.terms.by_gender`) and
worded for each tile (:func:`~paisho_page.words.terms.for_tile`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from paisho_page.words.i18n import N_, NC_
from paisho_page.words.terms import by_gender

LABELS: dict[str, str] = {
    "enters": N_("Enters"),
    "moves": N_("Moves"),
    "harmonises": N_("Harmonises with"),
    "clashes": N_("Clashes with"),
    "powers": N_("Special"),
}
"""(English, marked with ``N_``: :mod:`paisho_page.words.cards` translates them.)
The card's lines, by key, where a variant has no name of its own for one."""


@dataclass(frozen=True)
class CardWords:
    """One variant's card words (English, marked for the catalog), by the ids of its
    engine package's tile facts (:mod:`paisho_core.tilefacts`)."""

    caption: str
    """The caption of the variant's tile table on the Rules page."""
    entries: Mapping[str, str]
    """Where a tile enters the board, by entry id."""
    powers: Mapping[str, str]
    """A tile's special powers, by power id."""
    sections: Mapping[str, str] = field(default_factory=dict)
    """Link texts of the Rules page's sections that are not numbered rulings, by anchor
    without the variant's prefix (``skud-accents`` → ``accents``)."""
    labels: Mapping[str, str] = field(default_factory=dict)
    """The variant's own names of the card's lines (``enters``: "Placed")."""


NEVER_MOVES = by_gender(
    NC_("masculine", "Never moves once on the board."),
    NC_("feminine", "Never moves once on the board."),
    NC_("neuter", "Never moves once on the board."),
)
"""How a tile that never moves moves (worded per gender: "Placed on the board, …")."""
