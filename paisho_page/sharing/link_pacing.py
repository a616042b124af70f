"""Opening a long shared link without freezing the page: the pacing of its replay.

A link is replayed step by step (:func:`paisho_page.sharing.link_open.open_link_steps` yields its
progress every few actions).  The page runs :func:`run_chunk` and, if the replay is not
done, paints the progress (:func:`progress_text`) and runs the next chunk after a
paint.  The rules (README, "Sharing a game"):

* the first chunk lasts up to :data:`OPEN_AT_ONCE_S`: a link replayed within it shows
  no progress at all;
* a chunk whose time is up goes on anyway when the rest, at the pace so far, should
  take at most :data:`OPEN_FINISH_S` (a pause to paint would only make it later); it is
  extended once per chunk, by twice that;
* later chunks last :data:`OPEN_CHUNK_S`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from dataclasses import dataclass

from paisho_core.link import Progress
from paisho_page.sharing.link_open import OpenedLink
from paisho_page.words.i18n import _

OPEN_AT_ONCE_S = 0.2
"""A link is replayed in one go for this long; a longer one shows its progress."""
OPEN_FINISH_S = 0.1
"""…unless the rest, at the pace so far, takes at most this long: then it is finished at
once (a pause to paint the progress would only make it later)."""
OPEN_CHUNK_S = 0.1
"""Otherwise the replay runs in chunks this long, letting the page paint between."""

Steps = Generator[Progress, None, OpenedLink]


@dataclass(frozen=True)
class Chunk:
    """What one chunk of a replay did."""

    busy: float
    """Seconds spent replaying so far, this chunk included (without the paints)."""
    ended: float
    """The clock when the chunk ended."""
    progress: Progress | None = None
    """Where the replay stopped for a paint (``None`` when it is done)."""
    opened: OpenedLink | None = None
    """The decoded link, when the replay is done."""


def time_left(spent: float, done: int, total: int) -> float:
    """The time the rest should take at the pace so far (``spent`` for ``done`` steps)."""
    return spent * (total - done) / max(done, 1)


def run_chunk(
    steps: Steps, budget: float, busy: float = 0.0,
    clock: Callable[[], float] = time.perf_counter,
) -> Chunk:
    """Replay ``steps`` for about ``budget`` seconds (longer when the rest should take at
    most :data:`OPEN_FINISH_S`); ``busy``: the time spent in earlier chunks.

    Errors of the replay propagate (the page says the link could not be opened)."""
    began = clock()
    stop = began + budget
    extended = False
    try:
        while True:
            progress = next(steps)
            now = clock()
            if now >= stop:
                left = time_left(busy + now - began, progress.done, progress.total)
                if extended or left > OPEN_FINISH_S:
                    return Chunk(busy + now - began, now, progress=progress)
                extended = True  # nearly done: finish without a pause (once per chunk)
                stop = now + 2 * OPEN_FINISH_S
    except StopIteration as done:
        now = clock()
        return Chunk(busy + now - began, now, opened=done.value)


def progress_text(progress: Progress) -> str:
    """What the page says while a long link opens."""
    return _("Opening shared game… {done}/{total}").format(done=progress.done, total=progress.total)


def timing_marks(chunk: Chunk, started: float, shown: float) -> dict[str, str]:
    """The link's timings in milliseconds, as ``<html data-…>`` entries (for the
    benchmark): time spent replaying, from start to the end of the replay, to show the
    decoded game, and from start to the game shown (``started``, ``shown``: clock times)."""
    return {
        "linkBusyMs": str(round(chunk.busy * 1000)),
        "linkDecodedMs": str(round((chunk.ended - started) * 1000)),
        "linkShowMs": str(round((shown - chunk.ended) * 1000)),
        "linkOpenMs": str(round((shown - started) * 1000)),
    }
