"""A variant described in one place: the :class:`VariantSpec` its package declares.

Every variant package has a ``spec.py`` whose ``SPEC`` says everything the shared
modules need to know about it: its short name, title, options and seats (``info``, the
game class's :class:`~paisho_core.protocol.VariantInfo`), its number in links, where its
game class, computer, tile facts, set-up rules, link coder, tile art, demo file and
puzzle rules are, its tile and seat names, and the words of the ways its games end.  The registry
(:mod:`paisho_core.registry`) lists the spec modules and reads them; the shared modules
(the link codec, the renderer, the end reasons, the demo library, the CLI) ask the
registry and hold no table of their own keyed by a variant.

A spec is cheap to import: its entry points are ``"module:attribute"`` strings, imported
on first use (:func:`load`), and its words are :class:`~paisho_core.messages.Message`
templates (``msg("Skud Pai Sho")``, ``term("tile", "Rose")``) that Babel extracts into
the page's catalog (``babel.cfg``).  So a variant package's ``__init__`` stays light
too: it re-exports its names lazily (:func:`lazy_exports`).

Pure; no dependencies but :mod:`paisho_core.messages` and :mod:`paisho_core.protocol`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .messages import Message
from .protocol import VariantInfo


@dataclass(frozen=True)
class EndReason:
    """One way a game ends, in a player's words.

    ``words`` is a noun phrase that fits in brackets inside a sentence ("the game was
    already over (a Harmony Ring)"); ``sentences`` is the result line, as four templates
    with ``{player}`` (the winner) and ``{score}`` (the points, in words): a win, a win
    with the score, a draw, a draw with the score.  Without them, the page names the
    reason by its words in a sentence of its own."""

    words: Message
    sentences: tuple[Message, Message, Message, Message] | None = None


@dataclass(frozen=True)
class VariantSpec:
    """Everything the shared modules know about one variant (see the module docstring)."""

    info: VariantInfo
    """Short name, title, options, seats and seed: the game class's ``info``."""
    game: str
    """The game class, as ``"module:attribute"``."""
    link_id: int | None = None
    """The variant's number in links (:mod:`paisho_core.link`): stable forever, never
    reused; ``None`` for a variant whose games cannot be shared."""
    tile_names: Mapping[str, Message] = field(default_factory=dict)
    """Each tile code's name, ``term("tile", "Rose")``: what the board, the reserves and
    the page call the tile (a code without one is shown as it is)."""
    tile_genders: tuple[Message, ...] = ()
    """Each tile name again, ``term("tile gender", "Rose")``: marked for the catalog,
    whose translation is the name's grammatical gender in the language (the page words a
    sentence about a tile to agree with it, ``paisho_page/words/terms.py``)."""
    seats: tuple[Message, ...] = ()
    """The seats' names as the page shows them, ``term("player", "Host")``: marked for
    the catalog (the game's ``players`` are their lower-case ids)."""
    end_reasons: Mapping[str, EndReason] = field(default_factory=dict)
    """The words of each :attr:`~paisho_core.protocol.Outcome.reason` the variant gives
    besides the shared ones (:data:`paisho_core.end_reasons.SHARED`)."""
    option_labels: Mapping[str, Message] = field(default_factory=dict)
    """The words of each of ``info.options``' checkbox in the New game dialog (an option
    without them shows its name)."""
    results: Mapping[str, Message] = field(default_factory=dict)
    """The words of each :attr:`~paisho_core.protocol.Outcome.result` id a solitaire
    gives (Balance's ``perfect-balance``…)."""
    art: str | None = None
    """The tile art, ``"module:attribute"`` of a mapping from code to the SVG drawn on a
    tile's disc (:mod:`paisho_core.tileart`); a code without art shows its letters."""
    computer: str | None = None
    """The computer opponent (:class:`paisho_core.search.Computer`); without one, a
    search that knows only wins and losses plays."""
    analyser: str | None = None
    """How the computer reviews a game (:class:`paisho_core.analysis.Analyser`); without
    one, the generic search analyser over :attr:`computer`'s policy
    (:mod:`paisho_core.analysers`)."""
    facts: str | None = None
    """The tile facts (a tuple of :class:`paisho_core.tilefacts.TileFacts`): the page's
    tile cards and the Rules page's tile tables."""
    setups: str | None = None
    """The position set-up rules (:class:`paisho_core.setup_model.SetupRules`); without
    them the Studio does not offer the variant."""
    link_coder: str | None = None
    """The action coder of version-2 links (:class:`paisho_core.linkcode.ActionCoder`);
    without one, the generic code (an action's index among the legal ones)."""
    demos: str | None = None
    """The demo file, ``"package:file name"``: a JSON file in that package's folder
    (:mod:`paisho_core.demos`)."""
    puzzles: str | None = None
    """The shipped puzzle file, ``"package:file name"`` (:mod:`paisho_core.puzzles`);
    without one the variant has no puzzles."""
    puzzle_kinds: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    """The kinds of puzzle ``puzzle generate`` looks for, by name: each a goal one turn
    alone must meet (a lesson goal or :mod:`paisho_core.puzzles.goals`' ``win`` and
    ``harmonies``) or a best kind (``best-capture``, ``best-final``)."""
    puzzle_rules: str | None = None
    """The variant's own turn search and puzzle positions
    (:class:`paisho_core.puzzles.variant.PuzzleRules`); without them, the generic proof
    and the positions the computer reaches."""

    @property
    def name(self) -> str:
        """The short name (``skud``): the registry's key."""
        return self.info.name


def load(target: str) -> Any:
    """The object an entry point ``"module:attribute"`` names (imported on first use)."""
    module, _, attr = target.partition(":")
    return getattr(importlib.import_module(module), attr)


def data_file(target: str) -> Path:
    """The file a ``"package:file name"`` entry names: in that package's folder."""
    package, _, name = target.partition(":")
    module = importlib.import_module(package)
    return Path(str(module.__file__)).resolve().parent / name


def lazy_exports(package: str, names: Mapping[str, str]) -> Callable[[str], Any]:
    """A package's module ``__getattr__`` (PEP 562) that imports each of its exported
    ``names`` (name → relative module, ``".game"``) on first use, so that importing the
    package (and its ``spec``) loads nothing else."""

    def __getattr__(name: str) -> Any:
        where = names.get(name)
        if where is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(importlib.import_module(where, package), name)

    return __getattr__
