"""A Studio position the page tests share (``paisho_page.studio.editor``)."""

from __future__ import annotations

from paisho_core.board import Point
from paisho_page.studio.editor import Studio

BASE = "https://wiki.example/paisho/studio.html"
"""Where the tests' Studio page is served."""
HOSTILE = "<img src=x onerror=alert(1)>"
"""A caption or title that must stay text."""


def skud_position() -> Studio:
    """A Skud position by palette clicks: a Host Rose on (1,1), a Guest White Jade on
    (-3,2), the Host to move."""
    studio = Studio("skud")
    for code, owner, where in (("R3", 0, Point(1, 1)), ("W5", 1, Point(-3, 2))):
        studio.select(
            next(i for i, t in enumerate(studio.palette) if t.code == code and t.owner == owner)
        )
        studio.click(where)
    studio.select(studio.tool or 0)
    return studio
