"""What a key press means on the game page: pure logic for ``site/game_page.py``.

Ctrl+Z (or Cmd+Z) undoes and Ctrl+Y or Ctrl+Shift+Z redoes, except while typing in a
field; Escape cancels the selection; the arrows move the keyboard cursor on the board,
and Enter or Space choose the point under it (the page checks the board has the focus).
"""

from __future__ import annotations

UNDO, REDO, CANCEL, MOVE, CHOOSE = "undo", "redo", "cancel", "move", "choose"
"""The commands a key may give."""

TYPING_TAGS = frozenset({"input", "select", "textarea"})
"""The elements in which a key is typing, not a command."""

ARROWS = ("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight")


def typing(tag: str) -> bool:
    """True when the focused element (its tag name, any case) takes typed keys."""
    return tag.lower() in TYPING_TAGS


def key_command(key: str, ctrl: bool, shift: bool, focused_tag: str) -> str | None:
    """The command of ``key`` (``ctrl``: Ctrl or Cmd held) with ``focused_tag`` the tag
    name of the focused element, or ``None``."""
    lower = key.lower()
    if ctrl and lower in ("z", "y"):
        if typing(focused_tag):
            return None
        return REDO if lower == "y" or shift else UNDO
    if key in ("Escape", "Esc"):
        return CANCEL
    if key in ARROWS:
        return MOVE
    if key in ("Enter", " "):
        return CHOOSE
    return None
