"""The project's own virtual environment and browser for the tests, and the test command CI
runs (``build.py test``).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .common import ROOT, log, run, say, sha256_bytes, short_command

MY_SCRIPTS = (
    "build.py", "sitebuild",
    "benchmarks/startup.py", "benchmarks/wire.py", "benchmarks/browsers.py",
)
"""Scripts outside the package that ``test`` type-checks too."""


DEBIAN_CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-dev-shm-usage",
]
"""Flags for Debian's /usr/bin/chromium on a machine with no network but the registries
(used by the e2e tests and the start-up benchmark)."""


def playwright_chromium() -> Path | None:
    """Playwright's own Chromium, if one is installed."""
    default = Path.home() / ".cache" / "ms-playwright"
    base = Path(os.environ.get("PLAYWRIGHT_BROWSERS_PATH") or default)
    patterns = (
        "chromium-*/chrome-linux*/chrome",
        "chromium_headless_shell-*/*/chrome-headless-shell",
    )
    for pattern in patterns:
        found = sorted(base.glob(pattern))
        if found:
            return found[-1]
    return None


DEBIAN_CHROMIUM = Path("/usr/bin/chromium")
"""Debian's Chromium (``apt-get install chromium``), used where Playwright's is missing."""


def chromium_launch_options() -> dict[str, Any]:
    """Options for Playwright's ``chromium.launch``: none where Playwright's own Chromium
    is installed, else Debian's with :data:`DEBIAN_CHROMIUM_FLAGS` (when it is there)."""
    if playwright_chromium() is None and DEBIAN_CHROMIUM.exists():
        return {"executable_path": str(DEBIAN_CHROMIUM), "args": list(DEBIAN_CHROMIUM_FLAGS)}
    return {}


FIREFOXES = (Path("/usr/bin/firefox-esr"), Path("/usr/bin/firefox"))
"""Where Debian's Firefox ESR (package ``firefox-esr``) or another distribution's Firefox
is: the Firefox smoke suite drives it over WebDriver BiDi (``tests/browsers/``)."""
WEBKIT_DRIVER = Path("/usr/bin/WebKitWebDriver")
"""WebKitGTK's WebDriver (Debian: ``webkit2gtk-driver``), for the WebKit smoke suite."""


def firefox() -> Path | None:
    """The system's Firefox, if one is installed."""
    return next((path for path in FIREFOXES if path.exists()), None)


def minibrowser() -> Path | None:
    """WebKitGTK's MiniBrowser (comes with ``webkit2gtk-driver``), if installed."""
    found = sorted(Path("/usr/lib").glob("*/webkit2gtk-4.*/MiniBrowser"))
    return found[-1] if found else None


def missing_browsers() -> dict[str, str]:
    """The Debian packages the browser smoke suites need that are not installed: package
    → what it brings."""
    missing = {}
    if firefox() is None:
        missing["firefox-esr"] = "Firefox"
    if not WEBKIT_DRIVER.exists() or minibrowser() is None:
        missing["webkit2gtk-driver"] = "WebKit (WebKitWebDriver and MiniBrowser)"
    if shutil.which("Xvfb") is None:
        missing["xvfb"] = "the X server WebKit's MiniBrowser draws into"
    return missing


def missing_browsers_note() -> str | None:
    """A loud note naming the browsers whose smoke suites cannot run here (and how to
    install them), or ``None`` when every one is there."""
    missing = missing_browsers()
    if not missing:
        return None
    bar = "!" * 78
    return (f"{bar}\n!! NOT TESTED in {', '.join(missing.values())}: their smoke suites are "
            f"skipped.\n!! Install them (as root): apt-get install {' '.join(missing)}\n{bar}")


HUNSPELL_DIRS = (Path("/usr/share/hunspell"), Path("/usr/share/myspell/dicts"))
"""Where Debian's Hunspell dictionaries are (``hunspell-ru`` puts ``ru_RU.dic`` there)."""


def russian_dictionary() -> Path | None:
    """Hunspell's Russian dictionary (``ru_RU.dic``), if installed."""
    return next((d / "ru_RU.dic" for d in HUNSPELL_DIRS if (d / "ru_RU.dic").is_file()), None)


def missing_spelling() -> dict[str, str]:
    """The Debian packages the Russian spelling test needs that are not installed
    (``tests/build/test_spelling.py``): package → what it brings."""
    missing = {}
    if shutil.which("hunspell") is None:
        missing["hunspell"] = "Hunspell"
    if russian_dictionary() is None:
        missing["hunspell-ru"] = "Hunspell's Russian dictionary"
    return missing


def missing_spelling_note() -> str | None:
    """A loud note saying the Russian catalogs' spelling is not checked here (and how to
    install what checks it), or ``None`` when Hunspell and its Russian dictionary are
    there."""
    missing = missing_spelling()
    if not missing:
        return None
    bar = "!" * 78
    return (f"{bar}\n!! NOT CHECKED: the Russian catalogs' spelling ({', '.join(missing.values())} "
            f"missing).\n!! Install them (as root): apt-get install {' '.join(missing)}\n{bar}")


def browser_install() -> list[list[str]]:
    """The commands that install the test browsers and the spelling checker: a Chromium
    (none when Playwright's or Debian's is there), the other browsers' Debian packages
    (:func:`missing_browsers`) and Hunspell with its Russian dictionary
    (:func:`missing_spelling`), with ``apt-get`` when root.  Not root: no Chromium
    raises; the other browsers' suites and the Russian spelling test are skipped, and
    :func:`missing_browsers_note` and :func:`missing_spelling_note` say so.

    ``build.py test`` runs them while the site builds (:func:`start_checks`)."""
    packages = list(missing_browsers()) + list(missing_spelling())
    if playwright_chromium() is None and not DEBIAN_CHROMIUM.exists():
        packages.insert(0, "chromium")
    if not packages:
        return []
    apt = shutil.which("apt-get")
    if hasattr(os, "geteuid") and os.geteuid() == 0 and apt:
        log(f"installing Debian's {', '.join(packages)} (while the site builds)")
        noninteractive = ["env", "DEBIAN_FRONTEND=noninteractive", apt]
        return [[*noninteractive, "update"],
                [*noninteractive, "install", "-y", *packages]]
    if "chromium" in packages:
        raise SystemExit(
            "no Chromium: run `playwright install chromium` or install Debian's chromium")
    return []


VENV = ROOT / ".venv"
"""The project's own virtual environment for the test tools (git-ignored)."""


def venv_python() -> Path:
    """The Python of the project's virtual environment."""
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def in_project_venv() -> bool:
    """Tell whether this process already runs in the project's virtual environment."""
    return Path(sys.prefix).resolve() == VENV.resolve()


def create_venv() -> None:
    """Make ``.venv/`` with pip; on Debian/Ubuntu install ``python3-venv`` first if needed."""
    import venv

    say(f"creating the project's virtual environment in {VENV.name}/")
    try:
        venv.create(VENV, with_pip=True, clear=True)
        return
    except subprocess.CalledProcessError:
        pass  # Debian's Python without ensurepip: the python3-venv package brings it
    apt = shutil.which("apt-get")
    if not (apt and hasattr(os, "geteuid") and os.geteuid() == 0):
        raise SystemExit(
            "cannot create a virtual environment: this Python has no ensurepip. "
            "Install your system's venv package (Debian/Ubuntu: sudo apt-get install "
            "python3-venv) and run this command again."
        )
    package = f"python3.{sys.version_info.minor}-venv"
    log(f"installing {package} (this Python lacks ensurepip)")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.check_call([apt, "update"], env=env)
    subprocess.check_call([apt, "install", "-y", package], env=env)
    venv.create(VENV, with_pip=True, clear=True)


def ensure_venv() -> Path:
    """Make (once) and update the project's virtual environment; return its Python.

    The test tools are installed there, never into the Python that runs this script,
    so the command also works where the system Python refuses ``pip install``
    (PEP 668).  A stamp of ``pyproject.toml`` decides when to reinstall.
    """
    python = venv_python()
    stamp = VENV / ".paisho-stamp"
    wanted = sha256_bytes((ROOT / "pyproject.toml").read_bytes())
    if not python.exists():
        create_venv()
    if not (stamp.is_file() and stamp.read_text() == wanted):
        say("installing the test tools into .venv/ (pip install -e '.[test]')")
        run([str(python), "-m", "pip", "install", "--quiet", "--upgrade", "pip"])
        run([str(python), "-m", "pip", "install", "--quiet", "-e", ".[test]"])
        stamp.write_text(wanted)
    return python


def start_checks(commands: list[list[str]]) -> Callable[[], list[str]]:
    """Start ``commands`` one after another in a background thread, their output kept;
    return a function that waits for them, prints each one's command line, output and
    elapsed time, and returns the failed ones (as :func:`short_command` names them)."""
    results: list[tuple[list[str], int, str, float]] = []

    def work() -> None:
        for cmd in commands:
            started = time.monotonic()
            proc = subprocess.run(
                cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                errors="replace",
            )
            results.append((cmd, proc.returncode, proc.stdout, time.monotonic() - started))

    thread = threading.Thread(target=work, name="checks")
    thread.start()

    def finish() -> list[str]:
        thread.join()
        failed = []
        for cmd, code, output, seconds in results:
            print("$ " + " ".join(cmd), flush=True)
            print(output, end="" if output.endswith("\n") or not output else "\n", flush=True)
            log(f"{short_command(cmd)}: exit {code}, {seconds:.1f} s")
            if code != 0:
                failed.append(short_command(cmd))
        if len(results) < len(commands):  # the thread died: say so, never pass silently
            failed.extend(short_command(cmd) for cmd in commands[len(results):])
        return failed

    return finish


TEST_WORKERS_ENV = "PAISHO_TEST_WORKERS"
"""Environment variable: how many pytest processes ``build.py test`` runs (pytest-xdist's
``-n``; ``1`` runs pytest alone in one process)."""


def pytest_workers(pytest_args: list[str]) -> int:
    """How many pytest processes ``build.py test`` runs: :data:`TEST_WORKERS_ENV`, else the
    machine's cores, at most 2; 1 when the caller chose (``-n``/``--numprocesses``/``-p``
    among ``pytest_args``)."""
    chosen = ("-n", "--numprocesses", "-p")
    if any(arg.split("=")[0] in chosen or arg.startswith(("-n", "-p")) for arg in pytest_args):
        return 1
    wanted = os.environ.get(TEST_WORKERS_ENV) or str(min(os.cpu_count() or 1, 2))
    return max(int(wanted), 1) if wanted.isdigit() else 1


EARLY_TESTS = ("tests/engine", "tests/page")
"""The test folders that need no ``dist/`` (CPython alone): ``build.py test`` runs them in
one process while the site builds (the memory snapshot keeps one core busy for minutes)."""


@dataclass(frozen=True)
class PytestPlan:
    """The pytest commands of ``build.py test``."""

    early: list[str] | None
    """Started with the build (:data:`EARLY_TESTS`), its output kept until it ends; or
    ``None``."""
    after: list[list[str]]
    """Run one after another once ``dist/`` is built."""
    beside: list[str] | None = None
    """The other browsers' smoke suites (:data:`BROWSER_TESTS`): started in the background
    with the first of :attr:`after` and waited for before the next (the ``serial`` timing
    tests run alone); or ``None``."""


BROWSER_TESTS = "tests/browsers"
"""The Firefox and WebKit smoke suites: one pytest process of their own beside the
Chromium tests (each suite one browser session, pages reused)."""


def pytest_runs(python: str, pytest_args: list[str], reports: Path) -> PytestPlan:
    """The pytest commands of ``build.py test``, each writing a JUnit report in ``reports``
    (a short path: with xdist, pytest's temporary folders go there too).

    With several workers (:func:`pytest_workers`) and no arguments from the caller: the
    :data:`EARLY_TESTS` in one process during the build; after it, every other test but
    the ``serial`` ones in ``-n N`` processes (pytest-xdist, the longest first: see
    ``SLOW_FIRST`` in ``tests/conftest.py``) with the :data:`BROWSER_TESTS` in a process
    beside them, then the ``serial`` ones alone.  Else one plain run of ``tests`` with the
    caller's arguments after the build."""
    workers = pytest_workers(pytest_args)
    base = [python, "-m", "pytest", "tests"]
    if workers == 1 or pytest_args:
        tmp = [f"--basetemp={reports / 't'}"] if workers > 1 else []
        xdist = ["-n", str(workers)] if workers > 1 else []
        return PytestPlan(None, [
            [*base, *tmp, *xdist, f"--junit-xml={reports / 'all.xml'}", *pytest_args]
        ])
    early = [
        python, "-m", "pytest", *EARLY_TESTS, "-p", "no:xdist", f"--basetemp={reports / 'e'}",
        f"--junit-xml={reports / 'early.xml'}",
    ]
    skip = [f"--ignore={folder}" for folder in (*EARLY_TESTS, BROWSER_TESTS)]
    # xdist adds popen-gwN/ to tmp_path: start from a short folder instead
    parallel = [
        *base, f"--basetemp={reports / 't'}", "-n", str(workers), "-m", "not serial", *skip,
        f"--junit-xml={reports / 'parallel.xml'}",
    ]
    serial = [
        *base, f"--basetemp={reports / 's'}", "-p", "no:xdist", "-m", "serial", *skip,
        f"--junit-xml={reports / 'serial.xml'}",
    ]
    beside = [
        python, "-m", "pytest", BROWSER_TESTS, "-p", "no:xdist", f"--basetemp={reports / 'b'}",
        f"--junit-xml={reports / 'browsers.xml'}",
    ]
    return PytestPlan(early, [parallel, serial], beside)


class BackgroundRun:
    """A command run in the background, its output kept in a file until it ends."""

    def __init__(self, cmd: list[str], output: Path, env: dict[str, str] | None = None) -> None:
        """Start ``cmd`` (in the repository's root), its output going to ``output``."""
        self.cmd = cmd
        self.output = output
        self.started = time.monotonic()
        with output.open("wb") as out:
            self.proc = subprocess.Popen(
                cmd, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                env=env,
            )

    def finish(self) -> int:
        """Wait for it; print its command line, output and elapsed time; return its exit
        code."""
        code = self.proc.wait()
        print("$ " + " ".join(self.cmd), flush=True)
        sys.stdout.write(self.output.read_text(encoding="utf-8", errors="replace"))
        log(f"{short_command(self.cmd)}: exit {code}, {time.monotonic() - self.started:.1f} s "
            "(started with the build)")
        return code

    def stop(self) -> None:
        """End it (the build failed: its output is not needed)."""
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


def pytest_totals(reports: list[Path]) -> str:
    """One closing line for the pytest runs whose JUnit ``reports`` are given, e.g.
    ``pytest: 1283 passed, 1 failed, 2 skipped`` (errors count as failed; a missing or
    unreadable report is one failure)."""
    import xml.etree.ElementTree as ET

    passed = failed = skipped = 0
    for report in reports:
        try:
            suites = ET.parse(report).getroot().iter("testsuite")
            counts = [
                [int(suite.get(key, "0")) for key in ("tests", "failures", "errors", "skipped")]
                for suite in suites
            ]
        except (OSError, ET.ParseError, ValueError):
            failed += 1
            continue
        for tests, failures, errors, skips in counts:
            passed += tests - failures - errors - skips
            failed += failures + errors
            skipped += skips
    return f"pytest: {passed} passed, {failed} failed, {skipped} skipped"


def slowest_modules(reports: list[Path], count: int = 12) -> str:
    """The ``count`` test modules that took longest in the JUnit ``reports``, summed over
    their tests, e.g. ``slowest modules: e2e/test_fuzz.py 61.2 s, …`` (the CPU a run
    spends where it is worth cutting; empty when the reports hold no times)."""
    import xml.etree.ElementTree as ET

    spent: dict[str, float] = {}
    for report in reports:
        try:
            cases = list(ET.parse(report).getroot().iter("testcase"))
        except (OSError, ET.ParseError):
            continue
        for case in cases:
            parts = case.get("classname", "").split(".")
            modules = [i for i, part in enumerate(parts) if part.startswith("test_")]
            module = "/".join(parts[1 : modules[-1] + 1] if modules else parts) + ".py"
            try:
                spent[module] = spent.get(module, 0.0) + float(case.get("time", "0"))
            except ValueError:
                continue
    top = sorted(spent.items(), key=lambda item: -item[1])[:count]
    if not top:
        return ""
    names = ", ".join(f"{name} {secs:.1f} s" for name, secs in top)
    return f"slowest modules: {names}"
