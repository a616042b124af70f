"""The lessons in Chromium: a newcomer's offer on the game page, Skud's first three
lessons finished by clicks (desktop) and by taps in Russian (a phone), a Wiki lesson
with a Boat push in Frisian, a lesson embedded in a host page on another origin, and
the progress kept across a reload and against a poisoned storage entry."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import PageErrors, SiteServer, goto_ready, host_page, new_watched_page
from drill_clicks import play, press
from playwright.sync_api import Browser, BrowserContext, Page

from paisho_core.lessons import TaskRun, get_lesson

pytestmark = pytest.mark.e2e

DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


def solution_clicks(name: str, index: int) -> list[str]:
    """The click tokens of task ``index``'s solution, from the engine."""
    run = TaskRun(get_lesson(name), index)
    game = run.start.copy()
    tokens: list[str] = []
    for action in run.solution():
        tokens += game.action_clicks(action)
        game.apply(action)
    return tokens


def state(where: Any) -> dict[str, str]:
    """The lesson panel's words and state."""
    return {
        key: str(where.locator(sel).text_content() or "")
        for key, sel in (
            ("title", "#lesson-title"),
            ("counter", "#lesson-counter"),
            ("message", "#lesson-message"),
            ("prompt", "#lesson-prompt"),
        )
    } | {"state": str(where.locator("#lesson").get_attribute("data-state"))}


def finish(page: Page, names: list[str], touch: bool) -> None:
    """Play every task of the lessons ``names`` in order, Next after each."""
    for name in names:
        for index in range(len(get_lesson(name).tasks)):
            assert page.get_attribute("#lesson", "data-lesson") == name
            assert page.get_attribute("#lesson", "data-task") == str(index)
            play(page, solution_clicks(name, index), touch)
            assert state(page)["state"] == "met", state(page)
            press(page, "#btn-lesson-next", touch)


@pytest.fixture
def desktop(browser: Browser) -> Iterator[BrowserContext]:
    ctx = browser.new_context(viewport=DESKTOP, service_workers="block")
    yield ctx
    ctx.close()


@pytest.fixture
def phone(browser: Browser) -> Iterator[BrowserContext]:
    ctx = browser.new_context(
        viewport=PHONE, has_touch=True, is_mobile=True, service_workers="block"
    )
    yield ctx
    ctx.close()


def test_a_newcomer_follows_the_offer_and_learns_three_skud_lessons(
    desktop: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    page = new_watched_page(desktop, page_errors)
    goto_ready(page, site.base_url, page_errors)
    assert page.locator("#learn-offer").is_visible()
    page.click("#learn-offer-link")
    page.wait_for_url("**/learn.html*")
    page.wait_for_function("() => document.documentElement.dataset.engine === 'ready'")
    assert state(page)["title"] == "The board, its gardens and Gates"
    page.click("#lesson-reserve [data-token='reserve:R4']")  # one wrong try on the way
    page.click("#board [data-point='(0,-8)']")
    wrong = state(page)
    assert wrong["message"].startswith("Not quite: you put a Chrysanthemum on the board")
    assert page.locator("#board [data-point='(0,-8)'] [data-tile]").count() == 0  # put back
    finish(page, ["skud-board", "skud-planting", "skud-moving"], touch=False)
    assert state(page)["title"] == "Harmonies"
    assert page.text_content("#learn-done") == "3 of 30 lessons done"
    assert page.locator(".lesson-item.done").count() == 3
    goto_ready(page, site.base_url, page_errors)
    assert page.locator("#learn-offer").is_hidden()  # never offered again


def test_a_newcomer_on_a_phone_learns_three_skud_lessons_in_russian(
    phone: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    page = new_watched_page(phone, page_errors)
    goto_ready(page, f"{site.base_url}ru/learn.html", page_errors)
    assert state(page)["title"] == "Доска, её сады и порты"
    board = page.locator("#board-holder").bounding_box()
    assert board is not None and board["x"] >= 0 and board["x"] + board["width"] <= 390
    press(page, "#board [data-point='(0,-8)']", touch=True)  # nothing picked yet: refused
    assert page.get_attribute("#lesson-message", "data-kind") == "error"
    finish(page, ["skud-board", "skud-planting", "skud-moving"], touch=True)
    assert state(page)["title"] == "Гармонии"
    assert page.text_content("#learn-done") == "пройдено уроков: 3 из 30"


def test_a_wiki_boat_push_in_frisian(
    desktop: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    page = new_watched_page(desktop, page_errors)
    goto_ready(page, f"{site.base_url}learn.html?lang=fy#lesson=wiki-boat", page_errors)
    assert "/fy/learn.html" in page.url
    assert state(page)["title"] == "De Boat: triuwe en meinimme"
    play(page, ["point:(0,-3)", "point:(0,-2)", "point:(0,-1)"])
    assert state(page)["message"] == "Triuwd: de Boat hat it plak fan de Jasmyn ynnommen."
    tiles = page.evaluate("""() => [...document.querySelectorAll('#board [data-tile]')]
        .map(t => t.closest('[data-point]').dataset.point + t.dataset.tile).sort()""")
    assert "(0,-1)Ja" in tiles and "(0,-2)B" in tiles
    page.click("#btn-lesson-next")
    page.click("#btn-lesson-hint")
    assert state(page)["message"].startswith("Tip: ")
    assert page.locator("#board [data-point].hint").count() >= 2


def test_a_lesson_embedded_in_a_host_page_on_another_origin(
    desktop: BrowserContext, site: SiteServer, host_site: SiteServer, page_errors: PageErrors
) -> None:
    (host_site.dist / "index.html").write_text(
        host_page(f"{site.base_url}embed.html?lesson=skud-capture&lang=ru&id=lesson", 420, 200)
    )
    page = new_watched_page(desktop, page_errors)
    page.goto(host_site.base_url)
    frame = page.frame_locator("#frame")
    frame.locator("html[data-engine='ready']").wait_for(timeout=90_000)
    assert frame.locator("#lesson-title").text_content() == "Захват"
    play(page, solution_clicks("skud-capture", 0), frame=frame)
    assert frame.locator("#lesson-message").text_content() == ("Захвачен: Жасмин вышел из игры.")
    href = frame.locator("#open-full").get_attribute("href")
    assert href == "./learn.html#lesson=skud-capture&task=1"
    page.wait_for_function("() => window.received.some(m => m.id === 'lesson' && m.height > 500)")
    inner = next(f for f in page.frames if f.url.startswith(site.origin))
    assert inner.evaluate("localStorage.length") == 0  # an embedded lesson keeps nothing


def test_progress_survives_a_reload_and_a_poisoned_entry(
    desktop: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    page = new_watched_page(desktop, page_errors)
    page.goto(f"{site.base_url}offline.html")
    poison = json.dumps(
        {
            "v": 1,
            "done": ["skud-board", "<img src=x onerror=alert(1)>"],
            "at": {"wiki-l-move": 1},
            "last": "wiki-l-move",
        }
    )
    page.evaluate("(text) => localStorage.setItem('paisho.learn.v1', text)", poison)
    goto_ready(page, f"{site.base_url}learn.html", page_errors)
    notice = str(page.text_content("#lesson-notice"))
    assert "set aside" in notice and "<img" not in str(page.inner_html("#learn"))
    assert state(page)["title"] == "The L-move" and state(page)["counter"] == "Task 2 of 2"
    page.click("#btn-lesson-show")
    page.reload()
    page.wait_for_function("() => document.documentElement.dataset.engine === 'ready'")
    stored = json.loads(str(page.evaluate("localStorage.getItem('paisho.learn.v1')")))
    assert {"skud-board", "wiki-l-move"} <= set(stored["done"])
    assert page.text_content("#lesson-notice") == ""  # told once
    keys = page.evaluate("Object.keys(localStorage)")
    assert any(str(k).startswith("paisho.setaside.v1.") for k in keys)
    assert page.locator(".lesson-item.done").count() == 2
