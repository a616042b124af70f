"""The puzzles' errors."""

from __future__ import annotations

from ..errors import PaiShoError


class PuzzleError(PaiShoError):
    """A puzzle or puzzle file that cannot be read, or that a proof refutes (English:
    only the build, the tests and the command line read the files)."""


class UnknownPuzzle(PuzzleError):
    """No shipped puzzle has that id (the message quotes it, shortened)."""
