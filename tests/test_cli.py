"""The command line: ``replay`` JSON, ``legal`` listings, exit status 2 on bad input."""

from __future__ import annotations

import json
import subprocess
import sys
import venv
from pathlib import Path

import pytest
from skud_helpers import reference_games

from paisho_core.cli import main
from paisho_core.skud import SkudGame

ROOT = Path(__file__).resolve().parents[1]


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def _game_file(tmp_path: Path, text: str) -> str:
    path = tmp_path / "game.txt"
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("record", reference_games(), ids=lambda r: r["id"])
def test_cli_replays_every_reference_game(
    record: dict[str, object], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = _run(
        capsys, "replay", "--variant", "skud", _game_file(tmp_path, str(record["notation"]))
    )
    assert status == 0
    data = json.loads(out)
    assert data["variant"] == "skud" and data["plies"] == record["plies"]
    final = record["final_board"]
    assert isinstance(final, list)
    assert len(data["board"]) == len(final)
    expected = {(f"({t['x']},{t['y']})", t["tile"]) for t in final}
    owners = {"host": "H", "guest": "G"}
    assert {(t["point"], owners[t["owner"]] + t["tile"]) for t in data["board"]} == expected
    if record["end"] == "cap":
        assert data["outcome"] is None and data["to_move"] in ("host", "guest")
    else:
        assert data["to_move"] is None
        assert sorted(data["outcome"]["winners"]) == sorted(w.lower() for w in record["winners"])  # type: ignore[attr-defined]
        reason = {"ring": "harmony-ring", "tiles": "no-basic-flowers"}[str(record["end"])]
        assert data["outcome"]["reason"] == reason
    assert len(data["harmonies"]) == len(record["harmony_list_final"])  # type: ignore[arg-type]
    for harmony in data["harmonies"]:
        assert len(harmony["points"]) == 2 and harmony["owner"] in ("host", "guest")


def test_cli_reference_games_use_every_accent_tile_and_end_in_rings() -> None:
    bonus_codes = {
        ply.split("+", 1)[1][0]
        for record in reference_games()
        for ply in str(record["notation"]).split(";")
        if "+" in ply
    }
    assert {"R", "W", "K", "B", "L", "O"} <= bonus_codes
    assert any(record["end"] == "ring" for record in reference_games())


def test_cli_legal_lists_actions_then_count(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "legal", "--moves", "0H.R,W,K,B;0G.R,W,K,B")
    lines = out.splitlines()
    assert status == 0
    assert lines[-1] == "6 legal"
    assert lines[:-1] == sorted(f"{c}(0,-8)" for c in ("R3", "R4", "R5", "W3", "W4", "W5"))


def test_cli_legal_honours_options(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(
        capsys,
        "legal",
        "--option",
        "clashing-start",
        "--moves",
        "0H.R,W,K,B;0G.R,W,K,B;1G.R3(0,-8)",
    )
    assert status == 0 and out.splitlines() == ["W3(0,8)", "1 legal"]


def test_cli_illegal_move_exits_2_naming_ply_and_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _game_file(tmp_path, "0H.R,W,K,B;0G.R,W,K,B;1G.R3(0,-8);1H.R4(0,8)")
    status, out, err = _run(capsys, "replay", game)
    assert status == 2 and out == ""
    assert "ply 4" in err and "R3(0,8)" in err


def test_cli_malformed_text_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = _run(capsys, "replay", _game_file(tmp_path, "0H.R,W,K,B;0G.hello"))
    assert status == 2 and "hello" in err
    status, _, err = _run(capsys, "replay", str(tmp_path / "missing.txt"))
    assert status == 2 and "missing.txt" in err


def test_cli_reads_stdin() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "paisho_core", "replay", "--compact", "-"],
        input="0H.R,W,K,B;0G.R,W,K,B;1G.R3(0,-8);1H.R3(0,8)",
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    data = json.loads(result.stdout)
    assert data["plies"] == 4 and data["to_move"] == "guest"
    assert {t["point"] for t in data["board"]} == {"(0,-8)", "(0,8)"}


@pytest.mark.slow
def test_built_wheel_installs_and_runs_in_a_clean_venv(tmp_path: Path) -> None:
    import build as site_build  # the repository's build.py writes the wheel the site ships

    dist = tmp_path / "wheel"
    dist.mkdir()
    wheel = site_build.write_wheel(dist)
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    python = env_dir / "bin" / "python"
    subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "--no-index", str(wheel)], check=True
    )
    result = subprocess.run(
        [str(python), "-m", "paisho_core", "legal", "--moves", "0H.R,W,K,B;0G.R,W,K,B"],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
    )
    assert result.stdout.splitlines()[-1] == "6 legal"


def test_cli_hint_gives_the_solvers_point_for_balance(capsys: pytest.CaptureFixture[str]) -> None:
    from paisho_core.balance import BalanceGame
    from paisho_core.balance.solver import best_placement

    status, out, _ = _run(capsys, "hint", "--variant", "balance", "--seed", "42")
    game = BalanceGame((), 42)
    best = best_placement(game, seed=0)
    assert best is not None
    assert status == 0 and out.strip() == game.format_action(best)


def test_cli_hint_after_the_end_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    from skud_helpers import reference_games

    ended = next(g for g in reference_games() if g["end"] == "ring")
    status, _, err = _run(capsys, "hint", "--moves", str(ended["notation"]))
    assert status == 2 and "over" in err


def test_cli_hint_at_a_level_with_explanation(capsys: pytest.CaptureFixture[str]) -> None:
    # just after the opening: every level answers with one legal action in notation
    moves = "0H.R,W,K,B;0G.R,W,K,B;1G.R3(0,-8);1H.R3(0,8)"
    for level in ("easy", "medium", "hard"):
        status, out, _ = _run(capsys, "hint", "--level", level, "--nodes", "200",
                              "--moves", moves)
        assert status == 0
        game = SkudGame.from_text(moves)
        game.play(out.strip())  # one legal action in notation
    status, out, _ = _run(capsys, "hint", "--explain", "--nodes", "200", "--moves", moves)
    lines = out.splitlines()
    assert status == 0 and lines[1] == "level: hard"
    assert lines[2].startswith("value for the Guest: ")
    assert lines[3].startswith("expected line: " + lines[0])
    assert any(line.startswith("Harmonies: Host 0") for line in lines)
