"""What a page does when a Python exception escapes its start-up or an event (pure).

Every page (the game page, the embed, the Studio) starts through one guard
(``site/dom.py``'s ``guarded_start``): the page's language, then its module's
``start()``, each a *stage*; every event listener the site adds goes through it too.
Whatever escapes is caught there, and this module decides what the page shows and what
its one button does, so that no exception ever leaves a page blank or half-started:

* :func:`failure_writes`: the page's failure box (``#page-failure``, in each page's
  HTML) shown with a plain sentence in the page's language naming the kind of error
  (never a trace, nothing of the input), ``<html data-engine="failed">`` for a failed
  start (the site sets it: the page is then in a final state, its saved games
  untouched);
* :func:`fresh_address`: "Start fresh" opens the same page without its link and
  without resuming the game being resumed (``?fresh=1``: the game page starts a new
  game; the Studio and the embed open without a link).  It never deletes a saved game:
  every game stays in storage, listed in "Your games";
* :data:`FAILED_KEY`: the game page remembers which saved game it was resuming when its
  start failed, and no tab resumes that game by itself again (it stays listed, and
  resuming it from "Your games" is allowed: see :mod:`paisho_page.storage.game_store`).
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from paisho_page.base import dom_writes
from paisho_page.base.dom_writes import Write
from paisho_page.words.i18n import _

BOX = "page-failure"
"""The id of each page's failure box (hidden until a failure)."""
TEXT = "page-failure-text"
BUTTON = "btn-start-fresh"
STATUS = "status"
"""The status line of the game page and the embed ("Loading the engine…" until ready)."""
FRESH = "fresh"
"""The query parameter of "Start fresh"."""
FAILED_KEY = "paisho.boot.failed.v1"
"""``localStorage`` key: the id of the saved game whose start-up failed (not resumed by
itself again)."""
STAGES = ("language", "start", "event")
"""Where a failure can be caught: loading the page's language, its ``start()``, an
event listener."""


@dataclass(frozen=True)
class Failure:
    """A caught exception: the stage and the kind of error (its class name only)."""

    stage: str
    kind: str

    @property
    def at_start(self) -> bool:
        """True when the page did not finish starting (the guard then ends it)."""
        return self.stage != "event"


def caught(stage: str, exc: BaseException) -> Failure:
    """The failure of ``exc`` caught at ``stage`` (one of :data:`STAGES`)."""
    if stage not in STAGES:
        raise ValueError(f"unknown stage {stage!r}")
    return Failure(stage, type(exc).__name__)


def message(failure: Failure) -> str:
    """The plain sentence the page shows for ``failure``, in the page's language."""
    if failure.at_start:
        return _(
            "This page ran into an error and could not start ({error}). Your saved games"
            " are kept as they were: choose Start fresh to open the page without this link"
            " or game; every saved game stays in Your games."
        ).format(error=failure.kind)
    return _(
        "Something went wrong on this page ({error}). Your saved games are kept as they"
        " were; if the page no longer responds, choose Start fresh."
    ).format(error=failure.kind)


def failure_writes(failure: Failure) -> tuple[Write, ...]:
    """What the page writes to show ``failure``: its box, its sentence, its button (and
    for a failed start, the status line no longer says the engine is loading)."""
    box = (
        dom_writes.text(TEXT, message(failure)),
        dom_writes.hidden(BUTTON, False),
        dom_writes.disabled(BUTTON, False),
        dom_writes.hidden(BOX, False),
        dom_writes.data(BOX, "stage", failure.stage),
        dom_writes.data(BOX, "error", failure.kind),
    )
    if not failure.at_start:
        return box
    return (dom_writes.text(STATUS, _("The page could not start.")), *box)


def fresh_address(href: str, game_page: bool) -> str:
    """Where "Start fresh" goes from ``href``: the same page with no fragment; the game
    page also with ``fresh=1`` (start a new game, resume nothing), other query
    parameters (``lang``) kept, the embed's and Studio's own ones dropped but ``lang``."""
    parts = urlsplit(href)
    query = [(k, v) for k, v in parse_qsl(parts.query) if k == "lang"]
    if game_page:
        query.append((FRESH, "1"))
    return urlunsplit((parts.scheme, parts.netloc, parts.path, urlencode(query), ""))


def is_fresh(search: str) -> bool:
    """Whether the page's query (``location.search``) asks for a fresh start."""
    return any(k == FRESH for k, _v in parse_qsl(search.lstrip("?")))


def without_fresh(href: str) -> str:
    """``href`` without the ``fresh`` parameter (what the address bar keeps)."""
    parts = urlsplit(href)
    query = [(k, v) for k, v in parse_qsl(parts.query) if k != FRESH]
    return urlunsplit((parts.scheme, parts.netloc, parts.path, urlencode(query), parts.fragment))
