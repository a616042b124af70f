"""How a game ended, in a player's words: the words of each outcome reason.

:attr:`~paisho_core.protocol.Outcome.reason` is a stable id (``harmony-ring``,
``exact-target``…), a member of :class:`~paisho_core.protocol.Reason` (the shared ones)
or of the variant's own enum, that code compares and the CLI prints; a player reads it
through :func:`reason_message` instead, a noun phrase that fits in brackets inside a
sentence ("the game was already over (a Harmony Ring) after move 12"), and the result
line through :func:`end_reason`'s sentences (:class:`~paisho_core.spec.EndReason`).
Both are messages a page translates (:mod:`paisho_core.messages`).  The shared reasons'
words are here (:data:`SHARED`); a variant's own are in its spec's ``end_reasons``
(``tests/engine/test_end_reasons.py`` fails when a variant gives a reason without words).

Pure; no dependencies but the registry and :mod:`paisho_core.messages`.
"""

from __future__ import annotations

from . import registry
from .messages import Message, msg, text
from .protocol import Reason
from .spec import EndReason

SHARED: dict[str, EndReason] = {
    Reason.RESIGN: EndReason(msg("resignation"), (
        msg("{player} wins by resignation."),
        msg("{player} wins by resignation ({score})."),
        msg("Draw by resignation."),
        msg("Draw by resignation ({score})."),
    )),
    Reason.HARMONY_RING: EndReason(msg("a Harmony Ring"), (
        msg("{player} wins with a Harmony Ring."),
        msg("{player} wins with a Harmony Ring ({score})."),
        msg("Draw with a Harmony Ring."),
        msg("Draw with a Harmony Ring ({score})."),
    )),
}
"""The words of the reasons any variant may give (:class:`~paisho_core.protocol.Reason`)."""


def end_reason(reason: str, variant: str | None = None) -> EndReason | None:
    """The words of an outcome ``reason``: a shared one's, else those of ``variant``'s
    spec, else any registered variant's; ``None`` for an unknown reason."""
    found = SHARED.get(reason)
    if found is not None:
        return found
    own = registry.find(variant) if variant is not None else None
    for spec in (own, *registry.specs()) if own is not None else registry.specs():
        found = spec.end_reasons.get(reason)
        if found is not None:
            return found
    return None


def reason_message(reason: str, variant: str | None = None) -> Message:
    """The words of an outcome ``reason`` (an unknown one: the id with spaces, as it is)."""
    found = end_reason(reason, variant)
    return found.words if found is not None else text(reason.replace("-", " "))


def known_reasons() -> frozenset[str]:
    """Every reason with words: the shared ones and every registered variant's."""
    return frozenset(SHARED).union(*(spec.end_reasons for spec in registry.specs()))
