"""The values of a game's review (:mod:`paisho_core.analysis`): a position's
:class:`Evaluation`, what an :class:`Analyser` (a variant's way to evaluate) gives,
the :class:`Scale` of its numbers and the :class:`Judgement` of a move.

Pure data; no dependencies but :mod:`paisho_core.messages` and
:mod:`paisho_core.protocol`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol

from .messages import Message
from .protocol import Game

DEFAULT_NODES = 300
"""The search budget per position (positions visited) the page and the CLI use."""
LINE_PLIES = 4
"""How many actions of the computer's line are kept with a preferred move."""
NOTES = 1
"""How many sentences of the computer's explanation are kept with a judged move."""


class Judgement(StrEnum):
    """How a move is judged, by the drop it causes (:attr:`Analyser.thresholds`)."""

    NONE = "none"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


class Scale(StrEnum):
    """What an analyser's numbers are: win chances (0–1) or final scores (a solitaire)."""

    CHANCE = "chance"
    SCORE = "score"


@dataclass(frozen=True)
class Evaluation:
    """One position as the computer sees it."""

    mover: int | None
    """The seat to move (``None`` once the game is over)."""
    scores: tuple[float, ...]
    """Per seat: its win chance (0–1), or with :attr:`Scale.SCORE` the best final score
    still reachable."""
    after: tuple[float, ...] | None = None
    """Per seat, as :attr:`scores`, after the move played here (weighed as the best one
    was, in the same search): what judges it.  ``None`` without a move to weigh."""
    value: float | None = None
    """The search's raw value for the mover, where it searched."""
    best: str | None = None
    """The action the computer prefers, in notation (``None``: none to judge by)."""
    line: tuple[str, ...] = ()
    """The computer's expected continuation, starting with :attr:`best`."""
    notes: tuple[Message, ...] = ()
    """Sentences of the computer's explanation of the position, for the mover."""
    nodes: int = 0

    def to_json(self) -> dict[str, object]:
        """The evaluation as JSON data (notes as :meth:`Message.to_json`)."""
        return {
            "mover": self.mover,
            "scores": [round(s, 4) for s in self.scores],
            "after": None if self.after is None else [round(s, 4) for s in self.after],
            "value": None if self.value is None else round(self.value, 3),
            "best": self.best,
            "line": list(self.line),
            "notes": [note.to_json() for note in self.notes],
            "nodes": self.nodes,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Evaluation:
        """An evaluation back from :meth:`to_json` (what a page keeps with a game)."""
        from .messages import from_json

        mover = data.get("mover")
        value = data.get("value")
        after = data.get("after")
        return cls(
            None if mover is None else int(mover),
            tuple(float(s) for s in data.get("scores") or ()),
            None if after is None else tuple(float(s) for s in after),
            None if value is None else float(value),
            data.get("best"),
            tuple(str(t) for t in data.get("line") or ()),
            tuple(from_json(n) for n in data.get("notes") or ()),
            int(data.get("nodes") or 0),
        )


class Analyser(Protocol):
    """How a variant's positions are evaluated (its spec's ``analyser``)."""

    @property
    def scale(self) -> Scale:
        """What the analyser's numbers are."""

    @property
    def thresholds(self) -> tuple[float, float, float]:
        """The drops (in the mover's chance, or score) from which a move is an
        inaccuracy, a mistake and a blunder."""

    def evaluate(
        self, game: Game[Any], nodes: int, viewer: int | None, played: Any | None
    ) -> Evaluation:
        """The position of ``game`` for a budget of ``nodes``, seen by ``viewer`` (a seat,
        for a game with hidden hands; ``None``: the whole game is public), with the
        action ``played`` there (the ply's first) weighed as the best one is (``None``:
        the end of the record).  ``game`` is left as it was."""
