"""The lessons on the page: a lesson's state machine, its panel, the reader's progress.

* :mod:`.session` — a lesson being played: the task's position, the reader's clicks
  (refused with the engine's rule), each action checked against the task's goal
  (praise, or why it missed, the position put back), Hint, Show me, Next;
* :mod:`.screen` — the lesson panel, the mover's tiles and the course list, as writes
  and elements (the Learn page and an embedded lesson show the same panel);
* :mod:`.address` — which lesson a page opens (``lesson=``, ``task=``, the reader's
  last lesson) and the fragment that names it;
* :mod:`.progress` — the lessons done and the tasks reached, in the browser's storage
  (merged on every write, a damaged entry set aside);
* :mod:`.offer` — the game page's offer to a newcomer.

The game page imports only :mod:`.offer` (and :mod:`.progress`); the rest is imported
when a lesson opens, so the lessons cost the game page's start nothing.  Pure.
"""
