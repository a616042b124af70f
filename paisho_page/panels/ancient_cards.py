"""Ancient Pai Sho's tile card words (:mod:`paisho_page.words.cards`): where its tiles
enter, their powers, the Rules sections its tiles cite and its own names for a card's
lines, by the ids of its engine package's ``facts.py``; found by the variant's name
(:func:`paisho_page.words.cards.words_of`)."""

from __future__ import annotations

from paisho_page.words.cards_text import CardWords
from paisho_page.words.i18n import N_, NC_
from paisho_page.words.terms import by_gender

WORDS = CardWords(
    caption=N_("Every Ancient tile: where it goes, how it moves, its pairs"),
    entries={
        "touches-red-garden": N_("On an empty point touching a red garden (not a Gate)."),
        "touches-white-garden": N_("On an empty point touching a white garden (not a Gate)."),
        "any-point": N_("On any empty point but a Gate."),
        "onto-tile": N_("Onto a tile on the board (not a drained one), which goes to any "
        "empty point."),
    },
    powers={
        "turns-ring": N_("When placed, may turn the 8 points around it by any multiple of 45°."),
        "moves-tile": by_gender(
            NC_("masculine", "Its tile is moved to any empty point, whatever its colour."),
            NC_("feminine", "Its tile is moved to any empty point, whatever its colour."),
            NC_("neuter", "Its tile is moved to any empty point, whatever its colour."),
        ),
        "cancels-lines": by_gender(
            NC_("masculine", "No harmony or disharmony counts along its row or column."),
            NC_("feminine", "No harmony or disharmony counts along its row or column."),
            NC_("neuter", "No harmony or disharmony counts along its row or column."),
        ),
        "drains-once": N_("When placed, drains the flowers around it for good: they never "
        "move or pair."),
        "takes-tile": N_("Landing on a tile takes it into your hand."),
        "flips-lines": by_gender(
            NC_("masculine", "Every pair on its row or column counts the other way."),
            NC_("feminine", "Every pair on its row or column counts the other way."),
            NC_("neuter", "Every pair on its row or column counts the other way."),
        ),
    },
    sections={"tiles": N_("Tiles"), "special": N_("Special tiles"),
             "harmony": N_("Harmonies")},
    labels={
        "enters": N_("Placed"),
    },
)
"""(English, marked for the catalog: :mod:`paisho_page.words.cards` translates them.)"""
