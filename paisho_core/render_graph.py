"""Draw a game's review as an SVG graph: the Host's win chance across the game (for a
solitaire, the best final score still reachable), the judged moves marked.

Pure and deterministic, like :mod:`paisho_core.render`, so the page and diagrams agree.
The input is the review's JSON (:meth:`paisho_core.analysis.Review.to_json`, or the same
fields a page gathers from the worker): ``start``, ``scale`` and ``plies`` with each
ply's ``win_chance``, ``judgement``, ``player`` and ``move``.  Every ply is one column
``<g class="graph-ply" data-ply="N">`` (a click target: the page jumps to the position
after ply N) with an accessible name; a judged move also carries ``data-judgement`` and
a mark.  What the graph says is a :class:`GraphWords` value (English by default; the page
passes its own language's), every text escaped; no script.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any

WIDTH = 600
"""The viewBox's width (SVG units)."""
HEIGHT = 160
"""The viewBox's height (SVG units)."""
PAD = 8
"""Space above and below the curve (SVG units)."""
MARKS = {"inaccuracy": 3.0, "mistake": 4.0, "blunder": 5.0}
"""The radius of a judged move's mark, by judgement."""
COLOURS = {"inaccuracy": "#d9a400", "mistake": "#e06c00", "blunder": "#c0262d"}
"""The fill of a judged move's mark, by judgement (a page may restyle ``judged-*``)."""


def _judgements() -> dict[str, str]:
    return {"inaccuracy": "inaccuracy", "mistake": "mistake", "blunder": "blunder"}


@dataclass(frozen=True)
class GraphWords:
    """The graph's words in one language.  Placeholders: ``{ply}`` (the ply's number),
    ``{player}`` (who moved), ``{move}`` (the move in notation), ``{figure}`` (the Host's
    win chance in per cent, or the score), ``{judgement}`` (one of :attr:`judgements`)."""

    title: str = "Evaluation graph"
    """The graph's accessible name."""
    chance: str = "Move {ply}, {player} {move}: Host {figure}%"
    """A ply's name on a win-chance graph."""
    score: str = "Move {ply}, {move}: best score {figure}"
    """A ply's name on a solitaire's score graph."""
    judged: str = "{name}, {judgement}"
    """A judged ply's name: ``{name}`` is the ply's name above."""
    judgements: Mapping[str, str] = field(default_factory=_judgements)


ENGLISH = GraphWords()
"""The default words."""


def _f(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _figure(entry: Mapping[str, Any]) -> float:
    value = entry.get("win_chance")
    return float(value) if isinstance(value, int | float) else 0.5


def render_graph(review: Mapping[str, Any], words: GraphWords = ENGLISH,
                 current: int | None = None) -> str:
    """The review as an ``<svg>`` (``current``: the ply shown on the board, marked)."""
    plies: Sequence[Mapping[str, Any]] = list(review.get("plies") or [])
    chance = review.get("scale", "chance") == "chance"
    start = review.get("start")
    figures = [float(start) if isinstance(start, int | float) else 0.5]
    figures += [_figure(entry) for entry in plies]
    low, high = (0.0, 1.0) if chance else (min(figures), max(figures))
    if high - low < 1e-9:
        low, high = low - 1.0, high + 1.0
    step = WIDTH / max(1, len(plies))

    def y(value: float) -> float:
        return PAD + (high - value) / (high - low) * (HEIGHT - 2 * PAD)

    coords = [(i * step, y(v)) for i, v in enumerate(figures)]
    path = " ".join(f"{'M' if i == 0 else 'L'}{_f(x)},{_f(yy)}" for i, (x, yy) in enumerate(coords))
    base = _f(y(0.5) if chance else HEIGHT - PAD)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="eval-graph" viewBox="0 0 {WIDTH}'
        f' {HEIGHT}" role="img" aria-label="{escape(words.title)}">',
        f'<rect class="graph-back" width="{WIDTH}" height="{HEIGHT}" fill="#f4ead5"/>',
        f'<line class="graph-mid" x1="0" y1="{base}" x2="{WIDTH}" y2="{base}"'
        ' stroke="#9a8a6a" stroke-dasharray="4 3"/>',
        f'<path class="graph-area" d="{path} L{_f(coords[-1][0])},{base} L0,{base} Z"'
        ' fill="#c9b48a" fill-opacity="0.5"/>',
        f'<path class="graph-line" d="{path}" fill="none" stroke="#5a4328" stroke-width="2"/>',
    ]
    for i, entry in enumerate(plies, start=1):
        out.append(_column(i, entry, coords[i], step, chance, words, current == i))
    out.append("</svg>")
    return "".join(out)


def _column(ply: int, entry: Mapping[str, Any], at: tuple[float, float], step: float,
            chance: bool, words: GraphWords, current: bool) -> str:
    """One ply's click target, its accessible name and its mark."""
    figure = _figure(entry)
    shown = _f(figure * 100) if chance else _f(figure)
    template = words.chance if chance else words.score
    name = template.format(ply=ply, player=str(entry.get("player") or ""),
                           move=str(entry.get("move") or ""), figure=shown)
    judgement = str(entry.get("judgement") or "none")
    radius = MARKS.get(judgement)
    classes = ["graph-ply"] + (["current"] if current else [])
    extra = ""
    if radius is not None:
        name = words.judged.format(name=name, judgement=words.judgements.get(judgement,
                                                                               judgement))
        classes.append(f"judged-{judgement}")
        extra = f' data-judgement="{escape(judgement)}"'
    x, yy = at
    parts = [
        f'<g class="{" ".join(classes)}" data-ply="{ply}"{extra} aria-label="{escape(name)}">',
        f'<rect x="{_f(x - step / 2)}" y="0" width="{_f(step)}" height="{HEIGHT}"'
        ' fill="transparent"/>',
    ]
    if current:
        parts.append(f'<line x1="{_f(x)}" y1="0" x2="{_f(x)}" y2="{HEIGHT}" stroke="#2a6f97"/>')
    if radius is not None:
        parts.append(f'<circle class="graph-mark" cx="{_f(x)}" cy="{_f(yy)}" r="{_f(radius)}"'
                     f' fill="{COLOURS[judgement]}"/>')
    parts.append("</g>")
    return "".join(parts)
