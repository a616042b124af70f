"""Tests of the page's pure replay/link/notation helpers (paisho_page.sharing.link_open)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from skud_helpers import reference_games

from paisho_core import link
from paisho_core.end_reasons import reason_message
from paisho_core.errors import PaiShoError
from paisho_core.protocol import Game
from paisho_core.registry import get_variant, variant_names
from paisho_core.skud import SkudGame
from paisho_page.play.replay_cursor import ReplayCursor
from paisho_page.sharing.link_open import looks_like_link, open_link
from paisho_page.sharing.notation import MAX_NOTATION, export_notation, import_notation, split_plies
from paisho_page.storage.records import contains, game_of_record, push_kept, record_of

GAME = (
    "0H.R,R,W,B;0G.R,K,K,B;1G.R4(0,-8);1H.R4(0,8);2G.(0,-8)-(-2,-8);"
    "2H.(0,8)-(-2,6);3G.R5(0,8);3H.(-2,6)-(0,7);4G.(0,8)-(-2,6)+K(4,-4)"
)


def tiles(game: Game[Any]) -> list[tuple[str, str, int | None]]:
    return [(str(t.point), t.code, t.owner) for t in game.board_tiles()]


def fresh(variant: str) -> Game[Any]:
    cls = get_variant(variant)
    return cls((), 7 if cls.info.uses_seed else None)


def playout(game: Game[Any], steps: int, rng: random.Random) -> Game[Any]:
    for _ in range(steps):
        actions = game.legal_actions()
        if not actions or game.to_move is None:
            break
        game.apply(rng.choice(actions))
    return game


# ----------------------------------------------------------------------------- cursor
def test_cursor_follows_the_live_game() -> None:
    game = SkudGame.from_text(GAME)
    cursor = ReplayCursor(game)
    assert cursor.total == 10 and cursor.index == 10 and not cursor.viewing
    assert cursor.position() is game
    game.apply(game.legal_actions()[0])
    cursor.sync(game)
    assert cursor.index == 11 and not cursor.viewing


def test_cursor_positions_match_replays() -> None:
    game = SkudGame.from_text(GAME)
    cursor = ReplayCursor(game)
    for k in range(cursor.total + 1):
        want = link.game_at(game, k)
        assert cursor.go(k) == k
        assert cursor.viewing == (k < cursor.total)
        assert tiles(cursor.position()) == tiles(want)
        assert cursor.position().state_key() == want.state_key()


def test_cursor_steps_and_clamps() -> None:
    game = SkudGame.from_text(GAME)
    cursor = ReplayCursor(game)
    assert cursor.step(-3) == 7
    assert cursor.label() == "Move 7 of 9"  # plies, as the move list numbers them
    assert "viewing move 7 of 9" in cursor.refusal()
    assert "Continue from here" in cursor.refusal()
    assert "Continue from here" not in cursor.refusal(can_continue=False)  # hidden hands
    assert cursor.first() == 0 and cursor.label() == "Start (0 of 9)"
    assert cursor.step(-1) == 0
    assert cursor.go(99) == 10 and cursor.ply is None
    assert cursor.step(1) == 10
    assert ReplayCursor(SkudGame()).label() == "No moves yet"


def test_cursor_cache_survives_undo_and_new_moves() -> None:
    game = SkudGame.from_text(GAME)
    cursor = ReplayCursor(game)
    cursor.go(3)
    cursor.position()
    cursor.go(9)
    cursor.position()
    shorter = link.game_at(game, 5)  # an undo to move 5
    cursor.sync(shorter)
    assert cursor.total == 5 and cursor.ply is None  # the view was past the end
    for k in range(6):
        assert tiles(cursor.position(k)) == tiles(link.game_at(shorter, k))
    other = SkudGame.from_text("0H.R,W,K,B;0G.R,W,K,B;1G.R3(0,-8)")
    cursor.sync(other)
    assert cursor.position(2).state_key() == link.game_at(other, 2).state_key()
    assert cursor.position(0).state_key() == SkudGame().state_key()


def test_cursor_last_clicks_and_plies() -> None:
    game = SkudGame.from_text(GAME)
    cursor = ReplayCursor(game)
    assert cursor.last_clicks(0) == ()
    assert cursor.last_clicks(3) == link.game_at(game, 2).action_clicks(game.history[2])
    # the Harmony Bonus is part of ply 9 (4G): ply 9 ends at the last action
    assert cursor.notation_ply(10) == 9 == cursor.notation_ply(9)
    assert cursor.index_of_ply(9) == 10
    assert cursor.index_of_ply(3) == 3
    assert cursor.index_of_ply(0) == 0
    assert cursor.index_of_ply(50) == 10


def test_cursor_keeps_resignation_on_the_live_position() -> None:
    game = SkudGame.from_text("0H.R,W,K,B;0G.R,W,K,B;1G.R3(0,-8)")
    game.resign()
    cursor = ReplayCursor(game)
    assert cursor.position().is_over
    assert not cursor.position(2).is_over


def test_cursor_without_game() -> None:
    with pytest.raises(ValueError):
        _ = ReplayCursor().total
    cursor = ReplayCursor(SkudGame())
    with pytest.raises(PaiShoError):
        cursor.position(1)


@pytest.mark.parametrize("variant", variant_names())
def test_cursor_every_variant(variant: str) -> None:
    game = playout(fresh(variant), 12, random.Random(3))
    cursor = ReplayCursor(game)
    for k in range(cursor.total + 1):
        assert cursor.position(k).state_key() == link.game_at(game, k).state_key()


# ----------------------------------------------------------------------------- links
def test_open_good_link_with_view() -> None:
    game = SkudGame.from_text(GAME)
    opened = open_link("https://example.org/#" + link.encode(game, 4))
    assert opened.ok and opened.view_ply == 4
    assert opened.game is not None and opened.game.to_text() == game.to_text()
    assert opened.message() == "Opened a shared game (9 moves, shown at move 4)."  # plies


def test_open_damaged_link_gives_no_game() -> None:
    payload = link.encode(SkudGame.from_text(GAME))
    opened = open_link(payload[:-3])
    assert not opened.ok and opened.game is None
    assert opened.message().startswith("This link could not be opened: The link is damaged")
    assert opened.message().endswith("An empty board is shown.")


def past_the_end_payload() -> tuple[str, Game[Any]]:
    """A sound link whose last move comes after the end of a finished Balance game."""
    game = playout(get_variant("balance")((), 4), 100, random.Random(0))
    assert game.outcome() is not None
    fields: list[tuple[int, int]] = []
    link._put_uint(fields, link.variant_id("balance"), 3)
    link._put_uint(fields, 0, 3)
    link._put_uint(fields, link._zigzag(4), 7)
    link._put_uint(fields, len(game.history) + 1, 5)
    fields += list(link._replay_for(game).digits)
    fields.append((0, 1))
    return link._payload(fields), game


def test_open_link_with_illegal_move_gives_last_legal_position() -> None:
    payload, game = past_the_end_payload()
    opened = open_link("#" + payload)
    assert not opened.ok and opened.game is not None
    assert opened.game.history == game.history
    n = len(game.history)
    assert opened.message() == (
        f"This link could not be opened fully: Move {n + 1} is not legal: the game was"
        f" already over ({reason_message(game.outcome().reason)})"  # type: ignore[union-attr]
        f" after move {n}."
        f" The last legal position (move {n}) is shown."
    )


@given(st.text(max_size=60))
@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow], deadline=None)
def test_open_random_text_never_raises(text: str) -> None:
    opened = open_link(text)
    assert isinstance(opened.message(), str)
    if not opened.ok:
        assert "could not be opened" in opened.message()


def test_looks_like_link() -> None:
    assert looks_like_link("#1AbC")
    assert looks_like_link("https://x.org/paisho/#1abc")
    assert looks_like_link(link.encode(SkudGame()))
    assert not looks_like_link(GAME)
    assert not looks_like_link("1")


# ----------------------------------------------------------------------------- notation
def test_import_reference_games() -> None:
    for ref in reference_games()[:4]:
        result = import_notation("skud", ref["notation"])
        assert result.error is None, result.error
        assert result.game is not None
        want = SkudGame.from_text(ref["notation"])
        assert tiles(result.game) == tiles(want)
        assert export_notation(result.game) == ";".join(want.ply_texts(reference=True))


def test_import_accepts_line_breaks_and_spaces() -> None:
    text = "\n".join(f"  {p} " for p in GAME.split(";")) + "\n\n"
    result = import_notation("skud", text)
    assert result.error is None and result.plies == 9
    assert result.game is not None and result.game.to_text() == GAME
    assert split_plies("a;;b\r\nc") == ["a", "b", "c"]


def test_import_illegal_ply_names_ply_and_rule() -> None:
    bad = "0H.R,W,K,B;0G.R,W,K,B;1G.R3(0,-8);1H.R3(0,8);2G.(0,-8)-(0,0);2H.(0,8)-(1,6)"
    result = import_notation("skud", bad)
    assert result.error is not None and result.error.startswith("ply 5 (2G)")
    assert "(R1)" in result.error
    assert result.plies == 4
    assert result.game is not None and len(result.game.history) == 4


def test_import_malformed_ply_gets_its_number() -> None:
    result = import_notation("skud", "0H.R,W,K,B;0G.R,W,K,B;1G.Z3(0,-8)")
    assert result.error is not None and result.error.startswith("ply 3 (1G): ")
    assert "'Z3(0,-8)'" in result.error
    assert result.plies == 2


def test_import_html_is_just_text() -> None:
    result = import_notation("skud", "<script>alert(1)</script>")
    assert result.error is not None and result.plies == 0
    assert result.game is not None and result.game.history == []


def test_import_limits_and_bad_variant() -> None:
    assert import_notation("skud", "x" * (MAX_NOTATION + 1)).error is not None
    assert import_notation("skud", " ;\n ").error == "there is no move in the text"
    assert import_notation("nope", GAME).game is None
    assert import_notation("skud", GAME, ("bogus",)).game is None
    needs_seed = [v for v in variant_names() if get_variant(v).info.uses_seed]
    for variant in needs_seed:
        assert import_notation(variant, "x").error is not None


@pytest.mark.parametrize("variant", variant_names())
def test_import_export_round_trip(variant: str) -> None:
    cls = get_variant(variant)
    seed = 7 if cls.info.uses_seed else None
    game = playout(cls((), seed), 15, random.Random(5))
    result = import_notation(variant, export_notation(game), (), seed)
    assert result.error is None
    assert result.game is not None and result.game.state_key() == game.state_key()


# ----------------------------------------------------------------------------- records
def test_records_round_trip() -> None:
    game = SkudGame.from_text("0H.R,R,K,B;0G.R,K,K,B;1G.R4(0,-8)", ("no-wheels",))
    game.resign()
    record = record_of(game)
    again = game_of_record(record)
    assert again.to_text() == game.to_text() and again.resigned == game.resigned
    assert again.options == game.options
    for bad in (None, [], {"variant": "nope"}, {"variant": "skud", "moves": "x"}, {"x": 1}):
        with pytest.raises(PaiShoError):
            game_of_record(bad)


def test_contains() -> None:
    long = record_of(SkudGame.from_text(GAME))
    short = record_of(SkudGame.from_text(GAME.rsplit(";", 1)[0]))
    other = record_of(SkudGame.from_text("0H.R,W,K,B;0G.R,W,K,B"))
    assert contains(long, short) and not contains(short, long)
    assert contains(long, long)
    assert not contains(long, other) and not contains(other, long)
    assert contains(other, record_of(SkudGame()))  # an empty game is never worth keeping
    skipped = dict(short, moves=GAME.rsplit("+", 1)[0] + "+skip")
    assert contains(dict(long, moves=GAME.rsplit("+", 1)[0] + ";4H.(0,7)-(0,5)"), skipped)
    resigned = dict(short, resigned=0)
    assert not contains(long, resigned)
    assert contains(resigned, resigned)
    assert not contains(dict(long, options=["no-wheels"]), short)
    # a bonus still to be chosen (a bare '+') is held by the game that took or skipped it
    pending = dict(short, moves=GAME.rsplit("+", 1)[0] + "+")
    assert contains(long, pending) and contains(skipped, pending)
    assert not contains(pending, long)
    assert not contains(long, dict(short, moves=GAME.rsplit("+", 1)[0] + "+R(3,3)"))


def test_push_kept() -> None:
    a = record_of(SkudGame.from_text("0H.R,W,K,B;0G.R,W,K,B"))
    b = record_of(SkudGame.from_text(GAME))
    b_short = record_of(SkudGame.from_text(GAME.rsplit(";", 2)[0]))
    kept = push_kept([], a)
    assert kept == [a]
    kept = push_kept(kept, b_short)
    assert kept == [b_short, a]
    kept = push_kept([*kept, "junk", {"moves": ""}], b)  # b holds b_short
    assert kept == [b, a]
    assert push_kept(kept, record_of(SkudGame())) == [b, a]
    many: list[dict[str, Any]] = []
    for i in range(15):
        game = SkudGame.from_text("0H.R,W,K,B;0G.R,W,K,B")
        many = push_kept(many, dict(record_of(game), seed=i))
    assert len(many) == 10 and many[0]["seed"] == 14


def test_damaged_link_in_the_dialog_says_the_game_is_unchanged() -> None:
    """The Notation dialog keeps the old game and the text (issue 13)."""
    payload = link.encode(SkudGame.from_text(GAME))
    damaged = open_link(payload[:-3])
    text = damaged.dialog_message()
    assert text.startswith("This link could not be opened: The link is damaged")
    assert "empty board" not in text and text.endswith(
        "Your game is unchanged: correct the link and import it again."
    )
    partial, _game = past_the_end_payload()
    opened = open_link("#" + partial)
    assert opened.game is not None
    assert f"Its first {len(opened.game.history)} moves are legal." in opened.dialog_message()


def test_import_lenient_sets_aside_what_the_reference_site_ignores() -> None:
    """Records from the reference site: strict refuses them, lenient imports them."""
    from skud_helpers import LENIENT_NOTES, lenient_record

    strict = import_notation("skud", lenient_record())
    assert strict.error is not None and strict.error.startswith("ply 36 (17H): '+W3(8,0)'")
    assert strict.plies == 35 and strict.set_aside == ()
    assert strict.message() == f"The game could not be imported: {strict.error}."
    result = import_notation("skud", lenient_record(), lenient=True)
    assert result.error is None and result.game is not None and result.plies == 38
    assert result.set_aside == tuple(LENIENT_NOTES)
    outcome = result.game.outcome()
    assert outcome is not None and outcome.reason == "harmony-ring"
    assert result.message() == (
        "Imported a game of 38 moves. 2 bonuses written in it were set aside, as the"
        " reference site does."
    )
    # a lenient import that is still wrong somewhere keeps its legal beginning
    broken = lenient_record().replace("18H.(-6,-1)-(-6,-3)", "18H.(-6,-1)-(-6,-9)")
    bad = import_notation("skud", broken, lenient=True)
    assert bad.error is not None and bad.error.startswith("ply 38 (18H)") and bad.plies == 37


def test_import_error_quotes_little_of_a_long_ply() -> None:
    result = import_notation("skud", "0H.R,W,K,B;" + "x" * 50_000)
    assert result.error is not None and len(result.error) < 200 and "…" in result.error
@pytest.mark.parametrize("seed", [float("inf"), 1e300, 2.5, True, "7"])
def test_game_of_record_refuses_a_seed_that_is_no_whole_number(seed: object):
    # issue 13: a kept game with "seed": 1e999 raised OverflowError on "Resume it"
    with pytest.raises(PaiShoError):
        game_of_record({"variant": "balance", "seed": seed, "moves": ""})
