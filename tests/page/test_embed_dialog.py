"""The Embed dialog's content, snippet and diagram name (paisho_page.sharing.embed_dialog)."""

from __future__ import annotations

from paisho_core.registry import new_game
from paisho_page.sharing import embed_dialog


def test_the_dialog_holds_its_snippet_box_status_and_buttons() -> None:
    dialog = embed_dialog.dialog()
    assert dialog.tag == "dialog" and dialog.id == "embed-dialog"
    snippet = dialog.find("embed-snippet")
    assert snippet is not None and ("readonly", "") in snippet.attrs
    status = dialog.find("embed-status")
    assert status is not None and ("aria-live", "polite") in status.attrs
    close = dialog.find("btn-embed-close")
    assert close is not None and ("type", "submit") in close.props
    copy = dialog.find("btn-embed-copy")
    assert copy is not None and copy.cls == "primary" and ("type", "button") in copy.props
    assert dialog.find("no-such-id") is None


def test_the_snippet_points_at_the_embed_page_of_the_site() -> None:
    assert embed_dialog.site_base("https://x.org/paisho/index.html?a=1#2xyz") == (
        "https://x.org/paisho/"
    )
    game = new_game("skud", (), None)
    game.apply(game.legal_actions()[0])
    text, error = embed_dialog.embed_snippet(game, None, "https://x.org/p/index.html")
    assert error == ""
    assert text.startswith('<iframe src="https://x.org/p/embed.html#')
    assert 'width="400" height="560"' in text


def test_the_diagram_title_and_file_name() -> None:
    game = new_game("skud", (), None)
    title, name = embed_dialog.diagram_title_and_name(game)
    assert title.endswith("position after 0 actions") and name == "paisho-skud-0.svg"
