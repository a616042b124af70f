"""Wiki Pai Sho's tile card words (:mod:`paisho_page.words.cards`): where its tiles
enter, their powers, the Rules sections its tiles cite and its own names for a card's
lines, by the ids of its engine package's ``facts.py``; found by the variant's name
(:func:`paisho_page.words.cards.words_of`)."""

from __future__ import annotations

from paisho_page.words.cards_text import CardWords
from paisho_page.words.i18n import N_, NC_
from paisho_page.words.terms import by_gender

WORDS = CardWords(
    caption=N_("Every Wiki tile: where it enters, how it moves, its pairs"),
    entries={
        "home-gate": N_("At your own Gate (the one nearest you), if it is empty."),
        "foreign-gate": N_("At your opponent's Gate, if it is empty."),
        "side-gate": N_("At the east or the west Gate, if it is empty."),
        "centre": N_("On the centre point, if it is empty."),
        "any-point-after-first-turn": N_("On any empty point but a Gate, from your second turn."),
        "white-garden-after-first-turn": N_("On an empty point touching a White garden (not a "
        "Gate), from your second turn."),
        "opponent-half-from-fourth-turn": N_("On an empty point of your opponent's half, from "
        "your fourth turn."),
        "own-half": N_("On an empty point of your own half (not on the game's first move)."),
    },
    powers={
        "never-pushed": by_gender(
            NC_("masculine", "A Boat can never push or carry it."),
            NC_("feminine", "A Boat can never push or carry it."),
            NC_("neuter", "A Boat can never push or carry it."),
        ),
        "drains": N_("Tiles on the 8 points around it cannot move, be moved or pair."),
        "removed-with-capturer": by_gender(
            NC_("masculine", "A tile that moves onto it is removed with it."),
            NC_("feminine", "A tile that moves onto it is removed with it."),
            NC_("neuter", "A tile that moves onto it is removed with it."),
        ),
        "turns": N_("Instead of a move, turns the tiles on the 8 points around it one step "
        "clockwise or counter-clockwise."),
        "pushes": N_("Can step onto the tile next to it, pushing it one point on."),
        "carries": N_("Can carry one to three tiles from around it along with it."),
        "takes-on-pairs": N_("Next to a flower (straight, not diagonally) it harmonises and "
        "disharmonises like that flower."),
        "captures-flowers": N_("Captures a White or Red flower by moving onto it."),
        "lotus-bonus": by_gender(
            NC_("masculine", "Each of your other tiles within 3 steps of it scores +1."),
            NC_("feminine", "Each of your other tiles within 3 steps of it scores +1."),
            NC_("neuter", "Each of your other tiles within 3 steps of it scores +1."),
        ),
        "blocks-harmony": by_gender(
            NC_("masculine", "Between the two flowers of a harmony it blocks it, and "
                "the blocked harmony costs their owner 1 point."),
            NC_("feminine", "Between the two flowers of a harmony it blocks it, and "
                "the blocked harmony costs their owner 1 point."),
            NC_("neuter", "Between the two flowers of a harmony it blocks it, and "
                "the blocked harmony costs their owner 1 point."),
        ),
        "blocks-drained-harmony": by_gender(
            NC_("masculine", "A harmony it blocks, standing between its two "
                "flowers or draining one of them, costs their owner 1 point."),
            NC_("feminine", "A harmony it blocks, standing between its two "
                "flowers or draining one of them, costs their owner 1 point."),
            NC_("neuter", "A harmony it blocks, standing between its two "
                "flowers or draining one of them, costs their owner 1 point."),
        ),
        "in-harmony-between": by_gender(
            NC_("masculine", "Between the two tiles of a harmony it lets the "
                "harmony through, and counts as in that harmony when it is yours."),
            NC_("feminine", "Between the two tiles of a harmony it lets the "
                "harmony through, and counts as in that harmony when it is yours."),
            NC_("neuter", "Between the two tiles of a harmony it lets the "
                "harmony through, and counts as in that harmony when it is yours."),
        ),
    },
    sections={"tiles": N_("Tiles")},
    labels={
        "clashes": N_("Disharmony with"),
    },
)
"""(English, marked for the catalog: :mod:`paisho_page.words.cards` translates them.)"""
