"""Ancient as a whole game: random playouts for 2, 3 and 4 seats with invariants, hidden
hands in every view, notation round-trips (Hypothesis), the CLI and links."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paisho_core import IllegalMove, InvalidMove
from paisho_core.ancient import AncientAction, AncientGame
from paisho_core.ancient.actions import DISCARD, DRAW, MOVE, PASS, PLACE, parse_action
from paisho_core.ancient.rules import count_all
from paisho_core.ancient.tiles import BOAT, POOL_SIZE, WHEEL
from paisho_core.board import POINTS
from paisho_core.cli import game_json, main
from paisho_core.link import decode, fragment_for

PLAYOUTS = 12
MAX_ACTIONS = 400


def _tiles_everywhere(game: AncientGame) -> int:
    board = sum(1 for v in game.cells if v)
    hands = sum(game.hand_size_of(s) for s in range(len(game.players)))
    return board + hands + game.pile_left + len(game.discards)


def _check_views(game: AncientGame) -> None:
    n = len(game.players)
    for viewer in range(n):
        views = game.reserves(viewer)
        for seat, view in enumerate(views):
            if seat == viewer:
                assert view == game.hand(seat)
            else:
                assert set(view) <= {"?"} and sum(view.values()) == game.hand_size_of(seat)
        data = game_json(game, viewer)
        hands = data["hands"]
        assert isinstance(hands, dict)
        for seat, name in enumerate(game.players):
            if seat != viewer:
                assert set(hands[name]) <= {"?"}
    assert game.reserves(None) == [game.hand(s) for s in range(n)]


def _playout(players: int, seed: int, rng: random.Random) -> AncientGame:
    game = AncientGame(("target=5", "hand=7"), seed, players)
    for _ in range(MAX_ACTIONS):
        if game.to_move is None:
            break
        actions = game.legal_actions()
        assert actions
        action = rng.choice(actions)
        before = game.copy()
        game.apply(action)
        before.apply(action)
        assert before.state_key() == game.state_key(), "copy() diverged"
        assert _tiles_everywhere(game) == POOL_SIZE, "the 54 tiles are conserved"
        assert (game.harmonies, game.disharmonies) == count_all(list(game.cells))
        _check_views(game)
    return game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_ancient_random_playouts_keep_invariants(players: int) -> None:
    rng = random.Random(f"ancient-{players}")
    reasons = set()
    for index in range(PLAYOUTS):
        seed = 1000 * players + index
        game = _playout(players, seed, rng)
        again = AncientGame.from_text(game.to_text(), game.options, seed, players)
        assert again.state_key() == game.state_key(), "copy ≡ replay"
        decoded = decode(fragment_for(game))
        assert decoded.game.state_key() == game.state_key(), "link round-trip"
        assert len(decoded.game.players) == players and decoded.game.options == game.options
        outcome = game.outcome()
        if outcome is not None:
            reasons.add(outcome.reason)
            assert game.legal_actions() == []
            if outcome.reason == "exact-target":
                assert game.harmonies == game.target
                (winner,) = outcome.winners
                assert game.history and winner == game._entries[-1][1]
    assert reasons  # some games end within the cap


def test_ancient_legal_actions_are_all_legal_and_others_are_not() -> None:
    rng = random.Random(3)
    game = AncientGame((), 77, 3)
    for _ in range(60):
        actions = game.legal_actions()
        for action in actions[:: max(1, len(actions) // 25)]:
            probe = game.copy()
            probe.apply(action)
        illegal = AncientAction(MOVE, -1, POINTS[0], POINTS[1])
        if illegal not in actions:
            with pytest.raises(IllegalMove, match="turn"):
                game.copy().apply(illegal)
        game.apply(rng.choice(actions))
        if game.to_move is None:
            break


# --- notation ----------------------------------------------------------------------------
_points = st.sampled_from(POINTS)


@st.composite
def _actions(draw: st.DrawFn) -> AncientAction:
    kind = draw(st.sampled_from([DRAW, DISCARD, PLACE, MOVE, PASS]))
    if kind in (DRAW, PASS):
        return AncientAction(kind)
    if kind == DISCARD:
        return AncientAction(kind, draw(st.integers(1, 12)))
    if kind == MOVE:
        src = draw(_points)
        dst = draw(_points.filter(lambda p: p != src))
        return AncientAction(kind, -1, src, dst)
    tile = draw(st.integers(1, 12))
    src = draw(_points)
    if tile == WHEEL:
        return AncientAction(kind, tile, src, -1, draw(st.integers(0, 7)))
    if tile == BOAT:
        return AncientAction(kind, tile, src, draw(_points.filter(lambda p: p != src)))
    return AncientAction(kind, tile, src)


@given(_actions(), st.integers(1, 99), st.integers(1, 4))
@settings(max_examples=300, deadline=None)
def test_ancient_notation_round_trips(action: AncientAction, turn: int, seat: int) -> None:
    text = str(action)
    assert parse_action(text) == action
    assert parse_action(f"{turn}.P{seat}:{text}") == action
    assert parse_action(f" {turn}. P{seat} : {text} ") == action


@given(st.integers(0, 2**53 - 1), st.integers(2, 4), st.integers(0, 40), st.randoms())
@settings(max_examples=25, deadline=None)
def test_ancient_records_round_trip(
    seed: int, players: int, steps: int, rng: random.Random
) -> None:
    game = AncientGame(("target=3",), seed, players)
    for _ in range(steps):
        if game.to_move is None:
            break
        game.apply(rng.choice(game.legal_actions()))
    text = game.to_text()
    again = AncientGame.from_text(text, ["target=3", "hand=5"], seed, players)
    assert again.to_text() == text and again.state_key() == game.state_key()
    bare = ";".join(part.split(":", 1)[1] for part in text.split(";")) if text else ""
    assert AncientGame.from_text(bare, ["target=3"], seed, players).state_key() == (
        game.state_key()
    )


@pytest.mark.parametrize(
    "text",
    ["dra", "discard Xx", "Ja(1,1)@90", "W(1,1)", "W(1,1)@30", "B(1,1)", "(1,1)-(1,1)",
     "(1,1)-", "Ja(9,9)", "3P2:draw", "Ja(1,1)>(2,2)"],
)  # fmt: skip
def test_ancient_malformed_entries_are_invalid_and_quoted(text: str) -> None:
    with pytest.raises(InvalidMove) as info:
        parse_action(text)
    assert text.split(":")[-1][:3] in str(info.value) or repr(text) in str(info.value)


def test_ancient_illegal_entries_name_the_turn_and_ruling() -> None:
    game = AncientGame((), 5, 2)
    seat = game.to_move
    assert seat is not None
    with pytest.raises(IllegalMove, match=r"turn 1 \(P\d\).*ancient R3"):
        game.play("discard Ja")
    with pytest.raises(IllegalMove, match=r"it is turn 1 of P"):
        AncientGame.from_text(f"1.P{2 - seat}:draw", (), 5, 2)


# --- CLI ---------------------------------------------------------------------------------
def _record(seed: int, players: int, steps: int) -> AncientGame:
    rng = random.Random(seed)
    game = AncientGame(("target=5", "hand=7"), seed, players)
    for _ in range(steps):
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_ancient_cli_replay_prints_json_and_viewer_sees_only_their_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _record(8, 3, 25)
    path = tmp_path / "game.txt"
    path.write_text(game.to_text(), encoding="utf-8")
    args = ["replay", "--variant", "ancient", "--players", "3", "--seed", "8"]
    args += ["--option", "target=5,hand=7", str(path)]
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["harmony_count"] == game.harmonies and data["target"] == 5
    assert data["to_move"] == game.players[game.to_move or 0]
    assert data["hands"] == {n: game.hand(s) for s, n in enumerate(game.players)}
    assert {"points", "flipped"} <= set(data["harmonies"][0] if data["harmonies"] else {
        "points": 0, "flipped": 0})  # fmt: skip
    assert main([*args, "--viewer", "P2"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["hands"]["P2"] == game.hand(1)
    assert set(data["hands"]["P1"]) <= {"?"} and set(data["hands"]["P3"]) <= {"?"}
    assert main([*args, "--viewer", "P9"]) == 2


def test_ancient_cli_legal_lines_append_to_the_record(
    capsys: pytest.CaptureFixture[str],
) -> None:
    game = _record(9, 2, 10)
    base = ["legal", "--variant", "ancient", "--players", "2", "--seed", "9"]
    base += ["--option", "target=5,hand=7", "--moves", game.to_text()]
    assert main(base) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[-1] == f"{len(game.legal_actions())} legal"
    for line in lines[:-1][:20]:
        again = AncientGame.from_text(game.to_text() + ";" + line, game.options, 9, 2)
        assert len(again.history) == len(game.history) + 1


def test_ancient_cli_rejects_bad_players_and_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["legal", "--variant", "ancient", "--seed", "1", "--players", "5"]) == 2
    assert "2 to 4" in capsys.readouterr().err
    assert main(["legal", "--variant", "ancient", "--seed", "1", "--option", "target=4"]) == 2
    assert main(["legal", "--variant", "skud", "--players", "3"]) == 2


def test_ancient_link_carries_players_seed_and_options() -> None:
    game = _record(10, 4, 30)
    decoded = decode(fragment_for(game))
    again = decoded.game
    assert isinstance(again, AncientGame)
    assert (len(again.players), again.seed, again.target, again.hand_size) == (4, 10, 5, 7)
    assert again.to_text() == game.to_text()
    custom = AncientGame(("target=9", "hand=4"), 12, 3)
    assert decode(fragment_for(custom)).game.options == {"target=9", "hand=4"}
