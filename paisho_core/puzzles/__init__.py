"""Puzzles: positions from the computer's own games where exactly one turn wins.

A puzzle is a position (a set-up, :mod:`paisho_core.starts`), a *kind* (a goal one turn
alone meets, or a number one turn alone scores best by: :mod:`.goals`, named per
variant by its spec's ``puzzle_kinds``) and the one turn that solves it.  Puzzles are
generated, not written: :mod:`.generate` plays the computer against itself and keeps the
positions a proof accepts (:mod:`.proof`: an exhaustive search over the mover's whole
turn, never an evaluation); :mod:`.check` proves a shipped one again.  The shipped
puzzles are data (:mod:`.model`: one JSON file per variant in this folder).

* :func:`puzzles`, :func:`get_puzzle`, :func:`library` — the shipped puzzles;
* :func:`kinds` — a variant's puzzle kinds;
* ``python -m paisho_core puzzle generate|check|list`` (:mod:`.cli`).

Pure: no page wording, no storage; the page logic (``paisho_page/puzzles/``) words the
kinds, keeps the reader's rating and picks the next puzzle.
"""

from __future__ import annotations

from .errors import PuzzleError, UnknownPuzzle
from .model import Puzzle, PuzzleFile, get_puzzle, kinds, library, parse_file, puzzles

__all__ = [
    "Puzzle",
    "PuzzleError",
    "PuzzleFile",
    "UnknownPuzzle",
    "get_puzzle",
    "kinds",
    "library",
    "parse_file",
    "puzzles",
]
