"""Where the tests' shared files are: the repository and the test data."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
"""The repository's root."""

DATA = Path(__file__).resolve().parent / "data"
"""``tests/support/data``: reference games, perft tables, frozen links."""
