"""A test build that adds variants living outside the engine (``dist-<name>/``).

:func:`add_variants` copies a built ``dist/`` beside it (hard links: it costs a moment,
not a build) into ``dist-<names>/`` and changes two things there: the wheel also holds
the variants' packages and a module ``paisho_variants`` listing their spec modules
(``<package>.spec``), which :mod:`paisho_core.registry` registers after the shipped
ones; and the pages boot without the memory snapshot, whose interpreter has imported
the shipped registry only.  Nothing else of the site changes: the New game dialog, the
links, the saves and the computer find a variant in the registry.  The copy is for the
tests (``tests/e2e/test_play_toy.py``); it is never deployed.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
from collections.abc import Sequence
from pathlib import Path

from .wheel import SITE_PACKAGES, write_wheel

_SNAPSHOT_LINE = re.compile(r'^const SNAPSHOT = .*;$', re.MULTILINE)


def variants_root(dist: Path, packages: Sequence[Path]) -> Path:
    """Where :func:`add_variants` puts the copy: ``dist-<package names>`` beside ``dist``."""
    return dist.with_name(f"{dist.name}-{'-'.join(p.name for p in packages)}")


def registration(packages: Sequence[Path]) -> str:
    """The source of ``paisho_variants``: the spec module of each package."""
    names = "".join(f'    "{p.name}.spec",\n' for p in packages)
    return (
        '"""The variants this build adds to the registry (``paisho_core.registry.EXTRA``)."""\n'
        f"\nVARIANTS = (\n{names})\n"
    )


def _replace(path: Path, data: bytes) -> None:
    """Write ``data`` at ``path`` without touching the file it may be a hard link to."""
    path.unlink()
    path.write_bytes(data)


def add_variants(dist: Path, packages: Sequence[Path]) -> Path:
    """Copy the built ``dist`` to :func:`variants_root` with ``packages`` (variant
    package folders, each with a ``spec.py``) in its wheel; return the copy."""
    for package in packages:
        if not (package / "spec.py").is_file():
            raise SystemExit(f"{package}: a variant package needs a spec.py")
    target = variants_root(dist, packages)
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(dist, target, copy_function=os.link)
    config = json.loads((target / "pyscript.json").read_text(encoding="utf-8"))
    wheels = [p for p in config.get("packages", []) if str(p).endswith(".whl")]
    if len(wheels) != 1:
        raise SystemExit(f"{dist}/pyscript.json: expected one wheel, found {wheels}")
    with tempfile.TemporaryDirectory() as out:
        made = write_wheel(Path(out), SITE_PACKAGES, packages,
                           {"paisho_variants.py": registration(packages)})
        _replace(target / str(wheels[0]).removeprefix("./"), made.read_bytes())
    interpreter = target / "pyodide" / "interpreter.mjs"
    text = interpreter.read_text(encoding="utf-8")
    _replace(interpreter, _SNAPSHOT_LINE.sub("const SNAPSHOT = null;", text, count=1).encode())
    return target
