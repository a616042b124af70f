"""A game leaving or entering the page: links, notation, the address bar, kept games.

:mod:`.link_open` opens a link (:mod:`.link_pacing` paces a long one), :mod:`.notation`
imports and exports notation (:mod:`.notation_import` is the Notation dialog's use of it),
:mod:`.decisions` holds the sharing features' decisions, :mod:`.embed_dialog` the Embed
dialog and :mod:`.exits` the guard at every exit.  Pure.
"""
