"""The reader's puzzle record, kept in the browser with the saves.

One ``localStorage`` entry, :data:`KEY`, holds::

    {"v": 1, "rating": 1260, "played": 7, "solved": ["skud-1a2b3c4d", …],
     "failed": ["wiki-…"]}

It is read as any stored record is (:meth:`Record.read`: bounded JSON, every field
typed, anything malformed dropped and named); :class:`RecordStore` keeps it: a damaged
entry is set aside (``paisho.setaside.v1.…``) with its good parts stored back and the
reader told once, and every write merges with what storage holds (puzzles solved or
failed only grow, the rating of the record that played more wins), so a second tab or
a reload loses nothing.  Pure: the storage is the page's.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from paisho_page.storage import aside, game_store
from paisho_page.storage.game_store import Storage
from paisho_page.storage.safejson import BadJSON, loads
from paisho_page.words.i18n import _

from . import rating as elo

KEY = "paisho.puzzles.v1"
"""The ``localStorage`` key of the reader's puzzle record."""
VERSION = 1
MAX_CHARS = 100_000
"""Longest stored record read."""
MAX_IDS = 2_000
"""Most puzzles a record names."""
MAX_PLAYED = 10**6
"""Most puzzles a record counts as played (the count stays there)."""
ID = re.compile(r"[a-z0-9]{1,20}-[0-9a-f]{8}")
"""A puzzle id as the engine writes them."""


def _ids(raw: object) -> tuple[list[str], bool]:
    if not isinstance(raw, list):
        return [], False
    good = [i for i in raw if isinstance(i, str) and ID.fullmatch(i)]
    return good[:MAX_IDS], len(good) == len(raw) and len(raw) <= MAX_IDS


@dataclass(frozen=True)
class Record:
    """The reader's rating, how many puzzles they played, those solved and failed."""

    rating: int = elo.START
    played: int = 0
    solved: frozenset[str] = frozenset()
    failed: frozenset[str] = frozenset()

    @property
    def tried(self) -> frozenset[str]:
        """Every puzzle solved or failed."""
        return self.solved | self.failed

    @classmethod
    def read(cls, text: str | None) -> tuple[Record, str | None]:
        """The stored record and the first problem found in it, in plain words."""
        if not text:
            return cls(), None
        try:
            data = loads(text, max_chars=MAX_CHARS, max_depth=3)
        except BadJSON as exc:
            return cls(), str(exc)
        if not isinstance(data, dict):
            return cls(), _("it is not a record of puzzles")
        problems: list[str] = []
        if data.get("v") != VERSION:
            problems.append(_("its version is not one this page reads"))
        value, played = data.get("rating", elo.START), data.get("played", 0)
        if not (isinstance(value, int) and not isinstance(value, bool)
                and elo.FLOOR <= value <= elo.CEILING
                and isinstance(played, int) and not isinstance(played, bool)
                and 0 <= played <= MAX_PLAYED):
            problems.append(_("its rating is malformed"))
            value, played = elo.START, 0
        solved, good_solved = _ids(data.get("solved", []))
        failed, good_failed = _ids(data.get("failed", []))
        if not (good_solved and good_failed):
            problems.append(_("its list of puzzles is malformed"))
        record = cls(value, played, frozenset(solved), frozenset(failed) - set(solved))
        return record, (problems[0] if problems else None)

    def to_json(self) -> str:
        """The record as stored (sorted, compact), each list within the
        :data:`MAX_IDS` :meth:`read` takes, so what is stored always reads back."""
        return json.dumps({"v": VERSION, "rating": self.rating, "played": self.played,
                           "solved": sorted(self.solved)[:MAX_IDS],
                           "failed": sorted(self.failed)[:MAX_IDS]},
                          separators=(",", ":"))

    def merge(self, other: Record) -> Record:
        """Both records in one: every puzzle solved or failed in either, the rating of
        the one that played more (this one on a tie)."""
        lead = self if self.played >= other.played else other
        solved = self.solved | other.solved
        return Record(lead.rating, lead.played, solved, (self.failed | other.failed) - solved)

    def result(self, ident: str, puzzle_rating: int, solved: bool) -> Record:
        """This record after ``ident`` was solved (or failed).  Only the first try of a
        puzzle moves the rating."""
        if ident in self.tried:
            if solved and ident in self.failed:
                return Record(self.rating, self.played, self.solved | {ident},
                              self.failed - {ident})
            return self
        rating = elo.update(self.rating, puzzle_rating, solved, self.played)
        played = min(MAX_PLAYED, self.played + 1)
        if solved:
            return Record(rating, played, self.solved | {ident}, self.failed)
        return Record(rating, played, self.solved, self.failed | {ident})


@dataclass
class RecordStore:
    """The record in ``storage``: read, merged on every write, a damaged entry set
    aside once."""

    storage: Storage
    set_aside: set[str] = field(default_factory=set)

    def load(self) -> tuple[Record, str | None]:
        """The stored record, and a notice when a damaged entry was just set aside."""
        text = self.storage.get(KEY)
        record, problem = Record.read(text)
        if problem is None or text is None or text in self.set_aside:
            return record, None
        self.set_aside.add(text)
        reason = _("the puzzles' record: {problem}").format(problem=problem)
        game_store.set_aside(self.storage, KEY, text, reason, remove=False)
        self.storage.put(KEY, record.to_json())
        return record, aside.set_aside_notice(_("Your puzzle rating"), problem)

    def save(self, record: Record) -> Record:
        """Store ``record`` merged with what storage holds now; the merged record."""
        stored, problem = Record.read(self.storage.get(KEY))
        if problem is not None:
            self.load()
        merged = record.merge(stored)
        self.storage.put(KEY, merged.to_json())
        return merged
