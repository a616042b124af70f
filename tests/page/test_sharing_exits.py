"""The one guard at every way a game leaves the page (paisho_page.sharing.exits): a running
game with hidden hands (Ancient, ``rules.html#ancient-autosave``, ``#ancient-r2``: the
deal follows from the seed) leaves by no exit in a form that deals a hand — the address
bar, the history, Share (until asked), Embed (snippet and link), the Studio entry, the
kept games, the Notation export and the diagram — and a finished one leaves in full."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from hand_leaks import leak
from hypothesis import given, settings
from hypothesis import strategies as st

from paisho_core import link
from paisho_core.ancient import AncientGame
from paisho_core.ancient.computer import choose
from paisho_core.board import Point
from paisho_core.demos.diagram import diagram_svg
from paisho_core.render import RenderView
from paisho_page.base.dom_writes import by_target
from paisho_page.sharing import decisions as sharing
from paisho_page.sharing import embed_dialog, exits
from paisho_page.sharing.exits import Exit, Leaves
from paisho_page.storage.records import record_of

SEED = 8_123_456_789
"""A deal's seed long enough never to appear in a picture's numbers by chance."""
PAGE = "https://x.org/paisho/index.html"


def ancient(players: int = 2, plies: int = 4, seed: int = SEED, over: bool = False) -> Any:
    """An Ancient game of ``players`` seats after ``plies`` of the computer's actions
    (played to its end when ``over``)."""
    game = AncientGame(("target=99", "hand=7") if not over else ("target=3",), seed, players)
    rng = random.Random(seed)
    while game.to_move is not None and (over or len(game.history) < plies):
        action = choose(game, rng)
        assert action is not None
        game.apply(action)
    return game


def leaks(text: str, game: Any) -> str | None:
    """Why ``text`` (anything an exit wrote) deals a hand of the running ``game``."""
    return leak(text, game.seed)


def exit_texts(game: Any, view: int | None = None) -> dict[Exit, str]:
    """Everything each exit writes for ``game`` shown at ``view``, the person not having
    asked for the Share link (every exit must be here: the walk below checks)."""
    share_ok, share_writes = (
        sharing.share_link_writes(game, PAGE, view) if sharing.link_on_open(game)
        else (False, ())
    )
    snippet, error = embed_dialog.embed_snippet(game, view, PAGE)
    page_view = RenderView(
        selected=frozenset({Point(0, 0)}), highlights=frozenset({Point(1, 1)}),
        last_move=frozenset({Point(0, 8)}),
    )
    return {
        Exit.ADDRESS: sharing.address_payload(game, view) or "",
        Exit.HISTORY: sharing.address_payload(game, view) or "",
        Exit.SHARE: " ".join(str(w.value) for w in share_writes) + str(share_ok)
        + sharing.hidden_hands_warning(game),
        Exit.EMBED: snippet + error,
        Exit.STUDIO: sharing.studio_address(game, view, PAGE) or "",
        Exit.KEPT: str(record_of(game)) if sharing.worth_keeping(
            game, record_of(game), record_of(AncientGame((), 1, 2))) else "",
        Exit.NOTATION: exits.notation(game),
        Exit.DIAGRAM: diagram_svg(game, exits.diagram_view(game, page_view), "", "t"),
    }


def test_the_walk_covers_every_exit_and_tells_a_leak() -> None:
    game = ancient()
    assert set(exit_texts(game)) == set(Exit)
    assert leaks(link.fragment_for(game), game)  # (what the Embed dialog gave before)
    assert leaks(f'<iframe src="{PAGE}embed.html{link.fragment_for(game, 1)}">', game)


def test_a_running_game_with_hidden_hands_leaves_by_no_exit_with_its_deal() -> None:
    for players in (2, 3, 4):
        game = ancient(players)
        assert exits.hides_hands(game)
        for view in (None, 1):
            for way, written in exit_texts(game, view).items():
                assert leaks(written, game) is None, (players, view, way, leaks(written, game))


def test_each_exits_verdict_for_a_running_game_and_what_the_person_is_told() -> None:
    game = ancient()
    verdicts = {way: exits.guard(game, way) for way in Exit}
    assert {w for w, v in verdicts.items() if v.leaves is Leaves.NOTHING} == {
        Exit.ADDRESS, Exit.HISTORY, Exit.EMBED, Exit.STUDIO, Exit.KEPT}
    assert verdicts[Exit.SHARE].leaves is Leaves.ON_REQUEST
    assert "reveals every player's hand" in verdicts[Exit.SHARE].notice
    assert "hands are secret" in verdicts[Exit.EMBED].notice
    assert verdicts[Exit.NOTATION].leaves is verdicts[Exit.DIAGRAM].leaves is Leaves.PUBLIC
    assert sharing.address_payload(game, None) == ""  # no fragment at all
    assert sharing.studio_address(game, None, PAGE) is None


def test_share_makes_the_link_only_when_the_person_asks() -> None:
    game = ancient()
    assert exits.link_for(game, None, Exit.SHARE) is None
    asked = exits.link_for(game, None, Exit.SHARE, asked=True)
    assert asked is not None and link.decode(asked[1:]).game.seed == SEED
    ok, writes = sharing.share_link_writes(game, PAGE, None)  # (made: the person asked)
    assert ok and by_target(writes)[("share-link", "value")] == PAGE + asked


def test_the_embed_dialog_gives_no_snippet_of_a_running_game_and_says_why() -> None:
    """The attack round's finding: the snippet carried the deal's seed at once."""
    game = ancient(3)
    made, writes = embed_dialog.snippet_writes(game, None, PAGE)
    shown = by_target(writes)
    assert not made and shown[("embed-snippet", "value")] == ""
    assert shown[("btn-embed-copy", "disabled")] is True
    assert shown[("embed-hands-warning", "hidden")] is False
    assert "hands are secret" in str(shown[("embed-hands-warning", "textContent")])
    assert embed_dialog.embed_snippet(game, 1, PAGE)[0] == ""  # nor of an earlier position


def test_the_diagram_of_a_running_game_shows_the_board_alone() -> None:
    game = ancient(3, plies=6)
    page_view = RenderView(selected=frozenset({Point(0, 0)}),
                           highlights=frozenset({Point(2, 2)}),
                           last_move=frozenset({Point(0, 8)}))
    marks = exits.diagram_view(game, page_view)
    assert marks == RenderView(last_move=page_view.last_move)
    drawn = diagram_svg(game, marks, "", "t")
    # the same picture whatever the hidden tiles are: it shows none of them
    for n in range(3):
        other = game.determinize(0, random.Random(n))
        assert diagram_svg(other, marks, "", "t") == drawn


def test_the_notation_names_no_hidden_tile() -> None:
    game = ancient(3, plies=8)
    text = exits.notation(game)
    assert text == game.to_text()
    for n in range(3):  # another deal of the tiles nobody has seen: the same text
        assert exits.notation(game.determinize(1, random.Random(n))) == text


def test_a_finished_game_leaves_by_every_exit_in_full() -> None:
    game = ancient(2, over=True)
    assert game.is_over and not exits.hides_hands(game)
    assert all(exits.guard(game, way).leaves is Leaves.ALL for way in Exit)
    assert all(exits.guard(game, way).notice == "" for way in Exit)
    snippet, error = embed_dialog.embed_snippet(game, None, PAGE)
    assert error == "" and link.fragment_for(game) in snippet
    view = RenderView(selected=frozenset({Point(0, 0)}))
    assert exits.diagram_view(game, view) is view
    assert sharing.address_payload(game, None) == link.encode(game)


def test_other_games_are_not_held_back() -> None:
    from paisho_core.registry import new_game

    game = new_game("skud", (), None)
    assert all(exits.guard(game, way).link for way in Exit)
    assert exits.link_for(game, None, Exit.EMBED) == link.fragment_for(game)


@settings(max_examples=20, deadline=None)
@given(
    players=st.integers(2, 4),
    plies=st.integers(0, 12),
    seed=st.integers(10**9, 10**10),
    asked_view=st.sampled_from([None, 0, 1]),
)
def test_no_exit_ever_deals_a_hand_of_a_running_game(
    players: int, plies: int, seed: int, asked_view: int | None
) -> None:
    game = ancient(players, plies, seed)
    if not exits.hides_hands(game):
        return
    view = asked_view if asked_view is None or asked_view <= len(game.history) else None
    for way, written in exit_texts(game, view).items():
        assert leaks(written, game) is None, way


GAME_PAGE_EXITS = (
    "site/address_bar.py", "site/share_dialog.py", "site/embed_ui.py",
    "site/notation_dialog.py", "site/kept_games.py", "site/link_opening.py",
    "paisho_page/sharing/decisions.py", "paisho_page/sharing/embed_dialog.py",
    "paisho_page/sharing/notation_import.py",
)
"""The game page's modules that write a game out of the page."""


def test_no_exit_of_the_game_page_writes_a_game_but_through_the_guard() -> None:
    """By construction: a link, a notation or a diagram's marks are made only by
    ``paisho_page.sharing.exits`` (a new exit that made its own would skip the guard)."""
    root = Path(__file__).resolve().parents[2]
    for name in GAME_PAGE_EXITS:
        source = (root / name).read_text(encoding="utf-8")
        for maker in ("fragment_for(", "link.encode(", "export_notation("):
            assert maker not in source, f"{name} makes {maker[:-1]} itself"
    assert "exits.diagram_view(" in (root / "site/embed_ui.py").read_text(encoding="utf-8")
