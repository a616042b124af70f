"""Tests of the shareable game link (paisho_core.link) and the ``link`` CLI."""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from skud_helpers import reference_games
from ui_fake import FakeGame

from paisho_core import link, linkcode
from paisho_core.cli import main
from paisho_core.errors import InvalidLink
from paisho_core.link import (
    ALPHABET,
    MAX_ACTIONS,
    MAX_PAYLOAD,
    DecodedLink,
    canonical_actions,
    crc24,
    decode,
    decode_partial,
    encode,
    fragment_for,
    game_at,
    payload_of,
    positions,
    split_extension,
    variant_id,
)
from paisho_core.protocol import Game, VariantInfo
from paisho_core.registry import get_variant, new_game, variant_names

VARIANTS = variant_names()


# ----------------------------------------------------------------------------- helpers
def fresh(variant: str, options: tuple[str, ...] = (), seed: int | None = None) -> Game[Any]:
    cls = get_variant(variant)
    if cls.info.uses_seed and seed is None:
        seed = 12345
    return new_game(variant, options, seed)


def random_playout(game: Game[Any], steps: int, rng: random.Random) -> Game[Any]:
    for _ in range(steps):
        actions = game.legal_actions()
        if not actions or game.to_move is None:
            break
        game.apply(rng.choice(actions))
    return game


def same_game(a: Game[Any], b: Game[Any]) -> None:
    assert a.info.name == b.info.name
    assert a.options == b.options
    assert a.seed == b.seed
    assert a.history == b.history
    assert a.resigned == b.resigned
    assert a.state_key() == b.state_key()
    assert a.to_text() == b.to_text()
    assert a.outcome() == b.outcome()


def craft(fields: list[tuple[int, int]]) -> str:
    """A payload with a valid checksum around arbitrary mixed-radix fields."""
    return link._payload(fields)


def uint(value: int, bits: int) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    link._put_uint(out, value, bits)
    return out


def header(
    variant: str, count: int, mask: int = 0, seed: int | None = None
) -> list[tuple[int, int]]:
    fields = uint(variant_id(variant) or 0, 3) + uint(mask, 3)
    if get_variant(variant).info.uses_seed:
        fields += uint(link._zigzag(12345 if seed is None else seed), 7)
    return fields + uint(count, 5)


def message_of(text: str) -> str:
    with pytest.raises(InvalidLink) as caught:
        decode(text)
    return str(caught.value)


@st.composite
def played_games(draw: st.DrawFn, variant: str, max_steps: int) -> Game[Any]:
    info = get_variant(variant).info
    options = tuple(o for o in info.options if draw(st.booleans()))
    seed = draw(st.integers(0, 2**53 - 1)) if info.uses_seed else None
    game = new_game(variant, options, seed)
    steps = draw(st.integers(0, max_steps))
    for _ in range(steps):
        actions = game.legal_actions()
        if not actions or game.to_move is None:
            break
        game.apply(actions[draw(st.integers(0, len(actions) - 1))])
    if game.to_move is not None and draw(st.booleans()):
        game.resign()
    return game


MAX_STEPS = {"skud": 70, "balance": 25}


# ----------------------------------------------------------------------------- round trips
def check_round_trip(data: st.DataObject, variant: str) -> None:
    game = data.draw(played_games(variant, MAX_STEPS.get(variant, 60)))
    view = data.draw(st.none() | st.integers(0, len(game.history)))
    if data.draw(st.booleans()):
        link._last = None  # encode from scratch rather than from the kept replay
    payload = encode(game, view)
    assert payload[0] == link.FORMAT_VERSION
    assert set(payload) <= set(ALPHABET)
    link._last = None
    decoded = decode("#" + payload)
    assert isinstance(decoded, DecodedLink)
    assert decoded.variant == variant
    assert decoded.view_ply == view
    same_game(decoded.game, game)
    # the same game always gives the same link (canonical, also from the kept replay)
    assert encode(decoded.game, view) == payload
    partial, error = decode_partial(payload)
    assert error is None and partial is not None
    same_game(partial, game)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_skud_random_games_round_trip(data: st.DataObject) -> None:
    check_round_trip(data, "skud")


@pytest.mark.parametrize("variant", [v for v in VARIANTS if v != "skud"])
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_other_variants_random_games_round_trip(variant: str, data: st.DataObject) -> None:
    check_round_trip(data, variant)


def test_full_random_skud_games_round_trip() -> None:
    for seed in (1, 2):
        game = random_playout(fresh("skud"), 10_000, random.Random(seed))
        assert game.outcome() is not None
        link._last = None
        payload = encode(game)
        link._last = None
        same_game(decode(payload).game, game)


@pytest.mark.parametrize("variant", VARIANTS)
def test_empty_game_round_trips(variant: str) -> None:
    game = fresh(variant)
    decoded = decode(fragment_for(game))
    same_game(decoded.game, game)
    assert decoded.view_ply is None


@pytest.mark.slow
@pytest.mark.parametrize("record", reference_games(), ids=[g["id"] for g in reference_games()])
def test_reference_games_encode_and_decode_exactly(record: dict[str, Any]) -> None:
    cls = get_variant("skud")
    game = cls.from_text(record["notation"])
    link._last = None
    payload = encode(game)
    link._last = None
    decoded = decode(payload)
    same_game(decoded.game, game)  # same history, position and text as the notation


def test_view_ply_round_trips_at_every_ply_and_view_game() -> None:
    game = random_playout(fresh("skud"), 12, random.Random(5))
    n = len(game.history)
    for view in [None, *range(n + 1)]:
        decoded = decode(encode(game, view))
        assert decoded.view_ply == view
        shown = decoded.view_game()
        expected = n if view is None else view
        assert shown.history == game.history[:expected]
        assert shown.state_key() == game_at(game, expected).state_key()
    with pytest.raises(InvalidLink, match="no ply"):
        encode(game, n + 1)
    with pytest.raises(InvalidLink, match="no ply"):
        encode(game, -1)


def test_positions_and_game_at() -> None:
    game = random_playout(fresh("balance", seed=99), 8, random.Random(1))
    game.resign()
    snaps = positions(game)
    assert len(snaps) == len(game.history) + 1
    assert snaps[-1].state_key() == game.state_key()
    for k, snap in enumerate(snaps):
        assert snap.history == game.history[:k]
    assert game_at(game, 3).state_key() == snaps[3].state_key()


@pytest.mark.parametrize("variant", VARIANTS)
def test_resignation_round_trips(variant: str) -> None:
    game = random_playout(fresh(variant), 6, random.Random(3))
    game.resign()
    decoded = decode(encode(game))
    assert decoded.game.resigned == game.resigned
    assert decoded.game.outcome() == game.outcome()
    same_game(decoded.game, game)


def test_options_and_seed_round_trip() -> None:
    options = tuple(get_variant("skud").info.options)
    for k in range(len(options) + 1):
        game = random_playout(fresh("skud", options[:k]), 5, random.Random(k))
        same_game(decode(encode(game)).game, game)
    for seed in (0, 1, 2**53 - 1, 987654321):
        game = random_playout(fresh("balance", seed=seed), 4, random.Random(seed))
        same_game(decode(encode(game)).game, game)


def test_kept_replay_follows_moves_undo_and_other_games() -> None:
    rng = random.Random(11)
    game = fresh("skud")
    for _ in range(25):
        game.apply(rng.choice(game.legal_actions()))
        incremental = encode(game)
        saved = link._last
        link._last = None
        assert encode(game) == incremental
        link._last = saved
    shorter = game_at(game, 10)  # an undo, or "continue from ply 10"
    assert decode(encode(shorter)).game.history == game.history[:10]
    other = random_playout(fresh("balance"), 5, rng)
    assert decode(encode(other)).game.history == other.history
    assert decode(encode(game)).game.history == game.history


def test_set_up_position_cannot_be_shared() -> None:
    skud = get_variant("skud")
    setup = getattr(skud, "setup", None)
    if setup is None:
        pytest.skip("no set-up positions")
    game = setup({"(0,3)": "HR3", "(3,0)": "GW4"})
    with pytest.raises(InvalidLink, match="cannot make a link"):
        encode(game)


def test_canonical_order_is_by_notation_text() -> None:
    game = random_playout(fresh("skud"), 8, random.Random(2))
    ordered = canonical_actions(game)
    texts = [game.format_action(a) for a in ordered]
    assert texts == sorted(texts)
    assert sorted(ordered, key=game.format_action) == ordered
    assert set(ordered) == set(game.legal_actions())


def test_a_forced_move_costs_nothing() -> None:
    # The Guest's mirror plant after the Host's opening plant is forced: no digit.
    game = fresh("skud")
    while len(canonical_actions(game)) != 1:
        game.apply(canonical_actions(game)[0])
    before = link._pack(link._replay_for(game).digits)
    game.apply(canonical_actions(game)[0])
    assert link._pack(link._replay_for(game).digits) == before


# ----------------------------------------------------------------------------- URL forms
def test_payload_of_accepts_url_fragment_and_bare() -> None:
    game = random_playout(fresh("skud"), 4, random.Random(4))
    payload = encode(game)
    for text in (
        payload,
        "#" + payload,
        f"https://example.org/paisho/?x=1#{payload}",
        f"  https://example.org/#{payload}\n",
    ):
        assert payload_of(text) == payload
        assert decode(text).game.history == game.history
    assert fragment_for(game) == "#" + payload


# ----------------------------------------------------------------------------- bad links
def test_crc24_check_value() -> None:
    assert crc24(b"123456789") == 0x21CF02


@pytest.mark.parametrize("text", ["", "#", "   ", "https://x.org/#", "https://x.org/"])
def test_empty_or_missing(text: str) -> None:
    game, message = decode_partial(text)
    assert game is None
    assert message is not None
    with pytest.raises(InvalidLink):
        decode(text)


def test_wrong_version() -> None:
    payload = encode(fresh("skud"))
    for version in "04AZz-_":
        assert "version" in message_of(version + payload[1:])
    # "3" is the set-up version: its position comes first, before a "."
    assert "set-up position is cut short" in message_of("3" + payload[1:])
    assert "version" in message_of("<script>alert(1)</script>")
    assert "<" not in message_of("<script>alert(1)</script>")


def test_bad_character_is_refused_without_quoting_it() -> None:
    payload = encode(random_playout(fresh("skud"), 5, random.Random(8)))
    text = payload[:3] + "<b>" + payload[3:]
    message = message_of(text)
    assert "character" in message and "<" not in message


def test_oversized() -> None:
    assert "too long" in message_of("1" + "B" * MAX_PAYLOAD)
    assert "too long" in message_of("#1" + "B" * 100_000)
    count = MAX_ACTIONS + 1
    message = message_of(craft(header("skud", count)))
    assert "too many moves" in message and str(count) in message


def test_truncated_links() -> None:
    game = random_playout(fresh("skud"), 40, random.Random(6))
    payload = encode(game)
    for cut in range(1, len(payload)):
        with pytest.raises(InvalidLink):
            decode(payload[:cut])
    assert "damaged or incomplete" in message_of(payload[:-1])


def test_leading_zero_digit_is_not_another_spelling() -> None:
    payload = encode(random_playout(fresh("skud"), 5, random.Random(7)))
    assert "damaged" in message_of(payload[0] + "A" + payload[1:])


def test_unknown_variant_and_option() -> None:
    assert "unknown variant" in message_of(craft(uint(9, 3) + uint(0, 3) + uint(0, 5)))
    count = len(get_variant("skud").info.options)
    message = message_of(craft(header("skud", 0, mask=1 << count)))
    assert "option" in message


def test_bad_seed() -> None:
    message = message_of(craft(header("balance", 0, seed=-5)))
    assert "cannot be set up" in message


def test_moves_after_the_end_give_the_last_legal_position() -> None:
    game = random_playout(fresh("balance", seed=4), 100, random.Random(0))
    assert game.outcome() is not None
    n = len(game.history)
    digits = list(link._replay_for(game).digits)
    fields = header("balance", n + 1, seed=4) + digits + [(0, 1)]
    text = craft(fields)
    message = message_of(text)
    assert message.startswith(f"move {n + 1} is not legal: the game was already over")
    partial, error = decode_partial(text)
    assert str(error) == message
    assert partial is not None
    same_game(partial, game)


def test_illegal_move_message_names_the_move(monkeypatch: pytest.MonkeyPatch) -> None:
    game = random_playout(fresh("skud"), 6, random.Random(9))
    # the generic coder (index among the sorted legal actions), then a broken list
    monkeypatch.setattr(link, "coder_for", lambda cls: linkcode.GENERIC)
    link._last = None
    payload = encode(game)
    real = linkcode.canonical_actions
    target = 5  # the 5th action decodes to something the engine refuses

    def tampered(g: Game[Any]) -> list[Any]:
        actions = real(g)
        if len(g.history) == target - 1:
            bogus = g.parse_action("(0,1)-(0,2)") if g.info.name == "skud" else None
            return [bogus] * len(actions)
        return actions

    monkeypatch.setattr(linkcode, "canonical_actions", tampered)
    monkeypatch.setattr(link, "canonical_actions", tampered)
    message = message_of(payload)
    assert message.startswith(f"move {target} is not legal: ")
    partial, error = decode_partial(payload)
    assert str(error) == message
    assert partial is not None and partial.history == game.history[: target - 1]


def test_trailing_data_and_bad_resignation() -> None:
    game = fresh("skud")
    fields = [*header("skud", 0), (0, 3), (0, 2), (1, 2)]
    assert "unexpected data" in message_of(craft(fields))
    ended = random_playout(fresh("balance", seed=4), 100, random.Random(0))
    digits = list(link._replay_for(ended).digits)
    fields = header("balance", len(ended.history), seed=4) + digits + [(1, 2)]
    message = message_of(craft(fields))
    assert "resignation" in message
    assert decode(encode(game)).game.history == []


@st.composite
def mutations(draw: st.DrawFn, payload: str) -> str:
    kind = draw(st.sampled_from(["flip", "insert", "delete", "truncate", "swap"]))
    chars = st.sampled_from(ALPHABET + "#%&=.~!*'()")
    if kind == "flip":
        i = draw(st.integers(0, len(payload) - 1))
        c = draw(chars.filter(lambda c: c != payload[i]))
        return payload[:i] + c + payload[i + 1 :]
    if kind == "insert":
        i = draw(st.integers(0, len(payload)))
        return payload[:i] + draw(chars) + payload[i:]
    if kind == "delete":
        i = draw(st.integers(0, len(payload) - 1))
        return payload[:i] + payload[i + 1 :]
    if kind == "swap":
        i = draw(st.integers(0, len(payload) - 2).filter(lambda i: payload[i] != payload[i + 1]))
        return payload[:i] + payload[i + 1] + payload[i] + payload[i + 2 :]
    return payload[: draw(st.integers(0, len(payload) - 1))]


def _real_links() -> list[str]:
    skud = random_playout(fresh("skud"), 30, random.Random(21))
    balance = random_playout(fresh("balance", seed=77), 100, random.Random(22))
    return [encode(skud), encode(skud, 10), encode(balance), encode(fresh("skud"))]


REAL_LINKS = _real_links()


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_mutated_real_links_are_refused(data: st.DataObject) -> None:
    payload = data.draw(st.sampled_from(REAL_LINKS))
    mutated = data.draw(mutations(payload))
    assert mutated != payload
    # a '#' put in front only makes it a fragment of the same link; what follows a '~'
    # is the link's extension (side lines), read and refused apart from the game
    assume(split_extension(mutated.rsplit("#", 1)[-1])[0] != payload)
    with pytest.raises(InvalidLink):
        decode("#" + mutated)
    _, message = decode_partial(mutated)
    assert message is not None


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=300) | st.text(alphabet=ALPHABET, max_size=300).map("1".__add__))
def test_random_strings_give_invalid_link_only(text: str) -> None:
    try:
        decode(text)
    except InvalidLink as error:
        assert str(error)
        _, message = decode_partial(text)
        assert str(message) == str(error)


@settings(max_examples=150, deadline=None)
@given(
    variant=st.integers(0, 5),
    mask=st.integers(0, 40),
    seed=st.integers(-(2**60), 2**60),
    count=st.integers(0, 40),
    rest=st.integers(0, 2**400),
)
def test_random_fields_with_a_valid_checksum(
    variant: int, mask: int, seed: int, count: int, rest: int
) -> None:
    """Links that pass the checksum but hold arbitrary data: a game or InvalidLink."""
    fields = uint(variant, 3) + uint(mask, 3)
    if variant == variant_id("balance"):
        fields += uint(link._zigzag(seed), 7)
    fields += [*uint(count, 5), (rest, rest + 1)]
    text = craft(fields)
    try:
        decoded = decode(text)
    except InvalidLink as error:
        game, message = decode_partial(text)
        assert str(message) == str(error)
        if game is not None:
            replay = new_game(game.info.name, game.options, game.seed, len(game.players))
            for action in game.history:
                replay.apply(action)
            assert replay.state_key() == game.state_key()
        return
    # a valid game: it must be canonical, i.e. encode back to the same link
    assert encode(decoded.game, decoded.view_ply) == text


# ----------------------------------------------------------------------------- CLI
def test_cli_encode_decode(tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    record = reference_games()[15]
    source = tmp_path / "game.txt"
    source.write_text(record["notation"], encoding="utf-8")
    assert main(["link", "encode", "--variant", "skud", str(source)]) == 0
    fragment = capsys.readouterr().out.strip()
    assert fragment.startswith("#" + link.FORMAT_VERSION)
    assert main(["link", "decode", "--json", fragment]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["variant"] == "skud"
    assert data["options"] == [] and data["seed"] is None
    notation = get_variant("skud").from_text(record["notation"]).to_text()
    assert data["notation"] == notation  # accents in canonical order, the same game
    assert main(["link", "decode", "https://example.org/" + fragment]) == 0
    out = capsys.readouterr().out
    assert "variant: skud" in out and out.rstrip().endswith(notation)


def test_cli_encode_with_seed_and_view(tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    game = random_playout(fresh("balance", seed=31), 5, random.Random(1))
    source = tmp_path / "b.txt"
    source.write_text(game.to_text(), encoding="utf-8")
    args = ["link", "encode", "--variant", "balance", "--seed", "31", "--view", "2", str(source)]
    assert main(args) == 0
    fragment = capsys.readouterr().out.strip()
    assert fragment == fragment_for(game, 2)
    assert main(["link", "decode", "--json", fragment]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["seed"] == 31 and data["view_ply"] == 2 and data["notation"] == game.to_text()


def test_cli_bad_link_exits_2_with_the_page_message(capsys: pytest.CaptureFixture[str]) -> None:
    payload = encode(random_playout(fresh("skud"), 10, random.Random(3)))
    bad = payload[:-2]
    expected = message_of(bad)
    assert main(["link", "decode", bad]) == 2
    assert capsys.readouterr().err.strip() == f"error: {expected}"


# ----------------------------------------------------------------------------- more players
class ManyFake(FakeGame):
    """The fake game as a variant for 2 to 4 players (only the seat count differs)."""

    info = VariantInfo("wiki", "Fake for 2-4 players", ("one-of-each",), 2, 4, False)

    def __init__(
        self, options: Iterable[str] = (), seed: int | None = None, players: int | None = None
    ) -> None:
        super().__init__(options, seed)
        self.n = 2 if players is None else players

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(f"p{i}" for i in range(self.n))

    def copy(self) -> ManyFake:
        game = super().copy()
        game.__class__ = ManyFake
        assert isinstance(game, ManyFake)
        game.n = self.n
        return game


def test_variable_player_count_round_trips(monkeypatch: pytest.MonkeyPatch) -> None:
    real = link.get_variant

    def fake_get_variant(name: str) -> type[Game[Any]]:
        return ManyFake if name == "wiki" else real(name)

    monkeypatch.setattr(link, "get_variant", fake_get_variant)
    for n in (2, 3, 4):
        game = ManyFake(["one-of-each"], None, n)
        random_playout(game, 6, random.Random(n))
        game.resign(n - 1)
        decoded = decode(encode(game, 3))
        assert decoded.variant == "wiki" and decoded.view_ply == 3
        assert len(decoded.game.players) == n
        same_game(decoded.game, game)
        assert game_at(decoded.game, 3).history == game.history[:3]
