"""Paths of the project and small helpers every build step uses (logging, running commands,
hashing files).
"""

from __future__ import annotations

import hashlib
import os
import subprocess
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


def log(message: str) -> None:
    """Print one progress line of the build."""
    print(f"[build] {message}", flush=True)


@contextmanager
def step(name: str) -> Iterator[None]:
    """Time one build step: log ``name`` and its elapsed seconds when it ends."""
    started = time.monotonic()
    try:
        yield
    finally:
        log(f"{name}: {time.monotonic() - started:.1f} s")


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
