"""The wheels, built reproducibly with the standard library alone (no build backend needed).

Two wheels are made from one writer, both of the distribution ``paisho-core`` named in
``pyproject.toml``: the **engine's** (the package ``paisho_core`` alone: what a Python
user installs, as ``pip install .`` gives) and the **site's** (the engine and the page
logic, ``paisho_page``, in one file, so a page fetches one wheel).
"""

from __future__ import annotations

import base64
import hashlib
import shutil
import zipfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import MappingProxyType

from .common import CACHE, ROOT, hash_tree, log, tree_files


def engine_sources_hash() -> str:
    """A digest of everything that goes into the wheel."""
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes())
    digest.update(Path(__file__).read_bytes())  # how the wheel is written
    readme = ROOT / "README.md"
    digest.update(readme.read_bytes() if readme.is_file() else b"")
    for package in SITE_PACKAGES:
        digest.update(hash_tree(ROOT / package, lambda p: "__pycache__" in p.parts).encode())
    return digest.hexdigest()


ENGINE_PACKAGES = ("paisho_core",)
"""What the engine's wheel holds: the rules engine and nothing of the page."""

SITE_PACKAGES = ("paisho_core", "paisho_page")
"""What the site's wheel holds: the engine and the page logic."""


def build_wheel() -> Path:
    """Build the site's wheel (reusing the last one if no source changed).

    The wheel is written with the standard library alone (:func:`write_wheel`), so
    ``build`` and ``serve`` need no package installed: a fresh machine with Python and
    Node serves the site.  ``tests/engine/test_cli.py`` installs the engine's with pip to prove it.
    """
    out = CACHE / "wheel"
    stamp = CACHE / "wheel.stamp"
    wanted = engine_sources_hash()
    existing = sorted(out.glob("*.whl")) if out.is_dir() else []
    if len(existing) == 1 and stamp.is_file() and stamp.read_text() == wanted:
        return existing[0]
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    log("building the wheel")
    wheel = write_wheel(out, SITE_PACKAGES)
    stamp.write_text(wanted)
    return wheel


WHEEL_TIME = (1980, 1, 1, 0, 0, 0)
"""Every member's timestamp, so the same sources give the same wheel bytes."""


def project_metadata() -> dict[str, object]:
    """The ``[project]`` table of ``pyproject.toml``."""
    import tomllib

    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    project: dict[str, object] = data["project"]
    return project


def wheel_metadata(project: dict[str, object]) -> str:
    """The ``METADATA`` file (core metadata 2.3) of the wheel."""
    lines = [
        "Metadata-Version: 2.3",
        f"Name: {project['name']}",
        f"Version: {project['version']}",
        f"Summary: {project['description']}",
        f"License: {project['license']}",
        f"Requires-Python: {project['requires-python']}",
    ]
    for author in project.get("authors", []):  # type: ignore[attr-defined]
        lines.append(f"Author: {author['name']}")
    for classifier in project.get("classifiers", []):  # type: ignore[attr-defined]
        lines.append(f"Classifier: {classifier}")
    extras = project.get("optional-dependencies", {})
    for extra, requirements in extras.items():  # type: ignore[attr-defined]
        lines.append(f"Provides-Extra: {extra}")
        lines.extend(f"Requires-Dist: {req}; extra == '{extra}'" for req in requirements)
    readme = ROOT / "README.md"
    body = readme.read_text(encoding="utf-8") if readme.is_file() else "# paisho-core\n"
    lines.append("Description-Content-Type: text/markdown")
    return "\n".join(lines) + "\n\n" + body


def write_wheel(
    out: Path,
    packages: tuple[str, ...] = ENGINE_PACKAGES,
    extra: Sequence[Path] = (),
    modules: Mapping[str, str] = MappingProxyType({}),
) -> Path:
    """Write a pure-Python wheel of ``packages`` into ``out``; return its path.

    It is named and described by ``pyproject.toml``; by default it holds the engine alone.
    ``extra`` are more package folders, anywhere, put at the top level under their own
    names, and ``modules`` top-level modules given as text (file name → source): what a
    test build adds (:mod:`sitebuild.variants`).

    Sorted members, fixed timestamps, ``py3-none-any`` (the package is pure Python and
    ``requires-python`` rules out Python 2), a ``RECORD`` with SHA-256 digests.
    """

    project = project_metadata()
    name = str(project["name"]).replace("-", "_")
    version = str(project["version"])
    dist_info = f"{name}-{version}.dist-info"
    files: list[tuple[str, bytes]] = []
    for package in packages:
        for rel in tree_files(ROOT / package):
            if "__pycache__" in rel.parts or rel.suffix == ".pyc":
                continue
            files.append((f"{package}/{rel.as_posix()}", (ROOT / package / rel).read_bytes()))
    for folder in extra:
        for rel in tree_files(folder):
            if "__pycache__" not in rel.parts and rel.suffix != ".pyc":
                files.append((f"{folder.name}/{rel.as_posix()}", (folder / rel).read_bytes()))
    files += [(name, source.encode()) for name, source in sorted(modules.items())]
    scripts = project.get("scripts", {})
    entry_points = "[console_scripts]\n" + "".join(
        f"{key} = {value}\n" for key, value in scripts.items()  # type: ignore[attr-defined]
    )
    generator = "Generator: paisho build.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    files += [
        (f"{dist_info}/METADATA", wheel_metadata(project).encode()),
        (f"{dist_info}/WHEEL", ("Wheel-Version: 1.0\n" + generator).encode()),
        (f"{dist_info}/entry_points.txt", entry_points.encode()),
    ]
    licence = ROOT / "LICENSE"
    if licence.is_file():
        files.append((f"{dist_info}/licenses/LICENSE", licence.read_bytes()))
    record = []
    for arcname, data in files:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{arcname},sha256={digest},{len(data)}")
    record.append(f"{dist_info}/RECORD,,")
    files.append((f"{dist_info}/RECORD", ("\n".join(record) + "\n").encode()))
    wheel = out / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for arcname, data in files:
            info = zipfile.ZipInfo(arcname, WHEEL_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return wheel
