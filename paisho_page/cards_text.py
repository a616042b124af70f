"""The plain words of the tile cards (:mod:`paisho_page.cards`), per variant.

Keys are the ids of :mod:`paisho_core.tilefacts` and of each variant's ``facts.py``;
``tests/page/test_cards.py`` checks that every id the engine uses has words here.
"""

from __future__ import annotations

_LABELS = {
    "enters": "Enters",
    "moves": "Moves",
    "harmonises": "Harmonises with",
    "clashes": "Clashes with",
    "powers": "Special",
}
LABELS: dict[str, dict[str, str]] = {
    "skud": {**_LABELS, "caption": "Every Skud tile: where it enters, how it moves, its pairs"},
    "balance": {
        **_LABELS,
        "enters": "Placed",
        "harmonises": "Harmony with",
        "clashes": "Disharmony with",
        "caption": "Every Balance tile: where it goes and what it counts with",
    },
    "wiki": {
        **_LABELS,
        "clashes": "Disharmony with",
        "caption": "Every Wiki tile: where it enters, how it moves, its pairs",
    },
    "ancient": {
        **_LABELS,
        "enters": "Placed",
        "caption": "Every Ancient tile: where it goes, how it moves, its pairs",
    },
}
"""Each variant's labels for the card's lines and its Rules table's caption."""

SECTION_WORDS: dict[str, dict[str, str]] = {
    "skud": {"tiles": "Tiles", "special": "Special flowers", "accents": "Accent tiles"},
    "balance": {"turn": "A turn", "table": "Harmonies and disharmonies"},
    "wiki": {"tiles": "Tiles"},
    "ancient": {"tiles": "Tiles", "special": "Special tiles", "harmony": "Harmonies"},
}
"""Link texts of the Rules page's sections that are not numbered rulings."""

ENTRY_WORDS: dict[str, dict[str, str]] = {
    "skud": {
        "open-gate": "Planted into an open Gate: as your turn, or as a Harmony Bonus when "
        "you have no Growing flower.",
        "bonus-gate": "Planted into an open Gate, only as a Harmony Bonus.",
        "bonus-point": "Put on an empty point (never a Gate), only as a Harmony Bonus.",
        "bonus-onto": "Put onto a Blooming flower or an accent tile, only as a Harmony Bonus.",
    },
    "balance": {
        "centre": "Starts on the centre point.",
        "avatar-line": "On an empty point in line with the Avatar (its row, column or a "
        "diagonal), with no tile between.",
        "not-wholly-white": "Never wholly inside a White garden.",
        "not-wholly-red": "Never wholly inside a Red garden.",
        "gate-allowed": "The only tile that may go on a Gate.",
    },
    "wiki": {
        "home-gate": "At your own Gate (the one nearest you), if it is empty.",
        "foreign-gate": "At your opponent's Gate, if it is empty.",
        "side-gate": "At the east or the west Gate, if it is empty.",
        "centre": "On the centre point, if it is empty.",
        "any-point-after-first-turn": "On any empty point but a Gate, from your second turn.",
        "white-garden-after-first-turn": "On an empty point touching a White garden (not a "
        "Gate), from your second turn.",
        "opponent-half-from-fourth-turn": "On an empty point of your opponent's half, from "
        "your fourth turn.",
        "own-half": "On an empty point of your own half (not on the game's first move).",
    },
    "ancient": {
        "touches-red-garden": "On an empty point touching a red garden (not a Gate).",
        "touches-white-garden": "On an empty point touching a white garden (not a Gate).",
        "any-point": "On any empty point but a Gate.",
        "onto-tile": "Onto a tile on the board (not a drained one), which goes to any "
        "empty point.",
    },
}
"""Where a tile enters the board, by entry id."""

POWER_WORDS: dict[str, dict[str, str]] = {
    "skud": {
        "captures-clashing": "Ending its move on an opponent's Blooming flower that it "
        "clashes with captures it.",
        "harmonises-with-all": "Every basic flower of either player harmonises with it; the "
        "harmony is the flower owner's.",
        "hard-to-capture": "Cannot be captured, except by an Orchid able to capture.",
        "traps": "Opponent Blooming flowers on the 8 points around it cannot move.",
        "orchid-captures": "While you have a Blooming White Lotus it may capture any "
        "opponent flower, and any opponent flower may capture it.",
        "cancels-lines": "No harmony counts along its whole row or its whole column.",
        "rotates": "Turns the tiles on the 8 points around it one step clockwise.",
        "drains": "Blooming flowers on the 8 points around it form no harmony.",
        "pushes": "Pushes a flower to an empty point beside it and takes its place, or "
        "removes an accent tile together with itself.",
    },
    "balance": {
        "sees-diagonals": "Counts with the first tile along its diagonals too.",
        "disharmony-with-all": "Makes a disharmony with every tile it meets.",
        "harmony-with-all": "Makes a harmony with every tile it meets.",
    },
    "wiki": {
        "never-pushed": "A Boat can never push or carry it.",
        "drains": "Tiles on the 8 points around it cannot move, be moved or pair.",
        "removed-with-capturer": "A tile that moves onto it is removed with it.",
        "turns": "Instead of a move, turns the tiles on the 8 points around it one step "
        "clockwise or counter-clockwise.",
        "pushes": "Can step onto the tile next to it, pushing it one point on.",
        "carries": "Can carry one to three tiles from around it along with it.",
        "takes-on-pairs": "Next to a flower (straight, not diagonally) it harmonises and "
        "disharmonises like that flower.",
        "captures-flowers": "Captures a White or Red flower by moving onto it.",
        "lotus-bonus": "Each of your flowers within 3 steps of it scores +1.",
    },
    "ancient": {
        "turns-ring": "When placed, may turn the 8 points around it by any multiple of 45°.",
        "moves-tile": "Its tile is moved to any empty point, whatever its colour.",
        "cancels-lines": "No harmony or disharmony counts along its row or column.",
        "drains-once": "When placed, drains the flowers around it for good: they never "
        "move or pair.",
        "takes-tile": "Landing on a tile takes it into your hand.",
        "flips-lines": "Every pair on its row or column counts the other way.",
    },
}
"""A tile's special powers, by power id."""
