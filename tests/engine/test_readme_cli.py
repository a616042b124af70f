"""Every command line example in the README runs as written (issue 13)."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def readme_commands() -> list[str]:
    """The lines of the README's ``sh`` blocks that start with ``python3 -m paisho_core``."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```sh\n(.*?)^```", text, re.M | re.S)
    return [
        line.strip()
        for block in blocks
        for line in block.splitlines()
        if line.strip().startswith("python3 -m paisho_core")
    ]


def test_the_readme_has_cli_examples_using_the_example_games() -> None:
    commands = readme_commands()
    assert len(commands) >= 6
    for name in ("skud-ring.txt", "balance-42.txt", "skud-reference-record.txt"):
        assert any(f"examples/{name}" in c for c in commands), name
        assert (ROOT / "examples" / name).is_file()


@pytest.mark.parametrize("command", readme_commands())
def test_readme_cli_example_runs(command: str) -> None:
    args = shlex.split(command, comments=True)
    assert args[:3] == ["python3", "-m", "paisho_core"]
    result = subprocess.run(
        [sys.executable, *args[1:]], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip()
    assert "error" not in result.stderr


def test_the_example_games_and_the_readme_link_agree() -> None:
    from paisho_core import link
    from paisho_core.registry import get_variant

    ring = get_variant("skud").from_text((ROOT / "examples/skud-ring.txt").read_text())
    outcome = ring.outcome()
    assert outcome is not None and outcome.reason == "harmony-ring" and outcome.winners == (0,)
    fragment = next(
        shlex.split(c)[-1] for c in readme_commands() if " link decode " in c
    )
    assert link.decode(fragment).game.to_text() == ring.to_text()
    assert link.fragment_for(ring) == fragment
    balance = get_variant("balance").from_text(
        (ROOT / "examples/balance-42.txt").read_text(), seed=42
    )
    done = balance.outcome()
    assert done is not None and done.result == "perfect-balance" and done.score == 20


def test_the_readme_demo_link_is_the_library_demo() -> None:
    import json

    from paisho_core import demolink

    fragment = next(shlex.split(c)[-1] for c in readme_commands() if " demo decode " in c)
    library = json.loads((ROOT / "paisho_core/demos/skud.json").read_text(encoding="utf-8"))
    demo = next(d for d in library["demos"] if d["name"] == "skud-orchid-capture")
    assert demolink.decode(fragment).data == {"variant": "skud", **demo}
    assert demolink.fragment({"variant": "skud", **demo}) == fragment
