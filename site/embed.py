"""Entry point of the embed page (embed.html): PyScript runs this file as it is.

All the page's code is in the module ``embed_page`` (compiled into the memory snapshot at
build time; see ``main.py``), started through ``dom.guarded_start`` as ``main.py`` is.
"""

from dom import guarded_start

await guarded_start("embed_page")  # noqa: F704 (PyScript runs this file with top-level await)
