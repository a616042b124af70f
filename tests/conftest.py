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

import pytest
from hypothesis import settings

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
for _path in (TESTS / "support", ROOT):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))



settings.register_profile("paisho", deadline=2000)
settings.load_profile("paisho")
"""Hypothesis' default deadline (200 ms an example) fails a generated game on a loaded
two-core machine (CI runs the builds and two test processes at once): 2 s still catches
a case that hangs; a test that sets its own deadline keeps it."""


SLOW_FIRST = (
    "e2e/test_site_infra.py::test_new_build_replaces_the_old_one_cleanly",
    "e2e/test_site_infra.py::test_corrupt_snapshot_of_the_right_size_falls_back_and_is_dropped",
    "e2e/test_fuzz.py::",  # the whole module: its one page is module-scoped
    "e2e/test_site_infra.py::test_fallback_without_snapshot_plays_the_same",
    "e2e/test_computer.py::test_computer_plays_when_there_is_no_snapshot",
    "e2e/test_site_infra.py::test_pages_boot_from_the_snapshot",
    "e2e/test_a11y.py::",
    "e2e/test_play_ancient.py::",
    "e2e/test_site_infra.py::test_repeat_visits_use_the_kept_unpacked_snapshot",
    "e2e/test_csp.py::",
)
"""Tests (``folder/file::name``, or a whole module ``folder/file::``) run first, longest
first (``--durations``): pytest-xdist hands tests out in this order, so the long ones do
not start last while the other process has nothing left to do.  The order changes no
test's outcome; the others keep pytest's order."""


def _slow_rank(item: pytest.Item) -> int:
    """The place of ``item`` in :data:`SLOW_FIRST`, or after all of it."""
    path = Path(str(item.fspath))
    if not path.is_relative_to(TESTS):
        return len(SLOW_FIRST)
    name = f"{path.relative_to(TESTS).as_posix()}::{item.originalname}"
    for rank, prefix in enumerate(SLOW_FIRST):
        if name == prefix or (prefix.endswith("::") and name.startswith(prefix)):
            return rank
    return len(SLOW_FIRST)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Put the :data:`SLOW_FIRST` tests first (a stable sort: the rest keep their order)."""
    items.sort(key=_slow_rank)
