"""The embed pages (``embed.html``, ``demo-<name>.html``): what they show and write.

:mod:`.demo_viewer` (the model: a demo, a shared game or moves) and :mod:`.screen` (what
the page writes).  Pure.
"""
