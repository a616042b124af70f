"""Puzzle benchmark: puzzles generated per minute, ``puzzle check`` of every file, how
soon a puzzle is playable and how long checking a move takes.

Prints figures, never asserts.  CPython (this interpreter):

* ``puzzle generate``: puzzles a minute for each variant with shipped puzzles (self-play
  at the computer's medium level, every turn's start proved; goal for Skud: >= 1 a
  minute on this machine), CPU seconds and wall seconds;
* ``puzzle check`` of every shipped file (each puzzle proved again);
* a puzzle opened (its start built and checked as the Studio checks one: what the page
  does once the engine is ready; goal: <= 0.3 s) and a move checked against it (the
  solution, and a wrong action with the engine's words why; goal: <= 50 ms).

    python benchmarks/puzzles.py [--count 3] [--seed 90]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from paisho_core.puzzles import library
from paisho_core.puzzles.check import check_puzzle
from paisho_core.puzzles.generate import generate
from paisho_page.puzzles.session import PuzzleRun


def bench_generate(variant: str, count: int, seed: int) -> None:
    """Puzzles a minute of ``puzzle generate``."""
    wall, cpu = time.perf_counter(), time.process_time()
    made = sum(1 for _ in generate(variant, count, seed))
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"generate {variant:8s} {made} puzzles in {cpu:6.1f} s CPU ({wall:6.1f} s wall):"
          f" {60 * made / max(cpu, 1e-9):6.1f} a CPU minute, {60 * made / max(wall, 1e-9):6.1f}"
          " a wall minute")


def bench_check() -> None:
    """``puzzle check`` of every shipped file."""
    for variant, found in library().items():
        began = time.perf_counter()
        for puzzle in found.puzzles:
            check_puzzle(puzzle)
        spent = time.perf_counter() - began
        print(f"check    {variant:8s} {len(found.puzzles)} puzzles in {spent:6.2f} s"
              f" ({1000 * spent / max(1, len(found.puzzles)):5.1f} ms each)")


def bench_play() -> None:
    """Open each shipped puzzle and check its solution and a wrong action."""
    for variant, found in library().items():
        opened: list[float] = []
        checks: list[float] = []
        for puzzle in found.puzzles:
            began = time.perf_counter()
            run = PuzzleRun(puzzle)
            opened.append(time.perf_counter() - began)
            wrong = next((run.game.format_action(a) for a in run.game.legal_actions()
                          if run.game.format_action(a) != puzzle.actions[0]), None)
            if wrong is not None:
                began = time.perf_counter()
                run.check_text(wrong)
                checks.append(time.perf_counter() - began)
                run.reset()
            for text in puzzle.actions:
                began = time.perf_counter()
                run.check_text(text)
                checks.append(time.perf_counter() - began)
        print(f"play     {variant:8s} open median {1000 * statistics.median(opened):6.1f} ms,"
              f" max {1000 * max(opened):6.1f} ms; a move checked median"
              f" {1000 * statistics.median(checks):5.1f} ms, max {1000 * max(checks):5.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=3, help="puzzles to generate per variant")
    parser.add_argument("--seed", type=int, default=90, help="the generator's seed")
    args = parser.parse_args()
    bench_check()
    bench_play()
    for variant in library():
        bench_generate(variant, args.count, args.seed)


if __name__ == "__main__":
    main()
