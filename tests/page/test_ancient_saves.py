"""The autosave of a game with hidden hands reveals no hand (``rules.html#ancient-autosave``):
the seed is stored sealed with a per-device key (``paisho_page/storage/seal.py``), old saves
with the seed in clear still load, and a damaged seal is set aside like any bad save."""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from paisho_core.ancient import AncientGame
from paisho_page.storage import saves, schema, seal

KEY = seal.new_key(0x0123456789ABCDEF0123456789ABCDEF)
OTHER_KEY = seal.new_key(0xFEDCBA9876543210FEDCBA9876543210)
GAME_ID = "m3x1abcd1234"
SEED = 1_234_567_891


def _running(players: int = 3, steps: int = 24) -> AncientGame:
    for attempt in range(50):
        game = AncientGame(("target=11",), SEED, players)
        rng = random.Random(attempt)
        while game.to_move is not None and len(game.history) < steps:
            game.apply(rng.choice(game.legal_actions()))
        if game.outcome() is None:
            return game
    raise AssertionError("every playout ended")  # pragma: no cover


def _record(game: AncientGame, key: str = KEY) -> str:
    return saves.record_game(game, GAME_ID, None, 1, 2, "r1", (2,), key).to_json()


def test_the_autosave_of_a_three_seat_game_holds_neither_seed_nor_hands() -> None:
    game = _running()
    raw = _record(game)
    data = json.loads(raw)
    assert data["seed"] is None and re.fullmatch(r"s1\.[0-9a-f]{16}\.[0-9a-f]{8}", data["sealed"])
    assert str(SEED) not in raw and f"{SEED:x}" not in raw
    # tile codes are capitalised (Ja Li WJ …): none outside the public moves
    rest = {k: v for k, v in data.items() if k != "moves"}
    assert not re.search(r"[A-Z]", json.dumps(rest)), rest
    # the moves name only tiles everyone has seen: placed on the board or discarded
    assert data["moves"] == game.to_text()
    for entry in data["moves"].split(";"):
        body = entry.split(":", 1)[1]
        assert (
            body == "draw"
            or body == "pass"
            or body.startswith(("discard ", "("))
            or (re.fullmatch(r"[A-Z][a-zA-Z]?\(-?\d+,-?\d+\).*", body))
        ), body
    # and nothing of any hand beyond what those public moves show
    for seat in range(3):
        assert json.dumps(sorted(game.hand(seat).items())) not in raw


def test_a_sealed_autosave_resumes_the_same_position_and_hands() -> None:
    game = _running()
    saved = saves.parse_game(_record(game), GAME_ID)
    assert saved.seed is None and saved.sealed
    back = saves.restore(saved, KEY)
    assert back.dropped is None
    resumed = back.game
    assert isinstance(resumed, AncientGame)
    assert resumed.seed == SEED and resumed.to_text() == game.to_text()
    assert [resumed.hand(s) for s in range(3)] == [game.hand(s) for s in range(3)]
    assert resumed.pile_left == game.pile_left and resumed.state_key() == game.state_key()


def test_an_old_save_with_the_seed_in_clear_still_loads() -> None:
    game = _running(2, 10)
    raw = _record(game, key="")  # as saved before sealing existed
    assert json.loads(raw)["seed"] == SEED and "sealed" not in json.loads(raw)
    back = saves.restore(saves.parse_game(raw, GAME_ID), KEY)
    assert back.game.to_text() == game.to_text()


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda s: s[:-1] + ("0" if s[-1] != "0" else "1"), "does not open"),
        (lambda s: s[:5] + ("0" if s[5] != "0" else "1") + s[6:], "does not open"),
    ],
)
def test_a_damaged_seal_is_refused_in_plain_words(change: object, words: str) -> None:
    data = json.loads(_record(_running(2, 6)))
    data["sealed"] = change(data["sealed"])  # type: ignore[operator]
    saved = saves.parse_game(json.dumps(data), GAME_ID)
    with pytest.raises(schema.BadSave, match=words):
        saves.restore(saved, KEY)


def test_a_malformed_seal_or_another_devices_key_is_a_bad_save() -> None:
    data = json.loads(_record(_running(2, 6)))
    with pytest.raises(schema.BadSave, match="does not open"):
        saves.restore(saves.parse_game(json.dumps(data), GAME_ID), OTHER_KEY)
    with pytest.raises(schema.BadSave, match="key is missing"):
        saves.restore(saves.parse_game(json.dumps(data), GAME_ID), "")
    for bad in ("s1.zz", "<b>", 5, "s1." + "0" * 16):
        data["sealed"] = bad
        with pytest.raises(schema.BadSave):
            saves.parse_game(json.dumps(data), GAME_ID)
    data["sealed"] = ""
    with pytest.raises(schema.BadSave, match="needs its seed"):  # no seed at all
        saves.parse_game(json.dumps(data), GAME_ID)


def test_a_game_without_hidden_hands_is_saved_as_before() -> None:
    from paisho_core.balance import BalanceGame

    game = BalanceGame((), 20260101)
    data = json.loads(saves.record_game(game, GAME_ID, None, 1, 2, "r1", (), KEY).to_json())
    assert data["seed"] == 20260101 and "sealed" not in data


def test_the_seal_is_bound_to_the_game_id() -> None:
    sealed = seal.seal(SEED, KEY, GAME_ID)
    assert seal.unseal(sealed, KEY, GAME_ID) == SEED
    with pytest.raises(seal.BadSeal):
        seal.unseal(sealed, KEY, "anotherid")
    assert seal.seal(SEED, KEY, "anotherid") != sealed


@given(st.integers(0, 2**64 - 1), st.from_regex(r"[0-9a-z]{1,40}", fullmatch=True))
def test_seal_round_trips(seed: int, ident: str) -> None:
    sealed = seal.seal(seed, KEY, ident)
    assert seal.well_formed(sealed) and seal.unseal(sealed, KEY, ident) == seed


def test_the_computers_level_is_saved_with_the_game_and_old_saves_play_medium() -> None:
    """issue #22: Ancient's computer seats play at the level chosen for the game; a save
    made before the level was recorded loads as Medium (as those seats played then)."""
    game = _running()
    record = saves.record_game(game, GAME_ID, None, 1, 2, "r1", (1, 2), KEY, level="hard")
    raw = record.to_json()
    assert json.loads(raw)["level"] == "hard"
    loaded = saves.parse_game(raw, GAME_ID)
    assert loaded.level == "hard" and saves.level_to_restore(loaded) == "hard"
    old = json.loads(raw)
    del old["level"]
    before = saves.parse_game(json.dumps(old), GAME_ID)
    assert before.level == "" and saves.level_to_restore(before) == "medium"
    people = saves.record_game(game, GAME_ID, None, 1, 2, "r1", (), KEY, level="hard")
    assert "level" not in json.loads(people.to_json())  # no computer seat: no level
    assert saves.level_to_restore(people) is None  # (the page's level stays)
    with pytest.raises(schema.BadSave, match="level"):
        saves.parse_game(json.dumps({**old, "level": "expert"}), GAME_ID)
