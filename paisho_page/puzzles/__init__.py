"""The Puzzles page's logic, pure and tested under CPython.

* :mod:`.rating` — the reader's puzzle rating (Elo), updated after each puzzle;
* :mod:`.pick` — the daily puzzle (the same for everyone that day, from the date as
  Balance's daily bag) and the next puzzle nearest the reader's rating;
* :mod:`.record` — the reader's rating and the puzzles solved or failed, kept in the
  browser's storage (a damaged entry set aside, a second tab merged);
* :mod:`.session` — one puzzle being played: each action right, going on, wrong (with
  the engine's words why) or illegal (the rule).

The engine's puzzles (:mod:`paisho_core.puzzles`) are the data; the DOM is the site's.
"""
