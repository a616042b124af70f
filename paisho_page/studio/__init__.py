"""The Studio (``studio.html``): the board editor, reserves, a demo, play from it.

:mod:`.editor` (the editor's state), :mod:`.reserves`, :mod:`.demo`, :mod:`.step`,
:mod:`.play`, :mod:`.screen` (what the page writes) and :mod:`.terms` (its sentences).  Pure.
"""
