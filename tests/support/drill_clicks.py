"""Clicks (or taps) on the lesson view's board and panel, shared by the Learn and
Puzzles pages' browser tests: a token becomes a click on its board point, its tile in
the panel's reserve box (``#<panel>-reserve``) or its button in the panel."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

from paisho_core.tokens import reserve_code, token_point


def press(page: Page, selector: str, touch: bool) -> None:
    """A tap on a phone, a click elsewhere."""
    if touch:
        page.locator(selector).first.tap()
    else:
        page.click(selector)


def play(page: Page, tokens: list[str], touch: bool = False, frame: Any = None,
         panel: str = "lesson") -> None:
    """Make ``tokens`` on the view (in ``frame`` when given) whose panel is ``#panel``."""
    for token in tokens:
        point = token_point(token)
        if point is not None:
            selector = f"#board [data-point='{point}']"
        elif reserve_code(token) is not None:
            selector = f"#{panel}-reserve [data-token='{token}']"
        else:
            selector = f"#{panel} [data-token='{token}']"
        if frame is not None:
            frame.locator(selector).click()
        else:
            press(page, selector, touch)
