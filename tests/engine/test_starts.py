"""Games that start from a set-up position: start texts, replays and version-3 links
(issue #23: Play and Analyse from the Studio; ``paisho_core.starts``)."""

from __future__ import annotations

import zlib
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paisho_core import link, setups, starts
from paisho_core.board import Point
from paisho_core.errors import InvalidLink, PaiShoError
from paisho_core.registry import variant_names


def _set_up(variant: str) -> setups.Setup:
    """A set-up of ``variant`` that is not its own start (a few tiles moved in)."""
    base = setups.standard(variant, seed=7) if variant != "skud" else setups.standard(variant)
    if variant == "skud":
        base = setups.put(base, Point(0, 3), "R3", 0)
        base = setups.put(base, Point(2, -4), "W4", 1)
    return base


def _played(variant: str, plies: int, seed: int) -> object:
    game = setups.build(_set_up(variant))
    rng = Random(seed)
    for _ in range(plies):
        actions = game.legal_actions()
        if not actions or game.is_over:
            break
        game.apply(rng.choice(actions))
    return game


@pytest.mark.parametrize("variant", variant_names())
def test_a_built_set_up_carries_its_start_and_copies_keep_it(variant: str) -> None:
    game = setups.build(_set_up(variant))
    text = starts.of(game)
    assert text.startswith(('{"setup":', '{"bag":'))
    assert starts.of(game.copy()) == text
    assert starts.fresh(game).state_key() == game.state_key()


@pytest.mark.parametrize("variant", variant_names())
def test_a_set_up_game_replays_from_its_start_text(variant: str) -> None:
    game = _played(variant, 12, 1)
    players = len(game.players) if variant == "ancient" else None  # type: ignore[attr-defined]
    again = starts.replay(
        variant,
        starts.of(game),
        game.to_text(),
        game.options,
        game.seed,
        players,  # type: ignore[attr-defined]
    )
    assert again.state_key() == game.state_key()  # type: ignore[attr-defined]


@pytest.mark.parametrize("variant", variant_names())
def test_a_set_up_game_links_as_version_3_and_opens_where_it_was(variant: str) -> None:
    game = _played(variant, 10, 2)
    payload = link.encode(game, 3)  # type: ignore[arg-type]
    assert payload.startswith(link.SETUP_VERSION)
    opened = link.decode(payload)
    assert opened.game.state_key() == game.state_key()  # type: ignore[attr-defined]
    assert starts.of(opened.game) == starts.of(game)  # type: ignore[arg-type]
    assert opened.view_ply == 3
    assert opened.view_game().state_key() == link.game_at(opened.game, 3).state_key()
    assert link.encode(opened.game, 3) == payload


def test_a_game_from_the_variants_own_start_still_writes_version_2() -> None:
    game = _played("skud", 0, 0)
    plain = type(game)()  # type: ignore[operator]
    assert link.encode(plain)[0] == link.FORMAT_VERSION
    assert link.encode(game)[0] == link.SETUP_VERSION  # type: ignore[arg-type]


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 40), st.integers(0, 10_000), st.sampled_from(variant_names()))
def test_set_up_links_round_trip(plies: int, seed: int, variant: str) -> None:
    game = _played(variant, plies, seed)
    payload = link.encode(game)  # type: ignore[arg-type]
    assert link.decode(payload).game.state_key() == game.state_key()  # type: ignore[attr-defined]


def test_a_changed_position_in_a_link_fails_the_checksum() -> None:
    payload = link.encode(_played("skud", 4, 3))  # type: ignore[arg-type]
    packed = payload[1 : payload.index(".")]
    other = starts.pack(starts.unpack(packed).replace('"HR3"', '"HR4"'))
    damaged = payload.replace(packed, other)
    with pytest.raises(InvalidLink, match="checksum"):
        link.decode(damaged)


def test_a_link_cut_inside_its_position_says_so() -> None:
    payload = link.encode(_played("wiki", 2, 3))  # type: ignore[arg-type]
    with pytest.raises(InvalidLink, match="cut short"):
        link.decode(payload[: payload.index(".") - 3])


def test_a_position_the_engine_refuses_opens_nothing_but_the_message() -> None:
    """A well-formed, correctly summed link whose start is no Skud position."""
    game = _played("skud", 0, 0)
    bad_text = '{"setup":{"tiles":{"(0,3)":"HQ9"},"to_move":"host"}}'
    version = f"{link.SETUP_VERSION}{starts.pack(bad_text)}."
    fields = link._fields(game, None, link.variant_id("skud"), [])  # type: ignore[arg-type]
    payload = link._payload(fields, version)
    game_or_none, message = link.decode_partial(payload)
    assert game_or_none is None
    assert message is not None and "cannot be set up" in str(message)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("not json", "not valid JSON"),
        ("[1]", "one 'setup' or 'bag'"),
        ('{"setup": {}, "bag": "D"}', "one 'setup' or 'bag'"),
        ('{"moves": "x"}', "one 'setup' or 'bag'"),
        ('{"bag": "DKS"}', "no bag to fix"),
        ('{"setup": {"tiles": {"(0,3)": "HR3"}, "nonsense": 1}}', "unknown field 'nonsense'"),
        ("{" * 20_000, "too long"),
    ],
)
def test_bad_start_texts_are_refused_in_plain_words(text: str, words: str) -> None:
    with pytest.raises(starts.BadStart, match=words):
        starts.build("skud", text)


def test_unpack_refuses_damage_and_bombs() -> None:
    with pytest.raises(starts.BadStart, match="damaged"):
        starts.unpack("!!!!")
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, starts._ZDICT)
    bomb = packer.compress(b" " * 1_000_000) + packer.flush()
    import base64

    packed = base64.urlsafe_b64encode(bomb).decode().rstrip("=")
    with pytest.raises(starts.BadStart):
        starts.unpack(packed)
    text = '{"bag":"DKS"}'
    assert starts.unpack(starts.pack(text)) == text


def test_bad_start_is_a_pai_sho_error() -> None:
    assert issubclass(starts.BadStart, PaiShoError)


def test_every_set_up_demo_step_opens_as_the_same_game_on_the_full_site() -> None:
    """The embed's "open in the full site" of a set-up demo is now a game link (version
    3) of that very step; a game with hidden hands still opens the rules instead."""
    from paisho_core.demos import frames, library
    from paisho_core.demos.export import full_site_link

    checked = 0
    for demo in library().values():
        if not (demo.start.get("setup") or demo.start.get("bag")):
            continue
        for frame in frames(demo)[:2]:
            target = full_site_link(demo, frame)
            if getattr(frame.game, "hidden_hands", False):
                assert target.startswith("./rules.html#")
                continue
            opened = link.decode(target)
            assert opened.game.state_key() == frame.game.state_key()
            checked += 1
    assert checked >= 10
