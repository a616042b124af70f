"""Secret hands stay secret (issue #21): while an Ancient game runs, neither the address
bar nor any entry of the browser's history holds a link to it (its link carries the
deal's seed, and every hand follows from it: ``rules.html#ancient-autosave``), with two
people passing the device and with computer seats; reloading keeps the game (the
autosave, its seed sealed); Share warns and makes the link only on request; a finished
game's link carries everything, as before.  Every other way out of the page (Embed,
the Notation export, the diagram, the Studio entry, storage, the clipboard) goes through
the same guard and deals no hand either."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from conftest import (
    SAVED_GAME_JS,
    PageErrors,
    SiteServer,
    click_token,
    desktop_context,
    goto_ready,
    new_watched_page,
    wait_ready,
)
from hand_leaks import leak
from playwright.sync_api import BrowserContext, Page

from paisho_core import link
from paisho_core.ancient import AncientGame
from paisho_core.ancient.computer import choose
from paisho_page.play.ui import page_clicks
from paisho_page.storage import seal

pytestmark = pytest.mark.e2e

context = pytest.fixture(name="context")(desktop_context)

RECORD_URLS_JS = """(() => {
  const seen = window.__paishoUrls = [location.href];
  for (const name of ['pushState', 'replaceState']) {
    const original = history[name].bind(history);
    history[name] = (state, title, url) => {
      if (url !== undefined && url !== null) seen.push(new URL(String(url), location.href).href);
      return original(state, title, url);
    };
  }
  addEventListener('hashchange', () => seen.push(location.href));
  addEventListener('popstate', () => seen.push(location.href));
})();"""
"""Records every address the page puts in the history (pushState, replaceState) or goes
to (hashchange, popstate), from the first one: the history holds no other entry."""

URLS_JS = """async () => {
  // let the deferred address update run first (it is written after the page has painted)
  for (let i = 0; i < 3; i++) await new Promise(r => setTimeout(r, 0));
  return {href: location.href, length: history.length, urls: window.__paishoUrls};
}"""


def saved_ancient(page: Page, players: int) -> AncientGame:
    """The game the page autosaved, replayed with its seed (opened with the device's key)."""
    rec: dict[str, Any] = page.evaluate(SAVED_GAME_JS)
    assert rec["variant"] == "ancient" and rec["seed"] is None
    key = page.evaluate(f"() => localStorage.getItem({seal.KEY_NAME!r})")
    seed = seal.unseal(rec["sealed"], key, rec["id"])
    return AncientGame.replay_text(rec["moves"], rec["options"], seed, players)


def revealing(url: str, seed: int) -> str | None:
    """Why ``url`` reveals a hand of the running game of ``seed`` (``None``: it does not)."""
    fragment = url.partition("#")[2]
    if not fragment:
        return None
    game, _error = link.decode_partial(fragment)
    if game is None or game.is_over:
        return None  # (a finished game's link carries everything, as it should)
    if game.seed == seed:
        return f"{url} holds the deal's seed"
    if getattr(game, "hidden_hands", False) and not game.is_over:
        return f"{url} holds a running game with hidden hands"
    return None


def check_no_hand(page: Page, seed: int, entries: int) -> None:
    """The address bar and every address the history got reveal no hand, and the
    history holds no more entries than at the start (``entries``)."""
    seen: dict[str, Any] = page.evaluate(URLS_JS)
    assert seen["length"] == entries, "the page added history entries"
    for url in [seen["href"], *seen["urls"]]:
        why = revealing(url, seed)
        assert why is None, why
    assert "#" not in seen["href"], seen["href"]  # nothing after the page's own address


def start_ancient(page: Page, seats: tuple[str, ...]) -> None:
    """New game → Ancient with ``seats`` ("person" / "computer"), a target of 99 with
    hands of 17 (no seat reaches it: the game runs all through the test)."""
    page.click("#btn-new")
    page.select_option("#variant-select", "ancient")
    page.wait_for_selector("#ancient-fields:not([hidden])")
    page.select_option("#ancient-count-select", str(len(seats)))
    for i, kind in enumerate(seats):
        page.select_option(f"#ancient-seat-{i}", kind)
    page.select_option("#ancient-preset", "custom")
    page.fill("#ancient-target", "99")
    page.fill("#ancient-hand", "17")
    page.click("#btn-new-start")
    page.wait_for_selector("#ancient-panel:not([hidden])", state="attached")


def actions(page: Page) -> int:
    """The number of actions the page's game holds."""
    return int(page.get_attribute("#board-holder", "data-actions") or 0)


def play_checking(page: Page, seats: tuple[str, ...], entries: int, moves: int) -> AncientGame:
    """Play ``moves`` people's actions by clicks (computer seats play themselves),
    checking the address and the history after each hand-over and each action."""
    rng = random.Random(7)
    players = len(seats)
    looking: int | None = None
    done = handovers = computer_turns = 0
    game = saved_ancient(page, players)
    check_no_hand(page, game.seed or 0, entries)
    wants_computer = "computer" in seats
    # play on past ``moves`` (a few actions at most) until the computer has taken a turn:
    # with some deals the people's first actions never reach it
    while done < moves or (wants_computer and computer_turns == 0 and done < moves + 8):
        game = saved_ancient(page, players)
        seat = game.to_move
        if seat is None:
            break
        if seats[seat] == "computer":
            page.wait_for_function("(n) => Number(document.querySelector("
                                   "'#board-holder').dataset.actions) > n",
                                   arg=len(game.history))
            computer_turns += 1
            check_no_hand(page, game.seed or 0, entries)
            continue
        if looking != seat and page.is_visible("#ancient-handover"):
            # another person: the pass-the-device screen first (drawn with the last action)
            check_no_hand(page, game.seed or 0, entries)
            page.click("#btn-ancient-ready")
            handovers += 1
            looking = seat
            check_no_hand(page, game.seed or 0, entries)
        action = choose(game, rng)
        assert action is not None
        for token in page_clicks(game, action):  # a discard: its tile twice
            click_token(page, seat, token, skip="#btn-ancient-pass")
        page.wait_for_function(
            "(n) => Number(document.querySelector('#board-holder').dataset.actions) > n",
            arg=len(game.history),
        )
        done += 1
        check_no_hand(page, game.seed or 0, entries)
    people = sum(kind == "person" for kind in seats)
    assert handovers >= (2 if people >= 2 else 0)
    if "computer" in seats:
        assert computer_turns >= 1
    return saved_ancient(page, players)


@pytest.mark.parametrize(
    "seats",
    [("person", "person", "computer"), ("person", "computer")],
    ids=["two-people-and-the-computer", "one-person-and-the-computer"],
)
def test_no_hand_in_the_address_bar_nor_the_history_and_a_reload_keeps_the_game(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors, seats: tuple[str, ...]
) -> None:
    context.add_init_script(RECORD_URLS_JS)
    page = new_watched_page(context, page_errors)
    goto_ready(page, site.base_url, page_errors)
    entries = page.evaluate("history.length")
    start_ancient(page, seats)
    game = play_checking(page, seats, entries, 8)
    seed = game.seed or 0

    # Share (by the person holding the device): the warning, and no link until asked for
    while (mover := saved_ancient(page, len(seats)).to_move) is not None and (
        seats[mover] == "computer"
    ):
        page.wait_for_function(
            "(n) => Number(document.querySelector('#board-holder').dataset.actions) > n",
            arg=len(saved_ancient(page, len(seats)).history),
        )
    if page.is_visible("#ancient-handover"):
        page.click("#btn-ancient-ready")
    game = saved_ancient(page, len(seats))
    page.click("#btn-share")
    page.wait_for_selector("#share-hands-warning:not([hidden])")
    assert "reveals every player's hand" in (page.text_content("#share-hands-warning") or "")
    assert page.input_value("#share-link") == ""
    assert "only if you ask" in (page.text_content("#share-status") or "")
    check_no_hand(page, seed, entries)
    page.click("#btn-share-copy")  # asked for: the link is made (and it is the game's)
    made = page.input_value("#share-link")
    shared = link.decode(made.partition("#")[2]).game
    assert shared.seed == seed and shared.to_text() == game.to_text()
    page.click("#btn-share-close")
    check_no_hand(page, seed, entries)  # (the link made stays in the dialog)

    # a reload resumes the game from the autosave: the same moves, still no link
    page.reload()
    wait_ready(page, page_errors)
    page.wait_for_selector("#ancient-panel:not([hidden])", state="attached")
    after = saved_ancient(page, len(seats))
    assert after.to_text() == game.to_text() and after.seed == seed
    check_no_hand(page, seed, entries)
    page_errors.check()


def test_a_link_to_a_running_game_leaves_the_address_and_a_finished_game_keeps_it(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    running = AncientGame(("target=11",), 4242, 2)
    rng = random.Random(3)
    for _ in range(4):
        action = choose(running, rng)
        assert action is not None
        running.apply(action)
    context.add_init_script(RECORD_URLS_JS)
    page = new_watched_page(context, page_errors)
    goto_ready(page, site.base_url + link.fragment_for(running), page_errors)
    page.wait_for_selector("#ancient-panel:not([hidden])", state="attached")
    page.wait_for_function("() => !location.href.includes('#')")  # the link is put away
    seen = page.evaluate(URLS_JS)
    # only the address the person opened held it; the page wrote nothing revealing
    assert [u for u in seen["urls"][1:] if revealing(u, 4242)] == []
    assert json.dumps(page.evaluate(SAVED_GAME_JS)).count("4242") == 0  # sealed

    finished = AncientGame(("target=3",), 11, 2)
    rng = random.Random(11)
    while finished.to_move is not None:
        action = choose(finished, rng)
        assert action is not None
        finished.apply(action)
    page.goto(site.base_url + link.fragment_for(finished))
    wait_ready(page, page_errors)
    page.wait_for_selector("#result-panel:not([hidden])")
    page.wait_for_function("(p) => location.hash === '#' + p", arg=link.encode(finished))
    page_errors.check()


COPIED_JS = """(() => {
  const copied = window.__paishoCopied = [];
  const clipboard = {writeText: (text) => { copied.push(String(text)); return Promise.resolve(); }};
  Object.defineProperty(Navigator.prototype, 'clipboard',
                        {configurable: true, get: () => clipboard});
})();"""
"""Records every text the page puts on the clipboard (instead of the system's)."""

EVERYTHING_JS = """() => {
  const stored = (s) => Object.keys(s).map(k => k + '=' + s.getItem(k));
  return {dom: document.documentElement.outerHTML,
          fields: [...document.querySelectorAll('input, textarea')].map(f => f.value),
          local: stored(localStorage), session: stored(sessionStorage),
          state: JSON.stringify(history.state), href: location.href,
          copied: window.__paishoCopied};
}"""
"""Everything a page can show or keep: its markup, its fields' values, both storages,
the history's state, the address and what it copied."""


def check_nothing_deals(page: Page, seed: int, where: str) -> None:
    """Nothing the page shows or keeps (:data:`EVERYTHING_JS`) deals a hand of ``seed``."""
    seen: dict[str, Any] = page.evaluate(EVERYTHING_JS)
    for part, value in seen.items():
        texts = value if isinstance(value, list) else [str(value)]
        for text in texts:
            why = leak(text, seed)
            assert why is None, f"{where}: the {part} {why}"


def test_every_exit_of_a_running_ancient_game_keeps_the_hands_secret(
    context: BrowserContext, site: SiteServer, page_errors: PageErrors
) -> None:
    """The guard at every exit (``paisho_page.sharing.exits``; ``rules.html#ancient-autosave``):
    Share before it is asked, Embed (the attack round's finding: its snippet carried the
    deal's seed), the Studio entry, the Notation export, the diagram, the address bar,
    the history and its state, storage, the clipboard and the page's markup."""
    context.add_init_script(RECORD_URLS_JS)
    context.add_init_script(COPIED_JS)
    page = new_watched_page(context, page_errors)
    goto_ready(page, site.base_url, page_errors)
    entries = page.evaluate("history.length")
    seats = ("person", "computer")
    start_ancient(page, seats)
    game = play_checking(page, seats, entries, 2)
    while game.to_move is not None and seats[game.to_move] == "computer":  # the person's turn
        wait_more = len(game.history)
        page.wait_for_function("(n) => Number(document.querySelector("
                               "'#board-holder').dataset.actions) > n", arg=wait_more)
        game = saved_ancient(page, len(seats))
    seed = game.seed or 0
    assert game.hidden_hands and not game.is_over and seed
    check_nothing_deals(page, seed, "playing")

    page.click("#btn-share")  # Share: the warning, no link, no Studio entry
    page.wait_for_selector("#share-hands-warning:not([hidden])")
    assert page.input_value("#share-link") == ""
    assert page.is_hidden("#share-studio-row")
    check_nothing_deals(page, seed, "Share")
    page.click("#btn-share-close")

    page.click("#btn-embed")  # Embed: no snippet, and why; the diagram: the board alone
    page.wait_for_selector("#embed-hands-warning:not([hidden])")
    assert "hands are secret" in (page.text_content("#embed-hands-warning") or "")
    assert page.input_value("#embed-snippet") == ""
    assert page.is_disabled("#btn-embed-copy")
    with page.expect_download() as info:
        page.click("#btn-embed-diagram")
    diagram = Path(info.value.path()).read_text()
    assert leak(diagram, seed) is None
    drawn = sorted(re.findall(r'data-tile="([^"]+)"', diagram))
    assert drawn == sorted(t.code for t in game.board_tiles())  # not one tile of a hand
    check_nothing_deals(page, seed, "Embed")
    page.click("#btn-embed-close")

    page.click("#btn-notation")  # Notation: the actions, which every seat has seen
    page.click("#btn-notation-export")
    page.wait_for_function("() => (window.__paishoCopied || []).length > 0")
    assert page.input_value("#notation-text") == game.to_text()
    check_nothing_deals(page, seed, "Notation")
    page.click("#btn-notation-close")
    check_no_hand(page, seed, entries)  # the address bar and every history entry
    page_errors.check()
