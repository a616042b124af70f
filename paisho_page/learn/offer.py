"""The game page's offer to a newcomer: "New to Pai Sho? Learn in 5 minutes".

Shown to a reader who has no saved game with a move in it, has not begun a lesson and
has not dismissed the offer (:func:`should_offer`); dismissing it, or following it,
stores that in the lessons' progress (:mod:`paisho_page.learn.progress`), so it is not
shown again.  A list of games that cannot be read counts as games (the offer is not
shown).  Pure.
"""

from __future__ import annotations

from paisho_page.base.dom_writes import Write, hidden
from paisho_page.learn.progress import KEY, Progress, ProgressStore
from paisho_page.storage import games_index, schema
from paisho_page.storage.game_store import Storage
from paisho_page.storage.schema import BadSave

OFFER = "learn-offer"
"""The id of the offer's box on the game page."""


def has_played(storage: Storage) -> bool:
    """Whether storage holds a saved game with a move in it (or a list it cannot read)."""
    raw = storage.get(schema.INDEX_KEY)
    if raw is None:
        return storage.get(schema.LEGACY_KEY) is not None
    try:
        return any(entry.plies > 0 for entry in games_index.parse_index(raw))
    except BadSave:
        return True


def should_offer(storage: Storage) -> bool:
    """Whether the game page offers the lessons to this reader."""
    progress, _problem = Progress.read(storage.get(KEY))
    return not (progress.offer_dismissed or progress.started or has_played(storage))


def dismiss(storage: Storage) -> None:
    """Never offer again (the reader dismissed or followed the offer)."""
    store = ProgressStore(storage)
    progress, _notice = store.load()
    store.save(progress.dismiss())


def offer_writes(show: bool) -> tuple[Write, ...]:
    """Show or hide the offer."""
    return (hidden(OFFER, not show),)
