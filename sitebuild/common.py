"""Paths of the project and small helpers every build step uses (logging, running commands,
hashing files).
"""

from __future__ import annotations

import hashlib
import subprocess
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
"""The repository root (the folder that holds this file)."""
DIST = ROOT / "dist"
SITE = ROOT / "site"
NODE_MODULES = ROOT / "node_modules"
CACHE = ROOT / "build" / "paisho-site"
"""Scratch space kept between builds (the wheel and its stamp); ignored by git."""


def log(message: str) -> None:
    """Print one progress line of the build."""
    print(f"[build] {message}", flush=True)


def run(cmd: list[str], cwd: Path = ROOT, check: bool = True) -> int:
    """Run a command, echoing it; return its exit code (raise if ``check`` and non-zero)."""
    print("$ " + " ".join(cmd), flush=True)
    code = subprocess.call(cmd, cwd=cwd)
    if check and code != 0:
        raise SystemExit(f"command failed ({code}): {' '.join(cmd)}")
    return code


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
