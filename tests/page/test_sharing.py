"""The sharing features' decisions (paisho_page.sharing.decisions) and the pacing of a long link's
replay (paisho_page.sharing.link_pacing)."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import pytest

from paisho_core import link
from paisho_core.link import Progress
from paisho_core.protocol import Game
from paisho_core.registry import new_game
from paisho_page.base.dom_writes import by_target, prop
from paisho_page.sharing import decisions as sharing
from paisho_page.sharing import link_pacing
from paisho_page.sharing.link_open import OpenedLink, open_link, open_link_steps
from paisho_page.sharing.link_pacing import OPEN_AT_ONCE_S, OPEN_CHUNK_S, OPEN_FINISH_S
from paisho_page.storage.records import record_of


def skud(plies: int = 0) -> Game[Any]:
    """A Skud game after its first ``plies`` legal actions (the first of each list)."""
    game = new_game("skud", (), None)
    for _ in range(plies):
        game.apply(game.legal_actions()[0])
    return game


# ----------------------------------------------------------------------------- pacing
DONE = OpenedLink(None, None, None)
"""What the fake replays below end with."""


class Clock:
    """A fake clock: each step of :func:`steps` takes ``step`` seconds of it."""

    def __init__(self) -> None:
        """At 0."""
        self.now = 0.0

    def __call__(self) -> float:
        """The time now."""
        return self.now


Replay = Generator[Progress, None, OpenedLink]


def steps(clock: Clock, total: int, step: float, every: int = 1) -> Replay:
    """A replay of ``total`` actions, ``step`` seconds each, telling its progress every
    ``every`` actions; it returns :data:`DONE`."""
    for done in range(every, total + 1, every):
        clock.now += step * every
        yield Progress(done, total)
    return DONE


def test_a_short_link_opens_in_one_chunk_without_progress() -> None:
    clock = Clock()
    chunk = link_pacing.run_chunk(steps(clock, 50, 0.001), OPEN_AT_ONCE_S, clock=clock)
    assert chunk.progress is None and chunk.opened is DONE
    assert chunk.busy == pytest.approx(0.05) and chunk.ended == pytest.approx(0.05)


def test_a_long_link_stops_for_a_paint_after_the_first_budget() -> None:
    clock = Clock()
    chunk = link_pacing.run_chunk(steps(clock, 500, 0.002), OPEN_AT_ONCE_S, clock=clock)
    assert chunk.opened is None and chunk.progress is not None
    assert chunk.progress.done == 100  # 0.2 s at 2 ms an action
    assert chunk.busy == pytest.approx(OPEN_AT_ONCE_S)
    assert link_pacing.progress_text(chunk.progress) == "Opening shared game… 100/500"


def test_later_chunks_are_shorter_and_count_the_time_busy() -> None:
    clock = Clock()
    replay = steps(clock, 500, 0.002)
    first = link_pacing.run_chunk(replay, OPEN_AT_ONCE_S, clock=clock)
    clock.now += 0.5  # the paint between chunks is not busy time
    second = link_pacing.run_chunk(replay, OPEN_CHUNK_S, first.busy, clock=clock)
    assert second.progress is not None and second.progress.done == 150
    assert second.busy == pytest.approx(OPEN_AT_ONCE_S + OPEN_CHUNK_S)


def test_nearly_done_finishes_without_a_pause() -> None:
    # At 0.2 s, 190 of 200 actions: the rest takes ~0.01 s, at most OPEN_FINISH_S.
    clock = Clock()
    chunk = link_pacing.run_chunk(
        steps(clock, 200, OPEN_AT_ONCE_S / 190), OPEN_AT_ONCE_S, clock=clock
    )
    assert chunk.opened is DONE and chunk.progress is None


def test_the_rest_just_over_the_limit_shows_progress() -> None:
    # 0.2 s for 100 of 160 actions: the rest would take 0.12 s > 0.1 s.
    clock = Clock()
    chunk = link_pacing.run_chunk(steps(clock, 160, 0.002), OPEN_AT_ONCE_S, clock=clock)
    assert chunk.progress is not None and chunk.progress.done == 100


def test_an_extension_is_granted_once_per_chunk() -> None:
    # The estimate says "nearly done" but the replay slows down: after the extension
    # (2 x OPEN_FINISH_S) the chunk yields even though the rest looks short again.
    clock = Clock()

    def slowing() -> Replay:
        for done in range(1, 101):
            clock.now += 0.002 if done <= 95 else 0.1
            yield Progress(done, 100)
        return DONE

    chunk = link_pacing.run_chunk(slowing(), 0.19, clock=clock)
    assert chunk.progress is not None and chunk.progress.done < 100
    assert chunk.busy <= 0.19 + 2 * OPEN_FINISH_S + 0.1 + 1e-9


def test_the_time_left_at_the_pace_so_far() -> None:
    assert link_pacing.time_left(0.2, 100, 500) == pytest.approx(0.8)
    assert link_pacing.time_left(0.2, 0, 10) == pytest.approx(2.0)  # no step done yet
    assert link_pacing.time_left(0.2, 10, 10) == 0


def test_an_error_of_the_replay_reaches_the_page() -> None:
    def broken() -> Replay:
        yield Progress(1, 2)
        raise KeyError("bug")

    with pytest.raises(KeyError):
        link_pacing.run_chunk(broken(), 1.0, clock=Clock())


def test_a_real_link_opens_through_the_chunks() -> None:
    game = skud(40)
    replay = open_link_steps(link.encode(game), 10)
    ticks = iter(range(10**6))

    def slow() -> float:  # a second passes at each look at the clock
        return float(next(ticks))

    chunk = link_pacing.run_chunk(replay, OPEN_AT_ONCE_S, clock=slow)
    paints = 0
    while chunk.opened is None:
        assert chunk.progress is not None and chunk.progress.done == 10 * (paints + 1)
        paints += 1
        chunk = link_pacing.run_chunk(replay, OPEN_CHUNK_S, chunk.busy, clock=slow)
    assert paints == 3  # progress at 10, 20, 30 of 40 (then done)
    assert chunk.opened.ok and chunk.opened.game is not None
    assert chunk.opened.game.to_text() == game.to_text()


# ----------------------------------------------------------------------------- address bar
def test_the_address_key_follows_the_game_and_the_view() -> None:
    game = skud(2)
    key = sharing.address_key(game, None)
    assert sharing.address_key(game, None) == key
    assert sharing.address_key(game, 1) != key
    game.apply(game.legal_actions()[0])
    assert sharing.address_key(game, None) != key
    assert sharing.address_key(skud(3), None) != sharing.address_key(game, None)  # another game


def test_the_address_holds_the_link() -> None:
    game = skud(4)
    assert sharing.address_payload(game, None) == link.encode(game)
    assert sharing.address_payload(game, 2) == link.encode(game, 2)


def test_a_game_that_cannot_be_a_link_leaves_the_address_alone() -> None:
    game = skud(2)
    assert sharing.address_payload(game, 99) is None  # no such position


def test_the_share_field_holds_the_link_or_says_why_there_is_none() -> None:
    game = skud(4)
    ok, writes = sharing.share_link_writes(game, "https://x.org/p/#2old", 2)
    url = "https://x.org/p/" + link.fragment_for(game, 2)
    assert ok and writes == (prop("share-link", "value", url),)
    ok, writes = sharing.share_link_writes(game, "https://x.org/p/", 99)  # no such position
    said = by_target(writes)
    assert not ok and said[("share-link", "value")] == ""
    assert str(said[("share-status", "textContent")]).startswith(
        "This game cannot be shared as a link: "
    )


@pytest.mark.parametrize(
    ("fragment", "written", "opened"),
    [("", "", None), ("#", "", None), ("#abc", "abc", None), ("#abc", "xyz", "#abc"),
     ("#abc", "", "#abc")],
)
def test_which_fragment_is_a_link_to_open(fragment: str, written: str, opened: str | None) -> None:
    assert sharing.link_to_open(fragment, written) == opened


# ----------------------------------------------------------------------------- kept games
def test_the_stored_kept_games() -> None:
    assert sharing.parse_kept(None) == ([], None)
    assert sharing.parse_kept("") == ([], None)
    assert sharing.parse_kept('[{"variant": "skud"}]') == ([{"variant": "skud"}], None)
    kept, reason = sharing.parse_kept('{"variant": "skud"}')
    assert kept == [] and reason == "it is not a list of games"
    kept, reason = sharing.parse_kept("[" * 20_000)
    assert kept == [] and reason


def test_a_game_is_kept_unless_the_new_one_continues_it() -> None:
    old = skud(3)
    assert not sharing.worth_keeping(old, record_of(old), record_of(skud(5)))  # continued
    other = new_game("wiki", (), None)
    assert sharing.worth_keeping(old, record_of(old), record_of(other))
    shorter = skud(1)
    assert sharing.worth_keeping(old, record_of(old), record_of(shorter))


def test_a_running_game_with_hidden_hands_is_never_kept_nor_rewound() -> None:
    ancient = new_game("ancient", (), 7)
    assert not ancient.is_over
    assert sharing.hides_hands(ancient) and sharing.no_going_back(ancient)
    assert not sharing.worth_keeping(ancient, record_of(ancient), record_of(skud()))
    assert not sharing.no_going_back(skud(2))


# ----------------------------------------------------------------------------- words
def test_the_notice_after_a_link_opened() -> None:
    game = skud(4)
    opened = open_link(link.encode(game))
    text = sharing.opened_message(opened, opened.game or game, same=False)
    assert text.startswith("Opened a shared game (4 moves).")
    assert "to move: make your move, then Share the new link back." in text
    assert sharing.opened_message(opened, game, same=True) == ""


def test_the_notice_of_a_link_opened_at_an_earlier_move() -> None:
    game = skud(4)
    opened = open_link(link.encode(game, 2))
    assert opened.game is not None
    text = sharing.opened_message(opened, opened.game, same=False)
    assert "shown at move 2" in text and "Go to the last move to play on" in text


def test_the_notice_of_a_bad_link_is_bad() -> None:
    opened = OpenedLink(None, None, "the link is damaged")
    text = sharing.opened_message(opened, skud(), same=False)
    assert text == opened.message() and sharing.notice_is_bad(text)
    assert sharing.notice_is_bad("Opened the legal part (2 moves); the rest was refused.")
    assert not sharing.notice_is_bad("Opened a shared game (4 moves).")
    assert sharing.internal_error(KeyError()) == (
        "This link could not be opened (internal error: KeyError)."
    )


def test_the_question_before_dropping_moves() -> None:
    one = sharing.truncate_question(5, 4)
    assert one.startswith("Drop the 1 later move and play on from move 4?")
    assert sharing.truncate_question(5, 2).startswith("Drop the 3 later moves and")


def test_the_share_dialogs_words() -> None:
    assert sharing.hidden_hands_warning(skud(2)) == ""
    assert "reveals every player's hand" in sharing.hidden_hands_warning(new_game("ancient", (), 7))
    assert sharing.share_view_text(3, 9) == "Open at the position shown (move 3 of 9)"


def test_the_importable_variants_need_no_seed() -> None:
    names = sharing.importable_variants()
    assert "skud" in names and "wiki" in names
    assert "balance" not in names and "ancient" not in names


def test_the_plies_of_an_exported_notation() -> None:
    assert sharing.count_plies("") == 0
    assert sharing.count_plies("1. a; 2. b ;  ; ") == 2


def test_the_share_dialog_and_notice_writes() -> None:
    from paisho_core.registry import new_game
    from paisho_page.base.dom_writes import by_target

    opened = by_target(sharing.share_dialog_writes(True, 2, 5, new_game("skud", (), None)))
    assert opened[("share-view-label", "hidden")] is False
    assert opened[("share-view", "checked")] is True
    assert opened[("share-view-text", "textContent")] == sharing.share_view_text(2, 5)
    assert opened[("share-hands-warning", "hidden")] is True
    note = by_target(sharing.notice_writes("", kept=True))
    assert note[("notice", "hidden")] is False and note[("kept-bar", "hidden")] is False
    assert note[("kept-text", "textContent")] == "Your previous game was kept:"
    assert by_target(sharing.notice_writes("", kept=False))[("notice", "hidden")] is True
    assert note[("notice", "bad")] is False
    failed = by_target(sharing.notice_writes(sharing.internal_error(ValueError()), False))
    assert failed[("notice", "bad")] is True and failed[("notice", "hidden")] is False


# ----------------------------------------------------------------------------- hidden hands
def _ancient(plies: int = 0) -> Game[Any]:
    """A 3-seat Ancient game after its first ``plies`` legal actions."""
    game = new_game("ancient", ("target=11",), 12345)
    for _ in range(plies):
        game.apply(game.legal_actions()[0])
    return game


def test_the_address_of_a_running_game_with_hidden_hands_holds_no_link() -> None:
    """issue #21: the fragment decoded to the deal's seed, and every hand with it."""
    for plies in (0, 1, 5):
        game = _ancient(plies)
        assert sharing.address_payload(game, None) == ""  # no fragment at all
        if plies:
            assert sharing.address_payload(game, 0) == ""  # nor while replaying
    assert sharing.address_payload(skud(2), None) == link.encode(skud(2))  # others: as ever


def test_a_finished_game_with_hidden_hands_has_its_whole_link_in_the_address() -> None:
    game = _ancient(2)
    game.resign()
    assert game.is_over and not sharing.hides_hands(game)
    assert sharing.address_payload(game, None) == link.encode(game)


def test_the_address_without_its_fragment() -> None:
    assert sharing.without_fragment("https://x.org/p/?a=1#2abc") == "https://x.org/p/?a=1"
    assert sharing.without_fragment("https://x.org/p/#") == "https://x.org/p/"
    assert sharing.without_fragment("https://x.org/p/") == "https://x.org/p/"


def test_the_address_bar_changes_only_when_it_does_not_hold_the_game_yet() -> None:
    page = "https://x.org/p/"
    change = sharing.address_change
    assert change(None, "2old", page + "#2old", "#2old") == (None, "2old")  # no link: as is
    assert change("2new", "2old", page + "#2old", "#2old") == ("#2new", "2new")
    assert change("2new", "2new", page + "#2new", "#2new") == (None, "2new")
    # written before, but the address holds another fragment now (e.g. a pasted link)
    assert change("2new", "2new", page + "#2x", "#2x") == ("#2new", "2new")
    # hidden hands: the fragment goes, from the address and from what this page wrote
    assert change("", "2old", page + "#2old", "#2old") == (page, "")
    assert change("", "", page, "") == (None, "")


def test_share_makes_the_link_of_hidden_hands_only_on_request() -> None:
    game = _ancient(1)
    assert not sharing.link_on_open(game) and sharing.hidden_hands_warning(game)
    assert sharing.link_on_open(skud(1)) and not sharing.hidden_hands_warning(skud(1))
    game.resign()
    assert sharing.link_on_open(game) and not sharing.hidden_hands_warning(game)


def test_a_link_that_could_not_be_opened_is_kept_for_the_notice() -> None:
    page = "https://x.org/paisho/#2old"
    bad = open_link("#2" + "A" * 12)
    assert not bad.ok
    assert sharing.failed_link(bad, "#2" + "A" * 12, page) == "https://x.org/paisho/#2" + "A" * 12
    assert sharing.failed_link(bad, "https://y.org/#2zz", page) == "https://y.org/#2zz"
    good = open_link(link.fragment_for(skud(3)))
    assert good.ok and sharing.failed_link(good, link.fragment_for(skud(3)), page) == ""


def test_how_the_game_of_a_link_is_shown() -> None:
    page = "https://x.org/paisho/"
    game = skud(4)
    text = link.fragment_for(game)
    opened = open_link(text)
    assert opened.game is not None
    shown = sharing.link_shown(opened, opened.game, skud(1), text, page)
    assert shown.new == record_of(opened.game) and shown.old == record_of(skud(1))
    assert shown.message == sharing.opened_message(opened, opened.game, same=False)
    assert shown.before_last is opened.before_last and shown.bad_link == ""
    again = sharing.link_shown(opened, opened.game, skud(4), text, page)  # e.g. a reload
    assert again.message == ""
    bad = open_link("#2" + "A" * 12)
    empty = skud()  # (nothing in it could be trusted: an empty board instead)
    failed = sharing.link_shown(bad, empty, skud(4), "#2" + "A" * 12, page)
    assert failed.before_last is None and failed.bad_link == page + "#2" + "A" * 12
    assert sharing.notice_is_bad(failed.message)


def test_the_copy_status_says_copied_or_asks_for_a_copy_by_hand() -> None:
    from paisho_page.sharing.decisions import MANUAL_COPY, copy_words

    assert copy_words("Snippet", True) == ("Snippet copied to the clipboard.", "true")
    assert copy_words("Snippet", False) == (MANUAL_COPY, "false")
