"""Re-proving shipped puzzles: each one's start opened and its proof found again.

:func:`check_puzzle` opens a puzzle's start as a player would (the set-up checked as
the Studio checks one), proves its kind again (:func:`.proof.prove`: exactly one turn
solves it) and compares the solution with the stored one; the first difference is a
:class:`~.errors.PuzzleError` naming the puzzle.  ``python -m paisho_core puzzle check
FILE`` runs it on every puzzle of a file.
"""

from __future__ import annotations

from .errors import PuzzleError
from .model import Puzzle, kinds, puzzle_game
from .proof import Proof, prove


def check_puzzle(puzzle: Puzzle) -> Proof:
    """Prove ``puzzle`` again; :class:`PuzzleError` naming it unless exactly one turn
    solves it and that turn is the stored solution."""
    kind = kinds(puzzle.variant).get(puzzle.kind)
    if kind is None:
        raise PuzzleError(f"puzzle {puzzle.id}: no puzzle kind {puzzle.kind!r} in"
                          f" {puzzle.variant}")
    proof = prove(puzzle_game(puzzle), kind)
    if proof is None:
        raise PuzzleError(f"puzzle {puzzle.id}: not exactly one turn solves it")
    if proof.solution != puzzle.actions:
        raise PuzzleError(f"puzzle {puzzle.id}: the solution is {'; '.join(proof.solution)},"
                          f" not {'; '.join(puzzle.actions)}")
    return proof
