"""The computer's review of a game on the page, pure and tested under CPython.

* :mod:`.collect` — a game's review gathered position by position from the search
  worker (the requests to send, each reply checked and kept by its key, the graph and
  the per-player summary as the evaluations arrive);
* :mod:`.words` — the review's words in the page's language (the judgements, the
  graph's names, the summary).

The engine's :mod:`paisho_core.analysis` evaluates; the worker runs it; the DOM is the
site's.
"""
