"""The build's progress lines (issue #21): each step says when it starts, what it is doing
during a long part, and its elapsed seconds when it ends; a silent step repeats what it is
doing.  Nothing here waits or times anything: the heartbeat is given its clock."""

from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sitebuild import common, snapshot


def _lines(capsys: pytest.CaptureFixture[str]) -> list[str]:
    return capsys.readouterr().out.splitlines()


def test_line_formats() -> None:
    """Start, progress (whole seconds), end (tenths), failure."""
    assert common.start_line("memory snapshot") == "memory snapshot …"
    assert (
        common.progress_line("memory snapshot", "compressing 30.1 MiB (brotli)", 44.6)
        == "memory snapshot: compressing 30.1 MiB (brotli) … 45 s"
    )
    assert common.progress_line("build", "", 12.0) == "build: still running … 12 s"
    assert common.done_line("wheel", 0.04) == "wheel: 0.0 s"
    assert common.done_line("wheel", 3.26, failed=True) == "wheel: failed after 3.3 s"


def test_a_step_prints_its_start_what_it_does_and_its_end(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``say`` prints at once, prefixed by the innermost step; the end line has seconds."""
    with common.step("outer"), common.step("inner"):
        common.say("importing the engine")
    lines = _lines(capsys)
    assert lines[:2] == ["[build] outer …", "[build] inner …"]
    assert re.fullmatch(r"\[build\] inner: importing the engine … \d+ s", lines[2])
    assert re.fullmatch(r"\[build\] inner: \d+\.\d s", lines[3])
    assert re.fullmatch(r"\[build\] outer: \d+\.\d s", lines[4])
    assert len(lines) == 5


def test_a_failed_step_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(RuntimeError), common.step("wheel"):
        raise RuntimeError("boom")
    assert re.fullmatch(r"\[build\] wheel: failed after \d+\.\d s", _lines(capsys)[-1])


def test_heartbeat_repeats_the_innermost_step_after_a_silence(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Silent for less than the tick: nothing; past it: what the step is doing, with its
    elapsed seconds; and no step running: nothing."""
    with common.step("memory snapshot") as current:
        common.say("compressing (brotli)")
        capsys.readouterr()
        soon = time.monotonic() + common.TICK_SECONDS / 2
        assert common.heartbeat(now=soon) is None
        later = current.started + 100 + common.TICK_SECONDS
        line = common.heartbeat(now=later)
        assert line == f"memory snapshot: compressing (brotli) … {100 + common.TICK_SECONDS:.0f} s"
        assert _lines(capsys) == [f"[build] {line}"]
    assert common.heartbeat(now=time.monotonic() + 1000) is None


def test_progress_lines_of_a_process_reach_the_step(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """What the snapshot maker writes as ``progress: …`` on stderr is said, in order;
    its other lines are not."""
    script = (
        "import sys\n"
        "for line in ['progress: starting Pyodide', 'noise', 'progress: compressing']:\n"
        "    print(line, file=sys.stderr, flush=True)\n"
        "sys.exit(3)\n"
    )
    errors = tmp_path / "stderr.txt"
    with common.step("memory snapshot"), errors.open("w") as err:
        proc = subprocess.Popen([sys.executable, "-c", script], stderr=err, text=True)
        assert snapshot.follow_progress(proc, errors, poll=0.01) == 3
    said = [line for line in _lines(capsys) if re.search(r": .* … \d+ s$", line)]
    assert [re.sub(r" … \d+ s$", "", line) for line in said] == [
        "[build] memory snapshot: starting Pyodide",
        "[build] memory snapshot: compressing",
    ]
