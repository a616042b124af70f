"""Every decoder of the engine, fuzzed with checksum-valid hostile input.

Game links (``#2…``, ``#3…``: :mod:`paisho_core.link`), demo links
(:mod:`paisho_core.demolink`), start texts (:mod:`paisho_core.starts`), notation
(``from_text``, Skud's reference reader) and the bounded JSON reader.  The strategies
frame their payloads with the codecs' own framing (``tests/support/hostile_links.py``),
so the fuzz reaches past the checksum to hostile structure: deep nesting, huge numbers,
wrong types, out-of-range indices, repeated keys, every field at its bounds.

The property: a decoder returns a value the engine accepts, or raises a typed
:class:`~paisho_core.errors.PaiShoError` whose message renders, names no Python
internals and quotes at most a short excerpt of the input — never another exception.
Every input is bounded, so every run is too: each example must finish within
:data:`DEADLINE_MS` (Hypothesis' deadline), so a decoder that hangs fails the fuzz.
"""

from __future__ import annotations

import json
import os
from typing import Any

import pytest
from hostile_inputs import (
    ANY_JSON,
    DEMO_TEXTS,
    HOSTILE_TEXTS,
    MARK,
    NOTATION,
    NUMBERS,
    VARIANT_AND_START,
    VARIANTS,
)
from hostile_links import demo_payload, game_payload, setup_payload
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from paisho_core import boundedjson, demolink, link, starts
from paisho_core.cli import main
from paisho_core.errors import PaiShoError
from paisho_core.messages import Message
from paisho_core.registry import get_variant
from paisho_core.skud.game import SkudGame

DEADLINE_MS = 2500
"""The longest one example may take (no hang): a typical one takes a few milliseconds,
so the margin covers a slow, shared machine and still fails a decoder that hangs."""

FUZZ = settings(
    max_examples=int(os.environ.get("PAISHO_FUZZ_EXAMPLES", "150")),
    deadline=DEADLINE_MS,
    suppress_health_check=[HealthCheck.too_slow],
)
"""Modest by default; ``PAISHO_FUZZ_EXAMPLES=2000`` for a longer run."""

# ----------------------------------------------------------------------------- the property
def _assert_typed(error: BaseException) -> None:
    """A refusal the page can show: typed, rendered, plain, short in what it quotes."""
    assert isinstance(error, PaiShoError), repr(error)
    words = str(error)
    assert words and isinstance(error.message, Message)
    assert error.message.render(lambda m: m.template) == words
    json.dumps(error.message.to_json())
    assert MARK * 40 not in words, words
    for internal in ("Error", "internal error", "Traceback", "tuple.", "object has no"):
        assert internal not in words, words


def _assert_playable(game: Any) -> None:
    """A decoded game the engine accepts: it answers, and its start rebuilds it."""
    game.outcome()
    game.legal_actions()
    assert starts.fresh(game).info.name == game.info.name


def _decode_link(payload: str) -> None:
    try:
        decoded = link.decode(payload)
    except Exception as error:  # the property: only a typed error
        _assert_typed(error)
        _, message = link.decode_partial(payload)
        assert message is not None and str(message) == str(error)
    else:
        _assert_playable(decoded.game)
        assert link.decode(link.encode(decoded.game)).game.state_key() == (
            decoded.game.state_key()
        )


# ----------------------------------------------------------------------------- game links
@FUZZ
@given(VARIANT_AND_START, st.integers(0, 5), NUMBERS, st.integers(0, 3), st.integers(0, 6))
def test_set_up_links_decode_or_refuse_in_plain_words(
    start: tuple[str, str], players: int, seed: int, count: int, options: int
) -> None:
    variant, text = start
    info = get_variant(variant).info
    payload = setup_payload(
        variant, text, players=min(max(players, info.min_players), info.max_players),
        seed=seed, count=count, options=options,
    )
    _decode_link(payload)


@FUZZ
@given(VARIANTS, st.integers(0, 2**80), st.lists(st.integers(0, 2**40), max_size=3),
       NUMBERS, st.integers(0, 6), st.integers(0, 8), st.integers(0, 2**200))
def test_game_links_decode_or_refuse_in_plain_words(
    variant: str, options: int, int_options: list[int], seed: int, players: int, count: int,
    actions: int,
) -> None:
    payload = game_payload(variant, options=options, int_options=int_options, seed=seed,
                           players=players, count=count, actions=[(actions, actions + 1)])
    _decode_link(payload)


@FUZZ
@given(st.integers(0, 2**300), st.sampled_from(["1", "2", "3x.", "3"]))
def test_any_checksum_valid_number_decodes_or_is_refused(body: int, version: str) -> None:
    _decode_link(link._payload([(body, body + 1)], version))


# ----------------------------------------------------------------------------- start texts
@FUZZ
@given(VARIANT_AND_START)
def test_start_texts_build_or_refuse_in_plain_words(start: tuple[str, str]) -> None:
    variant, text = start
    try:
        game = starts.build(variant, text)
    except Exception as error:
        _assert_typed(error)
        assert isinstance(error, starts.BadStart)
    else:
        _assert_playable(game)
        assert starts.build(variant, starts.of(game)).state_key() == game.state_key()


# ----------------------------------------------------------------------------- demo links
def _decode_demo(payload: str) -> None:
    try:
        decoded = demolink.decode(payload)
    except Exception as error:
        _assert_typed(error)
        assert isinstance(error, demolink.DemoLinkError)
    else:
        assert demolink.encode(decoded.data) == payload


@FUZZ
@given(DEMO_TEXTS)
def test_demo_links_decode_or_refuse_in_plain_words(text: str) -> None:
    _decode_demo(demo_payload(text))


# ----------------------------------------------------------------------------- notation
@FUZZ
@given(VARIANTS, NOTATION)
def test_notation_reads_or_refuses_in_plain_words(variant: str, text: str) -> None:
    cls = get_variant(variant)
    seed = 1 if cls.info.uses_seed else None
    try:
        game = cls.from_text(text, (), seed)
    except Exception as error:
        _assert_typed(error)
    else:
        assert cls.from_text(game.to_text(), (), seed).state_key() == game.state_key()


@FUZZ
@given(NOTATION)
def test_the_skud_reference_reader_reads_or_refuses_in_plain_words(text: str) -> None:
    try:
        SkudGame.from_text_lenient(text)
    except Exception as error:
        _assert_typed(error)


# ----------------------------------------------------------------------------- bounded JSON
@FUZZ
@given(st.one_of(ANY_JSON.map(json.dumps), HOSTILE_TEXTS, st.text(max_size=40)))
def test_the_bounded_reader_parses_or_refuses_in_plain_words(text: str) -> None:
    try:
        value = boundedjson.loads(text)
    except Exception as error:
        _assert_typed(error)
        assert isinstance(error, boundedjson.BadJSON)
    else:
        assert boundedjson.loads(json.dumps(value)) == value


def _depth(value: Any) -> int:
    if isinstance(value, list):
        return 1 + max((_depth(v) for v in value), default=0)
    if isinstance(value, dict):
        return 1 + max((_depth(v) for v in value.values()), default=0)
    return 0


@FUZZ
@given(ANY_JSON)
@example("[")
@example({"a": "{"})
def test_the_measured_nesting_is_the_values_own(value: Any) -> None:
    assert boundedjson.nesting_depth(json.dumps(value)) == _depth(value)


# ----------------------------------------------------------------------------- the CLI
def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    status = main(list(args))
    _, err = capsys.readouterr()
    return status, err


@settings(max_examples=15, deadline=DEADLINE_MS,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(VARIANT_AND_START, DEMO_TEXTS)
def test_the_cli_refuses_exactly_what_the_decoders_refuse_in_the_same_words(
    capsys: pytest.CaptureFixture[str], variant_start: tuple[str, str], demo: str
) -> None:
    variant, start = variant_start
    info = get_variant(variant).info
    payload = "#" + setup_payload(variant, start, players=info.min_players)
    status, err = _cli(capsys, "link", "decode", payload)
    try:
        link.decode(payload)
    except PaiShoError as error:
        assert (status, err) == (2, f"error: {error}\n")
    else:
        assert (status, err) == (0, "")
    fragment = "#demo=" + demo_payload(demo)
    status, err = _cli(capsys, "demo", "decode", fragment)
    try:
        demolink.decode(fragment)
    except PaiShoError as error:
        assert (status, err) == (2, f"error: {error}\n")
    else:
        assert (status, err) == (0, "")
