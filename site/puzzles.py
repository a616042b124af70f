"""Entry point of the Puzzles page (puzzles.html): PyScript runs this file as it is.

All the page's code is in the module ``puzzles_page``, started through
``dom.guarded_start`` as ``main.py`` is.
"""

from dom import guarded_start

await guarded_start("puzzles_page")  # noqa: F704 (PyScript runs this file with top-level await)
