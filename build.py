#!/usr/bin/env python3
"""Build, serve and test the Pai Sho static site (standard library only).

Usage::

    python3 build.py build            # write the whole site into dist/
    python3 build.py serve [--port N] # build, then serve dist/ on http://127.0.0.1:8000/
    ... [--pseudo-locale]             # also the pseudo-locale xx/ (in dist-xx/, never deployed)
    ... [--variant DIR]               # also dist-<name>/: the site with the variant package
                                      # DIR added (tests/support/toyvariant; never deployed)
    python3 build.py test             # set up .venv/, build, then ruff + mypy + pytest (CI's)
    python3 build.py setup            # only make/update .venv/ with the test tools

``build`` makes the ``paisho_core`` wheel, vendors Pyodide and PyScript from the npm
packages pinned in ``package.json``/``package-lock.json`` (``npm ci`` only when
``node_modules/`` is missing or outdated), copies ``site/``, pre-renders the board into
every page, writes ``pyscript.json`` and the service worker's precache list, and makes
a Pyodide memory snapshot (see :func:`make_snapshot`).  Every URL in the output is
relative, so ``dist/`` works under any sub-path (GitHub Pages).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from sitebuild.common import (
    DIST,
    ROOT,
    hash_tree,
    log,
    run,
    say,
    sha256_bytes,
    short_command,
    step,
)
from sitebuild.demos import export_demos, write_demos
from sitebuild.devenv import (
    MY_SCRIPTS,
    BackgroundRun,
    browser_install,
    ensure_venv,
    in_project_venv,
    missing_browsers_note,
    missing_spelling_note,
    pytest_runs,
    pytest_totals,
    slowest_modules,
    start_checks,
)
from sitebuild.languages import (
    LANG_SCRIPT,
    SOURCE,
    built_languages,
    lang_script_names,
    offline_texts,
    pseudo_root,
    set_aside_pseudo,
    write_language_configs,
    write_languages,
)
from sitebuild.packwasm import pack_wasm
from sitebuild.pages import (
    INTERPRETER,
    copy_site,
    fill_manifest,
    fill_pages,
    fill_tile_tables,
    inject,
    place_wheel,
    prerender_boards,
    version_interpreter,
    write_pyscript_config,
    write_service_worker,
)
from sitebuild.serve import serve_built
from sitebuild.snapshot import SnapshotFile, make_snapshot
from sitebuild.variants import add_variants
from sitebuild.vendor import copy_runtime, ensure_node_modules
from sitebuild.wheel import build_wheel


@dataclass
class BuildInfo:
    """What one build produced (returned by :func:`build`)."""

    dist: Path
    build_id: str
    wheel: str
    """The wheel's URL relative to ``dist/`` (``wheels/<hash>/<file>.whl``)."""
    precache: list[str] = field(default_factory=list)
    snapshot: SnapshotFile | None = None


def build(
    dist: Path = DIST, snapshot: bool = True, pseudo: bool = False, variants: Sequence[Path] = ()
) -> BuildInfo:
    """Build the whole site into ``dist`` (replaced atomically) and return what it holds.

    The pseudo-locale's pages (``xx/``, for the tests) are built with the others, then
    taken out: into :func:`~sitebuild.languages.pseudo_root` when ``pseudo`` asks for
    them, else dropped (and an older build's removed), so ``dist`` holds only what is
    deployed.  ``variants`` (variant package folders outside the engine) are added to a
    copy beside it, never to ``dist`` (:func:`~sitebuild.variants.add_variants`)."""
    started = time.monotonic()
    with step("node_modules"):
        ensure_node_modules()
    with step("wheel"):
        wheel = build_wheel()
    stage = Path(tempfile.mkdtemp(prefix="dist-", dir=dist.parent))
    try:
        with step("runtime and site files"):
            copy_runtime(stage)
            modules = copy_site(stage)
            wheel_url = place_wheel(stage, wheel)
            write_pyscript_config(stage, wheel_url, modules)
            fill_manifest(stage)
        with step("board and rules demos"):
            say("pre-rendering the board (in every language)")
            boards = prerender_boards(built_languages())
            board = boards.get(SOURCE)
            say("playing and exporting the rules demos")
            demos = export_demos()
            write_demos(stage, demos)
            fill_tile_tables(stage)
        with step("languages"):
            built = write_languages(stage, demos)
            inject(stage / LANG_SCRIPT, {"LANGUAGES": lang_script_names()})
            inject(stage / "sw.js", {"OFFLINE_TEXTS": offline_texts()})
            say(f"pages and catalogs of {', '.join(built)}")
        with step("memory snapshot"):
            snap = make_snapshot(stage, wheel_url) if snapshot else None
            packed_wasm = pack_wasm(stage / "pyodide") if snap else None
        # After the snapshot: a new snapshot alone (new warm-up) is a new build too.
        drawn = "".join(boards[lang] for lang in sorted(boards))
        build_id = sha256_bytes((hash_tree(stage) + drawn).encode())[:16]
        fill_pages(stage, board, build_id, wheel_url, boards)
        version_interpreter(stage, build_id)
        write_language_configs(stage, built)
        inject(
            stage / INTERPRETER,
            {
                "BUILD_ID": json.dumps(build_id),
                "SNAPSHOT": json.dumps(snap.name if snap else None),
                "SNAPSHOT_BYTES": json.dumps(snap.raw_bytes if snap else 0),
                "SNAPSHOT_DIGEST": json.dumps(snap.digest if snap else None),
                "WASM_PACKED": json.dumps(packed_wasm),
            },
        )
        precache = write_service_worker(stage, build_id, built)
        set_aside_pseudo(stage, pseudo_root(dist) if pseudo else None)
        if not pseudo:
            shutil.rmtree(pseudo_root(dist), ignore_errors=True)
        stage.chmod(0o755)
        _swap(stage, dist)
    except BaseException:
        shutil.rmtree(stage, ignore_errors=True)
        raise
    log(f"dist/ ready: build {build_id}, {len(precache)} files precached, "
        f"{time.monotonic() - started:.1f} s")
    if variants:
        with step("the variants' copy"):
            say(f"into {add_variants(dist, variants).name}/")
    return BuildInfo(dist, build_id, wheel_url, precache, snap)


def _swap(stage: Path, dist: Path) -> None:
    """Replace ``dist`` with ``stage`` (keeping the old tree only until the rename)."""
    old = dist.with_name(dist.name + ".old")
    shutil.rmtree(old, ignore_errors=True)
    if dist.exists():
        dist.rename(old)
    stage.rename(dist)
    shutil.rmtree(old, ignore_errors=True)




def serve(port: int, pseudo: bool = False) -> int:
    """Build, then serve ``dist/`` (and with ``pseudo`` the pseudo-locale over it) until
    interrupted; return the exit status."""
    build(pseudo=pseudo)
    return serve_built(port, (DIST, pseudo_root(DIST)) if pseudo else (DIST,))


def test(pytest_args: list[str]) -> int:
    """Set up, build, then run ruff, mypy and pytest; return non-zero if any failed.

    Run with any Python >= 3.11: it re-runs itself inside the project's virtual
    environment (:func:`ensure_venv`), leaving the calling Python untouched.  ruff and
    mypy, and the tests that need no ``dist/`` (engine and page logic), run while the site
    builds (mostly one core: Node making the memory snapshot); the other tests after it,
    in :func:`pytest_workers` processes (:func:`~sitebuild.devenv.pytest_runs`).
    """
    started = time.monotonic()
    if not in_project_venv():
        with step("virtual environment"):
            python = ensure_venv()
        return subprocess.call([str(python), str(ROOT / "build.py"), "test", *pytest_args])
    installs = browser_install()
    browser = start_checks(installs)
    notes = [] if installs else [missing_browsers_note(), missing_spelling_note()]
    for note in filter(None, notes):  # said at the start and again above the totals
        print(note, flush=True)
    # as if activated: the tools' console scripts (actionlint, …) are on PATH
    os.environ["PATH"] = str(Path(sys.executable).parent) + os.pathsep + os.environ["PATH"]
    reports = Path(tempfile.mkdtemp(prefix="pt-"))  # the runs' JUnit reports and tmp_path base
    plan = pytest_runs(sys.executable, pytest_args, reports)
    checks = start_checks([
        [sys.executable, "-m", "ruff", "check", "."],
        [sys.executable, "-m", "mypy"],
        [sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent", *MY_SCRIPTS],
    ])
    early = BackgroundRun(plan.early, reports / "early.log") if plan.early else None
    try:
        with step("build"):
            build(pseudo=True)  # the e2e tests read the pseudo-locale too
    except BaseException:
        if early:
            early.stop()
        raise
    finally:
        failed = checks() + browser()
    os.environ["PAISHO_DIST_PREBUILT"] = "1"  # the tests reuse this dist/
    beside = None
    for index, cmd in enumerate(plan.after):
        if index == 0 and plan.beside:
            beside = BackgroundRun(plan.beside, reports / "browsers.log")
        code = run(cmd, check=False)
        # 5: no test ran (none was "serial"): a failure only when it is the one run
        if code not in (0, 5) or (code == 5 and len(plan.after) == 1 and not early):
            failed.append(short_command(cmd))
        if beside is not None:  # before the serial timing tests, which run alone
            if beside.finish() != 0:
                failed.append(short_command(beside.cmd))
            beside = None
    if early and early.finish() != 0:
        failed.append(short_command(early.cmd))
    log(f"build.py test: {time.monotonic() - started:.1f} s")
    for note in filter(None, [missing_browsers_note(), missing_spelling_note()]):
        print(note, flush=True)
    print(slowest_modules(sorted(reports.glob("*.xml"))) or "slowest modules: no times", flush=True)
    print(pytest_totals(sorted(reports.glob("*.xml"))), flush=True)
    shutil.rmtree(reports, ignore_errors=True)
    if failed:
        print(f"FAILED: {', '.join(failed)}", flush=True)
        return 1
    print("all checks passed", flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run ``build``, ``serve`` or ``test``."""
    if sys.version_info < (3, 11):  # noqa: UP036 (run by whatever python3 a user has)
        raise SystemExit(f"Python 3.11 or newer is needed (this is {sys.version.split()[0]})")
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "command", nargs="?", default="build", choices=("build", "serve", "test", "setup")
    )
    parser.add_argument("--port", type=int, default=8000, help="port for serve (default 8000)")
    parser.add_argument("--no-snapshot", action="store_true", help="skip the memory snapshot")
    parser.add_argument("--pseudo-locale", action="store_true",
                        help="also build the pseudo-locale xx/ into dist-xx/ (never deployed)")
    parser.add_argument("--variant", action="append", type=Path, default=[],
                        help="also a copy of dist/ with this variant package added, "
                        "dist-<name>/ (for the tests; never deployed)")
    args, rest = parser.parse_known_args(argv)
    if args.command == "test":
        return test(rest)
    if args.command == "setup":  # the test command's first step alone (CI caches, IDEs)
        ensure_venv()
        return 0
    if rest:
        parser.error(f"unknown arguments: {' '.join(rest)}")
    if args.command == "serve":
        return serve(args.port, args.pseudo_locale)
    else:
        build(snapshot=not args.no_snapshot, pseudo=args.pseudo_locale,
              variants=[path.resolve() for path in args.variant])
    return 0


if __name__ == "__main__":
    sys.exit(main())
