"""The engine's command line refuses every input the page refuses, in the same words.

The same hostile corpus as the decoders' fuzz (``tests/support/hostile_inputs.py``:
checksum-valid links holding hostile starts and fields, demo links holding hostile
demos, and notation) goes to the page's openers — a game link as the game page opens it
(:func:`paisho_page.sharing.link_open.open_link`, the engine's decoder and then the page's vetting),
a demo link as the embed page opens it (:class:`paisho_page.embed.demo_viewer.EmbedModel`),
notation as the Notation dialog imports it (:func:`paisho_page.sharing.notation.import_notation`),
also onto a set-up start (a Studio game's ``start``: hostile start texts, and legal
set-ups with their moves, the last one at times replaced by a hostile or a foreign ply)
— and to the CLI (``link decode``, ``demo decode``, ``replay``, ``replay --start``).
Whatever one refuses the other refuses, and the page's words are the CLI's (the page may
put a ply's number in front of a notation error, and closes a demo link's message with
what it shows).
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest
from hostile_inputs import DEMO_TEXTS, NOTATION, NUMBERS, VARIANT_AND_START, VARIANTS
from hostile_links import demo_payload, game_payload, setup_payload
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from setup_games import CASES as SETUP_CASES
from setup_games import random_setup

from paisho_core import setups, starts
from paisho_core.cli import main
from paisho_core.link import encode
from paisho_core.registry import get_variant
from paisho_page.embed.demo_viewer import EmbedModel
from paisho_page.sharing.link_open import open_link
from paisho_page.sharing.notation import import_notation, split_plies

DEADLINE_MS = 3000
"""The longest one case may take, both readers together (no hang): a typical one takes
milliseconds."""
CASES = settings(max_examples=int(os.environ.get("PAISHO_FUZZ_EXAMPLES", "60")),
                 deadline=DEADLINE_MS,
                 suppress_health_check=[HealthCheck.too_slow,
                                        HealthCheck.function_scoped_fixture])


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> str | None:
    """The CLI's refusal (its message without ``error: ``), ``None`` when it accepts."""
    status = main(list(args))
    _, err = capsys.readouterr()
    if status == 0:
        return None
    assert status == 2 and err.startswith("error: ") and err.count("\n") == 1, err
    return err[len("error: "):].rstrip("\n")


def _same_link_verdict(capsys: pytest.CaptureFixture[str], payload: str) -> None:
    refused = cli(capsys, "link", "decode", "#" + payload)
    opened = open_link("https://example.org/#" + payload)
    assert opened.error == refused, (payload, opened.error, refused)


@CASES
@given(VARIANT_AND_START, st.integers(0, 5), NUMBERS, st.integers(0, 3), st.integers(0, 6))
def test_a_set_up_link_is_refused_by_both_or_neither_in_the_same_words(
    capsys: pytest.CaptureFixture[str], start: tuple[str, str], players: int, seed: int,
    count: int, options: int,
) -> None:
    variant, text = start
    info = get_variant(variant).info
    _same_link_verdict(capsys, setup_payload(
        variant, text, players=min(max(players, info.min_players), info.max_players),
        seed=seed, count=count, options=options))


@CASES
@given(VARIANTS, st.integers(0, 2**80), st.lists(st.integers(0, 2**40), max_size=3),
       NUMBERS, st.integers(0, 6), st.integers(0, 8), st.integers(0, 2**200))
def test_a_game_link_is_refused_by_both_or_neither_in_the_same_words(
    capsys: pytest.CaptureFixture[str], variant: str, options: int, int_options: list[int],
    seed: int, players: int, count: int, actions: int,
) -> None:
    _same_link_verdict(capsys, game_payload(
        variant, options=options, int_options=int_options, seed=seed, players=players,
        count=count, actions=[(actions, actions + 1)]))


@CASES
@given(DEMO_TEXTS)
def test_a_demo_link_is_refused_by_both_or_neither_in_the_same_words(
    capsys: pytest.CaptureFixture[str], text: str
) -> None:
    payload = demo_payload(text)
    refused = cli(capsys, "demo", "decode", "#demo=" + payload)
    shown = EmbedModel({"demo": payload})
    if refused is None:
        assert not shown.failed, shown.message
    else:
        assert shown.failed
        assert shown.message == f"{refused[:1].upper()}{refused[1:]}. Nothing is shown."


def _same_notation_verdict(
    capsys: pytest.CaptureFixture[str], tmp_path_factory: pytest.TempPathFactory,
    variant: str, text: str, seed: int | None, start: str = "",
) -> None:
    """The CLI's ``replay`` (``--start`` when ``start``) and the Notation dialog's import
    refuse ``text`` both or neither, in the same words."""
    path: Path = tmp_path_factory.mktemp("notation") / "game.txt"
    path.write_text(text, encoding="utf-8")
    args = ["replay", str(path), "--variant", variant, "--compact"]
    refused = cli(capsys, *args, *(["--seed", str(seed)] if seed is not None else []),
                  *(["--start", start] if start else []))
    imported = import_notation(variant, text, (), seed, start=start)
    event("refused by both" if refused is not None else "accepted by both")
    if refused is None:
        assert imported.error is None, imported.error
        return
    assert imported.error is not None, refused
    assert imported.error == refused or imported.error.endswith(": " + refused), (
        imported.error, refused)


@CASES
@given(VARIANTS, NOTATION)
def test_notation_is_refused_by_both_or_neither_in_the_same_words(
    capsys: pytest.CaptureFixture[str], tmp_path_factory: pytest.TempPathFactory,
    variant: str, text: str,
) -> None:
    if not text.strip(" ;\n"):
        return  # no move at all: the dialog has nothing to import, the CLI an empty game
    seed = 1 if get_variant(variant).info.uses_seed else None
    _same_notation_verdict(capsys, tmp_path_factory, variant, text, seed)


@CASES
@given(VARIANT_AND_START.filter(lambda vs: vs[1].startswith("{")), NOTATION)
def test_a_set_up_start_is_refused_by_both_or_neither_in_the_same_words(
    capsys: pytest.CaptureFixture[str], tmp_path_factory: pytest.TempPathFactory,
    start: tuple[str, str], text: str,
) -> None:
    """A hostile set-up (``replay --start '{…}'``; the dialog's import onto a Studio
    game's start): the start's refusal, or the notation's, in the same words."""
    variant, start_text = start
    if not text.strip(" ;\n"):
        text = "R3(0,-8)"  # (a move, so the dialog imports something)
    seed = 1 if get_variant(variant).info.uses_seed else None
    _same_notation_verdict(capsys, tmp_path_factory, variant, text, seed, start_text)


@CASES
@given(st.sampled_from(SETUP_CASES), st.integers(0, 2**32), st.integers(1, 6),
       st.sampled_from(["", "hostile", "foreign"]), NOTATION)
def test_notation_on_a_set_up_start_is_refused_by_both_or_neither_in_the_same_words(
    capsys: pytest.CaptureFixture[str], tmp_path_factory: pytest.TempPathFactory,
    case: tuple[str, int | None, int], rng_seed: int, plies: int, last: str, hostile: str,
) -> None:
    """A legal set-up and random legal moves from it, the last ply at times replaced by
    hostile text or by a ply of another game: replayed by ``replay --start`` and imported
    onto the same start, refused by both or neither in the same words."""
    variant, players, seat = case
    rng = random.Random(rng_seed)
    game = setups.build(random_setup(variant, players, seat, rng))
    start = starts.of(game)
    other = setups.build(random_setup(variant, players, seat, rng))
    for _ in range(plies):
        if game.to_move is None or not game.legal_actions():
            break
        game.apply(rng.choice(game.legal_actions()))
    moves = split_plies(game.to_text())
    if last == "foreign" and other.to_move is not None and other.legal_actions():
        other.apply(rng.choice(other.legal_actions()))
        moves[-1:] = split_plies(other.to_text())[-1:]
    elif last:
        moves[-1:] = [hostile.strip(" ;\n") or "x"]
    if not moves:
        return  # the set-up's game is over: nothing to replay
    _same_notation_verdict(capsys, tmp_path_factory, variant, ";".join(moves), game.seed,
                           start)


def test_what_both_accept_is_the_same_game(capsys: pytest.CaptureFixture[str]) -> None:
    """A good link: the CLI prints the notation of the game the page opens."""
    game = get_variant("wiki")(())
    game.play("Ja(0,-8)")
    fragment = "#" + encode(game)
    opened = open_link(fragment)
    assert opened.ok and opened.game is not None
    assert main(["link", "decode", "--json", fragment]) == 0
    assert json.loads(capsys.readouterr().out)["notation"] == opened.game.to_text()
