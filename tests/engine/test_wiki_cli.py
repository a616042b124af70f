"""The command line for Wiki: replay JSON with scores and flags, legal lists, links."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from paisho_core.cli import main

GAME = "1G.Ja(0,-8);1H.Li(8,0);2G.(0,-8)-(0,-5);2H.(8,0)-(6,2);3G.K(1,-4)"


def test_wiki_cli_replay_prints_scores_and_flags(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.txt"
    path.write_text(GAME)
    assert main(["replay", "--variant", "wiki", str(path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["variant"] == "wiki" and data["plies"] == 5 and data["to_move"] == "host"
    assert data["notation"] == GAME
    tiles = {t["point"]: t for t in data["board"]}
    assert tiles["(0,-5)"]["flags"] == ["drained", "moved"]  # next to the Knotweed (R6)
    assert "flags" not in tiles["(1,-4)"]  # just entered: not moved
    guest = data["scores"]["guest"]
    assert set(guest) == {"harmonies", "disharmonies", "blocked", "lotus", "unharmonised",
                          "total"}
    # the Jasmine and the Knotweed are tiles in no harmony (R9)
    assert guest["unharmonised"] == -2 and guest["total"] == -2
    assert data["blocked"] == [] and "end_rule" not in data


def test_wiki_cli_replay_prints_a_blocked_harmony_by_term(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.txt"
    # the Guest's Jasmine and Lily line up on x = 2 with the Host's Rock between (R8b)
    path.write_text("Ja(0,-8);Ja(0,8);(0,-8)-(0,-5);(0,8)-(0,5);Li(8,0);R(2,-1);"
                    "(8,0)-(6,2);(0,5)-(0,4);(6,2)-(4,4);(0,4)-(0,3);(4,4)-(2,2);"
                    "(0,3)-(0,2);(0,-5)-(2,-5)")
    assert main(["replay", "--variant", "wiki", str(path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["blocked"] == [{"points": ["(2,-5)", "(2,2)"], "owner": "guest"}]
    assert data["scores"]["guest"]["blocked"] == -1
    assert data["scores"]["guest"]["total"] == -3  # and two tiles in no harmony


def test_wiki_cli_legal_lines_replay_when_appended(capsys: pytest.CaptureFixture[str]) -> None:
    moves = "Ja(0,-8);Li(8,0)"
    assert main(["legal", "--variant", "wiki", "--moves", moves]) == 0
    lines = capsys.readouterr().out.splitlines()
    count = int(lines[-1].split()[0])
    assert lines[-1] == f"{count} legal" and count == len(lines) - 1
    for line in lines[:-1:97]:
        assert main(["legal", "--variant", "wiki", "--moves", f"{moves};{line}"]) == 0
        capsys.readouterr()


def test_wiki_cli_illegal_ply_exits_2_naming_ply_and_ruling(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["legal", "--variant", "wiki", "--moves", "Ja(0,-8);Ja(0,-8)"]) == 2
    err = capsys.readouterr().err
    assert "ply 2 (1H.)" in err and "wiki R3" in err and "(0,8)" in err


def test_wiki_cli_link_round_trip(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.txt"
    path.write_text(GAME)
    assert main(["link", "encode", "--variant", "wiki", str(path)]) == 0
    fragment = capsys.readouterr().out.strip()
    assert main(["link", "decode", "--json", fragment]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["variant"] == "wiki" and data["notation"] == GAME and data["actions"] == 5
