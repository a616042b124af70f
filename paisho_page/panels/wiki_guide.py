"""Wiki's multi-step actions in words and marks (``rules.html#wiki-r4``, ``#wiki-r7``).

A Boat moves, pushes or carries, a Wheel moves or turns, and each takes several clicks.
From the next steps of the selection (:func:`paisho_page.play.next_click.next_steps`, read off
the legal actions' click paths) this module works out the *role* of each token that may
be clicked next in the actions that go on through it — where the tile goes, a tile to
push, where the pushed tile goes, a tile to carry, a tile the Wheel turns — and from the
roles: the status line (:func:`guide_status`), a mark per highlighted point
(:func:`target_marks`), the legend of those marks (:func:`legend`), and which action a
point under the mouse previews (:func:`preview_of`).  Nothing is worded per click count:
the words come from the roles still possible.  Pure (tested under CPython).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from paisho_core.board import Point
from paisho_core.render import TargetMark, mark_swatch
from paisho_core.tokens import is_turn, point_token, token_point, turn_way
from paisho_core.wiki.actions import CARRY, PUSH, TURN, WikiAction
from paisho_page.panels.wiki_wheel import WORDS, way_icon
from paisho_page.play.next_click import NextStep, Steps, next_steps
from paisho_page.play.ui import UIState
from paisho_page.play.ui_text import tile_at
from paisho_page.words.i18n import _
from paisho_page.words.names import tile_name
from paisho_page.words.terms import tile

GOES = "goes"
"""Where the selected tile (a Boat, with what it carries) goes."""
PUSH_TILE = "push"
"""A tile next to the Boat that it may push."""
PUSHED_TO = "pushed-to"
"""Where the pushed tile goes."""
CARRY_TILE = "carry"
"""A tile around the Boat that it may carry."""
TURN_TILE = "turn"
"""A tile around a Wheel: click it, then where it goes, to turn the Wheel."""
TURN_TO = "turn-to"
"""Where that tile goes as the Wheel turns."""
TURN_WAY = "turn-way"
"""Which way the Wheel turns (the on-board control's ``turn:cw`` / ``turn:ccw``)."""
PICK = "pick"
"""The first click of an action: the tile that acts (on the board or in a reserve).
No choice is pending yet, so it has no mark, no legend and no words of its own."""

SHAPES = {
    GOES: "dot",
    PUSH_TILE: "triangle",
    PUSHED_TO: "triangle",
    CARRY_TILE: "square",
    TURN_TILE: "diamond",
    TURN_TO: "diamond",
}
"""Each role's mark shape (:data:`paisho_core.render.MARK_SHAPES`)."""
GUIDED = frozenset({PUSH_TILE, PUSHED_TO, CARRY_TILE, TURN_TILE, TURN_TO, TURN_WAY})
"""Roles that make a selection worth marking by role (a plain move needs no legend)."""


def _kind(action: object) -> int:
    return action.kind if isinstance(action, WikiAction) else -1


def role(through_action: object, path: tuple[str, ...], index: int) -> str:
    """The role of the ``index``-th token of ``path``, one of ``through_action``'s paths."""
    kind = _kind(through_action)
    token = path[index]
    if index == 0:
        return PICK
    if is_turn(token):
        return TURN_WAY
    if kind == PUSH:
        return PUSH_TILE if index == 1 else PUSHED_TO
    if kind == CARRY:
        point = token_point(token)
        dst = through_action.target if isinstance(through_action, WikiAction) else None
        return GOES if point is not None and point == dst else CARRY_TILE
    if kind == TURN:
        return TURN_TILE if index == 1 else TURN_TO
    return GOES


def roles(step: NextStep) -> tuple[str, ...]:
    """The roles of a next step's token, in :data:`SHAPES` order (each once)."""
    found = {role(t.action, t.path, t.index) for t in step.through}
    order = (*SHAPES, TURN_WAY)
    return tuple(r for r in order if r in found)


@dataclass
class _LastSteps:
    """The last :func:`steps_of` answer, with the click paths and clicks it was read off
    (the paths held, so that their identity cannot be reused by another position's)."""

    paths: object = None
    clicks: tuple[str, ...] = ()
    steps: Steps | None = None


_LAST = _LastSteps()


def steps_of(ui: UIState) -> Steps:
    """The next steps of ``ui``'s selection (none once the game is over).  Computed once
    per position and selection: a hover asks again and again for the same answer."""
    clicks = tuple(ui.clicks)
    if ui.game.to_move is None:
        return Steps(clicks, (), None)
    paths = ui.paths()  # one object per position (UIState computes it once)
    if _LAST.steps is None or _LAST.paths is not paths or _LAST.clicks != clicks:
        _LAST.paths, _LAST.clicks, _LAST.steps = paths, clicks, next_steps(paths, clicks)
    return _LAST.steps


# ----------------------------------------------------------------------------- names
def _name(ui: UIState, token: str) -> str:
    point = token_point(token)
    tile_ = tile_at(ui.game, point) if point is not None else None
    return tile_name("wiki", tile_.code) if tile_ is not None else _("tile")


def _the(name: str) -> str:
    """A tile named in a sentence: ``the Rose``."""
    return _("the {tile}").format(tile=name)


def _names(names: list[str]) -> str:
    """``the Rose``, ``the Rose and the Lily``, ``the Rose, the Lily and the Jasmine``."""
    the = [_the(n) for n in names] or [_("the tile")]
    if len(the) == 1:
        return the[0]
    return _("{tiles} and {last}").format(tiles=", ".join(the[:-1]), last=the[-1])


@dataclass(frozen=True)
class Selection:
    """What the clicks so far chose: the acting tile, the tiles chosen with it (to carry,
    push or turn) and a destination clicked first (a carry's, wiki R4)."""

    actor: str
    chosen: tuple[str, ...]
    """Names of the tiles clicked after the actor, in click order."""
    destination: Point | None


def selection(ui: UIState) -> Selection | None:
    """The selection of ``ui`` in names (``None`` without a board tile selected)."""
    clicks = ui.clicks
    if not clicks or token_point(clicks[0]) is None:
        return None
    chosen: list[str] = []
    destination = None
    for token in clicks[1:]:
        point = token_point(token)
        if point is None:
            continue
        if tile_at(ui.game, point) is None:
            destination = point
        else:
            chosen.append(_name(ui, token))
    return Selection(_name(ui, clicks[0]), tuple(chosen), destination)


# -------------------------------------------------------------------------- the words
def _goes(sel: Selection) -> str:
    if sel.chosen:
        return _("where the {actor} takes {tiles}").format(
            actor=sel.actor, tiles=_names(list(sel.chosen)))
    return _("where the {actor} goes").format(actor=sel.actor)


def _phrases(sel: Selection, found: set[str], both: bool) -> list[str]:
    """The choices open, worded from the roles ``found`` (``both``: some tile may be
    pushed or carried)."""
    last = _names(list(sel.chosen[-1:]))
    out = []
    if GOES in found:
        out.append(_goes(sel))
    if PUSHED_TO in found:
        out.append(_("where {tiles} is pushed").format(tiles=last))
    if TURN_TO in found:
        out.append(_("where {tiles} goes as the {actor} turns").format(
            tiles=last, actor=sel.actor))
    if both:
        out.append(_("a neighbouring tile to push or to carry"))
    elif PUSH_TILE in found:
        out.append(_("a neighbouring tile to push"))
    if CARRY_TILE in found and not both:
        out.append(_("another tile to carry too") if sel.chosen
                   else _("a neighbouring tile to carry"))
    if TURN_TILE in found:
        out.append(_("a tile around it to turn it"))
    return out


def _join(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return _("{choices}, or {last}").format(choices=", ".join(parts[:-1]), last=parts[-1])


def guide_status(ui: UIState) -> str | None:
    """The status line while a Wiki action is being built (``None``: the page's own).

    E.g. ``Guest: Boat selected — choose where the Boat goes, or a neighbouring tile to
    push or to carry.``; after the Boat and a free point: ``Guest: move the Boat alone
    to (0,3), or carry the Rose? …``.
    """
    sel = selection(ui)
    steps = steps_of(ui)
    if sel is None or not steps.steps:
        return None
    who = ui.player_name(ui.game.to_move)
    by_step = [roles(step) for step in steps.steps]
    found = {r for rs in by_step for r in rs}
    if steps.confirm is not None:
        return _ask(ui, sel, steps, who)
    both = not sel.chosen and any(PUSH_TILE in rs and CARRY_TILE in rs for rs in by_step)
    tiles = sel.actor
    for name in sel.chosen:
        tiles = _("{tiles} and {tile}").format(tiles=tiles, tile=name)
    values = {"player": who, "tiles": tiles, "choices": _join(_phrases(sel, found, both))}
    if TURN_WAY in found:
        return _("{player}: {tiles} selected — choose {choices}; or turn it with ↻ (clockwise)"
                 " or ↺ (counter-clockwise) beside it.").format(**values)
    return _("{player}: {tiles} selected — choose {choices}.").format(**values)


def _ask(ui: UIState, sel: Selection, steps: Steps, who: str) -> str:
    """The question when the last click is itself a whole action that may still grow:
    the Boat's destination clicked before the tiles it could carry there (wiki R4)."""
    carriable = [_name(ui, s.token) for s in steps.steps if CARRY_TILE in roles(s)]
    one = len(carriable) == 1
    values = {"player": who, "actor": sel.actor, "point": str(sel.destination)}
    if not sel.chosen:
        if one:
            return _(
                "{player}: move the {actor} alone to {point}, or carry {tiles}? Click {point}"
                " again to move it alone, or click {tiles} to carry it."
            ).format(tiles=_names(carriable), **values)
        return _(
            "{player}: move the {actor} alone to {point}, or carry tiles with it? Click"
            " {point} again to move it alone, or click a tile to carry it."
        ).format(**values)
    return _(
        "{player}: the {actor} goes to {point} with {tiles} — click the {last} again to go,"
        " or click another tile to carry too."
    ).format(tiles=_names(list(sel.chosen)), last=sel.chosen[-1], **values)


# -------------------------------------------------------------------------- the marks
def _words(ui: UIState, sel: Selection | None, step: NextStep, rs: tuple[str, ...]) -> str:
    actor = sel.actor if sel is not None else _("tile")
    chosen = list(sel.chosen) if sel is not None else []
    last = _names(chosen[-1:]) if chosen else _("the tile")
    name = _name(ui, step.token)
    words = {
        GOES: _("the {actor} takes {tiles} here").format(actor=actor, tiles=_names(chosen))
        if chosen else _("the {actor} goes here").format(actor=actor),
        PUSH_TILE: _("push the {tile}").format(tile=name),
        PUSHED_TO: _("{tiles} is pushed here").format(tiles=last),
        CARRY_TILE: (_("carry the {tile} too") if chosen else _("carry the {tile}")).format(
            tile=name),
        TURN_TILE: _("turn the {actor}: click this tile, then where it goes").format(actor=actor),
        TURN_TO: _("{tiles} goes here as the {actor} turns").format(tiles=last, actor=actor),
    }
    texts = [words[r] for r in rs if r in words]
    out = texts[0] if texts else ""
    for text in texts[1:]:
        out = _("{first} or {second}").format(first=out, second=text)
    return out


def target_marks(ui: UIState) -> dict[Point, TargetMark]:
    """A mark per point that may be clicked next, by role, while the choice is mixed
    (empty for a plain move or entry: the page's usual marks say enough)."""
    steps = steps_of(ui)
    by_step = [(step, roles(step)) for step in steps.steps]
    if not any(set(rs) & GUIDED for _, rs in by_step):
        return {}
    sel = selection(ui)
    out: dict[Point, TargetMark] = {}
    for step, rs in by_step:
        point = token_point(step.token)
        shapes = tuple(dict.fromkeys(SHAPES[r] for r in rs if r in SHAPES))
        if point is not None and shapes:
            out[point] = TargetMark(shapes, _words(ui, sel, step, rs))
    return out


def legend(ui: UIState) -> list[tuple[str, str]]:
    """``(icon, meaning)`` for each mark shape on the board now and each way the Wheel's
    control turns (icons: :data:`SHAPES`' shapes, ``cw``, ``ccw``; empty: no legend)."""
    marks = target_marks(ui)
    sel = selection(ui)
    seen: dict[str, str] = {}
    for step in steps_of(ui).steps:
        point = token_point(step.token)
        if point is None:
            way = turn_way(step.token)
            if way in WORDS:
                actor = sel.actor if sel else tile("Wheel")
                seen[way] = (_("turn the {actor} clockwise") if way == "cw"
                             else _("turn the {actor} counter-clockwise")).format(actor=actor)
            continue
        if point not in marks:
            continue
        for r in roles(step):
            if r in SHAPES and SHAPES[r] not in seen:
                text = _words(ui, sel, step, (r,))
                if r == PUSH_TILE:
                    text = _("push this tile")
                elif r == CARRY_TILE:
                    text = _("carry this tile too") if sel and sel.chosen else _("carry this tile")
                seen[SHAPES[r]] = text

    order = [*dict.fromkeys(SHAPES.values()), *WORDS]
    return sorted(seen.items(), key=lambda kv: order.index(kv[0]))


def legend_icon(icon: str) -> str:
    """The small ``<svg>`` of a legend icon (a mark shape, or a way of the Wheel)."""
    return way_icon(icon) if icon in WORDS else mark_swatch(icon)


# ------------------------------------------------------------------------- the preview
def preview_of(ui: UIState, point: Point) -> tuple[Any, str] | None:
    """The action a point under the mouse (or the cursor) previews, and how: ``""``
    when a click there makes it, ``"again"`` when clicking it again confirms it, or
    ``"push"`` for the push of a tile that may also be carried."""
    steps = steps_of(ui)
    token = point_token(point)
    if steps.confirm is not None and steps.clicks and steps.clicks[-1] == token:
        return steps.confirm, "again"
    step = steps.step(token)
    if step is None:
        return None
    if step.completes is not None:
        return step.completes, ""
    pushes = {t.action for t in step.through if _kind(t.action) == PUSH}
    if len(pushes) == 1:
        return pushes.pop(), "push"
    return None
