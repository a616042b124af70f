"""Paths of the project and small helpers every build step uses (logging, running commands,
hashing files).
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
"""The repository root (the folder that holds this file)."""
DIST = ROOT / "dist"
SITE = ROOT / "site"
NODE_MODULES = ROOT / "node_modules"
CACHE = ROOT / "build" / "paisho-site"
"""Scratch space kept between builds (the wheel and its stamp); ignored by git."""
USER_CACHE = Path(
    os.environ.get("PAISHO_CACHE_DIR")
    or Path(os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")) / "paisho-site"
)
"""Cache shared by every clone of the project on this machine (the memory snapshots, by
the digest of their inputs): a fresh clone reuses what another one made.  ``$PAISHO_CACHE_DIR``
moves it; deleting it is always safe."""


TICK_SECONDS = 10.0
"""A long step repeats what it is doing, with its elapsed seconds, after this long without
a line from the build (:func:`heartbeat`): the last line on screen is never stale."""

_lock = threading.Lock()
_active: list[Step] = []
"""The running steps, outermost first (``build`` holds ``memory snapshot``…)."""
_last_line = time.monotonic()
"""When the build last printed a line (:func:`log`)."""
_ticker: threading.Thread | None = None


def log(message: str) -> None:
    """Print one progress line of the build."""
    global _last_line
    with _lock:
        print(f"[build] {message}", flush=True)
        _last_line = time.monotonic()


def start_line(name: str) -> str:
    """What a step prints as it starts: ``memory snapshot …``."""
    return f"{name} …"


def progress_line(name: str, doing: str, seconds: float) -> str:
    """What a running step is doing, with its elapsed seconds:
    ``memory snapshot: compressing 30.1 MiB (brotli) … 45 s``."""
    return f"{name}: {doing or 'still running'} … {seconds:.0f} s"


def done_line(name: str, seconds: float, failed: bool = False) -> str:
    """What a step prints as it ends: ``wheel: 0.1 s`` (``wheel: failed after 0.1 s``)."""
    return f"{name}: {'failed after ' if failed else ''}{seconds:.1f} s"


class Step:
    """One running build step: its name, when it started and what it is doing now."""

    def __init__(self, name: str) -> None:
        """Start the step ``name`` now, doing nothing in particular yet."""
        self.name = name
        self.started = time.monotonic()
        self.doing = ""

    def elapsed(self, now: float | None = None) -> float:
        """Seconds since the step started (until ``now``, a :func:`time.monotonic` value)."""
        return (time.monotonic() if now is None else now) - self.started

    def progress(self, now: float | None = None) -> str:
        """Its :func:`progress_line`."""
        return progress_line(self.name, self.doing, self.elapsed(now))


@contextmanager
def step(name: str) -> Iterator[Step]:
    """Run one build step: log ``name`` as it starts and with its elapsed seconds as it
    ends; meanwhile :func:`say` tells what it is doing and :func:`heartbeat` repeats that
    every :data:`TICK_SECONDS` of silence (steps nest: the innermost one speaks)."""
    current = Step(name)
    log(start_line(name))
    with _lock:
        _active.append(current)
    _start_ticker()
    failed = True
    try:
        yield current
        failed = False
    finally:
        with _lock:
            _active.remove(current)
        log(done_line(name, current.elapsed(), failed))


def say(doing: str) -> None:
    """Tell what the innermost running step is doing now (logged at once, and repeated
    by :func:`heartbeat` while it lasts), e.g. ``say("compressing (brotli)")``."""
    with _lock:
        current = _active[-1] if _active else None
        if current is not None:
            current.doing = doing
    log(current.progress() if current else doing)


def heartbeat(now: float | None = None) -> str | None:
    """Log the innermost step's :func:`progress_line` if the build printed nothing for
    :data:`TICK_SECONDS` (until ``now``, a :func:`time.monotonic` value); return the line."""
    now = time.monotonic() if now is None else now
    with _lock:
        current = _active[-1] if _active else None
        if current is None or now - _last_line < TICK_SECONDS:
            return None
        line = current.progress(now)
    log(line)
    return line


def _start_ticker() -> None:
    """Start (once) the daemon thread that calls :func:`heartbeat` every second."""
    global _ticker
    with _lock:
        if _ticker is not None:
            return
        _ticker = threading.Thread(target=_tick_forever, name="build-heartbeat", daemon=True)
    _ticker.start()


def _tick_forever() -> None:
    while True:
        time.sleep(1.0)
        heartbeat()


def run(cmd: list[str], cwd: Path = ROOT, check: bool = True) -> int:
    """Run a command, echoing it and its elapsed time; return its exit code (raise if
    ``check`` and non-zero)."""
    print("$ " + " ".join(cmd), flush=True)
    started = time.monotonic()
    code = subprocess.call(cmd, cwd=cwd)
    log(f"{short_command(cmd)}: exit {code}, {time.monotonic() - started:.1f} s")
    if check and code != 0:
        raise SystemExit(f"command failed ({code}): {' '.join(cmd)}")
    return code


def short_command(cmd: list[str]) -> str:
    """``cmd`` without an interpreter's path and ``-m``: ``mypy --strict …``, ``npm ci …``."""
    rest = cmd[2:] if len(cmd) > 2 and cmd[1] == "-m" else cmd
    return " ".join(rest)


def sha256_bytes(data: bytes) -> str:
    """Hex SHA-256 of some bytes."""
    return hashlib.sha256(data).hexdigest()


def tree_files(root: Path) -> list[Path]:
    """Every regular file under ``root``, sorted, as paths relative to ``root``."""
    return sorted(p.relative_to(root) for p in root.rglob("*") if p.is_file())


def hash_tree(root: Path, skip: Callable[[Path], bool] = lambda _: False) -> str:
    """A digest of the names and contents of every file under ``root``."""
    digest = hashlib.sha256()
    for rel in tree_files(root):
        if skip(rel):
            continue
        digest.update(rel.as_posix().encode() + b"\0")
        digest.update((root / rel).read_bytes())
    return digest.hexdigest()
