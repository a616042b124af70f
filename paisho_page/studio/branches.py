"""A Studio demo's steps and their alternatives ("if instead…"), as values.

A :class:`StepDraft` is one step of the demo being written; a step after the start may
carry :class:`AltDraft`\\ s (at most :data:`paisho_core.demos.MAX_ALTERNATIVES`), each an
introduction (its caption, the reader's label for it) and the steps played instead of
that step's, from the position before it.  The Studio edits one *line* at a time: the
demo's steps, or an alternative's (its introduction first, as step 0): :func:`line` and
:func:`put_line` go between the two.  :func:`step_json` is a step as the demo's JSON
writes it (an alternative without steps yet is left out: it is still being written),
:func:`alternative` one as the engine replays it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from paisho_core.board import Point
from paisho_core.demos import Alternative, Demo, DemoStep

Branch = tuple[int, int] | None
"""The line being written: ``None`` for the demo's own steps, else ``(step, index)`` of
an alternative."""


@dataclass(frozen=True)
class AltDraft:
    """An alternative of a step: its introduction and its steps (the first played from
    the position before the step that carries it)."""

    caption: str
    steps: tuple[StepDraft, ...] = ()


@dataclass(frozen=True)
class StepDraft:
    """One step: its action (``""`` for the start), caption, highlighted points, the
    moves it shows refused (the variant's notation) and its alternatives."""

    action: str = ""
    caption: str = ""
    highlight: tuple[str, ...] = ()
    refused: tuple[str, ...] = ()
    alternatives: tuple[AltDraft, ...] = ()


def line(steps: Sequence[StepDraft], branch: Branch) -> list[StepDraft]:
    """The steps of the line ``branch`` names: the demo's, or an alternative's with its
    introduction as step 0 (a step with no action and the alternative's caption)."""
    if branch is None:
        return list(steps)
    index, number = branch
    alt = steps[index].alternatives[number]
    return [StepDraft(caption=alt.caption), *alt.steps]


def put_line(
    steps: Sequence[StepDraft], branch: Branch, new: Sequence[StepDraft]
) -> list[StepDraft]:
    """``steps`` with the line ``branch`` names replaced by ``new`` (:func:`line`'s form)."""
    if branch is None:
        return list(new)
    index, number = branch
    carrier = steps[index]
    alts = list(carrier.alternatives)
    alts[number] = AltDraft(new[0].caption, tuple(new[1:]))
    out = list(steps)
    out[index] = replace(carrier, alternatives=tuple(alts))
    return out


def with_alternative(steps: Sequence[StepDraft], index: int, caption: str) -> list[StepDraft]:
    """``steps`` with a new alternative, no steps yet, at the end of step ``index``'s."""
    out = list(steps)
    carrier = out[index]
    out[index] = replace(carrier, alternatives=(*carrier.alternatives, AltDraft(caption)))
    return out


def without_alternative(steps: Sequence[StepDraft], index: int, number: int) -> list[StepDraft]:
    """``steps`` without alternative ``number`` of step ``index``."""
    out = list(steps)
    carrier = out[index]
    alts = carrier.alternatives
    out[index] = replace(carrier, alternatives=alts[:number] + alts[number + 1:])
    return out


def _marks(step: StepDraft) -> dict[str, Any]:
    """A step's optional keys of the demo JSON: ``highlight``, ``refused``."""
    out: dict[str, Any] = {}
    if step.highlight:
        out["highlight"] = list(step.highlight)
    if step.refused:
        out["refused"] = list(step.refused)
    return out


def start_json(step: StepDraft) -> dict[str, Any]:
    """The start's marks as the demo's JSON writes them (its caption is the caller's)."""
    return _marks(step)


def step_json(step: StepDraft, caption: Callable[[str], str]) -> dict[str, Any]:
    """A step after the start as the demo's JSON writes it, ``caption`` applied to every
    caption (a stand-in for an empty one); alternatives without steps are left out."""
    out: dict[str, Any] = {"action": step.action, "caption": caption(step.caption), **_marks(step)}
    alts = [
        {"caption": caption(alt.caption),
         "steps": [{"action": s.action, "caption": caption(s.caption), **_marks(s)}
                   for s in alt.steps]}
        for alt in step.alternatives
        if alt.steps
    ]
    if alts:
        out["alternatives"] = alts
    return out


def alternative(alt: AltDraft, caption: Callable[[str], str]) -> Alternative:
    """An alternative as the engine replays it (its steps' highlights read as points)."""
    return Alternative(
        caption(alt.caption),
        tuple(
            DemoStep(s.action, caption(s.caption), tuple(Point.parse(p) for p in s.highlight),
                     s.refused)
            for s in alt.steps
        ),
    )


def from_demo(demo: Demo) -> list[StepDraft]:
    """A demo's steps (and their alternatives) as the Studio writes them."""
    def draft(step: DemoStep) -> StepDraft:
        return StepDraft(step.action or "", step.caption, tuple(str(p) for p in step.highlight),
                         tuple(step.refused))

    return [
        replace(draft(step), alternatives=tuple(
            AltDraft(alt.caption, tuple(draft(s) for s in alt.steps))
            for alt in step.alternatives
        ))
        for step in demo.steps
    ]
