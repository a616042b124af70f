"""The kinds of the page's messages, so each is shown as what it tells.

A message is *information* (``New game.``, ``Selection cancelled.``, a Hint), a
*success* (``A new best score ever!``) or an *error* (a refused click, a move that
cannot be made); the page writes the kind beside the text (the message line's
``data-kind``) and the style sheet colours each kind (an error in the error colour only).
"""

from __future__ import annotations

from typing import Literal

Kind = Literal["info", "success", "error"]

INFO: Kind = "info"
SUCCESS: Kind = "success"
ERROR: Kind = "error"
KINDS: tuple[Kind, ...] = (INFO, SUCCESS, ERROR)
