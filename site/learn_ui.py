"""The game page's offer to a newcomer, "New to Pai Sho? Learn in 5 minutes" (a
page-wide panel): shown when :func:`paisho_page.learn.offer.should_offer` says so;
closing it, or following it to the Learn page, stores that it was seen, so it is not
shown again.  The header's Learn link is plain HTML.
"""

from __future__ import annotations

from typing import Any

import web_storage  # the browser's storage (site/web_storage.py)
from dom import apply, el, on

from paisho_page.learn import offer
from paisho_page.panels.hooks import Host, Panel


def on_close(_event: Any) -> None:
    """"No, thanks": never offer again."""
    offer.dismiss(web_storage.BROWSER)
    apply(offer.offer_writes(False))


def on_follow(_event: Any) -> None:
    """Following the offer counts as seeing it (the link then opens the Learn page)."""
    offer.dismiss(web_storage.BROWSER)


class LearnOfferPanel(Panel):
    """The newcomer's offer (for every game)."""

    def install(self, host: Host) -> None:
        """Show the offer to a newcomer and wire its two controls."""
        if el(offer.OFFER) is None:
            return
        on(el("btn-learn-offer-close"), "click", on_close)
        on(el("learn-offer-link"), "click", on_follow)
        apply(offer.offer_writes(offer.should_offer(web_storage.BROWSER)))


PANEL = LearnOfferPanel()
"""The offer's panel, found by game_page (:mod:`paisho_page.panels.hooks`)."""
