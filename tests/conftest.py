"""Shared set-up for every layer's tests.

``tests/engine/`` tests the rules engine (``paisho_core``), ``tests/page/`` the page logic
(``paisho_page``), ``tests/build/`` the site build (``build.py``, ``sitebuild/``) and
``tests/e2e/`` the built site in Chromium.  Helpers, fakes and data shared between them
live in ``tests/support/``, which this file puts on ``sys.path`` (``from ui_fake import
FakeGame``), together with the repository's root (``paisho_page``, ``sitebuild``, ``build``).
"""

from __future__ import annotations

import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
for _path in (TESTS / "support", ROOT):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))
