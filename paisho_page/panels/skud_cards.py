"""Skud Pai Sho's tile card words (:mod:`paisho_page.words.cards`): where its tiles
enter, their powers, the Rules sections its tiles cite and its own names for a card's
lines, by the ids of its engine package's ``facts.py``; found by the variant's name
(:func:`paisho_page.words.cards.words_of`)."""

from __future__ import annotations

from paisho_page.words.cards_text import CardWords
from paisho_page.words.i18n import N_, NC_
from paisho_page.words.terms import by_gender

WORDS = CardWords(
    caption=N_("Every Skud tile: where it enters, how it moves, its pairs"),
    entries={
        "open-gate": N_("Planted into an open Gate: as your turn, or as a Harmony Bonus when "
        "you have no Growing flower."),
        "bonus-gate": N_("Planted into an open Gate, only as a Harmony Bonus."),
        "bonus-point": N_("Put on an empty point (never a Gate), only as a Harmony Bonus."),
        "bonus-onto": N_("Put onto a Blooming flower or an accent tile, only as a Harmony Bonus."),
    },
    powers={
        "captures-clashing": N_("Ending its move on an opponent's Blooming flower that it "
        "clashes with captures it."),
        "harmonises-with-all": N_("Every basic flower of either player harmonises with it; the "
        "harmony is the flower owner's."),
        "hard-to-capture": N_("Cannot be captured, except by an Orchid able to capture."),
        "traps": N_("Opponent Blooming flowers on the 8 points around it cannot move."),
        "orchid-captures": by_gender(
            NC_("masculine", "While you have a Blooming White Lotus it may capture any "
            "opponent flower, and any opponent flower may capture it."),
            NC_("feminine", "While you have a Blooming White Lotus it may capture any "
            "opponent flower, and any opponent flower may capture it."),
            NC_("neuter", "While you have a Blooming White Lotus it may capture any "
            "opponent flower, and any opponent flower may capture it."),
        ),
        "cancels-lines": by_gender(
            NC_("masculine", "No harmony counts along its whole row or its whole column."),
            NC_("feminine", "No harmony counts along its whole row or its whole column."),
            NC_("neuter", "No harmony counts along its whole row or its whole column."),
        ),
        "rotates": N_("Turns the tiles on the 8 points around it one step clockwise."),
        "drains": N_("Blooming flowers on the 8 points around it form no harmony."),
        "pushes": N_("Pushes a flower to an empty point beside it and takes its place, or "
        "removes an accent tile together with itself."),
    },
    sections={"tiles": N_("Tiles"), "special": N_("Special flowers"),
             "accents": N_("Accent tiles")},
)
"""(English, marked for the catalog: :mod:`paisho_page.words.cards` translates them.)"""
