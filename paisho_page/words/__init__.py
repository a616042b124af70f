"""The page's words: languages, names and terms of the engine's tables, tile cards.

:mod:`.i18n` (languages, the active translation; :mod:`.mo_catalog` reads a catalog),
:mod:`.names` and :mod:`.terms`, :mod:`.board_words`, :mod:`.cards` (with
:mod:`.cards_text`), :mod:`.said` (message kinds), :mod:`.authored` (text an author wrote,
made safe).  Pure.
"""
