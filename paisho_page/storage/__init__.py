"""The page's storage: saved games, their index, set-aside data, kept games, tabs.

:mod:`.saves` (a saved game's schema, validation, migration), :mod:`.games_index` (the
"Your games" index), :mod:`.aside` (data set aside), :mod:`.records` (the autosave record
and the kept games' list), :mod:`.game_store` and :mod:`.kept_store` over a key-value
storage, :mod:`.tab_sync`, :mod:`.seal`, :mod:`.safejson`, :mod:`.vetting`.  Pure.
"""
