"""Balance Pai Sho's tile card words (:mod:`paisho_page.words.cards`): where its tiles
enter, their powers, the Rules sections its tiles cite and its own names for a card's
lines, by the ids of its engine package's ``facts.py``; found by the variant's name
(:func:`paisho_page.words.cards.words_of`)."""

from __future__ import annotations

from paisho_page.words.cards_text import CardWords
from paisho_page.words.i18n import N_

WORDS = CardWords(
    caption=N_("Every Balance tile: where it goes and what it counts with"),
    entries={
        "centre": N_("Starts on the centre point."),
        "avatar-line": N_("On an empty point in line with the Avatar (its row, column or a "
        "diagonal), with no tile between."),
        "not-wholly-white": N_("Never wholly inside a White garden."),
        "not-wholly-red": N_("Never wholly inside a Red garden."),
        "gate-allowed": N_("The only tile that may go on a Gate."),
    },
    powers={
        "sees-diagonals": N_("Counts with the first tile along its diagonals too."),
        "disharmony-with-all": N_("Makes a disharmony with every tile it meets."),
        "harmony-with-all": N_("Makes a harmony with every tile it meets."),
    },
    sections={"turn": N_("A turn"), "table": N_("Harmonies and disharmonies")},
    labels={
        "enters": N_("Placed"),
        "harmonises": N_("Harmony with"),
        "clashes": N_("Disharmony with"),
    },
)
"""(English, marked for the catalog: :mod:`paisho_page.words.cards` translates them.)"""
