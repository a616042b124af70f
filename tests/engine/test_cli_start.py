"""The command line plays from a set-up: ``--start`` on replay, legal, hint and link."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from paisho_core import link, starts
from paisho_core.cli import main

SETUP = '{"setup":{"tiles":{"(0,-5)":"GR3","(0,8)":"HR3"},"to_move":"guest"}}'
MOVE = "2G.(0,-5)-(-1,-4)"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def fragment(moves: str = "") -> str:
    game = starts.build("skud", SETUP)
    if moves:
        game.play_text(moves)
    return link.fragment_for(game)


def test_legal_from_a_set_up_text_and_from_its_link_agree(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, from_text, _ = run(capsys, "legal", "--start", SETUP)
    assert status == 0 and from_text.endswith("legal\n")
    status, from_link, _ = run(capsys, "legal", "--start", fragment())
    assert status == 0 and from_link == from_text
    assert "(0,-5)-(-1,-4)" in from_text.splitlines()  # the Guest's Rose moves (skud-r4)


def test_replay_plays_the_moves_after_the_start(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    moves = tmp_path / "moves.txt"
    moves.write_text(MOVE + "\n", encoding="utf-8")
    status, out, _ = run(capsys, "replay", "--compact", "--start", SETUP, str(moves))
    assert status == 0
    data = json.loads(out)
    assert data["to_move"] == "host" and data["notation"] == MOVE
    assert {"point": "(-1,-4)", "tile": "R3", "owner": "guest"} in data["board"]


def test_legal_moves_follow_the_link_own_moves(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "legal", "--start", fragment(MOVE))
    assert status == 0
    assert "(0,-5)-(-1,-4)" not in out  # the Host is to move now


def test_hint_from_a_set_up(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "hint", "--level", "easy", "--start", fragment())
    assert status == 0 and out.strip()


def test_link_encode_and_decode_round_trip_the_start(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    moves = tmp_path / "moves.txt"
    moves.write_text(MOVE + "\n", encoding="utf-8")
    status, out, _ = run(capsys, "link", "encode", "--start", SETUP, str(moves))
    assert status == 0 and out.strip() == fragment(MOVE)
    status, out, _ = run(capsys, "link", "decode", "--json", out.strip())
    data = json.loads(out)
    assert status == 0 and data["start"] == SETUP and data["notation"] == MOVE


def test_a_plain_game_link_decodes_without_a_start(capsys: pytest.CaptureFixture[str]) -> None:
    game = starts.build("skud", SETUP)
    plain = link.fragment_for(type(game)())
    status, out, _ = run(capsys, "link", "decode", "--json", plain)
    assert status == 0 and json.loads(out)["start"] is None


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["legal", "--start", "#3zzz"], "set-up position"),
        (["legal", "--start", '{"setup": 5}'], "set-up"),
        (["legal", "--variant", "wiki", "--start", fragment()], "not wiki"),
        (["legal", "--seed", "3", "--start", fragment()], "its own options"),
        (["legal", "--start", SETUP, "--moves", "2G.(0,-5)-(0,5)"], "ply"),
        (["legal", "--lenient", "--start", SETUP], "--lenient"),
    ],
)
def test_a_bad_start_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and words in err
