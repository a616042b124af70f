"""The ``puzzle`` command of the command line: generate, check and list puzzles.

* ``puzzle generate --variant V --count N --seed S`` prints a puzzle file of up to N
  new puzzles (:func:`.generate.generate`; progress on the standard error); with
  ``--into FILE`` it adds them to that file instead (puzzles already there are kept
  once, the command is recorded in its ``commands``).
* ``puzzle check FILE`` re-proves every puzzle of a file (:func:`.check.check_puzzle`),
  one line per variant at the end; the first bad puzzle raises a
  :class:`~.errors.PuzzleError`: exit status 2 and one line naming it.
* ``puzzle list`` prints every shipped puzzle, ``--json`` as one JSON object a line
  (``id``, ``variant``, ``kind``, ``rating``, ``start``: the ``#3…`` fragment the game
  page opens, ``solution``: the whole turn in the variant's notation, its record's
  entries joined by ``; ``).

:func:`register` adds the command to :mod:`paisho_core.cli`'s parser.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

Read = Callable[[str], str]


def _generate(args: argparse.Namespace, read: Read) -> int:
    """``puzzle generate``: a puzzle file (or puzzles added to ``--into``)."""
    from .generate import generate
    from .model import PuzzleFile, parse_file

    command = (f"python3 -m paisho_core puzzle generate --variant {args.variant}"
               f" --count {args.count} --seed {args.seed}")
    old = PuzzleFile(args.variant, (), ())
    if args.into is not None and Path(args.into).is_file():
        old = parse_file(read(args.into), args.into)
    have = {p.id for p in old.puzzles}
    found = list(old.puzzles)
    began = time.monotonic()
    for made, puzzle in enumerate(generate(args.variant, args.count, args.seed), 1):
        print(f"{time.monotonic() - began:7.1f}s {made}/{args.count} {puzzle.id}"
              f" {puzzle.kind}", file=sys.stderr, flush=True)
        if puzzle.id not in have:
            have.add(puzzle.id)
            found.append(puzzle)
    out = PuzzleFile(args.variant, (*old.commands, command), tuple(found))
    if args.into is None:
        sys.stdout.write(out.to_text())
    else:
        Path(args.into).write_text(out.to_text(), encoding="utf-8")
    return 0


def _check(args: argparse.Namespace, read: Read) -> int:
    """``puzzle check``: every puzzle of the file proved again."""
    from .check import check_puzzle
    from .model import parse_file

    source = "the standard input" if args.file == "-" else args.file
    puzzles = parse_file(read(args.file), source)
    turns = 0
    for puzzle in puzzles.puzzles:
        turns += check_puzzle(puzzle).turns
    print(f"ok: {len(puzzles.puzzles)} {puzzles.variant} puzzles ({turns} turns searched)")
    return 0


def entries(game: Any) -> list[str]:
    """The entries of ``game``'s record (its plies, or an Ancient seat's actions), in
    order."""
    return [e.strip() for line in game.to_text().splitlines() for e in line.split(";")
            if e.strip()]


def listing(puzzle: Any) -> dict[str, Any]:
    """The ``puzzle list --json`` object of ``puzzle``."""
    from ..link import fragment_for
    from .model import puzzle_game

    game = puzzle_game(puzzle)
    start = fragment_for(game)
    before = len(entries(game))
    for text in puzzle.actions:
        game.apply(game.parse_action(text))
    return {"id": puzzle.id, "variant": puzzle.variant, "kind": puzzle.kind,
            "rating": puzzle.rating, "depth": puzzle.depth, "start": start,
            "solution": "; ".join(entries(game)[before:]), "actions": list(puzzle.actions)}


def _list(args: argparse.Namespace, read: Read) -> int:
    """``puzzle list``: one line a puzzle."""
    from .model import library

    for variant, found in library().items():
        if args.variant is not None and variant != args.variant:
            continue
        for puzzle in found.puzzles:
            if args.json:
                print(json.dumps(listing(puzzle), ensure_ascii=False))
            else:
                print(f"{puzzle.id} {puzzle.kind} {puzzle.rating} {'; '.join(puzzle.actions)}")
    return 0


def register(sub: Any, read: Read, variants: tuple[str, ...]) -> None:
    """Add ``puzzle generate|check|list`` to the command line's subparsers ``sub``."""
    puzzle = sub.add_parser("puzzle", help="generate, check or list puzzles")
    puzzle_sub = puzzle.add_subparsers(dest="puzzle_command", required=True)

    def handler(run: Callable[[argparse.Namespace, Read], int]) -> Callable[..., int]:
        return lambda args: run(args, read)

    gen = puzzle_sub.add_parser(
        "generate", help="play the computer against itself and keep proved puzzles")
    gen.add_argument("--variant", required=True, choices=variants)
    gen.add_argument("--count", type=int, default=10, help="how many puzzles (default 10)")
    gen.add_argument("--seed", type=int, default=0, help="the generator's seed")
    gen.add_argument("--into", default=None, help="add the puzzles to this puzzle file")
    gen.set_defaults(func=handler(_generate))
    check = puzzle_sub.add_parser("check", help="prove every puzzle of a file again")
    check.add_argument("file", help="a puzzle file (paisho_core/puzzles/skud.json), or -")
    check.set_defaults(func=handler(_check))
    listing_parser = puzzle_sub.add_parser("list", help="print every shipped puzzle")
    listing_parser.add_argument("--variant", default=None, choices=variants)
    listing_parser.add_argument("--json", action="store_true", help="one JSON object a line")
    listing_parser.set_defaults(func=handler(_list))
