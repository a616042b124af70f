"""The board draws only what changed (:mod:`paisho_page.play.board_marks` over
:func:`paisho_core.render.dynamic_layer`): a selection writes the marks of the points
whose marks changed, never the tiles or the lines; a completed action, an undo or a
replay step the lines and the few points whose tiles changed; applied to the layer
shown the writes give exactly the new layer; a layer drawn otherwise, or another game,
is drawn whole."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from dataclasses import replace
from itertools import pairwise
from typing import Any

import pytest
from mid_game import mid_game
from ui_fake import opened

from paisho_core.board import Point
from paisho_core.render import DynamicLayer, dynamic_layer, render_dynamic
from paisho_page.panels import wiki_guide
from paisho_page.play.board_marks import BoardUpdate, ShownLayer, layer_changes, mark_changes
from paisho_page.play.ui import Click, UIState


def layer_of(ui: UIState) -> DynamicLayer:
    """The layer the page draws for ``ui`` (Wiki's targets marked by what they do)."""
    view = ui.view()
    if ui.variant == "wiki":
        marks = wiki_guide.target_marks(ui)
        view = replace(view, target_marks=marks) if marks else view
    return dynamic_layer(ui.game, view)


def tree(markup: str) -> ET.Element:
    """The dynamic layer's markup as an element tree (it is well-formed XML)."""
    return ET.fromstring(f"<g>{markup}</g>")


def applied(markup: str, update: BoardUpdate) -> str:
    """``update``'s writes carried out on the layer ``markup`` as the page does (a
    group's children or a point's group replaced; an attribute set to the unescaped
    value; the marks group's children replaced)."""
    root = tree(markup)
    by_id = {node.get("id"): node for node in root.iter() if node.get("id")}
    for target, inner in update.inner:
        by_id[target][:] = list(tree(inner))
    parents = {child: parent for parent in root.iter() for child in parent}
    for target, outer in update.outer:
        old = by_id[target]
        (new,) = list(tree(outer))
        assert new.get("id") == target
        siblings = parents[old]
        siblings[list(siblings).index(old)] = new
        by_id[target] = new
    for write in update.writes:
        by_id[write.target].set(write.name, str(write.value))
    for target, marks in update.marks:
        group = list(by_id[target])[-1]
        assert group.get("class") == "marks"
        group[:] = list(tree(marks))
    return ET.tostring(root, encoding="unicode")


def selections(ui: UIState, pick: random.Random, count: int) -> list[str]:
    """Up to ``count`` first clicks of a selection (seeded), board points first."""
    tokens = sorted(ui.next_tokens())
    points = [t for t in tokens if t.startswith("point:")]
    others = [t for t in tokens if not t.startswith("point:")]
    return pick.sample(points, min(count, len(points))) + others[:2]


def games() -> list[tuple[str, Any]]:
    """Positions of a few variants: Skud, Wiki, Ancient mid-game, and the made-up test
    game (its bonus: a second selection on the board)."""
    out: list[tuple[str, Any]] = []
    for variant in ("skud", "wiki", "ancient"):
        for plies in (7, 31):
            out.append((f"{variant}-{plies}", mid_game(variant, plies)))
    fake = opened()
    fake.apply(("plant", "R3", Point(0, -8)))
    fake.apply(("plant", "R3", Point(0, 8)))
    out.append(("fake", fake))
    return out


@pytest.mark.parametrize(("name", "game"), games(), ids=[n for n, _ in games()])
def test_the_writes_of_a_selection_turn_the_layer_shown_into_the_new_one(
    name: str, game: Any
) -> None:
    pick = random.Random(name)
    tried = 0
    for first in selections(UIState(game.copy(), undo=False), pick, 4):
        ui = UIState(game.copy(), undo=False)
        before = layer_of(ui)
        steps = [first]
        result = ui.click(first)
        if result.kind is not Click.COMPLETE and ui.next_tokens():  # and a second click
            second = pick.choice(sorted(ui.next_tokens()))
            steps.append(second)
        layers = [before, layer_of(ui)]
        if len(steps) > 1 and ui.click(steps[1]).kind is not Click.COMPLETE:
            layers.append(layer_of(ui))
        if result.kind is Click.COMPLETE:
            continue
        for old, new in pairwise(layers):
            update = mark_changes(old, new)
            assert update is not None  # the same frame: the marks only
            expected = ET.tostring(tree(new.markup()), encoding="unicode")
            assert applied(old.markup(), update) == expected
            changed = {p for p, a, b in zip(new.points, old.marks, new.marks, strict=True)
                       if a != b}
            written = {w.target for w in update.writes} | {t for t, _ in update.marks}
            assert written == {f"pt{p.x}_{p.y}" for p in changed}
            tried += 1
        # the keyboard cursor: one or two points' marks
        current = layer_of(ui)
        ui.cursor_visible = True
        moved = mark_changes(current, layer_of(ui))
        assert moved is not None and len({t for t, _ in moved.marks}) <= 2
        ui.cursor_visible = False
    assert tried


def test_a_selection_rewrites_no_tile_nor_line_and_few_points() -> None:
    ui = UIState(mid_game("skud", 40), undo=False)
    shown = ShownLayer()
    whole = shown.draw(layer_of(ui), None)
    assert whole.whole is not None and whole.whole == render_dynamic(ui.game, ui.view())
    tile = next(t for t in sorted(ui.next_tokens()) if t.startswith("point:"))
    assert ui.click(tile).kind is Click.EXTEND
    update = shown.draw(layer_of(ui), whole.stamp)
    assert update.whole is None
    points = len(layer_of(ui).points)
    assert 0 < len(update.marks) < points / 4
    assert len(update.writes) <= 2 * len(update.marks)
    for _target, marks in update.marks:
        assert "<line" not in marks and 'class="tile' not in marks and "<g class=\"pt" not in marks
    again = shown.draw(layer_of(ui), whole.stamp)  # nothing changed: nothing written
    assert again == BoardUpdate()


def test_another_layer_or_another_game_draws_it_whole() -> None:
    ui = UIState(mid_game("skud", 40), undo=True)
    shown = ShownLayer()
    first = shown.draw(layer_of(ui), None)
    token = next(t for t in sorted(ui.next_tokens()) if t.startswith("point:"))
    ui.click(token)
    update = shown.draw(layer_of(ui), "not drawn here")  # (the page drew it otherwise)
    assert update.whole == layer_of(ui).markup() and update.stamp != first.stamp
    other = UIState(mid_game("wiki", 40), undo=False)  # (most points change)
    again = shown.draw(layer_of(other), update.stamp)
    assert again.whole == layer_of(other).markup() and again.stamp != update.stamp
    coordinates = replace(other.view(), coordinates=True)  # (the layer's end changes)
    assert shown.draw(dynamic_layer(other.game, coordinates), again.stamp).whole is not None


def actions(variant: str, plies: int) -> list[tuple[DynamicLayer, DynamicLayer]]:
    """The layers before and after each action of a seeded game of ``variant`` (the
    selection shown before it), then of undoing them all."""
    ui = UIState(mid_game(variant, 0), undo=True)
    pick = random.Random(variant)
    pairs = []
    for _ in range(plies):
        if ui.game.is_over or not ui.next_tokens():
            break
        while True:
            before = layer_of(ui)
            result = ui.click(pick.choice(sorted(ui.next_tokens())))
            if result.kind is Click.COMPLETE:
                pairs.append((before, layer_of(ui)))
                break
    while ui.can_undo:
        before = layer_of(ui)
        ui.undo()
        pairs.append((before, layer_of(ui)))
    return pairs


@pytest.mark.parametrize("variant", ["skud", "wiki", "ancient", "balance"])
def test_an_action_or_an_undo_draws_only_the_lines_and_the_points_it_changed(
    variant: str,
) -> None:
    redrawn = []
    for before, after in actions(variant, 24):
        update = layer_changes(before, after)
        if update is None:  # (many points changed: drawn whole)
            continue
        expected = ET.tostring(tree(after.markup()), encoding="unicode")
        assert applied(before.markup(), update) == expected
        if before.frame != after.frame:  # (as a whole drawing: the previews emptied)
            assert {t for t, _ in update.inner} >= {"board-preview", "board-preview-top",
                                                      "board-controls"}
        assert ("board-lines", after.lines()) in update.inner or before.lines() == after.lines()
        bodies = {f"pt{p.x}_{p.y}" for i, p in enumerate(after.points)
                  if before.body(i) != after.body(i)}
        assert {t for t, _ in update.outer} == bodies
        redrawn.append(len(bodies))
    assert redrawn and max(redrawn) <= 8  # (a move, a capture, the last-move marks)


def test_the_page_draws_an_action_in_part() -> None:
    ui = UIState(mid_game("skud", 40), undo=True)
    shown = ShownLayer()
    stamp = shown.draw(layer_of(ui), None).stamp
    while True:  # complete an action
        result = ui.click(sorted(ui.next_tokens())[0])
        if result.kind is Click.COMPLETE:
            break
        assert shown.draw(layer_of(ui), stamp).whole is None
    done = shown.draw(layer_of(ui), stamp)
    assert done.whole is None and 0 < len(done.outer) <= 6


def test_a_hint_mark_is_a_class_change_only() -> None:
    ui = UIState(mid_game("skud", 20), undo=False)
    view = ui.view()
    before = dynamic_layer(ui.game, view)
    hinted = dynamic_layer(ui.game, replace(view, extra_classes={Point(0, 0): "hint"}))
    update = mark_changes(before, hinted)
    assert update is not None and update.marks == ()
    assert [(w.target, w.name, w.value) for w in update.writes] == [
        ("pt0_0", "class", "pt hint")
    ]
