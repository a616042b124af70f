"""The rules-demo library: short annotated sequences that show one rule each.

Demos are data, one JSON file per variant, named by its spec's ``demos`` (the shipped
variants' are in this folder: ``skud.json``, ``balance.json``…).  Each file holds::

    {"variant": "skud", "demos": [{
        "name": "skud-wheel",               # stable: published URLs use it
        "title": "Wheel",
        "rules": ["skud-accents", "skud-r5"],  # anchors on rules.html it illustrates
        "options": [], "seed": null,        # the game's identity (as in a link)
        "start": {"moves": "0H.R,W,K,B;…"}  # or {"setup": {...}} or {"bag": "DKS…"}
        "caption": "…",  "highlight": ["(1,1)"],     # the starting position (step 0)
        "steps": [{"action": "(1,1)-(1,3)", "caption": "…", "highlight": ["(1,3)"],
                   "refused": ["(1,1)-(1,4)"],       # actions shown to be illegal here
                   "alternatives": [{"caption": "If instead …",   # optional: "what if"
                                     "steps": [{"action": "…", "caption": "…",
                                                "highlight": [], "refused": []}]}]}],
        "outcome": "harmony-ring"           # optional: how the last step must end
    }]}

A start is the moves of a real game (``moves``, in the variant's notation), a placed
position (``setup``: keyword arguments of the variant's ``setup`` class method, e.g.
:meth:`paisho_core.skud.SkudGame.setup`, :meth:`paisho_core.wiki.WikiGame.setup`,
:meth:`paisho_core.ancient.AncientGame.setup`; the demo's ``options``, if any, are
passed as ``options``), or a fixed bag order (``bag``, Balance's
:meth:`~paisho_core.balance.BalanceGame.with_bag`) optionally followed by ``moves``.
Every step's action is replayed through the engine by :func:`frames`, and every
``refused`` action must be illegal, so a wrong demo fails the tests and the build.

Any step after the start may carry *alternatives* ("if instead… then…"): each replaces
that step's action, its caption introducing it (the reader's label for it) and its 1 to
:data:`MAX_ALTERNATIVE_STEPS` steps played from the position *before* the step that
carries it, one after the other.  A step carries at most :data:`MAX_ALTERNATIVES`, a
demo at most :data:`MAX_ALTERNATIVE_TOTAL` steps of alternatives in all; an alternative's
steps carry none.  :func:`replay` checks each alternative as it checks the main steps
(a problem names the demo, the step and the alternative) and gives its frames
(:func:`alternative_frames`); the demo's ``outcome`` is the main line's alone.

Pure Python, no browser module: the build, the tests and the embed page share it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any

from .. import registry, starts
from ..board import Point
from ..errors import PaiShoError, quote
from ..messages import Message, msg
from ..messages import text as plain
from ..protocol import Game
from ..registry import get_variant
from ..render import RenderView
from ..spec import data_file
from ..tokens import token_point

AnyGame = Game[Any]

FOLDER = Path(__file__).resolve().parent
"""Where the shipped variants' demo files live."""

NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-")
"""Characters a demo name may hold (it appears in URLs and file names)."""

MAX_NAME = 60
"""Longest demo name."""

MAX_ALTERNATIVES = 3
"""Most alternatives ("if instead…") one step carries."""
MAX_ALTERNATIVE_STEPS = 12
"""Most steps of one alternative."""
MAX_ALTERNATIVE_TOTAL = 60
"""Most steps of all a demo's alternatives together."""


class DemoError(PaiShoError):
    """A demo that is malformed, or whose steps the engine refuses (names the demo)."""


class UnknownDemo(PaiShoError):
    """A demo name that is not in the library (the message quotes it)."""


@dataclass(frozen=True)
class Alternative:
    """An "if instead…" of a step: its introduction and the steps played instead."""

    caption: str
    """The introduction ("If instead the Guest…"), also the reader's label for it."""
    steps: tuple[DemoStep, ...]
    """One to :data:`MAX_ALTERNATIVE_STEPS` steps, the first played from the position
    before the step that carries the alternative."""


@dataclass(frozen=True)
class DemoStep:
    """One position of a demo: the action that led to it, its caption and marks."""

    action: str | None
    """The action in the variant's notation (``None`` for the starting position)."""
    caption: str
    highlight: tuple[Point, ...] = ()
    """Points the caption talks about, marked on the board."""
    refused: tuple[str, ...] = ()
    """Actions the caption says are illegal here (checked by :func:`frames`)."""
    alternatives: tuple[Alternative, ...] = ()
    """What could have been played instead of this step's action (never on the start,
    never on an alternative's own steps)."""


@dataclass(frozen=True)
class Demo:
    """A named rules demo: a starting position and annotated steps."""

    name: str
    variant: str
    title: str
    rules: tuple[str, ...]
    """Anchors of ``rules.html`` that this demo illustrates (``skud-r5``)."""
    steps: tuple[DemoStep, ...]
    """``steps[0]`` is the starting position; each later step plays one action."""
    options: tuple[str, ...] = ()
    seed: int | None = None
    start: Mapping[str, Any] = field(default_factory=dict)
    outcome: str | None = None
    """The outcome reason the last step must have (``harmony-ring``…), if any."""


@dataclass(frozen=True)
class Frame:
    """A demo step replayed: the game after it and what to draw.

    An alternative's frames are numbered from 0, its introduction: the position before
    the step that carries it, with the alternative's caption."""

    index: int
    game: AnyGame
    step: DemoStep
    last_move: frozenset[Point]
    branch: tuple[int, int] | None = None
    """For an alternative's frame: the step that carries it and its index there."""

    @property
    def caption(self) -> str:
        """The step's caption."""
        return self.step.caption

    @property
    def highlight(self) -> tuple[Point, ...]:
        """The step's highlighted points."""
        return self.step.highlight


# ------------------------------------------------------------------------- parsing
def _demo(name: str) -> Message:
    """Where a problem is: ``demo skud-wheel``."""
    return msg("demo {name}", name=name)


def _step(name: str, index: int) -> Message:
    """Where a problem is: ``demo skud-wheel, step 3``."""
    return msg("demo {name}, step {step}", name=name, step=index)


def _alternative(name: str, index: int, alternative: int, inner: int | None = None) -> Message:
    """Where a problem is: ``demo skud-wheel, step 3, alternative 1`` (counted from 1 as
    a reader does), and ``, step 2`` of it when ``inner`` is given."""
    where = msg("demo {name}, step {step}, alternative {alternative}", name=name, step=index,
                alternative=alternative + 1)
    if inner is None:
        return where
    return msg("{where}, its step {inner}", where=where, inner=inner)


def _text(raw: Mapping[str, Any], key: str, where: Message, default: str | None = None) -> str:
    value = raw.get(key, default)
    if not isinstance(value, str) or (default is None and not value.strip()):
        raise DemoError(msg("{where}: {key} must be a non-empty text", where=where,
                            key=repr(key)))
    return value


def _points(raw: Any, where: Message) -> tuple[Point, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list) or not all(isinstance(p, str) for p in raw):
        raise DemoError(msg("{where}: 'highlight' must be a list of points like \"(1,2)\"",
                            where=where))
    try:
        return tuple(Point.parse(p) for p in raw)
    except PaiShoError as exc:
        raise DemoError(msg("{where}: {reason}", where=where, reason=exc.message)) from None


def _texts(raw: Any, key: str, where: Message) -> tuple[str, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list) or not all(isinstance(t, str) and t for t in raw):
        raise DemoError(msg("{where}: {key} must be a list of texts", where=where,
                            key=repr(key)))
    return tuple(raw)


def _plain_step(raw: Any, at: Message) -> DemoStep:
    """A step after the start, but its alternatives."""
    if not isinstance(raw, Mapping):
        raise DemoError(msg("{where}: a step must be an object", where=at))
    return DemoStep(
        _text(raw, "action", at),
        _text(raw, "caption", at),
        _points(raw.get("highlight"), at),
        _texts(raw.get("refused"), "refused", at),
    )


def _alternatives(raw: Any, name: str, index: int) -> tuple[Alternative, ...]:
    """The alternatives of step ``index`` (none when it has no ``alternatives`` key)."""
    if not isinstance(raw, Mapping) or raw.get("alternatives") is None:
        return ()
    found = raw["alternatives"]
    at = _step(name, index)
    if not isinstance(found, list) or not found:
        raise DemoError(msg("{where}: 'alternatives' must be a list of one or more objects",
                            where=at))
    if len(found) > MAX_ALTERNATIVES:
        raise DemoError(msg("{where}: {count} alternatives (at most {limit})", where=at,
                            count=len(found), limit=MAX_ALTERNATIVES))
    out = []
    for number, alt in enumerate(found):
        where = _alternative(name, index, number)
        if not isinstance(alt, Mapping):
            raise DemoError(msg("{where}: an alternative must be an object", where=where))
        steps = alt.get("steps")
        if not isinstance(steps, list) or not steps:
            raise DemoError(msg("{where}: 'steps' must be a list of one or more steps",
                                where=where))
        if len(steps) > MAX_ALTERNATIVE_STEPS:
            raise DemoError(msg("{where}: {count} steps (at most {limit})", where=where,
                                count=len(steps), limit=MAX_ALTERNATIVE_STEPS))
        parsed = []
        for inner, step in enumerate(steps, 1):
            there = _alternative(name, index, number, inner)
            if isinstance(step, Mapping) and "alternatives" in step:
                raise DemoError(msg("{where}: an alternative's step carries no alternatives",
                                    where=there))
            parsed.append(_plain_step(step, there))
        out.append(Alternative(_text(alt, "caption", where), tuple(parsed)))
    return tuple(out)


def parse_demo(raw: Mapping[str, Any], variant: str) -> Demo:
    """One demo from its JSON object; raise :class:`DemoError` naming what is wrong."""
    if not isinstance(raw, Mapping):
        raise DemoError(msg("{variant} demos: each demo must be an object", variant=variant))
    name = raw.get("name")
    if (
        not isinstance(name, str)
        or not name
        or len(name) > MAX_NAME
        or not set(name) <= NAME_CHARS
        or not name.startswith(f"{variant}-")
    ):
        raise DemoError(msg(
            "{variant} demos: bad name {name} (lower-case letters, digits and '-', starting"
            " with {prefix})",
            variant=variant, name=quote(name), prefix=repr(variant + "-"),
        ))
    where = _demo(name)
    steps = [
        DemoStep(
            None,
            _text(raw, "caption", where),
            _points(raw.get("highlight"), where),
            _texts(raw.get("refused"), "refused", where),
        )
    ]
    raw_steps = raw.get("steps", [])
    if not isinstance(raw_steps, list):
        raise DemoError(msg("{where}: 'steps' must be a list", where=where))
    total = 0
    for i, step in enumerate(raw_steps, 1):
        at = _step(name, i)
        alternatives = _alternatives(step, name, i)
        total += sum(len(alt.steps) for alt in alternatives)
        if total > MAX_ALTERNATIVE_TOTAL:
            raise DemoError(msg(
                "{where}: the demo's alternatives have {count} steps in all (at most {limit})",
                where=where, count=total, limit=MAX_ALTERNATIVE_TOTAL,
            ))
        steps.append(replace(_plain_step(step, at), alternatives=alternatives))
    start = raw.get("start", {})
    if not isinstance(start, Mapping) or not set(start) <= {"moves", "setup", "bag"}:
        raise DemoError(msg("{where}: 'start' may hold only 'moves', 'setup' and 'bag'",
                            where=where))
    seed = raw.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise DemoError(msg("{where}: 'seed' must be a whole number", where=where))
    outcome = raw.get("outcome")
    if outcome is not None and not isinstance(outcome, str):
        raise DemoError(msg("{where}: 'outcome' must be a text", where=where))
    return Demo(
        name=name,
        variant=variant,
        title=_text(raw, "title", where),
        rules=_texts(raw.get("rules"), "rules", where),
        steps=tuple(steps),
        options=_texts(raw.get("options"), "options", where),
        seed=seed,
        start=dict(start),
        outcome=outcome,
    )


def parse_library(text: str, source: str = "demos") -> list[Demo]:
    """The demos of one library file's JSON text."""
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise DemoError(f"{source}: not valid JSON ({exc})") from None
    if not isinstance(data, Mapping) or not isinstance(data.get("demos"), list):
        raise DemoError(f"{source}: expected an object with 'variant' and 'demos'")
    variant = data.get("variant")
    if not isinstance(variant, str) or not variant:
        raise DemoError(f"{source}: 'variant' must name a variant")
    return [parse_demo(raw, variant) for raw in data["demos"]]


def demo_files() -> tuple[Path, ...]:
    """The library's files: every registered variant's demo file, by file name."""
    found = (data_file(spec.demos) for spec in registry.specs() if spec.demos)
    return tuple(sorted(found, key=lambda path: path.name))


def library() -> dict[str, Demo]:
    """Every demo of the library files, by name, in file then listed order."""
    return _library(demo_files())


@cache
def _library(files: tuple[Path, ...]) -> dict[str, Demo]:
    out: dict[str, Demo] = {}
    for path in files:
        for demo in parse_library(path.read_text(encoding="utf-8"), path.name):
            if demo.name in out:
                raise DemoError(f"{path.name}: demo name {demo.name!r} is used twice")
            out[demo.name] = demo
    return out


def demo_names() -> tuple[str, ...]:
    """The names of every demo in the library."""
    return tuple(library())


def get_demo(name: str) -> Demo:
    """The demo called ``name``; raise :class:`UnknownDemo` quoting it if there is none."""
    try:
        return library()[name]
    except KeyError:
        shown = name if len(name) <= MAX_NAME else name[:MAX_NAME] + "…"
        raise UnknownDemo(msg("there is no demo called {name}", name=repr(shown))) from None


# ------------------------------------------------------------------------- replay
def start_game(demo: Demo) -> AnyGame:
    """The demo's starting position, as a game of its variant (a ``setup`` or ``bag``
    start is marked as the game's :attr:`~paisho_core.protocol.Game.set_up`)."""
    cls = get_variant(demo.variant)
    start = demo.start
    try:
        if "setup" in start or "bag" in start:
            game = starts.start_game(demo.variant, start, demo.options)
            for text in str(start.get("moves", "")).split(";"):
                if text.strip():
                    game.play(text.strip())
        elif start.get("moves", ""):
            game = cls.from_text(str(start["moves"]), demo.options, demo.seed)
        else:
            game = cls(demo.options, demo.seed)
    except (PaiShoError, TypeError) as exc:
        reason = exc.message if isinstance(exc, PaiShoError) else plain(str(exc))
        raise DemoError(msg("demo {name}: the start cannot be set up: {reason}",
                            name=demo.name, reason=reason)) from None
    return game


def _check_refused(game: AnyGame, step: DemoStep, where: Message) -> None:
    for text in step.refused:
        try:
            action = game.parse_action(text)
        except PaiShoError as exc:
            raise DemoError(msg("{where}: {reason}", where=where, reason=exc.message)) from None
        if game.is_legal(action):
            raise DemoError(msg("{where}: {action} is legal, but the demo shows it refused",
                                where=where, action=text))


def _play(game: AnyGame, step: DemoStep, where: Message) -> frozenset[Point]:
    """Play ``step``'s action on ``game`` and check its refused actions; the points the
    action touched.  Raises :class:`DemoError` naming ``where``."""
    assert step.action is not None
    try:
        action = game.parse_action(step.action)
        clicks = game.action_clicks(action)
        game.apply(action)
    except PaiShoError as exc:
        raise DemoError(msg("{where}: {reason}", where=where, reason=exc.message)) from None
    _check_refused(game, step, where)
    return frozenset(p for p in (token_point(t) for t in clicks) if p is not None)


def play_alternative(
    name: str, before: AnyGame, alternative: Alternative, index: int, number: int
) -> list[Frame]:
    """The frames of ``alternative`` (the ``number``-th of step ``index`` of demo
    ``name``) played from ``before``, the position before that step (left as it is):
    its introduction (frame 0), then one per step.  Raises :class:`DemoError` naming the
    demo, the step and the alternative."""
    branch = (index, number)
    game = before.copy()
    intro = DemoStep(None, alternative.caption)
    out = [Frame(0, game.copy(), intro, frozenset(), branch)]
    for inner, step in enumerate(alternative.steps, 1):
        points = _play(game, step, _alternative(name, index, number, inner))
        out.append(Frame(inner, game.copy(), step, points, branch))
    return out


@dataclass(frozen=True)
class Replay:
    """A demo replayed: a frame per main step, and each alternative's frames by
    ``(step, alternative)``."""

    frames: list[Frame]
    alternatives: dict[tuple[int, int], list[Frame]]


def replay(demo: Demo) -> Replay:
    """Replay ``demo`` and every alternative of its steps through the engine.

    Raises :class:`DemoError` naming the demo and step (and the alternative) when an
    action is malformed or illegal, a ``refused`` action is legal, or the last step
    lacks the expected outcome.
    """
    game = start_game(demo)
    out = [Frame(0, game.copy(), demo.steps[0], frozenset())]
    branches: dict[tuple[int, int], list[Frame]] = {}
    _check_refused(game, demo.steps[0], _step(demo.name, 0))
    for index, step in enumerate(demo.steps[1:], 1):
        for number, alternative in enumerate(step.alternatives):
            branches[(index, number)] = play_alternative(demo.name, game, alternative, index,
                                                         number)
        points = _play(game, step, _step(demo.name, index))
        out.append(Frame(index, game.copy(), step, points))
    if demo.outcome is not None:
        outcome = game.outcome()
        reason = outcome.reason if outcome is not None else None
        if reason != demo.outcome:
            raise DemoError(msg(
                "demo {name}: the last step should end the game by {expected}, but its"
                " outcome is {reason}",
                name=demo.name, expected=demo.outcome,
                reason=reason if reason is not None else msg("none (the game goes on)"),
            ))
    return Replay(out, branches)


def frames(demo: Demo) -> list[Frame]:
    """Replay ``demo`` through the engine (its alternatives checked too,
    :func:`replay`): one :class:`Frame` per main step.

    Raises :class:`DemoError` naming the demo and step when an action is malformed or
    illegal, a ``refused`` action is legal, or the last step lacks the expected outcome.
    """
    return replay(demo).frames


def alternative_frames(demo: Demo, index: int, number: int) -> list[Frame]:
    """The frames of alternative ``number`` of step ``index`` (:func:`play_alternative`),
    the whole demo replayed and checked; :class:`DemoError` when there is no such one."""
    found = replay(demo).alternatives.get((index, number))
    if found is None:
        raise DemoError(msg("{where}: there is no such alternative",
                            where=_alternative(demo.name, index, number)))
    return found


FOCUS_CLASS = "focus"
"""CSS class of a highlighted point (drawn by ``render.BOARD_CSS``)."""


def frame_view(frame: Frame, ring: tuple[Point, ...] = ()) -> RenderView:
    """What to draw over a frame's board: the last action and the highlighted points."""
    return RenderView(
        last_move=frame.last_move,
        ring=ring,
        extra_classes={p: FOCUS_CLASS for p in frame.highlight},
    )
