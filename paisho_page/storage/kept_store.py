"""The kept games in the page's storage: pure logic for the page.

When a link, an import or "New game" replaces the page's game, it goes to a list of
kept games (:data:`KEPT_KEY`, newest first, see :func:`paisho_page.storage.records.push_kept`)
with its side lines and comments (a record's ``lines``: the extension a saved game keeps,
:func:`paisho_page.play.tree_links.extension`), and the notice offers "Resume it".  A
damaged list is set aside (kept, downloadable in Your games).  :class:`KeptStore` keeps
that list in a :class:`~paisho_page.storage.game_store.Storage`; ``site/kept_games.py``
wires the notice.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from paisho_core import treelink
from paisho_core.errors import PaiShoError
from paisho_page.play.move_list import move_count
from paisho_page.sharing import decisions as sharing
from paisho_page.storage import game_store
from paisho_page.storage.game_store import Storage
from paisho_page.storage.records import Record, contains, game_of_record, push_kept, record_of
from paisho_page.words.i18n import N_, _, describe, ngettext

KEPT_KEY = "paisho.kept.v1"
"""``localStorage`` key of the games kept aside (newest first, see ``push_kept``)."""
NONE_RESUMED = N_("No kept game could be resumed.")
"""(Translated where it is shown.)"""


@dataclass(frozen=True)
class Resumed:
    """The kept game resumed, and whether the game it replaces was kept in turn."""

    game: Any
    swapped: bool
    lines: str = ""
    """Its side lines and comments as they were kept (``""``: none); the page checks
    them against the game as it takes them (:func:`paisho_page.play.tree_links.
    restore_extension`)."""

    @property
    def message(self) -> str:
        """What the page says."""
        n = move_count(self.game)
        return ngettext(
            "Resumed your previous game ({n} move).", "Resumed your previous game ({n} moves).", n
        ).format(n=n)


@dataclass
class KeptStore:
    """The list of kept games in ``storage``."""

    storage: Storage

    def load(self) -> list[Any]:
        """The kept games; a damaged list is set aside (kept, downloadable) and gives []."""
        text = self.storage.get(KEPT_KEY)
        kept, reason = sharing.parse_kept(text)
        if reason is not None and text is not None:
            why = _("the list of kept games could not be read: {reason}").format(reason=reason)
            game_store.set_aside(self.storage, KEPT_KEY, text, why)
        return kept

    def save(self, kept: list[Any]) -> None:
        """Store the kept games (storage full or blocked: nothing else to do)."""
        self.storage.put(KEPT_KEY, json.dumps(kept))

    def keep(
        self,
        game: Any,
        instead_of: Any,
        records: tuple[Record, Record] | None = None,
        lines: str = "",
    ) -> bool:
        """Keep ``game`` aside, with its side lines and comments ``lines``, before
        ``instead_of`` replaces it; True if it was kept.

        See :func:`paisho_page.sharing.decisions.worth_keeping`.  ``records``: the records of
        ``game`` and ``instead_of``, if the caller has them (a long game's record formats
        every move).
        """
        if sharing.hides_hands(game):
            return False
        old, new = records or (record_of(game), record_of(instead_of))
        if not sharing.worth_keeping(game, old, new, bool(lines)):
            return False
        self.save(push_kept(self.load(), with_lines(old, lines)))
        return True

    def resume(self, current: Any, current_lines: str = "") -> Resumed | None:
        """Take the newest kept game that can be replayed (a bad one is set aside), and
        keep ``current`` (the page's game, with its side lines ``current_lines``) in its
        place; ``None``: none could be."""
        kept = self.load()
        while kept:
            record = kept.pop(0)
            try:
                game = game_of_record(record)
            except PaiShoError as exc:  # kept, not dropped: set aside with the reason
                reason = _("a kept game: {error}").format(error=describe(exc))
                game_store.set_aside(self.storage, KEPT_KEY, json.dumps(record), reason, False)
                continue
            if sharing.hides_hands(current):
                self.save(kept)  # a running hidden-hand game stays in Your games, seed sealed
            else:
                self.save(push_kept(kept, with_lines(record_of(current), current_lines)))
            swapped = not contains(record_of(game), record_of(current))
            return Resumed(game, swapped, kept_lines(record))
        self.save([])
        return None


def with_lines(record: Record, lines: str) -> Record:
    """``record`` with the side lines and comments ``lines`` (none: as it is)."""
    return {**record, "lines": lines} if lines else record


def kept_lines(record: Record) -> str:
    """The side lines and comments a kept record holds (``""``: none, or not text of a
    tree link's extension's size; what they say is checked when they are shown)."""
    lines = record.get("lines")
    if isinstance(lines, str) and len(lines) <= treelink.MAX_EXTENSION:
        return lines
    return ""
