"""What the site build makes of the demo library: pre-rendered steps and diagrams.

:func:`export` returns plain data (JSON-ready) for ``build.py``, which writes one page
per demo (``demo-<name>.html``: every step's board pre-rendered, so the demo works
before, and without, Python; a step's alternatives too, each position of them: its
introduction, the position before the step, then its steps) and one standalone SVG
diagram per main step (``diagrams/<name>-<step>.svg``).  The same functions draw a step
in the embed page.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..board_words import ENGLISH, BoardWords
from ..errors import PaiShoError
from ..link import fragment_for
from ..registry import variant_names
from ..render import STATIC_LAYER, RenderView, render_dynamic
from ..rings import winning_ring
from . import Demo, Frame, frame_view, library, replay
from .diagram import diagram_svg, rotate_dynamic

DIAGRAM_TITLE = "{title} — step {step} ({name})"
"""A step's diagram's ``<title>`` (the site build passes each language's own)."""


def step_view(frame: Frame) -> RenderView:
    """The marks of a demo step: last action, highlighted points, a winning ring."""
    return frame_view(frame, winning_ring(frame.game))


def step_markup(frame: Frame, rotated: bool = False, words: BoardWords = ENGLISH) -> str:
    """The inner markup of ``<g id="board-dynamic">`` for a demo step (the points' names
    in ``words``' language)."""
    markup = render_dynamic(frame.game, step_view(frame), words)
    return rotate_dynamic(markup) if rotated else markup


def diagram_name(demo: Demo, index: int) -> str:
    """The file name of a step's diagram: ``skud-wheel-2.svg``."""
    return f"{demo.name}-{index}.svg"


def full_site_link(demo: Demo, frame: Frame) -> str:
    """Where "open in the full site" goes, relative to the site root.

    The step opens as a shared game (``./#2…``, or ``./#3…`` from a set-up position,
    :mod:`paisho_core.starts`); a game with hidden hands (whose link would show every
    hand) opens the rules the demo illustrates instead.
    """
    if not getattr(frame.game, "hidden_hands", False):
        try:
            return "./" + fragment_for(frame.game)
        except PaiShoError:
            pass
    anchor = demo.rules[0] if demo.rules else demo.variant
    return f"./rules.html#{anchor}"


def _position(demo: Demo, frame: Frame) -> dict[str, Any]:
    """A position of a step's alternative as data: caption, action, marks, board, link."""
    return {
        "caption": frame.caption,
        "action": frame.step.action,
        "highlight": [str(p) for p in frame.highlight],
        "board": step_markup(frame),
        "link": full_site_link(demo, frame),
    }


def alternative_key(index: int, number: int) -> str:
    """How :func:`export_language` names a step's alternative: ``"3.0"``."""
    return f"{index}.{number}"


def export_demo(demo: Demo) -> dict[str, Any]:
    """One demo as data: its facts and, per step, caption, marks, board and diagram,
    and its ``alternatives``: each one's ``caption`` and ``steps`` (positions, the
    first its introduction: the position before the step, the alternative's caption)."""
    replayed = replay(demo)
    steps = []
    for frame in replayed.frames:
        alternatives = [
            {
                "caption": alt.caption,
                "steps": [_position(demo, f) for f in replayed.alternatives[(frame.index, n)]],
            }
            for n, alt in enumerate(frame.step.alternatives)
        ]
        steps.append(
            {
                "caption": frame.caption,
                "action": frame.step.action,
                "highlight": [str(p) for p in frame.highlight],
                "board": step_markup(frame),
                "diagram": diagram_name(demo, frame.index),
                "diagram_svg": diagram_svg(
                    frame.game,
                    step_view(frame),
                    frame.caption,
                    DIAGRAM_TITLE.format(title=demo.title, step=frame.index, name=demo.name),
                ),
                "link": full_site_link(demo, frame),
                **({"alternatives": alternatives} if alternatives else {}),
            }
        )
    return {
        "name": demo.name,
        "variant": demo.variant,
        "title": demo.title,
        "rules": list(demo.rules),
        "static": STATIC_LAYER,
        "steps": steps,
    }


def export() -> list[dict[str, Any]]:
    """Every demo of the library as :func:`export_demo` data, in library order."""
    order = {name: i for i, name in enumerate(variant_names())}
    demos = sorted(library().values(), key=lambda d: order.get(d.variant, len(order)))
    return [export_demo(demo) for demo in demos]


def export_diagrams(
    texts: Mapping[str, str], title: str = DIAGRAM_TITLE, words: BoardWords = ENGLISH
) -> dict[str, str]:
    """Every step's diagram of the library (file name → SVG) with its caption and demo
    title looked up in ``texts`` (source text → another language's; one not there stays
    as written), ``title`` (with ``{title}``, ``{step}``, ``{name}``) as its title, and
    the points' names in ``words``' language."""
    return export_language(texts, title, words)["diagrams"]


def export_language(
    texts: Mapping[str, str], title: str = DIAGRAM_TITLE, words: BoardWords = ENGLISH
) -> dict[str, dict[str, Any]]:
    """What a language's demo pages and diagrams need, from one replay of the library:
    ``diagrams`` as :func:`export_diagrams` makes them, ``boards``: per demo name, each
    step's :func:`step_markup` with the points' names in ``words``' language, and
    ``alternatives``: per demo name, each alternative's (:func:`alternative_key`)
    positions' markup the same way."""
    diagrams: dict[str, str] = {}
    boards: dict[str, list[str]] = {}
    branches: dict[str, dict[str, list[str]]] = {}
    for demo in library().values():
        name = texts.get(demo.title, demo.title)
        shown = boards.setdefault(demo.name, [])
        replayed = replay(demo)
        branches[demo.name] = {
            alternative_key(*key): [render_dynamic(f.game, step_view(f), words) for f in found]
            for key, found in replayed.alternatives.items()
        }
        for frame in replayed.frames:
            view = step_view(frame)
            shown.append(render_dynamic(frame.game, view, words))
            diagrams[diagram_name(demo, frame.index)] = diagram_svg(
                frame.game,
                view,
                texts.get(frame.caption, frame.caption),
                title.format(title=name, step=frame.index, name=demo.name),
                words=words,
            )
    return {"diagrams": diagrams, "boards": boards, "alternatives": branches}
