"""Whole games in West Frisian (issue #24): a Skud game and an Ancient game (two people
passing the device) played by clicks on ``fy/``: no sentence of the page is left in
English, at 1366×768.  (Frisian is written in Latin letters, so the check is against the
catalog: no visible text is an English message whose Frisian differs.)"""

from __future__ import annotations

import random

import pytest
from conftest import (
    PageErrors,
    SiteServer,
    desktop_context,
    goto_ready,
    new_watched_page,
    play_game,
    wait_actions,
)
from conftest import click_token as play_click
from playwright.sync_api import BrowserContext, Page
from test_games_in_russian import SKUD
from test_play_ancient import saved_game
from visible_text import VISIBLE_TEXT_JS, english_templates

from paisho_core.ancient.computer import choose
from paisho_core.skud.game import SkudGame
from paisho_page.play.ui import page_clicks

pytestmark = pytest.mark.e2e

context = pytest.fixture(name="context")(desktop_context)


ENGLISH = english_templates("fy")


class Reader:
    """Reads the page at each step; English sentences found are kept for the end."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.english: list[str] = []

    def read(self, where: str) -> None:
        for text in self.page.evaluate(VISIBLE_TEXT_JS):
            if any(pattern.fullmatch(text) for pattern in ENGLISH):
                self.english.append(f"{where}: {text}")


def test_a_skud_game_in_frisian(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors,
) -> None:
    page = new_watched_page(context, page_errors)
    goto_ready(page, f"{site.base_url}fy/", page_errors)
    assert page.evaluate("document.documentElement.lang") == "fy"
    reader = Reader(page)
    page.click("#btn-new")
    reader.read("the New game dialog")
    page.select_option("#variant-select", "skud")
    page.click("#btn-new-start")
    wait_actions(page, 0)
    play_game(page, SkudGame, SKUD)
    reader.read("after the moves")
    page.click("#btn-resign")
    page.click("#btn-resign-yes")
    page.wait_for_selector("#result:not([hidden])")
    reader.read("the end")
    assert reader.english == []
    page_errors.check()


def test_an_ancient_game_in_frisian_through_the_pass_the_device_screen(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors,
) -> None:
    page = new_watched_page(context, page_errors)
    goto_ready(page, f"{site.base_url}fy/", page_errors)
    reader = Reader(page)
    page.click("#btn-new")
    page.select_option("#variant-select", "ancient")
    page.wait_for_selector("#ancient-fields:not([hidden])")
    page.select_option("#ancient-count-select", "2")
    page.select_option("#ancient-seat-0", "person")
    page.select_option("#ancient-seat-1", "person")
    reader.read("the New game dialog (Ancient)")
    page.click("#btn-new-start")
    page.wait_for_selector("#ancient-panel:not([hidden])", state="attached")
    rng = random.Random(2)
    looking: int | None = None
    for _ in range(8):
        game = saved_game(page, players=2, computers=())
        seat = game.to_move
        if seat is None:
            break
        if looking != seat:
            page.wait_for_selector("#ancient-handover:not([hidden])")
            reader.read("the pass-the-device screen")
            page.click("#btn-ancient-ready")
            looking = seat
        reader.read(f"P{seat + 1}'s turn")
        action = choose(game, rng)
        assert action is not None
        for token in page_clicks(game, action):  # a discard: its tile twice
            play_click(page, seat, token, skip="#btn-ancient-pass")
        page.wait_for_function(
            "(n) => Number(document.querySelector('#board-holder').dataset.actions) > n",
            arg=len(game.history),
        )
    if page.locator("#ancient-handover").is_visible():
        reader.read("the pass-the-device screen")
        page.click("#btn-ancient-ready")
    page.click("#btn-share")
    reader.read("the Share dialog")
    assert reader.english == []
    page_errors.check()


def test_the_always_visible_buttons_keep_their_frisian_capitals(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors,
) -> None:
    """The Undo button, in view on every game page, reads "Ûngedien meitsje": a capital
    keeps its circumflex (not "Ungedien"); Redo and the zoom buttons' names too."""
    page = new_watched_page(context, page_errors)
    goto_ready(page, f"{site.base_url}fy/", page_errors)
    assert page.text_content("#btn-undo") == "Ûngedien meitsje"
    assert page.get_attribute("#btn-undo", "title") == "Ûngedien meitsje (Ctrl+Z)"
    assert page.text_content("#btn-redo") == "Opnij"
    assert page.get_attribute("#btn-zoom-out", "aria-label") == "Útzoome"
    texts = " ".join(page.evaluate(VISIBLE_TEXT_JS))
    assert "Ungedien" not in texts and "Utzoome" not in texts
    page_errors.check()
