"""Which save wins between tabs, and the start-up check of the list of games
(paisho_page.storage.tab_sync)."""

from __future__ import annotations

from paisho_core.registry import new_game
from paisho_page.storage import games_index, saves, schema, tab_sync
from paisho_page.storage.tab_sync import TabGame

ID_A = schema.new_id(1_700_000_000_000, 1)
ID_B = schema.new_id(1_700_000_000_001, 2)


def stored(game_id: str, rev: str, plies: int = 2) -> str:
    """A stored Skud game of ``plies`` actions at revision ``rev``."""
    game = new_game("skud", (), None)
    for _ in range(plies):
        game.apply(game.legal_actions()[0])
    return saves.record_game(game, game_id, None, 10, 20, rev).to_json()


# ----------------------------------------------------------------------------- revisions
def test_the_revision_of_a_stored_game() -> None:
    assert tab_sync.rev_of(stored(ID_A, "abc")) == "abc"
    assert tab_sync.rev_of(None) is None
    assert tab_sync.rev_of("{corrupt") == tab_sync.UNREADABLE
    assert tab_sync.rev_of('{"v": 2}') == tab_sync.UNREADABLE


def test_a_first_save_never_forks() -> None:
    tab = TabGame(ID_A)
    assert not tab.must_fork(None)
    assert not tab.must_fork(stored(ID_A, "other"))  # a new game: its id is fresh


def test_saving_over_its_own_revision_does_not_fork() -> None:
    tab = TabGame(ID_A)
    tab.saved("r1", 10)
    assert not tab.must_fork(stored(ID_A, "r1"))
    assert not tab.must_fork(None)  # deleted meanwhile: saved again under its id


def test_saving_over_another_tabs_newer_save_forks() -> None:
    tab = TabGame(ID_A)
    tab.saved("r1", 10)
    assert tab.must_fork(stored(ID_A, "r2"))  # another tab saved since
    assert tab.must_fork("{corrupt")  # unreadable: not this tab's, kept as it is
    tab.fork(ID_B)
    assert (tab.game_id, tab.created, tab.rev) == (ID_B, 0, "r1")
    tab.saved("r3", 30)
    assert (tab.rev, tab.created, tab.stale) == ("r3", 30, False)


def test_an_older_save_of_another_tab_also_forks() -> None:
    # Marks are not ordered: any other mark means someone else wrote since this tab
    # did; this tab's moves go to a new game, the stored one stays as it is.
    tab = TabGame(ID_A)
    tab.become(ID_A, "r5", 10)
    assert tab.must_fork(stored(ID_A, "r4", plies=1))


def test_another_tabs_change_makes_this_tab_stale() -> None:
    tab = TabGame(ID_A)
    tab.become(ID_A, "r1", 10)
    assert tab.other_tab_wrote(stored(ID_A, "r1")) is None  # its own write echoed
    assert not tab.stale
    assert tab.other_tab_wrote(stored(ID_A, "r2")) == "changed"
    assert tab.stale and tab.rev == "r1"  # not reloaded yet: the next save forks
    assert tab.must_fork(stored(ID_A, "r2"))


def test_a_corrupt_write_of_another_tab_counts_as_a_change() -> None:
    tab = TabGame(ID_A)
    tab.become(ID_A, "r1", 10)
    assert tab.other_tab_wrote("not json") == "changed"


def test_another_tabs_deletion_is_told_once() -> None:
    tab = TabGame(ID_A)
    tab.become(ID_A, "r1", 10)
    assert tab.other_tab_wrote(None) == "deleted"
    assert tab.rev == ""
    assert not tab.must_fork(None)  # the next save writes it again, under its id
    assert tab.other_tab_wrote(None) is None


def test_an_unsaved_game_ignores_deletions_but_not_writes() -> None:
    tab = TabGame(ID_A)
    assert tab.other_tab_wrote(None) is None
    assert tab.other_tab_wrote(stored(ID_A, "r9")) == "changed"


def test_becoming_another_game_forgets_the_old_state() -> None:
    tab = TabGame(ID_A, "r1", 10, stale=True)
    tab.become(ID_B)
    assert tab == TabGame(ID_B)
    tab.become(ID_A, "r2", 5)
    assert tab == TabGame(ID_A, "r2", 5, False)


# ----------------------------------------------------------------------------- the list
def test_a_missing_list_is_rebuilt_from_the_games() -> None:
    games = {schema.game_key(ID_A): stored(ID_A, "r1"), schema.game_key(ID_B): stored(ID_B, "r2")}
    check = tab_sync.check_index(None, games)
    assert {e.id for e in check.entries} == {ID_A, ID_B}
    assert check.write and not check.set_aside


def test_a_list_that_agrees_is_not_written() -> None:
    games = {schema.game_key(ID_A): stored(ID_A, "r1")}
    first = tab_sync.check_index(None, games)
    again = tab_sync.check_index(games_index.index_json(first.entries), games)
    assert again.entries == first.entries
    assert not again.write and not again.set_aside


def test_a_damaged_list_is_set_aside_without_a_notice_and_rebuilt() -> None:
    games = {schema.game_key(ID_A): stored(ID_A, "r1")}
    check = tab_sync.check_index("[[[", games)
    (item,) = check.set_aside
    assert item.key == schema.INDEX_KEY and item.raw == "[[[" and item.note is None
    assert "damaged" in item.reason
    assert [e.id for e in check.entries] == [ID_A] and check.write


def test_a_corrupt_game_is_set_aside_with_a_notice() -> None:
    bad_key = schema.game_key(ID_B)
    games = {schema.game_key(ID_A): stored(ID_A, "r1"), bad_key: '{"v": 2, "moves": 5}'}
    check = tab_sync.check_index(None, games)
    (item,) = check.set_aside
    assert item.key == bad_key and item.raw == games[bad_key]
    assert item.note and item.note.startswith("A saved game") and not item.always
    assert [e.id for e in check.entries] == [ID_A]


def test_a_malformed_key_is_set_aside_and_always_told() -> None:
    key = schema.GAME_PREFIX + "not an id!"
    check = tab_sync.check_index(None, {key: stored(ID_A, "r1")})
    (item,) = check.set_aside
    assert item.key == key and item.always and "malformed" in item.reason
    assert check.entries == []


def test_an_entry_without_its_game_is_dropped() -> None:
    games = {schema.game_key(ID_A): stored(ID_A, "r1"), schema.game_key(ID_B): stored(ID_B, "r2")}
    index = games_index.index_json(tab_sync.check_index(None, games).entries)
    del games[schema.game_key(ID_B)]
    check = tab_sync.check_index(index, games)
    assert [e.id for e in check.entries] == [ID_A] and check.write
