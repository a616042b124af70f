"""Each variant's panel logic: what the page shows beside the board for one game.

One module a variant (``balance``, ``wiki``, ``ancient`` and its Wheel ring
``ancient_ring``); the site's matching DOM module only moves the text and numbers these
compute into the page.  ``hooks`` holds the hooks through which those DOM modules (and the
page-wide ones) plug into the game page: :class:`~paisho_page.panels.hooks.Panel` and
:class:`~paisho_page.panels.hooks.PanelSet`.
"""
