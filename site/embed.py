"""Entry point of the embed page (embed.html): PyScript runs this file as it is.

All the page's code is in the module ``embed_page`` (compiled into the memory snapshot at
build time; see ``main.py``).
"""

from dom import load_language
from embed_page import start

await load_language()  # noqa: F704 (PyScript runs this file with top-level await)
start()
