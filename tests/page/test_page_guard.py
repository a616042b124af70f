"""The start-up guard's decisions (paisho_page/base/page_guard.py, over a fake DOM and storage).

Whatever escapes a stage of a page's start-up (its language, storage, resuming, the
link, drawing) or an event listener is caught by the site's guard; these tests inject a
failure at each stage and check what the page then shows (a plain sentence in the
page's language, "Start fresh") and what Start fresh does (a new game, no link, no
resume) — and that no saved game is changed or deleted on the way.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import pytest
from dict_storage import DictStorage
from hypothesis import given
from hypothesis import strategies as st
from language import speaking

from paisho_core.registry import new_game
from paisho_page.base import dom_writes, page_guard
from paisho_page.storage import schema
from paisho_page.storage.game_store import GameStore


def skud(plies: int) -> Any:
    game = new_game("skud", (), None)
    for _ in range(plies):
        game.apply(game.legal_actions()[0])
    return game


class FakeDom:
    """The elements a guard writes to, as a dictionary of (target, name) → value."""

    def __init__(self) -> None:
        self.values: dict[tuple[str, str], str | bool] = {
            (page_guard.BOX, "hidden"): True, (page_guard.BUTTON, "hidden"): True,
        }
        self.engine = "loading"

    def apply(self, writes: tuple[dom_writes.Write, ...]) -> None:
        self.values.update(dom_writes.by_target(writes))


def start_page(
    storage: DictStorage, dom: FakeDom, fail_at: str | None, fresh: bool = False
) -> GameStore:
    """The game page's start-up as the site runs it, through the guard: each stage may
    be made to fail (``fail_at``)."""
    store = GameStore(storage)

    def stage(name: str, work: Callable[[], object]) -> None:
        if name == fail_at:
            raise RuntimeError(f"injected at {name}")
        work()

    def start() -> None:
        stage("storage", lambda: store.boot(fresh))
        stage("resume", lambda: None)
        stage("link", lambda: None)
        stage("draw", lambda: None)
        dom.engine = "ready"

    with contextlib.suppress(RuntimeError):  # the guard goes on in English
        stage("language", lambda: None)
    try:
        start()
    except Exception as exc:
        failure = page_guard.caught("start", exc)
        dom.apply(page_guard.failure_writes(failure))
        store.start_failed()
        dom.engine = "failed"
    return store


STAGES = ["language", "storage", "resume", "link", "draw"]


@pytest.mark.parametrize("fail_at", STAGES)
def test_a_failure_at_any_stage_shows_the_box_and_keeps_every_game(fail_at: str) -> None:
    storage = DictStorage()
    first = GameStore(storage)
    first.boot()
    first.save(skud(5), None)
    before = {k: v for k, v in storage.data.items() if k.startswith(schema.GAME_PREFIX)}
    dom = FakeDom()
    start_page(storage, dom, fail_at)
    if fail_at == "language":  # caught, and the page starts in English
        assert dom.engine == "ready" and dom.values[(page_guard.BOX, "hidden")] is True
        return
    assert dom.engine == "failed"
    assert dom.values[(page_guard.BOX, "hidden")] is False
    assert dom.values[(page_guard.BUTTON, "hidden")] is False
    text = str(dom.values[(page_guard.TEXT, "textContent")])
    assert "RuntimeError" in text and "injected" not in text  # the kind, nothing more
    after = {k: v for k, v in storage.data.items() if k.startswith(schema.GAME_PREFIX)}
    assert after == before  # nothing deleted nor changed
    # Start fresh: a new game, nothing resumed, the old one still listed in Your games
    dom = FakeDom()
    store = start_page(storage, dom, None, fresh=True)
    assert dom.engine == "ready"
    assert store.game_id != first.game_id and storage.tab == store.game_id
    assert first.game_id in {e.id for e in store.listed(skud(0), None)}


def test_the_game_whose_start_failed_is_not_resumed_by_itself_again() -> None:
    storage = DictStorage()
    first = GameStore(storage)
    first.boot()
    first.save(skud(5), None)
    start_page(storage, FakeDom(), "draw")  # resumed it, then failed while drawing
    assert storage.data[page_guard.FAILED_KEY] == first.game_id
    for fresh_tab in (False, True):  # a reload, a new tab: the page starts
        storage.tab = None if fresh_tab else storage.tab
        dom = FakeDom()
        store = start_page(storage, dom, None)
        assert dom.engine == "ready" and store.game_id != first.game_id
    # asked for from Your games, it is resumed (and the mark goes)
    switch, _note = store.resume(first.game_id)
    assert switch is not None and switch.game.to_text() == skud(5).to_text()
    assert page_guard.FAILED_KEY not in storage.data


@pytest.mark.parametrize("lang", ["ru", "fy"])
def test_the_message_is_in_the_pages_language(lang: str) -> None:
    failure = page_guard.caught("start", KeyError("x"))
    english = page_guard.message(failure)
    with speaking(lang):
        said = page_guard.message(failure)
        event = page_guard.message(page_guard.caught("event", KeyError("x")))
    assert said != english and "KeyError" in said and "KeyError" in event
    assert not page_guard.caught("event", KeyError()).at_start


def test_an_unknown_stage_is_a_bug() -> None:
    with pytest.raises(ValueError, match="stage"):
        page_guard.caught("nowhere", RuntimeError())


@pytest.mark.parametrize(("href", "game", "expected"), [
    ("https://x.org/p/#2abc", True, "https://x.org/p/?fresh=1"),
    ("https://x.org/p/ru/?lang=ru&fresh=1#3abc", True, "https://x.org/p/ru/?lang=ru&fresh=1"),
    ("https://x.org/p/embed.html?mode=try&lang=fy#2abc", False,
     "https://x.org/p/embed.html?lang=fy"),
    ("https://x.org/p/studio.html#demo=~1xyz", False, "https://x.org/p/studio.html"),
])
def test_start_fresh_drops_the_link(href: str, game: bool, expected: str) -> None:
    assert page_guard.fresh_address(href, game) == expected
    assert page_guard.is_fresh(page_guard.fresh_address(href, game).partition("?")[2]) == game


@given(st.text(alphabet="abc=&%#?/:.fresh1", max_size=40))
def test_the_fresh_mark_is_removed_from_any_address(tail: str) -> None:
    href = "https://x.org/p/?" + tail
    cleaned = page_guard.without_fresh(href)
    assert not page_guard.is_fresh(cleaned.partition("?")[2].partition("#")[0])
    assert page_guard.is_fresh(page_guard.fresh_address(href, True).partition("?")[2])


def test_a_failed_start_says_so_in_the_status_line_an_event_failure_leaves_it() -> None:
    start = dom_writes.by_target(page_guard.failure_writes(page_guard.caught("start", OSError())))
    event = dom_writes.by_target(page_guard.failure_writes(page_guard.caught("event", OSError())))
    assert start[(page_guard.STATUS, "textContent")] == "The page could not start."
    assert (page_guard.STATUS, "textContent") not in event
