"""The test command's own helpers: its pytest runs and their totals, and the memory
snapshot's caches (a damaged entry is ignored, a whole one reused)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from sitebuild import devenv, snapshot


def test_pytest_runs_put_the_serial_tests_last_and_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two workers: the others in xdist, then the ``serial`` ones without it."""
    monkeypatch.setenv(devenv.TEST_WORKERS_ENV, "2")
    parallel, serial = devenv.pytest_runs("py", [], Path("r")).after
    assert parallel[:4] == ["py", "-m", "pytest", "tests"]
    assert parallel[4] == "--basetemp=r/t"  # tmp_path in the short folder of the reports
    assert parallel[5:7] == ["-n", "2"]
    assert parallel[parallel.index("-m", 2) + 1] == "not serial"
    assert parallel[-1] == "--junit-xml=r/parallel.xml"
    assert serial[5:7] == ["-p", "no:xdist"]
    assert serial[serial.index("-m", 2) + 1] == "serial"
    assert serial[-1] == "--junit-xml=r/serial.xml"


def test_the_tests_that_need_no_site_run_during_the_build_and_only_then(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Engine and page logic in one process, started with the build; the runs after the
    build leave their folders out, so every test runs exactly once, each run with its own
    temporary folder and report (the totals line adds them up)."""
    monkeypatch.setenv(devenv.TEST_WORKERS_ENV, "2")
    plan = devenv.pytest_runs("py", [], Path("r"))
    assert plan.early is not None
    assert plan.early[:3] == ["py", "-m", "pytest"]
    assert [arg for arg in plan.early if arg.startswith("tests")] == list(devenv.EARLY_TESTS)
    assert "no:xdist" in plan.early
    ignored = [f"--ignore={folder}" for folder in (*devenv.EARLY_TESTS, devenv.BROWSER_TESTS)]
    for run in plan.after:
        assert [arg for arg in run if arg.startswith("--ignore=")] == ignored
    assert plan.beside is not None
    runs = [plan.early, *plan.after, plan.beside]
    for option in ("--basetemp=", "--junit-xml="):
        values = [next(arg for arg in run if arg.startswith(option)) for run in runs]
        assert len(set(values)) == len(runs), values


def test_pytest_runs_leave_the_callers_arguments_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """Arguments given: one run with them, after the build; ``-n`` given or one worker:
    no xdist options."""
    monkeypatch.setenv(devenv.TEST_WORKERS_ENV, "2")
    plan = devenv.pytest_runs("py", ["-x"], Path("r"))
    assert plan.early is None
    (run,) = plan.after
    assert run[5:] == ["-n", "2", "--junit-xml=r/all.xml", "-x"]
    assert devenv.pytest_runs("py", ["-n", "4"], Path("r")).after[0][4:] == [
        "--junit-xml=r/all.xml", "-n", "4"
    ]
    monkeypatch.setenv(devenv.TEST_WORKERS_ENV, "1")
    assert devenv.pytest_runs("py", [], Path("r")) == devenv.PytestPlan(
        None, [["py", "-m", "pytest", "tests", "--junit-xml=r/all.xml"]]
    )


def test_background_run_keeps_its_output_until_it_ends(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Nothing printed while it runs; then its command, output and exit code."""
    cmd = [sys.executable, "-c", "print('engine tests: 3 passed'); raise SystemExit(1)"]
    run = devenv.BackgroundRun(cmd, tmp_path / "out.log")
    assert run.finish() == 1
    out = capsys.readouterr().out
    assert "engine tests: 3 passed\n" in out
    assert "exit 1" in out
    stopped = devenv.BackgroundRun([sys.executable, "-c", "input()"], tmp_path / "b.log")
    stopped.stop()
    assert stopped.proc.returncode is not None


def test_no_browser_install_when_one_is_there(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Chromium, Firefox and WebKit there: nothing to install while the site builds."""
    monkeypatch.setattr(devenv, "playwright_chromium", lambda: Path("/x/chrome"))
    monkeypatch.setattr(devenv, "missing_browsers", dict)
    monkeypatch.setattr(devenv, "missing_spelling", dict)
    assert devenv.browser_install() == []
    assert devenv.missing_browsers_note() is None
    assert devenv.missing_spelling_note() is None


def test_missing_browsers_are_installed_as_root_else_said_loudly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Root with apt-get: one ``apt-get install`` of every missing browser (Firefox,
    WebKit, Xvfb) while the site builds.  Not root: nothing installed, the other browsers'
    suites skipped and a note naming them and the command (a missing Chromium still
    stops the run)."""
    missing = {"firefox-esr": "Firefox", "xvfb": "Xvfb"}
    monkeypatch.setattr(devenv, "playwright_chromium", lambda: Path("/x/chrome"))
    monkeypatch.setattr(devenv, "missing_browsers", lambda: dict(missing))
    monkeypatch.setattr(devenv, "missing_spelling", dict)
    monkeypatch.setattr(devenv.shutil, "which", lambda name: f"/usr/bin/{name}")
    monkeypatch.setattr(devenv.os, "geteuid", lambda: 0)
    update, install = devenv.browser_install()
    assert update[-1] == "update" and install[-3:] == ["-y", "firefox-esr", "xvfb"]
    monkeypatch.setattr(devenv.os, "geteuid", lambda: 1000)
    assert devenv.browser_install() == []
    note = devenv.missing_browsers_note()
    assert note is not None and "NOT TESTED in Firefox, Xvfb" in note
    assert "apt-get install firefox-esr xvfb" in note
    monkeypatch.setattr(devenv, "playwright_chromium", lambda: None)
    monkeypatch.setattr(devenv, "DEBIAN_CHROMIUM", Path("/nowhere/chromium"))
    with pytest.raises(SystemExit):
        devenv.browser_install()


def test_a_missing_spelling_checker_is_installed_as_root_else_said_loudly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Hunspell and its Russian dictionary (the Russian spelling test) are installed with
    the browsers as root; not root, a note names them and the command."""
    monkeypatch.setattr(devenv, "playwright_chromium", lambda: Path("/x/chrome"))
    monkeypatch.setattr(devenv, "missing_browsers", dict)
    monkeypatch.setattr(devenv, "russian_dictionary", lambda: None)
    monkeypatch.setattr(devenv.shutil, "which",
                        lambda name: None if name == "hunspell" else f"/usr/bin/{name}")
    assert devenv.missing_spelling() == {"hunspell": "Hunspell",
                                         "hunspell-ru": "Hunspell's Russian dictionary"}
    monkeypatch.setattr(devenv.os, "geteuid", lambda: 0)
    _update, install = devenv.browser_install()
    assert install[-2:] == ["hunspell", "hunspell-ru"]
    monkeypatch.setattr(devenv.os, "geteuid", lambda: 1000)
    assert devenv.browser_install() == []
    note = devenv.missing_spelling_note()
    assert note is not None and "NOT CHECKED" in note
    assert "apt-get install hunspell hunspell-ru" in note


def test_the_browser_suites_run_beside_the_chromium_tests(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two workers: tests/browsers is left out of the xdist run and is a run of its own
    (one process, its JUnit report counted in the closing line); one plain run keeps it."""
    monkeypatch.setenv(devenv.TEST_WORKERS_ENV, "2")
    plan = devenv.pytest_runs("py", [], Path("r"))
    assert plan.beside is not None and plan.beside[3] == devenv.BROWSER_TESTS
    assert "--junit-xml=r/browsers.xml" in plan.beside and "no:xdist" in plan.beside
    assert all(f"--ignore={devenv.BROWSER_TESTS}" in run for run in plan.after)
    single = devenv.pytest_runs("py", ["-k", "x"], Path("r"))
    assert single.beside is None and "tests" in single.after[0]


def test_pytest_totals_add_up_the_reports(tmp_path: Path) -> None:
    """Errors count as failures; a missing report is one failure, never a silent pass."""
    (tmp_path / "a.xml").write_text(
        '<testsuites><testsuite tests="10" failures="1" errors="1" skipped="2"/></testsuites>'
    )
    (tmp_path / "b.xml").write_text('<testsuite tests="1" failures="0" errors="0" skipped="0"/>')
    reports = [tmp_path / "a.xml", tmp_path / "b.xml"]
    assert devenv.pytest_totals(reports) == "pytest: 7 passed, 2 failed, 2 skipped"
    assert devenv.pytest_totals([tmp_path / "gone.xml"]) == "pytest: 0 passed, 1 failed, 0 skipped"



def test_slowest_modules_sum_each_module_over_the_reports(tmp_path: Path) -> None:
    """Test functions and test classes count for their module; unreadable reports and
    times are skipped."""
    (tmp_path / "a.xml").write_text(
        '<testsuite><testcase classname="tests.e2e.test_fuzz" name="a" time="2.5"/>'
        '<testcase classname="tests.e2e.test_fuzz.TestBoard" name="b" time="1.5"/>'
        '<testcase classname="tests.page.test_saves" name="c" time="x"/></testsuite>'
    )
    (tmp_path / "b.xml").write_text(
        '<testsuite><testcase classname="tests.page.test_saves" name="d" time="5"/></testsuite>'
    )
    reports = [tmp_path / "a.xml", tmp_path / "b.xml", tmp_path / "gone.xml"]
    assert devenv.slowest_modules(reports) == (
        "slowest modules: page/test_saves.py 5.0 s, e2e/test_fuzz.py 4.0 s")
    assert devenv.slowest_modules(reports, 1) == "slowest modules: page/test_saves.py 5.0 s"
    assert devenv.slowest_modules([]) == ""


def _entry(tmp_path: Path) -> snapshot.CachedSnapshot:
    made = tmp_path / "made.bin.br"
    made.write_bytes(b"packed snapshot bytes")
    return snapshot.CachedSnapshot(made, 123, "ab" * 32)


def test_cached_snapshot_round_trip(tmp_path: Path) -> None:
    """A stored snapshot reads back with its facts, written readable by all."""
    out = tmp_path / "cache" / "snapshot-0123.bin.br"
    snapshot._store_snapshot(_entry(tmp_path), out, prune=True)
    assert snapshot.cached_snapshot(out) == snapshot.CachedSnapshot(out, 123, "ab" * 32)
    assert out.stat().st_mode & 0o777 == 0o644
    assert sorted(p.name for p in out.parent.iterdir()) == [out.name, out.name + ".json"]


def test_damaged_or_partial_snapshot_entries_are_ignored(tmp_path: Path) -> None:
    """Bytes that are not the ones the facts describe, facts cut short or missing: none."""
    out = tmp_path / "snapshot-0123.bin.br"
    facts = out.with_name(out.name + ".json")
    snapshot._store_snapshot(_entry(tmp_path), out, prune=False)
    out.write_bytes(b"packed snapshot byteX")
    assert snapshot.cached_snapshot(out) is None
    snapshot._store_snapshot(_entry(tmp_path), out, prune=False)
    facts.write_text(facts.read_text()[:-5])
    assert snapshot.cached_snapshot(out) is None
    facts.write_text(json.dumps({"rawBytes": 123, "digest": "ab" * 32}))  # no sha256
    assert snapshot.cached_snapshot(out) is None
    facts.unlink()
    assert snapshot.cached_snapshot(out) is None


def test_pruning_keeps_the_entry_being_written(tmp_path: Path) -> None:
    """A new build's snapshot replaces the other ones of ``build/``."""
    old = tmp_path / "snapshot-old.bin.br"
    snapshot._store_snapshot(_entry(tmp_path), old, prune=False)
    new = tmp_path / "snapshot-new.bin.br"
    snapshot._store_snapshot(_entry(tmp_path), new, prune=True)
    assert sorted(p.name for p in tmp_path.glob("snapshot-*")) == [new.name, new.name + ".json"]


def test_every_test_module_has_its_own_name() -> None:
    """One pytest run of all of ``tests`` (one worker, or a caller's arguments) imports
    each test module by its file name alone (the folders are no packages): two files of
    the same name in two folders stop that run before any test."""
    tests = Path(__file__).resolve().parents[1]
    seen: dict[str, Path] = {}
    clashes = []
    for path in sorted(tests.rglob("test_*.py")):
        if path.name in seen:
            clashes.append(f"{seen[path.name].relative_to(tests)} and {path.relative_to(tests)}")
        seen.setdefault(path.name, path)
    assert clashes == []
