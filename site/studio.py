"""Entry point of the Studio page (studio.html): PyScript runs this file as it is.

All the page's code is in the module ``studio_page`` (compiled into the memory snapshot),
started through ``dom.guarded_start`` as ``main.py`` is.
"""

from dom import guarded_start

await guarded_start("studio_page")  # noqa: F704 (PyScript runs this file with top-level await)
