"""The reader's progress through the lessons, kept in the browser with the saves.

One ``localStorage`` entry, :data:`KEY`, holds::

    {"v": 1, "done": ["skud-board", …], "at": {"skud-harmony": 2},
     "last": "skud-harmony", "offer": "dismissed"}

the lessons finished, the task reached in each lesson begun (the index of the first task
not yet done), the lesson last opened and whether the newcomer's offer was dismissed.
It is read as any stored record is (:func:`Progress.read`: bounded JSON, every field
typed, anything malformed dropped and named), and :class:`ProgressStore` keeps it:

* a damaged entry is set aside like other bad data (kept under
  ``paisho.setaside.v1.…``, listed in *Your games*), its good parts stored back, and
  the reader told once;
* every write reads the entry again and merges (:meth:`Progress.merge`: lessons done
  and tasks reached only grow), so a second tab never loses the first one's progress,
  and a reload finds what was stored.

Lesson names are kept as read (a name no course knows any more does no harm).  Pure:
the storage is the page's (:class:`paisho_page.storage.game_store.Storage`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from paisho_page.storage import aside, game_store
from paisho_page.storage.game_store import Storage
from paisho_page.storage.safejson import BadJSON, loads
from paisho_page.words.i18n import _

KEY = "paisho.learn.v1"
"""The ``localStorage`` key of the reader's progress."""
VERSION = 1
MAX_CHARS = 50_000
"""Longest stored progress read (a whole course done is ~2,000 characters)."""
MAX_LESSONS = 500
"""Most lessons the progress names (done, or begun)."""
MAX_TASK = 50
"""Highest task index kept."""
NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,59}")
"""A lesson name as the courses spell them."""
DISMISSED = "dismissed"


def _name(value: object) -> bool:
    return isinstance(value, str) and NAME.fullmatch(value) is not None


def _bounded(done: list[str], at: dict[str, int]) -> tuple[list[str], dict[str, int], bool]:
    """``done`` and ``at`` if they name at most ``2 * MAX_LESSONS`` lessons, else the
    first :data:`MAX_LESSONS` of each; and whether they were cut."""
    if len(done) + len(at) <= 2 * MAX_LESSONS:
        return done, at, False
    return done[:MAX_LESSONS], dict(list(at.items())[:MAX_LESSONS]), True


@dataclass(frozen=True)
class Progress:
    """Lessons done, the task reached in each, the last lesson, the offer's state."""

    done: frozenset[str] = frozenset()
    at: Mapping[str, int] = field(default_factory=dict)
    last: str = ""
    offer_dismissed: bool = False

    @property
    def started(self) -> bool:
        """Whether the reader has begun any lesson."""
        return bool(self.done or self.at or self.last)

    def reached(self, name: str) -> int:
        """The task reached in lesson ``name`` (0: not begun)."""
        return self.at.get(name, 0)

    @classmethod
    def read(cls, text: str | None) -> tuple[Progress, str | None]:
        """The stored progress and the first problem found in it, in plain words
        (``None``: nothing wrong); what is malformed is dropped, the rest kept."""
        if not text:
            return cls(), None
        try:
            data = loads(text, max_chars=MAX_CHARS, max_depth=3)
        except BadJSON as exc:
            return cls(), str(exc)
        if not isinstance(data, dict):
            return cls(), _("it is not a record of lessons")
        problems: list[str] = []
        if data.get("v") != VERSION:
            problems.append(_("its version is not one this page reads"))
        raw_done = data.get("done", [])
        done = [n for n in raw_done if _name(n)] if isinstance(raw_done, list) else []
        if not isinstance(raw_done, list) or len(done) != len(raw_done):
            problems.append(_("its list of lessons done is malformed"))
        raw_at = data.get("at", {})
        at: dict[str, int] = {}
        if isinstance(raw_at, dict):
            for key, value in raw_at.items():
                if (_name(key) and isinstance(value, int) and not isinstance(value, bool)
                        and 0 <= value <= MAX_TASK):
                    at[key] = value
                else:
                    problems.append(_("the task reached in {lesson} is malformed").format(
                        lesson=repr(str(key)[:30])))
        else:
            problems.append(_("its tasks reached are not a table"))
        last = data.get("last", "")
        if not (last == "" or _name(last)):
            problems.append(_("its last lesson is malformed"))
            last = ""
        offer = data.get("offer")
        if offer not in (None, DISMISSED):
            problems.append(_("its offer mark is malformed"))
        done, at, cut = _bounded(done, at)
        if cut:
            problems.append(_("it names too many lessons"))
        kept = cls(frozenset(done), at, str(last), offer == DISMISSED)
        return kept, (problems[0] if problems else None)

    def to_json(self) -> str:
        """The progress as stored (sorted, compact), within the bounds :meth:`read` takes
        (past them, the first :data:`MAX_LESSONS` of each, as :meth:`read` keeps), so
        what is stored always reads back without a problem."""
        done, at, _cut = _bounded(sorted(self.done), dict(sorted(self.at.items())))
        data: dict[str, object] = {"v": VERSION, "done": done, "at": at, "last": self.last}
        if self.offer_dismissed:
            data["offer"] = DISMISSED
        return json.dumps(data, separators=(",", ":"))

    def merge(self, other: Progress) -> Progress:
        """Both progresses in one: lessons done and tasks reached of either (the
        furthest), this one's last lesson (else the other's), dismissed if either is."""
        at = dict(other.at)
        for name, index in self.at.items():
            at[name] = max(index, at.get(name, 0))
        return Progress(self.done | other.done, at, self.last or other.last,
                        self.offer_dismissed or other.offer_dismissed)

    def reach(self, name: str, index: int) -> Progress:
        """This progress with task ``index`` of lesson ``name`` reached (never less than
        before), and that lesson the last one."""
        at = dict(self.at)
        at[name] = min(MAX_TASK, max(index, at.get(name, 0)))
        return replace(self, at=at, last=name)

    def finish(self, name: str) -> Progress:
        """This progress with lesson ``name`` done."""
        return replace(self, done=self.done | {name}, last=name)

    def dismiss(self) -> Progress:
        """This progress with the newcomer's offer dismissed."""
        return replace(self, offer_dismissed=True)


@dataclass
class ProgressStore:
    """The progress in ``storage``: read, merged on every write, a damaged entry set
    aside once."""

    storage: Storage
    set_aside: set[str] = field(default_factory=set)
    """Damaged texts this page has set aside already."""

    def load(self) -> tuple[Progress, str | None]:
        """The stored progress, and a notice when a damaged entry was just set aside
        (its good parts are stored back)."""
        text = self.storage.get(KEY)
        progress, problem = Progress.read(text)
        if problem is None or text is None or text in self.set_aside:
            return progress, None
        self.set_aside.add(text)
        reason = _("the lessons' progress: {problem}").format(problem=problem)
        game_store.set_aside(self.storage, KEY, text, reason, remove=False)
        self.storage.put(KEY, progress.to_json())
        return progress, aside.set_aside_notice(_("Your progress in the lessons"), problem)

    def save(self, progress: Progress) -> Progress:
        """Store ``progress`` merged with what storage holds now (another tab's
        progress kept); the merged progress (storage full or blocked: ``progress``)."""
        stored, problem = Progress.read(self.storage.get(KEY))
        if problem is not None:
            self.load()  # set the damaged entry aside before writing over it
        merged = progress.merge(stored)
        self.storage.put(KEY, merged.to_json())
        return merged
