"""Puzzles as data: the JSON of one puzzle file, read into typed values, and the library.

One file per variant in this folder (``skud.json``…), named by the variant spec's
``puzzles`` entry::

    {"variant": "skud", "commands": ["python3 -m paisho_core puzzle generate …"],
     "puzzles": [{"id": "skud-1a2b3c4d", "kind": "ring", "start": {"setup": {…}},
                  "options": [], "actions": ["(0,-5)-(-1,-4)"], "depth": 1,
                  "turns": 812, "plausible": 9, "rating": 1240,
                  "source": {"seed": 1, "game": 3, "ply": 41}}]}

``start`` is a set-up (:mod:`paisho_core.starts`: ``setup`` or ``bag``, and a
solitaire's ``moves``); ``actions`` the one turn that solves it, each action as the
variant writes it; ``source`` the generator's seed, the self-play game and the ply the
position comes from (``puzzle generate --seed`` replays it).  An ``id`` is the variant
and a hash of the kind and start, so the same position never ships twice.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from .. import starts
from ..errors import PaiShoError
from ..messages import msg
from ..registry import spec as get_spec
from ..registry import variant_names
from ..spec import data_file
from .errors import PuzzleError, UnknownPuzzle
from .goals import Kind, parse_kind

MAX_ID = 40
"""Longest id quoted back in an error."""


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: a position, a kind and the one turn that solves it."""

    id: str
    variant: str
    kind: str
    start: str
    """The start's canonical JSON text (:func:`paisho_core.starts.canonical`)."""
    options: tuple[str, ...]
    actions: tuple[str, ...]
    depth: int
    turns: int
    plausible: int
    rating: int
    source: tuple[int, int, int]
    """The generator's seed, the self-play game and the ply."""

    def start_map(self) -> dict[str, Any]:
        """The start as a mapping (``moves`` included)."""
        data: dict[str, Any] = json.loads(self.start)
        return data

    def to_json(self) -> dict[str, Any]:
        """The puzzle's object in a puzzle file."""
        seed, game, ply = self.source
        return {"id": self.id, "kind": self.kind, "start": self.start_map(),
                "options": list(self.options), "actions": list(self.actions),
                "depth": self.depth, "turns": self.turns, "plausible": self.plausible,
                "rating": self.rating, "source": {"seed": seed, "game": game, "ply": ply}}


def open_start(variant: str, start: dict[str, Any], options: tuple[str, ...]) -> Any:
    """The game a puzzle's start opens: the set-up, then its ``moves`` (a solitaire's)."""
    game = starts.start_game(variant, start, options)
    moves = str(start.get("moves", ""))
    if moves.strip():
        game.play_text(moves)
    return game


def puzzle_game(puzzle: Puzzle) -> Any:
    """The position ``puzzle`` opens (:class:`PuzzleError` if its start is refused)."""
    try:
        return open_start(puzzle.variant, puzzle.start_map(), puzzle.options)
    except PaiShoError as error:
        raise PuzzleError(f"puzzle {puzzle.id}: its start is refused: {error}") from None


def puzzle_id(variant: str, kind: str, start: str) -> str:
    """The id of a puzzle: the variant and 8 hex digits of the kind and start."""
    digest = hashlib.sha256(f"{kind}\n{start}".encode()).hexdigest()[:8]
    return f"{variant}-{digest}"


def _int(raw: Mapping[str, Any], key: str, where: str) -> int:
    value = raw.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise PuzzleError(f"{where}: {key!r} must be a whole number")
    return value


def parse_puzzle(raw: object, variant: str, where: str) -> Puzzle:
    """One puzzle object of a file (shape only: :mod:`.check` proves it)."""
    if not isinstance(raw, Mapping):
        raise PuzzleError(f"{where}: each puzzle must be an object")
    ident = raw.get("id")
    if not isinstance(ident, str) or not ident.startswith(f"{variant}-"):
        raise PuzzleError(f"{where}: bad id {ident!r}")
    where = f"{where}, puzzle {ident}"
    kind, start = raw.get("kind"), raw.get("start")
    if not isinstance(kind, str) or not isinstance(start, Mapping):
        raise PuzzleError(f"{where}: 'kind' and 'start' are missing")
    options, actions = raw.get("options", []), raw.get("actions")
    if not isinstance(options, list) or not all(isinstance(o, str) for o in options):
        raise PuzzleError(f"{where}: 'options' must be a list of options")
    if not isinstance(actions, list) or not actions or not all(isinstance(a, str) for a in actions):
        raise PuzzleError(f"{where}: 'actions' must list the solution's actions")
    source = raw.get("source")
    if not isinstance(source, Mapping):
        raise PuzzleError(f"{where}: 'source' is missing")
    return Puzzle(ident, variant, kind, starts.canonical(start), tuple(options),
                  tuple(actions), _int(raw, "depth", where), _int(raw, "turns", where),
                  _int(raw, "plausible", where), _int(raw, "rating", where),
                  (_int(source, "seed", where), _int(source, "game", where),
                   _int(source, "ply", where)))


@dataclass(frozen=True)
class PuzzleFile:
    """A variant's puzzles and the commands that generated them."""

    variant: str
    commands: tuple[str, ...]
    puzzles: tuple[Puzzle, ...]

    def to_text(self) -> str:
        """The file's JSON text (one puzzle a line)."""
        lines = [json.dumps(p.to_json(), ensure_ascii=False, sort_keys=True)
                 for p in self.puzzles]
        head = json.dumps({"variant": self.variant, "commands": list(self.commands)})
        return head[:-1] + ', "puzzles": [\n' + ",\n".join(lines) + "\n]}\n"


def parse_file(text: str, source: str = "puzzles") -> PuzzleFile:
    """The puzzle file of ``text`` (:class:`PuzzleError` naming the first bad part)."""
    try:
        data = json.loads(text)
    except ValueError as error:
        raise PuzzleError(f"{source}: not valid JSON ({error})") from None
    if not isinstance(data, Mapping) or not isinstance(data.get("puzzles"), list):
        raise PuzzleError(f"{source}: expected an object with 'variant' and 'puzzles'")
    variant = data.get("variant")
    if variant not in variant_names():
        raise PuzzleError(f"{source}: 'variant' must name a variant")
    commands = data.get("commands", [])
    if not isinstance(commands, list) or not all(isinstance(c, str) for c in commands):
        raise PuzzleError(f"{source}: 'commands' must be a list of commands")
    puzzles = tuple(parse_puzzle(raw, str(variant), source) for raw in data["puzzles"])
    seen: set[str] = set()
    for puzzle in puzzles:
        if puzzle.id in seen:
            raise PuzzleError(f"{source}: puzzle {puzzle.id} is there twice")
        seen.add(puzzle.id)
    return PuzzleFile(str(variant), tuple(commands), puzzles)


def kinds(variant: str) -> dict[str, Kind]:
    """The puzzle kinds ``variant``'s spec declares, by name (empty: no puzzles)."""
    spec = get_spec(variant)
    return {name: parse_kind(name, raw) for name, raw in spec.puzzle_kinds.items()}


def file_path(variant: str) -> Path | None:
    """The shipped puzzle file of ``variant`` (``None`` if its spec names none)."""
    entry = get_spec(variant).puzzles
    return None if entry is None else data_file(entry)


@cache
def library() -> dict[str, PuzzleFile]:
    """Every shipped puzzle file, by variant (variants without one left out)."""
    out: dict[str, PuzzleFile] = {}
    for variant in variant_names():
        path = file_path(variant)
        if path is not None and path.is_file():
            out[variant] = parse_file(path.read_text(encoding="utf-8"), path.name)
    return out


@cache
def puzzles() -> dict[str, Puzzle]:
    """Every shipped puzzle, by id."""
    return {p.id: p for f in library().values() for p in f.puzzles}


def get_puzzle(ident: object) -> Puzzle:
    """The puzzle called ``ident``; :class:`UnknownPuzzle` quoting it if there is none."""
    found = puzzles().get(ident) if isinstance(ident, str) else None
    if found is None:
        text = str(ident)
        shown = text if len(text) <= MAX_ID else text[:MAX_ID] + "…"
        raise UnknownPuzzle(msg("there is no puzzle called {name}", name=repr(shown)))
    return found
