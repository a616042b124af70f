"""The game page: its interaction state, timeline, replay bar and what it shows, as data.

:mod:`.ui` (with :mod:`.ui_text` and :mod:`.ui_history`) is the board's interaction state;
:mod:`.replay_cursor` the positions along the game; the ``*_view`` modules turn state into
writes and elements; :mod:`.page_keys` and :mod:`.board_view` read input.  Pure.
"""
