"""Version-2 links: the per-variant action coders, decoding step by step, damage.

The round trips, options, view and resignation of links in general are in
``test_link.py`` (they now write version 2); version-1 links in ``test_link_v1.py``.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from refused_link import fixed_take, radix_of

from paisho_core import link, linkcode
from paisho_core.errors import InvalidLink
from paisho_core.link import ALPHABET, MAX_ACTIONS, Partial, Progress, decode, decode_steps, encode
from paisho_core.protocol import Game
from paisho_core.registry import get_variant, new_game, variant_names
from paisho_core.skud import linkcode as skud_linkcode
from paisho_core.skud.game import MAIN, SkudGame

VARIANTS = variant_names()


def fresh(variant: str, seed: int = 12345) -> Game[Any]:
    cls = get_variant(variant)
    return new_game(variant, (), seed if cls.info.uses_seed else None)


def playout(game: Game[Any], steps: int, rng: random.Random) -> Game[Any]:
    for _ in range(steps):
        if game.to_move is None:
            break
        actions = game.legal_actions()
        if not actions:
            break
        game.apply(rng.choice(actions))
    return game


def same(a: Game[Any], b: Game[Any]) -> None:
    assert a.info.name == b.info.name
    assert a.options == b.options and a.seed == b.seed
    assert len(a.players) == len(b.players)
    assert a.history == b.history
    assert a.to_text() == b.to_text()
    assert a.resigned == b.resigned
    assert a.state_key() == b.state_key()
    assert a.outcome() == b.outcome()


# ----------------------------------------------------------------------------- the Skud coder
@pytest.mark.parametrize("seed", range(6))
def test_skud_code_names_exactly_the_legal_actions(seed: int) -> None:
    """Every code of a main action reads as a legal action or is refused; together the
    accepted ones are the engine's legal actions, each with one code (canonical)."""
    rng = random.Random(seed)
    game = SkudGame()
    checked = 0
    while game.to_move is not None and checked < 60:
        if game.phase == MAIN:
            legal = set(game.legal_actions())
            accepted = []
            for digit in range(radix_of(game)):
                try:
                    accepted.append(skud_linkcode.CODER.read(game, fixed_take(digit)))
                except linkcode.NotLegal:
                    continue
            assert len(accepted) == len(set(accepted))
            assert set(accepted) == legal
            for digit, action in enumerate(sorted(legal)):
                digits = skud_linkcode.CODER.write(game, action)
                assert len(digits) <= 1
                if digits:
                    again = skud_linkcode.CODER.read(game, fixed_take(digits[0][0]))
                    assert again == action, digit
            checked += 1
        actions = game.legal_actions()
        if not actions:
            break
        game.apply(rng.choice(actions))


def test_skud_code_refuses_a_candidate_that_is_not_legal() -> None:
    rng = random.Random(3)
    game = playout(SkudGame(), 120, rng)
    while game.phase != MAIN or game.to_move is None:
        game = playout(SkudGame(), 120, rng)
    refused = []
    for digit in range(radix_of(game)):
        try:
            skud_linkcode.CODER.read(game, fixed_take(digit))
        except linkcode.NotLegal as error:
            refused.append(str(error.message))
    for message in refused:
        assert "is not legal" in message


def test_every_variant_has_a_coder() -> None:
    from paisho_core.wiki import WikiGame
    from paisho_core.wiki import linkcode as wiki_linkcode

    assert linkcode.coder_for(SkudGame) is skud_linkcode.CODER
    assert linkcode.coder_for(WikiGame) is wiki_linkcode.CODER
    assert linkcode.coder_for(get_variant("balance")) is linkcode.GENERIC
    for variant in VARIANTS:
        assert linkcode.coder_for(get_variant(variant)) is not None


def test_wiki_code_is_the_index_in_rules_order() -> None:
    from paisho_core.wiki import WikiGame
    from paisho_core.wiki import linkcode as wiki_linkcode

    game = playout(WikiGame(), 30, random.Random(5))
    legal = sorted(game.legal_actions())
    kinds = [a.kind for a in legal]
    assert kinds == sorted(kinds)
    for index, action in enumerate(legal):
        assert wiki_linkcode.CODER.write(game, action) == [(index, len(legal))]
        assert wiki_linkcode.CODER.read(game, fixed_take(index)) == action


# ----------------------------------------------------------------------------- round trips
@st.composite
def games(draw: st.DrawFn, variant: str) -> Game[Any]:
    game = fresh(variant, draw(st.integers(0, 2**20)))
    for _ in range(draw(st.integers(0, 90))):
        if game.to_move is None:
            break
        actions = game.legal_actions()
        if not actions:
            break
        game.apply(actions[draw(st.integers(0, len(actions) - 1))])
    if game.to_move is not None and draw(st.booleans()):
        game.resign(draw(st.integers(0, len(game.players) - 1)))
    return game


@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_v2_round_trip_every_variant(variant: str, data: st.DataObject) -> None:
    game = data.draw(games(variant))
    view = data.draw(st.none() | st.integers(0, len(game.history)))
    link._last = None
    payload = encode(game, view)
    assert payload[0] == "2"
    link._last = None
    decoded = decode(payload)
    assert decoded.view_ply == view
    same(decoded.game, game)
    assert encode(decoded.game, view) == payload  # one link per game


def test_full_random_skud_games_round_trip_v2() -> None:
    for seed in (11, 12, 13):
        game = playout(SkudGame(), 10_000, random.Random(seed))
        link._last = None
        payload = encode(game)
        link._last = None
        same(decode(payload).game, game)


# ----------------------------------------------------------------------------- damage
def mutations(payload: str) -> list[str]:
    out = [payload[:cut] for cut in range(1, len(payload))]
    for i in range(1, len(payload)):
        for char in "A9_" + payload[i - 1]:
            if char != payload[i]:
                out.append(payload[:i] + char + payload[i + 1 :])
    return out


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_truncation_or_one_char_change_is_refused_or_legal(variant: str) -> None:
    game = playout(fresh(variant), 40, random.Random(7))
    link._last = None
    payload = encode(game)
    for text in mutations(payload):
        try:
            decoded = decode(text)
        except InvalidLink as error:
            assert str(error)
            continue
        # the CRC let it through (about 1 in 16 million): then it is a legal game
        replay = decoded.game
        again = new_game(replay.info.name, replay.options, replay.seed, len(replay.players))
        for action in replay.history:
            again.apply(action)
        assert again.state_key() == replay.state_key() or replay.resigned is not None


def test_damaged_link_names_the_checksum() -> None:
    payload = encode(playout(SkudGame(), 30, random.Random(1)))
    broken = payload[:-3] + ("A" if payload[-3] != "A" else "B") + payload[-2:]
    with pytest.raises(InvalidLink, match="checksum"):
        decode(broken)


def test_hostile_links_are_refused_fast() -> None:
    started = time.perf_counter()
    huge_count: list[tuple[int, int]] = []
    link._put_uint(huge_count, link.variant_id("skud"), 3)
    link._put_uint(huge_count, 0, 3)
    link._put_uint(huge_count, 10**9, 5)
    with pytest.raises(InvalidLink, match="too many moves"):
        decode(link._payload(huge_count))
    long_count: list[tuple[int, int]] = []
    link._put_uint(long_count, link.variant_id("skud"), 3)
    link._put_uint(long_count, 0, 3)
    link._put_uint(long_count, MAX_ACTIONS, 5)
    long_count.append((123456789, 10**12))
    with pytest.raises(InvalidLink):
        decode(link._payload(long_count))
    with pytest.raises(InvalidLink, match="character"):
        decode("2" + "B" * 50 + "<img>")
    with pytest.raises(InvalidLink, match="too long"):
        decode("2" + "B" * 100_000)
    with pytest.raises(InvalidLink):
        decode("2" + ALPHABET * 100)
    assert time.perf_counter() - started < 5


# ----------------------------------------------------------------------------- step by step
def run_steps(text: str, every: int = 25) -> tuple[list[Progress], Partial]:
    steps = decode_steps(text, every)
    seen: list[Progress] = []
    while True:
        try:
            seen.append(next(steps))
        except StopIteration as stop:
            result: Partial = stop.value
            return seen, result


def test_decode_steps_reports_progress_and_the_same_game() -> None:
    game = playout(SkudGame(), 200, random.Random(4))
    n = len(game.history)
    payload = encode(game, 7)
    seen, result = run_steps(payload, every=50)
    assert [p.done for p in seen] == list(range(50, n + 1, 50))
    assert all(p.total == n for p in seen)
    assert result.link is not None and result.message is None
    assert result.link.view_ply == 7
    same(result.link.game, game)


def test_decode_steps_on_a_bad_link_gives_the_message_and_partial_game() -> None:
    _seen, result = run_steps("2AAAA")
    assert result.link is None and result.game is None
    assert result.message is not None and "damaged" in str(result.message)
    game = playout(fresh("balance"), 100, random.Random(0))
    fields: list[tuple[int, int]] = []
    link._put_uint(fields, link.variant_id("balance"), 3)
    link._put_uint(fields, 0, 3)
    link._put_uint(fields, link._zigzag(12345), 7)
    link._put_uint(fields, len(game.history) + 1, 5)
    fields += [*link._replay_for(game).digits, (0, 1)]
    _seen, result = run_steps(link._payload(fields), every=1)
    assert result.link is None and result.game is not None
    assert result.game.history == game.history
    assert result.message is not None and "already over" in str(result.message)


def test_open_link_steps_gives_what_open_link_gives() -> None:
    from paisho_page.sharing.link_open import open_link, open_link_steps

    game = playout(SkudGame(), 120, random.Random(6))
    payload = encode(game, 3)
    steps = open_link_steps("#" + payload, 20)
    seen = []
    while True:
        try:
            seen.append(next(steps))
        except StopIteration as stop:
            opened = stop.value
            break
    assert [p.done for p in seen] == list(range(20, len(game.history) + 1, 20))
    assert opened.ok and opened.view_ply == 3
    assert opened.game is not None and opened.game.to_text() == game.to_text()
    whole = open_link("#" + payload)
    assert whole.ok and whole.game is not None and whole.game.to_text() == game.to_text()
    damaged = open_link("#" + payload[:-1])
    assert not damaged.ok and damaged.game is None and "damaged" in (damaged.error or "")
