"""The game page's panel hooks (``paisho_page.panels.hooks``): no-op defaults, one panel
per variant, the global panels, the dispatch order the page relies on, and discovery of
the ``*_ui.py`` modules' ``PANEL`` by name."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from ui_fake import FakeGame

from paisho_core.registry import new_game
from paisho_core.render import RenderView
from paisho_page.panels.hooks import Host, Panel, PanelSet, discover, panel_module_names
from paisho_page.play.ui import UIState


class Recorder(Panel):
    """A panel that writes every hook it gets into a shared log."""

    def __init__(self, name: str, variant: str | None, log: list[str]) -> None:
        self.name, self.variant, self.log = name, variant, log

    def note(self, what: str) -> None:
        self.log.append(f"{self.name}.{what}")

    def install(self, host: Host) -> None:
        self.note("install")

    def decorate(self, view: Any) -> Any:
        self.note("decorate")
        return (*view, self.name)

    def show(self, game: Any) -> None:
        self.note("show")

    def hide(self) -> None:
        self.note("hide")

    def after_refresh(self) -> None:
        self.note("after_refresh")

    def after_undo(self) -> None:
        self.note("after_undo")

    def warm(self) -> None:
        self.note("warm")

    def on_dialog_variant(self, variant: str, players: tuple[str, ...]) -> None:
        self.note(f"dialog:{variant}:{len(players)}")

    def show_dialog_fields(self, shown: bool) -> None:
        self.note(f"fields:{shown}")

    def restore_seats(self, seat: int | None, computers: tuple[int, ...]) -> None:
        self.note(f"seats:{seat}:{computers}")


def _set() -> tuple[PanelSet, list[str]]:
    log: list[str] = []
    panels = [
        Recorder("a", "ancient", log),
        Recorder("c", None, log),
        Recorder("s", "skud", log),
        Recorder("w", "wiki", log),
    ]
    return PanelSet(panels), log


def _host() -> Host:
    def nothing(*_args: Any) -> None:
        return None

    return Host(object(), nothing, nothing, nothing, nothing, lambda: False)


def test_the_base_panel_does_nothing_and_changes_nothing() -> None:
    panel = Panel()
    game = FakeGame()
    view = UIState(game).view()
    assert panel.decorate(view) is view
    assert panel.reserves(game) is None
    assert panel.fresh_seed() is None
    assert panel.refuse() == panel.undo_refusal() == panel.redo_refusal() == ""
    assert panel.on_board_key("Enter") is False
    assert panel.computer_seat() is None and panel.computer_seats() == ()
    assert panel.dialog_options(("no-wheels",)) == ("no-wheels",)
    assert panel.dialog_players() is None and panel.dialog_seed() is None
    assert panel.take_dialog_seats() is False
    for hook in (panel.after_draw_board, panel.hide, panel.after_refresh, panel.after_action,
                 panel.after_undo, panel.after_redo, panel.warm):
        hook()
    panel.install(_host())
    panel.show(game)
    panel.restore_seats(None, ())
    panel.on_dialog_variant("skud", game.players)
    panel.show_dialog_fields(True)


def test_a_panel_knows_its_own_variant() -> None:
    game = FakeGame()  # its info.name is "skud"
    assert Recorder("s", "skud", []).is_mine(game)
    assert not Recorder("w", "wiki", []).is_mine(game)
    assert Recorder("c", None, []).is_mine(game)  # a global panel: every game


def test_panel_for_a_variant_without_a_panel_is_the_no_op_one() -> None:
    panels, _ = _set()
    assert panels.panel_for("wiki").variant == "wiki"
    default = panels.panel_for("balance")
    assert type(default) is Panel
    assert panels.active("balance") == panels.globals
    assert [p.variant for p in panels.active("wiki")] == ["wiki", None]


def test_two_panels_for_one_variant_are_refused() -> None:
    with pytest.raises(ValueError, match="two panels"):
        PanelSet([Recorder("x", "wiki", []), Recorder("y", "wiki", [])])


def test_decorate_chains_the_variant_panel_then_the_global_ones() -> None:
    panels, log = _set()
    assert panels.decorate("wiki", ()) == ("w", "c")
    assert panels.decorate("balance", ()) == ("c",)
    assert log == ["w.decorate", "c.decorate", "c.decorate"]


def test_show_hides_the_other_variants_panels_first() -> None:
    panels, log = _set()
    panels.show(FakeGame())
    assert log == ["a.hide", "w.hide", "s.show"]


def test_hooks_of_a_game_reach_its_panel_and_the_global_ones_only() -> None:
    panels, log = _set()
    panels.after_refresh("skud")
    panels.after_undo("wiki")
    panels.after_draw_board("balance")
    panels.after_action("ancient")
    panels.after_redo("ancient")
    panels.warm("wiki")
    assert log == ["s.after_refresh", "c.after_refresh", "w.after_undo", "c.after_undo",
                   "w.warm", "c.warm"]


def test_install_and_restore_seats_reach_every_panel_in_order() -> None:
    panels, log = _set()
    panels.install(_host())
    panels.restore_seats(1, [2, 3])
    assert log == ["a.install", "c.install", "s.install", "w.install",
                   "a.seats:1:(2, 3)", "c.seats:1:(2, 3)", "s.seats:1:(2, 3)", "w.seats:1:(2, 3)"]


def test_the_dialog_asks_the_global_panels_first_then_shows_one_variants_fields() -> None:
    panels, log = _set()
    panels.on_dialog_variant("wiki", ("host", "guest"))
    assert log == ["c.dialog:wiki:2", "a.fields:False", "s.fields:False", "w.fields:True"]


class Seats(Panel):
    def __init__(self, variant: str | None, seat: int | None, own: bool, log: list[str]) -> None:
        self.variant, self.seat, self.own, self.log = variant, seat, own, log

    def computer_seat(self) -> int | None:
        return self.seat

    def take_dialog_seats(self) -> bool:
        self.log.append(f"{self.variant}")
        return self.own

    def take_dialog_level(self) -> None:
        self.log.append(f"{self.variant}.level")


def test_the_computer_seat_is_the_first_global_answer() -> None:
    panels = PanelSet([Seats(None, None, False, []), Seats(None, 1, False, []),
                       Seats(None, 0, False, []), Seats("wiki", 3, False, [])])
    assert panels.computer_seat() == 1
    assert PanelSet([]).computer_seat() is None


def test_a_variant_that_takes_its_own_seats_leaves_the_global_panels_only_the_level() -> None:
    log: list[str] = []
    panels = PanelSet([Seats("ancient", None, True, log), Seats(None, None, False, log)])
    panels.take_dialog_seats("ancient")
    assert log == ["ancient", "None.level"]  # (the computer's level for its own seats)
    panels.take_dialog_seats("skud")
    assert log == ["ancient", "None.level", "None"]


def test_discovery_finds_the_ui_modules_panels_by_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "zz_one_ui.py").write_text(
        "from paisho_page.panels.hooks import Panel\n"
        "class One(Panel):\n    variant = 'wiki'\nPANEL = One()\n"
    )
    (tmp_path / "zz_all_ui.py").write_text(
        "from paisho_page.panels.hooks import Panel\nPANEL = Panel()\n"
    )
    (tmp_path / "zz_none_ui.py").write_text("X = 1\n")  # a *_ui module with no panel
    (tmp_path / "zz_other.py").write_text("raise SystemExit('never imported')\n")
    (tmp_path / "zz_bad_ui.py").write_text("PANEL = 3\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    names = panel_module_names(str(tmp_path))
    assert names == ["zz_all_ui", "zz_bad_ui", "zz_none_ui", "zz_one_ui"]
    try:
        with pytest.raises(TypeError, match="not a Panel"):
            discover(names)
        panels = discover(n for n in names if n != "zz_bad_ui")
        assert [p.variant for p in panels.panels] == [None, "wiki"]
        assert panels.panel_for("wiki").variant == "wiki"
    finally:
        for name in names:
            sys.modules.pop(name, None)
    assert panel_module_names(str(tmp_path / "missing")) == []


def test_the_site_panel_modules_follow_the_convention() -> None:
    """Every site module that defines a ``PANEL`` is named ``*_ui.py`` (or it would not be
    found), and every variant panel names a variant of the engine's registry."""
    from paisho_core import registry

    site = Path(__file__).resolve().parents[2] / "site"
    names = panel_module_names(str(site))
    for path in site.glob("*.py"):
        text = path.read_text()
        if "\nPANEL = " in text:
            assert path.stem in names, path.name
            for line in text.splitlines():
                if line.startswith("    variant = "):
                    assert line.split("=", 1)[1].strip().strip("\"'") in registry.variant_names()


def test_render_view_decorations_survive_the_chain() -> None:
    """The real render view goes through a chain of no-op panels unchanged."""
    view = UIState(FakeGame()).view()
    assert isinstance(view, RenderView)
    assert PanelSet([Panel(), Panel()]).decorate("skud", view) is view


def test_install_lends_every_panel_the_set_and_a_variant_may_own_its_computer_seats() -> None:
    """A page-wide panel (the computer) asks the game's own panel for its computer seats
    (``own_computer_seats``: ``None`` by default, the one-computer seat then applies)."""
    seen: list[Any] = []

    class Global(Panel):
        def install(self, host: Host) -> None:
            seen.append(host.panels)

    class Own(Panel):
        variant = "skud"

        def own_computer_seats(self, game: Any) -> tuple[int, ...] | None:
            return (1,)

    panels = PanelSet([Global(), Own()])
    panels.install(_host())
    assert seen == [panels]
    skud = new_game("skud", (), None)
    assert panels.of_game(skud).own_computer_seats(skud) == (1,)
    wiki = new_game("wiki", (), None)
    assert panels.of_game(wiki).own_computer_seats(wiki) is None


def test_the_computers_level_is_asked_of_and_restored_to_the_global_panels() -> None:
    """The level saved with a game (issue #22): the first global panel's, restored to
    every global panel; ``None`` (an old save of a one-computer game) restores nothing."""
    restored: list[str] = []

    class Level(Panel):
        def __init__(self, level: str | None) -> None:
            self.level = level

        def computer_level(self) -> str | None:
            return self.level

        def restore_level(self, level: str) -> None:
            restored.append(level)

    panels = PanelSet([Level(None), Level("hard"), Level("easy")])
    assert panels.computer_level() == "hard"
    assert PanelSet([]).computer_level() == ""
    panels.restore_seats(None, (1, 2), "hard")
    assert restored == ["hard", "hard", "hard"]
    panels.restore_seats(None, (), None)
    assert restored == ["hard", "hard", "hard"]
