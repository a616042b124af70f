"""What the embed pages write (paisho_page.embed.screen): URL parameters, autoplay,
the step counter, buttons and links of the shown position."""

from __future__ import annotations

from paisho_page.base.dom_writes import by_target
from paisho_page.embed import screen as embed_screen
from paisho_page.embed.demo_viewer import EmbedModel


def test_url_parameters_the_fragment_wins_and_a_link_holds_none() -> None:
    assert embed_screen.url_params("?demo=a&step=2", "#step=3") == {"demo": "a", "step": "3"}
    assert embed_screen.url_params("?ply=4", "#2abc") == {"ply": "4"}
    assert embed_screen.link_fragment("#2abc") == "#2abc"
    assert embed_screen.link_fragment("#ply=3") == ""


def test_a_demo_pages_own_demo_and_step_come_before_the_urls() -> None:
    params = embed_screen.page_params("?mode=try&step=9", "", "skud-clash", "2")
    assert params == {"mode": "try", "demo": "skud-clash", "step": "2"}
    kept = embed_screen.page_params("?step=9", "", "skud-clash", "")  # (embed.js not there)
    assert kept == {"demo": "skud-clash", "step": "9"}
    assert embed_screen.page_params("?demo=a&step=1", "", "", "4") == {"demo": "a", "step": "1"}


def test_autoplay_speed_and_switch() -> None:
    assert embed_screen.autoplay_speed("50", demo=False) == 200
    assert embed_screen.autoplay_speed("99999", demo=False) == 10_000
    assert embed_screen.autoplay_speed("", demo=True) == embed_screen.DEMO_SPEED_MS
    assert embed_screen.autoplay_speed("x", demo=False) == embed_screen.MOVES_SPEED_MS
    assert embed_screen.autoplay({"autoplay": "1"}, "")
    assert not embed_screen.autoplay({"autoplay": "1"}, "skud-harmony")
    labels = by_target(embed_screen.play_label(True))
    assert labels[("btn-play", "textContent")] == "Pause"
    assert labels[("btn-play", "aria-label")] == "Pause"


def test_the_writes_of_a_game_at_its_first_position() -> None:
    model = EmbedModel({"variant": "skud", "moves": ""})
    writes = by_target(embed_screen.embed_writes(model, trying=False))
    assert writes[("ply", "textContent")] == f"{model.at} / {model.last}"
    assert writes[("btn-first", "disabled")] is True
    assert writes[("btn-play", "disabled")] is (model.last == 0)
    assert writes[("open-full", "href")] == embed_screen.full_site_link(model)
    assert writes[("board-holder", "step")] == str(model.at)
    assert writes[("diagram-link", "hidden")] is (not model.shown.diagram)


def test_a_demo_page_in_try_mode_says_so() -> None:
    model = EmbedModel({"demo": "skud-harmony", "mode": "try"})
    assert model.demo is not None
    writes = by_target(embed_screen.embed_writes(model, trying=True))
    assert writes[("status", "textContent")] == embed_screen.TRY_HINT
    assert writes[("current-move", "textContent")] == ""


def test_try_it_lists_the_movers_reserve_as_tile_buttons() -> None:
    model = EmbedModel({"variant": "skud", "moves": "", "mode": "try"})
    items = embed_screen.reserve_items(model, trying=True)
    label = [i for i in items if i.cls == "try-reserve-label"]
    tiles = [i for i in items if i.cls == "try-tile"]
    assert len(label) == 1 and label[0].text is not None and label[0].text.endswith(":")
    assert tiles and all(dict(t.attrs)["data-token"].startswith("reserve:") for t in tiles)
    assert all(t.svg.startswith("<svg") and t.children[0].text.startswith("×") for t in tiles)
    done = EmbedModel({"variant": "skud", "moves": "", "mode": "read"})
    done.at = 0
    assert all(i.cls != "try-choice" for i in embed_screen.reserve_items(done, trying=False))


def test_keys_step_and_jump_and_the_try_box() -> None:
    assert embed_screen.key_step("ArrowLeft", 3, 9) == 2
    assert embed_screen.key_step("End", 3, 9) == 9
    assert embed_screen.key_step("x", 3, 9) is None
    assert embed_screen.try_box().id == "try-reserve"
    assert ("role", "group") in embed_screen.try_box().attrs


def test_a_new_fragment_is_shown_in_place_unless_how_it_is_shown_changed() -> None:
    """The Studio's preview changes only the fragment as its demo is edited: another
    demo, link or step is shown in place; another orientation, theme, mode or a lesson
    loads the page again (those are read once, as the page starts)."""
    def params(fragment: str, search: str = "") -> dict[str, str]:
        return embed_screen.page_params(search, fragment, "", "")

    demo = params("#demo=~1abc")
    assert embed_screen.shown_in_place(demo, params("#demo=~1abd"))
    assert embed_screen.shown_in_place(demo, params("#demo=~1abd&step=2"))
    assert embed_screen.shown_in_place(params("#1Skud"), params("#2Wiki"))  # links: none
    assert embed_screen.shown_in_place(params("#variant=skud&moves=a"),
                                       params("#variant=skud&moves=a;b&ply=1"))
    for changed in ("#demo=~1abc&orient=guest", "#demo=~1abc&theme=dark",
                    "#demo=~1abc&mode=try", "#lesson=skud-harmony", "#demo=~1abc&autoplay=1"):
        assert not embed_screen.shown_in_place(demo, params(changed)), changed
    flipped = params("#demo=~1abc&orient=guest")
    assert embed_screen.shown_in_place(flipped, params("#demo=~1xyz&orient=guest"))
    assert not embed_screen.shown_in_place(flipped, demo)
    theme = params("#demo=~1abc", "?theme=dark")  # the query's parameters stay
    assert embed_screen.shown_in_place(theme, params("#demo=~1xyz", "?theme=dark"))


def test_python_starts_again_when_how_it_is_shown_changed_since_the_page_was_parsed() -> None:
    """The page's script applies the orientation, theme and mode of the fragment it read
    as the page was parsed; a fragment changed before Python starts that changes them
    (the Studio's preview, flipped at once) loads the page again; one that changes only
    what is shown does not."""
    read = "#demo=~1abc"
    assert embed_screen.started_as_read("", read, read)
    assert embed_screen.started_as_read("", read, "#demo=~1abd&step=2")
    assert embed_screen.started_as_read("", "#1Skud", "#2Wiki")
    assert not embed_screen.started_as_read("", read, "#demo=~1abc&orient=guest")
    assert not embed_screen.started_as_read("", read, "#demo=~1abc&theme=dark")
    assert not embed_screen.started_as_read("?theme=dark", read, "#demo=~1abc&theme=light")
    assert embed_screen.started_as_read("?theme=dark", read, "#demo=~1abd")
