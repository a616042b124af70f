"""The command line: ``replay`` JSON, ``legal`` listings, exit status 2 on bad input."""

from __future__ import annotations

import json
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest
from skud_helpers import reference_games

from paisho_core.cli import main
from paisho_core.skud import SkudGame

ROOT = Path(__file__).resolve().parents[2]


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
    from sitebuild import wheel as build_wheel

    dist = tmp_path / "wheel"
    dist.mkdir()
    wheel = build_wheel.write_wheel(dist)  # the engine's own wheel: no page logic in it
    with zipfile.ZipFile(wheel) as archive:
        assert not [n for n in archive.namelist() if n.startswith("paisho_page/")]
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


# ----------------------------------------------------------------------------- bad input
def _python_m(*args: str, data: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "paisho_core", *args],
        input=data,
        capture_output=True,
        cwd=ROOT,
        check=False,
    )


BINARY = bytes(range(256)) * 4
"""Input that is not UTF-8 text (a NUL byte first, then every byte value)."""


@pytest.mark.parametrize(
    "data",
    [BINARY, b"0H.R,W,K,B;0G.\xff\xfe", b"\x89PNG\r\n\x1a\n" + b"\x00" * 20],
    ids=["binary", "latin-1", "png"],
)
@pytest.mark.parametrize("command", [["replay"], ["link", "encode"]])
def test_cli_refuses_input_that_is_not_text_in_one_line(
    command: list[str], data: bytes, tmp_path: Path
) -> None:
    path = tmp_path / "game.bin"
    path.write_bytes(data)
    for source, stdin in ((str(path), None), ("-", data)):
        result = _python_m(*command, source, data=stdin)
        err = result.stderr.decode("utf-8")
        assert result.returncode == 2 and result.stdout == b""
        assert err.count("\n") == 1 and err.startswith("error: ") and "Traceback" not in err
        assert "not UTF-8 text" in err or "not text" in err


def test_cli_refuses_moves_that_are_not_utf8_in_one_line() -> None:
    import os

    for command in ("legal", "hint"):
        result = subprocess.run(
            [os.fsencode(sys.executable), b"-m", b"paisho_core", command.encode(), b"--moves",
             b"0H.R,W,K,B;0G.\xff"],
            capture_output=True,
            cwd=ROOT,
            check=False,
        )
        err = result.stderr.decode("utf-8")
        assert result.returncode == 2 and "Traceback" not in err
        assert err == "error: --moves is not UTF-8 text (a byte that is not UTF-8 at offset 14)\n"


def test_cli_off_board_point_names_the_ply(capsys: pytest.CaptureFixture[str]) -> None:
    moves = "0H.R,W,K,B;0G.R,W,K,B;1G.R3(0,-8);1H.R3(0,8);2G.(0,0)-(8,8)"
    status, _, err = _run(capsys, "legal", "--moves", moves)
    assert status == 2
    assert err == "error: ply 5 (2G): '(0,0)-(8,8)': point (8,8) is not on the board\n"


@pytest.mark.parametrize(
    "text",
    [
        "0H.R,W,K,B;0G." + "R" * 120_000,
        "0H.R,W,K,B;0G.R,W,K,B;1G.R3(0,-8);1H.R3(0,8);2G." + "(0,-8)-(0,-5)" * 9_000,
        "z" * 120_000,
    ],
    ids=["accents", "arrange", "no-ply"],
)
def test_cli_errors_quote_at_most_about_80_characters(
    text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for args in (["replay", _game_file(tmp_path, text)], ["legal", "--moves", text]):
        status, _, err = _run(capsys, *args)
        assert status == 2 and err.count("\n") == 1
        assert len(err) < 250 and "…" in err, err


def test_cli_balance_errors_name_the_ply_and_stay_short(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = _run(
        capsys, "legal", "--variant", "balance", "--seed", "1", "--moves", "(0,1);" + "q" * 5000
    )
    assert status == 2 and err.startswith("error: ply 2: not a point: 'qqq") and len(err) < 200


# ----------------------------------------------------------------------------- whole turns
G012_81 = ";".join(str(next(g for g in reference_games() if g["id"] == "g012")["notation"])
                   .split(";")[:81])
"""Reference game g012 up to ``40G.(0,-4)-(2,-5)``, an Arrange that earns a Harmony Bonus."""


def test_cli_a_move_without_plus_took_no_bonus(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The reference notation writes a whole turn per ply (rules.html#reading-notation)."""
    record = next(g for g in reference_games() if g["id"] == "g012")
    assert G012_81.endswith(";40G.(0,-4)-(2,-5)") and record["bonus_counts"][80] == 306
    status, out, _ = _run(capsys, "legal", "--moves", G012_81)
    lines = out.splitlines()
    assert status == 0 and lines[-1] == f"{record['legal_counts'][81]} legal"
    assert sorted(lines[:-1]) == sorted(record_legal for record_legal in _reference_legal(81))
    status, out, _ = _run(capsys, "replay", "--compact", _game_file(tmp_path, G012_81))
    data = json.loads(out)
    assert data["to_move"] == "host" and not data["bonus_pending"] and data["plies"] == 81
    # a trailing '+' asks for the bonus options: the Guest stays to move
    status, out, _ = _run(capsys, "legal", "--moves", G012_81 + "+")
    lines = out.splitlines()
    assert status == 0 and lines[-1] == "307 legal" and "+skip" in lines
    assert all(line.startswith("+") for line in lines[:-1])
    status, out, _ = _run(capsys, "replay", "--compact", _game_file(tmp_path, G012_81 + "+"))
    data = json.loads(out)
    assert data["to_move"] == "guest" and data["bonus_pending"] and data["plies"] == 81
    assert data["notation"].endswith(";40G.(0,-4)-(2,-5)+")


def _reference_legal(ply: int) -> list[str]:
    from skud_helpers import reference_legal_moves

    moves = reference_legal_moves()["g012"][ply]
    assert moves is not None
    return moves


def test_cli_plus_after_a_move_that_earned_nothing_exits_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, _, err = _run(capsys, "legal", "--moves", ";".join(G012_81.split(";")[:80]) + "+")
    assert status == 2 and err.startswith("error: ply 80 (39H): '+' — no Harmony Bonus")


# ----------------------------------------------------------------------------- lenient import
def test_cli_lenient_replay_lists_what_it_set_aside(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from skud_helpers import LENIENT_NOTES, lenient_record

    path = _game_file(tmp_path, lenient_record())
    status, _, err = _run(capsys, "replay", path)
    assert status == 2 and err.startswith("error: ply 36 (17H): '+W3(8,0)' — no Harmony Bonus")
    status, out, err = _run(capsys, "replay", "--lenient", path)
    assert status == 0 and err == ""
    data = json.loads(out)
    assert data["set_aside"] == LENIENT_NOTES
    assert data["outcome"]["reason"] == "harmony-ring" and data["outcome"]["winners"] == ["host"]
    assert "+W3(8,0)" not in data["notation"] and "+L(8,0)" not in data["notation"]
    status, out, err = _run(capsys, "link", "encode", "--lenient", path)
    assert status == 0 and out.startswith("#2")
    assert err.splitlines() == [f"note: {note}" for note in LENIENT_NOTES]
    status, out, err = _run(capsys, "legal", "--lenient", "--moves", lenient_record())
    assert status == 0 and out == "0 legal\n" and len(err.splitlines()) == 2
    strict = json.loads(_run(capsys, "replay", "--compact", _game_file(tmp_path, "0H.R,W,K,B"))[1])
    assert strict["set_aside"] == []


def test_cli_unreadable_file_is_one_short_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = _run(capsys, "replay", str(tmp_path))
    from paisho_core.errors import quote_path

    where = quote_path(str(tmp_path))
    assert status == 2 and err == f"error: cannot read {where}: Is a directory\n"
    status, _, err = _run(capsys, "replay", str(tmp_path / ("a" * 300)))
    assert status == 2 and err.count("\n") == 1 and len(err) < 200 and "…" in err


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


def test_hint_value_is_a_signed_whole_number_never_minus_zero(capsys) -> None:
    """An even position's value prints as ``+0`` (it printed ``-0`` for Wiki's start)."""
    status, out, _ = _run(capsys, "hint", "--variant", "wiki", "--explain", "--nodes", "200")
    value = out.splitlines()[2].split(": ", 1)[1].split(" ", 1)[0]
    assert status == 0 and value[0] in "+-" and value[1:].isdigit() and value != "-0", out


def test_cli_names_a_missing_file_by_its_name_however_deep(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A long path is cut at its start: the message still ends with the file's name."""
    deep = tmp_path.joinpath(*["a-rather-long-folder-name"] * 6, "missing-game.txt")
    status, _, err = _run(capsys, "replay", str(deep))
    assert status == 2 and "missing-game.txt" in err and "…" in err


def test_a_reader_that_stops_early_gets_no_error() -> None:
    """``… puzzle list --json | head -1``: the closed pipe is no error to report."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "paisho_core", "puzzle", "list", "--json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT,
    )
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.readline().startswith(b"{")
    proc.stdout.close()
    proc.wait(timeout=60)
    assert proc.stderr.read() == b""
    proc.stderr.close()
