"""The plain words of the tile cards (:mod:`paisho_page.cards`), per variant.

Keys are the ids of :mod:`paisho_core.tilefacts` and of each variant's ``facts.py``;
``tests/page/test_cards.py`` checks that every id the engine uses has words here.  A
sentence whose wording agrees with the tile's name (a pronoun, a participle: "it", "its")
is marked once per grammatical gender (:func:`~paisho_page.terms.by_gender`) and worded
for each tile (:func:`~paisho_page.terms.for_tile`).
"""

from __future__ import annotations

from paisho_page.i18n import N_, NC_
from paisho_page.terms import by_gender

_LABELS = {
    "enters": N_("Enters"),
    "moves": N_("Moves"),
    "harmonises": N_("Harmonises with"),
    "clashes": N_("Clashes with"),
    "powers": N_("Special"),
}
LABELS: dict[str, dict[str, str]] = {
    "skud": {**_LABELS,
             "caption": N_("Every Skud tile: where it enters, how it moves, its pairs")},
    "balance": {
        **_LABELS,
        "enters": N_("Placed"),
        "harmonises": N_("Harmony with"),
        "clashes": N_("Disharmony with"),
        "caption": N_("Every Balance tile: where it goes and what it counts with"),
    },
    "wiki": {
        **_LABELS,
        "clashes": N_("Disharmony with"),
        "caption": N_("Every Wiki tile: where it enters, how it moves, its pairs"),
    },
    "ancient": {
        **_LABELS,
        "enters": N_("Placed"),
        "caption": N_("Every Ancient tile: where it goes, how it moves, its pairs"),
    },
}
"""(English, marked with ``N_``: :mod:`paisho_page.cards` translates them.)
Each variant's labels for the card's lines and its Rules table's caption."""

SECTION_WORDS: dict[str, dict[str, str]] = {
    "skud": {"tiles": N_("Tiles"), "special": N_("Special flowers"),
             "accents": N_("Accent tiles")},
    "balance": {"turn": N_("A turn"), "table": N_("Harmonies and disharmonies")},
    "wiki": {"tiles": N_("Tiles")},
    "ancient": {"tiles": N_("Tiles"), "special": N_("Special tiles"),
                "harmony": N_("Harmonies")},
}
"""Link texts of the Rules page's sections that are not numbered rulings (English)."""


ENTRY_WORDS: dict[str, dict[str, str]] = {
    "skud": {
        "open-gate": N_("Planted into an open Gate: as your turn, or as a Harmony Bonus when "
        "you have no Growing flower."),
        "bonus-gate": N_("Planted into an open Gate, only as a Harmony Bonus."),
        "bonus-point": N_("Put on an empty point (never a Gate), only as a Harmony Bonus."),
        "bonus-onto": N_("Put onto a Blooming flower or an accent tile, only as a Harmony Bonus."),
    },
    "balance": {
        "centre": N_("Starts on the centre point."),
        "avatar-line": N_("On an empty point in line with the Avatar (its row, column or a "
        "diagonal), with no tile between."),
        "not-wholly-white": N_("Never wholly inside a White garden."),
        "not-wholly-red": N_("Never wholly inside a Red garden."),
        "gate-allowed": N_("The only tile that may go on a Gate."),
    },
    "wiki": {
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
    "ancient": {
        "touches-red-garden": N_("On an empty point touching a red garden (not a Gate)."),
        "touches-white-garden": N_("On an empty point touching a white garden (not a Gate)."),
        "any-point": N_("On any empty point but a Gate."),
        "onto-tile": N_("Onto a tile on the board (not a drained one), which goes to any "
        "empty point."),
    },
}
"""Where a tile enters the board, by entry id."""

POWER_WORDS: dict[str, dict[str, str]] = {
    "skud": {
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
    "balance": {
        "sees-diagonals": N_("Counts with the first tile along its diagonals too."),
        "disharmony-with-all": N_("Makes a disharmony with every tile it meets."),
        "harmony-with-all": N_("Makes a harmony with every tile it meets."),
    },
    "wiki": {
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
            NC_("masculine", "Each of your flowers within 3 steps of it scores +1."),
            NC_("feminine", "Each of your flowers within 3 steps of it scores +1."),
            NC_("neuter", "Each of your flowers within 3 steps of it scores +1."),
        ),
    },
    "ancient": {
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
}
"""A tile's special powers, by power id."""


NEVER_MOVES = by_gender(
    NC_("masculine", "Never moves once on the board."),
    NC_("feminine", "Never moves once on the board."),
    NC_("neuter", "Never moves once on the board."),
)
"""How a tile that never moves moves (worded per gender: "Placed on the board, …")."""
