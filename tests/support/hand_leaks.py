"""Whether something the page wrote deals a hand of a running game with hidden hands
(its seed, or a link that opens a game of that seed), for the page-logic and the e2e
tests of the guard at every exit (``paisho_page.sharing.exits``)."""

from __future__ import annotations

import re

from paisho_core import link

_FRAGMENT = re.compile(r"#([0-9][A-Za-z0-9._~-]*)")
"""A game link's fragment wherever it stands (an address, a snippet, markup, JSON)."""


def leak(text: str, seed: int) -> str | None:
    """Why ``text`` deals the hands of the running game of ``seed``: it holds the seed
    (written out), or a link opening a game of that seed that is not over (``None``: it
    does neither; a finished game's link carries everything, as it may)."""
    if str(seed) in text:
        return "it holds the seed"
    for fragment in _FRAGMENT.findall(text):
        opened, _error = link.decode_partial(fragment)
        if opened is not None and opened.seed == seed and not opened.is_over:
            return f"it holds a link to the game: #{fragment[:24]}…"
    return None
