"""How a game ended, in a player's words: one message per outcome reason.

:attr:`~paisho_core.protocol.Outcome.reason` is a stable id (``harmony-ring``,
``exact-target``…) that code compares and the CLI prints; a player reads it through
:func:`reason_message` instead, a noun phrase that fits in brackets inside a sentence
("the game was already over (a Harmony Ring) after move 12") and that a page translates
(:mod:`paisho_core.messages`).  Every reason a variant gives has its words here
(``tests/engine/test_end_reasons.py`` fails when a variant brings a new one).

Pure; no dependencies but :mod:`paisho_core.messages`.
"""

from __future__ import annotations

from .messages import Message, msg, text

REASONS: dict[str, Message] = {
    # every variant
    "resign": msg("resignation"),
    # Skud Pai Sho
    "harmony-ring": msg("a Harmony Ring"),
    "no-basic-flowers": msg("the last basic flower planted"),
    "no-move": msg("no move left"),
    # Wiki Pai Sho (and its Harmony Ring, in a game read under its earlier end rule)
    "chain": msg("a chain of harmonies and disharmonies around the centre"),
    "three-flowers": msg("a player down to three flowers"),
    "two-passes": msg("two passes in a row"),
    # Balance Pai Sho
    "bag-empty": msg("an empty bag"),
    "failure": msg("a drawn tile with nowhere to go"),
    # Ancient Pai Sho
    "all-passed": msg("a round of passes"),
    "exact-target": msg("the target reached exactly"),
}
"""Each outcome reason (the id) → its words."""


def reason_message(reason: str) -> Message:
    """The words of an outcome ``reason`` (an unknown one: the id with spaces, as it is)."""
    return REASONS.get(reason) or text(reason.replace("-", " "))
