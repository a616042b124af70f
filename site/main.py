"""Entry point of the game page (index.html): PyScript runs this file as it is.

All the page's code is in the module ``game_page``: imported modules are compiled once,
at build time, into the memory snapshot, whereas this script is parsed at every start.
``dom.guarded_start`` loads the page's language and calls ``game_page.start()``; what
escapes either is caught and shown with Start fresh (``paisho_page/base/page_guard.py``).
"""

from dom import guarded_start

await guarded_start("game_page")  # noqa: F704 (PyScript runs this file with top-level await)
