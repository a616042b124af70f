"""A made-up variant (``tests/support/toyvariant``) plugs into the engine through its
spec alone: the registry, the protocol, links, the computer (the neutral search), the
demo library, the end reasons, the renderer and the CLI know it from there."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from toy_helpers import TOY, check_protocol, toy_registered

from paisho_core import ai, cli, demolink, link, registry, render
from paisho_core.demos import frames, get_demo, library
from paisho_core.end_reasons import known_reasons, reason_message
from paisho_core.errors import UnknownVariant


@pytest.fixture(autouse=True, scope="module")
def _toy() -> Iterator[None]:
    with toy_registered():
        yield


def test_the_registry_knows_it_by_its_spec() -> None:
    assert registry.variant_names()[-1] == TOY
    assert registry.default_variant() == "skud"
    cls = registry.get_variant(TOY)
    assert cls.info is registry.spec(TOY).info and cls.info.title == "Toy Pai Sho"
    assert registry.get_computer(TOY) is None and registry.tile_facts(TOY) == ()
    assert registry.link_coder(TOY) is None and registry.by_link_id(40) is registry.spec(TOY)
    with pytest.raises(UnknownVariant):
        registry.setup_rules(TOY)


def test_a_name_or_link_id_is_registered_once() -> None:
    assert registry.register("toyvariant.spec") is registry.spec(TOY)  # the same: no-op
    with pytest.raises(ValueError, match="link id 0"):
        registry.register("toy_clash_spec")


@pytest.mark.parametrize("seed", range(12))
def test_random_games_keep_the_protocol(seed: int) -> None:
    game = check_protocol(registry.new_game(TOY), random.Random(seed))
    assert str(game.outcome().reason) in known_reasons()  # type: ignore[union-attr]


def test_every_link_round_trips_at_every_ply() -> None:
    game = check_protocol(registry.new_game(TOY), random.Random(3))
    fragment = link.fragment_for(game)
    assert link.variant_id(TOY) == 40
    for ply in range(len(game.history) + 1):
        decoded = link.decode(link.encode(game, ply))
        assert decoded.variant == TOY and decoded.view_ply == ply
        assert decoded.game.to_text() == game.to_text()
        assert link.game_at(decoded.game, ply).history == game.history[:ply]
    assert link.decode(fragment).game.outcome() == game.outcome()
    assert link.decode(link.encode_v1(game)).game.to_text() == game.to_text()


@pytest.mark.parametrize("level", ai.LEVELS)
def test_the_neutral_search_plays_every_level(level: str) -> None:
    game = registry.new_game(TOY)
    while game.to_move is not None:
        action = ai.choose_action(game, seed=len(game.history), level=level)
        assert action in game.legal_actions()
        game.apply(action)
    assert game.outcome() is not None


def test_hard_takes_a_win_it_sees_and_blocks_one() -> None:
    game = registry.get_variant(TOY).from_text("S(-1,1);S(1,1);S(0,0)")  # Guest to move
    block = ai.choose_action(game, seed=1, level="hard")
    assert game.format_action(block)[1:] == "(1,-1)"  # else the Host's diagonal wins
    game = registry.get_variant(TOY).from_text("S(-1,1);S(1,1);S(0,0);S(0,1)")
    win = ai.choose_action(game, seed=1, level="hard")
    game.apply(win)
    assert game.outcome() is not None and game.outcome().winners == (0,)  # type: ignore[union-attr]


def test_its_demo_file_is_in_the_library_and_replays() -> None:
    demo = get_demo("toy-three-in-a-row")
    assert demo.variant == TOY and "toy-three-in-a-row" in library()
    shown = frames(demo)
    assert len(shown) == 4 and str(shown[-1].game.outcome().reason) == "three-in-a-row"  # type: ignore[union-attr]
    data = json.loads(Path(__file__).parents[1].joinpath(
        "support", "toyvariant", "demos.json").read_text())["demos"][0]
    decoded = demolink.decode(demolink.encode({"variant": TOY, **data})).demo
    assert decoded.steps == demo.steps and decoded.variant == TOY


def test_its_end_reasons_have_their_words() -> None:
    assert str(reason_message("three-in-a-row")) == "three in a row"
    assert str(reason_message("full-board", TOY)) == "a full board"


def test_the_renderer_draws_its_art_and_names() -> None:
    game = registry.get_variant(TOY).from_text("F(0,0)")
    svg = render.render_svg(game)
    assert "Host Flower at (0,0)" in svg
    assert render.tile_name(TOY, "S") == "Stone"
    assert render.tile_svg(TOY, "S", "host") != render.tile_svg(TOY, "Q", "host")


def test_the_cli_replays_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "toy.txt"
    record.write_text("S(0,0);S(1,1);F(0,1);S(1,0);S(0,-1)\n")
    assert cli.main(["replay", "--variant", TOY, str(record), "--compact"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["variant"] == TOY and out["outcome"]["reason"] == "three-in-a-row"
