"""The tile cards' own words (:mod:`paisho_page.cards`): the names of a card's lines.

A variant's words (where its tiles enter, their powers, its Rules sections, its own
names for a line such as "Placed") are its engine package's
(:class:`paisho_core.tilefacts.FactWords`, found by :func:`paisho_core.registry.fact_words`);
``tests/page/test_cards.py`` checks that every id a variant's facts use has words there.
"""

from __future__ import annotations

from paisho_page.i18n import N_

LABELS: dict[str, str] = {
    "enters": N_("Enters"),
    "moves": N_("Moves"),
    "harmonises": N_("Harmonises with"),
    "clashes": N_("Clashes with"),
    "powers": N_("Special"),
}
"""(English, marked with ``N_``: :mod:`paisho_page.cards` translates them.)
The card's lines, by key, where a variant has no name of its own for one."""
