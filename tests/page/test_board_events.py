"""The game page's one board event path (``site/game_page.py`` over
:mod:`paisho_page.panels.hooks` and :mod:`paisho_page.play.redraws`): a hover onto
another point redraws only what depends on the point under the pointer, a hover that
changes nothing redraws nothing, the shared path calls only the shown game's panel and
the global ones, and the legal moves the page reads are computed once per position."""

from __future__ import annotations

from typing import Any

from mid_game import mid_game

from paisho_core.board import Point
from paisho_core.registry import new_game
from paisho_page.panels import wiki_guide, wiki_view
from paisho_page.panels.hooks import Panel, PanelSet
from paisho_page.play import redraws
from paisho_page.play.redraws import Part, Pointer
from paisho_page.play.ui import UIState, all_points


class Board(Panel):
    """A panel that writes every hook it gets into a shared log (and may take clicks)."""

    def __init__(self, name: str, variant: str | None, log: list[str], takes: bool = False):
        self.name, self.variant, self.log, self.takes = name, variant, log, takes

    def note(self, what: str) -> None:
        self.log.append(f"{self.name}.{what}")

    def board_click(self, point: Any, control: Any) -> bool:
        self.note(f"click:{point}:{control}")
        return self.takes and control is not None

    def board_hover(self, point: Any, control: Any) -> None:
        self.note(f"hover:{point}:{control}")

    def board_leave(self) -> None:
        self.note("leave")

    def board_control_focus(self, control: Any, focused: bool) -> None:
        self.note(f"focus:{control}:{focused}")

    def board_control_key(self, control: Any, key: str) -> bool:
        self.note(f"key:{control}:{key}")
        return self.takes

    # the redraws a hover must never cause
    def decorate(self, view: Any) -> Any:
        self.note("decorate")
        return view

    def after_draw_board(self) -> None:
        self.note("after_draw_board")

    def show(self, game: Any) -> None:
        self.note("show")

    def hide(self) -> None:
        self.note("hide")

    def after_refresh(self) -> None:
        self.note("after_refresh")


def _panels(takes: bool = False) -> tuple[PanelSet, list[str]]:
    log: list[str] = []
    return PanelSet([
        Board("ancient", "ancient", log, takes), Board("card", None, log),
        Board("balance", "balance", log), Board("wiki", "wiki", log, takes),
    ]), log


class Page:
    """The shared path as ``game_page`` runs it: the point (and control) under the
    pointer worked out once per event, the parts to redraw from :class:`Pointer`, the
    panels told through the set; ``redrawn`` notes every part drawn."""

    def __init__(self, panels: PanelSet, variant: str) -> None:
        self.panels, self.variant, self.pointer = panels, variant, Pointer()
        self.redrawn: list[Part] = []

    def over(self, point: Point | None, control: str | None = None) -> None:
        parts = self.pointer.over(self.variant, point, control)
        self.redrawn += sorted(parts)
        if Part.PREVIEW in parts:
            self.panels.board_hover(self.variant, point, control)

    def leave(self) -> None:
        parts = self.pointer.leave(self.variant)
        self.redrawn += sorted(parts)
        if Part.PREVIEW in parts:
            self.panels.board_leave(self.variant)


def test_a_hover_redraws_only_the_previews_and_only_when_the_point_changes() -> None:
    panels, log = _panels()
    page = Page(panels, "wiki")
    page.over(Point(0, 0))
    assert page.redrawn == [Part.PREVIEW]
    assert log == ["wiki.hover:(0,0):None", "card.hover:(0,0):None"]
    page.over(Point(0, 0))  # (another element of the same point: a tile's art)
    assert page.redrawn == [Part.PREVIEW] and len(log) == 2  # nothing redrawn
    page.over(Point(1, 0))
    page.over(None, "wiki-turn-cw")  # a control drawn on the board
    page.over(None, "wiki-turn-cw")
    page.leave()
    page.leave()
    assert page.redrawn == [Part.PREVIEW] * 4
    assert log[2:] == ["wiki.hover:(1,0):None", "card.hover:(1,0):None",
                       "wiki.hover:None:wiki-turn-cw", "card.hover:None:wiki-turn-cw",
                       "wiki.leave", "card.leave"]
    # a hover never draws the board, the panels, the move list, the players, the buttons
    assert not any(entry.split(".")[1] in ("decorate", "after_draw_board", "show", "hide",
                                           "after_refresh") for entry in log)
    assert {Part.PREVIEW} == redraws.HOVER
    for never in (Part.BOARD_MARKS, Part.MOVES, Part.PLAYERS, Part.CONTROLS, Part.STATUS,
                  Part.PANELS, Part.ACCENTS):
        assert never not in redraws.HOVER


def test_a_game_of_another_variant_is_told_of_the_point_again() -> None:
    pointer = Pointer()
    assert pointer.over("skud", Point(2, 2), None) == redraws.HOVER
    assert pointer.over("skud", Point(2, 2), None) == frozenset()
    assert pointer.over("wiki", Point(2, 2), None) == redraws.HOVER  # (a new game)


def test_the_shared_path_calls_only_the_shown_games_panel_and_the_global_ones() -> None:
    panels, log = _panels()
    panels.board_hover("balance", Point(3, 3), None)
    assert log == ["balance.hover:(3,3):None", "card.hover:(3,3):None"]
    log.clear()
    panels.board_hover("skud", Point(3, 3), None)  # (no panel of its own)
    panels.board_leave("skud")
    assert log == ["card.hover:(3,3):None", "card.leave"]
    log.clear()
    assert panels.board_click("skud", Point(3, 3), None) is False
    assert log == ["card.click:(3,3):None"]
    log.clear()
    panels.board_control_focus("ancient", "ring-turn-90", True)
    assert panels.board_control_key("ancient", "ring-turn-90", "Enter") is False
    assert log == ["ancient.focus:ring-turn-90:True", "card.focus:ring-turn-90:True",
                   "ancient.key:ring-turn-90:Enter", "card.key:ring-turn-90:Enter"]


def test_a_click_the_shown_games_panel_takes_goes_no_further() -> None:
    panels, log = _panels(takes=True)
    assert panels.board_click("wiki", None, "wiki-turn-cw") is True
    assert log == ["wiki.click:None:wiki-turn-cw"]  # (the card panel is not asked)
    log.clear()
    assert panels.board_click("wiki", Point(0, 1), None) is False  # a point: the page's
    assert log == ["wiki.click:(0,1):None", "card.click:(0,1):None"]
    log.clear()
    assert panels.board_control_key("ancient", "ring-turn-90", "ArrowLeft") is True
    assert log == ["ancient.key:ring-turn-90:ArrowLeft"]


def test_the_base_panel_leaves_the_board_to_the_page() -> None:
    panel = Panel()
    assert panel.board_click(Point(0, 0), None) is False
    assert panel.board_control_key("x", "Enter") is False
    panel.board_hover(Point(0, 0), None)
    panel.board_leave()
    panel.board_control_focus(None, False)


def test_the_legal_moves_are_computed_once_per_position_for_every_reader() -> None:
    game = mid_game("wiki", 40)
    calls: list[int] = []
    legal = game.legal_actions

    def counted() -> Any:
        calls.append(1)
        return legal()

    setattr(game, "legal_actions", counted)  # noqa: B010  (this game only)
    ui = UIState(game, undo=False)
    first = ui.next_tokens()
    for point in all_points():  # a hover over every point, then the board's marks
        wiki_view.preview_choice(ui, point, None, True)
        wiki_guide.target_marks(ui)
        ui.view()
    assert ui.next_tokens() is first  # shared, not computed again
    assert len(calls) == 1
    token = sorted(first)[0]
    ui.click(token)  # a selection: the same position
    assert ui.next_tokens() is ui.next_tokens() and len(calls) == 1


def test_the_next_tokens_are_forgotten_when_the_position_changes() -> None:
    ui = UIState(new_game("wiki", seed=3), undo=True)
    before = ui.next_tokens(())
    action = ui.game.legal_actions()[0]
    ui.apply(action)
    assert ui.next_tokens(()) is not before
    assert ui.next_tokens(()) == frozenset(
        path[0] for path in (tuple(p) for a in ui.game.legal_actions()
                             for p in ui.game.action_click_paths(a)))
