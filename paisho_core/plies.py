"""A game record's plies as people write them: separated by ``;`` or line breaks.

A record pasted into the page or given to the CLI may put one ply on a line (as
``examples/skud-ring.txt`` does) or join them with ``;`` (as :meth:`Game.to_text`
writes them); blank plies are dropped.  The page's Notation dialog and the CLI read a
record through :func:`split_plies`, so they accept and refuse the same texts.
"""

from __future__ import annotations


def split_plies(text: str) -> list[str]:
    """The plies of a game text: separated by ``;`` or line breaks, blanks dropped."""
    flat = text.replace("\r", "\n").replace("\n", ";")
    return [p.strip() for p in flat.split(";") if p.strip()]


def joined(text: str) -> str:
    """The game text with its plies joined by ``;`` (as :meth:`Game.to_text` writes)."""
    return ";".join(split_plies(text))
